"""What cool access costs and saves: by month from the day it is turned on, in steady state, for an access
profile, and the pool a volume with cool access needs for its throughput.

Part of :mod:`storageperf.platforms.azure_netapp_files`, whose docstring lists the references cited as [n]_.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ... import checks
from ...concepts import units
from .limits import (
    ALL_SERVICE_LEVELS,
    COOL_2026_READINGS,
    COOL_ACCESS_RULES,
    SERVICE_LEVELS,
    _limit,
    cool_access_rule,
    cool_access_service_levels,
    cool_access_volume_types,
    coolness_periods_days,
    pool_range_tib,
    quota_range_tib,
    throughput_per_tib_mibps,
    volume_ceiling_mibps,
)
from .pricing import (
    CAPACITY_METERS,
    COOL_METERS,
    monthly_capacity_cost_usd,
    monthly_flexible_throughput_cost_usd,
    price,
)
from .sizing import flexible_volume, pool_plan, pool_size_tib


def _coolness_days(coolness_period_days, one=False):
    low, _, high = coolness_periods_days()
    return checks.in_range("coolness_period_days", coolness_period_days, low, high, "days", one=one)


#: The longest horizon costed month by month: ten years, past which today's prices say little. [months]
MONTHS_MAX = 120


#: Cool-access retrieval policies [8]_, and the share of the reads of cool data that each brings back to the hot
#: tier (``None``: the random share).
RETRIEVAL_POLICIES = {"Default": None, "OnRead": 1.0, "Never": 0.0}


def _rehydrated_share(retrieval_policy, random_share):
    checks.choice("retrieval_policy", retrieval_policy, tuple(RETRIEVAL_POLICIES))
    share = RETRIEVAL_POLICIES[retrieval_policy]
    return random_share if share is None else share


def cool_access_monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                                 service_level="Standard", region="eastus", retrieval_policy="Default"):
    """Monthly cost of a data set on a volume with cool access, by component.

    Parameters
    ----------
    data_tib : float or array-like
        Data stored, between the smallest and largest capacity pool. [TiB]
    cool_share : float or array-like
        Share of the data that is cool (not read for the coolness period), 0 to 1. [-]
    read_back_share : float or array-like
        Share of the data in the cool tier read back in a month, 0 to 1. [-]
    random_share : float or array-like
        Share of the read-back bytes read randomly, 0 to 1; random reads move data back to the hot tier. [-]
    coolness_period_days : float, optional
        Days before unread data moves to the cool tier, 2 to 183; default 31 (the document default). [days]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`.
    retrieval_policy : {"Default", "OnRead", "Never"}
        Which reads of cool data bring it back to the hot tier: random reads only, every read, or none [8]_.

    Returns
    -------
    dict
        ``hot``, ``cool`` (capacity), ``transfer`` and ``total``, each in USD per month. [USD]

    See Also
    --------
    cool_access_profile_cost_usd : the cool share and the reads from one access profile instead of two inputs.

    Notes
    -----
    Steady state. With the Default retrieval policy sequential reads are served from the cool tier and random
    reads move their blocks back to the hot tier, where they stay for a coolness period before moving back down;
    OnRead moves every read block back, Never none [8]_. Call ``h`` the share of reads that move blocks back
    (the random share, 1 or 0).

    - cooled GiB ``C = data x cool_share``; of it, the rehydrated GiB ``R`` are hot again and the rest,
      ``K = C - R``, is in the cool tier. Reads take ``read_back`` of the data still in the cool tier each month,
      ``K x read_back``, and bring ``h`` of it back, where each block stays for the coolness period ``p`` (in
      months); by Little's law ``R = K x read_back x h x p``, so ``K = C / (1 + read_back x h x p)``;
    - transfer GiB a month ``= K x read_back x (1 + h)``: every read of data still in the cool tier, plus the
      rehydrated blocks moving back down [7]_. Data already brought back is read from the hot tier, free of
      transfer;
    - capacity is billed per GiB-hour at the service level's price (hot) and the cool tier's price (cool), and
      transfer per GiB [6]_, with :data:`storageperf.concepts.units.HOURS_PER_MONTH` hours a month.

    The first months, the one-off move of the data to the cool tier, growth and unallocated pool capacity are in
    :func:`cool_access_cost_by_month`.

    Examples
    --------
    100 TiB on Standard in East US, 80 % cool, 10 % of it read back each month, all sequentially:

    >>> round(cool_access_monthly_cost_usd(100, 0.8, 0.1, 0.0)["total"])
    8088
    """
    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    data_tib = checks.in_range("data_tib", data_tib, *pool_range_tib(), "TiB")
    c = checks.fraction("cool_share", cool_share)
    b = checks.fraction("read_back_share", read_back_share)
    h = _rehydrated_share(retrieval_policy, checks.fraction("random_share", random_share))
    days = _coolness_days(coolness_period_days)
    hot_price, cool_price, transfer_price = _cool_access_prices(service_level, region)
    data_gib = units.convert(data_tib, "TiB", "GiB")
    cool_gib = data_gib * c
    cool_tier_gib = cool_gib / (1 + b * h * days / units.DAYS_PER_MONTH)
    rehydrated_gib = cool_gib - cool_tier_gib
    hot_gib = data_gib - cool_gib + rehydrated_gib
    transfer_gib = cool_tier_gib * b * (1 + h)
    parts = {"hot": hot_gib * hot_price * units.HOURS_PER_MONTH,
             "cool": (cool_gib - rehydrated_gib) * cool_price * units.HOURS_PER_MONTH,
             "transfer": transfer_gib * transfer_price}
    parts["total"] = parts["hot"] + parts["cool"] + parts["transfer"]
    return {k: checks.scalar_or_array(v) for k, v in parts.items()}


def _cool_access_prices(service_level, region):
    """(hot capacity per GiB-hour, cool capacity per GiB-hour, transfer per GiB) in a region. [USD]"""
    checks.choice("service_level", service_level, ALL_SERVICE_LEVELS)
    return (price(region, CAPACITY_METERS[service_level])["price_usd"], *(price(region, m)["price_usd"]
                                                                           for m in COOL_METERS))


#: Time steps a month of :func:`cool_access_cost_by_month`'s integration: half a day each, finer than the whole days
#: the coolness period (2 to 183) and the tiering delay are counted in. A choice of the method, not a fact.
COST_STEPS_PER_MONTH = 60


def cool_access_cost_by_month(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                              service_level="Standard", region="eastus", months=12, growth_tib_per_month=0.0,
                              pool_tib=None, data_already_cool=False, retrieval_policy="Default",
                              tiering_delay_days=None, prices=None, days_per_month=None,
                              steps_per_month=COST_STEPS_PER_MONTH):
    """Month by month cost of a volume with cool access from the day it is turned on, against keeping it hot.

    Parameters
    ----------
    data_tib : float
        Data on the volume when cool access is turned on, greater than 0. [TiB]
    cool_share, read_back_share, random_share, coolness_period_days, service_level, region, retrieval_policy
        As in :func:`cool_access_monthly_cost_usd`; ``cool_share`` applies to new data too.
    months : int
        Months to cost, 1 to 120. [-]
    growth_tib_per_month : float
        Data added each month, at least 0. [TiB per month]
    pool_tib : float, optional
        Capacity pool, billed whole; default: the whole TiB that hold the data at the end. [TiB]
    data_already_cool : bool
        True when the data has not been read for the coolness period already (cool access turned on for an
        existing volume): it starts moving at once. False for data just written (a migration): it waits the
        coolness period first.
    tiering_delay_days : float, optional
        Wait before cool data starts moving; default the page's longest, 48 hours. [days]
    prices : tuple, optional
        ``(hot USD per GiB-hour, cool USD per GiB-hour, transfer USD per GiB)`` instead of the region's.
    days_per_month : float, optional
        Days a month of :data:`~storageperf.concepts.units.HOURS_PER_MONTH` hours is counted as; default
        :data:`~storageperf.concepts.units.DAYS_PER_MONTH` (Microsoft's examples count 30). [days]
    steps_per_month : int
        Time steps a month of the integration, 1 to one an hour (:data:`~storageperf.concepts.units.HOURS_PER_MONTH`);
        default :data:`COST_STEPS_PER_MONTH`. [-]

    Returns
    -------
    pandas.DataFrame
        One row per month (index ``month``, 1 to ``months``): ``hot``, ``unallocated``, ``cool``, ``transfer``,
        ``total`` (with cool access), ``all_hot`` (the same pool without it), ``saving`` and
        ``cumulative_saving``. [USD]

    Notes
    -----
    Integrated over time, in months of ``days_per_month`` days:

    - data written at time ``s`` (the initial data at 0, or at minus the coolness period when already cool)
      moves to the cool tier at ``s + coolness period + delay`` in the share ``cool_share``; that move is a
      transfer [7]_;
    - reads of the data still in the cool tier, ``cool tier x read_back`` a month, are transfers; the share of
      them the retrieval policy brings back stays hot for a coolness period (a stock of inflow x coolness period,
      Little's law), is read from there free of transfer, and is a transfer again when it moves back down;
    - the pool is billed whole: hot data and the unallocated rest at the hot price, cool data at the cool
      price [7]_. Without cool access the whole pool is billed hot.

    After the first coolness period and with no growth, each month costs what :func:`cool_access_monthly_cost_usd`
    says plus the unallocated capacity.

    Examples
    --------
    100 TiB just written on Standard, 80 % of it cools, 10 % of that read back a month, sequentially: nothing
    cools in the first month (31 days and up to 2 more), the second pays for the move to the cool tier, and from
    the third each month saves the same.

    >>> m = cool_access_cost_by_month(100, 0.8, 0.1, 0.0)
    >>> [round(m.loc[k, "saving"]) for k in (1, 2, 3)], round(m.loc[12, "cumulative_saving"])
    ([0, 4790, 7012], 74913)
    """
    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    largest = pool_range_tib()[1]   # the data, now and grown, fits one capacity pool
    d0 = units.convert(checks.in_range("data_tib", data_tib, 0, largest, "TiB", "(at most the largest capacity pool)",
                                       low_open=True, one=True), "TiB", "GiB")
    c = checks.fraction("cool_share", cool_share, one=True)
    b = checks.fraction("read_back_share", read_back_share, one=True)
    h = float(_rehydrated_share(retrieval_policy, checks.fraction("random_share", random_share, one=True)))
    period = _coolness_days(coolness_period_days, one=True)
    checks.whole_number("months", months, 1, MONTHS_MAX)
    growth = units.convert(checks.in_range("growth_tib_per_month", growth_tib_per_month, 0, largest,
                                           "TiB per month", "(at most the largest capacity pool)", one=True),
                           "TiB", "GiB")
    checks.boolean("data_already_cool", data_already_cool)
    if tiering_delay_days is None:
        tiering_delay_days = _limit("cool_tiering_start_delay", "days")
    delay = checks.in_range("tiering_delay_days", tiering_delay_days, 0, period, "days", one=True)
    if prices is not None and (not isinstance(prices, (tuple, list)) or len(prices) != 3):
        raise checks.InputError(f"prices must be three prices (hot, cool, transfer) in USD per GiB, got {prices!r}")
    hot_price, cool_price, transfer_price = (_cool_access_prices(service_level, region) if prices is None
                                             else tuple(checks.positive(f"prices[{i}]", p, one=True)
                                                        for i, p in enumerate(prices)))
    month = units.DAYS_PER_MONTH if days_per_month is None else float(
        checks.in_range("days_per_month", days_per_month, 28, 31, "days"))
    hours = units.HOURS_PER_MONTH / month
    end_gib = d0 + growth * months
    if pool_tib is None:
        pool_tib = pool_size_tib(units.convert(end_gib, "GiB", "TiB"))
    pool = units.convert(checks.in_range("pool_tib", pool_tib, *pool_range_tib(), "TiB", one=True), "TiB", "GiB")
    if pool < end_gib * (1 - 1e-12):
        raise ValueError(f"pool_tib must hold the data at the end, {units.convert(end_gib, 'GiB', 'TiB'):g} TiB; "
                         f"got {pool_tib!r}")

    steps = checks.whole_number("steps_per_month", steps_per_month, 1, int(units.HOURS_PER_MONTH))
    dt = month / steps
    edges = np.arange(months * steps + 1) * dt   # step boundaries [days]
    t = edges[:-1] + dt / 2
    written_at = -period if data_already_cool else 0.0

    def cooled(time):   # GiB that have moved to the cool tier by ``time`` (before rehydration)
        initial = np.where(time >= written_at + period + delay, d0, 0.0)
        grown = growth * np.maximum(time - period - delay, 0.0) / month
        return c * (initial + grown)

    data_gib = d0 + growth * t / month
    cool_target = cooled(t)
    moved_down = np.diff(cooled(edges))                   # GiB moving to the cool tier in each step
    # reads take a share of the data still in the cool tier (cooled, less what reads brought back within the last
    # coolness period); what they bring back is read from the hot tier until it cools again
    total_in = np.zeros(len(edges))                       # GiB brought back to the hot tier by each edge
    reads = np.zeros(len(t))                              # GiB read from the cool tier in each step
    for k in range(len(t) if b > 0 else 0):               # nothing is read back: nothing to step through
        back = total_in[k] - np.interp(edges[k] - period, edges, total_in, left=0.0)
        reads[k] = max(cool_target[k] - back, 0.0) * b / month * dt
        total_in[k + 1] = total_in[k] + reads[k] * h
    in_by = np.interp(edges - period, edges, total_in, left=0.0)   # brought back up to a coolness period ago
    recooled = np.diff(in_by)                             # moving back down in each step
    rehydrated = np.minimum(total_in[1:] - in_by[1:], cool_target)
    cool_tier = cool_target - rehydrated
    step_hours = dt * hours

    def by_month(per_step):   # each month's sum of its steps
        return per_step.reshape(months, steps).sum(axis=1)

    frame = pd.DataFrame({
        "hot": by_month((data_gib - cool_tier) * hot_price * step_hours),
        "unallocated": by_month((pool - data_gib) * hot_price * step_hours),
        "cool": by_month(cool_tier * cool_price * step_hours),
        "transfer": by_month((moved_down + reads + recooled) * transfer_price),
        "all_hot": by_month(np.full(t.shape, pool * hot_price * step_hours)),
    }, index=pd.RangeIndex(1, months + 1, name="month"))
    frame.insert(4, "total", frame[["hot", "unallocated", "cool", "transfer"]].sum(axis=1))
    frame["saving"] = frame["all_hot"] - frame["total"]
    frame["cumulative_saving"] = frame["saving"].cumsum()
    return frame


def cool_access_payback_month(by_month):
    """First month at whose end cool access has saved more than it cost, or None within the months given.

    Parameters
    ----------
    by_month : pandas.DataFrame
        A frame from :func:`cool_access_cost_by_month`.

    Examples
    --------
    >>> cool_access_payback_month(cool_access_cost_by_month(100, 0.8, 0.1, 0.0))
    2
    """
    if not isinstance(by_month, pd.DataFrame) or "cumulative_saving" not in by_month.columns:
        raise checks.InputError(f"by_month must be a table cool_access_cost_by_month returned, got "
                                f"{type(by_month).__name__}")
    ahead = by_month.index[by_month["cumulative_saving"] > 0]
    return int(ahead[0]) if len(ahead) else None


def cool_access_monthly_saving_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                                   service_level="Standard", region="eastus", retrieval_policy="Default"):
    """What cool access saves a month against keeping all the data hot (negative: it costs more).

    Parameters are those of :func:`cool_access_monthly_cost_usd`.

    Returns
    -------
    float or numpy.ndarray
        ``cost without cool access - cost with cool access``. [USD]

    Examples
    --------
    >>> round(cool_access_monthly_saving_usd(100, 0.8, 0.1, 0.0))
    7012
    """
    with_cool = cool_access_monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days,
                                             service_level, region, retrieval_policy)["total"]
    all_hot = cool_access_monthly_cost_usd(data_tib, 0.0, 0.0, 0.0, coolness_period_days, service_level,
                                           region)["total"]
    return checks.scalar_or_array(np.asarray(all_hot) - with_cool)


def cool_access_quota_tib(data_tib, cool_tib, throughput_mibps, service_level, rule, volume_type="regular",
                          reading="generous"):
    """Smallest quota that holds the data and, with cool access on, grants a throughput by one rule.

    Parameters
    ----------
    data_tib : float
        Data the volume must hold, greater than 0. [TiB]
    cool_tib : float
        Of it, the data in the cool tier, 0 to ``data_tib``. [TiB]
    throughput_mibps : float
        Throughput the volume must grant, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}
    rule : {"2024", "2025", "2026"}
        See :data:`COOL_ACCESS_RULES` and :func:`cool_access_rule`.
    volume_type : {"regular", "large"}
    reading : {"generous", "literal"}
        Of the 2026 rule, one of :data:`COOL_2026_READINGS`: read literally, a quota above the data adds no
        throughput once more than the threshold is cool. [-]

    Returns
    -------
    float
        The quota [TiB]; NaN when no quota of the volume type grants the throughput.

    Notes
    -----
    The inverse of :func:`cool_access_volume_throughput_mibps`: by the 2025 rule ``throughput / reduced rate``; by
    the 2026 rule the quota above the cool data is hot, so ``cool + (throughput - cool x 16) / rate`` once more than
    the threshold is cool; never less than the data or the smallest quota.

    Examples
    --------
    50 TiB at Premium, 40 TiB of it cool, that must move 3,000 MiB/s: 50 TiB of quota without cool access,
    83.3 TiB by the 2025 rule, 76.9 TiB by the 2026 rule.

    >>> [round(float(cool_access_quota_tib(50, 40, 3000, "Premium", r)), 1) for r in COOL_ACCESS_RULES]
    [50.0, 83.3, 76.9]

    Read literally, the 2026 rule gives that volume 10 x 64 + 40 x 16 = 1,280 MiB/s whatever its quota: none grants
    3,000.

    >>> cool_access_quota_tib(50, 40, 3000, "Premium", "2026", reading="literal")
    nan
    """
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    checks.choice("reading", reading, COOL_2026_READINGS)
    checks.choice("service_level", service_level, SERVICE_LEVELS)
    low, high = quota_range_tib(volume_type)
    data_tib = checks.in_range("data_tib", data_tib, 0, high, "TiB", f"for a {volume_type} volume",
                                      low_open=True, one=True)
    cool = checks.in_range("cool_tib", cool_tib, 0, data_tib, "TiB", "(at most data_tib)", one=True)
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    rate = throughput_per_tib_mibps(service_level)
    if rule == "2024":
        by_throughput = need / rate
    elif rule == "2025":
        by_throughput = need / throughput_per_tib_mibps(service_level, cool_access=True)
    elif cool > _limit("cool_tier_throughput_threshold", "TiB"):
        cool_rate = _limit("throughput_per_tib_cool_tier", "MiB/s per TiB")
        by_throughput = cool + max(need - cool * cool_rate, 0.0) / rate
        if reading == "literal":   # the data's hot and cool parts set it: a larger quota adds nothing
            literal = (data_tib - cool) * rate + cool * cool_rate
            by_throughput = data_tib if need <= literal * (1 + 1e-12) else float("inf")
    else:
        by_throughput = need / rate
    quota = max(data_tib, by_throughput, low)
    if quota > high * (1 + 1e-12) or need > volume_ceiling_mibps(service_level, volume_type) * (1 + 1e-12):
        return float("nan")
    return quota


def cool_access_sizing(data_tib, cool_share, throughput_mibps, service_level, region="eastus", rule=None,
                       read_back_share=0.0, random_share=0.0, coolness_period_days=None, retrieval_policy="Default",
                       volume_type="regular", reading="generous"):
    """The pool one volume needs with cool access and without it, for its data and its throughput, and their cost.

    Parameters
    ----------
    data_tib : float
        Data the volume holds, greater than 0. [TiB]
    cool_share : float
        Share of the data in the cool tier, 0 to 1. [-]
    throughput_mibps : float
        Throughput the workload needs, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`; it sets the prices and, for Premium and Ultra, the rule.
    rule : {"2024", "2025", "2026"}, optional
        Default: :func:`cool_access_rule` of the region (a new pool).
    read_back_share, random_share, coolness_period_days, retrieval_policy
        As in :func:`cool_access_monthly_cost_usd`.
    volume_type : {"regular", "large"}
        One of :func:`cool_access_volume_types`; default regular.
    reading : {"generous", "literal"}
        Of the 2026 rule, one of :data:`COOL_2026_READINGS` (:func:`cool_access_quota_tib`); default generous.

    Returns
    -------
    dict
        ``rule``; ``reading``; ``quota_tib``, ``pool_tib`` and ``usd`` without cool access; ``quota_tib_cool``,
        ``pool_tib_cool`` and ``usd_cool`` with it [TiB, USD a month]; ``saving`` (``usd - usd_cool``) [USD] and
        ``saving_share`` [-]. Costs are NaN where one volume of the type cannot do it.

    Notes
    -----
    Without cool access the pool is :func:`sizing_options`'s. With it, the quota is :func:`cool_access_quota_tib`
    in whole TiB of pool, billed as :func:`cool_access_monthly_cost_usd` for the data plus the rest of the pool at
    the hot price [7]_. Flexible throughput is bought apart from capacity (manual QoS) and no page gives it a
    cool-access rule: the guide keeps the throughput it is given and the pool it needs for it.

    Examples
    --------
    50 TiB at Premium, 80 % cool, in East US (the 2025 rule), needing 3,000 MiB/s: cool access needs an 84 TiB
    pool and costs more than the 50 TiB pool without it.

    >>> s = cool_access_sizing(50, 0.8, 3000, "Premium")
    >>> s["rule"], s["pool_tib"], s["pool_tib_cool"], round(s["saving_share"], 3)
    ('2025', 50.0, 84.0, -0.043)
    """
    checks.choice("service_level", service_level, cool_access_service_levels())
    checks.choice("volume_type", volume_type, cool_access_volume_types())
    cap = checks.positive("data_tib", data_tib, "TiB", one=True)
    c = checks.fraction("cool_share", cool_share, one=True)
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    checks.fraction("read_back_share", read_back_share, one=True)
    checks.fraction("random_share", random_share, one=True)
    if rule is None:
        rule = cool_access_rule(region) if service_level in ("Premium", "Ultra") else "2025"
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    high = pool_range_tib()[1]
    option = pool_plan(cap, need, service_level, volume_type, region=region)   # sizing_options' row, this level
    checks.choice("reading", reading, COOL_2026_READINGS)
    out = {"rule": rule, "reading": reading, "quota_tib": float(option["quota_tib"]),
           "pool_tib": float(min(option["pool_tib"], high)), "usd": float(option["usd"])}
    if service_level == "Flexible":
        flex = flexible_volume(cap, need, volume_type)
        quota, pool, assigned = float(flex["quota_tib"]), float(flex["pool_tib"]), float(flex["throughput_mibps"])
        ok = bool(flex["feasible"])
    else:
        quota = float(cool_access_quota_tib(cap, cap * c, need, service_level, rule, volume_type, reading))
        ok = bool(np.isfinite(quota))
        pool = float(pool_size_tib(quota)) if ok else float("nan")
        ok = ok and pool <= high
        assigned = None
    usd_cool = float("nan")
    if ok:
        parts = cool_access_monthly_cost_usd(cap, c, read_back_share, random_share, coolness_period_days,
                                             service_level, region, retrieval_policy)
        usd_cool = float(parts["total"]) + float(monthly_capacity_cost_usd(pool, service_level, region)) * (
            1 - cap / pool)
        if assigned is not None:
            usd_cool += float(monthly_flexible_throughput_cost_usd(assigned, pool, region))
    out.update({"quota_tib_cool": quota, "pool_tib_cool": pool, "usd_cool": usd_cool,
                "saving": out["usd"] - usd_cool, "saving_share": (out["usd"] - usd_cool) / out["usd"]})
    return out


def cool_access_sizing_options(data_tib, cool_share, throughput_mibps, region="eastus", rule=None,
                               read_back_share=0.0, random_share=0.0, coolness_period_days=None,
                               retrieval_policy="Default"):
    """Every service level with and without cool access for one need, cheapest first, against the cheapest pool
    without cool access.

    Parameters are those of :func:`cool_access_sizing`, without ``service_level``.

    Returns
    -------
    pandas.DataFrame
        One row per service level (Flexible included) and ``cool_access`` (False, True): ``service_level``,
        ``cool_access``, ``rule`` (blank without cool access), ``quota_tib``, ``pool_tib`` [TiB], ``usd`` [USD a
        month] and ``saving_share``: what it saves against the cheapest feasible row without cool access
        (negative: it costs more) [-]. Infeasible rows last, with NaN costs.

    Examples
    --------
    50 TiB, 80 % cool, 3,000 MiB/s in East US: Ultra with cool access is cheapest (50 TiB at its reduced rate still
    grant 3,400 MiB/s, and its hot share is small); Premium with cool access costs more than Flexible without it.

    >>> o = cool_access_sizing_options(50, 0.8, 3000)
    >>> [(r.service_level, bool(r.cool_access)) for r in o.head(3).itertuples()]
    [('Ultra', True), ('Flexible', True), ('Flexible', False)]
    """
    rows = []
    for level in cool_access_service_levels():
        s = cool_access_sizing(data_tib, cool_share, throughput_mibps, level, region, rule, read_back_share,
                               random_share, coolness_period_days, retrieval_policy)
        rows.append({"service_level": level, "cool_access": False, "rule": "", "quota_tib": s["quota_tib"],
                     "pool_tib": s["pool_tib"], "usd": s["usd"]})
        rows.append({"service_level": level, "cool_access": True,
                     "rule": "" if level == "Flexible" else s["rule"], "quota_tib": s["quota_tib_cool"],
                     "pool_tib": s["pool_tib_cool"], "usd": s["usd_cool"]})
    frame = pd.DataFrame(rows)
    frame["feasible"] = np.isfinite(frame["usd"])
    best_hot = frame.loc[~frame["cool_access"] & frame["feasible"], "usd"].min()
    frame["saving_share"] = (best_hot - frame["usd"]) / best_hot
    return frame.sort_values(["feasible", "usd"], ascending=[False, True], na_position="last").reset_index(drop=True)


def _mean_reads_per_month(monthly_read_share):
    """Mean reads per block a month, ``mu``, of the access profile whose share of data read in a month is ``m``:
    ``m = mu x (1 - exp(-1 / mu))``, solved by bisection on log(mu)."""
    m = np.asarray(monthly_read_share, dtype=float)
    lo, hi = np.full(m.shape, -30.0), np.full(m.shape, 30.0)
    for _ in range(80):
        mid = (lo + hi) / 2
        mu = np.exp(mid)
        low = mu * -np.expm1(-1 / mu) < m
        lo, hi = np.where(low, mid, lo), np.where(low, hi, mid)
    mu = np.exp((lo + hi) / 2)
    return np.where(m <= 0, 0.0, np.where(m >= 1, np.inf, mu))


def cool_access_profile(monthly_read_share, coolness_period_days=None, random_share=0.0, retrieval_policy="Default",
                        working_set_share=0.0):
    """The cool share and the reads of cool data that follow from how often the data is read.

    Parameters
    ----------
    monthly_read_share : float or array-like
        Share of the data read at least once in a month, 0 to 1. [-]
    coolness_period_days : float, optional
        Days before unread data moves to the cool tier, 2 to 183; default 31. [days]
    random_share : float
        Share of the reads that are random, 0 to 1; with the Default retrieval policy they bring blocks back to the
        hot tier [8]_. [-]
    retrieval_policy : {"Default", "OnRead", "Never"}
    working_set_share : float or array-like
        Share of the data read in a month that is a hot working set, 0 to 1: the same blocks every month, read more
        often than the shortest coolness period, so that they never cool. Default 0, the one-parameter profile;
        1: every block read is read every month. [-]

    Returns
    -------
    dict
        ``cool_share``: share of the data in the cool tier; ``cool_read_share``: data read from the cool tier a
        month, as a share of the data; ``recool_share``: data brought back that moves down again a month; and
        ``mean_reads``: reads per block a month, on average, outside the working set. [-]

    Notes
    -----
    Two parts: a hot working set, ``w = f m`` of the data (``m`` the share of the data read in a month, ``f`` the
    working set's share of it), read so often that it never cools, and the rest, ``1 - w`` of the data, of which
    ``r = (m - w) / (1 - w)`` is read in a month. With ``f = 0`` the rest is all the data: the one-parameter profile.
    With ``f = 1`` nothing outside the working set is read: the rest is all cool and none of it is read back,
    whatever the coolness period.

    In the rest, each block is read at a steady interval of its own; the blocks' read rates ``lambda`` (reads a
    month) follow an exponential distribution of mean ``mu``, the simplest spread from never-read archives to busy
    blocks, set by the rest's share read in a month: ``r = E[min(1, lambda)] = mu (1 - exp(-1/mu))``. With the
    coolness period ``p`` in months and ``h`` the share of reads that bring a block back (:data:`RETRIEVAL_POLICIES`):

    - a block read more often than every ``p`` never cools and is never billed a transfer;
    - a block read less often cools ``p`` after each read it was brought back by, so every read of it comes from
      the cool tier; of its time, ``lambda x p x h`` is hot (the reads that bring it back, each followed by ``p``);
    - so, over the blocks with ``lambda < 1/p``: cool share ``= P(lambda < 1/p) - h p E[lambda; lambda < 1/p]``,
      reads of cool data ``E[lambda; lambda < 1/p]``, and the data brought back moves down again at ``h`` times
      that; each a share of the rest, so ``1 - w`` times it of the data.

    At ``m = 1`` every block is read more often than any coolness period: nothing is cool and nothing is
    transferred. A short coolness period cools more, and bills a transfer for every read of the data it cooled:
    where that data is read often, a longer period costs less (:func:`cool_access_best_coolness_period_days`).

    Examples
    --------
    A fifth of the data read each month, the default 31 days, every read sequential:

    >>> p = cool_access_profile(0.2)
    >>> round(float(p["cool_share"]), 3), round(float(p["cool_read_share"]), 3)
    (0.992, 0.192)
    >>> cool_access_profile(1.0)["cool_share"], cool_access_profile(1.0)["cool_read_share"]
    (0.0, 0.0)

    The same fifth read a month as a hot working set, the rest never read:

    >>> p = cool_access_profile(0.2, working_set_share=1.0)
    >>> round(float(p["cool_share"]), 3), round(float(p["cool_read_share"]), 3)
    (0.8, 0.0)
    """
    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    m = checks.fraction("monthly_read_share", monthly_read_share)
    w = m * checks.fraction("working_set_share", working_set_share)   # the working set's share of the data
    h = float(_rehydrated_share(retrieval_policy, checks.fraction("random_share", random_share, one=True)))
    p = _coolness_days(coolness_period_days, one=True) / units.DAYS_PER_MONTH
    with np.errstate(divide="ignore", invalid="ignore"):
        rest = np.where(w < 1, (m - w) / np.where(w < 1, 1 - w, 1.0), 0.0)   # share of the rest read a month
    mu = _mean_reads_per_month(rest)
    a = 1 / p
    with np.errstate(divide="ignore", invalid="ignore"):
        x = np.where(mu > 0, a / np.where(mu > 0, mu, 1.0), np.inf)
        below = -np.expm1(-x)                                        # P(lambda < a)
        reads = np.where(np.isfinite(x) & (x > 0), a * (below / x - np.exp(-x)), 0.0)   # E[lambda; lambda < a]
    below = np.where(np.isinf(mu), 0.0, below)
    reads = np.where(np.isinf(mu), 0.0, np.maximum(reads, 0.0))
    cool = (1 - w) * np.clip(below - h * p * reads, 0.0, 1.0)
    reads = (1 - w) * reads
    return {"cool_share": checks.scalar_or_array(cool), "cool_read_share": checks.scalar_or_array(reads),
            "recool_share": checks.scalar_or_array(h * reads), "mean_reads": checks.scalar_or_array(mu)}


def cool_access_profile_cost_usd(data_tib, monthly_read_share, random_share=0.0, coolness_period_days=None,
                                 service_level="Standard", region="eastus", retrieval_policy="Default",
                                 working_set_share=0.0):
    """Monthly cost of a data set with cool access, by component, from its access profile.

    Parameters
    ----------
    data_tib : float
        Data stored, between the smallest and largest capacity pool. [TiB]
    monthly_read_share, random_share, coolness_period_days, retrieval_policy, working_set_share
        As in :func:`cool_access_profile`.
    service_level, region
        As in :func:`cool_access_monthly_cost_usd`. Flexible's throughput above its pool's baseline is billed apart
        from capacity, the same with cool access and without: it is left out of both. [5]_

    Returns
    -------
    dict
        ``hot``, ``cool``, ``transfer``, ``total`` and ``all_hot`` (the same data without cool access), USD a
        month, and ``cool_share`` [-].

    Notes
    -----
    Hot GiB ``= data x (1 - cool share)``, cool GiB ``= data x cool share``; transfer GiB ``= data x (cool reads +
    data moving back down)`` (:func:`cool_access_profile`): retrieval is billed only for reads of data still in the
    cool tier [7]_.

    Examples
    --------
    >>> c = cool_access_profile_cost_usd(100, 1.0, 1.0, 2, "Premium")
    >>> c["transfer"], round(c["total"]) == round(c["all_hot"])
    (0.0, True)
    """
    data_tib = checks.in_range("data_tib", data_tib, *pool_range_tib(), "TiB", one=True)
    prof = cool_access_profile(monthly_read_share, coolness_period_days, random_share, retrieval_policy,
                               working_set_share)
    hot_price, cool_price, transfer_price = _cool_access_prices(service_level, region)
    gib = units.convert(data_tib, "TiB", "GiB")
    c = np.asarray(prof["cool_share"])
    parts = {"hot": gib * (1 - c) * hot_price * units.HOURS_PER_MONTH,
             "cool": gib * c * cool_price * units.HOURS_PER_MONTH,
             "transfer": gib * (np.asarray(prof["cool_read_share"]) + np.asarray(prof["recool_share"]))
             * transfer_price}
    parts["total"] = parts["hot"] + parts["cool"] + parts["transfer"]
    parts["all_hot"] = gib * hot_price * units.HOURS_PER_MONTH + 0 * c
    parts["cool_share"] = c
    return {k: checks.scalar_or_array(v) for k, v in parts.items()}


def cool_access_profile_saving_usd(data_tib, monthly_read_share, random_share=0.0, coolness_period_days=None,
                                   service_level="Standard", region="eastus", retrieval_policy="Default",
                                   working_set_share=0.0):
    """What cool access saves a month for an access profile (negative: it costs more); parameters as
    :func:`cool_access_profile_cost_usd`. [USD]

    Examples
    --------
    >>> round(cool_access_profile_saving_usd(100, 0.0, service_level="Premium"))
    23995
    """
    c = cool_access_profile_cost_usd(data_tib, monthly_read_share, random_share, coolness_period_days, service_level,
                                     region, retrieval_policy, working_set_share)
    return checks.scalar_or_array(np.asarray(c["all_hot"]) - c["total"])


def cool_access_best_coolness_period_days(data_tib, monthly_read_share, random_share=0.0, service_level="Standard",
                                          region="eastus", retrieval_policy="Default", working_set_share=0.0):
    """The coolness period, in whole days, that saves most for an access profile, and that saving; the shortest of
    those that save the same.

    Parameters are those of :func:`cool_access_profile_cost_usd`.

    Returns
    -------
    tuple
        ``(days, saving in USD a month)``.

    Examples
    --------
    Premium, every read random: for data of which half is read a month, the shortest period saves most; for data
    read more, a longer one does.

    >>> [cool_access_best_coolness_period_days(100, m, 1.0, "Premium")[0] for m in (0.5, 0.9)]
    [2, 8]

    The same reads as a hot working set: every block read is read every month, none is read from the cool tier,
    and every period saves the same.

    >>> cool_access_best_coolness_period_days(100, 0.9, 1.0, "Premium", working_set_share=1.0)[0]
    2
    """
    checks.fraction("monthly_read_share", monthly_read_share, one=True)
    checks.fraction("working_set_share", working_set_share, one=True)
    low, _, high = coolness_periods_days()
    days = np.arange(low, high + 1)
    saving = np.array([float(cool_access_profile_saving_usd(data_tib, monthly_read_share, random_share, d,
                                                            service_level, region, retrieval_policy,
                                                            working_set_share)) for d in days])
    best = int(np.argmax(saving))
    return int(days[best]), float(saving[best])


def cool_access_break_even_read_share(data_tib, random_share=0.0, coolness_period_days=None, service_level="Standard",
                                      region="eastus", retrieval_policy="Default", working_set_share=0.0):
    """The smallest share of the data read a month at which cool access stops saving, or NaN if it never costs more.

    Parameters are those of :func:`cool_access_profile_cost_usd`.

    Returns
    -------
    float
        Monthly read share, 0 to 1. [-]

    Notes
    -----
    At a read share of 1 nothing is cool and the saving is zero; in between the saving can dip below zero, where the
    transfers of data read just after it cooled outweigh its cheaper capacity. Found on a grid of 1,001 shares and
    refined by bisection. With a working set, more of the data must be read before cool access costs more; when
    every block read is read every month (``working_set_share`` 1) it never does.

    Examples
    --------
    >>> round(cool_access_break_even_read_share(100, 1.0, 2, "Standard"), 3)
    0.779
    >>> round(cool_access_break_even_read_share(100, 1.0, 2, "Standard", working_set_share=0.5), 3)
    0.876
    >>> cool_access_break_even_read_share(100, 1.0, 2, "Standard", working_set_share=1.0)
    nan
    """
    checks.in_range("data_tib", data_tib, *pool_range_tib(), "TiB", one=True)
    checks.fraction("working_set_share", working_set_share, one=True)   # the break-even of one working set

    def saving(m):
        return np.asarray(cool_access_profile_saving_usd(data_tib, m, random_share, coolness_period_days,
                                                         service_level, region, retrieval_policy,
                                                         working_set_share), dtype=float)

    grid = np.linspace(0, 1, 1001)[:-1]
    s = saving(grid)
    below = np.nonzero(s < -1e-9)[0]
    if len(below) == 0:
        return float("nan")
    lo, hi = float(grid[below[0] - 1]), float(grid[below[0]])
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if float(saving(mid)) > 0 else (lo, mid)
    return (lo + hi) / 2
