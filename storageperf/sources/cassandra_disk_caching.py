"""The Cassandra disk-caching experiments: what bounds a closed-loop read workload with and without the ReadOnly cache.

A cassandra-stress client keeps ``client_threads`` reads in flight. Each read costs the disk path at least one
page, and with Linux read-ahead a whole read-ahead window. The cluster's read rate is then bounded by three
things [1]_ [2]_:

* the client threads: by Little's law, ``ops/s <= threads / light-load latency`` (see
  :mod:`storageperf.queueing`);
* the disk path's throughput throttle: ``ops/s <= VMs x throttle / bytes per read``;
* the disk path's IOPS throttle: ``ops/s <= VMs x IOPS throttle`` (one disk I/O per read).

With ``DiskCaching=ReadOnly`` a read is served by the host's BlobCache: lower latency, but the VM's *cached*
throttle (512 MB/s on a Standard_DS14_v2), which is lower than its uncached one (768 MB/s). With
``DiskCaching=None`` every read goes to the Premium SSDs: higher latency, higher throttle. That trade is the
whole story of the two crossovers the source describes, and this module is just enough of a model to show it.

The VM and disk limits are the platform's (:func:`storageperf.platforms.azure_vm.disk_path_limits`), the test setup
is read from ``data/sources/cassandra_disk_caching_setup.csv``; the two light-load latencies are computed from the
charted points in ``data/sources/cassandra_disk_caching_results.csv`` by :func:`light_load_latency_ms` and
:func:`median_latency_ms`.

References
----------
.. [1] Azure-Samples, "Comparing Azure VM data disk caching configurations", cassandra-on-azure-vms-performance-
   experiments, docs/cassandra-azure-vm-data-disk-caching.md, September 2019.
.. [2] Azure-Samples, "Apache Cassandra on Azure VMs Performance Experiments", README (test setup), September
   2019; Microsoft Learn, "Memory optimized Dv2 and DSv2-series" (Standard_DS14_v2 row), 2020-02-03; Microsoft
   Learn, "Premium SSD sizes" (P30 column), 2023-03-16.
.. [3] J. D. C. Little, "A Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 383-387, 1961.
"""
from __future__ import annotations

import functools

import numpy as np

from .. import _checks, data
from ..concepts import bandwidth, bounds, compare, units
from ..platforms import azure_vm
from ..platforms.azure_vm import CACHING_MODES

#: The cluster's VM size and data disks (the experiments' README, test setup table).
VM_SIZE, DISK = "Standard_DS14_v2", "P30"
#: The article whose charts the model is compared with (its id in ``data/documents.csv``).
DOCUMENT = "cassandra-disk-caching"

#: The limits the model can report as binding, in the order ties are broken.
LIMITS = ("client threads", "throughput throttle", "IOPS throttle")

#: A charted run counts as unthrottled, and so calibrates the light-load latency, when the full-window
#: throughput throttle allows at least this many times its measured ops/s. A design choice: large enough that the
#: throttle cannot be what limits the run, small enough to keep runs of both caching modes.
UNTHROTTLED_MARGIN = 2.0

#: The source's charts the model is compared with, finest first: where two charts show the same run
#: (source_discrepancies cassandra-disk-caching-09, cassandra-disk-caching-10), the first one's reading is used.
ARTICLE_CHARTS = ("diskcaching-threads-ops.png", "diskcaching-readahead-ops.png",
                  "diskcaching-readahead-threads-ops.png", "diskcaching-threads-lat-p50.png",
                  "diskcaching-readahead-lat-p50.png", "diskcaching-threads-lat-p95.png",
                  "diskcaching-readahead-lat-p95.png")


def _setup(item, unit):
    """One value of ``data/sources/cassandra_disk_caching_setup.csv``, in ``unit``."""
    return data.value("cassandra_disk_caching_setup", item, unit)


def _caching(caching):
    return _checks.choice("caching", caching, CACHING_MODES)


def setup():
    """The test setup the model uses, from ``data/sources/cassandra_disk_caching_setup.csv``.

    Returns
    -------
    dict
        ``vm_count`` (Cassandra nodes), ``document_kib`` (document size [KiB]), ``page_kib`` (the XFS block, the
        smallest read [KiB]).

    Notes
    -----
    The source writes "4KB documents", read here as decimal (3.9 KiB); either reading fills exactly one
    4 KiB page, so :func:`~storageperf.concepts.bandwidth.bytes_per_read_kib` gives 4 KiB for both
    (cassandra-disk-caching-04 reads it
    as 4 x 1024 B).

    Examples
    --------
    >>> setup()
    {'vm_count': 6.0, 'document_kib': 3.90625, 'page_kib': 4.0}
    """
    return {"vm_count": _setup("cassandra_node_vms", "VMs"), "document_kib": _setup("article_doc_size", "KiB"),
            "page_kib": _setup("xfs_block_size", "KiB")}


def disk_path_limits(caching):
    """Per-VM throttles of the disk path a read takes on the cluster's nodes.

    See :func:`storageperf.platforms.azure_vm.disk_path_limits`.

    Parameters
    ----------
    caching : {"None", "ReadOnly"}

    Returns
    -------
    dict
        ``throughput_mb_per_s`` [MB/s] and ``iops`` [1/s] per VM.

    Notes
    -----
    ReadOnly: the Standard_DS14_v2 cached throttle, 64,000 IOPS / 512 MB/s (the size table and the article; the
    README's 576 is the cache size in GiB, source_discrepancies cassandra-disk-caching-01). None: the smaller of the
    VM's uncached
    throttle (51,200 IOPS / 768 MB/s) and the four P30 disks' sum (4 x 5,000 IOPS / 4 x 200 MB/s), as in
    source_discrepancies cassandra-disk-caching-08: 20,000 IOPS and 768 MB/s.

    Examples
    --------
    >>> disk_path_limits("ReadOnly"), disk_path_limits("None")
    ({'throughput_mb_per_s': 512.0, 'iops': 64000.0}, {'throughput_mb_per_s': 768.0, 'iops': 20000.0})
    """
    limits = azure_vm.disk_path_limits(VM_SIZE, _caching(caching), DISK, _setup("data_disks_per_vm", "disks"))
    return {"throughput_mb_per_s": limits["throughput_mb_per_s"], "iops": limits["iops"]}


@functools.cache
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

    Notes
    -----
    The read-ahead article's three DiskCaching=None charts show the same runs as the disk-caching article
    (source_discrepancies cassandra-disk-caching-09, cassandra-disk-caching-10) and are left out so that no run counts
    twice.

    Examples
    --------
    >>> len(measured_points("ops_per_s")), len(measured_points("latency_p50"))
    (28, 22)
    """
    _checks.choice("metric", metric, ("ops_per_s", "latency_p50", "latency_p95"))
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


def _throughput_bound(read_ahead_kb, caching):
    s = setup()
    size = bandwidth.bytes_per_read_kib(s["document_kib"], read_ahead_kb, s["page_kib"])
    return bandwidth.throttle_ops_per_s(disk_path_limits(caching)["throughput_mb_per_s"], size, s["vm_count"])


@functools.cache
def light_load_latency_ms(caching):
    """Mean latency of a read when no throttle holds it back, calibrated on the source's charts.

    Parameters
    ----------
    caching : {"None", "ReadOnly"}

    Returns
    -------
    float
        The median, over the charted runs of this caching mode whose full-window throughput throttle allows at
        least :data:`UNTHROTTLED_MARGIN` times their measured ops/s, of ``client_threads / ops_per_s``. [ms]

    Notes
    -----
    Little's law [3]_ turns each unthrottled run into its mean latency, ``threads / ops``; the median makes the
    estimate robust to the odd run. It is a mean, and is larger than the charted P50 (source_discrepancies
    cassandra-disk-caching-06): a few slow reads hold threads for long.

    Examples
    --------
    >>> round(light_load_latency_ms("None"), 2), round(light_load_latency_ms("ReadOnly"), 2)
    (4.75, 1.79)
    """
    _caching(caching)
    pts = measured_points("ops_per_s")
    pts = pts[pts["caching"] == caching]
    bound = _throughput_bound(pts["read_ahead_kb"].to_numpy(), caching)
    free = pts[bound >= UNTHROTTLED_MARGIN * pts["measured"].to_numpy()]
    return float(np.median(free["client_threads"] / free["measured"]) * units.MS_PER_S)


@functools.cache
def median_latency_ms(caching):
    """The model's P50 latency: the median of the charted P50 latencies of one caching mode.

    Parameters
    ----------
    caching : {"None", "ReadOnly"}

    Returns
    -------
    float
        Median of :func:`measured_points` ``("latency_p50")`` for this mode. [ms]

    Notes
    -----
    The charts show P50 nearly flat while ops/s change several-fold: a throttle delays some reads a lot (P95
    rises, the mean rises) and leaves the typical read alone. The model therefore predicts one P50 per caching
    mode, whatever the threads and read-ahead, and predicts the mean from Little's law
    (:func:`predict`). Two charted P50s break their series (source_discrepancies cassandra-disk-caching-07) and are
    kept.

    Examples
    --------
    >>> median_latency_ms("None"), median_latency_ms("ReadOnly")
    (4.0, 1.2)
    """
    _caching(caching)
    pts = measured_points("latency_p50")
    return float(np.median(pts.loc[pts["caching"] == caching, "measured"]))


def predict(client_threads, read_ahead_kb, caching):
    """Predicted cluster read rate, latency and binding limit of the source's Cassandra cluster.

    Parameters
    ----------
    client_threads : float or array-like
        cassandra-stress client threads (reads in flight), at least 1. [-]
    read_ahead_kb : float or array-like
        The data disks' ``read_ahead_kb``, at least 0. [KiB]
    caching : {"None", "ReadOnly"}
        Host caching of the data disks.

    Returns
    -------
    dict
        ``ops_per_s`` [1/s], the minimum of ``latency_bound``, ``throughput_bound`` and ``iops_bound`` [1/s];
        ``binding`` (one of :data:`LIMITS`); ``mean_latency_ms`` (``threads / ops_per_s``, Little's law) and
        ``p50_latency_ms`` (:func:`median_latency_ms`) [ms]; ``bytes_per_read_kib`` [KiB]. Scalars for scalar
        input, arrays otherwise.

    Notes
    -----
    ``ops/s = min(threads / light-load latency, VMs x throughput throttle / bytes per read, VMs x IOPS
    throttle)``, the asymptotic bounds of a closed system (see :func:`storageperf.queueing.closed_loop_iops`).
    Where it misses the charts, and why:

    * large read-ahead (128 KiB and up): the charted ops/s are above the full-window throttle ceiling, because
      reads move less than a full window (page-cache hits, cassandra-disk-caching-04 and cassandra-disk-caching-05);
    * 512 uncached threads: the model lets ops/s grow to the 768 MB/s ceiling; the P30 disks' IOPS limit binds
      first because a read takes more than one disk I/O (cassandra-disk-caching-08), which the model does not count;
    * ReadOnly at 256 threads and small read-ahead: ops/s stay near 80,000 with the throttles far away; something
      the source does not measure (client CPU, Cassandra's read stage) binds.

    Examples
    --------
    The article's crossover by threads, at read_ahead_kb = 64: at 128 threads ReadOnly wins, at 256 None does.

    >>> round(predict(128, 64, "ReadOnly")["ops_per_s"]), round(predict(128, 64, "None")["ops_per_s"])
    (46875, 26963)
    >>> round(predict(256, 64, "ReadOnly")["ops_per_s"]), round(predict(256, 64, "None")["ops_per_s"])
    (46875, 53926)
    >>> predict(256, 64, "ReadOnly")["binding"]
    'throughput throttle'
    """
    _caching(caching)
    threads = _checks.in_range("client_threads", client_threads, 1.0, np.inf)
    ra = _checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    threads, ra = np.broadcast_arrays(threads, ra)
    s = setup()
    size = bandwidth.bytes_per_read_kib(s["document_kib"], ra, s["page_kib"])
    latency_bound = threads / light_load_latency_ms(caching) * units.MS_PER_S
    throughput_bound = np.asarray(_throughput_bound(ra, caching), dtype=float)
    iops_bound = np.full(np.shape(threads), s["vm_count"] * disk_path_limits(caching)["iops"])
    ops, binding = bounds.tightest(dict(zip(LIMITS, (latency_bound, throughput_bound, iops_bound))))
    ops, binding = np.asarray(ops), np.asarray(binding)
    out = {"ops_per_s": ops, "latency_bound": latency_bound, "throughput_bound": throughput_bound,
           "iops_bound": iops_bound, "mean_latency_ms": threads / ops * units.MS_PER_S,
           "p50_latency_ms": np.full(np.shape(threads), median_latency_ms(caching)),
           "bytes_per_read_kib": np.asarray(size, dtype=float), "binding": binding}
    if np.ndim(ops) == 0:
        return {k: (str(v) if k == "binding" else float(v)) for k, v in out.items()}
    return out


def predicted_ops_per_s(client_threads, read_ahead_kb, caching):
    """Predicted cluster ops/s only; see :func:`predict`.

    Examples
    --------
    >>> predicted_ops_per_s([64, 128, 256, 512], 64, "None").round()
    array([13481., 26963., 53926., 70312.])
    """
    return _checks.scalar_or_array(np.asarray(predict(client_threads, read_ahead_kb, caching)["ops_per_s"]))


def crossover_threads(read_ahead_kb):
    """Client threads above which None (uncached) reads outpace ReadOnly, by the model.

    Parameters
    ----------
    read_ahead_kb : float
        The data disks' ``read_ahead_kb``, at least 0. [KiB]

    Returns
    -------
    float
        Threads at which the uncached latency bound reaches the cached throttle ceiling, ``light-load latency
        (None) x min(cached throughput, cached IOPS bound)``; ``inf`` if the uncached ceiling is the lower one,
        so that None never wins. [-]

    Examples
    --------
    At read_ahead_kb = 64 the model puts the crossover between the charted 128 and 256 threads:

    >>> round(crossover_threads(64))
    223
    """
    ra = _checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    cached = np.minimum(_throughput_bound(ra, "ReadOnly"), setup()["vm_count"] * disk_path_limits("ReadOnly")["iops"])
    uncached = np.minimum(_throughput_bound(ra, "None"), setup()["vm_count"] * disk_path_limits("None")["iops"])
    threads = cached * light_load_latency_ms("None") / units.MS_PER_S
    return _checks.scalar_or_array(np.where(uncached > cached, threads, np.inf))


def comparison(metric="ops_per_s"):
    """Every measured point of :func:`measured_points` beside the model's prediction.

    Parameters
    ----------
    metric : {"ops_per_s", "latency_p50"}

    Returns
    -------
    pandas.DataFrame
        The standard comparison table (:func:`storageperf.concepts.compare.table`): ``measured`` (the charted
        value), ``model``, ``relative_error``, ``binding``, then ``chart``, ``caching``, ``client_threads`` and
        ``read_ahead_kb``.

    Examples
    --------
    >>> c = comparison("ops_per_s")
    >>> round(float(c["relative_error"].abs().median()), 3)
    0.16
    """
    _checks.choice("metric", metric, ("ops_per_s", "latency_p50"))
    pts = measured_points(metric).copy()
    key = "ops_per_s" if metric == "ops_per_s" else "p50_latency_ms"
    model, binding = np.empty(len(pts)), np.empty(len(pts), dtype=object)
    for mode in CACHING_MODES:
        rows = (pts["caching"] == mode).to_numpy()
        if rows.any():
            p = predict(pts.loc[rows, "client_threads"].to_numpy(), pts.loc[rows, "read_ahead_kb"].to_numpy(), mode)
            model[rows], binding[rows] = p[key], p["binding"]
    pts["model"] = model
    pts["binding"] = binding
    return compare.table(pts, measured="measured", model="model", binding="binding", document=DOCUMENT)


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
    t = table[table["client_threads"] == client_threads].pivot_table(index="read_ahead_kb", columns="caching",
                                                                      values=column).dropna()
    if t.empty:
        raise ValueError(f"client_threads must be a thread count with both caching modes in the table, "
                         f"got {client_threads!r}")
    wins = t["ReadOnly"] > t["None"]
    last = wins[wins].index.max()
    after = t.index[t.index > last]
    return float(last), (float(after.min()) if len(after) else float("nan"))
