"""Azure VMs and managed disks: the disk throttles a read meets on its way, with and without host caching.

An Azure VM caps the disk I/O it issues twice: a *cached* limit for reads the host's cache (BlobCache) serves,
shared with the temporary disk, and an *uncached* limit for I/O that goes to the remote disks; each managed disk
has its own IOPS and throughput limit on top. Every limit is read from ``data/platforms/azure_vm_limits.csv``,
which cites Microsoft's size tables row by row.

References
----------
.. [1] Microsoft Learn, "Memory optimized Dv2 and DSv2-series" (Standard_DS14_v2 row), 2020-02-03; the same rows in
   its 2022-12-21 revision, which the table cites. The series is End of Life, retiring 2028-05-01 (Microsoft
   Learn, "VM size series retirements", 2026-09-24).
.. [2] Microsoft Learn, "Premium SSD sizes" (P20 to P50 columns, base provisioned), 2023-03-16.
.. [3] Microsoft Learn, "Dv5 and Dsv5-series" (Standard_D32_v5 row).
.. [4] Microsoft Learn, "Edv5 and Edsv5-series", 2021-10-20: "Max network egress bandwidth (Mbps)".
.. [5] Microsoft Learn, "Virtual machine network bandwidth", 2025-07-28: "The network bandwidth allocated to each
   virtual machine is measured on egress (outbound) traffic"; "Ingress isn't measured or limited directly."
.. [6] Microsoft Learn, "Virtual machine and disk performance", 2020-10-12: a read the host cache misses "is counted
   toward both the VM's uncached limit and the VM's cached limit"; so is a write.
.. [7] Microsoft Learn, "Premium Storage: Design for high performance", 2021-06-29, Disk caching: "Disk caching isn't
   supported for disks 4 TiB and larger"; "Deploy a Premium SSD v2", limitations include, 2023-03-27: "Premium SSDv2
   does NOT support host caching"; "Ultra disks" scope and limitations include, 2023-03-27: "only un-cached reads and
   un-cached writes are supported".
.. [8] Microsoft Learn, "VM size series retirements, capacity growth restrictions, and modernization guidance",
   2026-09-24: the Dsv2-series "Announced" for retirement on 05/01/28; "New subscriptions can't deploy the affected
   VM series."
.. [9] Microsoft Learn, "Edsv6 sizes series", 2024-08-01: "Premium Storage caching: Supported"; the Remote storage
   tab's uncached Premium SSD IOPS and MB/s, and no cached column; its burst IOPS and MB/s: "Burst speeds can be
   maintained for up to 30 minutes at a time."
.. [10] Microsoft Learn, "Managed disk bursting" (include), 2025-01-14: "VM-level bursting only uses the credit-based
   model for bursting"; a VM starts with "fully stocked credits", accrues them below its performance target, and "it
   takes less than a day to restock".
.. [11] Azure Retail Prices API, Virtual Machines, Linux pay-as-you-go (Consumption, USD; Windows, Low Priority and
   Spot meters left out), as Microsoft generated it into Azure/karpenter-provider-azure's pricing file on 2026-06-18.
.. [12] Microsoft Learn, "Azure managed disk types", 2026-08-11, Premium SSD v2: "up to 80,000 IOPS"; "2,000 MB/s is the
   maximum throughput supported for disks that have 8,000 IOPS or more"; "0.25 MB/s per set IOPS"; "500 per GiB";
   "a baseline IOPS of 3,000" and "a baseline throughput of 125 MB/s that is free of charge".
"""
from __future__ import annotations

import functools
import math

import numpy as np

from .. import checks, data
from ..concepts import bounds, units

_TABLE, _PRICES = "azure_vm_limits", "azure_vm_prices"
_PREFIX = {"Standard_D32_v5": "d32_v5", "Standard_DS12_v2": "ds12v2", "Standard_DS13_v2": "ds13v2",
           "Standard_DS14_v2": "ds14v2", "Standard_DS15_v2": "ds15v2", "Standard_E16d_v5": "e16d_v5",
           "Standard_E32d_v5": "e32d_v5", "Standard_E64d_v5": "e64d_v5", "Standard_E104id_v5": "e104id_v5",
           "P20": "p20", "P30": "p30", "P40": "p40", "P50": "p50",
           "Premium SSD": "premium_ssd", "Premium SSD v2": "premium_ssd_v2", "Ultra Disk": "ultra_disk"}


def _prefix(resource):
    """The prefix of a resource's ids in the table: the older rows' as :data:`_PREFIX` lists them, any other size's
    its name without ``Standard_``, in lower case."""
    return _PREFIX.get(resource) or resource.removeprefix("Standard_").lower()


def _vcpus(size):
    return data.value(_TABLE, f"{_prefix(size)}_vcpus", "vCPUs")


def _listed(series):
    """The sizes of a series the table gives whole, as the sale-status table lists them."""
    status = data.load("azure_vm_series_status")
    return tuple(status.loc[status["series"] == series, "vm_size"])


_LISTED = {series: _listed(series) for series in ("Edsv6", "Lsv3", "Lasv3")}
#: Sizes whose row in their size table does not add up (source_discrepancies.csv, azure-edsv6-01): transcribed, but
#: no answer is sized on them.
DOUBTFUL = ("Standard_E192ids_v6",)
#: The VM size families sold today that the table gives whole, smallest first: the memory-optimized Edsv6 (remote
#: disks), the storage-optimized Lsv3 and Lasv3 (local NVMe besides).
FAMILIES = {series: tuple(sorted((s for s in sizes if s not in DOUBTFUL), key=_vcpus))
            for series, sizes in _LISTED.items()}
#: VM sizes and disks with limits in the table.
VM_SIZES = tuple(k for k in _PREFIX if k.startswith("Standard_")) + sum(_LISTED.values(), ())
DISKS = ("P20", "P30", "P40", "P50")
#: Managed-disk types with the disk size below which they support host caching in the table.
DISK_TYPES = ("Premium SSD", "Premium SSD v2", "Ultra Disk")
_DISK_TYPE = dict.fromkeys(DISKS, "Premium SSD")
#: VM sizes with cached and uncached disk limits (and a host cache) in the table, smallest first.
DISK_SIZES = ("Standard_DS12_v2", "Standard_DS13_v2", "Standard_DS14_v2", "Standard_DS15_v2")
#: VM sizes sold today (Edsv6), smallest first: host caching supported, but their size table publishes only uncached
#: limits, no cached limit and no cache size [9]_.
UNCACHED_SIZES = FAMILIES["Edsv6"]
#: Each of :data:`DISK_SIZES` and the size sold today with its vCPUs, its successor.
SUCCESSORS = {old: next(new for new in UNCACHED_SIZES if _vcpus(new) == _vcpus(old)) for old in DISK_SIZES}
#: The storage-optimized sizes sold today with local NVMe disks in the table (:func:`local_nvme`), smallest first.
NVME_SIZES = FAMILIES["Lsv3"] + FAMILIES["Lasv3"]
#: VM sizes with VM-level burst limits in the table (:func:`burst_path_limits`).
BURST_SIZES = UNCACHED_SIZES
#: VM sizes with a network bandwidth in the table, smallest first.
NETWORK_SIZES = ("Standard_E16d_v5", "Standard_D32_v5", "Standard_E32d_v5", "Standard_E64d_v5", "Standard_E104id_v5")
#: Host-caching settings of a data disk (Azure's names) that this module tells apart.
CACHING_MODES = ("None", "ReadOnly")


def limit(resource, quantity, unit):
    """One limit of a VM size or disk.

    Parameters
    ----------
    resource : str
        One of :data:`VM_SIZES`, :data:`DISKS` or :data:`DISK_TYPES`.
    quantity : str
        What limit: e.g. ``cached_iops``, ``cached_mb_per_s``, ``uncached_iops``, ``uncached_mb_per_s``, ``network``,
        ``cache_size`` for a VM; ``iops``, ``mb_per_s``, ``size`` for a disk; ``host_cache_below`` for a disk type.
    unit : str
        The unit wanted (see :func:`storageperf.data.value`).

    Returns
    -------
    float
        [unit]

    Examples
    --------
    >>> limit("Standard_DS14_v2", "cached_mb_per_s", "MB/s"), limit("P30", "iops", "IOPS")
    (512.0, 5000.0)
    """
    checks.choice("resource", resource, VM_SIZES + DISKS + DISK_TYPES)
    checks.choice("quantity", quantity, _quantities(resource))
    return data.value(_TABLE, f"{_prefix(resource)}_{quantity}", unit)


@functools.cache
def _quantities(resource):
    """The quantities the table gives for one resource, sorted (read once)."""
    table = data.load(_TABLE)
    return tuple(sorted(i.removeprefix(_prefix(resource) + "_")
                        for i in table.loc[table["resource"] == resource, "id"]))


def host_caching_supported(disk):
    """Whether a disk (a size of :data:`DISKS`) or a disk type (:data:`DISK_TYPES`) can use host caching.

    Parameters
    ----------
    disk : str
        One of :data:`DISKS` or :data:`DISK_TYPES`.

    Returns
    -------
    bool
        For a disk, whether its size is under its type's ``host_cache_below``; for a type, whether any size is.

    Notes
    -----
    Microsoft: "Disk caching isn't supported for disks 4 TiB and larger" (Premium SSD); Premium SSD v2 and Ultra Disk
    support no host caching [7]_. P50 is 4,096 GiB, so it is the first Premium SSD size without it.

    Examples
    --------
    >>> [host_caching_supported(d) for d in ("P40", "P50", "Premium SSD v2", "Ultra Disk")]
    [True, False, False, False]
    """
    checks.choice("disk", disk, DISKS + DISK_TYPES)
    if disk in DISK_TYPES:
        return limit(disk, "host_cache_below", "TiB") > 0
    return limit(disk, "size", "TiB") < limit(_DISK_TYPE[disk], "host_cache_below", "TiB")


def check_host_caching(caching, disk):
    """Refuse host caching where Azure does not offer it; return ``caching``.

    Raises
    ------
    ValueError
        One line naming the caching, the disk and the rule, for ReadOnly on a disk of 4 TiB and larger or on a disk
        type without host caching [7]_.

    Examples
    --------
    >>> check_host_caching("ReadOnly", "P30"), check_host_caching("None", "P50")
    ('ReadOnly', 'None')
    """
    checks.choice("caching", caching, CACHING_MODES)
    if caching != "None" and not host_caching_supported(disk):
        if disk in DISK_TYPES:
            rule = f"{disk} supports no host caching"
        else:
            below = limit(_DISK_TYPE[disk], "host_cache_below", "TiB")
            rule = (f"{disk} is {limit(disk, 'size', 'GiB'):,.0f} GiB and host caching needs a disk under "
                    f"{below:g} TiB")
        raise ValueError(f"caching must be None on {disk}: {rule}; got {caching!r}")
    return caching


def check_vm_caching(vm_size, caching):
    """Check that ``vm_size`` is a size the guide holds limits for with this host caching; return it.

    A size of :data:`UNCACHED_SIZES` has uncached limits only: ReadOnly on it is refused, naming the sizes that
    have cached limits.

    Examples
    --------
    >>> check_vm_caching("Standard_E16ds_v6", "None")
    'Standard_E16ds_v6'
    """
    checks.choice("caching", caching, CACHING_MODES)
    checks.choice("vm_size", vm_size, DISK_SIZES + UNCACHED_SIZES)
    if caching == "ReadOnly" and vm_size in UNCACHED_SIZES:
        raise ValueError(f"caching 'ReadOnly' has no published limit on vm_size {vm_size!r}: its size table gives "
                         f"uncached limits only; use caching 'None', or one of {', '.join(DISK_SIZES)}")
    return vm_size


def disk_path_limits(vm_size, caching, disk, disk_count):
    """Per-VM IOPS and throughput limits of the path a read takes, with or without the host cache.

    Parameters
    ----------
    vm_size : str
        One of :data:`DISK_SIZES`, or with caching "None" one of :data:`UNCACHED_SIZES`.
    caching : {"None", "ReadOnly"}
        Host caching of the data disks.
    disk : str
        One of :data:`DISKS`.
    disk_count : int
        Data disks striped together on the VM, at least 1. [-]

    Returns
    -------
    dict
        ``throughput_mb_per_s`` [MB/s], ``iops`` [1/s], and ``throughput_binding``, ``iops_binding``: which limit sets
        each (``VM cached``, ``VM uncached`` or ``disks``).

    Notes
    -----
    ReadOnly: a read the cache serves meets only the VM's cached limit [1]_. None: the smaller of the VM's
    uncached limit and the disks' sum [1]_ [2]_. A ReadOnly read that misses the cache goes to the disks as well;
    this function gives the hit path. ReadOnly on a disk of 4 TiB and larger is refused (:func:`check_host_caching`).

    Examples
    --------
    The Cassandra cluster's node, a Standard_DS14_v2 with four P30 disks:

    >>> p = disk_path_limits("Standard_DS14_v2", "None", "P30", 4)
    >>> p["throughput_mb_per_s"], p["iops"], p["iops_binding"]
    (768.0, 20000.0, 'disks')
    """
    checks.choice("caching", caching, CACHING_MODES)
    n = checks.counts("disk_count", disk_count, 1, 64)
    check_vm_caching(vm_size, caching)
    checks.choice("disk", disk, DISKS)
    check_host_caching(caching, disk)
    if caching == "ReadOnly":
        return {"throughput_mb_per_s": limit(vm_size, "cached_mb_per_s", "MB/s"),
                "iops": limit(vm_size, "cached_iops", "IOPS"),
                "throughput_binding": "VM cached", "iops_binding": "VM cached"}
    return _vm_against_disks("VM uncached", limit(vm_size, "uncached_mb_per_s", "MB/s"),
                             limit(vm_size, "uncached_iops", "IOPS"), *_disks(disk, n))


def premium_v2_rules():
    """Premium SSD v2's provisioning rules [12]_: ``max_size`` [GiB], ``max_iops`` [1/s], ``max_mb_per_s`` [MB/s],
    ``iops_per_gib``, ``mb_per_s_per_iops``, and the ``baseline_iops`` and ``baseline_mb_per_s`` every disk has.

    Examples
    --------
    >>> premium_v2_rules()["max_iops"]
    80000.0
    """
    return {q: limit("Premium SSD v2", q, u) for q, u in (
        ("max_size", "GiB"), ("max_iops", "IOPS"), ("max_mb_per_s", "MB/s"), ("iops_per_gib", "IOPS per GiB"),
        ("mb_per_s_per_iops", "MB/s per IOPS"), ("baseline_iops", "IOPS"), ("baseline_mb_per_s", "MB/s"))}


def premium_v2_disks(capacity_gib, iops, mb_per_s):
    """The fewest Premium SSD v2 disks that hold the data and carry the IOPS and throughput, each set to its share.

    Parameters
    ----------
    capacity_gib : float
        Data to hold, greater than 0. [GiB]
    iops, mb_per_s : float
        IOPS and throughput to carry, at least 0, summed over the disks striped together. [1/s], [MB/s]

    Returns
    -------
    dict
        ``disks``; each disk's ``size_gib`` (whole GiB), ``iops`` and ``mb_per_s`` set, and the disks' sums
        ``total_iops`` and ``total_mb_per_s``.

    Notes
    -----
    Microsoft's rules [12]_: a disk holds up to ``max_size``, is set to up to ``max_iops`` and ``max_mb_per_s``,
    its IOPS at most ``iops_per_gib`` a GiB of its size and its throughput at most ``mb_per_s_per_iops`` an IOPS set;
    every disk has the baseline IOPS and throughput free. Each disk is set to an equal share, at least the baseline,
    its IOPS raised where its throughput needs them, and its size where its IOPS need it.

    Examples
    --------
    4 TiB at 240,000 IOPS and 1,966 MB/s: three disks of 80,000 IOPS each.

    >>> d = premium_v2_disks(4096, 240_000, 1966)
    >>> d["disks"], d["iops"], d["size_gib"]
    (3, 80000.0, 1366)
    """
    cap = checks.positive("capacity_gib", capacity_gib, "GiB", one=True)
    need_iops = checks.in_range("iops", iops, 0, np.inf, "IOPS", one=True)
    need_mb = checks.in_range("mb_per_s", mb_per_s, 0, np.inf, "MB/s", one=True)
    rule = premium_v2_rules()
    n = max(math.ceil(cap / rule["max_size"] - 1e-12), math.ceil(need_iops / rule["max_iops"] - 1e-12),
            math.ceil(need_mb / rule["max_mb_per_s"] - 1e-12), 1)
    mb_each = max(need_mb / n, rule["baseline_mb_per_s"])
    iops_each = max(need_iops / n, rule["baseline_iops"], mb_each / rule["mb_per_s_per_iops"])
    size = max(math.ceil(cap / n - 1e-9), math.ceil(iops_each / rule["iops_per_gib"] - 1e-9))
    return {"disks": n, "size_gib": size, "iops": iops_each, "mb_per_s": mb_each,
            "total_iops": n * iops_each, "total_mb_per_s": n * mb_each}


def _disks(disk, n):
    """``n`` disks' summed base limits: (MB/s, IOPS)."""
    return n * limit(disk, "mb_per_s", "MB/s"), n * limit(disk, "iops", "IOPS")


def _vm_against_disks(name, vm_mb_per_s, vm_iops, disks_mb_per_s, disks_iops):
    """The smaller of a VM's limit (called ``name``) and the disks' summed limits, for throughput and IOPS."""
    tp, tp_bind = bounds.tightest({name: vm_mb_per_s, "disks": disks_mb_per_s})
    iops, iops_bind = bounds.tightest({name: vm_iops, "disks": disks_iops})
    return {"throughput_mb_per_s": tp, "iops": iops, "throughput_binding": tp_bind, "iops_binding": iops_bind}


def premium_v2_path_limits(vm_size, iops, mb_per_s):
    """Per-VM uncached IOPS and throughput of Premium SSD v2 disks set to ``iops`` and ``mb_per_s`` in all, on a size
    whose table gives its own Ultra Disk and Premium SSD v2 limits [9]_.

    Parameters
    ----------
    vm_size : str
        One of :data:`UNCACHED_SIZES`.
    iops, mb_per_s : float
        The disks' IOPS and throughput set, summed (:func:`premium_v2_disks`), greater than 0. [1/s], [MB/s]

    Returns
    -------
    dict
        ``throughput_mb_per_s`` [MB/s], ``iops`` [1/s], and ``throughput_binding``, ``iops_binding`` (``VM uncached``
        or ``disks``), as :func:`disk_path_limits` gives them.

    Examples
    --------
    >>> p = premium_v2_path_limits("Standard_E32ds_v6", 80_000, 1_000)
    >>> p["iops"], p["iops_binding"], p["throughput_mb_per_s"], p["throughput_binding"]
    (66667.0, 'VM uncached', 1000.0, 'disks')
    """
    checks.choice("vm_size", vm_size, UNCACHED_SIZES)
    disks_iops = checks.positive("iops", iops, "IOPS", one=True)
    disks_mb = checks.positive("mb_per_s", mb_per_s, "MB/s", one=True)
    return _vm_against_disks("VM uncached", limit(vm_size, "v2_ultra_mb_per_s", "MB/s"),
                             limit(vm_size, "v2_ultra_iops", "IOPS"), disks_mb, disks_iops)


def burst_path_limits(vm_size, disk, disk_count):
    """Per-VM uncached IOPS and throughput while the VM bursts: a time-limited ceiling beside the sustained one.

    Parameters
    ----------
    vm_size : str
        One of :data:`BURST_SIZES`.
    disk : str
        One of :data:`DISKS`.
    disk_count : int
        Data disks striped together on the VM, 1 to 64. [-]

    Returns
    -------
    dict
        ``throughput_mb_per_s`` [MB/s], ``iops`` [1/s], ``throughput_binding`` and ``iops_binding`` (``VM burst`` or
        ``disks``), and ``minutes``, the longest a burst lasts at a time [min].

    Notes
    -----
    The smaller of the VM's burst limit and the disks' sum of base provisioned limits (disk bursting left out, as in
    :func:`disk_paths`). A burst spends credits the VM earns below its uncached limits and lasts up to 30 minutes at
    a time [9]_ [10]_: a sustained load meets :func:`disk_path_limits`, never this.

    Examples
    --------
    Four P30 bind a Standard_E16ds_v6 below its burst limit as below its sustained one; eight do not:

    >>> [burst_path_limits("Standard_E16ds_v6", "P30", n)["throughput_mb_per_s"] for n in (4, 8)]
    [800.0, 1250.0]
    """
    checks.choice("vm_size", vm_size, BURST_SIZES)
    checks.choice("disk", disk, DISKS)
    n = checks.counts("disk_count", disk_count, 1, 64)
    return {**_vm_against_disks("VM burst", limit(vm_size, "burst_mb_per_s", "MB/s"),
                                limit(vm_size, "burst_iops", "IOPS"), *_disks(disk, n)),
            "minutes": data.value(_TABLE, "edsv6_burst_minutes", "min")}


def network_mibps(vm_size):
    """Network bandwidth of a VM size: a limit on what it sends, a guide to what it receives.

    Parameters
    ----------
    vm_size : str
        One of :data:`NETWORK_SIZES`.

    Returns
    -------
    float
        The size table's network bandwidth. [MiB/s]

    Notes
    -----
    Azure measures and limits a VM's bandwidth on egress only [5]_: it caps an NFS client's writes. Reads arrive
    as ingress, which Azure does not limit directly; the same figure is then a guide to the VM's network, not a
    published limit.

    Examples
    --------
    The large-volume article's client, 100,000 Mbps:

    >>> round(network_mibps("Standard_E104id_v5"))
    11921
    """
    checks.choice("vm_size", vm_size, NETWORK_SIZES)
    return limit(vm_size, "network", "MiB/s")


def local_nvme(vm_size):
    """The local NVMe disks of a storage-optimized size: how many, how large, and their IOPS and throughput.

    Parameters
    ----------
    vm_size : str
        One of :data:`NVME_SIZES`.

    Returns
    -------
    dict
        ``disks``; ``disk_tib`` [TiB], each disk's size (the size page's header says TB, read as 10^12 bytes);
        ``capacity_tib`` [TiB], all of them; ``iops`` [IOPS] and ``mb_per_s`` [MB/s], the page's NVMe
        columns, which grow with the disks: the size's, all its disks together.

    Notes
    -----
    Local disks are temporary: their data does not survive the VM being stopped, deallocated or moved to another
    host, so a database on them keeps its replicas on other nodes.

    Examples
    --------
    >>> d = local_nvme("Standard_L16s_v3")
    >>> d["disks"], round(d["disk_tib"], 3), round(d["capacity_tib"], 2), d["iops"], d["mb_per_s"]
    (2.0, 1.746, 3.49, 800000.0, 4000.0)
    """
    checks.choice("vm_size", vm_size, NVME_SIZES)
    n, tb = limit(vm_size, "nvme_disks", "disks"), limit(vm_size, "nvme_disk_size", "TB")
    return {"disks": n, "disk_tib": float(units.convert(tb, "TB", "TiB")),
            "capacity_tib": float(units.convert(n * tb, "TB", "TiB")),
            "iops": limit(vm_size, "nvme_iops", "IOPS"), "mb_per_s": limit(vm_size, "nvme_mb_per_s", "MB/s")}


def sale_status(vm_size):
    """Whether a VM size is still sold, as Microsoft's lifecycle pages say today.

    Parameters
    ----------
    vm_size : str
        One of :data:`DISK_SIZES` or :data:`UNCACHED_SIZES`.

    Returns
    -------
    dict
        ``stage`` (Current, Extended, End of Life, Retired), ``retires`` (the planned retirement date, ISO, or
        None), ``new_subscriptions`` (True when a new subscription may deploy the size) and ``text``, the three in
        words, from ``data/platforms/azure_vm_series_status.csv`` [8]_.

    Examples
    --------
    >>> sale_status("Standard_DS14_v2")["text"], sale_status("Standard_E16ds_v6")["text"]
    ('End of Life: retires 2028-05-01; new subscriptions cannot deploy it', 'Current')
    """
    checks.choice("vm_size", vm_size, DISK_SIZES + UNCACHED_SIZES + NVME_SIZES)
    return dict(_sale_status(vm_size))


@functools.cache
def _sale_status(vm_size):
    """:func:`sale_status`, read once a size; the caller gets a copy."""
    row = data.load("azure_vm_series_status").set_index("vm_size").loc[vm_size]
    retires = None if row.isna()["planned_retirement"] else str(row["planned_retirement"])
    new = bool(row["new_subscriptions_can_deploy"])
    text = str(row["stage"]) + (f": retires {retires}" if retires else "") + (
        "" if new else "; new subscriptions cannot deploy it")
    return {"stage": str(row["stage"]), "retires": retires, "new_subscriptions": new, "text": text}


@functools.cache
def _prices():
    """The price table as {region: {vm_size: USD an hour}} (read once)."""
    table = data.load(_PRICES)
    out = {}
    for region, size, usd in zip(table["region"], table["vm_size"], table["price_usd"]):
        out.setdefault(region, {})[size] = float(usd)
    return out


@functools.cache
def price_regions():
    """The regions the VM price table lists, sorted.

    Examples
    --------
    >>> "eastus" in price_regions(), "usgovvirginia" in price_regions()
    (True, False)
    """
    return tuple(sorted(_prices()))


def hourly_price_usd(vm_size, region):
    """A VM's Linux pay-as-you-go price an hour in a region [11]_, or NaN where its region's prices do not list it.

    Examples
    --------
    >>> hourly_price_usd("Standard_E32ds_v6", "eastus")
    2.616
    """
    checks.choice("vm_size", vm_size, _priced_sizes())
    checks.choice("region", region, price_regions())
    return _prices()[region].get(vm_size, float("nan"))


def vm_monthly_cost_usd(vm_size, region):
    """What a VM costs running a whole month, Linux pay-as-you-go, or NaN where its region's prices do not list it.

    Parameters
    ----------
    vm_size : str
        A size the price table lists in some region: one of :data:`DISK_SIZES` or of :data:`FAMILIES`' sizes.
    region : str
        One of :func:`price_regions` (armRegionName).

    Returns
    -------
    float
        ``price an hour x`` :data:`storageperf.concepts.units.HOURS_PER_MONTH` [USD], from the Azure Retail Prices
        API as generated on 2026-06-18 [11]_ (``data/platforms/azure_vm_prices.csv``); disks, licences and network
        are not in it.

    Examples
    --------
    >>> round(vm_monthly_cost_usd("Standard_E32ds_v6", "eastus"), 2)
    1909.68
    """
    return hourly_price_usd(vm_size, region) * units.HOURS_PER_MONTH


@functools.cache
def _priced_sizes():
    return tuple(sorted({size for sizes in _prices().values() for size in sizes}))


def disk_paths(vm_size, disk, disk_count):
    """The two limits a host-cached disk's I/O counts against, per VM: cached and uncached, with the cache's size.

    Parameters
    ----------
    vm_size : str
        One of :data:`DISK_SIZES`.
    disk : str
        One of :data:`DISKS`.
    disk_count : int
        Data disks striped together on the VM, 1 to 64. [-]

    Returns
    -------
    dict
        ``cached`` and ``uncached``: ``{"iops": ..., "mb_per_s": ...}`` [1/s], [MB/s], the form
        :func:`storageperf.concepts.bounds.host_cache_ops_limit` takes (``cached`` None, and ``cache_gib`` too, on a
        size of :data:`UNCACHED_SIZES`, whose size table gives none); ``uncached_iops_binding`` and
        ``uncached_throughput_binding`` (``VM uncached`` or ``disks``); ``cache_gib``, the host cache's size [GiB];
        ``host_caching``, whether the disk can use the host cache at all (:func:`host_caching_supported`).

    Notes
    -----
    The cached limit is the VM's "max cached and temp storage throughput" [1]_: the temporary disk draws on it too.
    The uncached path is the smaller of the VM's uncached limit and the disks' sum of base provisioned limits [2]_
    (bursting, which P20 and smaller disks have, is left out). How reads, misses and writes count against the two
    is Microsoft's accounting [6]_, applied by :func:`storageperf.concepts.bounds.host_cache_ops_limit`.

    Examples
    --------
    >>> p = disk_paths("Standard_DS14_v2", "P30", 4)
    >>> p["cached"], p["uncached"], p["cache_gib"]
    ({'iops': 64000.0, 'mb_per_s': 512.0}, {'iops': 20000.0, 'mb_per_s': 768.0}, 576.0)
    """
    uncached = disk_path_limits(vm_size, "None", disk, disk_count)
    published = vm_size not in UNCACHED_SIZES   # a size sold today publishes no cached limit: none is assumed
    cached = ({"iops": limit(vm_size, "cached_iops", "IOPS"), "mb_per_s": limit(vm_size, "cached_mb_per_s", "MB/s")}
              if published else None)
    return {"cached": cached,
            "uncached": {"iops": uncached["iops"], "mb_per_s": uncached["throughput_mb_per_s"]},
            "uncached_iops_binding": uncached["iops_binding"],
            "uncached_throughput_binding": uncached["throughput_binding"],
            "cache_gib": limit(vm_size, "cache_size", "GiB") if published else None,
            "host_caching": host_caching_supported(disk)}
