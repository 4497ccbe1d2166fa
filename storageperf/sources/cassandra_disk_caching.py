"""The Cassandra disk-caching experiments: what bounds a closed-loop read workload with and without the ReadOnly cache.

A cassandra-stress client keeps ``client_threads`` reads in flight against six Standard_DS14_v2 nodes [1]_ [2]_. A
read that misses Cassandra's caches faults pages of a memory-mapped SSTable in, and Linux reads a whole read-ahead
window around each fault. What the charts show comes from a handful of mechanisms, each a concept of its own:

* **the disk work of a read** (:func:`disk_work`): a 4 KB document straddles two 4 KiB pages, and a window of one
  or two pages does not cover the second page, so read-ahead under 12 KiB costs two disk reads in a row
  (:func:`storageperf.concepts.bandwidth.read_around`); the test reads 2 % of the documents, so a large window
  often holds a document read later, which then finds it in the page cache
  (:func:`storageperf.concepts.bandwidth.first_read_share`); the disks count the windows a read fetches plus its
  index I/Os (:func:`index_ios_per_read`, from the source's one iostat at 64 KiB), so fewer I/Os at larger
  read-ahead; the iostat fits another reading as well (windows split across RAID 0 chunks), so the uncached IOPS
  ceilings away from 64 KiB are not identified by the data (:func:`uncached_iops_ceilings`);
  the source's own disk MB/s bars give other bytes a read (:func:`bytes_per_read`);
* **the VM's disk limits with Microsoft's accounting** (:func:`storageperf.concepts.bounds.host_cache_ops_limit`):
  host-cache hits count against the cached limit, misses and writes against both, the temporary disk (where the
  source put the commit log) against the cached one;
* **Cassandra's ``concurrent_reads``** (64 a node): at most that many reads wait on the disk at once;
* **a front-end ceiling** (:func:`front_end_ops_per_s`): the highest rate the charts show, reached at settings whose
  disk limits are far apart (the client or the coordinators; the source measured neither), as a rate per vCPU of
  the nodes, so that another VM size moves it;
* **the closed loop** (:func:`storageperf.concepts.queueing.closed_loop_ops`): ops/s are the smallest of
  threads / light-load latency and the ceilings above, and above the knee each added thread only waits.

Three numbers are fitted on the ops/s charts: the front-end time of a read, the time of one remote disk read and the
bytes a read moves beyond its data window. P50 and P95 weigh the front-end time, the disk time and the mean wait
with three coefficients each, fitted on the latency charts, in two models (:data:`PERCENTILE_MODELS`): linear in the
three, or a mixture in which a read finds its window in the page cache or issues I/O and bears the disk time and the
throttle's wait. The fits, and the scores on the charts left out of them that choose the percentile model, are
:mod:`storageperf.sources.cassandra_disk_caching_fit`'s; :func:`parameters` gives the fitted numbers the model uses
by default, and :func:`comparison` each charted point beside the model.

References
----------
.. [1] Azure-Samples, "Comparing Azure VM data disk caching configurations", cassandra-on-azure-vms-performance-
   experiments, docs/cassandra-azure-vm-data-disk-caching.md, September 2019.
.. [2] Azure-Samples, "Apache Cassandra on Azure VMs Performance Experiments", README (test setup),
   docs/cassandra-read-ahead.md and docs/cassandra-vm-setup.md, September 2019; Microsoft Learn, "Memory optimized
   Dv2 and DSv2-series", 2020-02-03; Microsoft Learn, "Premium SSD sizes", 2023-03-16.
.. [3] Microsoft Learn, "Virtual machine and disk performance", 2020-10-12 (how host-cache hits, misses and
   writes count against the cached and uncached limits).
.. [4] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", 1984, ch. 5.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .. import checks, data
from .._cache import cached
from ..concepts import bandwidth, bounds, compare, queueing, units
from ..platforms import azure_vm
from ..platforms.azure_vm import CACHING_MODES

#: The cluster's VM size and data disks (the experiments' README, test setup table).
VM_SIZE, DISK = "Standard_DS14_v2", "P30"
#: The article whose charts the model is compared with (its id in ``data/documents.csv``).
DOCUMENT = "cassandra-disk-caching"

#: The source's charts the model is compared with, finest first: where two charts show the same run
#: (source_discrepancies cassandra-disk-caching-09, cassandra-disk-caching-10), the first one's reading is used.
ARTICLE_CHARTS = ("diskcaching-threads-ops.png", "diskcaching-readahead-ops.png",
                  "diskcaching-readahead-threads-ops.png", "diskcaching-threads-lat-p50.png",
                  "diskcaching-readahead-lat-p50.png", "diskcaching-threads-lat-p95.png",
                  "diskcaching-readahead-lat-p95.png")
#: What :func:`comparison` and :func:`cassandra_disk_caching_fit.agreement` compare: the model's key for each
#: metric of the charts.
METRICS = {"ops_per_s": "ops_per_s", "latency_p50": "p50_latency_ms", "latency_p95": "p95_latency_ms"}
#: The percentile models, each three coefficients a percentile
#: (:func:`cassandra_disk_caching_fit.percentile_coefficients`): ``linear`` (every read bears the mean wait) and
#: ``mixture`` (a read finds its window in the page cache or issues I/O and bears the wait);
#: :func:`cassandra_disk_caching_fit.percentile_model` adopts the one with the lower error on charts left out.
PERCENTILE_MODELS = ("linear", "mixture")
#: The percentile each latency metric is, as a fraction.
QUANTILES = {"latency_p50": 0.5, "latency_p95": 0.95}
#: The two readings of the iostat's disk I/Os a read (:func:`index_ios_per_read`): each window fetched one I/O and
#: the rest index reads (the model's), or each window one I/O a member disk it touches on the read-ahead article's
#: RAID 0 chunks (the setup row of that chunk), the rest index reads.
IO_READINGS = {"index reads": None, "chunk splits": "readahead_tests_chunk"}
#: The results row whose ops/s the iostat reading of the read-ahead article goes with (256 threads, 64 KiB,
#: DiskCaching=None, printed on the chart).
IOSTAT_RUN = "rathr-ops-none-t256-ra64-ops"


def _setup(item, unit):
    """One value of ``data/sources/cassandra_disk_caching_setup.csv``, in ``unit``."""
    return data.value("cassandra_disk_caching_setup", item, unit)


def _caching(caching):
    return checks.choice("caching", caching, CACHING_MODES)


def setup():
    """The test setup the model uses, from ``data/sources/cassandra_disk_caching_setup.csv``.

    Returns
    -------
    dict
        ``vm_count`` (Cassandra nodes), ``document_kib`` (document size [KiB]), ``page_kib`` (the XFS block and
        page [KiB]), ``disk_count`` (P30 disks a node), ``concurrent_reads`` (cassandra.yaml, a node),
        ``sampled_share`` (documents read over documents stored), ``remote_read_ms`` (the article's "~3.3ms": the
        fio baseline's 4 KiB random-write average, a queue of 64 I/Os over the stripe's IOPS by Little's law, not one
        disk read's latency; :func:`cassandra_disk_caching_fit.fit` fits the remote read and is not held to
        it).

    Notes
    -----
    The source writes "4KB documents", read here as decimal (3.9 KiB): it straddles two 4 KiB pages 98 % of the
    time; read as 4 KiB it would always straddle.

    Examples
    --------
    >>> s = setup()
    >>> s["vm_count"], s["document_kib"], s["concurrent_reads"], s["sampled_share"]
    (6.0, 3.90625, 64.0, 0.02)
    """
    return dict(_setup_values())


@functools.cache
def _setup_values():
    return {"vm_count": _setup("cassandra_node_vms", "VMs"), "document_kib": _setup("article_doc_size", "KiB"),
            "page_kib": _setup("xfs_block_size", "KiB"), "disk_count": _setup("data_disks_per_vm", "disks"),
            "concurrent_reads": _setup("cassandra_concurrent_reads", "reads"),
            "sampled_share": _setup("article_docs_read", "documents") / _setup("article_docs_total", "documents"),
            "remote_read_ms": _setup("article_remote_disk_latency", "ms")}


def disk_path_limits(caching, vm_size=VM_SIZE, disk=DISK, disk_count=None):
    """Per-VM throttles of the path a read the host cache serves (ReadOnly) or the disks serve (None) takes.

    See :func:`storageperf.platforms.azure_vm.disk_path_limits`.

    Parameters
    ----------
    caching : {"None", "ReadOnly"}
    vm_size, disk : str
        A size of :data:`storageperf.platforms.azure_vm.DISK_SIZES` and a disk of ``DISKS``; the source's by default.
    disk_count : int, optional
        Data disks a VM, 1 to 64; the source's 4 by default.

    Returns
    -------
    dict
        ``throughput_mb_per_s`` [MB/s] and ``iops`` [1/s] per VM.

    Examples
    --------
    >>> disk_path_limits("ReadOnly"), disk_path_limits("None")
    ({'throughput_mb_per_s': 512.0, 'iops': 64000.0}, {'throughput_mb_per_s': 768.0, 'iops': 20000.0})
    """
    n = setup()["disk_count"] if disk_count is None else disk_count
    limits = azure_vm.disk_path_limits(vm_size, _caching(caching), disk, n)
    return {"throughput_mb_per_s": limits["throughput_mb_per_s"], "iops": limits["iops"]}


@cached
def measured_points(metric="ops_per_s"):
    """The source's charted points the model is compared with, one per run.

    Parameters
    ----------
    metric : {"ops_per_s", "latency_p50", "latency_p95"}

    Returns
    -------
    pandas.DataFrame
        Columns ``id``, ``chart``, ``caching``, ``client_threads``, ``read_ahead_kb``, ``measured``, from the
        article's seven charts (:data:`ARTICLE_CHARTS`); where two charts show the same run (same caching,
        threads and read-ahead) only the first chart's reading is kept.

    Examples
    --------
    >>> len(measured_points("ops_per_s")), len(measured_points("latency_p50"))
    (28, 22)
    """
    checks.choice("metric", metric, tuple(METRICS))
    table = data.load("cassandra_disk_caching_results")
    table = table[(table["metric"] == metric) & table["chart"].isin(ARTICLE_CHARTS)].copy()
    table["order"] = table["chart"].map(ARTICLE_CHARTS.index)
    table = table.sort_values(["order", "caching", "client_threads", "read_ahead_kb"], kind="stable")
    table = table.drop_duplicates(["caching", "client_threads", "read_ahead_kb"], keep="first")
    cols = ["id", "chart", "caching", "client_threads", "read_ahead_kb", "value"]
    out = table[cols].rename(columns={"value": "measured"}).reset_index(drop=True)
    out["client_threads"] = out["client_threads"].astype(float)
    out["read_ahead_kb"] = out["read_ahead_kb"].astype(float)
    return out


@cached
def measured_range():
    """The inputs the source measured; the model answers outside them only with ``extrapolated`` set.

    Returns
    -------
    dict
        ``client_threads`` and ``read_ahead_kb``: (lowest, highest) charted [-], [KiB]; ``hit_ratio`` 1 (warm host
        cache), ``write_share`` 0, and the ``vm_size``, ``disk`` and ``disk_count`` of the test.

    Examples
    --------
    >>> measured_range()["client_threads"], measured_range()["read_ahead_kb"]
    ((64.0, 512.0), (0.0, 512.0))
    """
    pts = measured_points("ops_per_s")
    return {"client_threads": (float(pts["client_threads"].min()), float(pts["client_threads"].max())),
            "read_ahead_kb": (float(pts["read_ahead_kb"].min()), float(pts["read_ahead_kb"].max())),
            "hit_ratio": 1.0, "write_share": 0.0, "vm_size": VM_SIZE, "disk": DISK,
            "disk_count": setup()["disk_count"]}


def disk_ios_per_read():
    """Disk I/Os per Cassandra read, from the source's iostat: the P30 disks' reads/s over the node's reads/s.

    Returns
    -------
    float
        ``disks x reads/s per disk / (cluster ops/s / VMs)``. [-]

    Notes
    -----
    The read-ahead article's iostat at ``read_ahead_kb`` = 64 and 256 threads shows "reads/sec are reaching the
    maximum ~5000 IOPS per disk"; the printed ops/s of that run are 51,000 (:data:`IOSTAT_RUN`). Four disks at
    5,000 over 8,500 reads a node a second: about 2.35 I/Os a read (source_discrepancies cassandra-disk-caching-08).
    It is measured at one read-ahead, so the model does not use it as a constant: :func:`disk_work` counts the
    windows a read fetches, which fall as read-ahead grows, plus the index I/Os this count leaves at 64 KiB
    (:func:`index_ios_per_read`). The 56,100 ops/s charted at 512 threads, at the same 64 KiB, need at most 2.14
    (cassandra-disk-caching-16): the iostat and that run cannot both hold, and neither can the model.

    Examples
    --------
    >>> round(disk_ios_per_read(), 3)
    2.353
    """
    return _disk_ios_per_read()


@functools.cache
def _disk_ios_per_read():
    s = setup()
    ops = data.value("cassandra_disk_caching_results", IOSTAT_RUN, "ops/s")
    return float(s["disk_count"] * _setup("readahead_iostat_iops_per_disk", "IOPS") / (ops / s["vm_count"]))


def bytes_per_read():
    """Bytes a Cassandra read moves, from the source's disk MB/s bars and by the model, by read-ahead.

    Returns
    -------
    pandas.DataFrame
        One row per bar of the read-ahead article's uncached chart (128 threads): ``read_ahead_kb`` [KiB],
        ``bars_mb_per_s`` (the orange bars, read as per VM) [MB/s], ``ops_per_s`` (the same chart's line) [1/s],
        ``bars_kib`` (``bars / (ops/s / VMs)``) [KiB], ``model_kib`` (:func:`disk_work` with the fitted numbers)
        [KiB], ``ratio`` (bars over model) [-].

    Notes
    -----
    The two disagree by read-ahead, not by a constant: the bars give more bytes than the model below 128 KiB (at
    8 KiB more than two windows and the index bytes could move) and fewer above it. The model follows the ops/s
    charts: its bytes a read are fitted on 28 ops/s points of seven charts, where a wrong byte count shows as a
    wrong throughput ceiling; the bars are one chart of seven bars, read to 10 MB/s, with no axis unit per VM or per
    cluster stated (a cluster-wide reading gives less than a document a read), so the model shows them beside its
    own count and does not fit them (cassandra-disk-caching-05).

    Examples
    --------
    >>> b = bytes_per_read().set_index("read_ahead_kb")
    >>> round(b.loc[8, "bars_kib"]), round(b.loc[8, "model_kib"])
    (55, 21)
    """
    res = data.load("cassandra_disk_caching_results")
    chart = res[res["chart"] == "readahead-diskcaching-none-ops.png"]
    bars = chart[chart["metric"] == "disk_read_mb_per_s"].set_index("read_ahead_kb")["value"]
    ops = chart[chart["metric"] == "ops_per_s"].set_index("read_ahead_kb")["value"].reindex(bars.index)
    params = parameters()
    ra = bars.index.to_numpy(dtype=float)
    per_vm = ops.to_numpy() / setup()["vm_count"]
    bars_kib = units.convert(bars.to_numpy() / per_vm, "MB", "KiB")
    model = np.asarray(disk_work(ra, params["extra_kib"])["kib"])
    return pd.DataFrame({"read_ahead_kb": ra, "bars_mb_per_s": bars.to_numpy(), "ops_per_s": ops.to_numpy(),
                         "bars_kib": bars_kib, "model_kib": model, "ratio": bars_kib / model})


def index_ios_per_read(reading="index reads"):
    """Disk I/Os a read makes beyond its data windows: the iostat's count less the windows' I/Os, in one of two
    readings.

    Parameters
    ----------
    reading : {"index reads", "chunk splits"}
        How a window counts on the disks (:data:`IO_READINGS`): one I/O (the model's), or one a member disk of the
        RAID 0 stripe it touches (:func:`storageperf.concepts.bandwidth.raid0_disk_ios`, the read-ahead article's
        64 KiB chunks).

    Returns
    -------
    float
        ``disk_ios_per_read() - disk_work(64, index_ios=0)["ios"]`` at the iostat run's read-ahead. [-]

    Notes
    -----
    The source counted disk I/Os a read once, at 64 KiB and 256 threads, from one iostat screenshot that follows one
    of "128 threads ... reading 8K documents" and may be from another run than the charts'
    (:func:`disk_ios_per_read`; cassandra-disk-caching-16, -19). A read there fetches 0.86 of a window. Counted
    as one I/O a window, the rest, about 1.5, are reads of the index and other metadata, taken as the same at every
    read-ahead: the model's reading. They cost IOPS and no time (the light-load latency counts the windows' faults
    only), which index reads that Cassandra waits for in turn would not. Counted as one I/O a member disk touched,
    a 64 KiB window at a random page on 64 KiB chunks touches two disks 15 times in 16, served side by side, which
    costs IOPS and no time; the rest is about 0.7. Both give the iostat back at 64 KiB and differ elsewhere
    (:func:`uncached_iops_ceilings`): the source does not settle it. The number is set to make the model's windows
    give one measurement back, so it is counted among the tuned numbers
    (:func:`cassandra_disk_caching_fit.tuned_numbers`).

    Examples
    --------
    >>> round(index_ios_per_read(), 2), round(index_ios_per_read("chunk splits"), 2)
    (1.49, 0.69)
    """
    return _index_ios_per_read(checks.choice("reading", reading, tuple(IO_READINGS)))


@functools.cache
def _index_ios_per_read(reading):
    ra = float(data.row("cassandra_disk_caching_results", IOSTAT_RUN)["read_ahead_kb"])
    return float(disk_ios_per_read() - disk_work(ra, index_ios=0.0, chunk_kib=_chunk_kib(reading))["ios"])


def _chunk_kib(reading):
    """The RAID 0 chunk a reading splits windows on (None: a window is one I/O). [KiB, mdadm's "k"]"""
    return None if IO_READINGS[reading] is None else _setup(IO_READINGS[reading], "KiB")


def uncached_iops_ceilings(read_ahead_kb):
    """The uncached cluster's IOPS ceiling by read-ahead in both readings of the iostat's disk I/Os a read.

    Parameters
    ----------
    read_ahead_kb : float or array-like
        The data disks' ``read_ahead_kb``, at least 0. [KiB]

    Returns
    -------
    pandas.DataFrame
        One row a read-ahead: ``read_ahead_kb`` [KiB]; for each reading of :data:`IO_READINGS` (``index reads``,
        the model's; ``chunk splits``) ``ios_<reading>`` (disk I/Os a read, :func:`disk_work`) [-] and
        ``ceiling_<reading>`` (VMs x the P30 disks' IOPS over them) [1/s]; ``identified``: whether the data
        identify the ceiling (the iostat's read-ahead, where both readings give it back; nowhere else).

    Examples
    --------
    At the iostat's 64 KiB both give 51,000 ops/s; at 8 KiB they differ by a quarter:

    >>> t = uncached_iops_ceilings([8, 64]).set_index("read_ahead_kb")
    >>> t["ceiling_index_reads"].round(-2).tolist(), t["ceiling_chunk_splits"].round(-2).tolist()
    ([34800.0, 51000.0], [43400.0, 51000.0])
    >>> t["identified"].tolist()
    [False, True]
    """
    ra = np.atleast_1d(np.asarray(checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB"), dtype=float))
    iops = setup()["vm_count"] * disk_path_limits("None")["iops"]
    out = pd.DataFrame({"read_ahead_kb": ra})
    for reading in IO_READINGS:
        col = reading.replace(" ", "_")
        ios = np.asarray(disk_work(ra, index_ios=index_ios_per_read(reading), chunk_kib=_chunk_kib(reading))["ios"])
        out[f"ios_{col}"] = np.atleast_1d(ios)
        out[f"ceiling_{col}"] = iops / out[f"ios_{col}"]
    out["identified"] = ra == float(data.row("cassandra_disk_caching_results", IOSTAT_RUN)["read_ahead_kb"])
    return out


def disk_work(read_ahead_kb, extra_kib=0.0, index_ios=None, chunk_kib=None):
    """What one Cassandra read asks of the disk path in the source's test, by read-ahead.

    Parameters
    ----------
    read_ahead_kb : float or array-like
        The data disks' ``read_ahead_kb``, at least 0. [KiB]
    extra_kib : float
        Bytes a read moves beyond its data window (index reads), at least 0 (:func:`cassandra_disk_caching_fit.fit`
        estimates it). [KiB]
    index_ios : float, optional
        Disk I/Os a read makes beyond its data windows (index reads), at least 0; :func:`index_ios_per_read` by
        default. [-]
    chunk_kib : float, optional
        A RAID 0 chunk, greater than 0, to count each window fetched as the member disks it touches
        (:func:`storageperf.concepts.bandwidth.raid0_disk_ios` over the source's data disks); by default a window
        is one I/O. [KiB]

    Returns
    -------
    dict
        ``faults``: disk reads waited for in turn, after page-cache reuse [-]; ``kib``: bytes read [KiB];
        ``ios``: disk I/Os counted by the disks, the windows fetched plus ``index_ios`` [-]; ``first_read_share``:
        share of
        reads that fetch their window [-]; ``window_kib`` [KiB].

    Notes
    -----
    Cold, a document costs :func:`storageperf.concepts.bandwidth.read_around` faults and bytes; a read whose window
    an earlier read fetched costs nothing, so both scale by :func:`storageperf.concepts.bandwidth.first_read_share`.
    The disks count each window fetched as one I/O and the index reads as ``index_ios`` more, so a read costs fewer
    I/Os as read-ahead grows (more of its windows are already cached); the source's iostat gives one value, at
    64 KiB (:func:`disk_ios_per_read`), which sets the index I/Os
    with the test's 3 M of 150 M documents (as long as the page cache keeps every window fetched: 3 M windows of
    64 KiB over six nodes are 31 GiB a node, within a DS14_v2's 112 GiB).

    Examples
    --------
    At 8 KiB a read waits for two disk reads; at 16 KiB for one; at 512 KiB only 35 % of reads go to the disk, but
    each moves 512 KiB:

    >>> w = disk_work([8, 16, 512])
    >>> w["faults"].round(2), w["kib"].round(1)
    (array([1.96, 0.97, 0.35]), array([ 11.8,  15.5, 181.5]))

    With its index reads, a read costs 3.5 disk I/Os at 8 KiB, the iostat's 2.35 at 64 KiB and 1.9 at 512 KiB:

    >>> disk_work([8, 64, 512])["ios"].round(2)
    array([3.45, 2.35, 1.85])
    """
    s = setup()
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    extra = checks.in_range("extra_kib", extra_kib, 0.0, np.inf, "KiB")
    index = (_index_ios_per_read("index reads") if index_ios is None
             else checks.in_range("index_ios", index_ios, 0.0, np.inf))
    checks.together(read_ahead_kb=ra, extra_kib=extra, index_ios=index)
    cold = bandwidth.read_around(s["document_kib"], ra, s["page_kib"])
    window = np.asarray(cold["window_pages"]) * s["page_kib"]
    share = bandwidth.first_read_share(np.maximum(1.0, window / s["document_kib"]), s["sampled_share"])
    per_window = 1.0 if chunk_kib is None else bandwidth.raid0_disk_ios(
        window, checks.positive("chunk_kib", chunk_kib, "KiB"), int(s["disk_count"]), s["page_kib"])
    out = {"faults": share * np.asarray(cold["faults"]), "kib": share * np.asarray(cold["kib"]) + extra,
           "ios": share * np.asarray(cold["faults"]) * per_window + index, "first_read_share": share,
           "window_kib": window}
    return {k: checks.scalar_or_array(np.asarray(v, dtype=float)) for k, v in out.items()}


def chunk_disk_reads(read_ahead_kb, chunk_kib=None, compression_ratio=1.0):
    """Disk reads in a row to fetch one compressed chunk whole, by read-ahead.

    Parameters
    ----------
    read_ahead_kb : float or array-like
        The data disks' ``read_ahead_kb``, at least 0. [KiB]
    chunk_kib : float, optional
        The table's ``chunk_length_in_kb``, greater than 0; Apache Cassandra's default from 4.0 on (its production
        recommendations' "16KB") by default. [KiB: a chunk is a power of two of 1,024 bytes]
    compression_ratio : float
        Compressed size over uncompressed, greater than 0 and at most 1; 1 (no gain) is the bound. [-]

    Returns
    -------
    float or numpy.ndarray
        Faults (disk reads waited for in turn) for a chunk of ``chunk_kib x compression_ratio`` on disk at a random
        place in the 4 KiB pages (:func:`storageperf.concepts.bandwidth.read_around`). [-]

    Notes
    -----
    Apache Cassandra's production recommendations: "the entire compressed buffer must be read off-disk", and a chunk
    length too large, "combined with the default read ahead setting", gives "massive read amplification". So on a
    compressed table what a read faults in is a chunk, not a row: a window smaller than the chunk on disk leaves the
    rest of the chunk to more disk reads in a row, as a window under three pages does for the source's page-sized
    documents. The source does not say whether its table was compressed; its charts behave like page-sized reads.

    Examples
    --------
    A 16 KB chunk that does not compress, at Cassandra's own 4 KiB for SSDs and at 64 KiB:

    >>> [float(chunk_disk_reads(ra)) for ra in (4, 16, 64)]
    [5.0, 3.0, 1.0]

    Compressed to half, it still takes two at 16 KiB and one from 32 KiB:

    >>> [float(chunk_disk_reads(ra, compression_ratio=0.5)) for ra in (16, 32)]
    [2.0, 1.0]
    """
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    chunk = checks.positive("chunk_kib", _setup("cassandra_docs_compression_chunk", "KiB") if chunk_kib is None
                             else chunk_kib, "KiB")
    ratio = checks.in_range("compression_ratio", compression_ratio, 0.0, 1.0, "(a fraction)", low_open=True)
    faults = bandwidth.read_around(chunk * ratio, ra, setup()["page_kib"])["faults"]
    return checks.scalar_or_array(np.asarray(faults, dtype=float))


def _ops_terms(threads, ra, caching, hit_ratio, write_share, vm_size, disk, disk_count, params, burst=False):
    """Light-load latency, its parts and every ceiling, per point (the core of :func:`predict`); with ``burst``, the
    VM's burst limits in place of its uncached ones."""
    s = setup()
    work = disk_work(ra, params["extra_kib"])
    read = 1 - write_share
    if caching == "ReadOnly":
        io_ms = (1 - hit_ratio) * params["remote_read_ms"]  # a host-cache hit: no time (the charts show no cost)
    else:
        io_ms = np.full(np.shape(hit_ratio), params["remote_read_ms"])
    disk_ms = read * np.asarray(work["faults"]) * io_ms
    light = params["front_end_ms"] + disk_ms
    paths = _disk_paths(vm_size, disk, float(disk_count))
    if burst:
        b = azure_vm.burst_path_limits(vm_size, disk, float(disk_count))
        paths = {**paths, "uncached": {"iops": b["iops"], "mb_per_s": b["throughput_mb_per_s"]}}
    # a size with no cached limit published serves no read from the cache and takes no write (refused above): nothing
    # loads its cached path, so the uncached limits stand in for it and never bind
    cached = paths["cached"] or paths["uncached"]
    host, host_binding = bounds.host_cache_ops_limit(
        read * np.asarray(work["ios"]), read * np.asarray(work["kib"]), hit_ratio if caching == "ReadOnly" else 0.0,
        cached, paths["uncached"], write_kib=write_share * s["document_kib"],
        temp_kib=write_share * s["document_kib"], cache_reads=caching == "ReadOnly")
    host = np.asarray(host) * s["vm_count"]
    with np.errstate(divide="ignore"):
        concurrency = np.where(disk_ms > 0, s["vm_count"] * s["concurrent_reads"]
                               / np.where(disk_ms > 0, disk_ms, 1) * units.MS_PER_S, np.inf)
    names = np.asarray(host_binding)
    front = s["vm_count"] * azure_vm.limit(vm_size, "vcpus", "vCPUs") * params["front_end_ops_per_vcpu"]
    io_share = _io_share(work, write_share)
    return light, disk_ms, io_share, {"front end": np.full(np.shape(light), front),
                                      "concurrent_reads": concurrency, "disk limits": host}, names


def _io_share(work, write_share):
    """Share of operations that issue I/O: reads that fetch their window (:func:`disk_work`), and writes."""
    return (1 - write_share) * np.asarray(work["first_read_share"]) + write_share


def _loop(threads, ra, caching, hit_ratio, write_share, vm_size, disk, disk_count, params, burst=False):
    """The closed loop of client threads against the light-load latency and the ceilings, the binding limit named
    as the chapter names it: the one prediction path of :func:`predict` and the fits."""
    light, disk_ms, io_share, ceilings, host_name = _ops_terms(threads, ra, caching, hit_ratio, write_share, vm_size,
                                                               disk, disk_count, params, burst)
    loop = queueing.closed_loop_ops(threads, light, ceilings)
    name = np.asarray(loop["binding"])
    binding = np.where(name == "disk limits", host_name, np.where(name == "clients", "client threads", name))
    return {"ops_per_s": np.asarray(loop["ops_per_s"], dtype=float), "binding": binding, "light": light,
            "disk_ms": disk_ms, "front": np.full(np.shape(light), params["front_end_ms"]),
            "io_share": np.broadcast_to(io_share, np.shape(light)), "wait_ms": np.asarray(loop["wait_ms"], dtype=float),
            "mean_latency_ms": np.asarray(loop["mean_latency_ms"], dtype=float), "ceilings": ceilings}


def _percentile_terms(model, q, terms):
    """The three terms a percentile model weighs, from the loop's terms: front end, disk time, wait [ms]."""
    if model == "linear":
        return terms["front"], terms["disk_ms"], terms["wait_ms"]
    zero = np.zeros(np.shape(terms["front"]))
    share = terms["io_share"]
    return (queueing.mixture_percentile_ms(q, terms["front"], share, zero, zero),
            queueing.mixture_percentile_ms(q, zero, share, terms["disk_ms"], zero),
            queueing.mixture_percentile_ms(q, zero, share, zero, terms["wait_ms"]))


def _percentile_ms(model, coefficients, q, terms):
    """A latency percentile of ``model`` (:data:`PERCENTILE_MODELS`) from the loop's terms [ms]."""
    return sum(c * np.asarray(t, dtype=float) for c, t in zip(coefficients, _percentile_terms(model, q, terms)))


@functools.cache
def _disk_paths(vm_size, disk, disk_count):
    return azure_vm.disk_paths(vm_size, disk, disk_count)


def _check_inputs(client_threads, read_ahead_kb, caching, hit_ratio, write_share, vm_size, disk, disk_count):
    _caching(caching)
    threads = checks.in_range("client_threads", client_threads, 1.0, np.inf)
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    h = checks.fraction("hit_ratio", hit_ratio)
    w = checks.in_range("write_share", write_share, 0.0, 1.0, "(a fraction)")
    if np.any(w >= 1):
        raise ValueError(f"write_share must be below 1 (a read model needs some reads), got "
                         f"{checks._show(write_share)}")
    azure_vm.check_vm_caching(vm_size, caching)
    if vm_size in azure_vm.UNCACHED_SIZES and np.any(w > 0):
        raise ValueError(f"write_share must be 0 on vm_size {vm_size!r}: the commit log's temporary disk draws on the "
                         f"cached limit, which its size table does not give; got {checks._show(write_share)}")
    checks.choice("disk", disk, azure_vm.DISKS)
    azure_vm.check_host_caching(caching, disk)
    n = int(setup()["disk_count"]) if disk_count is None else disk_count
    n = checks.counts("disk_count", n, 1, 64, one=True)
    return (*checks.together(client_threads=threads, read_ahead_kb=ra, hit_ratio=h, write_share=w), n)


def _outside(threads, ra, caching, h, w, vm_size, disk, n):
    """Why each point lies outside :func:`measured_range` ("" where it does not)."""
    rng = measured_range()
    reasons = np.full(np.shape(threads), "", dtype=object)

    def add(mask, text):
        reasons[mask] = [r + ("; " if r else "") + text for r in reasons[mask]]

    lo, hi = rng["client_threads"]
    add((threads < lo) | (threads > hi), f"threads outside the measured {lo:g} to {hi:g}")
    lo, hi = rng["read_ahead_kb"]
    add((ra < lo) | (ra > hi), f"read-ahead outside the measured {lo:g} to {hi:g} KiB")
    if caching == "ReadOnly":
        add(h < rng["hit_ratio"], "host-cache hit ratio below the source's warm cache")
    add(w > rng["write_share"], "writes (the source measured reads only)")
    if (vm_size, disk, n) != (rng["vm_size"], rng["disk"], rng["disk_count"]):
        add(np.ones(np.shape(threads), bool), f"{n:g} x {disk} on {vm_size}, not the source's "
            f"{rng['disk_count']:g} x {rng['disk']} on {rng['vm_size']}")
    return reasons


def predict(client_threads, read_ahead_kb, caching, hit_ratio=1.0, write_share=0.0, vm_size=VM_SIZE, disk=DISK,
            disk_count=None, params=None):
    """Predicted cluster ops/s, latencies and binding limit of a Cassandra cluster like the source's.

    Parameters
    ----------
    client_threads : float or array-like
        cassandra-stress client threads (operations in flight), at least 1. [-]
    read_ahead_kb : float or array-like
        The data disks' ``read_ahead_kb``, at least 0. [KiB]
    caching : {"None", "ReadOnly"}
        Host caching of the data disks.
    hit_ratio : float or array-like
        Share of disk reads the host cache serves (ReadOnly; ignored for None), 0 to 1; the source's warm cache is 1
        (see :func:`storageperf.concepts.bounds.cache_hit_ratio` to estimate it from data against cache size). [-]
    write_share : float or array-like
        Share of operations that are writes, 0 to below 1. [-]
    vm_size, disk : str
        One of :data:`storageperf.platforms.azure_vm.DISK_SIZES` (the measured sizes, End of Life), or with caching
        "None" one of ``UNCACHED_SIZES`` (sizes sold today, uncached limits only:
        :func:`storageperf.platforms.azure_vm.check_vm_caching`), and one of ``DISKS``; ReadOnly is refused on a disk
        of 4 TiB and larger (P50), which Azure does not cache
        (:func:`storageperf.platforms.azure_vm.check_host_caching`).
    disk_count : int, optional
        Data disks a node, 1 to 64; the source's 4 by default.
    params : dict, optional
        Fitted parameters (:func:`cassandra_disk_caching_fit.fit`); all the article's charts by default
        (:func:`parameters`).

    Returns
    -------
    dict
        ``ops_per_s`` [1/s]; ``binding``: ``clients``, ``front end``, ``concurrent_reads`` or one of
        :data:`storageperf.concepts.bounds.HOST_CACHE_LIMITS`; ``ceilings``: each ceiling [1/s];
        ``light_load_latency_ms``, ``disk_ms`` (its disk part), ``mean_latency_ms`` (``threads / ops``),
        ``wait_ms``, ``p50_latency_ms``, ``p95_latency_ms`` [ms]; ``extrapolated`` (outside
        :func:`measured_range`) and ``outside`` (why); ``burst_ops_per_s`` [1/s], the ops/s while the VM bursts
        (its burst limits in place of its uncached ones, :func:`storageperf.platforms.azure_vm.burst_path_limits`),
        NaN on a size without burst limits: a ceiling for up to ``burst_minutes`` at a time [min], never the
        sustained ``ops_per_s``. Scalars for scalar input, arrays otherwise.

    Notes
    -----
    ``ops/s = min(threads / light-load latency, front-end ceiling, VMs x concurrent_reads / disk time, VMs x disk
    limits)`` [4]_, with the light-load latency ``front-end time + faults x remote-read time x (1 - hit ratio)`` and
    the disk limits by Microsoft's accounting [3]_ (:func:`storageperf.concepts.bounds.host_cache_ops_limit`). The
    front-end ceiling is the highest ops/s charted, scaled by the VM size's vCPUs (:func:`front_end_ops_per_s`; a
    ceiling the charts show, not a cause the source measured).
    A write is counted as its document's bytes to the data disks and to the temporary disk (the commit log, as in
    the source's setup), and as a read's front-end time; compaction is left out, so with writes the ceilings are
    upper bounds. Percentiles: the adopted model of :func:`cassandra_disk_caching_fit.percentile_coefficients`
    (:func:`cassandra_disk_caching_fit.percentile_model`).

    Examples
    --------
    The article's crossover by threads, at read_ahead_kb = 64: at 128 threads ReadOnly wins, at 256 None does,
    because the cached throughput limit binds ReadOnly:

    >>> [round(predict(t, 64, m)["ops_per_s"], -2) for t in (128, 256) for m in ("ReadOnly", "None")]
    [46400.0, 29700.0, 46400.0, 51000.0]
    >>> predict(256, 64, "ReadOnly")["binding"], predict(512, 64, "None")["binding"]
    ('cached throughput', 'uncached IOPS')

    At 512 threads and 8 KiB the front end binds ReadOnly, near the 80,100 ops/s charted:

    >>> p = predict(512, 8, "ReadOnly")
    >>> round(p["ops_per_s"]), p["binding"], p["extrapolated"]
    (80100, 'front end', False)
    """
    threads, ra, h, w, n = _check_inputs(client_threads, read_ahead_kb, caching, hit_ratio, write_share, vm_size,
                                         disk, disk_count)
    params = _parameters(params)
    loop = _loop(threads, ra, caching, h, w, vm_size, disk, n, params)
    ceilings = loop["ceilings"]
    bursts = vm_size in azure_vm.BURST_SIZES
    burst = (_loop(threads, ra, caching, h, w, vm_size, disk, n, params, burst=True)["ops_per_s"] if bursts
             else np.full(np.shape(threads), np.nan))
    outside = _outside(threads, ra, caching, h, w, vm_size, disk, n)
    out = {"ops_per_s": loop["ops_per_s"], "binding": loop["binding"], "light_load_latency_ms": loop["light"],
           "disk_ms": loop["disk_ms"], "mean_latency_ms": loop["mean_latency_ms"], "wait_ms": loop["wait_ms"],
           **{f"{q}_latency_ms": _percentile_ms(params.get("percentile_model") or parameters()["percentile_model"],
                                                params["percentiles"][q], QUANTILES[f"latency_{q}"], loop)
              for q in ("p50", "p95")},
           "extrapolated": outside != "", "outside": outside, "burst_ops_per_s": burst,
           "burst_minutes": azure_vm.burst_path_limits(vm_size, disk, n)["minutes"] if bursts else np.nan}
    if np.ndim(threads) == 0:
        out = {k: (str(v) if k in ("binding", "outside") else bool(v) if k == "extrapolated" else float(v))
               for k, v in out.items()}
        out["ceilings"] = {k: float(v) for k, v in ceilings.items()}
    else:
        out["ceilings"] = ceilings
    return out


def predicted_ops_per_s(client_threads, read_ahead_kb, caching, **inputs):
    """Predicted cluster ops/s only; see :func:`predict` (``inputs``: its other keywords).

    Examples
    --------
    >>> predicted_ops_per_s([64, 128, 256, 512], 64, "None").round(-2)
    array([14800., 29700., 51000., 51000.])
    """
    return checks.scalar_or_array(np.asarray(predict(client_threads, read_ahead_kb, caching, **inputs)["ops_per_s"]))


def light_load_latency_ms(caching, read_ahead_kb=64, hit_ratio=1.0):
    """Mean latency of a read when nothing queues: front-end time plus the disk reads waited for in turn.

    Examples
    --------
    Uncached at 8 KiB a read waits for two remote reads, at 16 KiB for one:

    >>> [round(light_load_latency_ms("None", ra), 2) for ra in (8, 16)]
    [7.46, 4.63]
    """
    return predict(1.0, read_ahead_kb, caching, hit_ratio=hit_ratio)["light_load_latency_ms"]


def _by_mode(points):
    """The points' threads and read-ahead split by host caching, once: ``[(mode, rows, threads, read-ahead)]``."""
    caching = points["caching"].to_numpy()
    threads, ra = points["client_threads"].to_numpy(), points["read_ahead_kb"].to_numpy()
    return [(mode, rows, threads[rows], ra[rows]) for mode in CACHING_MODES
            if (rows := caching == mode).any()], len(points)


def _predict_points(points, params, split=None):
    """The model at measured points (a frame, or its :func:`_by_mode` split): its terms and binding limits."""
    groups, n = _by_mode(points) if split is None else split
    out = {key: np.empty(n) for key in ("ops_per_s", "front", "disk_ms", "wait_ms", "io_share")}
    binding = np.empty(n, dtype=object)
    for mode, rows, threads, ra in groups:
        loop = _loop(threads, ra, mode, np.ones(len(threads)), np.zeros(len(threads)), VM_SIZE, DISK,
                     setup()["disk_count"], params)
        for key in ("ops_per_s", "disk_ms", "wait_ms", "io_share"):
            out[key][rows] = loop[key]
        binding[rows] = loop["binding"]
    out["front"] = np.full(n, params["front_end_ms"])
    return out, binding


def front_end_ops_per_s(vm_size=VM_SIZE, params=None):
    """The front-end ceiling of a cluster of the source's node count: its nodes' vCPUs times a rate per vCPU.

    Parameters
    ----------
    vm_size : str
        One of :data:`storageperf.platforms.azure_vm.DISK_SIZES`; the source's Standard_DS14_v2 by default.
    params : dict, optional
        Parameters from :func:`cassandra_disk_caching_fit.fit`; those of all charts by default.

    Returns
    -------
    float
        ``VMs x vCPUs of vm_size x front_end_ops_per_vcpu`` [1/s].

    Notes
    -----
    The charts reach the same highest ops/s at settings whose disk limits are far apart (cached at 0 KiB with 128
    threads, at 16 and 32 KiB with 256), so something outside the disks caps them: the coordinators' or the client's
    CPU (the source's single cassandra-stress client was a Standard_DS14_v2 too; it measured neither). The model
    takes the highest charted ops/s as the source's nodes' vCPUs times a rate per vCPU, so that a VM size with more
    or fewer vCPUs (``vcpus`` in ``azure_vm_limits``) moves it; that the rate per vCPU carries over is an assumption,
    not a measurement. At the source's size it gives the measured ceiling back, which the other charts check.

    Examples
    --------
    >>> round(front_end_ops_per_s()), round(front_end_ops_per_s("Standard_DS15_v2"))
    (80100, 100125)
    """
    checks.choice("vm_size", vm_size, azure_vm.DISK_SIZES)
    params = _parameters(params)
    return float(setup()["vm_count"] * azure_vm.limit(vm_size, "vcpus", "vCPUs") * params["front_end_ops_per_vcpu"])


#: The fitted parameters the ops/s model reads (:func:`parameters` holds these and the percentiles' coefficients).
_OPS_PARAMETERS = ("front_end_ms", "remote_read_ms", "extra_kib", "front_end_ops_per_vcpu")


def _parameters(params):
    """``params`` checked to hold every parameter the model reads (:func:`parameters` when None)."""
    return parameters() if params is None else checks.mapping("params", params, _OPS_PARAMETERS)


def parameters():
    """The parameters fitted on all of the article's charts (:func:`cassandra_disk_caching_fit.fit`);
    :func:`predict` uses them."""
    from .cassandra_disk_caching_fit import fit  # here, not above: the fit predicts with this module

    return fit(ARTICLE_CHARTS)


def hit_ratio_for_ops(ops_per_s, client_threads, read_ahead_kb):
    """The host-cache hit ratio at which the model's cached ops/s equal a measured value, below the knee.

    Parameters
    ----------
    ops_per_s : float
        Measured cluster ops/s of a cached run, greater than 0. [1/s]
    client_threads : float
        Its client threads, at least 1. [-]
    read_ahead_kb : float
        Its read-ahead, at least 0. [KiB]

    Returns
    -------
    float
        ``1 - (threads / ops - front-end time) / (disk reads waited for x remote read)``, the hit ratio whose
        light-load latency gives those ops/s with those threads. [-]

    Raises
    ------
    ValueError
        If no hit ratio from 0 to 1 does (the run is faster than a warm cache or slower than a cold one allows).

    Notes
    -----
    Below the knee ops/s are threads over the light-load latency, so a slow cached run asks for a longer light-load
    latency; a partly cold host cache gives one. The charts' cached run at 64 threads (cassandra-disk-caching-18) is
    one: the hit ratio this gives is the model's explanation, not a measurement.

    Examples
    --------
    >>> round(hit_ratio_for_ops(26_900, 64, 64), 2)
    0.79
    """
    ops = checks.positive("ops_per_s", ops_per_s, "ops/s", one=True)
    threads = checks.in_range("client_threads", client_threads, 1.0, np.inf, one=True)
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB", one=True)
    params = parameters()
    light = threads / ops * units.MS_PER_S
    per_miss = float(disk_work(ra, params["extra_kib"])["faults"]) * params["remote_read_ms"]
    h = 1 - (light - params["front_end_ms"]) / per_miss
    if not 0 <= h <= 1:
        raise ValueError(f"ops_per_s must give a hit ratio between 0 and 1 with client_threads {threads:g} and "
                         f"read_ahead_kb {ra:g}, got {ops_per_s!r} (hit ratio {h:.3g})")
    return float(h)


def comparison(metric="ops_per_s", params=None, model=None):
    """Every measured point of :func:`measured_points` beside the model's prediction.

    Parameters
    ----------
    metric : {"ops_per_s", "latency_p50", "latency_p95"}
    params : dict, optional
        Parameters from :func:`cassandra_disk_caching_fit.fit`; those of all charts by default.
    model : {"linear", "mixture"}, optional
        The percentile model of a latency metric (:data:`PERCENTILE_MODELS`); the adopted one by default.

    Returns
    -------
    pandas.DataFrame
        The standard comparison table (:func:`storageperf.concepts.compare.table`), then ``chart``, ``caching``,
        ``client_threads`` and ``read_ahead_kb``.

    Examples
    --------
    >>> c = comparison("ops_per_s")
    >>> round(float(c["relative_error"].abs().median()), 3)
    0.021
    """
    checks.choice("metric", metric, tuple(METRICS))
    params = _parameters(params)
    model = parameters()["percentile_model"] if model is None else checks.choice("model", model, PERCENTILE_MODELS)
    pts = measured_points(metric).copy()
    terms, binding = _predict_points(pts, params)
    if metric == "ops_per_s":
        pts["model"] = terms["ops_per_s"]
    else:
        q = "p50" if metric == "latency_p50" else "p95"
        pts["model"] = _percentile_ms(model, params["percentile_models"][model][q], QUANTILES[metric], terms)
    pts["binding"] = binding
    return compare.table(pts, measured="measured", model="model", binding="binding", document=DOCUMENT)


def crossover_threads(read_ahead_kb):
    """Client threads above which None (uncached) reads outpace ReadOnly, by the model.

    Parameters
    ----------
    read_ahead_kb : float
        The data disks' ``read_ahead_kb``, at least 0. [KiB]

    Returns
    -------
    float
        ``ReadOnly's ceiling x None's light-load latency``, where None's thread bound reaches ReadOnly's ceiling;
        ``inf`` if None's own ceiling is the lower one, so that None never wins. [-]

    Examples
    --------
    At read_ahead_kb = 64 the model puts the crossover between the charted 128 and 256 threads:

    >>> round(crossover_threads(64))
    200
    """
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    big = np.full(np.shape(ra), 1e9)  # enough threads that a ceiling binds
    cached = np.asarray(predict(big, ra, "ReadOnly")["ops_per_s"])
    uncached = np.asarray(predict(big, ra, "None")["ops_per_s"])
    latency = np.asarray(predict(np.ones(np.shape(ra)), ra, "None")["light_load_latency_ms"])
    threads = cached * latency / units.MS_PER_S
    return checks.scalar_or_array(np.where(uncached > cached, threads, np.inf))


def max_threads_for_p95(p95_target_ms, read_ahead_kb, caching, **inputs):
    """The most client threads whose P95 latency stays at or under a target, by the model.

    Parameters
    ----------
    p95_target_ms : float
        The P95 latency allowed, greater than 0. [ms]
    read_ahead_kb : float
        The data disks' ``read_ahead_kb``, at least 0. [KiB]
    caching : {"None", "ReadOnly"}
    inputs
        Other keywords of :func:`predict` (hit ratio, write share, VM size, disk, disk count).

    Returns
    -------
    dict
        ``threads`` (0 if even one thread's P95 is over the target, ``inf`` if no ceiling binds) [-];
        ``ops_per_s`` at that many threads [1/s]; ``p95_light_ms``, the P95 before any wait [ms];
        ``extrapolated``, ``outside`` as in :func:`predict`; ``measurement``, how the answer stands to the article's
        P95 points at this caching mode and read-ahead (:data:`P95_MEASUREMENT`), and ``measured_point``, the point
        that says so (``client_threads``, ``p95_ms``; None where none was measured).

    Notes
    -----
    Below the knee P95 is its light-load value; above it the mean wait grows by ``1 / ceiling`` a thread and P95
    by ``slope`` a millisecond of wait (``k`` in the linear model, ``k ln(s / 0.05) / s`` in the mixture, 0 where
    no more than 5 % of the reads issue I/O), so ``P95 <= target`` holds up to
    ``threads = ceiling x (light-load latency + (target - P95 at light load) / slope)``.

    Examples
    --------
    Uncached at 64 KiB, for a P95 of at most 10 ms:

    >>> r = max_threads_for_p95(10, 64, "None")
    >>> round(r["threads"]), round(r["ops_per_s"], -2), r["extrapolated"], r["measurement"]
    (248, 51000.0, False, 'within what was measured')

    ReadOnly for 20 ms: the model's 258 threads are against the article, which measured 28.4 ms at 256:

    >>> r = max_threads_for_p95(20, 64, "ReadOnly")
    >>> round(r["threads"]), r["measurement"], r["measured_point"]
    (258, 'against what was measured', {'client_threads': 256.0, 'p95_ms': 28.4})
    """
    target = checks.positive("p95_target_ms", p95_target_ms, "ms", one=True)
    checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    if np.ndim(read_ahead_kb):
        raise checks.InputError(f"read_ahead_kb must be one number, got {read_ahead_kb!r}")
    light = predict(1.0, read_ahead_kb, caching, **inputs)
    share = _io_share(disk_work(read_ahead_kb), inputs.get("write_share", 0.0))
    unit_wait = {"front": 0.0, "disk_ms": 0.0, "wait_ms": 1.0, "io_share": share}
    adopted = parameters()
    slope = float(_percentile_ms(adopted["percentile_model"], adopted["percentiles"]["p95"], QUANTILES["latency_p95"],
                                 unit_wait))
    p95_light = light["p95_latency_ms"]
    ceiling = min(light["ceilings"].values())
    if target < p95_light:
        threads = 0.0
    elif slope <= 0 or not np.isfinite(ceiling):
        threads = float("inf")
    else:
        threads = ceiling * (light["light_load_latency_ms"] + (target - p95_light) / slope) / units.MS_PER_S
    at = predict(max(threads, 1.0), read_ahead_kb, caching, **inputs) if np.isfinite(threads) else light
    return {"threads": threads, "ops_per_s": at["ops_per_s"] if threads >= 1 else 0.0, "p95_light_ms": p95_light,
            "extrapolated": at["extrapolated"], "outside": at["outside"],
            **_against_p95_points(threads, target, read_ahead_kb, caching, inputs)}


#: How an answer of :func:`max_threads_for_p95` stands to the article's P95 points at its caching mode and
#: read-ahead: a measured point at no more threads is over the target; the answer is above every point measured; it
#: is within them; the article has no point there (another read-ahead, or other inputs than its setup's).
P95_MEASUREMENT = ("against what was measured", "beyond what was measured", "within what was measured",
                   "not measured")


def _against_p95_points(threads, target, read_ahead_kb, caching, inputs):
    pts = measured_points("latency_p95")
    pts = pts[(pts["caching"] == caching) & (pts["read_ahead_kb"] == read_ahead_kb)].sort_values("client_threads")
    if inputs or pts.empty:
        return {"measurement": P95_MEASUREMENT[3], "measured_point": None}
    over = pts[(pts["client_threads"] <= threads) & (pts["measured"] > target)]
    if not over.empty:
        kind, row = P95_MEASUREMENT[0], over.iloc[0]
    elif threads > pts["client_threads"].max():
        kind, row = P95_MEASUREMENT[1], pts.iloc[-1]
    else:   # the first point at or above the answer, which is at or under the target or above it as it should
        kind, row = P95_MEASUREMENT[2], pts[pts["client_threads"] >= threads].iloc[0]
    return {"measurement": kind,
            "measured_point": {"client_threads": float(row["client_threads"]), "p95_ms": float(row["measured"])}}


def crossover_read_ahead(table, client_threads, column="measured"):
    """Where, along read-ahead, DiskCaching=None overtakes ReadOnly in a table of ops/s.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows with ``caching``, ``client_threads``, ``read_ahead_kb`` and ``column`` (e.g. :func:`comparison`).
    client_threads : float
        The thread count to look at. [-]
    column : str
        ``"measured"`` or ``"model"``.

    Returns
    -------
    tuple of float
        ``(last read-ahead where ReadOnly is faster, first larger read-ahead where it is not)`` [KiB]; the second
        is NaN if ReadOnly stays faster.

    Examples
    --------
    At 128 threads the charts and the model agree: ReadOnly is faster up to 64 KiB, None from 128 KiB.

    >>> ops = comparison("ops_per_s")
    >>> crossover_read_ahead(ops, 128), crossover_read_ahead(ops, 128, "model")
    ((64.0, 128.0), (64.0, 128.0))
    """
    if column not in ("measured", "model"):
        raise ValueError(f"column must be one of measured, model; got {column!r}")
    if not isinstance(table, pd.DataFrame) or not {"caching", "client_threads", "read_ahead_kb", column} <= set(table):
        raise checks.InputError(f"table must be a table like comparison()'s, with caching, client_threads, "
                                f"read_ahead_kb and {column} columns; got {type(table).__name__}")
    client_threads = checks.positive("client_threads", client_threads, one=True)
    t = table[table["client_threads"] == client_threads].pivot_table(index="read_ahead_kb", columns="caching",
                                                                      values=column).dropna()
    if t.empty:
        raise ValueError(f"client_threads must be a thread count with both caching modes in the table, "
                         f"got {client_threads!r}")
    wins = t["ReadOnly"] > t["None"]
    last = wins[wins].index.max()
    after = t.index[t.index > last]
    return float(last), (float(after.min()) if len(after) else float("nan"))
