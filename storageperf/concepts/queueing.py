"""Queue depth, IOPS and latency: Little's law, a closed loop's bounds, and latency as load grows.

In a steady state the number of I/Os in flight equals the rate at which they complete times how long each one
takes, ``L = lambda x W`` [1]_. A load generator such as fio keeps ``jobs x iodepth`` I/Os in flight, so once
the storage settles, any two of outstanding I/O, IOPS and latency fix the third.

References
----------
.. [1] J. D. C. Little, "A Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 383-387, 1961.
.. [2] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", Prentice-Hall,
   1984, chapter 5 (asymptotic bounds for a closed system with no think time) and chapter 6 (response time of an
   open queue, R = S / (1 - U)).
"""
from __future__ import annotations

import numpy as np

from .. import checks
from . import bounds, units


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
    jobs = checks.counts("jobs", jobs, 1)
    qd = checks.counts("queue_depth", queue_depth, 1)
    return checks.scalar_or_array(jobs * qd)


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
    rate = checks.positive("iops", iops, "IOPS")
    l = checks.positive("outstanding", outstanding)
    return checks.scalar_or_array(l / rate * units.MS_PER_S)


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
    l = checks.positive("outstanding", outstanding)
    w = checks.positive("latency_ms", latency_ms, "ms")
    return checks.scalar_or_array(l / w * units.MS_PER_S)


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
    l = checks.positive("outstanding", outstanding)
    w = checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    x = checks.positive("max_iops", max_iops, "IOPS")
    l, w, x = checks.together(outstanding=l, light_load_latency_ms=w, max_iops=x)
    return checks.scalar_or_array(closed_loop_ops(l, w, {"storage": x})["ops_per_s"])


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


#: Knee exponents :func:`fit_load_curve` tries (a design choice: 1, a single queue, to 10, a near-vertical wall).
SHARPNESS_GRID = np.round(np.arange(0.5, 10.01, 0.05), 2)
#: :func:`fit_load_curve` looks for Xmax between the largest measured load and this many times it.
XMAX_GRID_SPAN = 3.0


def latency_under_load_ms(ops_per_s, light_load_latency_ms, max_ops_per_s, sharpness=1.0):
    """Response time of a storage system at an offered load below its capacity.

    Parameters
    ----------
    ops_per_s : float or array-like
        Offered load, at least 0 and below ``max_ops_per_s``. [ops/s]
    light_load_latency_ms : float or array-like
        Response time when nothing queues, greater than 0. [ms]
    max_ops_per_s : float or array-like
        Load at which the response time grows without bound, greater than 0. [ops/s]
    sharpness : float or array-like
        Exponent ``k`` of the knee, greater than 0; 1 is a single open queue (M/M/1). [-]

    Returns
    -------
    float or numpy.ndarray
        ``R0 / (1 - (X / Xmax) ** k)``. [ms]

    Notes
    -----
    With ``k = 1`` this is the response time of an open single-server queue at utilisation ``X / Xmax`` [2]_.
    Storage with many servers in parallel (nodes, disks, network queues) keeps its latency flat longer and turns
    up more abruptly; a larger ``k`` describes that without modelling the servers. It is a description of a
    measured curve, fitted by :func:`fit_load_curve`, not a prediction from first principles; at or above
    ``Xmax`` the offered load cannot be served and the function refuses it.

    Examples
    --------
    At half of capacity a single queue doubles the light-load latency:

    >>> latency_under_load_ms(25_000, 0.4, 50_000)
    0.8
    """
    x = checks.in_range("ops_per_s", ops_per_s, 0, np.inf, "ops/s")
    r0 = checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    xmax = checks.positive("max_ops_per_s", max_ops_per_s, "ops/s")
    k = checks.positive("sharpness", sharpness)
    if np.any(x >= xmax):
        raise ValueError(f"ops_per_s must be below max_ops_per_s ({np.min(xmax):g} ops/s), got "
                         f"{checks._show(ops_per_s)}")
    return checks.scalar_or_array(r0 / (1 - (x / xmax) ** k))



def ops_at_latency(latency_ms, light_load_latency_ms, max_ops_per_s, sharpness=1.0):
    """The load at which :func:`latency_under_load_ms` reaches a latency: ``Xmax (1 - R0 / R) ** (1 / k)``.

    Parameters
    ----------
    latency_ms : float or array-like
        Latency bound, at least ``light_load_latency_ms``. [ms]
    light_load_latency_ms, max_ops_per_s, sharpness
        As in :func:`latency_under_load_ms`.

    Returns
    -------
    float or numpy.ndarray
        Highest load whose response time is at most ``latency_ms``. [ops/s]

    Examples
    --------
    >>> ops_at_latency(0.8, 0.4, 50_000)
    25000.0
    """
    r0 = checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    r = checks.in_range("latency_ms", latency_ms, float(np.min(r0)), np.inf, "ms",
                         "(light_load_latency_ms or more)")
    xmax = checks.positive("max_ops_per_s", max_ops_per_s, "ops/s")
    k = checks.positive("sharpness", sharpness)
    return checks.scalar_or_array(xmax * (1 - r0 / r) ** (1 / k))



def measured_ops_at_latency(latency_ms, ops_per_s, measured_latency_ms):
    """The load a measured curve carries at a latency, by straight lines between its points.

    Parameters
    ----------
    latency_ms : float
        Latency bound. [ms]
    ops_per_s, measured_latency_ms : array-like
        The measured curve: loads and their latencies, latency rising with load. [ops/s], [ms]

    Returns
    -------
    float
        The load at ``latency_ms``, interpolated between the two measured points around it; NaN when the bound is
        outside the measured latencies (the curve says nothing there). [ops/s]

    Notes
    -----
    Unlike :func:`ops_at_latency` on a fitted curve, this adds nothing to the measurements: it is what the chart
    says, read between two of its points.

    Examples
    --------
    >>> measured_ops_at_latency(2.0, [40_000, 45_000, 49_500], [1.05, 1.65, 2.45])
    46968.75
    """
    bound = checks.positive("latency_ms", latency_ms, "ms", one=True)
    x = checks.positive("ops_per_s", ops_per_s, "ops/s")
    r = checks.positive("measured_latency_ms", measured_latency_ms, "ms")
    if x.shape != r.shape or x.ndim != 1 or len(x) < 2:
        raise ValueError("ops_per_s and measured_latency_ms must be lists of the same length, at least 2")
    order = np.argsort(x)
    x, r = x[order], np.maximum.accumulate(r[order])
    if not r[0] <= bound <= r[-1]:
        return float("nan")
    return float(np.interp(bound, r, x))


def fit_load_curve(ops_per_s, latency_ms):
    """Fit :func:`latency_under_load_ms` to a measured latency-versus-load curve.

    Parameters
    ----------
    ops_per_s : array-like
        Measured loads, greater than 0. [ops/s]
    latency_ms : array-like
        Measured response times, greater than 0, same length; at least two above the smallest. [ms]

    Returns
    -------
    dict
        ``light_load_latency_ms`` (the smallest measured latency), ``max_ops_per_s`` and ``sharpness``.

    Notes
    -----
    ``R0`` is the curve's smallest latency. ``k`` and ``Xmax`` minimise the squared error of ``log R`` (so a
    relative error counts the same at 0.3 ms and at 6 ms), searched on a grid: ``k`` from :data:`SHARPNESS_GRID`,
    ``Xmax`` from just above the largest measured load (every measured load must be servable) to
    :data:`XMAX_GRID_SPAN` times it. A grid, not a solver, so the fit is the same on every machine.

    Examples
    --------
    Three points of a single queue with R0 = 0.4 ms and Xmax = 50,000 ops/s give those parameters back:

    >>> fit = fit_load_curve([1, 25_000, 40_000], [0.4, 0.8, 2.0])
    >>> round(fit["max_ops_per_s"], -2), fit["sharpness"]
    (50000.0, 1.0)
    """
    x = checks.positive("ops_per_s", ops_per_s, "ops/s")
    r = checks.positive("latency_ms", latency_ms, "ms")
    if x.shape != r.shape or x.ndim != 1:
        raise ValueError(f"ops_per_s and latency_ms must be 1-d and of the same length, got shapes {x.shape} "
                         f"and {r.shape}")
    r0 = r.min()
    if (r > r0).sum() < 2:
        raise ValueError(f"latency_ms must have at least two values above its smallest ({r0:g} ms), got "
                         f"{int((r > r0).sum())}")
    k = SHARPNESS_GRID[:, None, None]
    xmax = (x.max() * (1 + np.geomspace(1e-3, XMAX_GRID_SPAN - 1, 400)))[None, :, None]
    model = r0 / (1 - (x[None, None, :] / xmax) ** k)
    sse = ((np.log(model) - np.log(r)[None, None, :]) ** 2).sum(axis=2)
    i, j = np.unravel_index(np.argmin(sse), sse.shape)
    return {"light_load_latency_ms": float(r0), "max_ops_per_s": float(xmax[0, j, 0]),
            "sharpness": float(SHARPNESS_GRID[i])}



def scaled_curve(fit, volumes):
    """One volume's fitted curve, scaled to several volumes: ``Xmax`` times the volumes, ``R0`` and ``k`` kept.

    Parameters
    ----------
    fit : dict
        A result of :func:`fit_load_curve` for one volume.
    volumes : int
        Number of volumes sharing the load evenly, at least 1. [-]

    Returns
    -------
    dict
        The same keys as ``fit``.

    Notes
    -----
    The module's claim, "by simply adding # of Volumes to ANF, maximum throughput can scale linearly, and still
    maintaining low response time" [1]_, made a prediction: each volume carries ``X / volumes`` at the latency one
    volume has at that load.

    Examples
    --------
    >>> scaled_curve({"light_load_latency_ms": 0.4, "max_ops_per_s": 50_000, "sharpness": 2.0}, 5)["max_ops_per_s"]
    250000.0
    """
    n = checks.counts("volumes", volumes, 1, one=True)
    checks.mapping("fit", fit, ("max_ops_per_s",))
    return {**fit, "max_ops_per_s": float(fit["max_ops_per_s"] * n)}




def closed_loop_ops(outstanding, light_load_latency_ms, ceilings):
    """Throughput and mean latency of a closed loop against several ceilings, and which one binds.

    Parameters
    ----------
    outstanding : float or array-like
        Requests kept in flight (client threads), greater than 0. [-]
    light_load_latency_ms : float or array-like
        Response time when nothing queues, greater than 0. [ms]
    ceilings : dict
        ``{name: ops/s}``, each greater than 0 or ``inf``, broadcastable with ``outstanding``. [1/s]

    Returns
    -------
    dict
        ``ops_per_s`` [1/s]; ``binding``: ``"clients"`` or a ceiling's name; ``mean_latency_ms`` (``outstanding /
        ops``, Little's law) and ``wait_ms`` (``mean latency - light-load latency``, the mean time queued) [ms].

    Notes
    -----
    The asymptotic bounds of a closed system [2]_, :func:`closed_loop_iops` with any number of ceilings: ``ops =
    min(outstanding / light-load latency, ceilings)``. Below the knee no request waits; above it every request
    added waits, so the mean latency grows by ``1 / ceiling`` a request. Real systems bend before the knee (P95
    rises first); this gives the asymptotes.

    Examples
    --------
    256 client threads at 1.85 ms against a 46,900 ops/s ceiling: the ceiling binds and each read waits 3.6 ms:

    >>> r = closed_loop_ops(256, 1.85, {"throttle": 46_900})
    >>> round(r["ops_per_s"]), r["binding"], round(r["wait_ms"], 2)
    (46900, 'throttle', 3.61)
    """
    n = checks.positive("outstanding", outstanding)
    z = checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    if not isinstance(ceilings, dict) or "clients" in ceilings:
        raise checks.InputError(f"ceilings must be a dict of name: ops/s without the name 'clients', got {ceilings!r}")
    limits = {"clients": n / z * units.MS_PER_S}
    for name, value in ceilings.items():
        v = np.asarray(value, dtype=float)
        if np.any(np.isnan(v)) or np.any(v <= 0):
            raise ValueError(f"ceilings[{name!r}] must be greater than 0 or inf, got {checks._show(value)}")
        limits[name] = v
    checks.together(outstanding=n, light_load_latency_ms=z, **{f"ceilings[{k!r}]": v for k, v in ceilings.items()})
    ops, binding = bounds.tightest(limits)
    mean = n / ops * units.MS_PER_S
    return {"ops_per_s": ops, "binding": binding, "mean_latency_ms": checks.scalar_or_array(mean),
            "wait_ms": checks.scalar_or_array(np.maximum(0.0, mean - z))}



def mixture_percentile_ms(q, base_ms, io_share, io_ms, wait_ms):
    """The q-th percentile latency when only a share of the requests does I/O and bears all the waiting.

    Parameters
    ----------
    q : float
        The percentile as a fraction, greater than 0 and below 1 (0.5 for P50, 0.95 for P95). [-]
    base_ms : float or array-like
        The time every request takes, I/O or not, at least 0. [ms]
    io_share : float or array-like
        Share of the requests that issue I/O, greater than 0 and at most 1. [-]
    io_ms : float or array-like
        The I/O time, averaged over all requests (a request that does no I/O counting 0), at least 0. [ms]
    wait_ms : float or array-like
        The mean wait in a queue, averaged over all requests, at least 0. [ms]

    Returns
    -------
    float or numpy.ndarray
        ``base`` where ``io_share <= 1 - q``; otherwise
        ``base + io_ms / s + (wait_ms / s) ln(s / (1 - q))`` with ``s = io_share``. [ms]

    Notes
    -----
    A share ``1 - s`` of the requests finds what it needs in memory and takes ``base``; the others take ``base``,
    their I/O, ``io_ms / s`` each, and the whole wait, ``wait_ms / s`` each on average (Little's law keeps the mean
    over all requests), spread exponentially. While the requests that do no I/O are more than ``q`` of the whole,
    the q-th percentile is one of them; above that it is the ``(q - (1 - s)) / s`` quantile of the I/O requests,
    whose exponential wait gives the logarithm. A mixture of two kinds of request, not a queueing result: the spread
    of the wait is an assumption, which a fitted coefficient on each term (as the Cassandra chapter's) relaxes.

    Examples
    --------
    With 35 % of the requests doing I/O, P50 is a request that did none; P95 is one that did, and waited:

    >>> [round(mixture_percentile_ms(q, 1.0, 0.35, 1.0, 2.0), 2) for q in (0.5, 0.95)]
    [1.0, 14.98]
    """
    if np.ndim(q) or checks.in_range("q", q, 0.0, 1.0, "(a fraction)", low_open=True) >= 1:
        raise ValueError(f"q must be one number below 1, got {checks._show(q)}")
    q = float(q)
    base = checks.in_range("base_ms", base_ms, 0.0, np.inf, "ms")
    s = checks.in_range("io_share", io_share, 0.0, 1.0, "(a fraction)", low_open=True)
    io = checks.in_range("io_ms", io_ms, 0.0, np.inf, "ms")
    wait = checks.in_range("wait_ms", wait_ms, 0.0, np.inf, "ms")
    tail = 1 - q
    issues = s > tail
    spread = np.log(np.where(issues, s, tail) / tail)
    return checks.scalar_or_array(base + np.where(issues, (io + wait * spread) / s, 0.0))
