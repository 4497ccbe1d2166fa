"""TR-4816, Cloud Volumes ONTAP on Google Cloud: which machine type, for which workload, and which limit binds.

NetApp's TR-4816 [1]_ measured one single-node Cloud Volumes ONTAP 9.6 system on three Compute Engine machine
types (custom-4-16384, n1-standard-8, n1-standard-32, the Explore, Standard and Premium licences) under four fio
workloads, and states for each machine type the sustained Persistent Disk limits it was given (Table 1): read and
write IOPS, read and write throughput. This module answers two questions from those numbers:

* **What the published limits allow** (:func:`published_limit`): a workload with read share ``r`` and block size
  ``b`` running at ``X`` operations per second asks the disks for ``r X a_r`` read and ``(1 - r) X a_w`` write I/Os
  and ``r X b`` and ``(1 - r) X b`` bytes per second, where ``a_r`` and ``a_w`` are the disk I/Os per client read
  and write (1 and 1 if Cloud Volumes ONTAP passed every operation straight through: the caller must say which).
  Google's page lists simultaneous reads and writes among the factors of disk performance and gives the shared
  budget no shape [2]_ (a third party's summary says SSD Persistent Disk cannot reach both IOPS maxima at once); the
  bound assumes the straight line, ``r X a_r / R_iops + (1 - r) X a_w / W_iops <= 1``, with both throughput maxima
  reachable at once (:func:`storageperf.concepts.bounds.mixed_iops_limit` with ``iops_shared=True``). No benchmark
  number enters it. :func:`current_write_path` gives ``a_w`` and the bytes per byte written of NetApp's current
  layout (2 and 2); :data:`ONE_TO_ONE` gives 1 and 1.
* **What was measured** (:func:`measured`, :func:`comparison`): each result beside that bound, the I/O the
  clients kept in flight by Little's law (IOPS x latency), and, where a result is above the one-to-one bound, the
  most disk writes per client write it leaves room for (:func:`max_disk_writes_per_write`): below 1, the result does
  not fit the straight-line budget one to one (fewer, larger disk writes, reads from memory, or another shape of the
  budget would each explain it; the results cannot tell which).

Units, each number in the unit its document uses: Table 1's throughput limits are Google's, and Google states them
in MiBps (:data:`LIMIT_UNIT`; source_discrepancies cvo-google-cloud-02); the results' MBps are decimal and their
block sizes KiB (:data:`RATE_UNIT`, :data:`BLOCK_UNIT`: the only reading under which their IOPS and MBps agree,
cvo-google-cloud-03); disk sizes "TB" are TiB, billed in GiB (cvo-google-cloud-10). Prices (:func:`monthly_cost_usd`)
are Google's on-demand list prices of the VM, less the sustained-use discount of a VM that runs the whole month, of
its SSD Persistent Disks for data and of the system disks NetApp's current layout adds (boot, root, NVRAM, cores;
:func:`system_disks_monthly_cost_usd`); data needs raw capacity beyond itself for ONTAP's reserve
(:func:`raw_capacity_gib`). The Cloud Volumes ONTAP licence price is not public: it is an input, blank (None) by
default, and the node-based licences the report names are no longer sold (cvo-google-cloud-08).

**The write path today** (:func:`current_write_path`): two inputs, amplified apart. Bytes: NetApp's current layout
puts the node's NVRAM on a 500 GiB SSD Persistent Disk, and at the default (normal) write speed "data is written
directly to disk": each client byte is logged there and written to the data disks again at a consistency point,
twice the bytes (once at the high write speed). Disk writes: NetApp does not say how many I/Os that makes; read
literally, two per client write ("layout"), but the 2020 OLTP result on n1-standard-32 leaves room for at most
:func:`evidence_disk_writes_per_write` (0.68, "evidence", the default). The NVRAM disk's own limits (15,000 write
IOPS, 240 MiB/s: :func:`nvram_disk_limits`) and Google's write egress cap per VM
(:func:`storageperf.platforms.google_cloud.pd_write_egress_mb_per_s`) are limits of the bound by name. Which 2020
results today's layout cannot carry (``comparison()["fits_current"]``) follows from both inputs.

References
----------
.. [1] O. Berman, "Performance Characterization of NetApp Cloud Volumes ONTAP for Google Cloud", NetApp TR-4816,
   February 2020: Table 1 (machine types and limits), section 3.3 (workloads), Tables 2 to 5 (results).
.. [2] Google Cloud, "Optimize Persistent Disk performance", its list of factors ("Simultaneous reads and writes");
   the rule for SSD Persistent Disk is known here from a third party's summary (documents.csv,
   xmind-disk-storage: "It is not possible for SSD persistent disks to reach their maximum IOPs limits for reads and
   writes simultaneously").
.. [3] Google Cloud, "Disk and image pricing", "VM instance pricing", "Sustained use discounts" (see
   :mod:`storageperf.platforms.google_cloud`).
.. [4] NetApp, "Default configuration for Cloud Volumes ONTAP" (2025-06-04), "Write speed" (2023-03-01), "Disks and
   aggregates used for Cloud Volumes ONTAP clusters" (2025-03-14): ``data/platforms/google_cloud_cvo.csv``.
.. [5] NetApp, "Supported configurations for Cloud Volumes ONTAP in Google Cloud" (2026-07-13, 2026-07-21), "Storage
   limits" (2026-05-26), "HA pairs in Google Cloud" (2026-07-13): the machine types a new system may use
   (``google_cloud_cvo_machine_types.csv``), an HA pair's system disks and mirrored data, "In Google Cloud, data is
   synchronously mirrored between the two nodes"; "For HA configurations that serve data from both nodes, read
   performance is higher than the read performance of a single-node configuration, and write performance is the
   same or higher".
"""
from __future__ import annotations

import functools
import math

import numpy as np
import pandas as pd

from .. import checks, data
from ..concepts import bounds, compare, units
from ..platforms import google_cloud

#: The report every number here comes from (its id in ``data/documents.csv``).
DOCUMENT = "netapp-tr-4816"

#: The machine types TR-4816 tested, smallest first.
MACHINE_TYPES = ("custom-4-16384", "n1-standard-8", "n1-standard-32")
#: The four workloads of TR-4816, section 3.3.
WORKLOADS = ("oltp", "streaming_reads", "streaming_writes", "mixed")
#: The limits of the NVRAM Persistent Disk a client write is logged on at the normal write speed.
NVRAM_LIMITS = ("NVRAM disk write IOPS", "NVRAM disk write throughput")
#: The limit an HA pair's mirror adds: each node sends its partner every byte its clients write, over the egress
#: left beside Persistent Disk writes (:func:`storageperf.platforms.google_cloud.egress_cap_mb_per_s`).
MIRROR_LIMIT = "HA mirror egress"
#: The limits :func:`published_limit` can name as binding, in the order ties are broken.
LIMITS = bounds.SHARED_MIX_LIMITS + NVRAM_LIMITS + (google_cloud.EGRESS_LIMIT, MIRROR_LIMIT)
#: A single node, and an HA pair whose two nodes both serve (each half the clients' operations, and its partner's
#: writes mirrored onto its own disks) [5]_.
LAYOUTS = ("single node", "HA pair")
#: The results' units: a block-size KB is 1,024 bytes, a throughput MB 10^6 bytes (cvo-google-cloud-03).
BLOCK_UNIT, RATE_UNIT = "KiB", "MB/s"
#: Table 1's throughput limits are Google's, in Google's unit (cvo-google-cloud-02): the report writes "MBps".
LIMIT_UNIT = google_cloud.THROUGHPUT_UNIT
#: Disk I/Os per client read and per client write if Cloud Volumes ONTAP passed every operation straight through to
#: its disks: the assumption :func:`published_limit` must be told, not one it makes.
ONE_TO_ONE = {"disk_reads_per_read": 1.0, "disk_writes_per_write": 1.0}

_SHORT = {"custom-4-16384": "custom4", "n1-standard-8": "n1s8", "n1-standard-32": "n1s32"}
_STATUS = "google_cloud_cvo_machine_types"


@functools.cache
def machine_types_today():
    """The machine types NetApp supports for a new system whose Persistent Disk limits the guide holds (N2: the C3
    types take Hyperdisk Balanced only, whose limits it does not), fewest vCPUs first."""
    table = data.load(_STATUS)
    new = set(table.loc[table["new_systems"].astype(bool), "machine_type"])
    return tuple(m for m in google_cloud.machine_types() if m in new)


def machine_status(machine_type):
    """What NetApp says of a machine type for Cloud Volumes ONTAP today, in short (its supported configurations).

    Examples
    --------
    >>> machine_status("custom-4-16384")
    'no longer supported for new systems: tested in TR-4816 (2020)'
    >>> machine_status("n2-standard-16")
    'supported for new systems'
    """
    checks.choice("machine_type", machine_type, (*MACHINE_TYPES, *machine_types_today()))
    return str(data.load(_STATUS).set_index("machine_type").loc[machine_type, "status"])
#: NetApp's documented layout of a node today (``data/platforms/google_cloud_cvo.csv``).
_CVO = "google_cloud_cvo"
_PER_WRITE = "disk writes per client write"
#: The system disks of a single node NetApp documents today: (row of its size, disk type).
SYSTEM_DISKS = {"boot": ("boot_disk_size", "ssd"), "root": ("root_disk_size", "ssd"),
                "nvram": ("nvram_disk_size", "ssd"), "cores": ("core_disk_size", "standard")}


#: Cloud Volumes ONTAP's write speeds (NetApp, "Write speed"): normal, the default, and high.
WRITE_SPEEDS = ("normal", "high")
#: The two readings of the disk writes a client write makes (:func:`current_write_path`): the most the 2020 results
#: leave room for, and NetApp's layout read literally, one disk write per copy of the bytes.
WRITE_IOPS_READINGS = ("evidence", "layout")


def current_write_path(write_speed="normal", disk_writes_per_write="evidence"):
    """Disk I/Os and bytes per client operation in NetApp's current layout: bytes and disk writes amplified apart.

    Parameters
    ----------
    write_speed : {"normal", "high"}
        Sets the bytes. "normal" (the default option): "data is written directly to disk", logged on the NVRAM
        Persistent Disk and written to the data disks again, twice the bytes. "high": "data is buffered in memory
        before it is written to disk", so only the data disks see it, once, at the risk of losing the last two
        consistency points' writes on an unplanned outage.
    disk_writes_per_write : {"evidence", "layout"} or float
        Sets the disk writes. "evidence" (default): the most the 2020 results leave room for
        (:func:`evidence_disk_writes_per_write`, 0.68: ONTAP writes fewer, larger I/Os than it receives). "layout":
        one disk write per copy of the bytes, 2 at the normal write speed and 1 at the high, NetApp's layout read
        literally. Or a number of disk writes per client write, greater than 0. [-]

    Returns
    -------
    dict
        Keyword arguments for :func:`published_limit` [-]: ``disk_reads_per_read`` (1: every read from disk),
        ``disk_writes_per_write``, ``disk_bytes_per_byte_written`` (2 or 1: the NVRAM log and the data disks,
        ``data/platforms/google_cloud_cvo.csv``; the write-speed page dated 2023-03-01, the disk layout 2025-06-04)
        and ``nvram_bytes_per_byte_written`` (1 or 0: the log's copy).

    Notes
    -----
    NetApp documents where the bytes go, not how many I/Os carry them; the two readings bracket the answer, and the
    source cannot settle it. They differ for IOPS-bound mixes only: every throughput limit counts bytes.

    Examples
    --------
    >>> p = current_write_path()
    >>> round(p["disk_writes_per_write"], 3), p["disk_bytes_per_byte_written"], p["nvram_bytes_per_byte_written"]
    (0.682, 2.0, 1.0)
    >>> current_write_path(disk_writes_per_write="layout")["disk_writes_per_write"]
    2.0
    >>> current_write_path("high", "layout")["disk_bytes_per_byte_written"]
    1.0
    """
    speed = checks.choice("write_speed", write_speed, WRITE_SPEEDS)
    log = data.value(_CVO, "nvram_log_writes_per_write", _PER_WRITE) if speed == "normal" else 0.0
    copies = log + data.value(_CVO, "data_writes_per_write", _PER_WRITE)
    if isinstance(disk_writes_per_write, str):
        if disk_writes_per_write not in WRITE_IOPS_READINGS:
            raise ValueError(f"disk_writes_per_write must be one of {', '.join(WRITE_IOPS_READINGS)} or a number "
                             f"greater than 0; got {disk_writes_per_write!r}")
        a_w = evidence_disk_writes_per_write() if disk_writes_per_write == "evidence" else copies
    else:
        a_w = checks.positive("disk_writes_per_write", disk_writes_per_write, one=True)
    return {"disk_reads_per_read": 1.0, "disk_writes_per_write": a_w, "disk_bytes_per_byte_written": copies,
            "nvram_bytes_per_byte_written": log}


def nvram_disk_limits():
    """The NVRAM Persistent Disk's own write limits: a 500 GiB SSD Persistent Disk, whatever the VM.

    Returns
    -------
    dict
        ``size_gib`` [GiB] (NetApp's default configuration, 2025-06-04), ``write_iops`` [IOPS] and
        ``write_mibps`` [MiB/s]: Google's 30 write IOPS and 0.48 MiBps per GiB of SSD Persistent Disk
        (:func:`storageperf.platforms.google_cloud.pd_size_limits`).

    Examples
    --------
    >>> nvram_disk_limits()
    {'size_gib': 500.0, 'write_iops': 15000.0, 'write_mibps': 240.0}
    """
    size = data.value(_CVO, "nvram_disk_size", google_cloud.BILLING_UNIT)
    lim = google_cloud.pd_size_limits(size)
    return {"size_gib": size, "write_iops": float(lim["write_iops"]), "write_mibps": float(lim["mibps"])}


@functools.cache
def _results():
    return data.load("cvo_google_cloud_results")


def machine_limits(machine_type, disk_type="pd-ssd"):
    """The sustained Persistent Disk limits of a machine type: TR-4816's Table 1 for the types it tested, Google's
    published limits for the types sold today (:func:`machine_types_today`), and its size.

    Parameters
    ----------
    machine_type : str
        One of :data:`MACHINE_TYPES` (SSD Persistent Disk only, as tested) or of :func:`machine_types_today`.
    disk_type : {"pd-ssd", "pd-balanced"}
        The data disks' type (:data:`storageperf.platforms.google_cloud.DISK_TYPES`).

    Returns
    -------
    dict
        ``read_iops``, ``write_iops`` [IOPS]; ``read_mibps``, ``write_mibps`` [MiB/s] (the report's "MBps"
        are Google's MiBps, cvo-google-cloud-02); ``vcpu``; ``memory_gib`` [GiB]; ``disks`` and ``disk_tib`` [TiB]
        (its SSD Persistent Disks); ``max_storage_tib`` [TiB] (its licence); the report's "TB" are TiB for both
        (cvo-google-cloud-10). For a type sold today ``disks`` and ``disk_tib`` are NaN (none was tested) and
        ``max_storage_tib`` is NetApp's capacity on disks alone today, whatever the licence.

    Examples
    --------
    >>> machine_limits("n1-standard-32")["read_iops"], machine_limits("n1-standard-32")["read_mibps"]
    (60000.0, 1200.0)
    >>> today = machine_limits("n2-standard-32", "pd-balanced")
    >>> today["write_iops"], today["max_storage_tib"]
    (50000.0, 256.0)
    """
    checks.choice("machine_type", machine_type, (*MACHINE_TYPES, *machine_types_today()))
    checks.choice("disk_type", disk_type, google_cloud.DISK_TYPES)
    return dict(_machine_limits(machine_type, disk_type))


@functools.cache
def _machine_limits(machine_type, disk_type):
    if machine_type not in MACHINE_TYPES:
        kind = google_cloud.machine_type(machine_type)
        return {**google_cloud.machine_pd_limits(machine_type, disk_type), "vcpu": kind["vcpu"],
                "memory_gib": kind["memory_gib"], "disks": math.nan, "disk_tib": math.nan,
                "max_storage_tib": data.value(_CVO, "max_capacity_disks_alone", "TiB")}
    if disk_type != "pd-ssd":
        raise checks.InputError(f"disk_type must be pd-ssd for {machine_type}: TR-4816 tested SSD Persistent Disk "
                                f"only; got {disk_type!r}")
    t = _SHORT[machine_type]
    # the rows' units are what the report means: its "MBps" are Google's MiB/s, its "TB" NetApp's TiB (unit_as_written)
    return {k: data.value("cvo_google_cloud_setup", f"{t}_{row}", unit) for k, (row, unit) in {
        "read_iops": ("pd_read_iops", "IOPS"), "write_iops": ("pd_write_iops", "IOPS"), "vcpu": ("vcpu", "vCPU"),
        "memory_gib": ("memory", "GiB"), "disks": ("ssd_pd_disks", "disks"),
        "read_mibps": ("pd_read_mibps", LIMIT_UNIT), "write_mibps": ("pd_write_mibps", LIMIT_UNIT),
        "disk_tib": ("ssd_pd_disk_size", "TiB"), "max_storage_tib": ("max_storage", "TiB")}.items()}


def workload_mix(workload):
    """Block size, read share and access pattern of one of TR-4816's workloads (section 3.3).

    Parameters
    ----------
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}

    Returns
    -------
    dict
        ``block_size_kib`` [KiB], ``read_share`` [-], 0 to 1, and ``access``, ``"random"`` or ``"sequential"``
        (each workload is 100 % one or the other).

    Examples
    --------
    >>> workload_mix("oltp")
    {'block_size_kib': 8.0, 'read_share': 0.8, 'access': 'random'}
    """
    w = checks.choice("workload", workload, WORKLOADS)
    ids = set(data.load("cvo_google_cloud_setup")["id"])
    read = (data.value("cvo_google_cloud_setup", f"{w}_read_pct", "%") if f"{w}_read_pct" in ids
            else 100 - data.value("cvo_google_cloud_setup", f"{w}_write_pct", "%"))
    # The report writes "8KB" for 8 x 1,024 bytes (cvo-google-cloud-03): the rows are in KiB, "KB" as written.
    block = data.value("cvo_google_cloud_setup", f"{w}_block_size", BLOCK_UNIT)
    access = next(a for a in ("random", "sequential") if f"{w}_{a}_pct" in ids
                  and data.value("cvo_google_cloud_setup", f"{w}_{a}_pct", "%") == 100)
    return {"block_size_kib": block, "read_share": read / 100, "access": access}


def published_limit(machine_type, read_share, block_size_kib, *, disk_reads_per_read, disk_writes_per_write,
                    iops_shared=True, disk_bytes_per_byte_written=1.0, nvram_bytes_per_byte_written=0.0,
                    disk_type="pd-ssd", layout="single node"):
    """The most operations per second the published Persistent Disk limits allow a read/write mix.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}
    read_share : float or array-like
        Share of the operations that are reads, 0 to 1. [-]
    block_size_kib : float or array-like
        Size of every operation, greater than 0. [KiB]
    disk_reads_per_read, disk_writes_per_write : float or array-like
        Disk I/Os per client read and per client write, greater than 0; :data:`ONE_TO_ONE` passes every operation
        straight through. Required: the bound depends on them. [-]
    iops_shared : bool
        True: reads and writes share one IOPS budget, on the straight line between the two maxima (an assumption:
        Google gives no shape for it). False gives the reading that lets both IOPS maxima be reached at once.
    disk_bytes_per_byte_written : float or array-like
        Bytes written to Persistent Disk per byte a client writes, greater than 0: 1 (default) if every byte is
        written once, 2 in NetApp's current layout at the default write speed (:func:`current_write_path`: logged on
        the NVRAM disk, then written to the data disks). It divides the write throughput limit and the write egress
        cap. [-]
    nvram_bytes_per_byte_written : float or array-like
        Of those, the bytes logged on the NVRAM Persistent Disk, 0 or more: 0 (default) if no NVRAM disk is in the
        path, 1 at the normal write speed. The NVRAM disk's own limits (:func:`nvram_disk_limits`) then bound them;
        its disk writes are its share of the bytes: ``a_w n / c``. [-]
    disk_type : {"pd-ssd", "pd-balanced"}
        The data disks' type: it sets a type sold today's limits (:func:`machine_limits`).
    layout : {"single node", "HA pair"}
        "HA pair": both nodes serve, each half the operations, and each writes its partner's writes as well (the
        data is "synchronously mirrored between the two nodes"; each node's NVRAM logs its partner's writes too, as
        its disks hold them: read literally). Per node, the bound is the single node's with twice the disk writes,
        bytes and NVRAM bytes per client write, and the bytes it mirrors to its partner held to the egress left beside
        Persistent Disk writes (:data:`MIRROR_LIMIT`); the pair carries twice it. [-]

    Returns
    -------
    dict
        ``iops`` (reads and writes together) [IOPS], ``read_iops`` and ``write_iops`` (client operations) [IOPS],
        ``mb_per_s`` [MB/s] and ``mibps`` [MiB/s], ``binding``: which of :data:`LIMITS` sets it.

    Notes
    -----
    ``X = min(1 / (r a_r / R_iops + (1 - r) a_w / W_iops), R_MiBps / (r b), W_MiBps / ((1 - r) b c), N_iops / ((1 -
    r) a_w n / c), N_MiBps / ((1 - r) b n), E / ((1 - r) b c))``, a term dropped where it asks nothing, with ``c``
    the bytes and ``n`` the NVRAM log's bytes per byte written, ``N`` the NVRAM disk's limits and ``E`` Google's
    write egress cap for the machine type's vCPUs (:func:`storageperf.platforms.google_cloud.pd_write_egress_mb_per_s`),
    the smallest named by :func:`storageperf.concepts.bounds.tightest`. The first three are the limits TR-4816's Table
    1 states for each machine type; they bound what the disks will carry, not what the Cloud Volumes ONTAP node
    delivers.

    Examples
    --------
    TR-4816's OLTP mix (80 % reads of 8 KiB) on n1-standard-32, one disk I/O per client operation: reads and writes
    share the IOPS budget, 1 / (0.8 / 60,000 + 0.2 / 30,000) = 50,000 operations per second. In NetApp's current
    layout read literally each write is two disk writes: 1 / (0.8 / 60,000 + 0.2 x 2 / 30,000) = 37,500.

    >>> r = published_limit("n1-standard-32", 0.8, 8, **ONE_TO_ONE)
    >>> round(r["iops"]), r["binding"]
    (50000, 'read and write IOPS together')
    >>> round(published_limit("n1-standard-32", 0.8, 8, **current_write_path(disk_writes_per_write="layout"))["iops"])
    37500

    Streaming reads of 64 KiB on custom-4-16384: 240 MiB/s / 64 KiB = 3,840 operations per second.

    >>> round(published_limit("custom-4-16384", 1.0, 64, **ONE_TO_ONE)["iops"])
    3840
    """
    lim = machine_limits(machine_type, disk_type)
    pair = checks.choice("layout", layout, LAYOUTS) == "HA pair"
    rates = {k: units.convert(lim[f"{k}_mibps"], LIMIT_UNIT, RATE_UNIT) for k in ("read", "write")}
    # every byte a client writes costs the disks c bytes: the same as a write throughput limit c times smaller
    c = checks.positive("disk_bytes_per_byte_written", disk_bytes_per_byte_written)
    n = checks.in_range("nvram_bytes_per_byte_written", nvram_bytes_per_byte_written, 0, float("inf"))
    a_w = checks.positive("disk_writes_per_write", disk_writes_per_write)
    copies = 2.0 if pair else 1.0   # a node of a pair writes its own writes and its partner's
    c, n, a_w = c * copies, n * copies, a_w * copies
    rates["write"] = rates["write"] / c
    x, binding = bounds.mixed_iops_limit(read_share, block_size_kib, lim["read_iops"], lim["write_iops"],
                                         rates["read"], rates["write"], iops_shared=iops_shared,
                                         disk_reads_per_read=disk_reads_per_read,
                                         disk_writes_per_write=a_w)
    r = np.asarray(read_share, dtype=float)
    b = units.convert(np.asarray(block_size_kib, dtype=float), BLOCK_UNIT, "MB")
    # the write path's own limits, per client operation: the NVRAM disk's writes and bytes, the bytes egress carries
    written = (1 - r) * b
    nv = nvram_disk_limits()
    asks = {NVRAM_LIMITS[0]: ((1 - r) * a_w * n / c, nv["write_iops"]),
            NVRAM_LIMITS[1]: (written * n, units.convert(nv["write_mibps"], LIMIT_UNIT, RATE_UNIT)),
            google_cloud.EGRESS_LIMIT: (written * c, google_cloud.pd_write_egress_mb_per_s(lim["vcpu"])),
            MIRROR_LIMIT: (written * (copies - 1), google_cloud.egress_cap_mb_per_s(lim["vcpu"])["other"])}
    with np.errstate(divide="ignore"):
        terms = {name: np.where(ask > 0, limit / np.where(ask > 0, ask, 1), np.inf) for name, (ask, limit) in
                 asks.items()}
    x, which = bounds.tightest({"disks": x, **terms})  # the published limits first: they win a tie
    binding = np.where(np.asarray(which) == "disks", binding, which)
    binding = str(binding) if binding.ndim == 0 else binding
    x = x * copies   # a pair: each node carries half
    out = {"iops": x, "read_iops": r * x, "write_iops": (1 - r) * x, "mb_per_s": x * b,
           "mibps": units.convert(x * b, RATE_UNIT, LIMIT_UNIT)}
    out = {k: checks.scalar_or_array(np.asarray(v, dtype=float)) for k, v in out.items()}
    out["binding"] = binding
    return out


def measured(machine_type, workload):
    """TR-4816's result for a machine type and workload (Tables 2 to 5), reads and writes together.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}

    Returns
    -------
    dict
        ``iops``, ``read_iops``, ``write_iops`` [IOPS]; ``mb_per_s`` [MB/s] and ``mibps`` [MiB/s], the sums over
        reads and writes; ``read_latency_ms`` and ``write_latency_ms`` [ms] (NaN for an operation the workload has
        none of); ``outstanding``: the I/Os the clients kept in flight, by Little's law ``sum(IOPS x latency)`` [-].

    Examples
    --------
    OLTP on n1-standard-32 (Table 2): 45,000 + 11,000 IOPS; 45,000 x 1.15 ms + 11,000 x 6.3 ms = 121 I/Os in flight.

    >>> m = measured("n1-standard-32", "oltp")
    >>> m["iops"], round(m["outstanding"])
    (56000.0, 121)
    """
    return dict(_measured(checks.choice("machine_type", machine_type, MACHINE_TYPES),
                          checks.choice("workload", workload, WORKLOADS)))


@functools.cache
def _measured(m, w):
    """:func:`measured`, read once per machine type and workload (callers get a copy)."""
    res = _results()
    rows = res[(res["machine_type"] == m) & (res["workload"] == w)].pivot(index="operation", columns="metric",
                                                                          values="value")
    lat = {op: float(rows.loc[op, "latency"]) if op in rows.index else float("nan") for op in ("read", "write")}
    ops = {op: float(rows.loc[op, "iops"]) if op in rows.index else 0.0 for op in ("read", "write")}
    mb = float(rows["throughput"].sum())
    return {"iops": float(rows["iops"].sum()), "read_iops": ops["read"], "write_iops": ops["write"],
            "mb_per_s": mb, "mibps": float(units.convert(mb, RATE_UNIT, LIMIT_UNIT)),
            "read_latency_ms": lat["read"], "write_latency_ms": lat["write"],
            "outstanding": float((rows["iops"] * rows["latency"]).sum() / units.MS_PER_S)}


def max_disk_writes_per_write(machine_type, workload):
    """The most disk writes per client write a measured result leaves room for, every read going to disk.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}

    Returns
    -------
    float
        ``a_w = (1 - R / R_iops) W_iops / W``, from the shared IOPS budget ``R / R_iops + a_w W / W_iops <= 1`` with the
        measured client reads ``R`` and writes ``W`` (inf for a workload with no writes). [-] At least 1: the result
        fits one disk I/O per client operation; below 2, it does not fit NetApp's current layout
        (:func:`current_write_path`). Below 1: it does not fit one to one, on the straight-line budget.

    Examples
    --------
    OLTP on n1-standard-32: 45,000 reads use 45,000 / 60,000 = 75 % of the budget; the other 25 % is 7,500 disk
    writes for 11,000 client writes, 0.68 disk writes each at most.

    >>> round(max_disk_writes_per_write("n1-standard-32", "oltp"), 3)
    0.682
    """
    lim, got = machine_limits(machine_type), measured(machine_type, workload)
    if got["write_iops"] == 0:
        return float("inf")
    return (1 - got["read_iops"] / lim["read_iops"]) * lim["write_iops"] / got["write_iops"]


@functools.cache
def evidence_disk_writes_per_write():
    """The most disk writes per client write every one of TR-4816's results leaves room for.

    Returns
    -------
    float
        The least :func:`max_disk_writes_per_write` over every machine type and workload [-]: 0.68, set by OLTP on
        n1-standard-32, where NetApp's layout read literally makes 2 (the default of :func:`current_write_path`).

    Notes
    -----
    An upper bound on the disk writes, on the bound's own assumptions (every read from disk, the straight-line
    shared IOPS budget); fewer disk writes fit the results as well. It does not say how ONTAP gets below one disk write
    per client write (coalescing at a consistency point, a log written in large I/Os); the results cannot tell.

    Examples
    --------
    >>> round(evidence_disk_writes_per_write(), 3)
    0.682
    """
    return min(max_disk_writes_per_write(m, w) for m in MACHINE_TYPES for w in WORKLOADS)


#: Measured over bound at or below this is within the bound: the rounding of a share computed two ways, nothing more.
_ROUNDING = 1e-9


def _share(got, lim):
    """Measured / bound, on the basis of the limit that binds: MiB/s for a throughput limit, IOPS for IOPS."""
    if "throughput" in lim["binding"]:
        return got["mibps"] / float(lim["mibps"])
    return got["iops"] / float(lim["iops"])


def comparison(write_speed="normal", disk_writes_per_write="evidence"):
    """Every measured result beside :func:`published_limit` for its workload's mix, one disk I/O per operation.

    Parameters
    ----------
    write_speed, disk_writes_per_write
        Today's layout the ``current_*`` columns and the flags are derived under (:func:`current_write_path`):
        default the normal write speed (twice the bytes) and the disk writes the evidence leaves room for.

    Returns
    -------
    pandas.DataFrame
        The standard comparison table (:func:`storageperf.concepts.compare.table`), one row per machine type and
        workload: ``measured`` and ``model`` (the published-limit bound with Google's shared IOPS budget and
        :data:`ONE_TO_ONE`) in IOPS, ``binding``; then ``workload``, ``machine_type``, ``measured_mb_per_s``,
        ``measured_mibps``, ``limit_mibps``, ``share`` (measured / bound, on the basis of the binding limit:
        MiB/s against a throughput limit, IOPS against an IOPS limit, so that a share and the limit it is quoted
        against agree), ``outstanding`` (Little's law), ``max_disk_writes_per_write``
        (:func:`max_disk_writes_per_write`), ``independent_model`` (the bound if both IOPS maxima could be reached at
        once); ``current_model``, ``current_binding`` and ``current_share``: the bound under NetApp's current layout
        (:func:`current_write_path`, the NVRAM disk's limits and the write egress cap included), at the result's own
        share of reads, and ``fits_current``: False where the result is above that bound (beyond rounding), a result
        the 2020 report measured that today's documented layout cannot carry (flagged, not dropped).

    Examples
    --------
    OLTP on n1-standard-32 measured above the one-to-one bound: the only result that does.

    >>> r = comparison().set_index("id").loc["oltp-n1s32"]
    >>> float(r["measured"]), round(float(r["model"])), r["binding"]
    (56000.0, 50000, 'read and write IOPS together')

    Today, at the evidence's disk writes, it fits exactly; at two disk writes per client write it does not:

    >>> bool(r["fits_current"]), bool(comparison(disk_writes_per_write="layout").set_index("id").loc["oltp-n1s32",
    ...                                                                                            "fits_current"])
    (True, False)
    """
    path = current_write_path(write_speed, disk_writes_per_write)
    rows = []
    for w in WORKLOADS:
        spec = workload_mix(w)
        for m in MACHINE_TYPES:
            got = measured(m, w)
            lim = published_limit(m, spec["read_share"], spec["block_size_kib"], **ONE_TO_ONE)
            free = published_limit(m, spec["read_share"], spec["block_size_kib"], **ONE_TO_ONE, iops_shared=False)
            now = published_limit(m, got["read_iops"] / got["iops"], spec["block_size_kib"], **path)
            rows.append({"id": f"{w}-{_SHORT[m]}", "measured": got["iops"], "model": lim["iops"],
                         "binding": lim["binding"], "workload": w, "machine_type": m,
                         "measured_mb_per_s": got["mb_per_s"], "measured_mibps": got["mibps"],
                         "limit_mibps": lim["mibps"], "share": _share(got, lim),
                         "outstanding": got["outstanding"],
                         "max_disk_writes_per_write": max_disk_writes_per_write(m, w),
                         "independent_model": free["iops"], "current_model": now["iops"],
                         "current_binding": now["binding"], "current_share": _share(got, now),
                         "fits_current": _share(got, now) <= 1 + _ROUNDING})
    return compare.table(pd.DataFrame(rows), measured="measured", model="model", binding="binding",
                         document=DOCUMENT)


def implied_block_size_kib():
    """For every result row with both, the bytes per operation its MBps and IOPS imply, in the report's KB.

    Returns
    -------
    pandas.DataFrame
        workload, machine_type, operation, ``iops``, ``mb_per_s``, ``stated_kib`` (the workload's block size) and
        ``implied_kib`` = MBps / IOPS in KiB, and ``agrees``: the stated IOPS equal MBps / block size rounded to
        two significant figures, as the report rounds its IOPS. Where they do not, the table's own numbers
        disagree (source_discrepancies cvo-google-cloud-04).

    Examples
    --------
    Streaming reads on n1-standard-32: 1,190 MBps / 18,000 IOPS = 64.6 KiB, the stated 64 KB:

    >>> t = implied_block_size_kib().set_index(["workload", "machine_type"])
    >>> round(float(t.loc[("streaming_reads", "n1-standard-32"), "implied_kib"]), 1)
    64.6
    """
    res = _results()
    wide = res.pivot_table(index=["workload", "machine_type", "operation"], columns="metric",
                           values="value").reset_index()
    wide["stated_kib"] = [workload_mix(w)["block_size_kib"] for w in wide["workload"]]
    wide["implied_kib"] = units.convert(wide["throughput"].to_numpy() / wide["iops"].to_numpy(), "MB", BLOCK_UNIT)
    implied_iops = wide["throughput"].to_numpy() / units.convert(wide["stated_kib"].to_numpy(), BLOCK_UNIT, "MB")
    wide["agrees"] = [float(f"{x:.2g}") == y for x, y in zip(implied_iops, wide["iops"])]
    return wide.rename(columns={"throughput": "mb_per_s"})[["workload", "machine_type", "operation", "iops", "mb_per_s",
                                                         "stated_kib", "implied_kib", "agrees"]]


#: An HA pair's system disks: (row of their count, row of each one's size, disk type) [5]_.
HA_SYSTEM_DISKS = {"boot": ("ha_boot_disks", "boot_disk_size", "ssd"),
                   "root": ("ha_root_disks", "root_disk_size", "ssd"),
                   "nvram": ("ha_nvram_disks", "nvram_disk_size", "ssd"),
                   "cores": ("ha_core_disks", "core_disk_size", "standard"),
                   "mediator": (None, "ha_mediator_disk_size", "standard"),
                   "mediator boot": (None, "ha_mediator_boot_disk_size", "standard")}


def system_disks_monthly_cost_usd(layout="single node"):
    """What the system disks NetApp's current layout gives a single node or an HA pair cost a month.

    Parameters
    ----------
    layout : {"single node", "HA pair"}

    Returns
    -------
    dict
        Each system disk's price [USD per month] (a single node: ``boot``, ``root``, ``nvram`` on SSD Persistent
        Disk, ``cores`` on Standard; an HA pair: as many of each as NetApp lists, and the mediator's two disks) and
        ``total``; ``ssd_gib`` and ``standard_gib`` [GiB]: their sizes (``data/platforms/google_cloud_cvo.csv``).

    Examples
    --------
    10 + 64 + 500 GiB of SSD at 0.17 USD and 315 GiB of Standard at 0.04 USD; a pair, 2 x 10 + 4 x 64 + 2 x 500 GiB
    of SSD and 2 x 315 + 10 + 10 GiB of Standard:

    >>> c = system_disks_monthly_cost_usd()
    >>> round(c["nvram"], 2), round(c["total"], 2)
    (85.0, 110.18)
    >>> round(system_disks_monthly_cost_usd("HA pair")["total"], 2)
    242.92
    """
    pair = checks.choice("layout", layout, LAYOUTS) == "HA pair"
    disks = (HA_SYSTEM_DISKS if pair else {k: (None, row, kind) for k, (row, kind) in SYSTEM_DISKS.items()})
    out, gib = {}, {"ssd": 0.0, "standard": 0.0}
    for name, (count, row, kind) in disks.items():
        size = data.value(_CVO, row, google_cloud.BILLING_UNIT) * (1 if count is None else
                                                                   data.value(_CVO, count, "disks"))
        gib[kind] += size
        out[name] = float(google_cloud.pd_monthly_cost_usd(size, disk_type=f"pd-{kind}"))
    out["total"] = sum(out[name] for name in disks)
    return {**out, "ssd_gib": gib["ssd"], "standard_gib": gib["standard"]}


#: The readings of the capacity Cloud Volumes ONTAP reserves (:func:`reserve_share`).
RESERVES = ("low", "high", "example")


def reserve_share(which="high"):
    """The share of the raw capacity (the data disks bought) Cloud Volumes ONTAP reserves for its own use.

    Parameters
    ----------
    which : {"low", "high", "example"}
        NetApp's "approximately 12 to 14 percent" (low or high end), or the share its own example implies (a 500 GiB
        aggregate with 442.94 GiB usable: 11.4 %, below the range it states; cvo-google-cloud-11).

    Returns
    -------
    float
        Share of the raw capacity, 0 to 1. [-]

    Examples
    --------
    >>> reserve_share(), round(reserve_share("example"), 4)
    (0.14, 0.1141)
    """
    w = checks.choice("which", which, RESERVES)
    if w == "example":
        return 1 - data.value(_CVO, "overhead_example_usable", "GiB") / data.value(_CVO, "overhead_example_raw", "GiB")
    return data.value(_CVO, f"overhead_pct_{w}", "%") / 100


def raw_capacity_gib(data_gib, reserve="high"):
    """The data disks' capacity a node needs to hold some data, after ONTAP's reserve.

    Parameters
    ----------
    data_gib : float or array-like
        Data to hold, greater than 0. [GiB]
    reserve : {"low", "high", "example"}
        Which reading of ONTAP's reserve (:func:`reserve_share`); default the high end, 14 %.

    Returns
    -------
    float or numpy.ndarray
        ``data / (1 - reserve)``. [GiB]

    Examples
    --------
    2 TiB of data needs 2,048 / 0.86 = 2,381 GiB of disks.

    >>> round(raw_capacity_gib(2048))
    2381
    """
    size = checks.positive("data_gib", data_gib, "GiB")
    checks.choice("reserve", reserve, RESERVES)
    return checks.scalar_or_array(size / (1 - reserve_share(reserve)))


def vm_monthly_cost_usd(machine_type, sustained_use=True):
    """A machine type of :data:`MACHINE_TYPES`' monthly price on Google Cloud
    (:func:`storageperf.platforms.google_cloud.vm_monthly_cost_usd`), NaN for one the price table does not price.

    Examples
    --------
    >>> round(vm_monthly_cost_usd("n1-standard-8"), 2), vm_monthly_cost_usd("custom-4-16384")
    (194.18, nan)
    """
    checks.choice("machine_type", machine_type, (*MACHINE_TYPES, *machine_types_today()))
    checks.boolean("sustained_use", sustained_use)
    if machine_type not in google_cloud.machine_types_priced():
        return float("nan")
    return google_cloud.vm_monthly_cost_usd(machine_type, sustained_use=sustained_use)


def monthly_cost_usd(machine_type, capacity_gib=None, sustained_use=True, *, system_disks=True,
                     licence_usd_per_tib_month=None, provisioned_tib=None, disk_type="pd-ssd", layout="single node"):
    """Google's price of a Cloud Volumes ONTAP node or HA pair for a month: the VMs, their data and system disks, and
    a licence.

    Parameters
    ----------
    machine_type : str
        One of :data:`MACHINE_TYPES` or of :func:`machine_types_today`.
    capacity_gib : float or array-like, optional
        Persistent Disk capacity for data (raw, before ONTAP's reserve; a pair's on both nodes, its mirror
        included), greater than 0; default: the disks Table 1 gives the machine, as tested. [GiB]
    sustained_use : bool
        Apply the sustained-use discount of a VM that runs the whole month (N1: 30 %).
    system_disks : bool
        Include the boot, root, NVRAM and core disks NetApp's current layout adds
        (:func:`system_disks_monthly_cost_usd`). False gives the VM and data disks alone.
    licence_usd_per_tib_month : float, optional
        The Cloud Volumes ONTAP capacity-based licence price per TiB of provisioned capacity a month, 0 or more.
        Default None: the price is not public, so no licence is priced and ``licence`` and ``total_with_licence``
        are NaN. [USD]
    provisioned_tib : float or array-like, optional
        Capacity provisioned in volumes, which the licence charges, at least its 4 TiB minimum charge per storage
        VM (one storage VM here), greater than 0; default the data disks' capacity after ONTAP's reserve
        (:func:`reserve_share`; a pair's mirror does not count). [TiB]
    disk_type : {"pd-ssd", "pd-balanced"}
        The data disks' type (SSD for a type TR-4816 tested).
    layout : {"single node", "HA pair"}
        An HA pair pays two VMs and its own system disks (:func:`system_disks_monthly_cost_usd`); its mediator's
        VM is not priced.

    Returns
    -------
    dict
        ``vm`` (NaN for custom-4-16384: no price for the custom machine type was found), ``disks`` (data disks),
        ``system_disks``, ``total`` (VM and disks, before the licence; NaN where ``vm`` is) [USD per month],
        ``disk_share`` (all disks / total) [-], ``capacity_gib`` [GiB], ``licence`` and ``total_with_licence``
        [USD per month] (NaN unless a licence price is given).

    Notes
    -----
    :func:`storageperf.platforms.google_cloud.vm_monthly_cost_usd` plus
    :func:`~storageperf.platforms.google_cloud.pd_monthly_cost_usd`, disks billed per GB of 2^30 bytes.

    Examples
    --------
    n1-standard-8 with 2 x 4 TiB of SSD Persistent Disk, as tested: 0.379998 USD x 730 h x 0.7, 8,192 GiB x 0.17
    USD and 110.18 USD of system disks; disks are 89 % of it. No licence unless its price is given.

    >>> c = monthly_cost_usd("n1-standard-8")
    >>> round(c["vm"], 2), round(c["disks"], 2), round(c["total"], 2), round(c["disk_share"], 2), c["licence"]
    (194.18, 1392.64, 1697.0, 0.89, nan)
    """
    lim = machine_limits(machine_type, disk_type)
    pair = checks.choice("layout", layout, LAYOUTS) == "HA pair"
    if capacity_gib is None:
        capacity_gib = lim["disks"] * units.convert(lim["disk_tib"], "TiB", google_cloud.BILLING_UNIT)
    size = checks.positive("capacity_gib", capacity_gib, "GiB")
    checks.boolean("system_disks", system_disks)
    checks.boolean("sustained_use", sustained_use)
    copies = data.value(_CVO, "ha_mirror_copies", "copies") if pair else 1.0
    vm = vm_monthly_cost_usd(machine_type, sustained_use) * copies
    disks = google_cloud.pd_monthly_cost_usd(size, disk_type=disk_type)
    system = system_disks_monthly_cost_usd(layout)["total"] if system_disks else 0.0
    total = vm + disks + system
    if provisioned_tib is not None:
        checks.positive("provisioned_tib", provisioned_tib, "TiB")
    if licence_usd_per_tib_month is None:
        licence = np.full_like(np.asarray(size, dtype=float), np.nan)
    else:
        price = checks.in_range("licence_usd_per_tib_month", licence_usd_per_tib_month, 0, float("inf"), "USD")
        usable = units.convert(size, google_cloud.BILLING_UNIT, "TiB") * (1 - reserve_share()) / copies
        tib = usable if provisioned_tib is None else checks.positive("provisioned_tib", provisioned_tib, "TiB")
        licence = np.maximum(tib, data.value(_CVO, "licence_min_charge", "TiB")) * price
    return {"vm": vm, "disks": disks, "system_disks": system,
            "total": checks.scalar_or_array(np.asarray(total, dtype=float)),
            "disk_share": checks.scalar_or_array(np.asarray((disks + system) / total, dtype=float)),
            "capacity_gib": checks.scalar_or_array(size),
            "licence": checks.scalar_or_array(np.asarray(licence, dtype=float)),
            "total_with_licence": checks.scalar_or_array(np.asarray(total + licence, dtype=float))}


def result_latency_ms(result):
    """The latency a result of :func:`measured` was measured at: its slower operation's (reads or writes). [ms]

    Examples
    --------
    >>> result_latency_ms(measured("n1-standard-8", "oltp"))
    8.4
    """
    checks.mapping("result", result, ("read_latency_ms", "write_latency_ms"))
    return float(np.nanmax([result["read_latency_ms"], result["write_latency_ms"]]))


def smallest_machine_measured(workload, need_mb_per_s, latency_ms=None):
    """The smallest of TR-4816's machine types whose measured result carries a throughput, or None.

    Parameters
    ----------
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}
    need_mb_per_s : float
        Throughput needed, reads and writes together, greater than 0. [MB/s]
    latency_ms : float, optional
        Mean latency the need tolerates, greater than 0: the result's slower operation (reads or writes) must be at
        or below it. [ms]

    Returns
    -------
    str or None
        A machine type of :data:`MACHINE_TYPES`, smallest first; None if none was measured that high (or that fast).

    Notes
    -----
    Measured, not extrapolated: a need above every result gets None rather than a machine the report did not show
    carrying it. A latency is the one the result was measured at, at its own load (cvo chapter, Little's law).

    Examples
    --------
    Streaming writes of 300 MBps: n1-standard-8 measured more than that (Table 4); under 4.45 ms only n1-standard-32.

    >>> smallest_machine_measured("streaming_writes", 300), smallest_machine_measured("streaming_writes", 300, 4.45)
    ('n1-standard-8', 'n1-standard-32')
    """
    need = checks.positive("need_mb_per_s", need_mb_per_s, "MB/s", one=True)
    checks.choice("workload", workload, WORKLOADS)
    bound = float("inf") if latency_ms is None else checks.positive("latency_ms", latency_ms, "ms", one=True)
    return next((m for m in MACHINE_TYPES if measured(m, workload)["mb_per_s"] >= need
                 and result_latency_ms(measured(m, workload)) <= bound), None)


def _capacity_gib(capacity_tib):
    """The data to hold, in the billing unit, checked to be a size a number holds. [billing unit]"""
    tib = checks.positive("capacity_tib", capacity_tib, "TiB", one=True)
    with np.errstate(over="ignore"):
        size = float(units.convert(tib, "TiB", "B"))
    if not math.isfinite(size):
        raise checks.InputError(f"capacity_tib is too large to size: it comes to more bytes than a number holds; "
                                f"got {capacity_tib!r}")
    return float(units.convert(tib, "TiB", google_cloud.BILLING_UNIT))


def data_disk_gib(need_mb_per_s, capacity_tib, read_share, block_size_kib, disk_type="pd-ssd", layout="single node"):
    """Persistent Disk a node (or an HA pair) needs for its data and its I/O: the larger of the two.

    Parameters
    ----------
    need_mb_per_s : float
        Throughput needed, reads and writes together, greater than 0. [MB/s]
    capacity_tib : float
        Data to hold, greater than 0. [TiB]
    read_share : float
        Share of the operations that are reads, 0 to 1. [-]
    block_size_kib : float
        Size of every operation, greater than 0. [KiB]
    disk_type : {"pd-ssd", "pd-balanced"}
    layout : {"single node", "HA pair"}
        A pair: each node's disks hold all the data (its own half and its partner's mirror) and see half the reads
        and all the writes; the pair buys twice one node's disks.

    Returns
    -------
    float
        ``max(raw capacity after ONTAP's reserve, the disk the I/O needs)``: the raw capacity is
        :func:`raw_capacity_gib`; the I/O needs :func:`~storageperf.platforms.google_cloud.pd_size_needed_gib`
        of one disk I/O per operation and of the heavier direction's throughput; for a pair, twice a node's. [GiB]

    Examples
    --------
    2 TiB of streaming writes at 300 MBps: the data sets the disk.

    >>> round(data_disk_gib(300, 2, 0.0, 64))
    2381
    """
    need = checks.positive("need_mb_per_s", need_mb_per_s, "MB/s", one=True)
    data_gib = _capacity_gib(capacity_tib)
    r = checks.fraction("read_share", read_share, one=True)
    if checks.choice("layout", layout, LAYOUTS) == "HA pair":   # a node: half the reads, all the writes
        node = need * (r / 2 + 1 - r)
        return 2 * data_disk_gib(node, capacity_tib, r / 2 / (r / 2 + 1 - r), block_size_kib, disk_type)
    ops = need / units.convert(checks.positive("block_size_kib", block_size_kib, "KiB", one=True), BLOCK_UNIT, "MB")
    io_gib = google_cloud.pd_size_needed_gib(iops=ops, mibps=max(r, 1 - r) * units.convert(
        need, RATE_UNIT, LIMIT_UNIT), disk_type=disk_type)
    return max(float(raw_capacity_gib(data_gib)), float(io_gib))


def right_sized(workload, need_mb_per_s, capacity_tib, latency_ms=None, *, licence_usd_per_tib_month=None,
                write_speed="normal", disk_writes_per_write="evidence"):
    """A node for a need: the smallest measured machine type, and the SSD Persistent Disk the need and data require.

    Parameters
    ----------
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}
    need_mb_per_s : float
        Throughput needed, reads and writes together, greater than 0. [MB/s]
    capacity_tib : float
        Data to hold, greater than 0. [TiB]
    latency_ms : float, optional
        Mean latency tolerated (see :func:`smallest_machine_measured`). [ms]
    licence_usd_per_tib_month : float, optional
        The licence price per TiB a month (see :func:`monthly_cost_usd`), charged on the data as provisioned;
        default None, not priced. [USD]
    write_speed, disk_writes_per_write
        Today's layout ``current_limit_mb_per_s`` is derived under (:func:`current_write_path`).

    Returns
    -------
    dict or None
        ``machine_type``; ``capacity_gib`` [GiB]: the larger of the raw capacity the data needs after ONTAP's
        reserve (:func:`raw_capacity_gib`, 14 %) and the disk the need's I/O requires at 30 IOPS and 0.48 MiB/s per
        GiB, one disk I/O per operation; ``data_gib`` [GiB]; the costs of :func:`monthly_cost_usd`, system disks
        included; ``current_limit_mb_per_s`` [MB/s] and ``fits_current``: what that machine type's published limits
        allow the workload in NetApp's current layout (:func:`current_write_path`, by default at the normal write
        speed), and whether the need is within it (False: the 2020 result carries the need, today's layout does
        not). None if no machine type measured the need.

    Notes
    -----
    The measured result is taken to hold on the smaller disk while the disk's per-GiB limits stay above the
    machine type's per-instance limits the result ran against; where they fall below, the disk itself sets the
    bound, and the capacity returned is the least that keeps it above the need.

    Examples
    --------
    A backup target: streaming writes of 300 MBps, 2 TiB of data.

    >>> n = right_sized("streaming_writes", 300, 2)
    >>> n["machine_type"], round(n["capacity_gib"]), round(n["total"])
    ('n1-standard-8', 2381, 709)

    Today's layout at the default write speed writes each byte twice against the 400 MiB/s write limit: 200 MiB/s,
    about 210 MB/s, less than the need.

    >>> round(n["current_limit_mb_per_s"], 1), n["fits_current"]
    (209.7, False)
    """
    m = smallest_machine_measured(workload, need_mb_per_s, latency_ms)
    data_gib = _capacity_gib(capacity_tib)
    if m is None:
        return None
    mix = workload_mix(workload)
    cost = monthly_cost_usd(m, data_disk_gib(need_mb_per_s, capacity_tib, mix["read_share"], mix["block_size_kib"]),
                            licence_usd_per_tib_month=licence_usd_per_tib_month,
                            provisioned_tib=units.convert(data_gib, google_cloud.BILLING_UNIT, "TiB"))
    path = current_write_path(write_speed, disk_writes_per_write)
    now = float(published_limit(m, mix["read_share"], mix["block_size_kib"], **path)["mb_per_s"])
    return {"machine_type": m, "data_gib": data_gib, **cost, "current_limit_mb_per_s": now,
            "fits_current": need_mb_per_s <= now}
