import functools
import html
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.concepts import bandwidth, bounds, compare, queueing
from storageperf.platforms import azure_vm
from storageperf.sources import cassandra_disk_caching as cas
from storageperf.sources import cassandra_disk_caching_fit as cas_fit

# The article's read-ahead settings (every chart's x axis) and the highest ops/s any of its charts shows
# (diskcaching-readahead-ops, ReadOnly, 128 threads, read-ahead 0: 80,100 +/- 1,000).
READ_AHEADS = [0, 8, 16, 32, 64, 128, 256, 512]
HIGHEST_CHARTED = 80_100


@pytest.mark.parametrize("ra, ceiling", [(64, 46_875), (128, 23_438), (256, 11_719), (512, 5_859)])
def test_full_window_ceilings(ra, ceiling):
    # source_discrepancies cassandra-disk-caching-04: 6 x 512e6 / 65,536 = 46,875 ops/s; "ceiling 23,438 ops/s"
    # (RA 128), "ceiling 11,719" (256), "ceiling 5,859" (512)
    assert_allclose(bandwidth.throttle_ops_per_s(512, ra, 6), ceiling, atol=0.5)


def test_disk_path_limits_follow_the_size_tables():
    # Microsoft Learn DSv2 sizes, Standard_DS14_v2: cached 64000/512; cassandra-disk-caching-08: uncached
    # min(51,200, 4 x 5,000) IOPS, min(768, 4 x 200) MB/s
    assert cas.disk_path_limits("ReadOnly") == {"throughput_mb_per_s": 512, "iops": 64_000}
    assert cas.disk_path_limits("None") == {"throughput_mb_per_s": 768, "iops": 20_000}
    # Standard_DS13_v2 with two P40: cached 32000/256; uncached min(25,600, 2 x 7,500), min(384, 2 x 250)
    assert cas.disk_path_limits("None", "Standard_DS13_v2", "P40", 2) == {"throughput_mb_per_s": 384, "iops": 15_000}


def test_setup_from_the_readme():
    # README: "6 x DS14_v2", "4 x P30"; article: "3 million out of 150 million 4KB documents"; VM setup:
    # "concurrent_reads: 64"; article: "about ~3.3ms"
    s = cas.setup()
    assert (s["vm_count"], s["disk_count"], s["concurrent_reads"], s["page_kib"]) == (6, 4, 64, 4)
    assert_allclose(s["document_kib"], 4000 / 1024, rtol=1e-12)
    assert_allclose(s["sampled_share"], 3e6 / 150e6, rtol=1e-12)
    assert s["remote_read_ms"] == 3.3


def test_measured_points_count_each_run_once():
    # diskcaching-threads-ops (8 points) + diskcaching-readahead-ops (16, less the two 128-thread RA 64 runs already on
    # the threads chart) + diskcaching-readahead-threads-ops (16, less 8 at 128 threads and 2 at 256 threads / RA 64)
    ops = cas.measured_points("ops_per_s")
    assert len(ops) == 8 + 14 + 6
    assert not ops.duplicated(["caching", "client_threads", "read_ahead_kb"]).any()
    assert ops["measured"].max() == HIGHEST_CHARTED


def test_disk_ios_per_read_from_the_iostat():
    # cassandra-read-ahead.md: "~5000 IOPS per disk with 256 client threads" at read_ahead_kb=64; printed ops/s of
    # that run 51,000 (diskcaching-readahead-threads-ops): 4 x 5,000 / (51,000 / 6) = 2.353 (cassandra-disk-caching-08)
    assert_allclose(cas.disk_ios_per_read(), 4 * 5000 / (51_000 / 6), rtol=1e-12)


def test_uncached_ceiling_is_the_p30_iops_at_2_35_ios_a_read():
    # 6 VMs x 4 x 5,000 IOPS / 2.353 I/Os a read = 51,000 ops/s: the 256-thread run the iostat was taken on
    p = cas.predict(512, 64, "None")
    assert p["binding"] == "uncached IOPS"
    assert_allclose(p["ops_per_s"], 6 * 20_000 / cas.disk_ios_per_read(), rtol=1e-12)
    assert_allclose(p["ops_per_s"], 51_000, rtol=1e-9)


def test_one_io_a_read_would_name_the_wrong_limit():
    # With one disk I/O a read the IOPS ceiling would be 120,000 and threads would bind None at 256 threads and 64 KiB;
    # the source's iostat (2.35 a read) puts the P30 IOPS limit first: the disks were at ~5,000 IOPS each.
    p = cas.predict(256, 64, "None")
    assert p["binding"] == "uncached IOPS" and p["ceilings"]["disk limits"] < 6 * 20_000 / 2


def test_the_old_extrapolation_is_gone():
    # The old model gave about 285,000 ops/s at 512 threads, ReadOnly, 8 KiB; no chart shows more than 80,100.
    for ra in (0, 8):
        p = cas.predict(512, ra, "ReadOnly")
        assert not p["extrapolated"] and p["ops_per_s"] <= HIGHEST_CHARTED and p["binding"] == "front end"


@settings(max_examples=150, deadline=None)
@given(st.floats(1, 4096), st.sampled_from(READ_AHEADS + [4, 1024]), st.sampled_from(cas.CACHING_MODES),
       st.floats(0, 1), st.floats(0, 0.9), st.sampled_from(azure_vm.DISK_SIZES), st.sampled_from(azure_vm.DISKS),
       st.integers(1, 16))
def test_no_ceiling_is_exceeded_without_a_flag(threads, ra, mode, hit, writes, vm, disk, disks):
    assume(mode == "None" or azure_vm.host_caching_supported(disk))  # ReadOnly on a P50 is refused (its own test)
    p = cas.predict(threads, ra, mode, hit_ratio=hit, write_share=writes, vm_size=vm, disk=disk, disk_count=disks)
    assert p["ops_per_s"] <= min(p["ceilings"].values()) * (1 + 1e-12)
    assert p["ops_per_s"] <= cas.front_end_ops_per_s(vm) * (1 + 1e-12)
    if not p["extrapolated"]:
        lo, hi = cas.measured_range()["client_threads"]
        assert lo <= threads <= hi and writes == 0 and (vm, disk, disks) == (cas.VM_SIZE, cas.DISK, 4)
        assert mode == "None" or hit == 1
    # Little's law: threads = ops x mean latency
    assert_allclose(p["ops_per_s"] * p["mean_latency_ms"] / 1e3, threads, rtol=1e-9)
    assert p["p95_latency_ms"] >= p["p50_latency_ms"] > 0


def test_the_calculator_range_is_flagged_where_it_leaves_the_data():
    # The chapter's calculator: 64 to 1,024 threads, the article's read-aheads, hit ratio 0 to 1, writes 0 to 0.5,
    # every VM size and disk of the platform table.
    threads = np.arange(64, 1025, 64.0)
    for ra in READ_AHEADS:
        for mode in cas.CACHING_MODES:
            for hit in (0.0, 0.5, 1.0):
                for writes in (0.0, 0.5):
                    p = cas.predict(threads, ra, mode, hit_ratio=hit, write_share=writes)
                    lowest = np.min(np.stack(np.broadcast_arrays(*p["ceilings"].values())), axis=0)
                    over = p["ops_per_s"] > np.minimum(lowest, HIGHEST_CHARTED) * (1 + 1e-12)
                    assert not (over & ~p["extrapolated"]).any()
                    assert (p["extrapolated"] == ((threads > 512) | (writes > 0) | ((mode == "ReadOnly") & (hit < 1)))).all()
    assert cas.predict(768, 64, "None")["outside"] == "threads outside the measured 64 to 512"


def test_misses_count_against_the_uncached_limits():
    # A ReadOnly cache that misses everything can do no better than the uncached path's IOPS and throughput
    for ra in READ_AHEADS:
        cold = cas.predict(1e4, ra, "ReadOnly", hit_ratio=0.0)["ceilings"]["disk limits"]
        uncached = cas.predict(1e4, ra, "None")["ceilings"]["disk limits"]
        assert cold <= uncached * (1 + 1e-12)
    # and a half-warm cache is slower than a warm one: half the faults wait for a remote read
    half, warm = (cas.predict(128, 16, "ReadOnly", hit_ratio=h) for h in (0.5, 1.0))
    assert half["ops_per_s"] < warm["ops_per_s"] and half["disk_ms"] > warm["disk_ms"] == 0


def test_concurrent_reads_cap_the_disk_side():
    # 6 nodes x concurrent_reads 64 over the disk time of a read: uncached at 0 KiB about two remote reads
    p = cas.predict(1e4, 0, "None")
    assert_allclose(p["ceilings"]["concurrent_reads"], 6 * 64 / p["disk_ms"] * 1e3, rtol=1e-12)


def test_read_ahead_verdict_follows_the_charts():
    # diskcaching-readahead-ops, None, 128 threads: 18,200 (0), 17,100 (8), 28,000 (16), 28,000 (32) ops/s;
    # diskcaching-readahead-lat-p50: 6.4, 6.4, 4.0, 3.9 ms. 8 KiB is the worst setting, 16 to 32 KiB the best small one.
    ops = {ra: cas.predicted_ops_per_s(128, ra, "None") for ra in (0, 8, 16, 32)}
    assert ops[16] > 1.4 * ops[8] and ops[32] > 1.4 * ops[8]
    assert cas.light_load_latency_ms("None", 8) - cas.light_load_latency_ms("None", 16) > 2  # a second remote read


def test_thread_crossover_between_128_and_256():
    # Article: cached wins at 64 and 128 threads, loses at 256 and 512 (46,000 vs 51,100; cassandra-disk-caching-13)
    assert 128 < cas.crossover_threads(64) < 256
    for threads, winner in [(64, "ReadOnly"), (128, "ReadOnly"), (256, "None"), (512, "None")]:
        ops = {m: cas.predicted_ops_per_s(threads, 64, m) for m in cas.CACHING_MODES}
        assert max(ops, key=ops.get) == winner, threads


@pytest.mark.parametrize("threads, last_cached_win, first_uncached_win", [(128, 64, 128), (256, 32, 64)])
def test_read_ahead_crossover(threads, last_cached_win, first_uncached_win):
    # cassandra-disk-caching-03: at 128 threads cached wins at RA 64 (45,000 vs 29,000) and loses at 128 (28,000 vs
    # 32,000); at 256 threads it wins at 32 (78,000 vs 52,000) and loses at 64 (46,000 vs 51,000)
    def gap(ra):
        return cas.predicted_ops_per_s(threads, ra, "ReadOnly") - cas.predicted_ops_per_s(threads, ra, "None")
    assert gap(last_cached_win) > 0 > gap(first_uncached_win)


def test_p95_target():
    r = cas.max_threads_for_p95(10, 64, "None")
    p = cas.predict(r["threads"], 64, "None")
    assert p["p95_latency_ms"] == pytest.approx(10, rel=1e-9)
    assert cas.predict(r["threads"] + 8, 64, "None")["p95_latency_ms"] > 10
    assert cas.max_threads_for_p95(1, 64, "None")["threads"] == 0  # a P95 below one thread's
    assert cas.max_threads_for_p95(20, 64, "None")["threads"] > r["threads"]


def test_a_threads_for_p95_answer_says_how_it_stands_to_the_articles_points():
    # The article: ReadOnly at 64 KiB read-ahead, P95 28.4 ms at 256 threads. The model allows 258 threads for 20 ms,
    # more than 256: the answer is against a measurement, and says which
    r = cas.max_threads_for_p95(20, 64, "ReadOnly")
    assert r["threads"] > 256
    assert r["measurement"] == "against what was measured"
    assert r["measured_point"] == {"client_threads": 256.0, "p95_ms": 28.4}
    # at 16 KiB the article's P95 points stop at 128 threads (the read-ahead chart): an answer above is beyond them
    r16 = cas.max_threads_for_p95(20, 16, "ReadOnly")
    assert r16["threads"] > 128 and r16["measurement"] == "beyond what was measured"
    assert r16["measured_point"]["client_threads"] == 128
    # uncached at 64 KiB, 10 ms: 248 threads, between measured points none of which contradicts it
    assert cas.max_threads_for_p95(10, 64, "None")["measurement"] == "within what was measured"
    # a read-ahead the article has no P95 point at, or inputs other than its setup: nothing to compare with
    assert cas.max_threads_for_p95(20, 48, "None")["measurement"] == "not measured"
    other = cas.max_threads_for_p95(20, 64, "None", write_share=0.2)
    assert other["measurement"] == "not measured" and other["measured_point"] is None


def test_scalar_in_scalar_out():
    p = cas.predict(128, 64, "ReadOnly")
    assert isinstance(p["ops_per_s"], float) and isinstance(p["binding"], str) and isinstance(p["extrapolated"], bool)
    assert isinstance(cas.predicted_ops_per_s(128, 64, "None"), float)


@given(st.lists(st.floats(1, 2048), min_size=2, max_size=20), st.sampled_from(cas.CACHING_MODES))
def test_more_threads_never_fewer_ops(threads, mode):
    ops = cas.predicted_ops_per_s(np.sort(threads), 64, mode)
    assert np.all(np.diff(ops) >= -1e-9)


# Bad input: (function, good keyword arguments, parameter to spoil, bad values with the words the message must contain)
CACHING = [("none", "caching must be one of None, ReadOnly; got 'none'"), ("ReadWrite", "got 'ReadWrite'"),
           (None, "got None"), (1, "got 1")]
GOOD = {"client_threads": 128, "read_ahead_kb": 64, "caching": "ReadOnly"}
LIMITS = {"read_ios": 2, "read_kib": 64, "hit_ratio": 1, "cached": {"iops": 1, "mb_per_s": 1},
          "uncached": {"iops": 1, "mb_per_s": 1}}
BAD_INPUT = [
    (bandwidth.read_around, {"record_kib": 4, "read_ahead_kb": 64}, "record_kib", ["number"]),
    (bandwidth.read_around, {"record_kib": 4, "read_ahead_kb": 64}, "read_ahead_kb",
     [(-8, "at least 0 KiB, got -8"), ("64k", "must be a number"), (math.inf, "finite")]),
    (bandwidth.first_read_share, {"records_per_window": 16, "sampled_share": 0.02}, "records_per_window",
     [(0.5, "at least 1, got 0.5"), ("x", "must be a number")]),
    (bandwidth.first_read_share, {"records_per_window": 16, "sampled_share": 0.02}, "sampled_share",
     [(0, "greater than 0 and at most 1"), (1.5, "got 1.5")]),
    (bounds.host_cache_ops_limit, LIMITS, "hit_ratio", [(1.2, "between 0 and 1"), ("all", "must be a number")]),
    (bounds.host_cache_ops_limit, LIMITS, "read_ios", [(-1, "at least 0, got -1")]),
    (bounds.host_cache_ops_limit, LIMITS, "cached", [({"iops": 1}, "must be a dict with keys iops and mb_per_s")]),
    (bounds.host_cache_ops_limit, LIMITS, "uncached", [({"iops": 1, "mb_per_s": 0}, "got 0")]),
    (bounds.host_cache_ops_limit, LIMITS, "cache_reads", [("yes", "must be True or False")]),
    (bounds.cache_hit_ratio, {"cache_gib": 576, "hot_data_gib": 100}, "hot_data_gib", ["number"]),
    (queueing.closed_loop_ops, {"outstanding": 8, "light_load_latency_ms": 1, "ceilings": {"a": 5}}, "ceilings",
     [({"a": 0}, "must be greater than 0 or inf, got 0"), ([5], "must be a dict")]),
    (queueing.closed_loop_ops, {"outstanding": 8, "light_load_latency_ms": 1, "ceilings": {"a": 5}}, "outstanding",
     ["number"]),
    (compare.error_summary, {"relative_errors": [0.1]}, "relative_errors", [([], "at least one"), ("x", "a number")]),
    (cas.predict, GOOD, "client_threads",
     [(0, "at least 1, got 0"), (-128, "got -128"), ("many", "must be a number"), (math.nan, "finite")]),
    (cas.predict, GOOD, "read_ahead_kb", [(-1, "at least 0 KiB, got -1"), (None, "must be a number")]),
    (cas.predict, GOOD, "caching", CACHING),
    (cas.predict, GOOD, "hit_ratio", [(1.5, "between 0 and 1"), (-0.1, "got -0.1")]),
    (cas.predict, GOOD, "write_share", [(1, "below 1"), (-0.5, "got -0.5")]),
    (cas.predict, GOOD, "vm_size", [("Standard_D32_v5", "vm_size must be one of Standard_DS12_v2")]),
    (cas.predict, GOOD, "disk", [("P99", "disk must be one of P20"),
                                 ("P50", "caching must be None on P50: P50 is 4,096 GiB and host caching needs a "
                                         "disk under 4 TiB; got 'ReadOnly'")]),
    (cas.predict, GOOD, "disk_count", [(0, "between 1 and 64, got 0"), (2.5, "a whole number, got 2.5")]),
    (cas.predicted_ops_per_s, {**GOOD, "caching": "None"}, "caching", CACHING),
    (cas.disk_path_limits, {"caching": "None"}, "caching", CACHING),
    (cas.light_load_latency_ms, {"caching": "None"}, "caching", CACHING[:2]),
    (cas.crossover_threads, {"read_ahead_kb": 64}, "read_ahead_kb", [(-64, "got -64")]),
    (cas.hit_ratio_for_ops, {"ops_per_s": 26_900, "client_threads": 64, "read_ahead_kb": 64}, "ops_per_s",
     [(0, "greater than 0 ops/s, got 0"), ("fast", "a number")]),
    (bandwidth.raid0_disk_ios, {"request_kib": 64, "chunk_kib": 64, "disks": 4}, "chunk_kib",
     [(0, "greater than 0 KiB, got 0"), ("64k", "a number")]),
    (bandwidth.raid0_disk_ios, {"request_kib": 64, "chunk_kib": 64, "disks": 4}, "disks",
     [(0, "whole number at least 1; got 0"), (4.0, "got 4.0")]),
    (bandwidth.raid0_disk_ios, {"request_kib": 64, "chunk_kib": 64, "disks": 4}, "request_kib", [(-4, "got -4")]),
    (cas.index_ios_per_read, {"reading": "index reads"}, "reading",
     [("chunks", "reading must be one of index reads, chunk splits; got 'chunks'")]),
    (cas.uncached_iops_ceilings, {"read_ahead_kb": 64}, "read_ahead_kb", [(-8, "at least 0 KiB, got -8")]),
    (cas.disk_work, {"read_ahead_kb": 64, "chunk_kib": 64}, "chunk_kib", [(0, "greater than 0 KiB, got 0")]),
    (cas.comparison, {"metric": "latency_p50", "model": "linear"}, "model", [("quadratic", "one of linear, mixture")]),
    (cas.chunk_disk_reads, {"read_ahead_kb": 8}, "chunk_kib", [(0, "greater than 0 KiB, got 0"), ("16k", "a number")]),
    (cas.chunk_disk_reads, {"read_ahead_kb": 8}, "compression_ratio", [(0, "got 0"), (2, "at most 1")]),
    (cas.max_threads_for_p95, {"p95_target_ms": 10, "read_ahead_kb": 64, "caching": "None"}, "p95_target_ms",
     ["number"]),
    (cas.max_threads_for_p95, {"p95_target_ms": 10, "read_ahead_kb": 64, "caching": "None"}, "read_ahead_kb",
     [([8, 16], "must be one number")]),
    (cas.measured_points, {"metric": "ops_per_s"}, "metric", [("latency_p99", "one of ops_per_s")]),
    (cas.comparison, {"metric": "ops_per_s"}, "metric", [("p95", "one of ops_per_s")]),
    (compare.relative_error, {"model": 1, "measured": 2}, "measured", ["number"]),
]
def test_read_only_is_refused_on_a_p50_and_none_still_answers():
    # Premium Storage: Design for high performance (2021-06-29): no host caching on disks of 4 TiB and larger (P50)
    with pytest.raises(ValueError, match="host caching needs a disk under 4 TiB"):
        cas.predict(128, 64, "ReadOnly", disk="P50")
    with pytest.raises(ValueError, match="caching must be None on P50"):
        cas.disk_path_limits("ReadOnly", disk="P50")
    assert cas.predict(128, 64, "None", disk="P50")["ops_per_s"] > 0


def test_bad_input_is_named(bad_input):
    bad_input.check()


def _chapter(until=None):
    """The chapter's markdown and the namespace of its code cells, run in order (up to the first that defines
    ``until``)."""
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).parents[1] / "book" / "cassandra-disk-caching.ipynb").read_text())["cells"]
    namespace = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), "cell", "exec"), namespace)  # noqa: S102 - the chapter's own cells
            if until and until in namespace:
                break
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"], namespace


def _chapter_calculator():
    return _chapter("calc")[1]["calc"]


def test_the_site_moves_the_hit_ratio_and_the_calculator_refuses_read_only_on_a_p50():
    calc = _chapter_calculator()
    # 16 thread positions x 8 read-aheads x 3 hit ratios = 384 states, within the site's budget of 400
    assert [c.name for c in calc.site_inputs()] == ["client_threads", "read_ahead_kb", "hit_ratio"]
    assert calc.controls["hit_ratio"].options[0] == 1.0 and len(calc.controls["hit_ratio"].options) == 3
    with pytest.raises(ValueError, match="caching must be None on P50"):
        calc.figure(disk="P50")
    answer = calc.answer(disk="P50", caching_mode="None")
    assert "None only (P50 has no host caching)" in answer and "ReadOnly" not in answer


def test_the_front_end_ceiling_follows_the_vm_size_and_gives_the_measured_one_back():
    # DSv2 size table (2020-02-03): DS14_v2 16 vCPUs, DS15_v2 20, DS13_v2 8. The source's nodes give the highest ops/s
    # charted back (diskcaching-readahead-ops, ReadOnly, 128 threads, 0 KiB: 80,100), and the other chart's cached
    # runs at 256 threads, 16 and 32 KiB (diskcaching-readahead-threads-ops: 80,000 and 78,000) sit on it.
    assert_allclose(cas.front_end_ops_per_s(), HIGHEST_CHARTED, rtol=1e-12)
    for threads, ra, measured in ((256, 16, 80_000), (256, 32, 78_000)):
        assert abs(cas.predict(threads, ra, "ReadOnly")["ops_per_s"] / measured - 1) < 0.03
    assert_allclose(cas.front_end_ops_per_s("Standard_DS15_v2"), HIGHEST_CHARTED * 20 / 16, rtol=1e-12)
    big = cas.predict(1e9, 0, "ReadOnly", vm_size="Standard_DS15_v2")
    assert big["binding"] == "front end" and big["ops_per_s"] > HIGHEST_CHARTED
    assert cas.predict(1e9, 0, "ReadOnly", vm_size="Standard_DS13_v2")["ceilings"]["front end"] == HIGHEST_CHARTED / 2


def test_a_compressed_chunk_needs_a_window_as_large_as_the_chunk_on_disk():
    # Apache Cassandra, Production recommendations, Compression: "The default setting is 16KB starting with Cassandra
    # 4.0"; "the entire compressed buffer must be read off-disk". A 16 KiB chunk at Cassandra's own 4 KiB for SSDs
    # waits for five disk reads in a row (four pages, a fifth when it straddles); from 64 KiB one.
    assert cas.chunk_disk_reads(4) == 5 and cas.chunk_disk_reads(64) == 1
    assert cas.chunk_disk_reads(16, compression_ratio=0.5) == 2 and cas.chunk_disk_reads(32, compression_ratio=0.5) == 1
    assert cas.chunk_disk_reads(8, chunk_kib=4) < cas.chunk_disk_reads(8)
    with pytest.raises(ValueError, match="compression_ratio must be greater than 0 and at most 1 \\(a fraction\\), got 1.5"):
        cas.chunk_disk_reads(8, compression_ratio=1.5)


def test_the_crossover_solution_takes_none_latency_at_each_read_ahead():
    # The exercise's solution once gave every read-ahead's crossover as 64 KiB's light-load latency x the ceiling.
    from storageperf_book.display import VALUES

    markdown, _ = _chapter()
    solution = next(m for m in markdown if "{solution} ex-cas-crossover" in m)
    for ra in (64, 128):
        assert_allclose(VALUES[f"xo_light_{ra}"], cas.light_load_latency_ms("None", ra), rtol=1e-12)
        ceiling = cas.predict(1e9, ra, "ReadOnly")["ops_per_s"]
        assert_allclose(cas.crossover_threads(ra), ceiling * VALUES[f"xo_light_{ra}"] / 1e3, rtol=1e-9)
    assert VALUES["xo_light_128"] < VALUES["xo_light_64"] - 0.2
    assert 'v("xo_light_128"' in solution and 'v("light64_None"' not in solution


def test_disk_ios_a_read_change_with_read_ahead_and_give_the_iostat_back_at_64_kib():
    # The iostat (cassandra-read-ahead.md, 64 KiB, 256 threads) gives 2.353 I/Os a read at one read-ahead; a read fetches
    # 0.86 of a 64 KiB window there, so 1.49 are index I/Os, kept at every read-ahead: more I/Os at 8 KiB (two pages
    # fetched in turn), fewer at 512 KiB (35 % of the reads fetch a window).
    ios = cas.disk_work([8, 64, 512])["ios"]
    assert_allclose(ios[1], cas.disk_ios_per_read(), rtol=1e-12)
    assert ios[0] > ios[1] + 1 and ios[2] < ios[1] - 0.4
    assert_allclose(cas.index_ios_per_read(), cas.disk_ios_per_read() - cas.disk_work(64)["faults"], rtol=1e-12)
    # so at 8 KiB the uncached P30 IOPS bind far below the 51,000 ops/s of 64 KiB
    assert cas.predict(1e9, 8, "None")["ops_per_s"] < 0.75 * cas.predict(1e9, 64, "None")["ops_per_s"]


def test_bytes_a_read_from_the_bars_and_from_the_model_disagree_by_read_ahead():
    # readahead-diskcaching-none-ops: bars 160 MB/s at 8 KiB with 17,100 ops/s (6 VMs): 160e6 / 2,850 B = 54.8 KiB a read,
    # more than two 8 KiB windows and the 9.6 KiB of index bytes; 650 MB/s at 256 KiB with 29,000 ops/s: 131 KiB
    b = cas.bytes_per_read().set_index("read_ahead_kb")
    assert_allclose(b.loc[8, "bars_kib"], 160e6 / (17_100 / 6) / 1024, rtol=1e-12)
    assert b.loc[8, "bars_kib"] > 2 * 8 + cas.parameters()["extra_kib"] > b.loc[8, "model_kib"]
    assert b.loc[256, "ratio"] < 1 < b.loc[64, "ratio"] and len(b) == 7


def test_the_p95_target_follows_the_adopted_percentile_model():
    # above the knee P95 grows by the mixture's slope a millisecond of wait; the threads found give the target back
    for ra, mode in ((64, "None"), (128, "ReadOnly"), (512, "None")):
        r = cas.max_threads_for_p95(40, ra, mode)
        assert np.isfinite(r["threads"]) and r["threads"] > 0
        assert_allclose(cas.predict(r["threads"], ra, mode)["p95_latency_ms"], 40, rtol=1e-9)


def test_the_index_ios_come_from_one_iostat_and_a_chunk_split_reading_gives_it_back_too():
    # docs/cassandra-read-ahead.md: 4 disks x ~5,000 IOPS over 51,000 / 6 ops/s = 2.35 disk I/Os a read at 64 KiB, on
    # RAID 0 with 64k chunks; a 64 KiB window at a random page of a 64 KiB chunk touches 1 + 60 / 64 disks
    chunk = data.value("cassandra_disk_caching_setup", "readahead_tests_chunk", "KiB")
    windows = cas.disk_work(64)["faults"]
    assert_allclose(cas.index_ios_per_read(), cas.disk_ios_per_read() - windows, rtol=1e-12)
    assert_allclose(cas.index_ios_per_read("chunk splits"), cas.disk_ios_per_read() - windows * (1 + 60 / chunk),
                    rtol=1e-12)
    # both give the iostat back at 64 KiB and part elsewhere: the ceilings there are not identified by the data
    t = cas.uncached_iops_ceilings(READ_AHEADS).set_index("read_ahead_kb")
    assert t.index[t["identified"]].tolist() == [64]
    assert_allclose(t.loc[64, "ceiling_index_reads"], t.loc[64, "ceiling_chunk_splits"], rtol=1e-12)
    assert_allclose(t.loc[64, "ceiling_index_reads"], 6 * 20_000 / cas.disk_ios_per_read(), rtol=1e-12)
    apart = (t["ceiling_index_reads"] / t["ceiling_chunk_splits"] - 1).abs()
    assert (apart.drop(64) > 0.05).all()
    assert_allclose(t["ios_index_reads"], cas.disk_work(READ_AHEADS)["ios"], rtol=1e-12)  # the model's reading
    # the finding is recorded with the run the screenshot may be from
    row = data.load("source_discrepancies").set_index("id").loc["cassandra-disk-caching-19"]
    assert "8K documents" in row["document"] + row["location"] + row["problem"]
    assert "not identified by the data" in row["resolution"]


def test_the_chapter_reports_both_percentile_models_and_both_readings_of_the_iostat():
    markdown, checks, values, _ = _chapter_run()
    text = "\n".join(markdown)
    # the error table has both models' rows, and the prose names the adopted one with its own coefficients
    html = values["agreement_table"].to_html()
    assert "linear" in html and "mixture" in html and html.count(">yes<") and html.count(">no<") == 4
    assert values["pct_model"] == cas_fit.percentile_model()
    for q, c in cas_fit.percentile_coefficients().items():
        assert [values[f"{q}_{n}"] for n in "abk"] == list(c)
    assert "the wait's weight in P50 is near zero" not in text and "the guide keeps the linear model" not in text
    assert values["n_tuned"] == len(cas_fit.tuned_numbers()) == 11
    # the index I/Os: one iostat, both readings, the ceilings away from 64 KiB marked
    assert values["index_ios_split"] == cas.index_ios_per_read("chunk splits")
    readings = values["readings_table"].to_html()
    assert readings.count("not identified by the data") == len(READ_AHEADS) - 1
    assert 'v("readings_table")' in text and "cassandra-disk-caching-19" in text


def test_a_partly_cold_host_cache_explains_the_cached_64_thread_run():
    # diskcaching-threads-ops: ReadOnly, 64 threads, 64 KiB: 26,900 ops/s, 29 % under the warm-cache model; P50 1.2 ms
    # (a hit), P95 4.6 ms (about a front end and one remote read)
    h = cas.hit_ratio_for_ops(26_900, 64, 64)
    assert 0.75 < h < 0.82
    assert_allclose(cas.predict(64, 64, "ReadOnly", hit_ratio=h)["ops_per_s"], 26_900, rtol=1e-9)
    p = cas.parameters()
    assert abs(p["front_end_ms"] + p["remote_read_ms"] - 4.6) < 0.3
    with pytest.raises(ValueError, match="ops_per_s must give a hit ratio between 0 and 1"):
        cas.hit_ratio_for_ops(90_000, 64, 64)


@functools.cache
def _chapter_run():
    """The chapter run once: its markdown cells, its check cell's source and the values its cells put."""
    import json
    from pathlib import Path

    from storageperf_book.display import VALUES

    markdown, namespace = _chapter()
    cells = json.loads((Path(__file__).parents[1] / "book" / "cassandra-disk-caching.ipynb").read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    checks = next(c for c in code if c.startswith("# The prose's claims, checked"))
    return markdown, checks, dict(VALUES), namespace


def test_the_p95_range_is_what_the_left_out_points_support():
    # The chapter told a reader to "treat a P95 answer as a range of about a third either way", while 9 of the 22 P95
    # points, each predicted with its chart left out of the fit, are further off than a third.
    markdown, checks, values, _ = _chapter_run()
    lo = cas_fit.left_out("latency_p95")
    within = int((lo["relative_error"].abs() <= 1 / 3).sum())
    assert within < len(lo)
    text = next(m for m in markdown if 'v("p95_out_worst"' in m)
    assert "a third either way" not in text
    assert (values["p95_out_n"], values["p95_out_within_third"]) == (len(lo), within)
    assert 'v("p95_out_within_third"' in text and 'v("p95_out_n"' in text
    assert "p95_within_third" in checks


def test_the_large_read_ahead_runs_are_named_by_what_binds_them():
    # "From 128 KiB on, every run is throughput-bound": the model holds the uncached run at 128 threads and 128 KiB by
    # its client threads, not by a throughput limit.
    markdown, checks, values, namespace = _chapter_run()
    ops = cas.comparison("ops_per_s")
    big = ops[ops["read_ahead_kb"] >= 128]
    held = big[~big["binding"].str.contains("throughput")]
    assert list(held["binding"]) == ["client threads"]
    text = next(m for m in markdown if 'v("n_big"' in m)
    assert "every run is throughput-bound" not in text
    assert values["n_big_throughput"] == len(big) - len(held)
    assert values["big_threads_at"] == namespace["where"](held.iloc[0])
    assert 'v("n_big_throughput"' in text and 'v("big_threads_at"' in text
    assert "big_held" in checks


def test_the_plateau_is_placed_below_the_readmes_ceiling_from_both_its_ends():
    # The solution said the plateau is "12 % below the README's", the README's ceiling over the plateau's top less one
    # (how far the README is above the plateau); below it, the plateau's top is 11 % and its bottom 13 %.
    markdown, checks, values, _ = _chapter_run()
    setup = data.load("cassandra_disk_caching_setup").set_index("id")["value"]
    readme = bandwidth.throttle_ops_per_s(setup["readme_ds14v2_cached_mb_per_s"],
                                          setup["article_threads_section_read_ahead"], cas.setup()["vm_count"])
    thr = cas.comparison("ops_per_s")
    cached = thr[(thr["chart"] == "diskcaching-threads-ops.png") & (thr["caching"] == "ReadOnly")]["measured"]
    plateau = cached[cached >= 0.95 * cached.max()]  # the chapter's plateau: within 5 % of the highest
    solution = next(m for m in markdown if "{solution} ex-cas-576" in m)
    assert 'v("readme_gap"' not in solution
    assert_allclose(values["readme_gap_top"], (1 - plateau.max() / readme) * 100, rtol=1e-12)
    assert_allclose(values["readme_gap_bottom"], (1 - plateau.min() / readme) * 100, rtol=1e-12)
    assert 'v("readme_gap_top"' in solution and 'v("readme_gap_bottom"' in solution
    assert "gap_top" in checks


def test_a_host_cache_hit_counts_as_no_time_for_what_the_cached_runs_show():
    # The cached runs at 0 and 16 KiB (128 threads) were called "equally fast": the chart gives 80,100 and 72,800
    # ops/s. The run with two host-cache reads a read is the faster one, and the one the front-end ceiling is read at.
    markdown, checks, values, _ = _chapter_run()
    ra0 = data.row("cassandra_disk_caching_results", "ra-ops-readonly-t128-ra0-ops")["value"]
    ra16 = data.row("cassandra_disk_caching_results", "ra-ops-readonly-t128-ra16-ops")["value"]
    assert ra0 > ra16 and ra0 == cas.front_end_ops_per_s()
    text = next(m for m in markdown if "**Light-load latency**" in m)
    assert "equally fast" not in text
    assert (values["hit_ra0_ops"], values["hit_ra16_ops"]) == (ra0, ra16)
    assert 'v("hit_ra0_ops"' in text and 'v("hit_ra16_ops"' in text
    assert "hit_runs" in checks


def test_the_articles_remote_latency_is_a_queue_and_the_fit_is_not_held_to_it():
    # docs/baseline-vm-perf.md: "4k write IOPS are ~19k on all VMs with average latency of ~3.3ms", from a fio job with
    # --iodepth=64 --numjobs=1. In flight = IOPS x latency (Little's law) gives the job's queue back: the 3.3 ms is
    # 64 I/Os over the stripe's IOPS, not one disk read's latency, and no check holds the fitted remote read to it.
    def setup(row_id, unit):
        return data.value("cassandra_disk_caching_setup", row_id, unit)

    iops, ms = setup("baseline_fio_write_iops", "IOPS"), setup("baseline_fio_write_latency", "ms")
    depth = setup("baseline_fio_write_iodepth", "I/Os")
    assert queueing.littles_law_latency_ms(iops, depth) == pytest.approx(ms, rel=0.05)
    assert ms == setup("article_remote_disk_latency", "ms")
    markdown, checks, values, _ = _chapter_run()
    text = next(m for m in markdown if "Three numbers are fitted on the ops/s charts" in m)
    assert "below the article's own" not in text and 'v("remote_gap"' not in text
    assert 'model_setup["remote_read_ms"]' not in checks
    assert_allclose(values["fio_in_flight"], iops * ms / 1e3, rtol=1e-12)
    assert values["fio_iodepth"] == depth
    assert 'v("fio_in_flight"' in text and 'v("fio_iodepth"' in text
    assert "fio_in_flight" in checks


def test_a_size_sold_today_is_predicted_uncached_and_refused_where_its_limits_are_not_published():
    today = azure_vm.UNCACHED_SIZES[-1]
    got = cas.predict(512, 64, "None", vm_size=today)
    assert got["extrapolated"] and today in got["outside"]        # not the size the source measured
    paths = azure_vm.disk_paths(today, "P30", 4)
    assert paths["cached"] is None and got["ceilings"]["disk limits"] <= 3 * paths["uncached"]["iops"] + 1e-9
    with pytest.raises(ValueError, match=f"caching 'ReadOnly' has no published limit on vm_size '{today}'"):
        cas.predict(512, 64, "ReadOnly", vm_size=today)
    with pytest.raises(ValueError, match=f"write_share must be 0 on vm_size '{today}'"):
        cas.predict(512, 64, "None", vm_size=today, write_share=0.1)


def test_predict_names_the_burst_of_a_size_sold_today_beside_its_sustained_ops():
    # Edsv6 size table (ms.date 2024-08-01): Standard_E16ds_v6 25,600 IOPS / 848 MB/s sustained, 40,000 / 1,250 burst,
    # "for up to 30 minutes at a time". With eight P30 (40,000 IOPS) the VM's sustained IOPS bind at 1024 threads and
    # the burst lifts them; with the source's four P30 the disks bind either way.
    today = "Standard_E16ds_v6"
    eight = cas.predict(1024, 64, "None", vm_size=today, disk_count=8)
    assert eight["binding"] == "uncached IOPS" and eight["burst_ops_per_s"] > eight["ops_per_s"] * 1.1
    assert eight["burst_minutes"] == 30
    # the sustained answer is the baseline's: the same ops/s whatever the burst
    assert eight["ops_per_s"] < eight["ceilings"]["front end"]
    four = cas.predict(1024, 64, "None", vm_size=today)
    assert_allclose(four["burst_ops_per_s"], four["ops_per_s"], rtol=1e-12)
    grid = cas.predict([256, 1024], 64, "None", vm_size=today, disk_count=8)
    assert np.all(grid["burst_ops_per_s"] >= grid["ops_per_s"])
    measured = cas.predict(1024, 64, "None")  # the source's DS14_v2 publishes no burst
    assert math.isnan(measured["burst_ops_per_s"]) and math.isnan(measured["burst_minutes"])


def test_the_calculator_offers_a_size_sold_today_uncached_with_its_burst_and_refuses_read_only_there():
    calc = _chapter_calculator()
    today = "Standard_E16ds_v6"  # the Edsv6 size with the DS14_v2's 16 vCPUs
    assert set(azure_vm.UNCACHED_SIZES) <= set(calc.controls["vm_size"].options)
    answer, fig = calc.answered(vm_size=today, caching_mode="None", disk_count=8, client_threads=1024)
    assert answer.startswith("Extrapolated, beyond what was measured:") and today in answer
    assert f"None only ({today} publishes no cached limit)" in answer
    burst = cas.predict(1024, 64, "None", vm_size=today, disk_count=8)
    assert f"while the VM bursts (credits, up to 30 min at a time): {burst['burst_ops_per_s']:,.0f} ops/s" in answer
    assert f"None at most {burst['ops_per_s']:,.0f} ops/s" in answer  # the sustained answer: the baseline
    names = [t.name for t in fig.data]
    # ReadOnly's traces are there, empty (every figure holds every mode's, so the site swaps data alike)
    read_only = [t for t in fig.data if t.name in ("model, ReadOnly", "measured, ReadOnly")]
    assert "VM burst, up to 30 min" in names and read_only
    assert all(not t.showlegend and all(y != y for y in t.y) for t in read_only)
    refusal = f"caching 'ReadOnly' has no published limit on vm_size '{today}'"
    with pytest.raises(ValueError, match=refusal):
        calc.answered(vm_size=today)  # ReadOnly, the calculator's default caching
    panel = calc.widget()  # in a kernel: the refusal is the panel's message, not a traceback
    controls, message = panel.children[:2]
    next(w for w in controls.children if w.description == "VM size").value = today
    assert html.escape(refusal) in message.value
    assert "VM burst" not in calc.answer()  # the source's size: no burst line


def test_the_chapter_compares_the_ds14_v2_with_a_size_sold_today_and_its_burst():
    markdown, checks, values, _ = _chapter_run()
    text = next(m for m in markdown if "**As sold today**" in m)
    successor = values["successor"]
    assert values["succ_burst_vm_mb_per_s"] == azure_vm.limit(successor, "burst_mb_per_s", "MB/s")
    assert values["succ_burst_vm_iops"] == azure_vm.limit(successor, "burst_iops", "IOPS")
    assert values["burst_minutes"] == 30 and values["succ_burst_path"] == "bursting or not"  # four P30 bind
    for name in ("succ_burst_vm_mb_per_s", "burst_minutes", "vm_uncached_mb_per_s", "succ_burst_path"):
        assert f'v("{name}"' in text
    assert "cas-azure_vm_bursting" in text and "burst_mb_per_s" in checks
