"""Google Cloud: what a Compute Engine VM and its SSD Persistent Disks cost a month, and what the disks allow.

Google's units. Google bills disk size and machine memory in "GB" of 2^30 bytes ("calculated in gigabytes (GB),
where 1 GB is 2^30 bytes. This unit of measurement is also known as a gibibyte (GiB)" [3]_; "1 TiB is 2^40 bytes,
or 1024 JEDEC GBs" [4]_) and states Persistent Disk throughput in MiBps [5]_. An earlier version of the same page
gave the same numbers (0.48 per GB of disk, 1,200 per instance) headed "MB/s" [6]_: Google's MB/s, like its GB,
is binary. Read as decimal, every Google throughput limit is 4.9 % too low.

Prices are read from ``data/platforms/google_cloud_prices.csv``: Google's own worked examples, OpenCost's
us-central1 defaults, a dated snapshot of Google's Cloud Billing Catalog API, and the sustained-use discount's
tiers. Limits per GiB of disk are read from ``data/platforms/google_cloud_limits.csv``.

References
----------
.. [1] Google Cloud, "Disk and image pricing" (n1-standard-8, SSD and Standard Persistent Disk prices), undated copy.
.. [2] OpenCost, ``configs/default.json`` (N1 vCPU and memory rates, us-central1); Cyclenerd,
   ``google-cloud-pricing-cost-calculator`` pricing.yml, 2025-03-06 (n1-standard-32, us-central1).
.. [3] Google Cloud, "VM instance pricing", archive capture of 2021-01-19.
.. [4] Google Cloud, "Disk and image pricing", its statement of units (undated copy).
.. [5] Google Cloud, "About Persistent Disk performance", throughput limits for zonal Persistent Disk (undated copy).
.. [6] Google Cloud, "Block storage performance", an earlier version of [5] (undated copy).
.. [7] Google Cloud, "Sustained use discounts" (undated copy); Google Cloud Pricing Calculator price list v1.13,
   2017-08-01 (the tiers).
.. [8] Google Cloud, "Optimize Persistent Disk performance", "Network egress caps on write throughput": the table of
   N1 VMs' most Persistent Disk write bandwidth (its Korean edition, undated copy; the English copy read here stops
   before the table).
"""
from __future__ import annotations

import numpy as np

from .. import checks, data
from ..concepts import units

_PRICES = "google_cloud_prices"
_LIMITS = "google_cloud_limits"

#: The unit Google states Persistent Disk throughput in: MiB/s, whatever a page heads it ("MBps", "MB/s") [5]_ [6]_.
THROUGHPUT_UNIT = "MiB/s"
#: The unit Google bills disk capacity and memory in: its "GB" is 2^30 bytes [3]_ [4]_.
BILLING_UNIT = "GiB"

#: The price row of each machine type priced: Google's own worked example for n1-standard-8, the 2025-03-06
#: Billing Catalog snapshot for n1-standard-32. custom-4-16384 has none (no custom price was found).
_VM_PRICE_ROW = {"n1-standard-8": "n1s8_hour", "n1-standard-32": "n1s32_hour_2025"}
#: Machine families that get the sustained-use discount's 30 % tiers (Google's "Maximum of 30% monthly SUDs").
SUSTAINED_USE_FAMILIES = ("n1",)
#: The name of the limit :func:`pd_write_egress_mb_per_s` gives, as a bound names it when it binds.
EGRESS_LIMIT = "write egress cap"


def machine_types_priced():
    """Machine types with an on-demand price in the table, sorted."""
    return sorted(_VM_PRICE_ROW)


def sustained_use_factor(share_of_month):
    """What a VM that runs part of a month pays, as a share of its on-demand price for that time (N1).

    Parameters
    ----------
    share_of_month : float or array-like
        Share of the month the VM runs, 0 to 1 (730 h is 1). [-]

    Returns
    -------
    float or numpy.ndarray
        Price paid over on-demand price for the hours run, 0.7 for a whole month. [-]

    Notes
    -----
    Google's tiers [7]_: each quarter of the month is charged at 100 %, 80 %, 60 % and 40 % of the base rate, so a
    full month pays ``0.25 (1 + 0.8 + 0.6 + 0.4) = 0.7``, the "up to a 30% net discount" Google states today for N1.

    Examples
    --------
    >>> round(sustained_use_factor(1.0), 3), round(sustained_use_factor(0.5), 3), sustained_use_factor(0.25)
    (0.7, 0.9, 1.0)
    """
    f = checks.fraction("share_of_month", share_of_month)
    step = data.value(_PRICES, "sud_tier_month_share", "share of month")
    rates = [data.value(_PRICES, f"sud_tier_{i}", "share of base rate") for i in range(1, 5)]
    paid = sum(rate * np.clip(f - i * step, 0, step) for i, rate in enumerate(rates))
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(f > 0, paid / np.where(f > 0, f, 1), rates[0])
    return checks.scalar_or_array(out)


def vm_monthly_cost_usd(machine_type, sustained_use=True):
    """Price of a VM running a whole month, or NaN where the table has no price for the machine type.

    Parameters
    ----------
    machine_type : str
        A Compute Engine machine type, e.g. ``"n1-standard-8"``.
    sustained_use : bool
        Apply the sustained-use discount of a VM that runs the whole month (N1: 30 %).

    Returns
    -------
    float
        ``price per hour x 730 h x sustained_use_factor(1)``. [USD]

    Examples
    --------
    >>> round(vm_monthly_cost_usd("n1-standard-8", sustained_use=False), 2)
    277.4
    >>> round(vm_monthly_cost_usd("n1-standard-8"), 2)
    194.18
    """
    checks.choice("machine_type", machine_type, machine_types_priced())
    checks.boolean("sustained_use", sustained_use)
    month = data.value(_PRICES, _VM_PRICE_ROW[machine_type], "USD per hour") * units.HOURS_PER_MONTH
    if sustained_use and machine_type.split("-")[0] in SUSTAINED_USE_FAMILIES:
        month *= sustained_use_factor(1.0)
    return month


def _pd_monthly_cost_usd(size_gib, disks, price_row):
    """``disks x size [GiB] x`` the GiB-month price of ``price_row`` in the price table. [USD]"""
    size = checks.positive("size_gib", size_gib, "GiB")
    n = checks.counts("disks", disks, 1)
    return checks.scalar_or_array(n * size * data.value(_PRICES, price_row, "USD per GiB-month"))


def ssd_pd_monthly_cost_usd(size_gib, disks=1):
    """Price of SSD Persistent Disk capacity for a month, billed per GB of 2^30 bytes.

    Parameters
    ----------
    size_gib : float or array-like
        Size of each disk, greater than 0. [GiB]
    disks : int
        Number of disks, at least 1. [-]

    Returns
    -------
    float or numpy.ndarray
        ``disks x size [GiB] x price per GiB-month``. [USD]

    Examples
    --------
    Two disks of 4 TiB (4,096 GiB each): 8,192 GiB x 0.17 USD, not 8,000 GB x 0.17 USD.

    >>> round(ssd_pd_monthly_cost_usd(4096, 2), 2)
    1392.64
    """
    return _pd_monthly_cost_usd(size_gib, disks, "pd_ssd_gb_month")


def standard_pd_monthly_cost_usd(size_gib, disks=1):
    """Price of Standard Persistent Disk capacity for a month, billed per GB of 2^30 bytes.

    Parameters
    ----------
    size_gib : float or array-like
        Size of each disk, greater than 0. [GiB]
    disks : int
        Number of disks, at least 1. [-]

    Returns
    -------
    float or numpy.ndarray
        ``disks x size [GiB] x price per GiB-month`` (Google's example: 200 GB for 8.00 USD a month). [USD]

    Examples
    --------
    >>> round(standard_pd_monthly_cost_usd(315), 2)
    12.6
    """
    return _pd_monthly_cost_usd(size_gib, disks, "pd_standard_gb_month")


def ssd_pd_size_limits(size_gib):
    """What SSD Persistent Disk capacity allows, before any per-instance limit: IOPS and throughput per GiB.

    Parameters
    ----------
    size_gib : float or array-like
        Total SSD Persistent Disk capacity attached, greater than 0. [GiB]

    Returns
    -------
    dict
        ``iops`` (read) and ``write_iops`` [IOPS], ``mibps`` (read, and write alike) [MiB/s].

    Notes
    -----
    30 read and 30 write IOPS and 0.48 MiBps per GiB [5]_ [6]_; the per-instance limits of the machine type cap all
    three. They are also one disk's own limits: the 500 GiB NVRAM disk of a Cloud Volumes ONTAP node allows 15,000
    write IOPS and 240 MiB/s whatever the VM.

    Examples
    --------
    The 60,000 read IOPS of an N1 VM with 32 vCPUs need 2,000 GiB; its 1,200 MiB/s need 2,500 GiB:

    >>> ssd_pd_size_limits(2000)["iops"], ssd_pd_size_limits(2500)["mibps"]
    (60000.0, 1200.0)
    >>> ssd_pd_size_limits(500)["write_iops"], ssd_pd_size_limits(500)["mibps"]
    (15000.0, 240.0)
    """
    size = checks.positive("size_gib", size_gib, "GiB")
    # zonal SSD: 30 IOPS per GiB in the earlier version (written "per GB": Google's GB is a GiB); today's regional
    # SSD row is 30 per GiB
    iops = data.value(_LIMITS, "pd_ssd_iops_per_gb_early", "IOPS per GiB")
    write_iops = data.value(_LIMITS, "pd_ssd_write_iops_per_gb_early", "IOPS per GiB")
    mibps = data.value(_LIMITS, "pd_ssd_throughput_per_gib", "MiBps per GiB")
    return {"iops": checks.scalar_or_array(size * iops), "write_iops": checks.scalar_or_array(size * write_iops),
            "mibps": checks.scalar_or_array(size * mibps)}


def ssd_pd_size_needed_gib(iops=0.0, mibps=0.0):
    """The smallest SSD Persistent Disk capacity whose per-GiB limits allow an IOPS and a throughput need.

    Parameters
    ----------
    iops : float or array-like
        Disk IOPS needed, 0 or more. [IOPS]
    mibps : float or array-like
        Disk throughput needed, 0 or more. [MiB/s]

    Returns
    -------
    float or numpy.ndarray
        ``max(iops / 30, MiB/s / 0.48)``. [GiB]

    Examples
    --------
    >>> ssd_pd_size_needed_gib(iops=15_000, mibps=240)
    500.0
    """
    need_iops = checks.in_range("iops", iops, 0, float("inf"), "IOPS")
    need_mib = checks.in_range("mibps", mibps, 0, float("inf"), "MiB/s")
    per_gib = ssd_pd_size_limits(1.0)
    return checks.scalar_or_array(np.maximum(need_iops / per_gib["iops"], need_mib / per_gib["mibps"]))


def pd_write_egress_mb_per_s(vcpu):
    """The most Persistent Disk write traffic an N1 VM can issue within its network egress cap, the network fully used.

    Parameters
    ----------
    vcpu : int
        The VM's vCPUs, at least 1. [-]

    Returns
    -------
    float
        Bytes a client of the disks writes, per second, at most [MB/s]: Google's "maximum write bandwidth at full
        network utilization" of the row of the table the vCPUs fall in [8]_.

    Notes
    -----
    Persistent Disk writes leave the VM through its network egress, each byte written several times for redundancy
    with some overhead per request (Google's bandwidth multiplier, about 1.16 for zonal disks). Where disk writes
    contend with other egress, 60 % of the egress cap goes to them [8]_; this is that case, the one of a file server,
    whose reads leave through the same egress. Google's table is for N1 VMs; its MB/s are decimal (it derives 250 MB/s
    from 2 Gbit/s over 8 bits).

    Examples
    --------
    n1-standard-8 (8 vCPUs) and n1-standard-32:

    >>> pd_write_egress_mb_per_s(8), pd_write_egress_mb_per_s(32)
    (1034.0, 2069.0)
    """
    n = checks.in_range("vcpu", vcpu, 1, float("inf"), "vCPUs", one=True)
    rows = data.load(_LIMITS).dropna(subset=["min_vcpu"])
    row = rows[rows["min_vcpu"] <= n].sort_values("min_vcpu").iloc[-1]
    return data.value(_LIMITS, row["id"], "MB/s")
