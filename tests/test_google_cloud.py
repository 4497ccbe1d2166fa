import math

import pytest
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.concepts import units
from storageperf.platforms import google_cloud
from storageperf.sources import cvo_google_cloud as cvo


def test_vm_price_a_month_with_and_without_the_sustained_use_discount():
    # Disk and image pricing: n1-standard-8 costs $0.379998 an hour; 730 hours a month; a whole month of N1 pays
    # 0.25 x (1 + 0.8 + 0.6 + 0.4) = 0.7 of it (Google's tiers, 2017 price list; "up to a 30% net discount" today)
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-8", sustained_use=False), 0.379998 * 730, rtol=1e-12)
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-8"), 0.379998 * 730 * 0.7, rtol=1e-12)
    # a machine type the table does not price is refused by name; the CVO chapter's own price says NaN for it
    with pytest.raises(ValueError, match="machine_type must be one of n1-standard-32, n1-standard-8, n2-standard-16, "):
        google_cloud.vm_monthly_cost_usd("custom-4-16384")
    assert math.isnan(cvo.vm_monthly_cost_usd("custom-4-16384"))
    assert google_cloud.machine_types_priced() == sorted(["n1-standard-32", "n1-standard-8",
                                                          *google_cloud.machine_types()])


def test_an_n2_month_is_the_snapshots_with_its_sustained_use_discount():
    # pricing.yml (2025-03-06), us-central1: n2-standard-4's hour 0.194236, month 113.462182456 = 0.8 x 730 h x hour
    assert_allclose(google_cloud.vm_monthly_cost_usd("n2-standard-4", sustained_use=False), 0.194236 * 730, rtol=1e-12)
    assert_allclose(google_cloud.vm_monthly_cost_usd("n2-standard-4"), 113.462182456, rtol=1e-12)
    for m in google_cloud.machine_types():   # every N2 month is 0.8002 of its 730 hours: the discount, not a typo
        ratio = google_cloud.vm_monthly_cost_usd(m) / google_cloud.vm_monthly_cost_usd(m, sustained_use=False)
        assert ratio == pytest.approx(584.15 / 730, rel=1e-5), m


def test_an_n2_vm_gets_the_row_of_googles_table_its_vcpus_fall_in():
    # gcpdiag's N2 rows: pd-ssd 16-31 vCPUs 25,000 IOPS, 32-63 60,000, 64 or more 100,000; pd-balanced 20,000, 50,000,
    # 80,000; 2-7 vCPUs 240 MiBps, 8-15 800, 16 or more 1,200 (both types)
    ssd = {m: google_cloud.machine_pd_limits(m) for m in google_cloud.machine_types()}
    bal = {m: google_cloud.machine_pd_limits(m, "pd-balanced") for m in google_cloud.machine_types()}
    assert [ssd[m]["read_iops"] for m in ssd] == [15_000, 15_000, 25_000, 60_000, 60_000, 100_000]
    assert [bal[m]["write_iops"] for m in bal] == [15_000, 15_000, 20_000, 50_000, 50_000, 80_000]
    assert [ssd[m]["read_mibps"] for m in ssd] == [240, 800, 1200, 1200, 1200, 1200]
    assert google_cloud.machine_types() == tuple(f"n2-standard-{n}" for n in (4, 8, 16, 32, 48, 64))
    assert google_cloud.machine_type("n2-standard-48") == {"vcpu": 48, "memory_gib": 192, "egress_gbps": 32}


def test_n2_egress_is_the_n1_tables_cap_at_the_same_vcpus():
    # the egress functions read N1's table for N2 too: that holds only if N2's default egress (10, 16, 32 Gbps) is
    # the N1 cap (1,250, 2,000, 4,000 MB/s) at the same vCPUs
    for m in google_cloud.machine_types():
        t = google_cloud.machine_type(m)
        got = google_cloud.egress_cap_mb_per_s(t["vcpu"])
        assert got["cap"] == pytest.approx(units.convert(t["egress_gbps"], "Gbps", "MB/s"), rel=1e-12), m
        assert got["other"] == pytest.approx(got["cap"] * 0.4, rel=1e-12)
    # the write egress each row gives is 60 % of its cap less the 1.16 multiplier: 2,000 x 0.6 / 1.16 = 1,034
    assert google_cloud.pd_write_egress_mb_per_s(8) == 1034 == round(2000 * 0.6 / 1.16)


def test_balanced_disk_has_its_own_limits_and_price():
    # 6 IOPS and 0.28 MiBps per GiB, 0.10 USD per GiB-month (us-central1, 2025-03-06): 10,000 IOPS need 1,667 GiB
    assert google_cloud.pd_size_needed_gib(iops=10_000, disk_type="pd-balanced") == pytest.approx(10_000 / 6)
    assert google_cloud.pd_size_limits(100, "pd-balanced")["mibps"] == pytest.approx(28)
    assert google_cloud.pd_monthly_cost_usd(1000, disk_type="pd-balanced") == pytest.approx(100)
    with pytest.raises(ValueError, match="disk_type must be one of pd-ssd, pd-balanced; got 'pd-extreme'"):
        google_cloud.pd_size_limits(100, "pd-extreme")


def test_the_discount_agrees_with_googles_billing_snapshot():
    # Cloud Billing Catalog snapshot (2025-03-06), n1-standard-32 in us-central1: hour 1.519992, month 776.715912
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-32"), 776.715912, rtol=1e-9)


def test_sustained_use_tiers():
    # Tiers: first quarter of the month at 100 %, then 80 %, 60 %, 40 % of the base rate
    assert_allclose(google_cloud.sustained_use_factor([0.25, 0.5, 0.75, 1.0]),
                    [1.0, 0.9, (1 + 0.8 + 0.6) / 3, 0.7], rtol=1e-12)
    assert google_cloud.sustained_use_factor(0.0) == 1.0


def test_ssd_persistent_disk_is_billed_per_gib():
    # $34.00 for 200 GB a month: 0.17 a GB-month, Google's GB being 2^30 bytes; two 4 TiB disks = 8,192 GiB
    assert_allclose(google_cloud.pd_monthly_cost_usd(4096, 2), 8_192 * 0.17, rtol=1e-12)


def test_throughput_is_googles_mibps():
    # About Persistent Disk performance: "Throughput per GiB (MiBps) ... 0.48"; 30 IOPS per GB (GiB)
    assert google_cloud.THROUGHPUT_UNIT == "MiB/s" and google_cloud.BILLING_UNIT == "GiB"
    lim = google_cloud.pd_size_limits(2500)
    assert_allclose([lim["iops"], lim["mibps"]], [75_000, 1_200], rtol=1e-12)
    assert_allclose(google_cloud.pd_size_needed_gib(iops=15_000, mibps=240), 500, rtol=1e-12)


def test_the_earlier_pages_gb_is_read_as_a_gib_through_data_value():
    # The earlier version of About Persistent Disk performance heads its limits "per GB" and "MB/s": the rows hold
    # Google's GiB and MiBps (a unit reading of the package), its labels kept beside them; the model reads them so.
    rows = {i: data.row("google_cloud_limits", i) for i in ("pd_ssd_iops_per_gb_early", "pd_ssd_throughput_per_gb_early")}
    assert [(r["unit"], r["unit_as_written"]) for r in rows.values()] == [("IOPS per GiB", "IOPS per GB"),
                                                                          ("MiBps per GiB", "MB/s per GB")]
    lim = google_cloud.pd_size_limits(1.0)
    assert lim["iops"] == data.value("google_cloud_limits", "pd_ssd_iops_per_gb_early", "IOPS per GiB") == rows[
        "pd_ssd_iops_per_gb_early"]["value"]
    # today's page gives the same numbers in those units
    assert rows["pd_ssd_iops_per_gb_early"]["value"] == data.value("google_cloud_limits",
                                                                   "pd_ssd_regional_read_iops_per_gib", "IOPS per GiB")
    assert rows["pd_ssd_throughput_per_gb_early"]["value"] == data.value("google_cloud_limits",
                                                                         "pd_ssd_throughput_per_gib", "MiBps per GiB")


def test_write_egress_cap_by_vcpus():
    # Optimize Persistent Disk performance, N1 table, "maximum write bandwidth at full network utilization (MB/s)":
    # 1 vCPU 129; 2~7 647; 8~15 1,034; 16+ 2,069
    assert [google_cloud.pd_write_egress_mb_per_s(n) for n in (1, 2, 4, 7, 8, 15, 16, 32)] == [
        129, 647, 647, 647, 1034, 1034, 2069, 2069]


def test_one_disks_own_write_limits():
    # 30 write IOPS per GB (Google's GB is a GiB) and 0.48 MiBps per GiB: a 500 GiB disk, 15,000 IOPS and 240 MiB/s
    lim = google_cloud.pd_size_limits(500)
    assert_allclose([lim["write_iops"], lim["mibps"]], [15_000, 240], rtol=1e-12)


BAD_INPUT = [
    (google_cloud.pd_write_egress_mb_per_s, {"vcpu": 8}, "vcpu",
     [(0, "must be at least 1 vCPUs, got 0"), ("eight", "must be a number")]),
    (google_cloud.pd_monthly_cost_usd, {"size_gib": 100}, "size_gib", ["number"]),
    (google_cloud.pd_monthly_cost_usd, {"size_gib": 100, "disks": 2}, "disks", [(0, "got 0"), (2.5, "disks must be a whole number, got 2.5")]),
    (google_cloud.sustained_use_factor, {"share_of_month": 0.5}, "share_of_month",
     [(1.5, "must be between 0 and 1"), ("half", "must be a number")]),
    (google_cloud.vm_monthly_cost_usd, {"machine_type": "n1-standard-8"}, "machine_type", [(8, "must be one of n1-standard-32, n1-standard-8, n2-standard-16"),
                                                                                       ("nope", "got 'nope'")]),
    (google_cloud.vm_monthly_cost_usd, {"machine_type": "n1-standard-8"}, "sustained_use",
     [("yes", "must be True or False")]),
    (google_cloud.pd_size_needed_gib, {"iops": 10}, "iops", [(-1, "got -1")]),
    (google_cloud.pd_size_limits, {"size_gib": 10}, "size_gib", ["number"]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_bad_input():
    with pytest.raises(ValueError, match="size_gib must be greater than 0 GiB, got 0"):
        google_cloud.pd_monthly_cost_usd(0)
