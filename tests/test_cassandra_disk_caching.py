import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.concepts import bandwidth, compare
from storageperf.sources import cassandra_disk_caching


def test_bytes_per_read_rounds_the_document_up_to_the_window():
    # Disk-caching article: "4KB documents"; cassandra-disk-caching-04 takes bytes per read = max(4 KB, read_ahead_kb) (1 KB = 1024 B)
    assert_allclose(bandwidth.bytes_per_read_kib(4, [0, 8, 64, 512]), [4, 8, 64, 512], rtol=1e-12)
    # A document larger than the window takes whole windows: 10 KiB in 4 KiB pages is 3 pages
    assert bandwidth.bytes_per_read_kib(10, 0) == 12
    assert bandwidth.bytes_per_read_kib(8, 8) == 8


def test_cached_ceiling_at_read_ahead_64():
    # cassandra_disk_caching_setup cached_ops_ceiling_ra64: 6 x 512e6 / 65,536 = 46,875 ops/s (cassandra-disk-caching-04)
    assert_allclose(bandwidth.throttle_ops_per_s(512, 64, 6), 46_875, rtol=1e-12)


@pytest.mark.parametrize("ra, ceiling", [(128, 23_438), (256, 11_719), (512, 5_859)])
def test_cached_ceilings_at_large_read_ahead(ra, ceiling):
    # source_discrepancies cassandra-disk-caching-04: "ceiling 23,438 ops/s" (RA 128), "ceiling 11,719" (256), "ceiling 5,859" (512)
    assert_allclose(bandwidth.throttle_ops_per_s(512, ra, 6), ceiling, atol=0.5)


def test_disk_path_limits_follow_the_size_tables():
    # Microsoft Learn DSv2 sizes, Standard_DS14_v2: cached 64000/512; cassandra-disk-caching-08: uncached min(51,200, 4 x 5,000) IOPS,
    # min(768, 4 x 200) MB/s
    assert cassandra_disk_caching.disk_path_limits("ReadOnly") == {"throughput_mb_per_s": 512, "iops": 64_000}
    assert cassandra_disk_caching.disk_path_limits("None") == {"throughput_mb_per_s": 768, "iops": 20_000}


def test_setup_from_the_readme():
    # README test setup: "6 x DS14_v2"; article: "4KB documents"; README: "default 4096 byte block size"
    s = cassandra_disk_caching.setup()
    assert s["vm_count"] == 6 and s["page_kib"] == 4
    assert_allclose(s["document_kib"], 4000 / 1024, rtol=1e-12)


def test_measured_points_count_each_run_once():
    # diskcaching-threads-ops (8 points) + diskcaching-readahead-ops (16, less the two 128-thread RA 64 runs already on
    # the threads chart) + diskcaching-readahead-threads-ops (16, less 8 at 128 threads and 2 at 256 threads / RA 64)
    ops = cassandra_disk_caching.measured_points("ops_per_s")
    assert len(ops) == 8 + 14 + 6
    assert not ops.duplicated(["caching", "client_threads", "read_ahead_kb"]).any()
    # The finer threads chart wins: ReadOnly, 128 threads, RA 64 = 46,000 (not 45,100 or the printed 45,000)
    row = ops[(ops.caching == "ReadOnly") & (ops.client_threads == 128) & (ops.read_ahead_kb == 64)]
    assert row["measured"].item() == 46_000


def test_light_load_latencies_from_the_charts():
    # Median of threads / ops over unthrottled runs. None: 8 runs, e.g. 128 / 28,900 = 4.43 ms (threads chart),
    # 256 / 52,000 = 4.92 ms (printed); median (128/28,000 + 256/52,000) / 2 = 4.75 ms.
    assert_allclose(cassandra_disk_caching.light_load_latency_ms("None"), (128 / 28_000 + 256 / 52_000) / 2 * 1e3, rtol=1e-12)
    # ReadOnly: 128/80,100, 128/69,900, 128/72,800 and 256/80,000 (diskcaching-readahead-ops, -threads-ops)
    expected = np.median([128 / 80_100, 128 / 69_900, 128 / 72_800, 256 / 80_000]) * 1e3
    assert_allclose(cassandra_disk_caching.light_load_latency_ms("ReadOnly"), expected, rtol=1e-12)


def test_median_latencies_from_the_p50_charts():
    # diskcaching-threads-lat-p50 and diskcaching-readahead-lat-p50: uncached mostly 3.9 to 4.3 ms, cached 1.0 to 1.3
    assert cassandra_disk_caching.median_latency_ms("None") == 4.0
    assert cassandra_disk_caching.median_latency_ms("ReadOnly") == 1.2


def test_cached_plateau_by_threads():
    # diskcaching-threads-ops, ReadOnly at RA 64: 46,000 / 46,000 / 46,900 ops/s at 128 / 256 / 512 threads (+/-500)
    p = cassandra_disk_caching.predict(np.array([128, 256, 512]), 64, "ReadOnly")
    assert_allclose(p["ops_per_s"], 46_875, rtol=1e-12)
    assert_allclose(p["ops_per_s"], [46_000, 46_000, 46_900], rtol=0.02)
    assert list(p["binding"]) == ["throughput throttle"] * 3


def test_uncached_grows_with_threads():
    # diskcaching-threads-ops, None at RA 64: 14,100 / 28,900 / 51,100 ops/s at 64 / 128 / 256 threads (+/-500)
    p = cassandra_disk_caching.predict(np.array([64, 128, 256]), 64, "None")
    assert_allclose(p["ops_per_s"], [14_100, 28_900, 51_100], rtol=0.07)
    assert list(p["binding"]) == ["client threads"] * 3


def test_thread_crossover_between_128_and_256():
    # Article: cached wins at 64 and 128 threads, loses at 256 and 512 (46,000 vs 51,100; cassandra-disk-caching-13)
    assert 128 < cassandra_disk_caching.crossover_threads(64) < 256
    for threads, winner in [(64, "ReadOnly"), (128, "ReadOnly"), (256, "None"), (512, "None")]:
        ops = {m: cassandra_disk_caching.predicted_ops_per_s(threads, 64, m) for m in cassandra_disk_caching.CACHING_MODES}
        assert max(ops, key=ops.get) == winner, threads


@pytest.mark.parametrize("threads, last_cached_win, first_uncached_win", [(128, 64, 128), (256, 32, 64)])
def test_read_ahead_crossover(threads, last_cached_win, first_uncached_win):
    # cassandra-disk-caching-03: at 128 threads cached wins at RA 64 (45,000 vs 29,000) and loses at 128 (28,000 vs 32,000);
    # at 256 threads it wins at 32 (78,000 vs 52,000) and loses at 64 (46,000 vs 51,000)
    def gap(ra):
        return cassandra_disk_caching.predicted_ops_per_s(threads, ra, "ReadOnly") - cassandra_disk_caching.predicted_ops_per_s(threads, ra, "None")
    assert gap(last_cached_win) > 0 > gap(first_uncached_win)


def test_no_crossover_when_the_uncached_ceiling_is_lower():
    # Read-ahead 0: the cached ceiling, min(6 x 512 MB/s / 4 KiB, 6 x 64,000 IOPS) = 384,000 ops/s, is above the
    # uncached one, min(6 x 768 MB/s / 4 KiB, 6 x 4 x 5,000 IOPS) = 120,000 (DSv2 size table; P30 column)
    assert math.isinf(cassandra_disk_caching.crossover_threads(0))


def test_scalar_in_scalar_out():
    p = cassandra_disk_caching.predict(128, 64, "ReadOnly")
    assert isinstance(p["ops_per_s"], float) and isinstance(p["binding"], str)
    assert isinstance(cassandra_disk_caching.predicted_ops_per_s(128, 64, "None"), float)


def test_comparison_errors():
    # Relative error = (model - measured) / measured; e.g. None, 512 threads: (70,312.5 - 56,100) / 56,100
    c = cassandra_disk_caching.comparison("ops_per_s").set_index(["caching", "client_threads", "read_ahead_kb"])
    assert_allclose(c.loc[("None", 512, 64), "relative_error"], (70_312.5 - 56_100) / 56_100, rtol=1e-9)
    p50 = cassandra_disk_caching.comparison("latency_p50")
    assert len(p50) == 22 and p50["model"].isin([4.0, 1.2]).all()


@given(st.floats(1, 2048), st.sampled_from([0, 8, 16, 32, 64, 128, 256, 512]), st.sampled_from(cassandra_disk_caching.CACHING_MODES))
def test_prediction_respects_every_bound(threads, ra, mode):
    p = cassandra_disk_caching.predict(threads, ra, mode)
    assert p["ops_per_s"] <= min(p["latency_bound"], p["throughput_bound"], p["iops_bound"]) * (1 + 1e-12)
    assert p["mean_latency_ms"] >= cassandra_disk_caching.light_load_latency_ms(mode) * (1 - 1e-12)
    # Little's law holds for the prediction: threads = ops x mean latency
    assert_allclose(p["ops_per_s"] * p["mean_latency_ms"] / 1e3, threads, rtol=1e-9)


@given(st.lists(st.floats(1, 2048), min_size=2, max_size=20), st.sampled_from(cassandra_disk_caching.CACHING_MODES))
def test_more_threads_never_fewer_ops(threads, mode):
    ops = cassandra_disk_caching.predicted_ops_per_s(np.sort(threads), 64, mode)
    assert np.all(np.diff(ops) >= -1e-9)


@given(st.floats(0.1, 1024), st.floats(0, 1024))
def test_bytes_per_read_is_at_least_the_document_and_the_window(doc, ra):
    size = bandwidth.bytes_per_read_kib(doc, ra)
    assert size >= doc * (1 - 1e-9) and size >= max(ra, 4) * (1 - 1e-9)
    assert size < doc + max(ra, 4) + 1e-9


# Bad input: (function, good keyword arguments, parameter to spoil, bad values with the words the message must contain)
CACHING = [("none", "caching must be one of None, ReadOnly; got 'none'"), ("ReadWrite", "got 'ReadWrite'"),
           (None, "got None"), (1, "got 1")]
BAD_INPUT = [
    (bandwidth.bytes_per_read_kib, {"document_kib": 4, "read_ahead_kb": 64}, "document_kib", ["number"]),
    (bandwidth.bytes_per_read_kib, {"document_kib": 4, "read_ahead_kb": 64}, "read_ahead_kb",
     [(-8, "at least 0 KiB, got -8"), ("64k", "must be a number"), (math.inf, "finite")]),
    (bandwidth.throttle_ops_per_s, {"throughput_mb_per_s": 512, "bytes_per_read_kib": 64}, "throughput_mb_per_s", ["number"]),
    (bandwidth.throttle_ops_per_s, {"throughput_mb_per_s": 512, "bytes_per_read_kib": 64}, "bytes_per_read_kib", ["number"]),
    (bandwidth.throttle_ops_per_s, {"throughput_mb_per_s": 512, "bytes_per_read_kib": 64}, "vm_count",
     [(0, "at least 1, got 0"), ("six", "must be a number")]),
    (cassandra_disk_caching.predict, {"client_threads": 128, "read_ahead_kb": 64, "caching": "ReadOnly"}, "client_threads",
     [(0, "at least 1, got 0"), (-128, "got -128"), ("many", "must be a number"), (math.nan, "finite")]),
    (cassandra_disk_caching.predict, {"client_threads": 128, "read_ahead_kb": 64, "caching": "ReadOnly"}, "read_ahead_kb",
     [(-1, "at least 0 KiB, got -1"), (None, "must be a number")]),
    (cassandra_disk_caching.predict, {"client_threads": 128, "read_ahead_kb": 64, "caching": "ReadOnly"}, "caching", CACHING),
    (cassandra_disk_caching.predicted_ops_per_s, {"client_threads": 128, "read_ahead_kb": 64, "caching": "None"}, "caching", CACHING),
    (cassandra_disk_caching.disk_path_limits, {"caching": "None"}, "caching", CACHING),
    (cassandra_disk_caching.light_load_latency_ms, {"caching": "None"}, "caching", CACHING[:2]),
    (cassandra_disk_caching.crossover_threads, {"read_ahead_kb": 64}, "read_ahead_kb", [(-64, "got -64")]),
    (cassandra_disk_caching.measured_points, {"metric": "ops_per_s"}, "metric", [("latency_p99", "one of ops_per_s")]),
    (compare.relative_error, {"model": 1, "measured": 2}, "measured", ["number"]),
]
def test_bad_input_is_named(bad_input):
    bad_input.check()
