import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.concepts import bounds
from storageperf.platforms import google_cloud
from storageperf.sources import cvo_google_cloud

ONE = cvo_google_cloud.ONE_TO_ONE
MIB = 2**20  # bytes in a MiB: Google states Persistent Disk throughput in MiBps


def test_machine_limits_are_table_1_in_googles_units():
    # TR-4816 Table 1, row n1-standard-8: 8 vCPU, 30 GiB, 15,000 / 15,000 IOPS, 800 / 400 "MBps", 2 x 4TB;
    # the throughput limits are Google's MiBps and the disks NetApp's TB = TiB
    lim = cvo_google_cloud.machine_limits("n1-standard-8")
    assert (lim["vcpu"], lim["memory_gib"], lim["read_iops"], lim["write_iops"]) == (8, 30, 15000, 15000)
    assert (lim["read_mibps"], lim["write_mibps"], lim["disks"], lim["disk_tib"]) == (800, 400, 2, 4)
    assert lim["max_storage_tib"] == 10  # "included in the Standard license; up to 10TB of storage"


def test_table_1_is_read_through_data_value_in_the_unit_of_its_rows():
    # TR-4816 Table 1 heads n1-standard-8's "800" "MBps" and its disks "4TB": the rows hold Google's MiB/s and NetApp's
    # TiB, the report's labels kept beside them (cvo-google-cloud-02, -10); machine_limits reads each row in its unit.
    row = data.row("cvo_google_cloud_setup", "n1s8_pd_read_mibps")
    assert (row["unit"], row["unit_as_written"]) == ("MiB/s", "MBps")
    lim = cvo_google_cloud.machine_limits("n1-standard-8")
    for key, row_id, unit in [("read_mibps", "n1s8_pd_read_mibps", "MiB/s"), ("disk_tib", "n1s8_ssd_pd_disk_size", "TiB"),
                              ("max_storage_tib", "n1s8_max_storage", "TiB")]:
        assert lim[key] == data.value("cvo_google_cloud_setup", row_id, unit) == data.row("cvo_google_cloud_setup",
                                                                                          row_id)["value"]
    # "8KB block size" (section 3.3) is 8 KiB (cvo-google-cloud-03)
    assert cvo_google_cloud.workload_mix("oltp")["block_size_kib"] == data.value("cvo_google_cloud_setup",
                                                                                 "oltp_block_size", "KiB")


def test_workloads_are_section_3_3():
    # "8KB block size, 80% reads, and 100% random access I/O"; "64KB block size, 100% writes, and 100% sequential
    # access I/O"; "16KB block size, 50% reads, and 100% random access I/O"
    assert cvo_google_cloud.workload_mix("oltp") == {"block_size_kib": 8, "read_share": 0.8, "access": "random"}
    assert cvo_google_cloud.workload_mix("streaming_writes") == {"block_size_kib": 64, "read_share": 0.0,
                                                                 "access": "sequential"}
    assert cvo_google_cloud.workload_mix("mixed") == {"block_size_kib": 16, "read_share": 0.5, "access": "random"}


def test_google_throughput_is_not_read_as_decimal():
    # custom-4-16384's read limit, Table 1's "240", is Google's 240 MiB/s: 240 x 2^20 / 65,536 = 3,840 operations of
    # 64 KiB. Read as decimal it would be 240e6 / 65,536 = 3,662, below the measured 3,700 (Table 3): the result
    # would exceed its limit. Read in Google's unit it is 3,700 / 3,840 = 96 % of it.
    r = cvo_google_cloud.published_limit("custom-4-16384", 1.0, 64, **ONE)
    assert r["binding"] == "read throughput"
    assert_allclose([r["iops"], r["mibps"]], [240 * MIB / 65536, 240], rtol=1e-12)
    c = cvo_google_cloud.comparison().set_index("id")
    assert c.loc["streaming_reads-custom4", "share"] < 1
    assert_allclose(c.loc["streaming_reads-custom4", "measured_mibps"], 244.2e6 / MIB, rtol=1e-12)  # 232.9
    # n1-standard-8's streaming writes: 342.5 MBps = 326.6 MiB/s, 82 % of the 400 MiB/s write limit, not 86 %
    assert_allclose(c.loc["streaming_writes-n1s8", "share"], 342.5e6 / MIB / 400, rtol=1e-12)


def test_reads_and_writes_share_the_iops_budget():
    # Google: SSD Persistent Disk cannot reach its read and write IOPS maxima at once. OLTP (80 % reads of 8 KiB)
    # on n1-standard-32 (60,000 / 30,000 IOPS): 1 / (0.8 / 60,000 + 0.2 / 30,000) = 50,000, not 60,000 / 0.8 = 75,000
    r = cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8, **ONE)
    assert r["binding"] == "read and write IOPS together"
    assert_allclose(r["iops"], 50_000, rtol=1e-12)
    free = cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8, **ONE, iops_shared=False)
    assert free["binding"] == "read IOPS" and math.isclose(free["iops"], 75_000)


def test_operations_do_not_map_one_to_one_onto_disk_ios():
    # OLTP on n1-standard-32 measured 56,000 (45,000 + 11,000, Table 2), above the 50,000 a one-to-one mapping
    # allows: reads use 45,000 / 60,000 = 75 % of the budget, leaving 7,500 disk writes for 11,000 client writes,
    # at most 0.68 each. A model that maps every client operation to one disk I/O cannot carry this result.
    c = cvo_google_cloud.comparison().set_index("id")
    assert c.loc["oltp-n1s32", "measured"] > c.loc["oltp-n1s32", "model"]
    assert_allclose(cvo_google_cloud.max_disk_writes_per_write("n1-standard-32", "oltp"), 0.25 * 30_000 / 11_000,
                    rtol=1e-12)
    assert (c["max_disk_writes_per_write"] < 1).sum() == 1
    # With 0.68 disk writes per client write (ONTAP writing fewer, larger I/Os), at the measured mix of 45,000 reads
    # in 56,000, the bound is the measured rate
    coalesced = cvo_google_cloud.published_limit("n1-standard-32", 45_000 / 56_000, 8, disk_reads_per_read=1.0,
                                                 disk_writes_per_write=0.25 * 30_000 / 11_000)
    assert_allclose(coalesced["iops"], 56_000, rtol=1e-12)
    # and the bound cannot be asked for without saying how operations map onto disk I/Os
    with pytest.raises(TypeError, match="disk_reads_per_read"):
        cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8)


def test_published_limit_of_streaming_writes_is_the_write_throughput():
    # n1-standard-8, 64 KiB writes only: 400 x 2^20 / 65,536 = 6,400 IOPS
    r = cvo_google_cloud.published_limit("n1-standard-8", 0.0, 64, **ONE)
    assert r["binding"] == "write throughput" and r["read_iops"] == 0
    assert_allclose(r["iops"], 400 * MIB / 65536, rtol=1e-12)


def test_published_limit_is_vectorised():
    # n1-standard-32, 16 KiB: all writes 400 x 2^20 / 16,384 = 25,600 < 30,000 IOPS; half: 1 / (0.5 / 60,000 +
    # 0.5 / 30,000) = 40,000 < 400 x 2^20 / 8,192 = 51,200; all reads 60,000 IOPS < 1,200 x 2^20 / 16,384 = 76,800
    r = cvo_google_cloud.published_limit("n1-standard-32", [0.0, 0.5, 1.0], 16, **ONE)
    assert list(r["binding"]) == ["write throughput", "read and write IOPS together", "read and write IOPS together"]
    assert_allclose(r["iops"], [25_600, 40_000, 60_000], rtol=1e-12)


@given(st.sampled_from(cvo_google_cloud.MACHINE_TYPES), st.floats(0, 1), st.floats(0.5, 1024))
def test_published_limit_keeps_every_limit(machine, share, block):
    lim, r = cvo_google_cloud.machine_limits(machine), cvo_google_cloud.published_limit(machine, share, block, **ONE)
    mib = block / 1024
    budget = r["read_iops"] / lim["read_iops"] + r["write_iops"] / lim["write_iops"]
    assert budget <= 1 + 1e-9
    assert r["read_iops"] * mib <= lim["read_mibps"] * (1 + 1e-9)
    assert r["write_iops"] * mib <= lim["write_mibps"] * (1 + 1e-9)
    # and one limit is met exactly: the bound is as high as the limits allow
    used = [budget, r["read_iops"] * mib / lim["read_mibps"], r["write_iops"] * mib / lim["write_mibps"]]
    assert_allclose(max(used), 1, rtol=1e-9)


@given(st.sampled_from(cvo_google_cloud.MACHINE_TYPES), st.floats(0, 1), st.floats(0.5, 512))
def test_larger_blocks_never_allow_more_operations(machine, share, block):
    big = cvo_google_cloud.published_limit(machine, share, block * 2, **ONE)["iops"]
    assert big <= cvo_google_cloud.published_limit(machine, share, block, **ONE)["iops"]


def test_sharing_never_allows_more_than_independent_limits():
    shares = np.linspace(0, 1, 21)
    shared = bounds.mixed_iops_limit(shares, 8, 60_000, 30_000, 1_200, 400, iops_shared=True)[0]
    free = bounds.mixed_iops_limit(shares, 8, 60_000, 30_000, 1_200, 400)[0]
    assert np.all(shared <= free * (1 + 1e-12))


def test_measured_oltp_and_littles_law():
    # Table 2, n1-standard-32: 45,000 + 11,000 IOPS, 369.3 + 92.4 MBps, 1.15 / 6.3 ms;
    # in flight: 45,000 x 0.00115 + 11,000 x 0.0063 = 51.75 + 69.3 = 121.05
    m = cvo_google_cloud.measured("n1-standard-32", "oltp")
    assert (m["iops"], m["read_iops"], m["write_iops"]) == (56_000, 45_000, 11_000)
    assert (m["read_latency_ms"], m["write_latency_ms"]) == (1.15, 6.3)
    assert_allclose([m["mb_per_s"], m["outstanding"]], [461.7, 121.05], rtol=1e-12)


def test_measured_streaming_writes_has_no_read_latency():
    # Table 4, custom-4-16384: 1,300 IOPS, 87.8 MBps, 8.8 ms
    m = cvo_google_cloud.measured("custom-4-16384", "streaming_writes")
    assert (m["iops"], m["mb_per_s"], m["write_latency_ms"]) == (1300, 87.8, 8.8) and math.isnan(m["read_latency_ms"])


def test_comparison_shares():
    c = cvo_google_cloud.comparison().set_index(["workload", "machine_type"])
    assert len(c) == 12
    # streaming reads, n1-standard-32: 1,190 MBps = 1,134.9 MiB/s of the 1,200 MiB/s read-throughput limit
    assert_allclose(c.loc[("streaming_reads", "n1-standard-32"), "share"], 1190e6 / MIB / 1200, rtol=1e-12)
    # mixed on n1-standard-32: 30,000 / 40,000 (the shared IOPS budget binds, not the write throughput)
    assert_allclose(c.loc[("mixed", "n1-standard-32"), "share"], 0.75, rtol=1e-12)
    assert c.loc[("mixed", "n1-standard-32"), "binding"] == "read and write IOPS together"


def test_units_that_make_the_tables_agree():
    # cvo-google-cloud-03 and cvo-google-cloud-04: with KB = 1,024 B and MB = 1e6 B, 13 of 18 cells' IOPS equal
    # MBps / block size to two significant figures; the five that do not are OLTP custom-4-16384 (read, write), OLTP
    # n1-standard-8 write and mixed n1-standard-32 (read, write)
    t = cvo_google_cloud.implied_block_size_kib()
    assert len(t) == 18 and t["agrees"].sum() == 13
    off = t[~t["agrees"]]
    assert sorted(zip(off["workload"], off["machine_type"], off["operation"])) == [
        ("mixed", "n1-standard-32", "read"), ("mixed", "n1-standard-32", "write"),
        ("oltp", "custom-4-16384", "read"), ("oltp", "custom-4-16384", "write"), ("oltp", "n1-standard-8", "write")]


def test_monthly_cost_as_tested():
    # n1-standard-8: USD 0.379998 an hour x 730 h x 0.7 (a whole month of sustained use); 2 x 4 TiB = 8,192 GiB at
    # USD 0.17 per GiB-month (Google's GB is 2^30 bytes)
    c = cvo_google_cloud.monthly_cost_usd("n1-standard-8", system_disks=False)
    assert_allclose([c["vm"], c["disks"]], [0.379998 * 730 * 0.7, 8192 * 0.17], rtol=1e-12)
    assert_allclose(c["disk_share"], 8192 * 0.17 / (0.379998 * 730 * 0.7 + 8192 * 0.17), rtol=1e-12)
    custom = cvo_google_cloud.monthly_cost_usd("custom-4-16384")  # no price found for the custom machine type
    assert math.isnan(custom["vm"]) and math.isnan(custom["total"])
    assert_allclose(custom["disks"], 2 * 1024 * 0.17, rtol=1e-12)


def test_disks_are_most_of_the_cost_only_above_a_capacity():
    # n1-standard-32 a month: 776.72 USD (2025-03-06 snapshot); disks cost more than the VM above 776.72 / 0.17 GiB
    at = 776.715912 / 0.17
    c = cvo_google_cloud.monthly_cost_usd("n1-standard-32", [at / 2, at, 2 * at], system_disks=False)
    assert_allclose(c["disk_share"], [1 / 3, 1 / 2, 2 / 3], rtol=1e-9)


def test_right_sized_node():
    # A backup target: 300 MBps of streaming writes, 2 TiB of data: n1-standard-8 (342.5 MBps measured, Table 4),
    # 2,048 GiB of data on 2,048 / (1 - 0.14) GiB of disks (NetApp's reserve, 12 to 14 %; more than the
    # 300e6 / 2^20 / 0.48 = 596 GiB its throughput needs), plus the system disks
    n = cvo_google_cloud.right_sized("streaming_writes", 300, 2)
    assert n["machine_type"] == "n1-standard-8"
    assert_allclose([n["capacity_gib"], n["disks"]], [2048 / 0.86, 2048 / 0.86 * 0.17], rtol=1e-12)
    assert_allclose(n["total"], 0.379998 * 730 * 0.7 + 2048 / 0.86 * 0.17 + 574 * 0.17 + 315 * 0.04, rtol=1e-12)
    # a small data set on a fast need: the disk its I/O needs sets the size (1,190 MBps of reads: 2,365 GiB)
    n = cvo_google_cloud.right_sized("streaming_reads", 1190, 0.1)
    assert n["machine_type"] == "n1-standard-32"
    assert_allclose(n["capacity_gib"], 1190e6 / MIB / 0.48, rtol=1e-12)
    assert cvo_google_cloud.right_sized("streaming_reads", 1191, 1) is None


def test_current_layout_writes_each_client_write_twice_to_persistent_disk():
    # NetApp today: "One 500 GiB SSD persistent disk for NVRAM" (default configuration, 2025-06-04) and, at the
    # default normal write speed, "data is written directly to disk" (write speed, 2023-03-01): each write is logged
    # on the NVRAM disk and written to the data disks again; read literally, 2 disk writes and 2 bytes per byte
    path = cvo_google_cloud.current_write_path(disk_writes_per_write="layout")
    assert path == {"disk_reads_per_read": 1.0, "disk_writes_per_write": 2.0, "disk_bytes_per_byte_written": 2.0,
                    "nvram_bytes_per_byte_written": 1.0}
    # streaming writes on n1-standard-8: the 400 MiB/s write limit carries 200 MiB/s of client writes
    r = cvo_google_cloud.published_limit("n1-standard-8", 0.0, 64, **path)
    assert_allclose(r["mibps"], 200, rtol=1e-12)
    assert r["binding"] == "write throughput"
    # OLTP on n1-standard-32: 1 / (0.8 / 60,000 + 0.2 x 2 / 30,000) = 37,500
    assert_allclose(cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8, **path)["iops"], 37_500, rtol=1e-12)
    # the 2020 results that today's layout cannot carry are flagged, not dropped: streaming writes 326.6 and 343.3
    # MiB/s > 200; mixed 30,000 > 1 / (0.5 / 60,000 + 0.5 x 2 / 30,000) = 24,000; OLTP 56,000 > 37,500
    c = cvo_google_cloud.comparison(disk_writes_per_write="layout").set_index("id")
    assert len(c) == 12
    assert set(c.index[~c["fits_current"]]) == {"streaming_writes-n1s8", "streaming_writes-n1s32", "mixed-n1s32",
                                                "oltp-n1s32"}
    assert_allclose(c.loc["mixed-n1s32", "current_model"], 24_000, rtol=1e-12)


def test_high_write_speed_writes_each_client_write_once():
    # NetApp: "When you choose high write speed, data is buffered in memory before it is written to disk"
    high = cvo_google_cloud.current_write_path("high", "layout")
    assert (high["disk_writes_per_write"], high["disk_bytes_per_byte_written"]) == (1.0, 1.0)
    assert high["nvram_bytes_per_byte_written"] == 0


OLTP32_ROOM = 0.25 * 30_000 / 11_000  # Table 2 and Table 1: 45,000 reads use 75 % of the budget; 11,000 writes


def test_bytes_and_disk_writes_are_amplified_apart():
    # Bytes: twice at the normal write speed (NVRAM log, then the data disks), once at the high. Disk writes: by
    # default the most the 2020 results leave room for, OLTP on n1-standard-32's 0.25 x 30,000 / 11,000 = 0.68
    normal, high = cvo_google_cloud.current_write_path(), cvo_google_cloud.current_write_path("high")
    assert (normal["disk_bytes_per_byte_written"], normal["nvram_bytes_per_byte_written"]) == (2.0, 1.0)
    assert (high["disk_bytes_per_byte_written"], high["nvram_bytes_per_byte_written"]) == (1.0, 0.0)
    assert_allclose([normal["disk_writes_per_write"], high["disk_writes_per_write"]], [OLTP32_ROOM] * 2, rtol=1e-12)
    assert cvo_google_cloud.current_write_path(disk_writes_per_write=1.5)["disk_writes_per_write"] == 1.5
    # apart: streaming writes on n1-standard-8 are bound by bytes, 400 / 2 MiB/s, whatever the disk writes
    for reading in cvo_google_cloud.WRITE_IOPS_READINGS:
        r = cvo_google_cloud.published_limit("n1-standard-8", 0.0, 64, **cvo_google_cloud.current_write_path(
            disk_writes_per_write=reading))
        assert r["binding"] == "write throughput" and math.isclose(r["mibps"], 200)
    # OLTP on n1-standard-32 is bound by disk writes: 1 / (0.8 / 60,000 + 0.2 x 0.68 / 30,000), not 37,500
    r = cvo_google_cloud.published_limit("n1-standard-32", 0.8, 8, **normal)
    assert_allclose(r["iops"], 1 / (0.8 / 60_000 + 0.2 * OLTP32_ROOM / 30_000), rtol=1e-12)


def test_the_evidence_is_derived_from_every_result():
    # The least room any result leaves: OLTP on n1-standard-32's, the only one below 1
    c = cvo_google_cloud.comparison()
    assert_allclose(cvo_google_cloud.evidence_disk_writes_per_write(), OLTP32_ROOM, rtol=1e-12)
    assert cvo_google_cloud.evidence_disk_writes_per_write() == c["max_disk_writes_per_write"].min()
    assert c.loc[c["max_disk_writes_per_write"].idxmin(), "id"] == "oltp-n1s32"


def test_flags_follow_both_inputs():
    # Evidence (0.68 disk writes, 2 bytes): OLTP on n1-standard-32 fits exactly at its own mix; mixed on n1-standard-32
    # is bound by bytes, 15,000 x 16 KiB x 2 = 468.75 MiB/s of writes > 400; streaming writes 326.6 and 343.3 x 2 > 400
    flags = {}
    for speed in cvo_google_cloud.WRITE_SPEEDS:
        for reading in cvo_google_cloud.WRITE_IOPS_READINGS:
            c = cvo_google_cloud.comparison(speed, reading).set_index("id")
            flags[speed, reading] = set(c.index[~c["fits_current"]])
    assert flags["normal", "evidence"] == {"streaming_writes-n1s8", "streaming_writes-n1s32", "mixed-n1s32"}
    assert flags["normal", "layout"] == flags["normal", "evidence"] | {"oltp-n1s32"}
    # high: once the bytes, one disk write per client write read literally: only OLTP on n1-standard-32 is above
    assert flags["high", "evidence"] == set() and flags["high", "layout"] == {"oltp-n1s32"}
    c = cvo_google_cloud.comparison().set_index("id")
    assert c.loc["mixed-n1s32", "current_binding"] == "write throughput"
    assert_allclose(c.loc["mixed-n1s32", "current_model"], 400 * MIB / (0.5 * 16_384 * 2), rtol=1e-12)
    assert_allclose(c.loc["oltp-n1s32", "current_share"], 1, rtol=1e-9)


def test_the_nvram_disk_and_the_write_egress_cap_are_named_limits(monkeypatch):
    # The NVRAM disk: 500 GiB of SSD Persistent Disk at 30 write IOPS and 0.48 MiBps per GiB
    assert cvo_google_cloud.nvram_disk_limits() == {"size_gib": 500, "write_iops": 15_000, "write_mibps": 240}
    assert set(cvo_google_cloud.NVRAM_LIMITS) | {"write egress cap"} <= set(cvo_google_cloud.LIMITS)
    # On TR-4816's machine types neither binds: n1-standard-8's 400 MiB/s write limit carries 200 MiB/s of client
    # writes, below the 240 the NVRAM disk takes and the 1,034 MB/s / 2 of the write egress cap
    # n2-standard-32, sold today, has 1,200 MiB/s of write throughput per instance: twice the bytes is 600 MiB/s of
    # client writes, so the NVRAM disk's 240 MiB/s binds, on either disk type
    for disk in ("pd-ssd", "pd-balanced"):
        r = cvo_google_cloud.published_limit("n2-standard-32", 0.0, 64, **cvo_google_cloud.current_write_path(),
                                             disk_type=disk)
        assert r["binding"] == "NVRAM disk write throughput" and math.isclose(r["mibps"], 240), disk
    today = {**cvo_google_cloud.machine_limits("n1-standard-32"), "write_mibps": 1200.0}
    # and its 15,000 write IOPS bind 4 KiB writes at two disk writes per client write, a shared budget of 30,000
    # write IOPS otherwise allowing 15,000 too (a tie goes to the published limits) unless the VM allows more:
    monkeypatch.setattr(cvo_google_cloud, "machine_limits", lambda machine_type, disk_type: {**today, "write_iops": 60_000.0})
    r = cvo_google_cloud.published_limit("n1-standard-32", 0.0, 4, **cvo_google_cloud.current_write_path(
        disk_writes_per_write="layout"))
    assert r["binding"] == "NVRAM disk write IOPS" and math.isclose(r["iops"], 15_000)
    # a 1-vCPU VM: Google's 129 MB/s of disk writes with the network fully used, twice the bytes: 64.5 MB/s
    monkeypatch.setattr(cvo_google_cloud, "machine_limits", lambda machine_type, disk_type: {**today, "vcpu": 1.0})
    r = cvo_google_cloud.published_limit("n1-standard-32", 0.0, 64, **cvo_google_cloud.current_write_path())
    assert r["binding"] == "write egress cap" and math.isclose(r["mb_per_s"], 129 / 2)


@given(st.sampled_from(cvo_google_cloud.MACHINE_TYPES), st.floats(0, 1), st.floats(0.5, 1024),
       st.sampled_from(cvo_google_cloud.WRITE_SPEEDS), st.sampled_from(cvo_google_cloud.WRITE_IOPS_READINGS))
def test_the_current_bound_keeps_every_named_limit(machine, share, block, speed, reading):
    path = cvo_google_cloud.current_write_path(speed, reading)
    lim, r = cvo_google_cloud.machine_limits(machine), cvo_google_cloud.published_limit(machine, share, block, **path)
    nv, mib = cvo_google_cloud.nvram_disk_limits(), block / 1024
    a_w, c, n = path["disk_writes_per_write"], path["disk_bytes_per_byte_written"], path["nvram_bytes_per_byte_written"]
    used = [r["read_iops"] / lim["read_iops"] + r["write_iops"] * a_w / lim["write_iops"],
            r["read_iops"] * mib / lim["read_mibps"], r["write_iops"] * mib * c / lim["write_mibps"],
            r["write_iops"] * a_w * n / c / nv["write_iops"], r["write_iops"] * mib * n / nv["write_mibps"],
            r["write_iops"] * block * 1024 * c / 1e6 / google_cloud.pd_write_egress_mb_per_s(lim["vcpu"])]
    assert max(used) <= 1 + 1e-9
    assert_allclose(max(used), 1, rtol=1e-9)


def test_right_sized_says_when_todays_layout_cannot_carry_the_need():
    # 300 MBps of streaming writes: n1-standard-8 measured 342.5 MBps in 2020 (Table 4), but at the default write
    # speed today each byte is written twice against its 400 MiB/s write limit: 200 MiB/s = 209.7 MB/s < 300
    n = cvo_google_cloud.right_sized("streaming_writes", 300, 2)
    assert_allclose(n["current_limit_mb_per_s"], 200 * MIB / 1e6, rtol=1e-12)
    assert not n["fits_current"]
    assert cvo_google_cloud.right_sized("streaming_writes", 200, 2)["fits_current"]


def test_share_is_quoted_on_the_basis_of_the_limit_that_binds():
    # Streaming reads on n1-standard-32 are bound by the 1,200 MiB/s read limit; the report measured 1,190 MBps =
    # 1,134.9 MiB/s, 94.6 % of it (95 % rounded), not the 18,000 / 19,200 = 93.75 % of the IOPS the limit allows
    c = cvo_google_cloud.comparison().set_index("id")
    assert_allclose(c.loc["streaming_reads-n1s32", "share"], 1190e6 / MIB / 1200, rtol=1e-12)
    assert round(c.loc["streaming_reads-n1s32", "share"] * 100) == 95
    # custom-4-16384: 244.2 MBps = 232.9 MiB/s of its 240 MiB/s, 97 %, where IOPS would say 3,700 / 3,840 = 96 %
    assert_allclose(c.loc["streaming_reads-custom4", "share"], 244.2e6 / MIB / 240, rtol=1e-12)
    # an IOPS-bound result is quoted in IOPS: OLTP on n1-standard-32, 56,000 / 50,000
    assert_allclose(c.loc["oltp-n1s32", "share"], 56_000 / 50_000, rtol=1e-12)


def test_monthly_cost_adds_the_system_disks_and_prices_no_licence_unless_told():
    # NetApp's single node: 10 + 64 + 500 GiB of SSD (boot, root, NVRAM) at 0.17 and 315 GiB of Standard (cores) at
    # 0.04 USD per GiB-month (Google's examples: 200 GB SSD 34.00 USD, 200 GB Standard 8.00 USD)
    sysd = cvo_google_cloud.system_disks_monthly_cost_usd()
    assert_allclose(sysd["total"], 574 * 0.17 + 315 * 0.04, rtol=1e-12)
    c = cvo_google_cloud.monthly_cost_usd("n1-standard-8")
    assert_allclose(c["total"], 0.379998 * 730 * 0.7 + 8192 * 0.17 + sysd["total"], rtol=1e-12)
    assert math.isnan(c["licence"]) and math.isnan(c["total_with_licence"])
    # capacity-based: charged per TiB provisioned (by default what the 8 TiB of disks hold after the 14 % reserve),
    # with "a 4 TiB minimum charge for each data-serving storage VM" (NetApp, 2025-08-19)
    priced = cvo_google_cloud.monthly_cost_usd("n1-standard-8", licence_usd_per_tib_month=10)
    assert_allclose(priced["licence"], 8 * 0.86 * 10, rtol=1e-12)
    assert_allclose(priced["total_with_licence"], c["total"] + 68.8, rtol=1e-12)
    small = cvo_google_cloud.monthly_cost_usd("n1-standard-8", licence_usd_per_tib_month=10, provisioned_tib=2)
    assert_allclose(small["licence"], 4 * 10, rtol=1e-12)
    assert math.isnan(cvo_google_cloud.right_sized("streaming_writes", 300, 2)["licence"])
    assert_allclose(cvo_google_cloud.right_sized("streaming_writes", 300, 6, licence_usd_per_tib_month=10)["licence"],
                    60, rtol=1e-12)


def test_raw_capacity_holds_the_data_after_ontaps_reserve():
    # NetApp: "approximately 12 to 14 percent is overhead"; its example, 442.94 of 500 GiB usable, is 11.4 %
    assert_allclose(cvo_google_cloud.raw_capacity_gib(860), 1000, rtol=1e-12)
    assert_allclose(cvo_google_cloud.raw_capacity_gib(880, "low"), 1000, rtol=1e-12)
    assert_allclose(cvo_google_cloud.reserve_share("example"), 1 - 442.94 / 500, rtol=1e-12)
    assert cvo_google_cloud.reserve_share("example") < cvo_google_cloud.reserve_share("low")


MIX = {"machine_type": "n1-standard-8", "read_share": 0.5, "block_size_kib": 8, **ONE}
BAD_INPUT = [
    (cvo_google_cloud.machine_limits, {"machine_type": "n1-standard-8"}, "machine_type",
     [("n2-standard-128", "must be one of custom-4-16384, n1-standard-8, n1-standard-32, n2-standard-4, "),
      (8, "must be one of")]),
    (cvo_google_cloud.workload_mix, {"workload": "oltp"}, "workload",
     [("OLTP", "must be one of oltp, streaming_reads, streaming_writes, mixed; got 'OLTP'")]),
    (cvo_google_cloud.published_limit, MIX, "read_share",
     [(1.5, "must be between 0 and 1 (a fraction), got 1.5"), (-0.1, "got -0.1"), ("half", "must be a number, got 'half'")]),
    (cvo_google_cloud.published_limit, MIX, "block_size_kib", ["number"]),
    (cvo_google_cloud.published_limit, MIX, "disk_writes_per_write", ["number"]),
    (cvo_google_cloud.published_limit, MIX, "disk_reads_per_read", ["number"]),
    (cvo_google_cloud.published_limit, MIX, "iops_shared", [("yes", "must be True or False")]),
    (cvo_google_cloud.measured, {"machine_type": "n1-standard-8", "workload": "oltp"}, "workload",
     [("random", "must be one of")]),
    (cvo_google_cloud.max_disk_writes_per_write, {"machine_type": "n1-standard-8", "workload": "oltp"}, "machine_type",
     [("n2", "must be one of")]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8"}, "machine_type",
     [("e2-micro", "must be one of")]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8", "capacity_gib": 100}, "capacity_gib",
     [(0, "got 0"), (-3, "got -3"), ("ten", "must be a number")]),
    (cvo_google_cloud.smallest_machine_measured, {"workload": "oltp", "need_mb_per_s": 10}, "need_mb_per_s", ["number"]),
    (cvo_google_cloud.smallest_machine_measured, {"workload": "oltp", "need_mb_per_s": 10, "latency_ms": 5},
     "latency_ms", [(0, "got 0"), (-3, "got -3"), ("ten", "must be a number")]),
    (cvo_google_cloud.right_sized, {"workload": "oltp", "need_mb_per_s": 10, "capacity_tib": 1}, "capacity_tib",
     ["number"]),
    (cvo_google_cloud.published_limit, MIX, "disk_bytes_per_byte_written", ["number"]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8"}, "licence_usd_per_tib_month",
     [(-1, "must be at least 0 USD, got -1"), ("cheap", "must be a number")]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8"}, "system_disks",
     [("yes", "must be True or False, got 'yes'")]),
    (cvo_google_cloud.reserve_share, {}, "which", [("mid", "must be one of low, high, example; got 'mid'")]),
    (cvo_google_cloud.raw_capacity_gib, {"data_gib": 100}, "data_gib", ["number"]),
    (cvo_google_cloud.monthly_cost_usd, {"machine_type": "n1-standard-8", "licence_usd_per_tib_month": 10},
     "provisioned_tib", [(0, "got 0"), (-1, "got -1"), ("lots", "must be a number")]),
    (cvo_google_cloud.current_write_path, {}, "write_speed", [("fast", "must be one of normal, high; got 'fast'")]),
    (cvo_google_cloud.current_write_path, {}, "disk_writes_per_write",
     [("many", "must be one of evidence, layout or a number greater than 0; got 'many'"), (0, "got 0"),
      (-1, "got -1"), (math.nan, "finite")]),
    (cvo_google_cloud.comparison, {}, "write_speed", [("fast", "must be one of normal, high")]),
    (cvo_google_cloud.comparison, {}, "disk_writes_per_write", [("literal", "must be one of evidence, layout")]),
    (cvo_google_cloud.right_sized, {"workload": "oltp", "need_mb_per_s": 10, "capacity_tib": 1},
     "disk_writes_per_write", [(-2, "got -2")]),
    (cvo_google_cloud.published_limit, MIX, "nvram_bytes_per_byte_written",
     [(-1, "must be at least 0, got -1"), ("one", "must be a number")]),
]


def test_no_machine_beyond_what_was_measured():
    # Table 3: n1-standard-32's streaming reads, 1,190 MBps, the most any machine type measured
    assert cvo_google_cloud.smallest_machine_measured("streaming_reads", 1190) == "n1-standard-32"
    assert cvo_google_cloud.smallest_machine_measured("streaming_reads", 1191) is None
    # Table 2: OLTP under 2 ms mean latency: only n1-standard-32's reads (1.15 ms) ... but its writes took 6.3 ms
    assert cvo_google_cloud.smallest_machine_measured("oltp", 10, latency_ms=2) is None


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_published_limit_broadcasts_shares_and_blocks():
    r = cvo_google_cloud.published_limit("n1-standard-8", np.array([[0.2], [0.8]]), np.array([8, 64]), **ONE)
    assert r["iops"].shape == (2, 2)


def test_the_2020_machine_types_are_marked_as_what_they_are_and_n2_is_sold():
    # NetApp's supported configurations (2026-07-13): custom-4-16384 "no longer supported with new" systems, n1 "no
    # longer available for selection", n2-standard-4 to -64 listed; C3 takes Hyperdisk Balanced only (not modelled)
    assert "no longer supported" in cvo_google_cloud.machine_status("custom-4-16384")
    assert all("existing systems only" in cvo_google_cloud.machine_status(m) for m in ("n1-standard-8", "n1-standard-32"))
    assert cvo_google_cloud.machine_types_today() == tuple(f"n2-standard-{n}" for n in (4, 8, 16, 32, 48, 64))
    assert all(cvo_google_cloud.machine_status(m) == "supported for new systems"
               for m in cvo_google_cloud.machine_types_today())
    with pytest.raises(ValueError, match="disk_type must be pd-ssd for n1-standard-8: TR-4816 tested SSD"):
        cvo_google_cloud.machine_limits("n1-standard-8", "pd-balanced")


def test_an_ha_pair_carries_twice_a_nodes_reads_and_writes_each_write_on_both_nodes():
    path = cvo_google_cloud.current_write_path(disk_writes_per_write="layout")
    m = "n2-standard-32"
    one = cvo_google_cloud.published_limit(m, 1.0, 64, **path)
    pair = cvo_google_cloud.published_limit(m, 1.0, 64, **path, layout="HA pair")
    # reads only: each node serves half, nothing to mirror: twice a node's 1,200 MiB/s
    assert math.isclose(pair["mibps"], 2 * one["mibps"]) and math.isclose(one["mibps"], 1200)
    # writes only: a node logs and writes its own and its partner's writes, 2 x 2 bytes on a 240 MiB/s NVRAM disk: the
    # pair carries 2 x 240 / 2 = 240 MiB/s, what one node carries: "write performance is the same or higher"
    w1 = cvo_google_cloud.published_limit(m, 0.0, 64, **path)
    w2 = cvo_google_cloud.published_limit(m, 0.0, 64, **path, layout="HA pair")
    assert math.isclose(w1["mibps"], 240) and math.isclose(w2["mibps"], 240)
    # the mirror is a named limit: on a 4-vCPU node, the 40 % of 1,250 MB/s left beside disk writes carries a node's
    # mirrored bytes; with no NVRAM log and few disk bytes a byte, large writes are held by the mirror first
    fast = cvo_google_cloud.current_write_path("high", "layout")
    r = cvo_google_cloud.published_limit("n2-standard-4", 0.0, 256, **{**fast, "disk_bytes_per_byte_written": 0.1},
                                         layout="HA pair")
    assert r["binding"] == cvo_google_cloud.MIRROR_LIMIT
    assert math.isclose(r["mb_per_s"], 2 * 1250 * 0.4)
    with pytest.raises(ValueError, match="layout must be one of single node, HA pair; got 'pair'"):
        cvo_google_cloud.published_limit(m, 0.5, 8, **path, layout="pair")


def test_an_ha_pair_pays_two_vms_its_own_system_disks_and_both_copies_of_the_data():
    one = cvo_google_cloud.monthly_cost_usd("n2-standard-16", 4096, disk_type="pd-balanced")
    pair = cvo_google_cloud.monthly_cost_usd("n2-standard-16", 8192, disk_type="pd-balanced", layout="HA pair")
    assert math.isclose(pair["vm"], 2 * one["vm"]) and math.isclose(pair["disks"], 2 * one["disks"])
    assert pair["system_disks"] > one["system_disks"]
    # the licence counts the data once: of 16,384 GiB bought, 8 TiB after the reserve counts
    big = cvo_google_cloud.monthly_cost_usd("n2-standard-16", 16384, layout="HA pair", licence_usd_per_tib_month=1)
    assert math.isclose(big["licence"], 8 * (1 - cvo_google_cloud.reserve_share()))
    # a pair's disks: each node holds all the data; its I/O is half the reads and all the writes
    need, r = 2000.0, 0.8
    node = cvo_google_cloud.data_disk_gib(need * (r / 2 + 1 - r), 4, (r / 2) / (r / 2 + 1 - r), 8, "pd-balanced")
    assert cvo_google_cloud.data_disk_gib(need, 4, r, 8, "pd-balanced", "HA pair") == 2 * node
    assert node > cvo_google_cloud.raw_capacity_gib(4096)   # Balanced's 6 IOPS a GiB, not the data, sets it
