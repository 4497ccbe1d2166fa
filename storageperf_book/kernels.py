"""The kernel manager every notebook the book's code executes runs under: its client never leaves a reply unread.

nbclient reads a kernel's messages through ``zmq.asyncio`` sockets, which learn that a message has arrived from the
socket's edge-triggered ``ZMQ_FD``: any call into libzmq on the socket consumes that wake-up, so pyzmq looks at the
socket's events again after each of its own sends and receives. jupyter_client's ``Session.send`` does not send
through the asyncio socket but through a raw shadow of it, and pyzmq does not look again after that. nbclient sends on
the shell channel while it waits for a cell's ``execute_reply``: the ``comm_msg`` of each ipywidgets ``Output`` the
cell updates (a chapter's calculators have them). A reply that arrives during that send is queued in the client's
socket, but nothing wakes the wait for it: the kernel is idle, and the client sleeps until the cell's timeout
(600 s in a test), when a last poll finds the reply and the run goes on as if nothing happened. It is the race of
ipykernel #1554 (a raw send on the kernel's shell ROUTER socket drops the ZMQStream's wake-up) on the client's side of
the channel; the transport (TCP or IPC) makes no difference. :class:`KernelClient`'s channels ask their socket for its
events after every send, which has ``zmq.asyncio`` hand what is queued to whoever waits for it, as its own sends do.
"""
from __future__ import annotations

import zmq
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.manager import AsyncKernelManager
from traitlets import DottedObjectName, Type


class _Channel(AsyncZMQSocketChannel):
    """A channel whose socket looks at its events after each send, so a send never hides a message that came in."""

    def send(self, msg):
        super().send(msg)
        if self.socket is not None and not self.socket.closed:
            # zmq.asyncio's get(EVENTS) schedules the waiting receivers when a message is queued
            self.socket.get(zmq.EVENTS)


class KernelClient(AsyncKernelClient):
    """nbclient's asynchronous client, with the channels it sends on replaced by :class:`_Channel`."""

    shell_channel_class = Type(_Channel)
    control_channel_class = Type(_Channel)
    stdin_channel_class = Type(_Channel)


class KernelManager(AsyncKernelManager):
    """The manager of each kernel the book's code starts (``NotebookClient(kernel_manager_class=KernelManager)``, or
    ``km=KernelManager(...)``): its clients are :class:`KernelClient`."""

    client_class = DottedObjectName(f"{__name__}.KernelClient")
    # AsyncKernelManager's factory is its own client, whatever client_class says
    client_factory = Type(KernelClient, klass=AsyncKernelClient)
