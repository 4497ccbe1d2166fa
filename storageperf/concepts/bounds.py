"""Bounds: a quantity limited by several things at once is the smallest of them, and that one binds.

Every chapter asks the same question of a different path: clients, quota, a volume ceiling, a VM's disk throttle,
a disk's IOPS limit. :func:`tightest` answers it once for all of them; :func:`mixed_iops_limit` is the case of a
read/write mix against separate read and write limits; :func:`by_access_pattern` reads one measured random and one
measured sequential result at another I/O size without blending the two.

References
----------
.. [1] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", Prentice-Hall,
   1984, chapter 5 (bottleneck analysis: the resource with the smallest capacity bounds the system).
"""
from __future__ import annotations

import numpy as np

from .. import checks
from . import units


def tightest(limits):
    """The smallest of several limits on one quantity, and which one it is.

    Parameters
    ----------
    limits : dict
        ``{name: limit}``, each a float or array-like in one unit, broadcastable together; ``inf`` for a limit
        that does not apply. Where two limits tie, the first named binds.

    Returns
    -------
    tuple
        ``(value, binding)``: the smallest limit [the limits' unit] and its name (a str, or an array of str for
        array input).

    Examples
    --------
    >>> tightest({"clients": 2 * 10_000, "volume ceiling": 12_800})
    (12800.0, 'volume ceiling')
    >>> tightest({"clients": [5_000, 20_000], "volume ceiling": 12_800})
    (array([ 5000., 12800.]), array(['clients', 'volume ceiling'], dtype='<U14'))
    """
    if not isinstance(limits, dict) or not limits:
        raise checks.InputError(f"limits must be a non-empty dict of name: limit, got {limits!r}")
    arrays = []
    for name, value in limits.items():
        arr = np.asarray(value, dtype=float)
        if np.any(np.isnan(arr)):
            raise ValueError(f"limits[{name!r}] must be a number or inf, got {value!r}")
        arrays.append(arr)
    stack = np.stack(np.broadcast_arrays(*arrays))
    value = stack.min(axis=0)
    binding = np.asarray(list(limits))[stack.argmin(axis=0)]
    return checks.scalar_or_array(value), (str(binding) if binding.ndim == 0 else binding)


#: The limits :func:`mixed_iops_limit` names, in the order ties are broken.
MIX_LIMITS = ("read IOPS", "write IOPS", "read throughput", "write throughput")
#: The limits :func:`mixed_iops_limit` names when reads and writes share one IOPS budget (``iops_shared=True``).
SHARED_MIX_LIMITS = ("read and write IOPS together", "read throughput", "write throughput")


#: The access patterns :func:`by_access_pattern` reads a ceiling for. A mix of the two is sized as random, the lower.
ACCESS_PATTERNS = ("random", "sequential")


def by_access_pattern(io_kib, access, random, sequential):
    """A ceiling at an I/O size, for an access pattern, from what one random and one sequential test measured.

    Parameters
    ----------
    io_kib : float
        Size of each I/O, greater than 0. [KiB]
    access : {"random", "sequential"}
    random, sequential : tuple
        ``(KiB, MiB/s)``: the I/O size each test ran and the throughput it measured (MiB/s may be an array, e.g. by
        share of reads).

    Returns
    -------
    float or numpy.ndarray
        The ceiling. [MiB/s]

    Notes
    -----
    Random I/O keeps the random test's operations a second below its size and its bytes a second above it (larger
    random I/O is credited with no more bytes than were measured); sequential I/O keeps its test's bytes a second
    above its size and, below it, the lower of those and the random test's operations a second at the size: the
    operation rate and the byte rate each a limit of its own [1]_. So random is never above sequential where the
    sequential test moved more bytes, and a random result is never blended with a sequential one.

    Examples
    --------
    A regular volume's 8 KiB random (3,364 MiB/s) and 64 KiB sequential (4,500 MiB/s) reads, at 32 and 4 KiB:

    >>> by_access_pattern(32, "random", (8, 3364.0), (64, 4500.0))
    3364.0
    >>> by_access_pattern(32, "sequential", (8, 3364.0), (64, 4500.0))
    4500.0
    >>> by_access_pattern(4, "random", (8, 3364.0), (64, 4500.0))
    1682.0
    """
    checks.choice("access", access, ACCESS_PATTERNS)
    io = checks.positive("io_kib", io_kib, "KiB", one=True)
    tests = []
    for name, pair in (("random", random), ("sequential", sequential)):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise checks.InputError(f"{name} must be a pair (KiB, MiB/s), got {pair!r}")
        tests.append((checks.positive(f"{name}[0]", pair[0], "KiB", one=True),
                      checks.positive(f"{name}[1]", pair[1], "MiB/s")))
    (r_kib, r_mibps), (s_kib, s_mibps) = tests
    if access == "random":   # the random test's operations a second, each moving no more than it did
        return checks.scalar_or_array(r_mibps * min(io, r_kib) / r_kib)
    return checks.scalar_or_array(s_mibps if io >= s_kib else np.minimum(s_mibps, r_mibps * io / r_kib))


def mixed_iops_limit(read_share, block_size_kib, read_iops, write_iops, read_mb_per_s, write_mb_per_s, *,
                     iops_shared=False, disk_reads_per_read=1.0, disk_writes_per_write=1.0):
    """The most operations per second a read/write mix gets from separate read and write limits.

    Parameters
    ----------
    read_share : float or array-like
        Share of the operations that are reads, 0 to 1. [-]
    block_size_kib : float or array-like
        Size of every operation, greater than 0. [KiB]
    read_iops, write_iops : float
        Read and write IOPS limits of the device behind, greater than 0. [1/s]
    read_mb_per_s, write_mb_per_s : float
        Read and write throughput limits, greater than 0. [MB/s]
    iops_shared : bool
        False: the read and the write IOPS limits can both be reached at once. True: they cannot; reads and writes
        share one budget, each read using ``1 / read_iops`` of a second and each write ``1 / write_iops``.
    disk_reads_per_read, disk_writes_per_write : float or array-like
        I/Os the device behind sees per read and per write the mix issues, greater than 0 (1: one to one; below 1: a
        cache or coalescing in between). They scale the IOPS terms only: coalescing merges I/Os, not bytes. [-]

    Returns
    -------
    tuple
        ``(iops, binding)``: reads and writes together [1/s], and which of :data:`MIX_LIMITS` (or, shared, of
        :data:`SHARED_MIX_LIMITS`) sets it.

    Notes
    -----
    A mix running at ``X`` operations a second needs ``r X a_r`` read and ``(1 - r) X a_w`` write I/Os of the device
    and ``r X b`` and ``(1 - r) X b`` bytes a second. With separate limits, ``X = min(R_iops / (r a_r), W_iops /
    ((1 - r) a_w), R_MBps / (r b), W_MBps / ((1 - r) b))``, a term dropped where its share is 0. With a shared IOPS
    budget the two IOPS terms become one, ``r X a_r / R_iops + (1 - r) X a_w / W_iops <= 1``: the straight line
    between the two maxima, the least a device that cannot reach both at once must allow if it time-shares them
    (an assumption where the vendor gives no shape).

    Examples
    --------
    80 % reads of 8 KiB against 60,000 read and 30,000 write IOPS and 1,200 and 400 MB/s: with separate limits the
    read IOPS bind at 75,000; if reads and writes share the IOPS budget, 1 / (0.8 / 60,000 + 0.2 / 30,000) = 50,000.

    >>> iops, binding = mixed_iops_limit(0.8, 8, 60_000, 30_000, 1_200, 400)
    >>> round(iops), binding
    (75000, 'read IOPS')
    >>> iops, binding = mixed_iops_limit(0.8, 8, 60_000, 30_000, 1_200, 400, iops_shared=True)
    >>> round(iops), binding
    (50000, 'read and write IOPS together')
    """
    r = checks.fraction("read_share", read_share)
    b = units.convert(checks.positive("block_size_kib", block_size_kib, "KiB"), "KiB", "MB")
    lim = {name: checks.positive(name, v, unit) for name, v, unit in (
        ("read_iops", read_iops, "IOPS"), ("write_iops", write_iops, "IOPS"),
        ("read_mb_per_s", read_mb_per_s, "MB/s"), ("write_mb_per_s", write_mb_per_s, "MB/s"))}
    checks.boolean("iops_shared", iops_shared)
    a_r = checks.positive("disk_reads_per_read", disk_reads_per_read)
    a_w = checks.positive("disk_writes_per_write", disk_writes_per_write)
    r, b, a_r, a_w = np.broadcast_arrays(r, b, a_r, a_w)
    with np.errstate(divide="ignore", over="ignore"):   # a share of 0 costs its limits nothing: they allow inf
        read_bytes, write_bytes = lim["read_mb_per_s"] / (r * b), lim["write_mb_per_s"] / ((1 - r) * b)
        if iops_shared:
            shared = 1 / (r * a_r / lim["read_iops"] + (1 - r) * a_w / lim["write_iops"])
            return tightest(dict(zip(SHARED_MIX_LIMITS, (shared, read_bytes, write_bytes))))
        terms = dict(zip(MIX_LIMITS, (lim["read_iops"] / (r * a_r), lim["write_iops"] / ((1 - r) * a_w),
                                      read_bytes, write_bytes)))
    return tightest(terms)


#: The limits :func:`host_cache_ops_limit` names, in the order ties are broken.
HOST_CACHE_LIMITS = ("cached IOPS", "cached throughput", "uncached IOPS", "uncached throughput")


def host_cache_ops_limit(read_ios, read_kib, hit_ratio, cached, uncached, write_kib=0.0, temp_kib=0.0,
                         cache_reads=True):
    """The most operations per second a VM's cached and uncached disk limits allow, with a host read cache.

    Parameters
    ----------
    read_ios, read_kib : float or array-like
        Disk reads and bytes read per operation, at least 0, before the host cache. [-], [KiB]
    hit_ratio : float or array-like
        Share of those reads the host cache serves, 0 to 1 (ignored when ``cache_reads`` is False). [-]
    cached, uncached : dict
        ``{"iops": ..., "mb_per_s": ...}``: the VM's cached limit (host cache and temporary disk) and the uncached
        path's (the smaller of the VM's uncached limit and the disks' sum), greater than 0. [1/s], [MB/s]
    write_kib : float or array-like
        Bytes written to the data disks per operation, at least 0. [KiB]
    temp_kib : float or array-like
        Bytes written to the temporary disk per operation, at least 0. [KiB]
    cache_reads : bool
        True for data disks with read caching (Azure ``ReadOnly``), False for none (``None``).

    Returns
    -------
    tuple
        ``(ops_per_s, binding)``, one of :data:`HOST_CACHE_LIMITS` (see :func:`tightest`). [1/s]

    Notes
    -----
    Microsoft's accounting [2]_: with read caching, a read the cache serves counts toward the VM's cached limits only;
    a read it misses counts toward both the cached and the uncached limits, and so does every write. Without host
    caching, reads and writes count toward the uncached limits only. The temporary disk shares the cached limits
    ("max cached and temp storage throughput" in the size tables), whatever the data disks' caching. Writes are
    counted in bytes only: a flush or a commit-log write is large and sequential, so its I/O count is small.

    References
    ----------
    .. [2] Microsoft Learn, "Virtual machine and disk performance" (include virtual-machine-disk-performance-2.md),
       2020-10-12: "This read is counted toward both the VM's uncached limit and the VM's cached limit."

    Examples
    --------
    A Standard_DS14_v2 (cached 64,000 IOPS / 512 MB/s; uncached path with four P30: 20,000 IOPS / 768 MB/s) serving
    reads of 2.35 disk I/Os and 64 KiB each: with every read a hit the cached throughput binds; at a 50 % hit ratio
    the misses still cost cached throughput first:

    >>> lim = dict(cached={"iops": 64_000, "mb_per_s": 512}, uncached={"iops": 20_000, "mb_per_s": 768})
    >>> ops, binding = host_cache_ops_limit(2.35, 64, [1.0, 0.5], **lim)
    >>> ops.round(), binding.tolist()
    (array([7812., 7812.]), ['cached throughput', 'cached throughput'])
    >>> host_cache_ops_limit(2.35, 64, 0.0, **lim, cache_reads=False)[1]
    'uncached IOPS'
    """
    ios = checks.in_range("read_ios", read_ios, 0, np.inf)
    kib = checks.in_range("read_kib", read_kib, 0, np.inf, "KiB")
    h = checks.in_range("hit_ratio", hit_ratio, 0, 1, "(a fraction)")
    wk = checks.in_range("write_kib", write_kib, 0, np.inf, "KiB")
    tk = checks.in_range("temp_kib", temp_kib, 0, np.inf, "KiB")
    checks.boolean("cache_reads", cache_reads)
    lim = {}
    for name, path in (("cached", cached), ("uncached", uncached)):
        if not isinstance(path, dict) or set(path) != {"iops", "mb_per_s"}:
            raise checks.InputError(f"{name} must be a dict with keys iops and mb_per_s, got {path!r}")
        lim[name] = {k: checks.positive(f"{name}['{k}']", v) for k, v in path.items()}
    to_mb = units.convert(1.0, "KiB", "MB")
    if cache_reads:
        miss = 1 - h
        load = {"cached IOPS": (ios, lim["cached"]["iops"]),
                "cached throughput": ((kib + wk + tk) * to_mb, lim["cached"]["mb_per_s"]),
                "uncached IOPS": (miss * ios, lim["uncached"]["iops"]),
                "uncached throughput": ((miss * kib + wk) * to_mb, lim["uncached"]["mb_per_s"])}
    else:
        load = {"cached IOPS": (np.zeros_like(ios), lim["cached"]["iops"]),
                "cached throughput": (tk * to_mb, lim["cached"]["mb_per_s"]),
                "uncached IOPS": (ios, lim["uncached"]["iops"]),
                "uncached throughput": ((kib + wk) * to_mb, lim["uncached"]["mb_per_s"])}
    with np.errstate(divide="ignore", over="ignore"):   # a limit an operation does not use allows inf
        terms = {name: limit / np.asarray(per_op, dtype=float) for name, (per_op, limit) in load.items()}
    return tightest(terms)


def cache_hit_ratio(cache_gib, hot_data_gib):
    """Share of reads a cache serves when they fall uniformly on a hot data set: ``min(1, cache / hot data)``.

    Parameters
    ----------
    cache_gib : float or array-like
        The cache's size, at least 0. [GiB]
    hot_data_gib : float or array-like
        The data the reads touch, uniformly, greater than 0. [GiB]

    Returns
    -------
    float or numpy.ndarray
        Steady-state hit ratio. [-]

    Notes
    -----
    A cache that keeps any ``cache`` GiB of a hot set read uniformly at random serves that share of the reads once
    warm; a skewed workload (a few hot keys) does better, a first pass over cold data worse (no hit at all).

    Examples
    --------
    A Standard_DS14_v2's host cache (576 GiB) against 1 TiB of hot data per VM:

    >>> cache_hit_ratio(576, 1024)
    0.5625
    """
    c = checks.in_range("cache_gib", cache_gib, 0, np.inf, "GiB")
    d = checks.positive("hot_data_gib", hot_data_gib, "GiB")
    return checks.scalar_or_array(np.minimum(1.0, c / d))
