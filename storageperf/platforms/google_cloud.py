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
.. [9] Google, gcpdiag's transcription of "Performance by machine type and vCPU count" and of the limits per GiB
   (GoogleCloudPlatform/gcpdiag, disk_performance_benchmark, 2024-08-08): ``google_cloud_machine_limits.csv``.
.. [10] Cyclenerd, pricing.yml, 2025-03-06: the N2 types' vCPUs, memory and us-central1 prices.
.. [11] Cyclenerd, google-cloud-compute-machine-types, instances/series/n2.sql (2026-03-22): N2's default egress.
"""
from __future__ import annotations

import functools

import numpy as np

from .. import checks, data
from ..concepts import units

_PRICES = "google_cloud_prices"
_LIMITS = "google_cloud_limits"
_MACHINES = "google_cloud_machine_types"
_MACHINE_LIMITS = "google_cloud_machine_limits"

#: The unit Google states Persistent Disk throughput in: MiB/s, whatever a page heads it ("MBps", "MB/s") [5]_ [6]_.
THROUGHPUT_UNIT = "MiB/s"
#: The unit Google bills disk capacity and memory in: its "GB" is 2^30 bytes [3]_ [4]_.
BILLING_UNIT = "GiB"

#: The price row of each machine type priced: Google's own worked example for n1-standard-8, the 2025-03-06
#: Billing Catalog snapshot for n1-standard-32 and the N2 types (us-central1). custom-4-16384 has none (no custom
#: price was found).
_VM_PRICE_ROW = {"n1-standard-8": "n1s8_hour", "n1-standard-32": "n1s32_hour_2025"}
#: N2 types: the snapshot's month, which carries Google's full-month N2 sustained-use discount (its tiers are not
#: in the guide's data), beside the hour.
_N2_MONTH_ROW = "n2s{}_month_2025"
#: Machine families that get the sustained-use discount's 30 % tiers (Google's "Maximum of 30% monthly SUDs").
SUSTAINED_USE_FAMILIES = ("n1",)
#: The name of the limit :func:`pd_write_egress_mb_per_s` gives, as a bound names it when it binds.
EGRESS_LIMIT = "write egress cap"


@functools.cache
def _price_rows():
    table = data.load(_PRICES)
    n2 = table[table["id"].str.fullmatch(r"n2s\d+_hour_2025")]
    return {**_VM_PRICE_ROW, **dict(zip(n2["machine_type"], n2["id"]))}


def machine_types_priced():
    """Machine types with an on-demand price in the table, sorted."""
    return sorted(_price_rows())


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
        Apply the sustained-use discount of a VM that runs the whole month (N1: 30 %; N2: the snapshot's month,
        0.8002 of 730 hours [10]_).

    Returns
    -------
    float
        ``price per hour x 730 h x sustained_use_factor(1)`` (N1), the snapshot's month (N2), or ``price per hour x
        730 h`` without the discount. [USD]

    Examples
    --------
    >>> round(vm_monthly_cost_usd("n1-standard-8", sustained_use=False), 2)
    277.4
    >>> round(vm_monthly_cost_usd("n1-standard-8"), 2)
    194.18
    >>> round(vm_monthly_cost_usd("n2-standard-32"), 2), round(vm_monthly_cost_usd("n2-standard-32", False), 2)
    (907.7, 1134.34)
    """
    rows = _price_rows()
    checks.choice("machine_type", machine_type, machine_types_priced())
    checks.boolean("sustained_use", sustained_use)
    if sustained_use and machine_type.startswith("n2-"):
        return data.value(_PRICES, _N2_MONTH_ROW.format(machine_type.rsplit("-", 1)[1]), "USD per month")
    month = data.value(_PRICES, rows[machine_type], "USD per hour") * units.HOURS_PER_MONTH
    if sustained_use and machine_type.split("-")[0] in SUSTAINED_USE_FAMILIES:
        month *= sustained_use_factor(1.0)
    return month


#: The Persistent Disk types the guide sizes data disks on: SSD (pd-ssd) and Balanced (pd-balanced); Standard
#: (pd-standard) is priced for Cloud Volumes ONTAP's core disk only.
DISK_TYPES = ("pd-ssd", "pd-balanced")
#: Each priced disk type's price row and its limits' rows per GiB (IOPS, MiBps): zonal SSD's are the earlier
#: version's 30 IOPS and 0.48 MiBps, Balanced's Google's 6 IOPS (gcpdiag's transcription) and 0.28 MiBps.
_DISK_ROWS = {"pd-ssd": ("pd_ssd_gb_month", "pd_ssd_iops_per_gb_early", "pd_ssd_write_iops_per_gb_early",
                         "pd_ssd_throughput_per_gib"),
              "pd-balanced": ("pd_balanced_gb_month_2025", "pd_balanced_iops_per_gib", "pd_balanced_iops_per_gib",
                              "pd_balanced_throughput_per_gib"),
              "pd-standard": ("pd_standard_gb_month", None, None, None)}


def pd_monthly_cost_usd(size_gib, disks=1, disk_type="pd-ssd"):
    """Price of Persistent Disk capacity for a month, billed per GB of 2^30 bytes.

    Parameters
    ----------
    size_gib : float or array-like
        Size of each disk, greater than 0. [GiB]
    disks : int
        Number of disks, at least 1. [-]
    disk_type : {"pd-ssd", "pd-balanced", "pd-standard"}
        SSD (Google's US example, 0.17 USD), Balanced (us-central1, 2025-03-06) or Standard (Google's example).

    Returns
    -------
    float or numpy.ndarray
        ``disks x size [GiB] x price per GiB-month``. [USD]

    Examples
    --------
    Two disks of 4 TiB (4,096 GiB each): 8,192 GiB x 0.17 USD, not 8,000 GB x 0.17 USD; Google's Standard example,
    200 GB for 8.00 USD a month, is 0.04 USD per GiB.

    >>> round(pd_monthly_cost_usd(4096, 2), 2), round(pd_monthly_cost_usd(315, disk_type="pd-standard"), 2)
    (1392.64, 12.6)
    >>> round(pd_monthly_cost_usd(4096, disk_type="pd-balanced"), 2)
    409.6
    """
    size = checks.positive("size_gib", size_gib, "GiB")
    n = checks.counts("disks", disks, 1)
    row = _DISK_ROWS[checks.choice("disk_type", disk_type, tuple(_DISK_ROWS))][0]
    return checks.scalar_or_array(n * size * data.value(_PRICES, row, "USD per GiB-month"))


def pd_size_limits(size_gib, disk_type="pd-ssd"):
    """What Persistent Disk capacity allows, before any per-instance limit: IOPS and throughput per GiB.

    Parameters
    ----------
    size_gib : float or array-like
        Total capacity of one disk type attached, greater than 0. [GiB]
    disk_type : {"pd-ssd", "pd-balanced"}

    Returns
    -------
    dict
        ``iops`` (read) and ``write_iops`` [IOPS], ``mibps`` (read, and write alike) [MiB/s].

    Notes
    -----
    SSD: 30 read and 30 write IOPS and 0.48 MiBps per GiB [5]_ [6]_; Balanced: 6 and 6 IOPS and 0.28 MiBps per GiB
    [5]_ [9]_. The per-instance limits of the machine type cap all three. They are also one disk's own limits: the
    500 GiB NVRAM disk of a Cloud Volumes ONTAP node (SSD) allows 15,000 write IOPS and 240 MiB/s whatever the VM.

    Examples
    --------
    The 60,000 read IOPS of an N1 VM with 32 vCPUs need 2,000 GiB of SSD; its 1,200 MiB/s need 2,500 GiB:

    >>> pd_size_limits(2000)["iops"], pd_size_limits(2500)["mibps"]
    (60000.0, 1200.0)
    >>> pd_size_limits(500)["write_iops"], pd_size_limits(500)["mibps"]
    (15000.0, 240.0)
    >>> pd_size_limits(1000, "pd-balanced")["iops"], pd_size_limits(1000, "pd-balanced")["mibps"]
    (6000.0, 280.0)
    """
    size = checks.positive("size_gib", size_gib, "GiB")
    _, read, write, mib = _DISK_ROWS[checks.choice("disk_type", disk_type, DISK_TYPES)]
    return {"iops": checks.scalar_or_array(size * data.value(_LIMITS, read, "IOPS per GiB")),
            "write_iops": checks.scalar_or_array(size * data.value(_LIMITS, write, "IOPS per GiB")),
            "mibps": checks.scalar_or_array(size * data.value(_LIMITS, mib, "MiBps per GiB"))}


def pd_size_needed_gib(iops=0.0, mibps=0.0, disk_type="pd-ssd"):
    """The smallest Persistent Disk capacity whose per-GiB limits allow an IOPS and a throughput need.

    Parameters
    ----------
    iops : float or array-like
        Disk IOPS needed, 0 or more. [IOPS]
    mibps : float or array-like
        Disk throughput needed, 0 or more. [MiB/s]
    disk_type : {"pd-ssd", "pd-balanced"}

    Returns
    -------
    float or numpy.ndarray
        ``max(iops / IOPS per GiB, MiB/s / MiBps per GiB)`` (:func:`pd_size_limits`). [GiB]

    Examples
    --------
    >>> pd_size_needed_gib(iops=15_000, mibps=240), pd_size_needed_gib(iops=15_000, disk_type="pd-balanced")
    (500.0, 2500.0)
    """
    need_iops = checks.in_range("iops", iops, 0, float("inf"), "IOPS")
    need_mib = checks.in_range("mibps", mibps, 0, float("inf"), "MiB/s")
    per_gib = pd_size_limits(1.0, disk_type)
    return checks.scalar_or_array(np.maximum(need_iops / per_gib["iops"], need_mib / per_gib["mibps"]))


@functools.cache
def machine_types():
    """The machine types sold today whose Persistent Disk limits the guide holds, fewest vCPUs first."""
    table = data.load(_MACHINES)
    vcpu = table[table["unit"] == "vCPU"].set_index("machine_type")["value"]
    return tuple(vcpu.sort_values(kind="stable").index)


def machine_type(name):
    """vCPUs, memory and default egress bandwidth of a machine type of :func:`machine_types`.

    Returns
    -------
    dict
        ``vcpu``; ``memory_gib`` [GiB]; ``egress_gbps`` [Gbps] (without Tier_1 networking) [10]_ [11]_.

    Examples
    --------
    >>> machine_type("n2-standard-16")
    {'vcpu': 16.0, 'memory_gib': 64.0, 'egress_gbps': 32.0}
    """
    return dict(_machine_type(checks.choice("machine_type", name, machine_types())))


@functools.cache
def _machine_type(name):
    rows = data.load(_MACHINES).set_index("id")
    short = "n2s" + name.rsplit("-", 1)[1]
    return {key: float(rows.loc[f"{short}_{row}", "value"]) for key, row in
            (("vcpu", "vcpu"), ("memory_gib", "memory"), ("egress_gbps", "egress"))}


def machine_pd_limits(name, disk_type="pd-ssd"):
    """The most Persistent Disk IOPS and throughput a VM of a machine type gets, whatever its disks' size.

    Parameters
    ----------
    name : str
        A machine type of :func:`machine_types`.
    disk_type : {"pd-ssd", "pd-balanced"}

    Returns
    -------
    dict
        ``read_iops``, ``write_iops`` [IOPS]; ``read_mibps``, ``write_mibps`` [MiB/s]: the row of Google's table
        for the family and disk type that the machine type's vCPUs fall in [9]_.

    Examples
    --------
    >>> ssd, balanced = machine_pd_limits("n2-standard-32"), machine_pd_limits("n2-standard-32", "pd-balanced")
    >>> ssd["read_iops"], balanced["read_iops"]
    (60000.0, 50000.0)
    """
    checks.choice("machine_type", name, machine_types())
    return dict(_machine_pd_limits(name, checks.choice("disk_type", disk_type, DISK_TYPES)))


@functools.cache
def _machine_pd_limits(name, disk_type):
    vcpu = _machine_type(name)["vcpu"]
    rows = data.load(_MACHINE_LIMITS)
    rows = rows[(rows["family"] == name.split("-")[0]) & (rows["disk_type"] == disk_type)
                & (rows["min_vcpu"] <= vcpu)].sort_values("min_vcpu")
    row = rows.iloc[-1]
    return {k: float(row[k]) for k in ("read_iops", "write_iops", "read_mibps", "write_mibps")}


@functools.cache
def _egress_row(vcpu, prefix):
    rows = data.load(_LIMITS)
    rows = rows[rows["id"].str.startswith(prefix) & (rows["min_vcpu"] <= vcpu)].sort_values("min_vcpu")
    return rows.iloc[-1]["id"]


def egress_cap_mb_per_s(vcpu):
    """A VM's network egress cap by its vCPUs, the N1 table's (N2's default caps by vCPU are the same).

    Parameters
    ----------
    vcpu : int
        The VM's vCPUs, at least 1. [-]

    Returns
    -------
    dict
        ``cap`` [MB/s] (the N1 table's row [8]_) and ``other`` [MB/s]: what is left of it for egress other than
        Persistent Disk writes where the two contend, the 40 % beside the writes' 60 % [8]_.

    Notes
    -----
    N2's default egress (10 Gbps at 4 vCPUs, 16 at 8, 32 from 16) [11]_ is the N1 table's cap at the same vCPUs:
    :func:`machine_type` holds it, and the tests check the two agree for every N2 type the guide sizes.

    Examples
    --------
    >>> egress_cap_mb_per_s(8)
    {'cap': 2000.0, 'other': 800.0}
    """
    n = checks.in_range("vcpu", vcpu, 1, float("inf"), "vCPUs", one=True)
    cap = data.value(_LIMITS, _egress_row(n, "n1_egress_cap_"), "MB/s")
    share = data.value(_LIMITS, "pd_write_egress_share", "%") / 100
    return {"cap": cap, "other": cap * (1 - share)}


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
    return data.value(_LIMITS, _egress_row(n, "n1_pd_write_egress_"), "MB/s")
