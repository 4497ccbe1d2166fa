"""The book's kernels (storageperf_book.kernels): a reply that arrives while the client sends is read at once, and
every notebook client the book's code, tools and tests make runs its kernel under the book's kernel manager."""
import ast
import asyncio
from pathlib import Path

import zmq
import zmq.asyncio
from jupyter_client.session import Session

from storageperf_book import kernels

ROOT = Path(__file__).resolve().parent.parent


async def _reply_read_after_a_send(channel_class):
    """Whether a waiting read on a ``channel_class`` channel gets a reply whose wake-up a raw call took, once the
    channel sends: the race of the shell channel (a reply lands while nbclient sends an Output widget's comm_msg),
    made to happen every time by taking the wake-up with a blocking raw poll before the loop can see it."""
    session = Session(key=b"test")
    kernel_context, client_context = zmq.Context(), zmq.asyncio.Context()
    kernel = kernel_context.socket(zmq.ROUTER)
    port = kernel.bind_to_random_port("tcp://127.0.0.1")
    channel = channel_class(client_context.socket(zmq.DEALER), session)
    channel.socket.connect(f"tcp://127.0.0.1:{port}")
    try:
        channel.send(session.msg("execute_request", {"code": ""}))
        identities, request = session.feed_identities(kernel.recv_multipart())
        waiting = asyncio.ensure_future(channel.get_msg())
        for _ in range(20):
            await asyncio.sleep(0)
        assert not waiting.done()
        session.send(kernel, "execute_reply", {"status": "ok"}, parent=session.deserialize(request),
                     ident=identities)
        # blocks until the reply is queued on the client's socket, and consumes its wake-up, as a raw send does
        assert zmq.Socket.shadow(channel.socket.underlying).poll(60_000) == zmq.POLLIN
        channel.send(session.msg("comm_msg", {"comm_id": "output", "data": {}}))
        for _ in range(200):
            if waiting.done():
                break
            await asyncio.sleep(0)
        done = waiting.done() and waiting.result()["msg_type"] == "execute_reply"
        waiting.cancel()
        return done
    finally:
        channel.close()
        kernel.close(linger=0)
        client_context.term()
        kernel_context.term()


def test_a_reply_that_arrives_while_the_client_sends_is_read_without_waiting_for_the_timeout():
    assert asyncio.run(_reply_read_after_a_send(kernels.KernelClient.shell_channel_class.default_value))


def test_the_book_kernel_managers_clients_look_again_after_each_send_on_every_channel_they_send_on():
    client = kernels.KernelManager(kernel_name="python3").client()
    assert isinstance(client, kernels.KernelClient)
    for name in ("shell", "control", "stdin"):
        assert issubclass(getattr(client, f"{name}_channel_class"), kernels._Channel), name


def test_every_notebook_client_the_book_makes_runs_its_kernel_under_the_books_kernel_manager():
    # one way to start a kernel: a NotebookClient (or MyST-NB's) built without it gets nbclient's own client back
    bare = []
    for folder in ("storageperf_book", "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("NotebookClient") \
                        and not {k.arg for k in node.keywords} & {"kernel_manager_class", "km"}:
                    bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bare, bare
