"""What Azure NetApp Files capacity and throughput cost a month.

Prices come from ``data/anf_prices.csv``: the Azure Retail Prices snapshot of every Azure NetApp Files meter,
committed to Azure/azure-netapp-files on 2026-01-29 (:data:`PRICE_SNAPSHOT_DATE`). Azure bills provisioned
capacity by the hour; a month is :data:`storageperf.units.HOURS_PER_MONTH` hours.

References
----------
.. [1] Microsoft Learn, "Cost model for Azure NetApp Files", 2026-06-15: "The service meters all consumption
   hourly and invoices monthly"; a Flexible pool is billed for capacity plus throughput above the baseline.
.. [2] Azure Retail Prices, Azure NetApp Files meters, snapshot in Azure/azure-netapp-files
   docs/calc/beta/pricing-data.json (commit 5bd1556, 2026-01-29).
"""
from __future__ import annotations

import numpy as np

from . import _checks, units
from .anf import SERVICE_LEVELS, flexible_throughput_range_mibps
from .data import _read, limit

_CAPACITY_METER = {"Standard": "Standard Capacity", "Premium": "Premium Capacity", "Ultra": "Ultra Capacity",
                   "Flexible": "Flexible Service Level Capacity"}
_THROUGHPUT_METER = "Flexible Service Level Throughput MiBps"

#: Date of the price snapshot (its row in ``data/documents.csv``).
PRICE_SNAPSHOT_DATE = _read("documents").set_index("id").loc["azure-retail-prices-anf", "date"]


def regions():
    """Regions with prices in the snapshot, sorted (Azure ``armRegionName``, e.g. ``"eastus"``)."""
    return sorted(_read("anf_prices")["region"].unique())


def price(region, meter):
    """One price from the snapshot.

    Parameters
    ----------
    region : str
        An Azure region name from :func:`regions`, e.g. ``"eastus"``.
    meter : str
        A meter name of ``data/anf_prices.csv``, e.g. ``"Premium Capacity"``.

    Returns
    -------
    dict
        ``price_usd``, ``unit`` (``1 GiB/Hour``, ``1/Hour`` or ``1 GiB``) and ``effective_start_date``.

    Examples
    --------
    >>> price("eastus", "Premium Capacity")["price_usd"]
    0.000403
    """
    table = _read("anf_prices")
    _checks.choice("region", region, regions())
    meters = sorted(table["meter"].unique())
    _checks.choice("meter", meter, meters)
    row = table[(table["region"] == region) & (table["meter"] == meter)]
    if row.empty:
        raise ValueError(f"region {region!r} has no price for {meter!r} in the {PRICE_SNAPSHOT_DATE} snapshot; "
                         f"choose another region")
    row = row.iloc[0]
    return {"price_usd": float(row["price_usd"]), "unit": row["unit"], "effective_start_date": row["effective_start_date"]}


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
    _checks.choice("service_level", service_level, SERVICE_LEVELS + ("Flexible",))
    low, high = limit("capacity_pool_min")["value"], limit("capacity_pool_max")["value"]
    cap = _checks.in_range("capacity_tib", capacity_tib, low, high, "TiB", "for a capacity pool")
    p = price(region, _CAPACITY_METER[service_level])
    gib = units.convert(cap, "TiB", "GiB")
    return _checks.scalar_or_array(gib * p["price_usd"] * units.HOURS_PER_MONTH)


def monthly_flexible_throughput_cost_usd(throughput_mibps, pool_tib, region="eastus"):
    """Monthly cost of the throughput a Flexible pool is given above its included baseline.

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput assigned to the pool, within :func:`storageperf.anf.flexible_throughput_range_mibps`. [MiB/s]
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
    ``(throughput - 128 MiB/s) x price [USD per MiB/s-hour] x 730 h`` [1]_.

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
    tp = _checks.in_range("throughput_mibps", throughput_mibps, base, np.max(top), "MiB/s",
                          f"for a {float(np.max(pool_tib)):g} TiB Flexible pool")
    p = price(region, _THROUGHPUT_METER)
    return _checks.scalar_or_array((tp - base) * p["price_usd"] * units.HOURS_PER_MONTH)
