import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.sources import large_volumes


def test_block_sizes_from_the_scale_out_test():
    # Large-volume article, scale-out: "256-KiB sequential workload", "8-KiB random workload"
    assert large_volumes.block_size_kib("sequential write") == 256
    assert large_volumes.block_size_kib("random read") == 8


def test_client_rates_with_nconnect_are_the_scale_up_results():
    # Scale-up: "approximately 10,000M iB/s with nconnect", "sequential writes at 6,600 MiB/s"
    assert large_volumes.client_mibps("sequential read") == 10_000
    assert large_volumes.client_mibps("sequential write") == 6_600
    # "~426,000 read IOPS" of 8 KiB = 426,000 x 8 / 1024 MiB/s
    assert_allclose(large_volumes.client_mibps("random read"), 426_000 * 8 / 1024, rtol=1e-12)


@pytest.mark.parametrize("workload, with_nc, ratio", [
    ("sequential read", 10_000, 10),      # "roughly ten times"
    ("sequential write", 6_600, 4),       # "roughly four times"
    ("random read", 426_000 * 8 / 1024, 7),     # "roughly seven times"
    ("random write", 405_000 * 8 / 1024, 7.2),  # "roughly 7.2 times"
])
def test_without_nconnect_is_the_stated_ratio(workload, with_nc, ratio):
    # derived rows (source_discrepancies large-volumes-06); the 426,000 / 7 row is rounded to 60,857 IOPS
    assert_allclose(large_volumes.client_mibps(workload, "without"), with_nc / ratio, rtol=1e-5)


def test_measured_volume_maxima_are_the_scale_out_results():
    # Scale-out: "approximately 8,518 MiB/s pure sequential writes and 12,761 MiB/s pure sequential reads",
    # "approximately 474,000 pure random writes and approximately 709,000 pure random reads" (8 KiB)
    assert large_volumes.measured_volume_mibps("sequential read") == 12_761
    assert large_volumes.measured_volume_mibps("sequential write") == 8_518
    assert_allclose(large_volumes.measured_volume_mibps("random write"), 474_000 * 8 / 1024, rtol=1e-12)


def test_nic_line_rate():
    # "100 Gbps network interface card" = 100e9 / 8 / 2**20 MiB/s (large-volumes-05)
    assert_allclose(large_volumes.nic_line_rate_mibps(), 100e9 / 8 / 2**20, rtol=1e-12)


def test_scale_out_reads_are_reproduced_and_bound_by_the_measured_maximum():
    p = large_volumes.predict(12, "sequential read")  # 12 VMs (scale-out)
    assert p["mibps"] == 12_761 and p["binding"] == "measured volume maximum"


def test_quota_binds_on_a_small_ultra_volume():
    # Ultra 128 MiB/s per TiB x 50 TiB (smallest large volume) = 6,400 MiB/s (large-volumes-01)
    p = large_volumes.predict(4, "sequential read", quota_tib=50)
    assert p["mibps"] == 6_400 and p["binding"] == "quota x service level"
    # Standard, 16 MiB/s per TiB x 1,024 TiB = 16,384 MiB/s, capped at 12,800; reads stop at the measured 12,761
    assert large_volumes.predict(12, "sequential read", quota_tib=1024, service_level="Standard")["binding"] == \
        "measured volume maximum"
    # Standard at 50 TiB: 16 x 50 = 800 MiB/s
    assert large_volumes.predict(1, "sequential write", quota_tib=50, service_level="Standard")["mibps"] == 800


def test_one_client_without_nconnect_is_client_bound():
    p = large_volumes.predict(1, "sequential read", "without")
    assert p["mibps"] == 1_000 and p["binding"] == "clients"


def test_iops_at_block_size():
    # 12 clients of random reads: the measured 709,000 IOPS binds
    assert_allclose(large_volumes.predict(12, "random read")["iops"], 709_000, rtol=1e-12)


def test_clients_needed():
    # 12,761 / 10,000 -> 2 clients with nconnect; / 1,000 -> 13 without (large-volumes-07: the 12 VMs could not, without)
    assert large_volumes.clients_needed("sequential read") == 2
    assert large_volumes.clients_needed("sequential read", "without") == 13
    # 6,400 MiB/s Ultra 50 TiB, 6,600 MiB/s a writer: 1 client
    assert large_volumes.clients_needed("sequential write", quota_tib=50) == 1


def test_documented_limit_and_comparison():
    c = large_volumes.comparison().set_index("id")
    assert len(c) == 8
    # 12,800 vs 12,761: +0.31 %; 12,800 vs 8,518: +50 % (large-volumes-08)
    assert_allclose(c.loc["scaleout-seq-read", "relative_error"], 12_800 / 12_761 - 1, rtol=1e-9)
    assert_allclose(c.loc["scaleout-seq-write", "relative_error"], 12_800 / 8_518 - 1, rtol=1e-9)
    # one client: NIC line rate 11,920.9 vs 10,000
    assert_allclose(c.loc["scaleup-seq-read-nconnect", "model"], 100e9 / 8 / 2**20, rtol=1e-12)
    assert (c["relative_error"] > 0).all()  # published limits never undershoot a result


@given(st.floats(1, 64), st.sampled_from(large_volumes.WORKLOADS), st.sampled_from(large_volumes.NCONNECT),
       st.floats(50, 1024), st.sampled_from(("Standard", "Premium", "Ultra")))
def test_prediction_is_the_smallest_bound_and_never_above_the_ceiling(n, w, nc, q, level):
    p = large_volumes.predict(n, w, nc, q, level)
    assert p["mibps"] <= min(p["client_bound"], p["quota_bound"], p["measured_bound"]) + 1e-9
    assert p["mibps"] <= 12_800  # requirements: "12,800 MiB/s" ceiling
    assert p["binding"] in large_volumes.LIMITS


@given(st.floats(1, 32), st.floats(0, 32), st.sampled_from(large_volumes.WORKLOADS))
def test_more_clients_never_lower_the_throughput(n, extra, w):
    assert large_volumes.predict(n + extra, w)["mibps"] >= large_volumes.predict(n, w)["mibps"]


def test_vectorised_over_clients():
    out = large_volumes.predict(np.array([1, 2, 12]), "sequential read", "without")
    assert_allclose(out["mibps"], [1_000, 2_000, 12_000])
    assert list(out["binding"]) == ["clients"] * 3


GOOD = {"clients": 2, "workload": "random read"}
BAD_INPUT = [
    (large_volumes.predict, GOOD, "clients", [(0, "must be at least 1, got 0"), ("many", "must be a number")]),
    (large_volumes.predict, GOOD, "workload", [("sequential", "must be one of sequential read, ")]),
    (large_volumes.predict, GOOD, "nconnect", [("yes", "must be one of with, without; got 'yes'")]),
    (large_volumes.predict, GOOD, "quota_tib", [(10, "must be between 50 and 1024 TiB for a large volume, got 10")]),
    (large_volumes.predict, GOOD, "service_level", [("Flexible", "must be one of Standard, Premium, Ultra")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()
