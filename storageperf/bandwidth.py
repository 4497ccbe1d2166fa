"""IOPS, block size and bandwidth: one is the product of the other two.

References
----------
.. [1] Learn module "HPC/EDA applications on Azure NetApp Files", unit "Understand ANF performance regarding to
   service level and volume quota": "100,000 IOPS * 16KB = 1,600,000 KB/s = 1.53 GB/s".
"""
from __future__ import annotations

from . import _checks, units


def bandwidth_mibps(iops, block_size_kib):
    """Bandwidth moved by a stream of I/Os of one size.

    Parameters
    ----------
    iops : float or array-like
        I/O operations per second, greater than 0. [1/s]
    block_size_kib : float or array-like
        Bytes moved by each operation (the transfer or block size), greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        Bandwidth. [MiB/s]

    Notes
    -----
    ``bandwidth = iops x block_size``. Exact for a single block size; for a mix of sizes use the mean
    transfer size weighted by operation count. It says nothing about whether the storage can deliver it.

    References
    ----------
    The HPC/EDA module [1]_ sizes a workload this way.

    Examples
    --------
    The module's workload, 100,000 IOPS of 16 KB (binary kilobytes, as its 1.53 GB/s shows):

    >>> round(bandwidth_mibps(100_000, 16), 1)
    1562.5
    """
    iops = _checks.positive("iops", iops, "IO/s")
    block = _checks.positive("block_size_kib", block_size_kib, "KiB")
    return _checks.scalar_or_array(units.convert(iops * block, "KiB/s", "MiB/s"))


def iops_from_bandwidth(bandwidth_mibps, block_size_kib):
    """I/O operations per second that a bandwidth carries at one block size.

    Parameters
    ----------
    bandwidth_mibps : float or array-like
        Bandwidth, greater than 0. [MiB/s]
    block_size_kib : float or array-like
        Bytes moved by each operation, greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        Operations per second. [1/s]

    Notes
    -----
    ``iops = bandwidth / block_size``, the inverse of :func:`bandwidth_mibps`.

    Examples
    --------
    A Premium volume's 640 MiB/s, in 16 KiB operations:

    >>> iops_from_bandwidth(640, 16)
    40960.0
    """
    bw = _checks.positive("bandwidth_mibps", bandwidth_mibps, "MiB/s")
    block = _checks.positive("block_size_kib", block_size_kib, "KiB")
    return _checks.scalar_or_array(units.convert(bw, "MiB/s", "KiB/s") / block)
