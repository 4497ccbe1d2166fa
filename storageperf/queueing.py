"""Queue depth, IOPS and latency: Little's law.

In a steady state the number of I/Os in flight equals the rate at which they complete times how long each one
takes, ``L = lambda x W`` [1]_. A load generator such as fio keeps ``jobs x iodepth`` I/Os in flight, so once
the storage settles, any two of outstanding I/O, IOPS and latency fix the third.

References
----------
.. [1] J. D. C. Little, "A Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 383-387, 1961.
.. [2] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", Prentice-Hall,
   1984, chapter 5 (asymptotic bounds for a closed system with no think time).
"""
from __future__ import annotations

import numpy as np

from . import _checks, units




def outstanding_io(jobs, queue_depth):
    """I/Os a load generator keeps in flight.

    Parameters
    ----------
    jobs : int or array-like
        Concurrent jobs (threads or processes), at least 1. [-]
    queue_depth : int or array-like
        I/Os each job keeps outstanding (fio ``iodepth``), at least 1. [-]

    Returns
    -------
    float or numpy.ndarray
        ``jobs x queue_depth``. [-]

    Examples
    --------
    The cool-access job-scale test: 16 jobs at queue depth 15.

    >>> outstanding_io(16, 15)
    240.0
    """
    jobs = _checks.in_range("jobs", jobs, 1, float("inf"))
    qd = _checks.in_range("queue_depth", queue_depth, 1, float("inf"))
    return _checks.scalar_or_array(jobs * qd)


def littles_law_latency_ms(iops, outstanding):
    """Mean latency implied by a number of I/Os in flight and the rate they complete.

    Parameters
    ----------
    iops : float or array-like
        Completed operations per second, greater than 0. [1/s]
    outstanding : float or array-like
        Mean number of I/Os in flight, greater than 0 (see :func:`outstanding_io`). [-]

    Returns
    -------
    float or numpy.ndarray
        Mean latency. [ms]

    Notes
    -----
    ``W = L / lambda``. Holds for means over a long enough, steady window; it does not give percentiles (P95),
    and it includes time queued in the client as well as in the storage.

    Examples
    --------
    64 I/Os in flight completing at 32,000 IOPS wait 2 ms each:

    >>> littles_law_latency_ms(32_000, 64)
    2.0
    """
    rate = _checks.positive("iops", iops, "IO/s")
    l = _checks.positive("outstanding", outstanding)
    return _checks.scalar_or_array(l / rate * units.MS_PER_S)


def littles_law_iops(outstanding, latency_ms):
    """Operations per second that a number of I/Os in flight sustains at a given latency.

    Parameters
    ----------
    outstanding : float or array-like
        Mean number of I/Os in flight, greater than 0. [-]
    latency_ms : float or array-like
        Mean latency of one I/O, greater than 0. [ms]

    Returns
    -------
    float or numpy.ndarray
        Operations per second. [1/s]

    Notes
    -----
    ``lambda = L / W``: with a fixed number of I/Os in flight, halving latency doubles IOPS. This is why a
    single-threaded client is latency-bound long before it reaches the storage's limit.

    Examples
    --------
    One outstanding I/O at 0.5 ms completes 2,000 a second:

    >>> littles_law_iops(1, 0.5)
    2000.0
    """
    l = _checks.positive("outstanding", outstanding)
    w = _checks.positive("latency_ms", latency_ms, "ms")
    return _checks.scalar_or_array(l / w * units.MS_PER_S)


def closed_loop_iops(outstanding, light_load_latency_ms, max_iops):
    """IOPS of a client that keeps a fixed number of I/Os in flight, against storage with an IOPS limit.

    Parameters
    ----------
    outstanding : float or array-like
        I/Os kept in flight (jobs x queue depth), greater than 0. [-]
    light_load_latency_ms : float or array-like
        Latency of one I/O when nothing queues, greater than 0. [ms]
    max_iops : float or array-like
        The storage's (or the path's) IOPS limit, greater than 0. [1/s]

    Returns
    -------
    float or numpy.ndarray
        Operations per second. [1/s]

    Notes
    -----
    The asymptotic bounds of a closed system with no think time [2]_:
    ``iops = min(outstanding / light_load_latency, max_iops)``. Below the knee,
    ``outstanding = max_iops x light_load_latency``, more I/O in flight buys more IOPS at the same latency;
    above it, IOPS stays at the limit and every extra I/O in flight only waits (see
    :func:`closed_loop_latency_ms`). Real systems bend smoothly around the knee; the bounds are its asymptotes.

    Examples
    --------
    >>> closed_loop_iops([1, 10, 100], 1.0, 5000)
    array([1000., 5000., 5000.])
    """
    l = _checks.positive("outstanding", outstanding)
    w = _checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    x = _checks.positive("max_iops", max_iops, "IO/s")
    return _checks.scalar_or_array(np.minimum(l / w * units.MS_PER_S, x))


def closed_loop_latency_ms(outstanding, light_load_latency_ms, max_iops):
    """Mean latency of a client that keeps a fixed number of I/Os in flight (see :func:`closed_loop_iops`).

    Returns
    -------
    float or numpy.ndarray
        ``max(light_load_latency, outstanding / max_iops)``, by Little's law on :func:`closed_loop_iops`. [ms]

    Examples
    --------
    >>> closed_loop_latency_ms([1, 10, 100], 1.0, 5000)
    array([ 1.,  2., 20.])
    """
    iops = closed_loop_iops(outstanding, light_load_latency_ms, max_iops)
    return littles_law_latency_ms(iops, outstanding)
