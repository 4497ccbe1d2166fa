"""TR-4816, Cloud Volumes ONTAP on Google Cloud: which machine type, for which workload, and which limit binds.

NetApp's TR-4816 [1]_ measured one single-node Cloud Volumes ONTAP 9.6 system on three Compute Engine machine
types (custom-4-16384, n1-standard-8, n1-standard-32, the Explore, Standard and Premium licences) under four fio
workloads, and states for each machine type the sustained Persistent Disk limits it was given (Table 1): read and
write IOPS, read and write throughput. This module answers two questions from those numbers:

* **What the published limits allow** (:func:`published_limit`): a workload with read share ``r`` and block size
  ``b`` running at ``X`` operations per second needs ``r X`` read and ``(1 - r) X`` write IOPS and ``r X b`` and
  ``(1 - r) X b`` bytes per second; the highest ``X`` that stays within all four limits is the smallest of
  ``R_iops / r``, ``W_iops / (1 - r)``, ``R_MBps / (r b)`` and ``W_MBps / ((1 - r) b)``, and that term names the
  binding limit (:func:`storageperf.concepts.bounds.mixed_iops_limit`). No benchmark number enters it.
* **What was measured** (:func:`measured`, :func:`comparison`): each result beside that bound, and the I/O the
  clients kept in flight by Little's law (IOPS x latency).

Units as the report uses them: block sizes in KB of 1,024 bytes and throughput in MB of 10^6 bytes, the only
reading under which its IOPS and MBps agree (source_discrepancies cvo-google-cloud-03). Prices
(:func:`monthly_cost_usd`) are
Google's on-demand list prices of the VM and its SSD Persistent Disks (:mod:`storageperf.platforms.google_cloud`);
the Cloud Volumes ONTAP licence price is not public and is not included.

References
----------
.. [1] O. Berman, "Performance Characterization of NetApp Cloud Volumes ONTAP for Google Cloud", NetApp TR-4816,
   February 2020: Table 1 (machine types and limits), section 3.3 (workloads), Tables 2 to 5 (results).
.. [2] Google Cloud, "Disk and image pricing" (n1-standard-8 and SSD Persistent Disk prices); OpenCost
   ``configs/default.json`` (N1 vCPU and memory rates, us-central1).
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .. import _checks, data
from ..concepts import bounds, compare, units
from ..platforms import google_cloud

#: The report every number here comes from (its id in ``data/documents.csv``).
DOCUMENT = "netapp-tr-4816"

#: The machine types TR-4816 tested, smallest first.
MACHINE_TYPES = ("custom-4-16384", "n1-standard-8", "n1-standard-32")
#: The four workloads of TR-4816, section 3.3.
WORKLOADS = ("oltp", "streaming_reads", "streaming_writes", "mixed")
#: The published limits :func:`published_limit` can name as binding, in the order ties are broken.
LIMITS = bounds.MIX_LIMITS
#: The report's units: a block-size KB is 1,024 bytes, a throughput MB 10^6 bytes (cvo-google-cloud-03).
BLOCK_UNIT, RATE_UNIT = "KiB", "MB/s"

_SHORT = {"custom-4-16384": "custom4", "n1-standard-8": "n1s8", "n1-standard-32": "n1s32"}


@functools.cache
def _results():
    return data.load("cvo_google_cloud_results")


def machine_limits(machine_type):
    """The sustained Persistent Disk limits TR-4816's Table 1 gives a machine type, and its size.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}

    Returns
    -------
    dict
        ``read_iops``, ``write_iops`` [IOPS]; ``read_mb_per_s``, ``write_mb_per_s`` [MB/s]; ``vcpu``; ``memory_gib``
        [GiB]; ``disks`` and ``disk_tb`` [TB] (its SSD Persistent Disks); ``max_storage_tb`` [TB] (its licence).

    Examples
    --------
    >>> machine_limits("n1-standard-32")["read_iops"], machine_limits("n1-standard-32")["read_mb_per_s"]
    (60000.0, 1200.0)
    """
    t = _SHORT[_checks.choice("machine_type", machine_type, MACHINE_TYPES)]
    keys = {"read_iops": ("pd_read_iops", "IOPS"), "write_iops": ("pd_write_iops", "IOPS"),
            "read_mb_per_s": ("pd_read_mbps", RATE_UNIT), "write_mb_per_s": ("pd_write_mbps", RATE_UNIT),
            "vcpu": ("vcpu", "vCPU"), "memory_gib": ("memory", "GiB"), "disks": ("ssd_pd_disks", "disks"),
            "disk_tb": ("ssd_pd_disk_size", "TB"), "max_storage_tb": ("max_storage", "TB")}
    return {k: data.value("cvo_google_cloud_setup", f"{t}_{row}", unit) for k, (row, unit) in keys.items()}


def workload_mix(workload):
    """Block size and read share of one of TR-4816's workloads (section 3.3).

    Parameters
    ----------
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}

    Returns
    -------
    dict
        ``block_size_kib`` [KiB] and ``read_share`` [-], 0 to 1.

    Examples
    --------
    >>> workload_mix("oltp")
    {'block_size_kib': 8.0, 'read_share': 0.8}
    """
    w = _checks.choice("workload", workload, WORKLOADS)
    ids = set(data.load("cvo_google_cloud_setup")["id"])
    read = (data.value("cvo_google_cloud_setup", f"{w}_read_pct", "%") if f"{w}_read_pct" in ids
            else 100 - data.value("cvo_google_cloud_setup", f"{w}_write_pct", "%"))
    # The report writes "8KB" for 8 x 1,024 bytes (cvo-google-cloud-03): its KB is read as a KiB here, not converted.
    block = data.value("cvo_google_cloud_setup", f"{w}_block_size", "KB")
    return {"block_size_kib": block, "read_share": read / 100}


def published_limit(machine_type, read_share, block_size_kib):
    """The most operations per second the published Persistent Disk limits allow a read/write mix.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}
    read_share : float or array-like
        Share of the operations that are reads, 0 to 1. [-]
    block_size_kib : float or array-like
        Size of every operation, greater than 0. [KiB]

    Returns
    -------
    dict
        ``iops`` (reads and writes together) [IOPS], ``read_iops`` and ``write_iops`` [IOPS], ``mb_per_s`` [MB/s],
        ``binding``: which of :data:`LIMITS` sets it.

    Notes
    -----
    ``X = min(R_iops / r, W_iops / (1 - r), R_MBps / (r b), W_MBps / ((1 - r) b))``, a term dropped where its
    share is 0. These are the limits TR-4816's Table 1 states for each machine type; they bound what the disks
    will carry, not what the Cloud Volumes ONTAP node or the network deliver.

    Examples
    --------
    TR-4816's OLTP mix (80 % reads of 8 KiB) on n1-standard-32: 60,000 read IOPS / 0.8 = 75,000 operations per
    second, and the read IOPS bind:

    >>> r = published_limit("n1-standard-32", 0.8, 8)
    >>> round(r["iops"]), r["binding"]
    (75000, 'read IOPS')
    """
    lim = machine_limits(machine_type)
    x, binding = bounds.mixed_iops_limit(read_share, block_size_kib, lim["read_iops"], lim["write_iops"],
                                         lim["read_mb_per_s"], lim["write_mb_per_s"])
    r = np.asarray(read_share, dtype=float)
    b = units.convert(np.asarray(block_size_kib, dtype=float), BLOCK_UNIT, "MB")
    out = {"iops": x, "read_iops": r * x, "write_iops": (1 - r) * x, "mb_per_s": x * b}
    out = {k: _checks.scalar_or_array(np.asarray(v, dtype=float)) for k, v in out.items()}
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
        ``iops`` [IOPS] and ``mb_per_s`` [MB/s], the sums over reads and writes; ``read_latency_ms`` and
        ``write_latency_ms`` [ms] (NaN for an operation the workload has none of); ``outstanding``: the I/Os the
        clients kept in flight, by Little's law ``sum(IOPS x latency)`` [-].

    Examples
    --------
    OLTP on n1-standard-32 (Table 2): 45,000 + 11,000 IOPS; 45,000 x 1.15 ms + 11,000 x 6.3 ms = 121 I/Os in flight.

    >>> m = measured("n1-standard-32", "oltp")
    >>> m["iops"], round(m["outstanding"])
    (56000.0, 121)
    """
    m = _checks.choice("machine_type", machine_type, MACHINE_TYPES)
    w = _checks.choice("workload", workload, WORKLOADS)
    res = _results()
    rows = res[(res["machine_type"] == m) & (res["workload"] == w)].pivot(index="operation", columns="metric",
                                                                          values="value")
    lat = {op: float(rows.loc[op, "latency"]) if op in rows.index else float("nan") for op in ("read", "write")}
    return {"iops": float(rows["iops"].sum()), "mb_per_s": float(rows["throughput"].sum()),
            "read_latency_ms": lat["read"], "write_latency_ms": lat["write"],
            "outstanding": float((rows["iops"] * rows["latency"]).sum() / units.MS_PER_S)}


def comparison():
    """Every measured result beside :func:`published_limit` for its workload's mix and block size.

    Returns
    -------
    pandas.DataFrame
        The standard comparison table (:func:`storageperf.concepts.compare.table`), one row per machine type and
        workload: ``measured`` and ``model`` (the published-limit bound) in IOPS, ``binding``; then ``workload``,
        ``machine_type``, ``measured_mb_per_s``, ``limit_mb_per_s``, ``share`` (measured / bound) and ``outstanding``
        (Little's law).

    Examples
    --------
    >>> r = comparison().set_index("id").loc["oltp-n1s32"]
    >>> float(r["measured"]), float(r["model"]), r["binding"]
    (56000.0, 75000.0, 'read IOPS')
    """
    rows = []
    for w in WORKLOADS:
        spec = workload_mix(w)
        for m in MACHINE_TYPES:
            got, lim = measured(m, w), published_limit(m, spec["read_share"], spec["block_size_kib"])
            rows.append({"id": f"{w}-{_SHORT[m]}", "measured": got["iops"], "model": lim["iops"],
                         "binding": lim["binding"], "workload": w, "machine_type": m,
                         "measured_mb_per_s": got["mb_per_s"],
                         "limit_mb_per_s": lim["mb_per_s"], "share": got["iops"] / lim["iops"],
                         "outstanding": got["outstanding"]})
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


def monthly_cost_usd(machine_type):
    """Google's on-demand price of a TR-4816 configuration for a month: the VM and its SSD Persistent Disks.

    Parameters
    ----------
    machine_type : {"custom-4-16384", "n1-standard-8", "n1-standard-32"}

    Returns
    -------
    dict
        ``vm`` (NaN for custom-4-16384: no price for the custom machine type was found), ``disks`` and ``total``
        (NaN where ``vm`` is) [USD per month]. The Cloud Volumes ONTAP licence is not included: its price is not
        public.

    Notes
    -----
    :func:`storageperf.platforms.google_cloud.vm_monthly_cost_usd` plus
    :func:`~storageperf.platforms.google_cloud.ssd_pd_monthly_cost_usd` of the disks Table 1 gives the machine.
    n1-standard-32's price is 32 vCPUs and 120 GB at the N1 rates, which give n1-standard-8's price exactly.

    Examples
    --------
    n1-standard-8 with 2 x 4 TB of SSD Persistent Disk:

    >>> c = monthly_cost_usd("n1-standard-8")
    >>> round(c["vm"]), round(c["disks"])
    (277, 1360)
    """
    lim = machine_limits(machine_type)
    vm = google_cloud.vm_monthly_cost_usd(machine_type)
    disks = google_cloud.ssd_pd_monthly_cost_usd(lim["disk_tb"], lim["disks"])
    return {"vm": vm, "disks": disks, "total": vm + disks}


def smallest_machine_measured(workload, need_mb_per_s):
    """The smallest of TR-4816's machine types whose measured result carries a throughput, or None.

    Parameters
    ----------
    workload : {"oltp", "streaming_reads", "streaming_writes", "mixed"}
    need_mb_per_s : float
        Throughput needed, reads and writes together, greater than 0. [MB/s]

    Returns
    -------
    str or None
        A machine type of :data:`MACHINE_TYPES`, smallest first; None if none was measured that high.

    Notes
    -----
    Measured, not extrapolated: a need above every result gets None rather than a machine the report did not show
    carrying it.

    Examples
    --------
    Streaming writes of 300 MBps: n1-standard-8 measured more than that (Table 4).

    >>> smallest_machine_measured("streaming_writes", 300)
    'n1-standard-8'
    """
    need = float(_checks.positive("need_mb_per_s", need_mb_per_s, "MB/s"))
    _checks.choice("workload", workload, WORKLOADS)
    return next((m for m in MACHINE_TYPES if measured(m, workload)["mb_per_s"] >= need), None)
