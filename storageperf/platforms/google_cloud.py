"""Google Cloud: what a Compute Engine VM and its SSD Persistent Disks cost a month.

Prices are read from ``data/platforms/google_cloud_prices.csv``: Google's own worked examples where they give a
price, and OpenCost's us-central1 defaults (which reproduce Google's n1-standard-8 price exactly) for the N1
vCPU and memory rates.

References
----------
.. [1] Google Cloud, "Disk and image pricing" (n1-standard-8 and SSD Persistent Disk prices).
.. [2] OpenCost, ``configs/default.json`` (N1 vCPU and memory rates, us-central1).
"""
from __future__ import annotations

from .. import _checks, data
from ..concepts import units

_PRICES = "google_cloud_prices"


def machine_types_priced():
    """Machine types with an on-demand price in the table, sorted."""
    return sorted(data.load(_PRICES)["machine_type"].dropna().unique())


def vm_monthly_cost_usd(machine_type):
    """On-demand price of a VM for a month, or NaN where the table has no price for the machine type.

    Parameters
    ----------
    machine_type : str
        A Compute Engine machine type, e.g. ``"n1-standard-8"``.

    Returns
    -------
    float
        ``price per hour x 730 h``. [USD]

    Examples
    --------
    >>> round(vm_monthly_cost_usd("n1-standard-8"), 2)
    277.4
    """
    if not isinstance(machine_type, str):
        raise TypeError(f"machine_type must be a string, got {machine_type!r}")
    prices = data.load(_PRICES).dropna(subset=["machine_type"]).set_index("machine_type")
    if machine_type not in prices.index:
        return float("nan")
    return data.value(_PRICES, prices.loc[machine_type, "id"], "USD per hour") * units.HOURS_PER_MONTH


def ssd_pd_monthly_cost_usd(disk_tb, disks=1):
    """Price of SSD Persistent Disk capacity for a month.

    Parameters
    ----------
    disk_tb : float or array-like
        Size of each disk, greater than 0. [TB]
    disks : int
        Number of disks, at least 1. [-]

    Returns
    -------
    float or numpy.ndarray
        ``disks x size [GB] x price per GB-month``. [USD]

    Examples
    --------
    Two 4 TB disks:

    >>> round(ssd_pd_monthly_cost_usd(4, 2))
    1360
    """
    size = _checks.positive("disk_tb", disk_tb, "TB")
    n = _checks.in_range("disks", disks, 1, float("inf"))
    gb_month = data.value(_PRICES, "pd_ssd_gb_month", "USD per GB-month")
    return _checks.scalar_or_array(n * units.convert(size, "TB", "GB") * gb_month)
