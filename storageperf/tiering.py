"""Azure NetApp Files cool access: read throughput by tier and access pattern, and the monthly cost of tiering.

With cool access, blocks not read for the coolness period move to a cheaper cool tier. Reading them back is
slower, most of all for random I/O, and moving data between tiers is charged per GiB. This module blends the
cool-access document's four measured endpoints (hot or cool tier, 100 % sequential or 100 % random) into a
throughput for any mix, and prices a data set with and without cool access.

References
----------
.. [1] Microsoft Learn, "Performance considerations for Azure NetApp Files storage with cool access",
   2024-09-05, Results summary (data/cool_access_results.csv).
.. [2] Microsoft Learn, "Azure NetApp Files storage with cool access", 2024-09-05: cool tier capacity and network
   transfer are billed separately ("Network transfer cost (including read or write activities from the cool
   tier)"); coolness period 2 to 183 days.
.. [3] Azure Retail Prices snapshot, 2026-01-29 (data/anf_prices.csv).
"""
from __future__ import annotations

import functools

import numpy as np

from . import _checks, cost, units
from .anf import SERVICE_LEVELS
from .data import _read, limit

_ENDPOINT_IDS = {("hot", "sequential"): "sum-seq-hot", ("hot", "random"): "sum-rand-hot",
                 ("cool", "sequential"): "sum-seq-cool", ("cool", "random"): "sum-rand-cool"}
#: Days in an average month, by the same convention as :data:`storageperf.units.HOURS_PER_MONTH`.
DAYS_PER_MONTH = units.HOURS_PER_MONTH / 24


@functools.cache
def endpoints_mibps():
    """The four measured read throughputs the blend is calibrated on, from ``data/cool_access_results.csv``.

    Returns
    -------
    dict
        ``{(tier, pattern): throughput}`` for tier ``hot``/``cool`` and pattern ``sequential``/``random``. [MiB/s]

    Examples
    --------
    >>> endpoints_mibps()[("cool", "random")]
    280.0
    """
    table = _read("cool_access_results").set_index("id")
    return {key: float(table.loc[row, "value"]) for key, row in _ENDPOINT_IDS.items()}


def _share(name, value):
    return _checks.in_range(name, value, 0, 1, "(a fraction)")


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
    c = _share("cool_read_share", cool_read_share)
    r = _share("random_share", random_share)
    t = endpoints_mibps()
    seconds_per_mib = ((1 - c) * ((1 - r) / t["hot", "sequential"] + r / t["hot", "random"])
                       + c * ((1 - r) / t["cool", "sequential"] + r / t["cool", "random"]))
    return _checks.scalar_or_array(1 / seconds_per_mib)


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
    from .bandwidth import iops_from_bandwidth
    from .queueing import littles_law_latency_ms

    iops = iops_from_bandwidth(throughput_mibps, block_size_kib)
    return littles_law_latency_ms(iops, outstanding)


def _coolness_days(coolness_period_days):
    low, high = limit("coolness_period_min")["value"], limit("coolness_period_max")["value"]
    return _checks.in_range("coolness_period_days", coolness_period_days, low, high, "days")


def monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                     service_level="Standard", region="eastus"):
    """Monthly cost of a data set on a volume with cool access, by component.

    Parameters
    ----------
    data_tib : float or array-like
        Data stored, between the smallest and largest capacity pool. [TiB]
    cool_share : float or array-like
        Share of the data that is cool (not read for the coolness period), 0 to 1. [-]
    read_back_share : float or array-like
        Share of the cool data read back in a month, 0 to 1. [-]
    random_share : float or array-like
        Share of the read-back bytes read randomly, 0 to 1; random reads move data back to the hot tier. [-]
    coolness_period_days : float, optional
        Days before unread data moves to the cool tier, 2 to 183; default 31 (the document default). [days]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`storageperf.cost.regions`.

    Returns
    -------
    dict
        ``hot``, ``cool`` (capacity), ``transfer`` and ``total``, each in USD per month. [USD]

    Notes
    -----
    Steady state, with the default retrieval policy [1]_: sequential reads are served from the cool tier, random
    reads move their blocks back to the hot tier, where they stay for a coolness period before moving back down.

    - cool GiB ``= data x cool_share``; hot GiB ``= data - cool GiB + rehydrated GiB``, where the rehydrated data
      ``= cool GiB x read_back x random x min(coolness_period / days per month, 1)`` is still hot;
    - transfer GiB a month ``= cool GiB x read_back x (1 + random)``: every read from the cool tier, plus the
      rehydrated blocks moving back down [2]_;
    - capacity is billed per GiB-hour at the service level's price (hot) and the cool tier's price (cool), and
      transfer per GiB [3]_, with :data:`storageperf.units.HOURS_PER_MONTH` hours a month.

    The one-off move of the data set to the cool tier when cool access is turned on is not included.

    Examples
    --------
    100 TiB on Standard in East US, 80 % cool, 10 % of it read back each month, all sequentially:

    >>> round(monthly_cost_usd(100, 0.8, 0.1, 0.0)["total"])
    8088
    """
    if coolness_period_days is None:
        coolness_period_days = limit("coolness_period_default")["value"]
    data_tib = _checks.in_range("data_tib", data_tib, limit("capacity_pool_min")["value"],
                                limit("capacity_pool_max")["value"], "TiB")
    c = _share("cool_share", cool_share)
    b = _share("read_back_share", read_back_share)
    r = _share("random_share", random_share)
    days = _coolness_days(coolness_period_days)
    _checks.choice("service_level", service_level, SERVICE_LEVELS + ("Flexible",))
    data_gib = units.convert(data_tib, "TiB", "GiB")
    cool_gib = data_gib * c
    rehydrated_gib = cool_gib * b * r * np.minimum(days / DAYS_PER_MONTH, 1)
    hot_gib = data_gib - cool_gib + rehydrated_gib
    transfer_gib = cool_gib * b * (1 + r)
    hot_price = cost.price(region, cost._CAPACITY_METER[service_level])["price_usd"]
    cool_price = cost.price(region, "Standard Storage with Cool Access Capacity")["price_usd"]
    transfer_price = cost.price(region, "Standard Storage with Cool Access Data Transfer")["price_usd"]
    parts = {"hot": hot_gib * hot_price * units.HOURS_PER_MONTH,
             "cool": (cool_gib - rehydrated_gib) * cool_price * units.HOURS_PER_MONTH,
             "transfer": transfer_gib * transfer_price}
    parts["total"] = parts["hot"] + parts["cool"] + parts["transfer"]
    return {k: _checks.scalar_or_array(v) for k, v in parts.items()}


def monthly_saving_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                       service_level="Standard", region="eastus"):
    """What cool access saves a month against keeping all the data hot (negative: it costs more).

    Parameters are those of :func:`monthly_cost_usd`.

    Returns
    -------
    float or numpy.ndarray
        ``cost without cool access - cost with cool access``. [USD]

    Examples
    --------
    >>> round(monthly_saving_usd(100, 0.8, 0.1, 0.0))
    7012
    """
    with_cool = monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days,
                                 service_level, region)["total"]
    all_hot = monthly_cost_usd(data_tib, 0.0, 0.0, 0.0, coolness_period_days, service_level, region)["total"]
    return _checks.scalar_or_array(np.asarray(all_hot) - with_cool)
