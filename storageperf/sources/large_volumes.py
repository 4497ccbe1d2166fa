"""The large-volume benchmark: how much throughput and IOPS one large volume gives, from how many clients.

Three limits bound what a set of Linux NFS clients gets from one large volume [1]_ [2]_ (and one client's sequential
read stream is bound by its read-ahead too, :func:`stream_bounds` [4]_):

* the clients: ``clients x per-client rate``, the single-VM (scale-up) result with or without ``nconnect``;
* the volume's quota and service level: ``min(quota x rate, 12,800 MiB/s)`` (see
  :mod:`storageperf.platforms.azure_netapp_files`);
* the volume's measured maximum for the workload: the benchmark's scale-out result (12 VMs), the only evidence
  of the limits that stop writes and random I/O below 12,800 MiB/s (source_discrepancies large-volumes-08,
  large-volumes-09).

Throughput and IOPS are one number at a given block size (:mod:`storageperf.concepts.bandwidth`): the model works in
MiB/s and reports IOPS at the workload's block size, 256 KiB sequential or 8 KiB random. Every number is read
from ``data/sources/large_volumes_tests.csv`` and ``large_volumes_results.csv``, which cite the article row by row.

References
----------
.. [1] Microsoft Learn, "Azure NetApp Files large volume performance benchmarks for Linux", 2025-03-25: Testing
   summary; Linux scale-out test; Linux scale-up tests.
.. [2] Microsoft Learn, "Requirements and considerations for large volumes", 2025-11-11 (the 12,800 MiB/s
   ceiling); "Service levels for Azure NetApp Files", 2026-01-29 (the rates per TiB).
.. [3] Microsoft Learn, "Linux concurrency best practices for Azure NetApp Files", 2021-08-02: "The server will
   accept no more than 128 requests in flight from this single connection"; "Linux NFS mount options best
   practices", 2022-12-07: nconnect "up to a limit of 16"; rsize and wsize "no larger than 262,144 Bytes".
.. [4] Microsoft Learn, "Linux NFS read-ahead best practices for Azure NetApp Files", 2022-09-29: Linux's 128 KiB
   default read-ahead, and 15,360 KiB found optimal.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .. import checks, data
from ..concepts import bandwidth, bounds, compare, queueing, units
from ..platforms import azure_netapp_files as anf
from ..platforms import azure_vm

#: The document every number here comes from (its id in ``data/documents.csv``).
DOCUMENT = "anf-large-volumes"

#: The four workloads the article measures, as (workload, operation).
WORKLOADS = ("sequential read", "sequential write", "random read", "random write")
#: Client mount: with or without the NFS ``nconnect`` option.
NCONNECT = ("with", "without")
#: The limits :func:`predict` can report as binding, in the order ties are broken.
LIMITS = ("clients", "quota x service level", "large-volume ceiling", "measured volume maximum")


def _workload(workload):
    kind, operation = checks.choice("workload", workload, WORKLOADS).split()
    return kind, operation


def _test(item, unit):
    return data.value("large_volumes_tests", item, unit)


def block_size_kib(workload):
    """Block size of a workload in the article's tests.

    Parameters
    ----------
    workload : {"sequential read", "sequential write", "random read", "random write"}

    Returns
    -------
    float
        256 KiB for sequential, 8 KiB for random I/O (scale-out test). [KiB]

    Examples
    --------
    >>> block_size_kib("sequential read"), block_size_kib("random write")
    (256.0, 8.0)
    """
    kind, _ = _workload(workload)
    return _test("scaleout_seq_block" if kind == "sequential" else "scaleout_rand_block", "KiB")


def _result_id(test, workload, nconnect):
    kind, operation = _workload(workload)
    table = data.load("large_volumes_results")
    rows = table[(table["test"] == test) & (table["workload"] == kind) & (table["operation"] == operation)
                 & (table["nconnect"] == nconnect) & (table["metric"] != "ratio")
                 & ~table["id"].str.startswith("rev2023-")]  # the 2023 revision's results are of another volume
    return rows["id"].iloc[0]


@functools.cache
def _result_mibps(test, workload, nconnect):
    """A result in MiB/s: throughput as it is, IOPS times the workload's block size."""
    rid = _result_id(test, workload, nconnect)
    if data.row("large_volumes_results", rid)["unit"] == "IOPS":
        return float(bandwidth.bandwidth_mibps(data.value("large_volumes_results", rid, "IOPS"),
                                               block_size_kib(workload)))
    return data.value("large_volumes_results", rid, "MiB/s")


@functools.cache
def client_mibps(workload, nconnect="with"):
    """What one client VM moved in the scale-up test (one E104id_v5), with or without nconnect.

    Parameters
    ----------
    workload : {"sequential read", "sequential write", "random read", "random write"}
    nconnect : {"with", "without"}

    Returns
    -------
    float
        Throughput of one client. [MiB/s]

    Notes
    -----
    With nconnect, the article's scale-up results: 10,000 and 6,600 MiB/s, 426,000 and 405,000 IOPS of 8 KiB.
    Without, those divided by the article's "roughly" ten, four, seven and 7.2 times (derived rows,
    source_discrepancies large-volumes-06). One VM size only: a smaller VM has a smaller network limit.

    Examples
    --------
    >>> client_mibps("sequential read"), client_mibps("sequential read", "without")
    (10000.0, 1000.0)
    >>> round(client_mibps("random read"), 1)
    3328.1
    """
    checks.choice("nconnect", nconnect, NCONNECT)
    return _result_mibps("scale-up", workload, nconnect)


@functools.cache
def measured_volume_mibps(workload):
    """The largest the article measured from one large volume (scale-out test, 12 VMs).

    Parameters
    ----------
    workload : {"sequential read", "sequential write", "random read", "random write"}

    Returns
    -------
    float
        12,761 and 8,518 MiB/s sequential; 709,000 and 474,000 IOPS of 8 KiB, in MiB/s. [MiB/s]

    Examples
    --------
    >>> measured_volume_mibps("sequential write")
    8518.0
    >>> round(measured_volume_mibps("random read"), 1)
    5539.1
    """
    return _result_mibps("scale-out", workload, "unstated")


def nic_line_rate_mibps():
    """Line rate of the scale-up VM's network card, 100 Gbps, in MiB/s.

    Returns
    -------
    float
        [MiB/s]

    Notes
    -----
    The article calls its 10,000 MiB/s "roughly the line rate"; it is 84 % of it (source_discrepancies
    large-volumes-05).

    Examples
    --------
    >>> round(nic_line_rate_mibps(), 1)
    11920.9
    """
    return _test("scaleup_nic", "MiB/s")


def predict(clients, workload, nconnect="with", quota_tib=None, service_level="Ultra"):
    """Throughput, IOPS and binding limit of one large volume driven by ``clients`` VMs like the article's.

    Parameters
    ----------
    clients : float or array-like
        Client VMs, at least 1. [-]
    workload : {"sequential read", "sequential write", "random read", "random write"}
    nconnect : {"with", "without"}
        Whether the clients mount with nconnect.
    quota_tib : float or array-like, optional
        Volume quota, 50 to 1,024 TiB; default: the largest, so that the quota does not bind. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}

    Returns
    -------
    dict
        ``mibps`` [MiB/s] and ``iops`` [1/s] at :func:`block_size_kib`; ``binding`` (one of :data:`LIMITS`);
        the bounds ``client_bound``, ``quota_bound`` (quota x rate, capped at the ceiling) and
        ``measured_bound`` [MiB/s]. Scalars for scalar input, arrays otherwise.

    Notes
    -----
    ``MiB/s = min(clients x client_mibps, min(quota x rate, 12,800), measured_volume_mibps)``. The client rate is
    one E104id_v5's; the measured maximum is a limit the article found, not one Microsoft publishes, and a
    larger test might pass it (large-volumes-08). Clients are assumed to add up until a volume limit binds.

    Examples
    --------
    The article's scale-out reads: 12 clients with nconnect, an Ultra volume large enough for the ceiling.

    >>> p = predict(12, "sequential read")
    >>> p["mibps"], p["binding"]
    (12761.0, 'measured volume maximum')

    Two clients with nconnect on a 50 TiB Ultra volume: the quota binds at 50 x 128 MiB/s.

    >>> predict(2, "sequential read", quota_tib=50)["mibps"]
    6400.0
    """
    n = checks.counts("clients", clients, 1)
    _workload(workload)
    if quota_tib is None:
        quota_tib = anf.quota_range_tib("large")[1]
    quota = anf.check_quota_tib(quota_tib, "large")
    n, quota = np.broadcast_arrays(n, quota)
    client_bound = n * client_mibps(workload, nconnect)
    by_quota = quota * anf.throughput_per_tib_mibps(service_level)
    ceiling = anf.volume_ceiling_mibps(service_level, "large")
    measured = np.full(np.shape(n), measured_volume_mibps(workload))
    mibps, binding = bounds.tightest(dict(zip(LIMITS, (client_bound, by_quota, ceiling, measured))))
    mibps, binding = np.asarray(mibps), np.asarray(binding)
    out = {"mibps": mibps, "iops": bandwidth.iops_from_bandwidth(mibps, block_size_kib(workload)),
           "binding": binding, "client_bound": client_bound, "quota_bound": np.minimum(by_quota, ceiling),
           "measured_bound": measured}
    if np.ndim(mibps) == 0:
        return {k: (str(v) if k == "binding" else float(v)) for k, v in out.items()}
    return out


def clients_needed(workload, nconnect="with", quota_tib=None, service_level="Ultra"):
    """Fewest client VMs that reach the volume's limit for a workload.

    Parameters
    ----------
    workload, nconnect, quota_tib, service_level
        As in :func:`predict`.

    Returns
    -------
    float or numpy.ndarray
        ``ceil(volume limit / client_mibps)``, at least 1. [-]

    Examples
    --------
    Sequential reads to 12,761 MiB/s: 2 clients with nconnect, 13 without.

    >>> clients_needed("sequential read"), clients_needed("sequential read", "without")
    (2.0, 13.0)
    """
    limit = predict(1, workload, nconnect, quota_tib, service_level)
    volume = np.minimum(limit["quota_bound"], limit["measured_bound"])
    return checks.scalar_or_array(np.maximum(np.ceil(volume / client_mibps(workload, nconnect)), 1.0))


def documented_limit_mibps(clients, quota_tib=None, service_level="Ultra"):
    """What published limits alone allow: clients x NIC line rate, against quota x rate and 12,800 MiB/s.

    Parameters
    ----------
    clients : float or array-like
        Client VMs with a 100 Gbps network card, at least 1. [-]
    quota_tib, service_level
        As in :func:`predict`.

    Returns
    -------
    float or numpy.ndarray
        [MiB/s]

    Notes
    -----
    No benchmark number enters: this is the bound a reader could compute before the benchmark, and the yardstick
    :func:`comparison` holds the article's results against.

    Examples
    --------
    >>> documented_limit_mibps(12), round(documented_limit_mibps(1), 1)
    (12800.0, 11920.9)
    """
    return _documented(clients, quota_tib, service_level)[0]


def _documented(clients, quota_tib=None, service_level="Ultra"):
    """:func:`documented_limit_mibps` and which of the two published limits sets it."""
    n = checks.counts("clients", clients, 1)
    if quota_tib is None:
        quota_tib = anf.quota_range_tib("large")[1]
    volume = anf.volume_throughput_mibps(quota_tib, service_level, "large")
    return bounds.tightest({"clients' NIC line rate": n * nic_line_rate_mibps(), "volume limit": volume})


def comparison():
    """The article's eight measured results (scale-out and scale-up with nconnect) beside the published limits.

    Returns
    -------
    pandas.DataFrame
        The standard comparison table (:func:`storageperf.concepts.compare.table`): ``measured`` and ``model``
        (what :func:`documented_limit_mibps` allows) in MiB/s, ``binding`` (clients' NIC line rate or the
        volume's limit), then ``test``, ``workload``, ``clients``, ``measured_iops`` [1/s] and ``below_limit``, how
        far the result is below the limit as a share of the limit, ``1 - measured / model`` [-]. (The
        ``relative_error`` is on the other base, the result: ``model / measured - 1``.)

    Notes
    -----
    The scale-out test's 12 VMs are assumed for its random test too (large-volumes-09); the quota is taken large
    enough for
    the ceiling (large-volumes-01).

    Examples
    --------
    >>> c = comparison()
    >>> len(c), round(float(c.loc[c["id"] == "scaleout-seq-read", "relative_error"].item()), 4)
    (8, 0.0031)

    The single client's 10,000 MiB/s is 16 % below its 100 Gbps line rate; the line rate is 19 % above it.

    >>> row = c.set_index("id").loc["scaleup-seq-read-nconnect"]
    >>> round(float(row["below_limit"]), 3), round(float(row["relative_error"]), 3)
    (0.161, 0.192)
    """
    vms, one = _test("scaleout_vms", "VMs"), _test("scaleup_vms", "VMs")
    rows = []
    for test, nconnect, clients in (("scale-out", "unstated", vms), ("scale-up", "with", one)):
        for workload in WORKLOADS:
            measured = _result_mibps(test, workload, nconnect)
            model, binding = _documented(clients)
            rows.append({"id": _result_id(test, workload, nconnect), "measured": measured,
                         "model": model, "binding": binding, "test": test,
                         "workload": workload, "clients": clients,
                         "measured_iops": bandwidth.iops_from_bandwidth(measured, block_size_kib(workload))})
    table = compare.table(pd.DataFrame(rows), measured="measured", model="model", binding="binding",
                          document=DOCUMENT)
    table["below_limit"] = 1 - table["measured"] / table["model"]
    return table


#: Operations :func:`client_bounds` tells apart: Azure limits a VM's network on egress, so for writes only.
OPERATIONS = ("read", "write")
#: The bounds :func:`client_bounds` takes the smallest of, in the order ties are broken.
CLIENT_LIMITS = ("network", "requests in flight", "connections' throughput", "client IOPS")


def connection_mibps(operation="read"):
    """What one TCP connection carried in the article's scale-up test: the single client without nconnect.

    Parameters
    ----------
    operation : {"read", "write"}

    Returns
    -------
    float
        256 KiB sequential reads or writes of one E104id_v5 mounted without nconnect, that is over one TCP
        connection: 1,000 and 1,650 MiB/s. [MiB/s]

    Notes
    -----
    Derived from the article's "roughly ten times" and "roughly four times" (large-volumes-06): ratios a reader
    cannot check, so the numbers are as rough as the words. The E104id_v5's 100 Gbps network card did not bind
    either (1,000 MiB/s is a twelfth of it), so one connection, not the VM, set them.

    Examples
    --------
    >>> connection_mibps("read"), connection_mibps("write")
    (1000.0, 1650.0)
    """
    checks.choice("operation", operation, OPERATIONS)
    return client_mibps(f"sequential {operation}", "without")


def scale_up_nconnect():
    """The nconnect of the article's single client with nconnect, which the article does not state.

    Returns
    -------
    int
        8, from the mount options of the article's revision of 2023-05-01, whose scale-up results are the same
        (10,000 and 6,600 MiB/s, 426,000 and 405,000 IOPS). [connections]

    Examples
    --------
    >>> scale_up_nconnect()
    8
    """
    return int(_test("rev2023_scaleup_nconnect", "connections"))


def connections_mibps(nconnect, operation="read"):
    """What a mount's ``nconnect`` TCP connections carried in the article's scale-up test, where it was measured.

    Parameters
    ----------
    nconnect : int
        TCP connections of the mount, 1 to 16. [-]
    operation : {"read", "write"}

    Returns
    -------
    dict
        ``mibps``: 256 KiB sequential reads or writes of the article's one E104id_v5 over that many connections
        [MiB/s], infinite where nothing was measured; ``basis``: ``"measured"`` or ``"not known"``.

    Notes
    -----
    Two counts were measured: one connection (the client without nconnect, :func:`connection_mibps`: 1,000 and
    1,650 MiB/s) and :func:`scale_up_nconnect` connections (the client with nconnect, :func:`client_mibps`:
    10,000 and 6,600 MiB/s). One connection's rate times ``nconnect`` is not a bound: it gives 8,000 MiB/s of
    reads at nconnect=8, where the client read 10,000. So no per-connection figure is assumed: at another count
    the bound is not known, and is not applied. At nconnect=8 the 10,000 MiB/s is what the volume then allowed
    (10,240 MiB/s, large-volumes-05), so eight connections may carry more.

    Examples
    --------
    >>> connections_mibps(1), connections_mibps(8, "write")
    ({'mibps': 1000.0, 'basis': 'measured'}, {'mibps': 6600.0, 'basis': 'measured'})
    >>> connections_mibps(4)
    {'mibps': inf, 'basis': 'not known'}
    """
    checks.choice("operation", operation, OPERATIONS)
    high = data.value("azure_netapp_files_limits", "nconnect_max", "connections")
    n = checks.whole_number("nconnect", nconnect, 1, high)
    if n == 1:
        return {"mibps": connection_mibps(operation), "basis": "measured"}
    if n == scale_up_nconnect():
        return {"mibps": client_mibps(f"sequential {operation}", "with"), "basis": "measured"}
    return {"mibps": float("inf"), "basis": "not known"}


def client_iops(operation="read"):
    """The most 8 KiB random operations one client did in the article's scale-up test, with nconnect.

    Parameters
    ----------
    operation : {"read", "write"}

    Returns
    -------
    float
        426,000 reads or 405,000 writes a second of one E104id_v5. [1/s]

    Notes
    -----
    The scale-out test shows the volume did more (709,000 and 474,000 IOPS from many clients), so the client, not
    the volume, stopped there: its CPU and its NFS client's work per request. A smaller VM has fewer cores and
    likely fewer IOPS; the model has no measurement of one and keeps the E104id_v5's as a most.

    Examples
    --------
    >>> client_iops("read"), client_iops("write")
    (426000.0, 405000.0)
    """
    checks.choice("operation", operation, OPERATIONS)
    return float(bandwidth.iops_from_bandwidth(client_mibps(f"random {operation}", "with"),
                                               block_size_kib(f"random {operation}")))


def client_bounds(vm_size, nconnect, latency_ms, block_size_kib, operation="read", rsize_kib=None):
    """What one NFSv3 client VM can move: its network, its connections, the requests they keep in flight, its IOPS.

    Parameters
    ----------
    vm_size : str
        One of :data:`storageperf.platforms.azure_vm.NETWORK_SIZES`.
    nconnect : int
        TCP connections of the mount, 1 to 16. [-]
    latency_ms : float or array-like
        Latency of one request at the storage, greater than 0. [ms]
    block_size_kib : float or array-like
        Size of the application's I/O, greater than 0. [KiB]
    operation : {"read", "write"}
    rsize_kib : float, optional
        ``rsize``/``wsize`` of the mount; default the largest Microsoft recommends, 256 KiB. [KiB]

    Returns
    -------
    dict
        ``network``, ``in_flight``, ``connections`` and ``iops_bound`` bounds and ``mibps`` (the smallest) [MiB/s];
        ``iops`` at the block size [1/s]; ``binding`` (one of :data:`CLIENT_LIMITS`); ``requests`` in flight [-];
        ``network_is_limit``: True for writes (egress, limited by Azure), False for reads (ingress, not limited:
        the figure is a guide); ``connections_basis``: ``"measured"`` or ``"not known"``
        (:func:`connections_mibps`; ``connections`` is then infinite).

    Notes
    -----
    Four bounds, the smallest binds:

    * the service keeps at most 128 NFSv3 requests in flight per TCP connection [3]_, so a mount with ``nconnect``
      connections keeps ``nconnect x 128``; each request carries ``min(block, rsize)``, and by Little's law a
      client moves at most ``requests x request size / latency``;
    * the connections carry at most what the article's client moved over as many connections
      (:func:`connections_mibps`): one connection's result without nconnect, or the client's with the
      ``nconnect=8`` of its 2023 revision; for any other count no source gives a figure, and the bound is not
      applied (``connections_basis`` says ``"not known"``);
    * the client does at most :func:`client_iops` operations a second, what the article's client did with
      nconnect;
    * the VM size's network (:func:`storageperf.platforms.azure_vm.network_mibps`).

    The connection and IOPS bounds are the article's E104id_v5 measurements, not published limits; nor do they
    grow with nconnect beyond what the article measured (its nconnect value is not stated). The latency is an
    input, the one the reader measures or accepts; it grows as the volume nears its limit, which the bound does
    not model.

    Examples
    --------
    One E104id_v5 without nconnect, 8 KiB random reads at 2.1 ms: 128 requests in flight allow about 61,000 IOPS,
    what the article measured without nconnect (60,857).

    >>> b = client_bounds("Standard_E104id_v5", 1, 2.1, 8)
    >>> round(b["iops"]), b["binding"]
    (60952, 'requests in flight')

    Without nconnect, 256 KiB reads: one connection's 1,000 MiB/s binds, not the network's 11,921.

    >>> b = client_bounds("Standard_E104id_v5", 1, 2.0, 256)
    >>> b["mibps"], b["binding"]
    (1000.0, "connections' throughput")

    With nconnect=8 the connections carried what the article's client read with it, 10,000 MiB/s, not 8 x 1,000:

    >>> b = client_bounds("Standard_E104id_v5", 8, 2.0, 256)
    >>> b["connections"], b["connections_basis"], b["binding"]
    (10000.0, 'measured', "connections' throughput")
    """
    checks.choice("operation", operation, OPERATIONS)
    limits = "azure_netapp_files_limits"
    high = data.value(limits, "nconnect_max", "connections")
    checks.whole_number("nconnect", nconnect, 1, high)
    latency = checks.positive("latency_ms", latency_ms, "ms")
    block = checks.positive("block_size_kib", block_size_kib, "KiB")
    largest = units.convert(data.value(limits, "rsize_wsize_max_recommended", "B"), "B", "KiB")
    rsize = largest if rsize_kib is None else checks.in_range("rsize_kib", rsize_kib, 4, largest, "KiB")
    requests = nconnect * data.value(limits, "nfsv3_requests_per_connection", "requests")
    request_kib = np.minimum(block, rsize)
    in_flight = bandwidth.bandwidth_mibps(queueing.littles_law_iops(requests, latency), request_kib)
    network = azure_vm.network_mibps(vm_size)
    carried = connections_mibps(nconnect, operation)
    connections = carried["mibps"]
    by_iops = bandwidth.bandwidth_mibps(client_iops(operation), block)
    shape = np.shape(np.broadcast_arrays(in_flight, by_iops)[0])
    mibps, binding = bounds.tightest(dict(zip(CLIENT_LIMITS, (
        np.full(shape, network), np.broadcast_to(in_flight, shape), np.full(shape, connections),
        np.broadcast_to(by_iops, shape)))))
    return {"network": network, "in_flight": checks.scalar_or_array(in_flight), "connections": float(connections),
            "iops_bound": checks.scalar_or_array(by_iops), "mibps": checks.scalar_or_array(mibps),
            "iops": checks.scalar_or_array(bandwidth.iops_from_bandwidth(mibps, block)),
            "binding": str(binding) if np.ndim(binding) == 0 else binding, "requests": float(requests),
            "network_is_limit": operation == "write", "connections_basis": carried["basis"]}


#: The bounds :func:`stream_bounds` takes the smallest of, in the order ties are broken.
STREAM_LIMITS = ("read-ahead", "per-stream copy", "the client's bounds")


def unloaded_latency_ms():
    """The round trip of one request to a large volume under no load: the lowest latency a large volume recorded.

    Returns
    -------
    float
        The average latency of SPECstorage Solution 2020 result 00143 (one large volume) at its lightest load
        point: 0.3 ms. [ms]

    Notes
    -----
    The result's latency stays at its lightest point's over the first load points (0.3 ms from 110 to 550 job
    sets), so it is the floor the volume and network give, not a queue. It is SPEC's EDA mix, mostly metadata
    operations; a 256 KiB read also spends its transfer time on the wire, so its own round trip is no shorter,
    and the read-ahead bound at this latency is a most. No Microsoft page states the unloaded latency of a
    large read. The 2.1 ms of :func:`implied_latency_ms` is 128 requests queued on one connection: a loaded
    round trip, which one read-ahead window does not wait on.

    Examples
    --------
    >>> unloaded_latency_ms()
    0.3
    """
    spec = data.load("hpc_eda_spec_results")
    spec = spec[(spec["result"].astype(str).str.zfill(5) == "00143") & (spec["metric"] == "avg_latency_ms")]
    return float(spec.loc[spec["job_sets"].idxmin(), "value"])


def stream_bounds(vm_size, nconnect, latency_ms, read_ahead_kib, block_size_kib=256.0, copy_limit_mibps=None):
    """What one sequential read stream of one client moves: one read-ahead window a round trip, its copy, or the client.

    Parameters
    ----------
    vm_size, nconnect, block_size_kib
        As in :func:`client_bounds` (reads).
    latency_ms : float or array-like
        The round trip one read-ahead window waits on: one request's latency with no queue ahead of it
        (:func:`unloaded_latency_ms`, or the reader's own), greater than 0. [ms]
    read_ahead_kib : float or array-like
        The mount's NFS read-ahead, greater than 0 (:func:`storageperf.platforms.azure_netapp_files.read_ahead_kib`:
        Linux's default or Microsoft's recommendation). [KiB]
    copy_limit_mibps : float, optional
        What one buffered stream's copy from the page cache allows on this client, greater than 0 (a reader's
        measurement). Default: not known, and not applied. [MiB/s]

    Returns
    -------
    dict
        ``read_ahead``: the window's bound (:func:`storageperf.concepts.bandwidth.read_ahead_stream_mibps`) and
        ``mibps``, the smallest of it, the copy limit and the client's [MiB/s]; ``binding`` (one of
        :data:`STREAM_LIMITS`); ``client``: :func:`client_bounds`; ``copy_limit`` [MiB/s] (NaN when not known)
        and ``copy_known``; ``basis``, in words; ``streams``: sequential streams that together reach the
        client's bound, ``ceil(client / one stream)``, at least 1 (a fewest, when the copy limit is not known) [-].

    Notes
    -----
    A buffered sequential reader (one ``cp``, one fio job with ``direct=0``) waits on its read-ahead window; the
    client's other bounds are for all its streams together. So one stream gets the smallest of the window's
    bound, its own copy through the page cache (one thread's work per byte, which no source the guide holds
    states), and the client's; a client reaches its own bound only with enough streams. Without the copy limit
    the result is a most: one stream is not known to reach it. Direct I/O bypasses read-ahead and the copy: its
    stream is bound by the requests it keeps in flight (fio's ``iodepth``), which :func:`client_bounds` counts.
    Random reads get no read-ahead either.

    Examples
    --------
    One E104id_v5, nconnect=8, at the unloaded round trip (0.3 ms): Linux's default 128 KiB holds one stream to
    417 MiB/s, and at least 24 such streams reach the client's 10,000 MiB/s; 15,360 KiB lets the window pass the
    client's bound, so one stream is bound by the client or by its copy, which is not known:

    >>> ms = unloaded_latency_ms()
    >>> [(round(s["mibps"]), s["binding"], s["streams"])
    ...  for s in (stream_bounds("Standard_E104id_v5", 8, ms, ra) for ra in (128, 15_360))]
    [(417, 'read-ahead', 24.0), (10000, "the client's bounds", 1.0)]
    >>> stream_bounds("Standard_E104id_v5", 8, ms, 15_360)["basis"]
    "a most: one stream's copy limit is not known"

    A copy limit the reader measured binds when it is the smallest:

    >>> stream_bounds("Standard_E104id_v5", 8, ms, 15_360, copy_limit_mibps=2_000)["binding"]
    'per-stream copy'
    """
    client = client_bounds(vm_size, nconnect, latency_ms, block_size_kib, "read")
    window = bandwidth.read_ahead_stream_mibps(read_ahead_kib, latency_ms)
    known = copy_limit_mibps is not None
    copy = checks.positive("copy_limit_mibps", copy_limit_mibps, "MiB/s", one=True) if known else np.inf
    mibps, binding = bounds.tightest(dict(zip(STREAM_LIMITS, (window, np.full(np.shape(window), copy),
                                                              client["mibps"]))))
    one = np.minimum(np.asarray(window), copy)
    streams = np.maximum(np.ceil(np.asarray(client["mibps"]) / one), 1.0)
    return {"read_ahead": window, "mibps": checks.scalar_or_array(mibps),
            "binding": str(binding) if np.ndim(binding) == 0 else binding, "client": client,
            "copy_limit": copy if known else float("nan"), "copy_known": known,
            "basis": "the smallest of the bounds, the copy limit measured" if known
            else "a most: one stream's copy limit is not known",
            "streams": checks.scalar_or_array(streams)}


#: Volume types :func:`volume_target_mibps` has measurements for.
TARGET_VOLUME_TYPES = ("large", "breakthrough")


def volume_target_mibps(block_size_kib, operation="read", volume_type="large"):
    """The most one volume was measured to give at a block size: its measured bytes and operations a second.

    Parameters
    ----------
    block_size_kib : float or array-like
        Size of the application's I/O, greater than 0. [KiB]
    operation : {"read", "write"}
    volume_type : {"large", "breakthrough"}
        A large volume (this article's scale-out test) or one in breakthrough mode (Microsoft's breakthrough-mode
        benchmark, 30 E32s_v5 VMs, nconnect=8).

    Returns
    -------
    float or numpy.ndarray
        ``min(measured 256 KiB throughput, measured 8 KiB IOPS x block size)``. [MiB/s]

    Notes
    -----
    The target a planner counts clients against: not the published ceiling (12,800 MiB/s, "up to 50 GiB/s"),
    which writes and small I/O do not reach, but what the volume did. Between 8 and 256 KiB no size was measured;
    the smaller of the two measured limits is taken, which assumes the volume's operation rate and byte rate are
    each a limit of their own.

    Examples
    --------
    >>> volume_target_mibps(256), volume_target_mibps(256, "write")
    (12761.0, 8518.0)
    >>> round(volume_target_mibps(8), 1), volume_target_mibps(256, volume_type="breakthrough")
    (5539.1, 54000.0)
    """
    checks.choice("operation", operation, OPERATIONS)
    checks.choice("volume_type", volume_type, TARGET_VOLUME_TYPES)
    block = checks.positive("block_size_kib", block_size_kib, "KiB")
    test = "scale-out" if volume_type == "large" else "breakthrough scale-out"
    nconnect = "unstated" if volume_type == "large" else "with"
    sequential = _result_mibps(test, f"sequential {operation}", nconnect)
    # both benchmarks' random results are 8 KiB operations (``block_size_kib`` is the argument here)
    random_iops = bandwidth.iops_from_bandwidth(_result_mibps(test, f"random {operation}", nconnect),
                                                _test("scaleout_rand_block", "KiB"))
    return checks.scalar_or_array(np.minimum(sequential, bandwidth.bandwidth_mibps(random_iops, block)))


def measured_ceiling(volume_type, read_share, io_kib, access=None):
    """Most one large volume (or one in breakthrough mode) was measured to move at a share of reads, an I/O size and
    an access pattern.

    Parameters
    ----------
    volume_type : {"large", "breakthrough"}
    read_share : float
        Share of the operations that are reads, 0 to 1. [-]
    io_kib : float
        Size of each I/O, greater than 0. [KiB]
    access : {"random", "sequential"}, optional
        Default :func:`storageperf.platforms.azure_netapp_files.access_pattern`'s, by the I/O size.

    Returns
    -------
    dict
        ``mibps`` [MiB/s] and ``ops_per_s`` [1/s] at ``io_kib``: the reads' and the writes' ceilings sharing the
        volume's time, ``1 / (r / read + (1 - r) / write)``, as the client bound blends them; ``basis``:
        ``"measured"`` at the pattern's benchmark (8 KiB random, 256 KiB sequential), all reads or all writes,
        ``"interpolated"`` there at a mix of the two, ``"extrapolated"`` at any other size (nothing was measured
        there); ``extrapolated`` and ``measurement`` (the results it rests on, in words).

    Notes
    -----
    The published ceilings (12,800 MiB/s, "up to 50 GiB/s") are what the service grants; these are what a volume
    did. Writes and small I/O stop well below the ceilings (source_discrepancies large-volumes-08, -09), so a plan
    above them is beyond what was measured. Away from its benchmark's size, a pattern is read as the regular
    volume's curves are (:func:`storageperf.platforms.azure_netapp_files.mix_ceiling`): random I/O keeps the
    measured operations a second below 8 KiB and the measured bytes above it; sequential I/O keeps the measured
    bytes above 256 KiB and, below it, the lower of those and the random operations a second at the size
    (:func:`volume_target_mibps`).

    Examples
    --------
    One large volume: all reads of 256 KiB, 12,761 MiB/s; all random 8 KiB reads, 709,000 a second.

    >>> measured_ceiling("large", 1.0, 256)["mibps"], round(measured_ceiling("large", 1.0, 8)["ops_per_s"])
    (12761.0, 709000)
    >>> measured_ceiling("breakthrough", 0.0, 256)["mibps"], measured_ceiling("large", 0.5, 4)["basis"]
    (32637.0, 'extrapolated')

    Random 64 KiB reads are credited with the bytes 8 KiB random reads moved, not the sequential benchmark's:

    >>> round(measured_ceiling("large", 1.0, 64, "random")["mibps"]), measured_ceiling("large", 1.0, 64)["mibps"]
    (5539, 12761.0)
    """
    checks.choice("volume_type", volume_type, TARGET_VOLUME_TYPES)
    r = checks.fraction("read_share", read_share, one=True)
    io = checks.positive("io_kib", io_kib, "KiB", one=True)
    pattern = anf.access_pattern(access, io)
    small, large = block_size_kib("random read"), block_size_kib("sequential read")
    read, write = (float(bounds.by_access_pattern(io, pattern, (small, volume_target_mibps(small, op, volume_type)),
                                                  (large, volume_target_mibps(large, op, volume_type))))
                   for op in OPERATIONS)
    mibps = read if r == 1 else write if r == 0 else 1.0 / (r / read + (1 - r) / write)
    if io == (small if pattern == "random" else large):
        basis = "measured" if r in (0.0, 1.0) else "interpolated"
    else:
        basis = "extrapolated"
    name = "a large volume" if volume_type == "large" else "a large volume in breakthrough mode"
    measurement = (f"what Microsoft measured from {name}: {small:g} KiB random and {large:g} KiB sequential I/O, "
                   "all reads and all writes")
    return {"mibps": mibps, "ops_per_s": float(bandwidth.iops_from_bandwidth(mibps, io)), "basis": basis,
            "extrapolated": basis == "extrapolated", "measurement": measurement}


def clients_for_target(vm_size, nconnect, latency_ms, block_size_kib, operation="read", volume_type="large"):
    """How many clients like one of :func:`client_bounds` reach what one volume was measured to give.

    Parameters
    ----------
    vm_size, nconnect, latency_ms, block_size_kib, operation
        As in :func:`client_bounds`.
    volume_type : {"large", "breakthrough"}
        As in :func:`volume_target_mibps`.

    Returns
    -------
    dict
        ``client`` (:func:`client_bounds`), ``target_mibps`` (:func:`volume_target_mibps`) [MiB/s] and ``clients``,
        ``ceil(target / one client)``, at least 1 [-].

    Examples
    --------
    One E104id_v5 without nconnect, 256 KiB reads at 2 ms: 13 clients reach the measured 12,761 MiB/s.

    >>> p = clients_for_target("Standard_E104id_v5", 1, 2.0, 256)
    >>> p["clients"], p["target_mibps"]
    (13.0, 12761.0)
    """
    client = client_bounds(vm_size, nconnect, latency_ms, block_size_kib, operation)
    target = volume_target_mibps(block_size_kib, operation, volume_type)
    clients = checks.scalar_or_array(np.maximum(np.ceil(np.asarray(target) / np.asarray(client["mibps"])), 1.0))
    return {"client": client, "target_mibps": target, "clients": clients}


def implied_latency_ms(workload):
    """The latency at which 128 requests in flight give what one client measured without nconnect.

    Parameters
    ----------
    workload : {"random read", "random write"}

    Returns
    -------
    float
        ``128 / measured IOPS`` by Little's law. [ms]

    Examples
    --------
    >>> round(implied_latency_ms("random read"), 2)
    2.1
    """
    checks.choice("workload", workload, ("random read", "random write"))
    iops = bandwidth.iops_from_bandwidth(client_mibps(workload, "without"), block_size_kib(workload))
    requests = data.value("azure_netapp_files_limits", "nfsv3_requests_per_connection", "requests")
    return float(queueing.littles_law_latency_ms(iops, requests))
