"""Sizing volumes and their pool for a need (the data and the throughput), and the options a need has, priced.

Part of :mod:`storageperf.platforms.azure_netapp_files`, whose docstring lists the references cited as [n]_.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ... import checks
from .limits import (
    ALL_SERVICE_LEVELS,
    _limit,
    pool_range_tib,
    quota_range_tib,
    supported_service_levels,
    throughput_per_tib_mibps,
    volume_status,
)
from .pricing import (
    monthly_pool_cost_usd,
)
from .throughput import effective_ceiling_mibps, volume_throughput_mibps


def _one_mix(read_share, io_kib):
    """A sizing reads one mix: one read share and one I/O size (capacities and needs may be arrays)."""
    checks.fraction("read_share", read_share, one=True)
    checks.positive("io_kib", io_kib, "KiB", one=True)


def pool_size_tib(capacity_tib):
    """The capacity pool that holds a capacity: rounded up to the pool's size step, at least the smallest pool.

    Parameters
    ----------
    capacity_tib : float or array-like
        Capacity the pool must hold, greater than 0. [TiB]

    Returns
    -------
    float or numpy.ndarray
        Pool size, in whole steps of 1 TiB [TiB]; it may exceed the largest pool, which callers check.

    Examples
    --------
    The quota 1,562.5 MiB/s needs at Ultra, 12.2 TiB, is billed as a 13 TiB pool:

    >>> pool_size_tib(1562.5 / 128)
    13.0
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    step = _limit("capacity_pool_increment", "TiB")
    # The tolerance keeps a capacity that is exactly n steps from rounding up to n + 1 on float noise.
    return checks.scalar_or_array(np.maximum(np.ceil(cap / step - 1e-9) * step, pool_range_tib()[0]))


def flexible_pool_tib(quota_tib, throughput_mibps):
    """The Flexible capacity pool, in whole TiB, that holds a quota and allows a throughput.

    Parameters
    ----------
    quota_tib : float or array-like
        Quota of the pool's volumes together, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput the pool is given, greater than 0: at most 640 MiB/s per TiB of pool [5]_. [MiB/s]

    Returns
    -------
    float or numpy.ndarray
        :func:`pool_size_tib` of ``max(quota, throughput / 640 MiB/s per TiB)``. [TiB]

    Examples
    --------
    >>> flexible_pool_tib(2, 5000)
    8.0
    """
    quota = checks.positive("quota_tib", quota_tib, "TiB")
    tp = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    return pool_size_tib(np.maximum(quota, tp / _limit("flexible_max_throughput_per_tib", "MiB/s per TiB")))


def size_volume(capacity_tib, throughput_mibps, service_level, volume_type="regular", read_share=1.0, io_kib=64,
                access=None):
    """Smallest quota that holds the data and grants the throughput, and whether the volume type allows it.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput the volume must grant, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`: the ceiling is the lower of the volume type's and the mix curve's.

    Returns
    -------
    dict
        ``quota_tib`` [TiB]: ``max(capacity, throughput / rate, smallest quota)``; ``throughput_mibps`` [MiB/s]: what
        that quota grants, ``min(quota x rate, ceiling)``, computed even where the quota is too large;
        ``binding``: ``"capacity"`` or ``"throughput"``, whichever sets the quota; ``feasible``: the quota is
        within the volume type's range and its throughput reaches the need.

    Notes
    -----
    The HPC/EDA module's rule: "You get the gross performance limit of the Volume by multiplying the two factors"
    (service level and quota). The ceiling and quota range are today's limits
    (``data/platforms/azure_netapp_files_limits.csv``), not
    the module's (source_discrepancies hpc-eda-03, hpc-eda-04).

    Examples
    --------
    The module's knowledge check: 50 TiB of data and 3,000 MiB/s. Premium needs 50 TiB (capacity binds) and grants
    64 x 50 = 3,200 MiB/s:

    >>> r = size_volume(50, 3000, "Premium")
    >>> r["quota_tib"], r["throughput_mibps"], r["binding"], r["feasible"]
    (50.0, 3200.0, 'capacity', True)
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    _one_mix(read_share, io_kib)
    rate = throughput_per_tib_mibps(service_level)
    ceiling = effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access)[2]
    low, high = quota_range_tib(volume_type)
    by_throughput = need / rate
    quota = np.maximum(np.maximum(cap, by_throughput), low)
    granted = np.minimum(quota * rate, ceiling)
    feasible = (quota <= high) & (granted >= need)
    binding = np.where(cap >= by_throughput, "capacity", "throughput")
    scalar = np.ndim(quota) == 0
    return {"quota_tib": checks.scalar_or_array(quota), "throughput_mibps": checks.scalar_or_array(granted),
            "binding": str(binding) if scalar else binding,
            "feasible": bool(feasible) if scalar else feasible}


def meets_need(quota_tib, service_level, capacity_tib, throughput_mibps, volume_type="regular", read_share=1.0,
               io_kib=64, access=None):
    """Whether a volume of this quota and service level holds the data and grants the throughput.

    Parameters
    ----------
    quota_tib : float or array-like
        Quota of the volume, within the volume type's range. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must grant, greater than 0. [MiB/s]
    volume_type : {"regular", "large"}
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`.

    Returns
    -------
    bool or numpy.ndarray of bool
        ``quota >= capacity and volume_throughput_mibps(quota) >= throughput``.

    Examples
    --------
    The module's knowledge check, question 2 (50 TiB, 3,000 MiB/s): Ultra + 25 TiB has the throughput (3,200 MiB/s)
    but not the space; Standard + 100 TiB has the space but 1,600 MiB/s.

    >>> [bool(meets_need(q, s, 50, 3000)) for q, s in [(25, "Ultra"), (50, "Premium"), (100, "Standard")]]
    [False, True, False]
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    granted = volume_throughput_mibps(quota_tib, service_level, volume_type, read_share=read_share, io_kib=io_kib,
                                      access=access)
    result = (np.asarray(quota_tib, dtype=float) >= cap) & (np.asarray(granted) >= need)
    return bool(result) if result.ndim == 0 else result


def quota_with_snapshots_tib(data_tib, daily_change_share, retained_days):
    """Quota that holds the data and the snapshots kept of it.

    Parameters
    ----------
    data_tib : float or array-like
        Data in the active file system, greater than 0. [TiB]
    daily_change_share : float or array-like
        Share of the data whose blocks change each day, 0 to 1; Microsoft gives 1 to 5 % a day for many
        application volumes [9]_. [-]
    retained_days : float or array-like
        Days of daily snapshots kept, 0 to the most snapshots a volume keeps. [days]

    Returns
    -------
    float or numpy.ndarray
        ``data x (1 + daily change x retained days)``. [TiB]

    Notes
    -----
    Snapshots keep the blocks the active data has changed since they were taken, inside the volume [9]_, so they
    take the volume's quota. Counting each day's change as new blocks is an upper bound: blocks changed twice
    within the retention are kept once per snapshot that holds them, no more.

    Examples
    --------
    10 TiB changing 5 % a day, two weeks of daily snapshots: 17 TiB of quota.

    >>> round(quota_with_snapshots_tib(10, 0.05, 14), 6)
    17.0
    """
    data_tib = checks.positive("data_tib", data_tib, "TiB")
    change = checks.fraction("daily_change_share", daily_change_share)
    days = checks.in_range("retained_days", retained_days, 0, _limit("snapshots_per_volume_max", "snapshots"), "days",
                            "(one snapshot a day, at most the snapshots a volume keeps)")
    return checks.scalar_or_array(data_tib * (1 + change * days))


def manual_qos_pool_tib(capacities_tib, throughputs_mibps, service_level):
    """Smallest pool for several volumes with manual QoS, beside the pool the same volumes need with automatic QoS.

    Parameters
    ----------
    capacities_tib : sequence of float
        Each volume's quota it must have for its data, greater than 0. [TiB]
    throughputs_mibps : sequence of float
        Each volume's throughput, greater than 0, in the same order. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}

    Returns
    -------
    dict
        ``manual`` and ``auto``: the pool in whole TiB [TiB].

    Notes
    -----
    With manual QoS a pool's throughput, ``pool x rate``, is shared out to its volumes as the reader assigns it, and
    each volume's quota only has to hold its data [1]_: ``pool = max(sum of capacities, sum of throughputs / rate)``.
    With automatic QoS each volume gets ``quota x rate``, so each quota is ``max(capacity, throughput / rate)`` and
    the pool their sum. Manual QoS saves where some volumes need throughput and others capacity, the usual EDA
    layout (small, busy tool volumes beside large, quieter project ones).

    Examples
    --------
    A 2 TiB volume that must move 1,000 MiB/s beside a 40 TiB one that moves 500, at Premium:

    >>> manual_qos_pool_tib([2, 40], [1000, 500], "Premium")
    {'manual': 42.0, 'auto': 56.0}
    """
    caps = np.atleast_1d(checks.positive("capacities_tib", capacities_tib, "TiB")).astype(float)
    tps = np.atleast_1d(checks.positive("throughputs_mibps", throughputs_mibps, "MiB/s")).astype(float)
    if caps.shape != tps.shape or caps.ndim != 1:
        raise ValueError(f"capacities_tib and throughputs_mibps must be lists of the same length; got {len(caps)} "
                         f"and {len(tps)}")
    rate = throughput_per_tib_mibps(service_level)
    manual = max(caps.sum(), tps.sum() / rate)
    auto = np.maximum(caps, tps / rate).sum()
    return {"manual": float(pool_size_tib(manual)), "auto": float(pool_size_tib(auto))}


def pool_plan(capacity_tib, throughput_mibps, service_level, volume_type="regular", volumes=1, region="eastus",
              read_share=1.0, io_kib=64, access=None):
    """Volumes of one type and level in one capacity pool, sharing the data and the throughput, and the pool's cost.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volumes hold together, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput they carry together, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    volume_type : {"regular", "large", "breakthrough"}
    volumes : int
        How many volumes share the data and the throughput equally, at least 1. [-]
    region : str
        Azure region of the prices, see :func:`regions`.
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`: each volume's need must be within the mix curve's ceiling too.

    Returns
    -------
    dict
        ``volumes``; ``quota_tib`` (each volume's) [TiB]; ``throughput_mibps`` (what the volumes get together)
        [MiB/s]; ``pool_tib`` [TiB]; ``usd`` (the pool's month; NaN where infeasible) [USD]; ``binding``
        (``"capacity"`` or ``"throughput"``, whichever sets the pool); ``feasible``.

    Notes
    -----
    Standard, Premium and Ultra: each volume is :func:`size_volume` for its share, the pool the whole TiB that hold
    their quotas (:func:`pool_size_tib`), priced as :func:`monthly_pool_cost_usd`. Flexible: each volume's quota
    holds its share of the data, and the pool is given the throughput, at least its included baseline (once per
    pool), within its per-TiB most (:func:`flexible_pool_tib`). Feasible when each volume's need is within its
    ceiling and the mix curve's, each quota within the volume type's range and the pool within the largest pool.
    Every option list of the guide sizes its Azure NetApp Files volumes here.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB at 3,000 MiB/s: one Premium regular volume, or two Standard ones.

    >>> p = pool_plan(50, 3000, "Premium")
    >>> p["pool_tib"], p["throughput_mibps"], p["binding"], round(p["usd"])
    (50.0, 3200.0, 'capacity', 15063)
    >>> two = pool_plan(50, 3000, "Standard", volumes=2)
    >>> two["quota_tib"], two["pool_tib"], two["feasible"]
    (93.75, 188.0, True)
    """
    n = volumes
    checks.whole_number("volumes", n, 1)
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    _one_mix(read_share, io_kib)
    high = pool_range_tib()[1]
    if service_level == "Flexible":
        ceiling = effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access)[2]
        low_q, high_q = quota_range_tib(volume_type)
        quota = np.maximum(cap / n, low_q)
        assigned = np.maximum(need, _limit("flexible_pool_baseline_throughput", "MiB/s"))
        pool = flexible_pool_tib(n * quota, assigned)
        feasible = (need / n <= ceiling) & (quota <= high_q) & (pool <= high)
        per_tib = _limit("flexible_max_throughput_per_tib", "MiB/s per TiB")
        binding = np.where(n * quota >= assigned / per_tib, "capacity", "throughput")
        billed = np.minimum(pool, high)
        usd = monthly_pool_cost_usd(billed, service_level, np.minimum(assigned, billed * per_tib), region)
        granted = assigned
    else:
        size = size_volume(cap / n, need / n, service_level, volume_type, read_share, io_kib, access)
        quota, binding = size["quota_tib"], size["binding"]
        pool = pool_size_tib(n * np.asarray(quota))
        feasible = np.asarray(size["feasible"]) & (pool <= high)
        usd = monthly_pool_cost_usd(np.minimum(pool, high), service_level, region=region)
        granted = n * np.asarray(size["throughput_mibps"])
    scalar = np.ndim(pool) == 0
    return {"volumes": n, "quota_tib": checks.scalar_or_array(np.asarray(quota, dtype=float)),
            "throughput_mibps": checks.scalar_or_array(np.asarray(granted, dtype=float)),
            "pool_tib": checks.scalar_or_array(np.asarray(pool, dtype=float)),
            "usd": checks.scalar_or_array(np.where(feasible, usd, np.nan)),
            "binding": str(binding) if scalar else np.asarray(binding),
            "feasible": bool(feasible) if scalar else np.asarray(feasible)}


def flexible_volume(capacity_tib, throughput_mibps, volume_type="regular", read_share=1.0, io_kib=64, access=None):
    """A Flexible volume, in a pool of its own, that holds the data and is given the throughput.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must have, greater than 0. [MiB/s]
    volume_type : {"regular", "large", "breakthrough"}
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`: the need must be within the mix curve's ceiling too.

    Returns
    -------
    dict
        ``quota_tib`` [TiB]: the data, at least the smallest quota; ``pool_tib`` [TiB]: whole TiB, large enough
        for the quota and for the throughput at the pool's most per TiB; ``throughput_mibps`` [MiB/s]: what the
        pool is given, at least its included baseline; ``binding``: ``"capacity"`` or ``"throughput"``, whichever
        sets the pool; ``feasible``: the need is within the volume type's ceiling and the quota and pool within
        their ranges.

    Notes
    -----
    With the Flexible service level (manual QoS) a volume's throughput is assigned, not derived from its quota; the
    pool's throughput is its included baseline plus what is bought, at most 640 MiB/s per TiB of pool
    (``data/platforms/azure_netapp_files_limits.csv``).

    Examples
    --------
    10 TiB that must move 1,562.5 MiB/s: the data sets the pool (10 TiB allow 6,400 MiB/s).

    >>> v = flexible_volume(10, 1562.5)
    >>> v["pool_tib"], v["throughput_mibps"], v["binding"], v["feasible"]
    (10.0, 1562.5, 'capacity', True)
    """
    plan = pool_plan(capacity_tib, throughput_mibps, "Flexible", volume_type, read_share=read_share, io_kib=io_kib,
                     access=access)
    return {k: plan[k] for k in ("quota_tib", "pool_tib", "throughput_mibps", "binding", "feasible")}


def sizing_options(capacity_tib, throughput_mibps, region="eastus", read_share=1.0, io_kib=64, access=None):
    """For each service level: the regular volume that holds the data and has the throughput, and its cost.

    Parameters
    ----------
    capacity_tib : float
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must have, greater than 0. [MiB/s]
    region : str
        Azure region, see :func:`regions`.
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`.

    Returns
    -------
    dict
        ``{service level: size}`` for :data:`ALL_SERVICE_LEVELS`: the keys of :func:`size_volume` (automatic QoS)
        or :func:`flexible_volume`, ``pool_tib`` [TiB] and ``usd``: the month's cost of the pool (capacity, and
        for Flexible the throughput above its baseline) [USD], NaN where one regular volume cannot do it.

    Notes
    -----
    One volume in a pool of its own, in whole TiB (:func:`pool_size_tib`), priced as
    :func:`monthly_capacity_cost_usd` and :func:`monthly_flexible_throughput_cost_usd`. No headroom and no snapshot
    reserve: the quota is the data.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB and 3,000 MiB/s in East US (prices of 2026-01-29):

    >>> o = sizing_options(50, 3000)
    >>> {level: (o[level]["feasible"], round(o[level]["usd"], -1)) for level in ALL_SERVICE_LEVELS}
    {'Standard': (False, nan), 'Premium': (True, 15060.0), 'Ultra': (True, 20110.0), 'Flexible': (True, 12110.0)}
    """
    high = pool_range_tib()[1]
    out = {}
    for level in ALL_SERVICE_LEVELS:
        plan = pool_plan(capacity_tib, throughput_mibps, level, region=region, read_share=read_share, io_kib=io_kib,
                         access=access)
        out[level] = {**{k: plan[k] for k in ("quota_tib", "throughput_mibps", "binding", "feasible", "usd")},
                      "pool_tib": checks.scalar_or_array(np.minimum(plan["pool_tib"], high))}
    return out


def volume_type_options(capacity_tib, throughput_mibps, region="eastus"):
    """Every volume type and service level that can hold the data and carry the throughput in one volume, priced.

    Parameters
    ----------
    capacity_tib : float
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float
        Throughput it must have, greater than 0. [MiB/s]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    pandas.DataFrame
        One row per volume type (regular, large, breakthrough) and service level it supports
        (:func:`supported_service_levels`): ``volume_type``, ``service_level``, ``status`` (:func:`volume_status`),
        ``quota_tib`` [TiB], ``pool_tib`` [TiB], ``throughput_mibps`` (what the volume gets) [MiB/s], ``binding``,
        ``feasible`` and ``usd`` (the pool's month, NaN where infeasible) [USD]; cheapest feasible first, and at
        equal cost generally available before preview.

    Notes
    -----
    Automatic QoS volumes are sized by :func:`size_volume`, Flexible ones by :func:`flexible_volume`, each in a pool
    of its own in whole TiB, priced at the service level's capacity price (and Flexible's throughput above its
    baseline): the price list has no separate meter for large volumes, so a Flexible large volume and a Flexible
    volume in breakthrough mode that need the same pool cost the same; the generally available one ranks first.
    Breakthrough mode is in preview and its ceiling is a most ("up to 50 GiB/s"). Extra-large volumes need cool
    access and are not sized here.

    Examples
    --------
    500 TiB that must move 20,000 MiB/s: only breakthrough mode carries it.

    >>> o = volume_type_options(500, 20000)
    >>> sorted(set(o.loc[o["feasible"], "volume_type"]))
    ['breakthrough']

    200 TiB at 10,000 MiB/s: a generally available Flexible large volume costs what breakthrough mode costs.

    >>> o = volume_type_options(200, 10000)
    >>> o.loc[0, ["service_level", "volume_type", "status"]].tolist()
    ['Flexible', 'large', 'generally available']
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB", one=True)
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    rows = []
    for volume_type in ("regular", "large", "breakthrough"):
        for level in supported_service_levels(volume_type):
            plan = pool_plan(cap, need, level, volume_type, region=region)
            rows.append({"volume_type": volume_type, "service_level": level,
                         "status": volume_status(volume_type, level), "quota_tib": plan["quota_tib"],
                         "pool_tib": plan["pool_tib"], "throughput_mibps": plan["throughput_mibps"],
                         "binding": plan["binding"], "feasible": plan["feasible"], "usd": plan["usd"]})
    frame = pd.DataFrame(rows)
    frame["_preview"] = frame["status"] == "preview"
    return (frame.sort_values(["feasible", "usd", "_preview"], ascending=[False, True, True], na_position="last",
                              kind="stable").drop(columns="_preview").reset_index(drop=True))


def cheapest_service_level(capacity_tib, throughput_mibps, region="eastus", read_share=1.0, io_kib=64, access=None):
    """The service level whose regular volume costs least for a need, or None if no level's volume can carry it.

    Parameters are those of :func:`sizing_options` (a scalar need).

    Returns
    -------
    tuple
        ``(service level or None, cost [USD per month] or NaN)``.

    Examples
    --------
    >>> level, usd = cheapest_service_level(50, 3000)
    >>> level, round(usd)
    ('Flexible', 12105)

    Half of it writes: no regular volume carries 3,000 MiB/s of 64 KiB I/O at 50 % reads.

    >>> cheapest_service_level(50, 3000, read_share=0.5)
    (None, nan)
    """
    checks.positive("capacity_tib", capacity_tib, "TiB", one=True)
    checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    sizes = sizing_options(capacity_tib, throughput_mibps, region, read_share=read_share, io_kib=io_kib, access=access)
    options = {level: float(o["usd"]) for level, o in sizes.items() if o["feasible"]}
    if not options:
        return None, float("nan")
    best = min(options, key=options.get)
    return best, options[best]
