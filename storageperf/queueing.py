"""Queue depth, IOPS and latency: Little's law.

In a steady state the number of I/Os in flight equals the rate at which they complete times how long each one
takes, ``L = lambda x W`` [1]_. A load generator such as fio keeps ``jobs x iodepth`` I/Os in flight, so once
the storage settles, any two of outstanding I/O, IOPS and latency fix the third.

References
----------
.. [1] J. D. C. Little, "A Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 383-387, 1961.
"""
from __future__ import annotations

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
