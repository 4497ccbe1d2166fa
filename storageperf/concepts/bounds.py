"""Bounds: a quantity limited by several things at once is the smallest of them, and that one binds.

Every chapter asks the same question of a different path: clients, quota, a volume ceiling, a VM's disk throttle,
a disk's IOPS limit. :func:`tightest` answers it once for all of them; :func:`mixed_iops_limit` is the case of a
read/write mix against separate read and write limits.

References
----------
.. [1] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", Prentice-Hall,
   1984, chapter 5 (bottleneck analysis: the resource with the smallest capacity bounds the system).
"""
from __future__ import annotations

import numpy as np

from .. import _checks
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
        raise TypeError(f"limits must be a non-empty dict of name: limit, got {limits!r}")
    arrays = []
    for name, value in limits.items():
        arr = np.asarray(value, dtype=float)
        if np.any(np.isnan(arr)):
            raise ValueError(f"limits[{name!r}] must be a number or inf, got {value!r}")
        arrays.append(arr)
    stack = np.stack(np.broadcast_arrays(*arrays))
    value = stack.min(axis=0)
    binding = np.asarray(list(limits))[stack.argmin(axis=0)]
    return _checks.scalar_or_array(value), (str(binding) if binding.ndim == 0 else binding)


#: The limits :func:`mixed_iops_limit` names, in the order ties are broken.
MIX_LIMITS = ("read IOPS", "write IOPS", "read throughput", "write throughput")
#: The limits :func:`mixed_iops_limit` names when reads and writes share one IOPS budget (``iops_shared=True``).
SHARED_MIX_LIMITS = ("read and write IOPS together", "read throughput", "write throughput")


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
    r = _checks.in_range("read_share", read_share, 0, 1)
    b = units.convert(_checks.positive("block_size_kib", block_size_kib, "KiB"), "KiB", "MB")
    lim = {name: _checks.positive(name, v) for name, v in (("read_iops", read_iops), ("write_iops", write_iops),
                                                           ("read_mb_per_s", read_mb_per_s),
                                                           ("write_mb_per_s", write_mb_per_s))}
    if not isinstance(iops_shared, (bool, np.bool_)):
        raise TypeError(f"iops_shared must be True or False, got {iops_shared!r}")
    a_r = _checks.positive("disk_reads_per_read", disk_reads_per_read)
    a_w = _checks.positive("disk_writes_per_write", disk_writes_per_write)
    r, b, a_r, a_w = np.broadcast_arrays(r, b, a_r, a_w)
    with np.errstate(divide="ignore", over="ignore"):
        read_bytes = np.where(r > 0, lim["read_mb_per_s"] / (r * b), np.inf)
        write_bytes = np.where(r < 1, lim["write_mb_per_s"] / ((1 - r) * b), np.inf)
        if iops_shared:
            shared = 1 / (r * a_r / lim["read_iops"] + (1 - r) * a_w / lim["write_iops"])
            return tightest(dict(zip(SHARED_MIX_LIMITS, (shared, read_bytes, write_bytes))))
        terms = dict(zip(MIX_LIMITS, (np.where(r > 0, lim["read_iops"] / (r * a_r), np.inf),
                                      np.where(r < 1, lim["write_iops"] / ((1 - r) * a_w), np.inf),
                                      read_bytes, write_bytes)))
    return tightest(terms)
