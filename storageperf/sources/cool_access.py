"""The cool-access document: read throughput by tier and access pattern, from its measured endpoints.

With cool access, blocks not read for the coolness period move to a cheaper cool tier. Reading them back is
slower, most of all for random I/O. This module blends the document's four measured endpoints (hot or cool tier,
100 % sequential or 100 % random) into a throughput for any mix
(:func:`storageperf.concepts.bandwidth.blended_throughput_mibps`); what cool access costs is the platform's
(:func:`storageperf.platforms.azure_netapp_files.cool_access_monthly_cost_usd`).

References
----------
.. [1] Microsoft Learn, "Performance considerations for Azure NetApp Files storage with cool access",
   2024-09-05, Results summary (data/sources/cool_access_results.csv).
"""
from __future__ import annotations

import functools

import pandas as pd

from .. import checks, data
from .._cache import cached
from ..concepts import bandwidth, compare, queueing
from ..platforms import azure_netapp_files as anf

_ENDPOINT_IDS = {("hot", "sequential"): "sum-seq-hot", ("hot", "random"): "sum-rand-hot",
                 ("cool", "sequential"): "sum-seq-cool", ("cool", "random"): "sum-rand-cool"}


@cached
def endpoints_mibps():
    """The four measured read throughputs the blend is calibrated on, from ``data/sources/cool_access_results.csv``.

    Returns
    -------
    dict
        ``{(tier, pattern): throughput}`` for tier ``hot``/``cool`` and pattern ``sequential``/``random``. [MiB/s]

    Examples
    --------
    >>> endpoints_mibps()[("cool", "random")]
    280.0
    """
    return {key: data.value("cool_access_results", row, "MiB/s") for key, row in _ENDPOINT_IDS.items()}


#: The document's test volume (its row in ``data/sources/cool_access_tests.csv``).
_TEST_VOLUME = "seq-16job"


@functools.cache
def measured_volume_limit_mibps():
    """Throughput limit of the document's test volume, 50 TiB at Ultra with cool access, by the 2025 rule.

    Returns
    -------
    float
        ``50 TiB x 68 MiB/s per TiB``. [MiB/s]

    Notes
    -----
    The page's own note gives the Ultra rate without cool access (128 MiB/s per TiB, 6,400 MiB/s, cut to the
    regular volume's 4,500); its hot sequential endpoint, 3,330 MiB/s, sits at 98 % of the reduced limit, which the
    guide reads as the limit the test ran against.

    Examples
    --------
    >>> measured_volume_limit_mibps()
    3400.0
    """
    test = data.row("cool_access_tests", _TEST_VOLUME)
    return float(anf.cool_access_volume_throughput_mibps(test["volume_tib"], test["service_level"], rule="2025"))


def endpoints_for_volume_mibps(volume_limit_mibps=None):
    """The four endpoints for a volume with another throughput limit, and whether that is outside what was measured.

    Parameters
    ----------
    volume_limit_mibps : float, optional
        The volume's throughput limit, greater than 0; default the test volume's (:func:`measured_volume_limit_mibps`).
        [MiB/s]

    Returns
    -------
    tuple
        ``(endpoints, extrapolated)``: ``{(tier, pattern): throughput}`` as :func:`endpoints_mibps` [MiB/s], and True
        when the limit is above the test volume's.

    Notes
    -----
    The sequential endpoints are bound by the volume's limit: hot at 98 % of it, cool at 51 %, so they scale with
    it. Microsoft's 2023 test of a 100 TiB Standard volume (limit 1,600 MiB/s) saw the same shares
    (:func:`independent_check`). The random endpoints, 16 reads in flight, are bound by latency rather than by the
    limit: they keep their measured value, but never exceed the hot sequential rate at the new limit. Above the
    test volume's limit nothing was measured: more throughput may need more reads in flight, and the cool tier's
    own limits are unknown, so the result is flagged.

    Examples
    --------
    >>> e, extrapolated = endpoints_for_volume_mibps(1600)
    >>> round(e["hot", "sequential"]), round(e["cool", "sequential"]), round(e["cool", "random"]), extrapolated
    (1567, 820, 280, False)
    """
    test_limit = measured_volume_limit_mibps()
    limit = (test_limit if volume_limit_mibps is None
             else checks.positive("volume_limit_mibps", volume_limit_mibps, "MiB/s", one=True))
    measured = endpoints_mibps()
    scale = limit / test_limit
    hot_sequential = measured["hot", "sequential"] * scale
    out = {("hot", "sequential"): hot_sequential,
           ("cool", "sequential"): measured["cool", "sequential"] * scale,
           ("hot", "random"): min(measured["hot", "random"], hot_sequential),
           ("cool", "random"): min(measured["cool", "random"], hot_sequential)}
    return out, bool(limit > test_limit * (1 + 1e-9))


def read_throughput_mibps(cool_read_share, random_share, volume_limit_mibps=None):
    """Read throughput when part of the reads come from the cool tier and part of them are random.

    Parameters
    ----------
    cool_read_share : float or array-like
        Share of the bytes read that come from the cool tier, 0 to 1. [-]
    random_share : float or array-like
        Share of the bytes read by random rather than sequential I/O, 0 to 1. [-]
    volume_limit_mibps : float, optional
        The volume's throughput limit; default the test volume's. Above it the result is extrapolated
        (:func:`endpoints_for_volume_mibps`). [MiB/s]

    Returns
    -------
    float or numpy.ndarray
        Read throughput of the mix. [MiB/s]

    Notes
    -----
    Time adds up per byte, so throughputs blend harmonically: a mix spends ``share_i / T_i`` seconds on each MiB
    of kind *i*, and

    ``1 / T = sum_i share_i / T_i``

    over the four kinds (hot or cool, sequential or random), with ``T_i`` the measured endpoints
    (:func:`endpoints_mibps`, 16 jobs at queue depth 1 on one VM [1]_). The slowest kind dominates: that is why
    "any percentage of random I/O" drags the cool tier towards its random figure. It assumes each kind keeps its
    own rate inside a mix, and inherits the endpoints' configuration: other job counts, queue depths or block
    sizes scale differently.

    Examples
    --------
    Reading only cool data, 80 % sequential and 20 % random; the document reports a drop of "about 50 %" from
    100 % sequential (1,742 MiB/s):

    >>> round(read_throughput_mibps(1.0, 0.2))
    852
    """
    c = checks.fraction("cool_read_share", cool_read_share)
    r = checks.fraction("random_share", random_share)
    t, _ = endpoints_for_volume_mibps(volume_limit_mibps)
    shares = [(1 - c) * (1 - r), (1 - c) * r, c * (1 - r), c * r]
    return bandwidth.blended_throughput_mibps(shares, [t["hot", "sequential"], t["hot", "random"],
                                                      t["cool", "sequential"], t["cool", "random"]])


def latency_ms(throughput_mibps, outstanding, block_size_kib):
    """Mean latency of a load with a fixed number of I/Os in flight, by Little's law.

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput the load achieves, greater than 0. [MiB/s]
    outstanding : float or array-like
        I/Os in flight (jobs x queue depth), greater than 0. [-]
    block_size_kib : float or array-like
        Size of each I/O, greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        ``outstanding x block_size / throughput``. [ms]

    Examples
    --------
    The job-scale test: 16 jobs at queue depth 15, 256 KiB reads, at the 16-job cool-tier throughput of
    6.5 x 400 = 2,600 MiB/s; the document reports "approximately 23 milliseconds":

    >>> round(latency_ms(2600, 16 * 15, 256), 1)
    23.1
    """
    throughput_mibps = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    iops = bandwidth.iops_from_bandwidth(throughput_mibps, block_size_kib)
    return queueing.littles_law_latency_ms(iops, outstanding)


#: The document this module reproduces (its id in ``data/documents.csv``).
DOCUMENT = "anf-cool-access"


def _test(test_id, column):
    return data.row("cool_access_tests", test_id)[column]


def mixed_test_load():
    """I/Os in flight and block size of the document's mixed test, as :func:`comparison` assumes them.

    Returns
    -------
    tuple
        ``(outstanding, block_size_kib)``: jobs x queue depth of the mixed test [-], and 16 jobs' sequential
        test's block size [KiB], assumed because the mixed test does not state its own.

    Examples
    --------
    >>> mixed_test_load()
    (16.0, 256.0)
    """
    outstanding = float(_test("mixed", "jobs") * _test("mixed", "queue_depth"))
    return outstanding, float(_test("seq-16job", "block_size_kib"))


def _drop_pct(before, after):
    return (1 - after / before) * 100


def comparison():
    """The document's other results beside what the blend of its four endpoints predicts, in the standard shape.

    Returns
    -------
    pandas.DataFrame
        :func:`storageperf.concepts.compare.table`: ``id`` (the result's row in ``cool_access_results``),
        ``measured`` (the document's number), ``model``, ``relative_error``, then ``result`` (what it is, with
        its unit).

    Notes
    -----
    Column ``kind`` tells them apart: the four drops between endpoints recompute the endpoints themselves
    (``"arithmetic"``: they test the document's sums, not the model); the 80/20 mix and the two latencies are
    ``"prediction"`` s of the blend and of Little's law (:func:`latency_ms`) with :func:`mixed_test_load`.

    Examples
    --------
    >>> c = comparison()
    >>> len(c), round(float(c.set_index("id").loc["sum-cool-80-20-derived", "relative_error"]), 3)
    (7, -0.022)
    """
    e = endpoints_mibps()

    def doc(row_id):
        return float(data.row("cool_access_results", row_id)["value"])

    outstanding, block = mixed_test_load()
    jobs16 = float(_test("jobscale-16j-qd15", "jobs") * _test("jobscale-16j-qd15", "queue_depth"))
    rows = [
        ("sum-cool-80-20-derived", "cool tier, 80/20 mix [MiB/s]", read_throughput_mibps(1.0, 0.2)),
        ("sum-seq-cool-vs-hot", "cool vs hot, 100% sequential: drop [%]",
         _drop_pct(e["hot", "sequential"], e["cool", "sequential"])),
        ("sum-rand-cool-vs-hot", "cool vs hot, 100% random: drop [%]",
         _drop_pct(e["hot", "random"], e["cool", "random"])),
        ("sum-hot-seq-to-rand", "hot, sequential to random: drop [%]",
         _drop_pct(e["hot", "sequential"], e["hot", "random"])),
        ("sum-cool-seq-to-rand", "cool, sequential to random: drop [%]",
         _drop_pct(e["cool", "sequential"], e["cool", "random"])),
        ("jobscale-16j-qd15-latency", "cool, 16 jobs x QD 15: latency [ms]",
         latency_ms(doc("seq16-cool-improvement") * doc("seq1-cool-max"), jobs16, block)),
        ("mixed-cool-latency-spike", "cool, 60/40 mix: latency [ms] (document: greater than)",
         latency_ms(read_throughput_mibps(1.0, 0.4), outstanding, block)),
    ]
    arithmetic = {"sum-seq-cool-vs-hot", "sum-rand-cool-vs-hot", "sum-hot-seq-to-rand", "sum-cool-seq-to-rand"}
    frame = pd.DataFrame([{"id": i, "measured": doc(i), "model": float(m), "result": label,
                           "kind": "arithmetic" if i in arithmetic else "prediction"} for i, label, m in rows])
    return compare.table(frame, measured="measured", model="model", document=DOCUMENT)


def independent_check():
    """Microsoft's 2023 64 KiB sequential test of a 100 TiB Standard volume beside what this module predicts.

    Returns
    -------
    pandas.DataFrame
        :func:`storageperf.concepts.compare.table` with ``measured`` (MB/s as written, in MiB/s), ``model`` (the
        endpoints scaled to that volume's limit, :func:`endpoints_for_volume_mibps`), then ``unscaled`` (the
        document's endpoint as measured, capped at the limit) and ``result``. [MiB/s]

    Notes
    -----
    Nothing of this test went into the model: another year, service level, volume size, block size and client.
    The 2023 page states neither jobs nor queue depth.

    Examples
    --------
    >>> c = independent_check().set_index("id")
    >>> [round(float(e), 3) for e in c["relative_error"]]
    [-0.024, -0.044]
    """
    examples = "azure_netapp_files_cool_access_examples"
    quota = data.value(examples, "seq64k-volume", "TiB")
    limit = float(anf.volume_throughput_mibps(quota, "Standard"))
    scaled, _ = endpoints_for_volume_mibps(limit)
    measured = endpoints_mibps()
    block = data.value(examples, "seq64k-block", "KiB")
    rows = [{"id": f"seq64k-{tier}", "measured": data.value(examples, f"seq64k-{tier}", "MiB/s"),
             "model": scaled[tier, "sequential"], "unscaled": min(measured[tier, "sequential"], limit),
             "result": f"{tier} data, {block:g} KiB sequential reads [MiB/s]",
             "document": data.row(examples, f"seq64k-{tier}")["document"]}
            for tier in ("hot", "cool")]
    return compare.table(pd.DataFrame(rows), measured="measured", model="model", document="document")
