"""What a capacity pool costs a month, from the Azure Retail Prices snapshot (:data:`PRICE_SNAPSHOT_DATE`).

Part of :mod:`storageperf.platforms.azure_netapp_files`, whose docstring lists the references cited as [n]_.
"""
from __future__ import annotations

import functools

import numpy as np

from ... import checks, data
from ...concepts import units
from .limits import (
    _PRICES,
    ALL_SERVICE_LEVELS,
    SERVICE_LEVELS,
    _limit,
    flexible_throughput_range_mibps,
    pool_range_tib,
)

_RESERVATIONS = "azure_netapp_files_reservations"

CAPACITY_METERS = {"Standard": "Standard Capacity", "Premium": "Premium Capacity", "Ultra": "Ultra Capacity",
                   "Flexible": "Flexible Service Level Capacity"}


THROUGHPUT_METER = "Flexible Service Level Throughput MiBps"


COOL_METERS = ("Standard Storage with Cool Access Capacity", "Standard Storage with Cool Access Data Transfer")


#: Date of the price snapshot (its row in ``data/documents.csv``).
PRICE_SNAPSHOT_DATE = data.row("documents", "azure-retail-prices-anf")["date"]


def regions():
    """Regions with prices in the snapshot, sorted (Azure ``armRegionName``, e.g. ``"eastus"``)."""
    return list(_names()[0])


def region_names():
    """Each region's name as a person reads it, by its Azure name: the snapshot's ``location`` (its ``region_name``
    column).

    Examples
    --------
    >>> region_names()["eastus"]
    'US East'
    """
    return {region: row["region_name"] for (region, _), row in sorted(_prices().items())}


@functools.cache
def _names():
    """The snapshot's regions and meters, each sorted (read once)."""
    return tuple(sorted({region for region, _ in _prices()})), tuple(sorted({m for _, m in _prices()}))


@functools.cache
def _prices():
    """``{(region, meter): row}`` of the price snapshot, rows as dicts (read once)."""
    table = data.load(_PRICES)
    return {(r["region"], r["meter"]): r for r in table.to_dict("records")}


def price(region, meter):
    """One price from the snapshot.

    Parameters
    ----------
    region : str
        An Azure region name from :func:`regions`, e.g. ``"eastus"``.
    meter : str
        A meter name of ``data/platforms/azure_netapp_files_prices.csv``, e.g. ``"Premium Capacity"``.

    Returns
    -------
    dict
        ``price_usd``, ``unit`` (``1 GiB/Hour``, ``1/Hour`` or ``1 GiB``) and ``effective_start_date``.

    Examples
    --------
    >>> price("eastus", "Premium Capacity")["price_usd"]
    0.000403
    """
    checks.choice("region", region, _names()[0])
    checks.choice("meter", meter, _names()[1])
    row = _prices().get((region, meter))
    if row is None:
        raise ValueError(f"region {region!r} has no price for {meter!r} in the {PRICE_SNAPSHOT_DATE} snapshot; "
                         f"choose another region")
    return {"price_usd": float(row["price_usd"]), "unit": row["unit"],
            "effective_start_date": row["effective_start_date"]}


def monthly_capacity_cost_usd(capacity_tib, service_level, region="eastus"):
    """Monthly cost of provisioned capacity at one service level.

    Parameters
    ----------
    capacity_tib : float or array-like
        Capacity pool size, between the smallest and largest pool. [TiB]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        Cost of the capacity for a month. [USD]

    Notes
    -----
    ``capacity [GiB] x price [USD per GiB-hour] x 730 h``. Azure NetApp Files bills the provisioned pool,
    not the data stored. For Flexible pools add :func:`monthly_flexible_throughput_cost_usd`.

    Examples
    --------
    A 4 TiB Ultra pool in East US; Microsoft's cost model quotes $1,609 for it:

    >>> round(monthly_capacity_cost_usd(4, "Ultra"), 2)
    1608.66
    """
    checks.choice("service_level", service_level, SERVICE_LEVELS + ("Flexible",))
    low, high = pool_range_tib()
    cap = checks.in_range("capacity_tib", capacity_tib, low, high, "TiB", "for a capacity pool")
    p = price(region, CAPACITY_METERS[service_level])
    gib = units.convert(cap, "TiB", "GiB")
    return checks.scalar_or_array(gib * p["price_usd"] * units.HOURS_PER_MONTH)


def monthly_flexible_throughput_cost_usd(throughput_mibps, pool_tib, region="eastus"):
    """Monthly cost of the throughput a Flexible pool is given above its included baseline.

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput assigned to the pool, within :func:`flexible_throughput_range_mibps`. [MiB/s]
    pool_tib : float
        Capacity pool size. [TiB]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        Cost of the throughput for a month. [USD]

    Notes
    -----
    ``(throughput - 128 MiB/s) x price [USD per MiB/s-hour] x 730 h`` [5]_.

    Examples
    --------
    Microsoft's cost model prices "1 TiB Flexible with 512 MiB/s" at $976 a month; in East US the throughput
    is most of it:

    >>> round(monthly_flexible_throughput_cost_usd(512, 1), 2)
    863.95
    >>> round(monthly_flexible_throughput_cost_usd(512, 1) + monthly_capacity_cost_usd(1, "Flexible"), 2)
    976.82
    """
    base, top = flexible_throughput_range_mibps(pool_tib)
    tp = checks.in_range("throughput_mibps", throughput_mibps, base, np.max(top), "MiB/s",
                          f"for a {float(np.max(pool_tib)):g} TiB Flexible pool")
    p = price(region, THROUGHPUT_METER)
    return checks.scalar_or_array((tp - base) * p["price_usd"] * units.HOURS_PER_MONTH)


def monthly_pool_cost_usd(pool_tib, service_level, throughput_mibps=None, region="eastus"):
    """Monthly cost of a capacity pool: its capacity and, for Flexible, the throughput it is given.

    Parameters
    ----------
    pool_tib : float or array-like
        Capacity pool size. [TiB]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    throughput_mibps : float or array-like, optional
        For Flexible: the throughput the pool is given (:func:`monthly_flexible_throughput_cost_usd`); ignored for
        the levels whose throughput comes with the capacity. [MiB/s]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        :func:`monthly_capacity_cost_usd`, plus :func:`monthly_flexible_throughput_cost_usd` for Flexible. [USD]

    Examples
    --------
    >>> round(monthly_pool_cost_usd(1, "Flexible", 512), 2)
    976.82
    """
    checks.in_range("pool_tib", pool_tib, *pool_range_tib(), "TiB", "for a capacity pool")
    usd = monthly_capacity_cost_usd(pool_tib, service_level, region)
    if service_level == "Flexible":
        base = _limit("flexible_pool_baseline_throughput", "MiB/s")
        usd = usd + monthly_flexible_throughput_cost_usd(base if throughput_mibps is None else throughput_mibps,
                                                         pool_tib, region)
    return checks.scalar_or_array(usd)


def reservation_service_levels():
    """The service levels capacity can be reserved at: Standard, Premium and Ultra, not Flexible [13]_.

    Examples
    --------
    >>> reservation_service_levels()
    ('Standard', 'Premium', 'Ultra')
    """
    return ALL_SERVICE_LEVELS[:int(_limit("reservation_service_levels", "service levels"))]


def reservation_terms():
    """The terms capacity can be reserved for [13]_, as the Azure Retail Prices API writes them (``reservationTerm``).

    Examples
    --------
    >>> reservation_terms()
    ('1 Year', '3 Years')
    """
    years = (_limit("reservation_term_short", "years"), _limit("reservation_term_long", "years"))
    return tuple(f"{n:g} Year" + ("" if n == 1 else "s") for n in years)


@functools.cache
def _reservations():
    """``{(region, meter, term): row}`` of the reservation table (read once)."""
    table = data.load(_RESERVATIONS)
    return {(r["region"], r["meter"], r["term"]): r for r in table.to_dict("records")}


def reserved_price(region, service_level, term):
    """The price of reserved capacity at one service level for one term, from the reservation table.

    Parameters
    ----------
    region : str
        An Azure region name from :func:`regions`, e.g. ``"eastus"``.
    service_level : str
        One of :func:`reservation_service_levels`.
    term : str
        One of :func:`reservation_terms`.

    Returns
    -------
    dict
        ``price_usd``, ``unit`` (as the Azure Retail Prices answer writes it: the price is for the term) and
        ``effective_start_date``.

    Raises
    ------
    ValueError
        When the table has no price for that term, level and region: the Azure Retail Prices answer the tables were
        read from (:data:`PRICE_SNAPSHOT_DATE`) listed none. ``tools/prices.py`` records them when it does.

    Notes
    -----
    A reservation is bought per region and service level, in units of 100 TiB or 1 PiB, for one or three years, and
    covers the pools' capacity of that level in that region; of a pool with cool access, only the hot tier [13]_.

    Examples
    --------
    >>> reserved_price("eastus", "Premium", "1 Year")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the price tables (2026-01-29) have no 1 Year reservation price for Premium in eastus: ...
    """
    checks.choice("region", region, _names()[0])
    checks.choice("service_level", service_level, reservation_service_levels())
    checks.choice("term", term, reservation_terms())
    row = _reservations().get((region, CAPACITY_METERS[service_level], term))
    if row is None:
        raise ValueError(f"the price tables ({PRICE_SNAPSHOT_DATE}) have no {term} reservation price for "
                         f"{service_level} in {region}: the Azure Retail Prices answer they were read from lists "
                         f"none; price pay-as-you-go (price) instead")
    return {"price_usd": float(row["price_usd"]), "unit": row["unit"],
            "effective_start_date": row["effective_start_date"]}
