import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.sources import cvo_google_cloud


def test_machine_limits_are_table_1():
    # TR-4816 Table 1, row n1-standard-8: 8 vCPU, 30 GiB, 15,000 / 15,000 IOPS, 800 / 400 MBps, 2 x 4TB
    lim = cvo_google_cloud.machine_limits("n1-standard-8")
    assert (lim["vcpu"], lim["memory_gib"], lim["read_iops"], lim["write_iops"]) == (8, 30, 15000, 15000)
    assert (lim["read_mb_per_s"], lim["write_mb_per_s"], lim["disks"], lim["disk_tb"]) == (800, 400, 2, 4)
    assert lim["max_storage_tb"] == 10  # "included in the Standard license; up to 10TB of storage"


def test_workloads_are_section_3_3():
    # "8KB block size, 80% reads"; "64KB block size, 100% writes"; "16KB block size, 50% reads"
    assert cvo_google_cloud.workload_mix("oltp") == {"block_size_kib": 8, "read_share": 0.8}
    assert cvo_google_cloud.workload_mix("streaming_writes") == {"block_size_kib": 64, "read_share": 0.0}
    assert cvo_google_cloud.workload_mix("mixed") == {"block_size_kib": 16, "read_share": 0.5}


def test_published_limit_of_the_oltp_mix():
    # n1-standard-32 (Table 1: 60,000 / 30,000 IOPS, 1,200 / 400 MBps), 80 % reads of 8 KiB:
    # reads 60,000 / 0.8 = 75,000; writes 30,000 / 0.2 = 150,000; read bytes 1.2e9 / (0.8 x 8,192) = 183,105;
    # write bytes 4e8 / (0.2 x 8,192) = 244,141: read IOPS bind at 75,000 operations per second
    r = cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8)
    assert r["binding"] == "read IOPS"
    assert_allclose([r["iops"], r["read_iops"], r["write_iops"]], [75_000, 60_000, 15_000], rtol=1e-12)
    assert_allclose(r["mb_per_s"], 75_000 * 8192 / 1e6, rtol=1e-12)


def test_published_limit_of_streaming_reads_is_the_read_throughput():
    # custom-4-16384, 64 KiB reads only: 240e6 B/s / 65,536 B = 3,662.1 IOPS; the write terms do not apply
    r = cvo_google_cloud.published_limit("custom-4-16384", 1.0, 64)
    assert r["binding"] == "read throughput" and r["write_iops"] == 0
    assert_allclose(r["iops"], 240e6 / 65536, rtol=1e-12)


def test_published_limit_of_streaming_writes_is_the_write_throughput():
    # n1-standard-8, 64 KiB writes only: 400e6 / 65,536 = 6,103.5 IOPS
    r = cvo_google_cloud.published_limit("n1-standard-8", 0.0, 64)
    assert r["binding"] == "write throughput" and r["read_iops"] == 0
    assert_allclose(r["iops"], 400e6 / 65536, rtol=1e-12)


def test_published_limit_is_vectorised():
    # n1-standard-32, 16 KiB: all writes 4e8 / 16,384 = 24,414 < 30,000 IOPS; half 4e8 / 8,192 = 48,828;
    # all reads 60,000 IOPS < 1.2e9 / 16,384 = 73,242
    r = cvo_google_cloud.published_limit("n1-standard-32", [0.0, 0.5, 1.0], 16)
    assert r["iops"].shape == (3,) and list(r["binding"]) == ["write throughput", "write throughput", "read IOPS"]


@given(st.sampled_from(cvo_google_cloud.MACHINE_TYPES), st.floats(0, 1), st.floats(0.5, 1024))
def test_published_limit_keeps_every_limit(machine, share, block):
    lim, r = cvo_google_cloud.machine_limits(machine), cvo_google_cloud.published_limit(machine, share, block)
    mb = block * 1024 / 1e6
    assert r["read_iops"] <= lim["read_iops"] * (1 + 1e-9) and r["write_iops"] <= lim["write_iops"] * (1 + 1e-9)
    assert r["read_iops"] * mb <= lim["read_mb_per_s"] * (1 + 1e-9) and r["write_iops"] * mb <= lim["write_mb_per_s"] * (1 + 1e-9)
    # and one limit is met exactly: the bound is as high as the limits allow
    used = [r["read_iops"] / lim["read_iops"], r["write_iops"] / lim["write_iops"],
            r["read_iops"] * mb / lim["read_mb_per_s"], r["write_iops"] * mb / lim["write_mb_per_s"]]
    assert_allclose(max(used), 1, rtol=1e-9)


@given(st.sampled_from(cvo_google_cloud.MACHINE_TYPES), st.floats(0, 1), st.floats(0.5, 512))
def test_larger_blocks_never_allow_more_operations(machine, share, block):
    assert cvo_google_cloud.published_limit(machine, share, block * 2)["iops"] <= cvo_google_cloud.published_limit(machine, share, block)["iops"]


def test_measured_oltp_and_littles_law():
    # Table 2, n1-standard-32: 45,000 + 11,000 IOPS, 369.3 + 92.4 MBps, 1.15 / 6.3 ms;
    # in flight: 45,000 x 0.00115 + 11,000 x 0.0063 = 51.75 + 69.3 = 121.05
    m = cvo_google_cloud.measured("n1-standard-32", "oltp")
    assert (m["iops"], m["read_latency_ms"], m["write_latency_ms"]) == (56_000, 1.15, 6.3)
    assert_allclose([m["mb_per_s"], m["outstanding"]], [461.7, 121.05], rtol=1e-12)


def test_measured_streaming_writes_has_no_read_latency():
    # Table 4, custom-4-16384: 1,300 IOPS, 87.8 MBps, 8.8 ms
    m = cvo_google_cloud.measured("custom-4-16384", "streaming_writes")
    assert (m["iops"], m["mb_per_s"], m["write_latency_ms"]) == (1300, 87.8, 8.8) and math.isnan(m["read_latency_ms"])


def test_comparison_shares():
    c = cvo_google_cloud.comparison().set_index(["workload", "machine_type"])
    assert len(c) == 12
    # streaming reads, n1-standard-32: 18,000 / (1,200e6 / 65,536) = 0.983 of the read-throughput limit
    assert_allclose(c.loc[("streaming_reads", "n1-standard-32"), "share"], 18_000 / (1200e6 / 65536), rtol=1e-12)
    # custom-4-16384's streaming reads exceed theirs (cvo-google-cloud-02): 3,700 > 3,662
    assert c.loc[("streaming_reads", "custom-4-16384"), "share"] > 1
    # mixed on custom-4-16384: 8,800 / (240e6 / (0.5 x 16,384)) = 0.300
    assert_allclose(c.loc[("mixed", "custom-4-16384"), "share"], 8800 / (240e6 / (0.5 * 16384)), rtol=1e-12)


def test_units_that_make_the_tables_agree():
    # cvo-google-cloud-03 and cvo-google-cloud-04: with KB = 1,024 B and MB = 1e6 B, 13 of 18 cells' IOPS equal MBps / block size to two
    # significant figures; the five that do not are OLTP custom-4-16384 (read, write), OLTP n1-standard-8 write and
    # mixed n1-standard-32 (read, write)
    t = cvo_google_cloud.implied_block_size_kib()
    assert len(t) == 18 and t["agrees"].sum() == 13
    off = t[~t["agrees"]]
    assert sorted(zip(off["workload"], off["machine_type"], off["operation"])) == [
        ("mixed", "n1-standard-32", "read"), ("mixed", "n1-standard-32", "write"),
        ("oltp", "custom-4-16384", "read"), ("oltp", "custom-4-16384", "write"), ("oltp", "n1-standard-8", "write")]


def test_monthly_cost():
    # n1-standard-8 USD 0.379998 per hour x 730 h; 2 x 4 TB = 8,000 GB x USD 0.17 per GB-month
    c = cvo_google_cloud.monthly_cost_usd("n1-standard-8")
    assert_allclose([c["vm"], c["disks"], c["total"]], [0.379998 * 730, 1360, 0.379998 * 730 + 1360], rtol=1e-12)
    # n1-standard-32: 32 x 0.031611 + 120 x 0.004237 = 1.519992 per hour; 4 x 8 TB x 0.17 x 1,000
    assert_allclose(cvo_google_cloud.monthly_cost_usd("n1-standard-32")["vm"], 1.519992 * 730, rtol=1e-12)
    custom = cvo_google_cloud.monthly_cost_usd("custom-4-16384")  # no price found for the custom machine type
    assert math.isnan(custom["vm"]) and math.isnan(custom["total"])
    assert_allclose(custom["disks"], 2 * 1000 * 0.17, rtol=1e-12)


MIX = {"machine_type": "n1-standard-8", "read_share": 0.5, "block_size_kib": 8}
BAD_INPUT = [
    (cvo_google_cloud.machine_limits, {"machine_type": "n1-standard-8"}, "machine_type",
     [("n2-standard-4", "must be one of custom-4-16384, n1-standard-8, n1-standard-32; got 'n2-standard-4'"),
      (8, "must be one of")]),
    (cvo_google_cloud.workload_mix, {"workload": "oltp"}, "workload",
     [("OLTP", "must be one of oltp, streaming_reads, streaming_writes, mixed; got 'OLTP'")]),
    (cvo_google_cloud.published_limit, MIX, "read_share",
     [(1.5, "must be between 0 and 1, got 1.5"), (-0.1, "got -0.1"), ("half", "must be a number, got 'half'")]),
    (cvo_google_cloud.published_limit, MIX, "block_size_kib", ["number"]),
    (cvo_google_cloud.measured, {"machine_type": "n1-standard-8", "workload": "oltp"}, "workload",
     [("random", "must be one of")]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8"}, "machine_type",
     [("e2-micro", "must be one of")]),
    (cvo_google_cloud.smallest_machine_measured, {"workload": "oltp", "need_mb_per_s": 10}, "need_mb_per_s", ["number"]),
]


def test_no_machine_beyond_what_was_measured():
    # Table 3: n1-standard-32's streaming reads, 1,190 MBps, the most any machine type measured
    assert cvo_google_cloud.smallest_machine_measured("streaming_reads", 1190) == "n1-standard-32"
    assert cvo_google_cloud.smallest_machine_measured("streaming_reads", 1191) is None


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_published_limit_broadcasts_shares_and_blocks():
    r = cvo_google_cloud.published_limit("n1-standard-8", np.array([[0.2], [0.8]]), np.array([8, 64]))
    assert r["iops"].shape == (2, 2)
