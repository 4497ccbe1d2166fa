import math

import pytest
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.platforms import google_cloud
from storageperf.sources import cvo_google_cloud as cvo


def test_vm_price_a_month_with_and_without_the_sustained_use_discount():
    # Disk and image pricing: n1-standard-8 costs $0.379998 an hour; 730 hours a month; a whole month of N1 pays
    # 0.25 x (1 + 0.8 + 0.6 + 0.4) = 0.7 of it (Google's tiers, 2017 price list; "up to a 30% net discount" today)
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-8", sustained_use=False), 0.379998 * 730, rtol=1e-12)
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-8"), 0.379998 * 730 * 0.7, rtol=1e-12)
    # a machine type the table does not price is refused by name; the CVO chapter's own price says NaN for it
    with pytest.raises(ValueError, match="machine_type must be one of n1-standard-32, n1-standard-8; got 'custom"):
        google_cloud.vm_monthly_cost_usd("custom-4-16384")
    assert math.isnan(cvo.vm_monthly_cost_usd("custom-4-16384"))
    assert google_cloud.machine_types_priced() == ["n1-standard-32", "n1-standard-8"]


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
    assert_allclose(google_cloud.ssd_pd_monthly_cost_usd(4096, 2), 8_192 * 0.17, rtol=1e-12)


def test_throughput_is_googles_mibps():
    # About Persistent Disk performance: "Throughput per GiB (MiBps) ... 0.48"; 30 IOPS per GB (GiB)
    assert google_cloud.THROUGHPUT_UNIT == "MiB/s" and google_cloud.BILLING_UNIT == "GiB"
    lim = google_cloud.ssd_pd_size_limits(2500)
    assert_allclose([lim["iops"], lim["mibps"]], [75_000, 1_200], rtol=1e-12)
    assert_allclose(google_cloud.ssd_pd_size_needed_gib(iops=15_000, mibps=240), 500, rtol=1e-12)


def test_the_earlier_pages_gb_is_read_as_a_gib_through_data_value():
    # The earlier version of About Persistent Disk performance heads its limits "per GB" and "MB/s": the rows hold
    # Google's GiB and MiBps (a unit reading of the package), its labels kept beside them; the model reads them so.
    rows = {i: data.row("google_cloud_limits", i) for i in ("pd_ssd_iops_per_gb_early", "pd_ssd_throughput_per_gb_early")}
    assert [(r["unit"], r["unit_as_written"]) for r in rows.values()] == [("IOPS per GiB", "IOPS per GB"),
                                                                          ("MiBps per GiB", "MB/s per GB")]
    lim = google_cloud.ssd_pd_size_limits(1.0)
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
    lim = google_cloud.ssd_pd_size_limits(500)
    assert_allclose([lim["write_iops"], lim["mibps"]], [15_000, 240], rtol=1e-12)


BAD_INPUT = [
    (google_cloud.pd_write_egress_mb_per_s, {"vcpu": 8}, "vcpu",
     [(0, "must be at least 1 vCPUs, got 0"), ("eight", "must be a number")]),
    (google_cloud.ssd_pd_monthly_cost_usd, {"size_gib": 100}, "size_gib", ["number"]),
    (google_cloud.ssd_pd_monthly_cost_usd, {"size_gib": 100, "disks": 2}, "disks", [(0, "got 0"), (2.5, "disks must be a whole number, got 2.5")]),
    (google_cloud.sustained_use_factor, {"share_of_month": 0.5}, "share_of_month",
     [(1.5, "must be between 0 and 1"), ("half", "must be a number")]),
    (google_cloud.vm_monthly_cost_usd, {"machine_type": "n1-standard-8"}, "machine_type", [(8, "must be one of n1-standard-32, n1-standard-8; got 8"),
                                                                                       ("nope", "got 'nope'")]),
    (google_cloud.vm_monthly_cost_usd, {"machine_type": "n1-standard-8"}, "sustained_use",
     [("yes", "must be True or False")]),
    (google_cloud.ssd_pd_size_needed_gib, {"iops": 10}, "iops", [(-1, "got -1")]),
    (google_cloud.ssd_pd_size_limits, {"size_gib": 10}, "size_gib", ["number"]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_bad_input():
    with pytest.raises(ValueError, match="size_gib must be greater than 0 GiB, got 0"):
        google_cloud.ssd_pd_monthly_cost_usd(0)
