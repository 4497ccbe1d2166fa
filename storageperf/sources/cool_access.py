"""The cool-access document: read throughput by tier and access pattern, from its measured endpoints.

With cool access, blocks not read for the coolness period move to a cheaper cool tier. Reading them back is
slower, most of all for random I/O. This module blends the document's four measured endpoints (hot or cool tier,
100 % sequential or 100 % random) into a throughput for any mix
(:func:`storageperf.concepts.bandwidth.blended_throughput_mibps`); what cool access costs is the platform's
(:func:`storageperf.platforms.azure_netapp_files.cool_access_monthly_cost_usd`).

References
----------
.. [1] Microsoft Learn, "Performance considerations for Azure NetApp Files storage with cool access",
   2024-09-05, Results summary (data/sources/cool_access_results.csv).
"""
from __future__ import annotations

import functools

from .. import _checks, data
from ..concepts import bandwidth, queueing

_ENDPOINT_IDS = {("hot", "sequential"): "sum-seq-hot", ("hot", "random"): "sum-rand-hot",
                 ("cool", "sequential"): "sum-seq-cool", ("cool", "random"): "sum-rand-cool"}


@functools.cache
def endpoints_mibps():
    """The four measured read throughputs the blend is calibrated on, from ``data/sources/cool_access_results.csv``.

    Returns
    -------
    dict
        ``{(tier, pattern): throughput}`` for tier ``hot``/``cool`` and pattern ``sequential``/``random``. [MiB/s]

    Examples
    --------
    >>> endpoints_mibps()[("cool", "random")]
    280.0
    """
    return {key: data.value("cool_access_results", row, "MiB/s") for key, row in _ENDPOINT_IDS.items()}


def read_throughput_mibps(cool_read_share, random_share):
    """Read throughput when part of the reads come from the cool tier and part of them are random.

    Parameters
    ----------
    cool_read_share : float or array-like
        Share of the bytes read that come from the cool tier, 0 to 1. [-]
    random_share : float or array-like
        Share of the bytes read by random rather than sequential I/O, 0 to 1. [-]

    Returns
    -------
    float or numpy.ndarray
        Read throughput of the mix. [MiB/s]

    Notes
    -----
    Time adds up per byte, so throughputs blend harmonically: a mix spends ``share_i / T_i`` seconds on each MiB
    of kind *i*, and

    ``1 / T = sum_i share_i / T_i``

    over the four kinds (hot or cool, sequential or random), with ``T_i`` the measured endpoints
    (:func:`endpoints_mibps`, 16 jobs at queue depth 1 on one VM [1]_). The slowest kind dominates: that is why
    "any percentage of random I/O" drags the cool tier towards its random figure. It assumes each kind keeps its
    own rate inside a mix, and inherits the endpoints' configuration: other job counts, queue depths or block
    sizes scale differently.

    Examples
    --------
    Reading only cool data, 80 % sequential and 20 % random; the document reports a drop of "about 50 %" from
    100 % sequential (1,742 MiB/s):

    >>> round(read_throughput_mibps(1.0, 0.2))
    852
    """
    c = _checks.fraction("cool_read_share", cool_read_share)
    r = _checks.fraction("random_share", random_share)
    t = endpoints_mibps()
    shares = [(1 - c) * (1 - r), (1 - c) * r, c * (1 - r), c * r]
    return bandwidth.blended_throughput_mibps(shares, [t["hot", "sequential"], t["hot", "random"],
                                                      t["cool", "sequential"], t["cool", "random"]])


def latency_ms(throughput_mibps, outstanding, block_size_kib):
    """Mean latency of a load with a fixed number of I/Os in flight, by Little's law.

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput the load achieves, greater than 0. [MiB/s]
    outstanding : float or array-like
        I/Os in flight (jobs x queue depth), greater than 0. [-]
    block_size_kib : float or array-like
        Size of each I/O, greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        ``outstanding x block_size / throughput``. [ms]

    Examples
    --------
    The job-scale test: 16 jobs at queue depth 15, 256 KiB reads, at the 16-job cool-tier throughput of
    6.5 x 400 = 2,600 MiB/s; the document reports "approximately 23 milliseconds":

    >>> round(latency_ms(2600, 16 * 15, 256), 1)
    23.1
    """
    iops = bandwidth.iops_from_bandwidth(throughput_mibps, block_size_kib)
    return queueing.littles_law_latency_ms(iops, outstanding)
