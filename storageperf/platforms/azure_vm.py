"""Azure VMs and managed disks: the disk throttles a read meets on its way, with and without host caching.

An Azure VM caps the disk I/O it issues twice: a *cached* limit for reads the host's cache (BlobCache) serves,
shared with the temporary disk, and an *uncached* limit for I/O that goes to the remote disks; each managed disk
has its own IOPS and throughput limit on top. Every limit is read from ``data/platforms/azure_vm_limits.csv``,
which cites Microsoft's size tables row by row.

References
----------
.. [1] Microsoft Learn, "Memory optimized Dv2 and DSv2-series" (Standard_DS14_v2 row), 2020-02-03.
.. [2] Microsoft Learn, "Premium SSD sizes" (P30 column), 2023-03-16.
.. [3] Microsoft Learn, "Dv5 and Dsv5-series" (Standard_D32_v5 row).
.. [4] Microsoft Learn, "Edv5 and Edsv5-series", 2021-10-20: "Max network egress bandwidth (Mbps)".
.. [5] Microsoft Learn, "Virtual machine network bandwidth", 2025-07-28: "The network bandwidth allocated to each
   virtual machine is measured on egress (outbound) traffic"; "Ingress isn't measured or limited directly."
"""
from __future__ import annotations

from .. import _checks, data
from ..concepts import bounds

_TABLE = "azure_vm_limits"
_PREFIX = {"Standard_D32_v5": "d32_v5", "Standard_DS14_v2": "ds14v2", "Standard_E16d_v5": "e16d_v5",
           "Standard_E32d_v5": "e32d_v5", "Standard_E64d_v5": "e64d_v5", "Standard_E104id_v5": "e104id_v5",
           "P30": "p30"}
#: VM sizes and disks with limits in the table.
VM_SIZES, DISKS = tuple(k for k in _PREFIX if k.startswith("Standard_")), ("P30",)
#: VM sizes with a network bandwidth in the table, smallest first.
NETWORK_SIZES = ("Standard_E16d_v5", "Standard_D32_v5", "Standard_E32d_v5", "Standard_E64d_v5", "Standard_E104id_v5")
#: Host-caching settings of a data disk (Azure's names) that this module tells apart.
CACHING_MODES = ("None", "ReadOnly")


def limit(resource, quantity, unit):
    """One limit of a VM size or disk.

    Parameters
    ----------
    resource : str
        One of :data:`VM_SIZES` or :data:`DISKS`.
    quantity : str
        What limit: e.g. ``cached_iops``, ``cached_mbps``, ``uncached_iops``, ``uncached_mbps``, ``network``,
        ``cache_size`` for a VM; ``iops``, ``mbps``, ``size`` for a disk.
    unit : str
        The unit wanted (see :func:`storageperf.data.value`).

    Returns
    -------
    float
        [unit]

    Examples
    --------
    >>> limit("Standard_DS14_v2", "cached_mbps", "MB/s"), limit("P30", "iops", "IOPS")
    (512.0, 5000.0)
    """
    _checks.choice("resource", resource, VM_SIZES + DISKS)
    table = data.load(_TABLE)
    ids = set(table.loc[table["resource"] == resource, "id"])
    quantities = sorted(i.removeprefix(_PREFIX[resource] + "_") for i in ids)
    _checks.choice("quantity", quantity, quantities)
    return data.value(_TABLE, f"{_PREFIX[resource]}_{quantity}", unit)


def disk_path_limits(vm_size, caching, disk, disk_count):
    """Per-VM IOPS and throughput limits of the path a read takes, with or without the host cache.

    Parameters
    ----------
    vm_size : str
        One of :data:`VM_SIZES` with disk limits (``Standard_DS14_v2``).
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
    this function gives the hit path.

    Examples
    --------
    The Cassandra cluster's node, a Standard_DS14_v2 with four P30 disks:

    >>> p = disk_path_limits("Standard_DS14_v2", "None", "P30", 4)
    >>> p["throughput_mb_per_s"], p["iops"], p["iops_binding"]
    (768.0, 20000.0, 'disks')
    """
    _checks.choice("caching", caching, CACHING_MODES)
    n = _checks.in_range("disk_count", disk_count, 1, 64)
    if caching == "ReadOnly":
        return {"throughput_mb_per_s": limit(vm_size, "cached_mbps", "MB/s"),
                "iops": limit(vm_size, "cached_iops", "IOPS"),
                "throughput_binding": "VM cached", "iops_binding": "VM cached"}
    tp, tp_bind = bounds.tightest({"VM uncached": limit(vm_size, "uncached_mbps", "MB/s"),
                                   "disks": n * limit(disk, "mbps", "MB/s")})
    iops, iops_bind = bounds.tightest({"VM uncached": limit(vm_size, "uncached_iops", "IOPS"),
                                       "disks": n * limit(disk, "iops", "IOPS")})
    return {"throughput_mb_per_s": tp, "iops": iops, "throughput_binding": tp_bind, "iops_binding": iops_bind}


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
    _checks.choice("vm_size", vm_size, NETWORK_SIZES)
    return limit(vm_size, "network", "MiB/s")
