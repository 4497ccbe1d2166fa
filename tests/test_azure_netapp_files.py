import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.platforms import azure_netapp_files as anf


def test_hpc_module_premium_example():
    # HPC/EDA module: "a Volume with a 10TB quota ... can deliver up to 64*10=640MiB/sec"
    assert anf.volume_throughput_mibps(10, "Premium") == 640


@pytest.mark.parametrize("level, rate", [("Standard", 16), ("Premium", 64), ("Ultra", 128)])
def test_service_level_rates(level, rate):
    # Microsoft Learn, Service levels for Azure NetApp Files (2026-01-29): 16 / 64 / 128 MiB/s per TiB
    assert anf.throughput_per_tib_mibps(level) == rate


@pytest.mark.parametrize("level, rate", [("Standard", 16), ("Premium", 36), ("Ultra", 68)])
def test_cool_access_rates(level, rate):
    # Microsoft Learn, Manage cool access (2025-10-28): Premium 36, Ultra 68 MiB/s per TiB with cool access; the
    # page lowers Premium and Ultra only, so Standard keeps 16
    assert anf.throughput_per_tib_mibps(level, cool_access=True) == rate


def test_cool_access_rules_by_date():
    # Cool access introduction (2026-03-10): Premium, 10 TiB hot: 640 MiB/s; 8 TiB hot and 2 TiB cool: 544 MiB/s
    # (8 x 64 + 2 x 16); pools with cool access before the update: 10 TiB x 36 = 360 MiB/s whatever is cool.
    assert anf.cool_access_volume_throughput_mibps(10, "Premium", 0, "2026") == 640
    assert anf.cool_access_volume_throughput_mibps(10, "Premium", 2, "2026") == 544
    assert anf.cool_access_volume_throughput_mibps(10, "Premium", 0, "2025") == 360
    # manage cool access to 2024-11-12: "Throughput requirements remain the same"
    assert anf.cool_access_volume_throughput_mibps(10, "Premium", 2, "2024") == 640
    # the split applies from 100 GiB of cool data (0.09765625 TiB) up
    below, above = anf.cool_access_volume_throughput_mibps(10, "Ultra", [0.09, 0.1], "2026")
    assert below == 1280 and above < 1280
    # "more than 100 GiB of cool access data": at exactly 100 GiB the tiers still share the level's rate, in the
    # throughput a quota grants and in the quota a throughput needs
    at = anf.limit("cool_tier_throughput_threshold", "TiB")
    assert anf.cool_access_volume_throughput_mibps(10, "Ultra", at, "2026") == 1280
    need = anf.throughput_per_tib_mibps("Premium") * 5
    assert anf.cool_access_quota_tib(1, at, need, "Premium", "2026") == 5
    assert anf.cool_access_quota_tib(1, at * 1.01, need, "Premium", "2026") > 5
    # the regular volume's ceiling still binds
    assert anf.cool_access_volume_throughput_mibps(100, "Ultra", 1, "2026") == 4500


def test_the_2025_rule_cuts_premium_and_ultra_for_the_whole_quota():
    # A 50 TiB Premium volume: 3,200 MiB/s without cool access, 50 x 36 = 1,800 with it, however little is cool
    assert anf.volume_throughput_mibps(50, "Premium") == 3200
    assert anf.cool_access_volume_throughput_mibps(50, "Premium", 0, "2025") == 1800
    assert anf.cool_access_volume_throughput_mibps(50, "Standard", 40, "2025") == 800


def test_which_rule_applies_where():
    # West US is on the 2026 page's list, East US is not; pools with cool access before the update keep the 2025 rule
    assert anf.cool_access_rule("westus") == "2026"
    assert anf.cool_access_rule("eastus") == "2025"
    assert anf.cool_access_rule("westus", pool_created_after_update=False) == "2025"


BAD_INPUT = [
    # the integration's steps: a whole number from 1 to one an hour, never 0 (a division), inf, a bool or a string
    (anf.cool_access_cost_by_month, {"data_tib": 10, "cool_share": 0.5, "read_back_share": 0.1, "random_share": 0.1},
     "steps_per_month", [(0, "from 1 to"), (math.inf, "got inf"), (True, "got True"), ("64", "got '64'"),
                         (2.5, "got 2.5"), (10 ** 9, "a whole number")]),
    (anf.cool_access_volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium", "cool_tib": 2}, "cool_tib",
     [(-1, "got -1"), ("two", "must be a number"), (11, "between 0 and 10 TiB (at most the quota), got 11")]),
    (anf.cool_access_volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "rule",
     [("2023", "rule must be one of 2024, 2025, 2026; got '2023'")]),
    (anf.cool_access_rule, {"region": "eastus"}, "region", [("", "region must be an Azure region where"),
                                                          ("mars", "got 'mars'"), ("EastUS", "got 'EastUS'")]),
    (anf.cool_access_rule, {"region": "eastus"}, "pool_created_after_update", [("yes", "must be True or False")]),
    (anf.mix_ceiling_mibps, {"read_share": 0.5, "io_kib": 64}, "read_share",
     [(1.5, "between 0 and 1 (a fraction), got 1.5"), (-0.1, "got -0.1"), ("half", "must be a number"),
      (float("nan"), "finite")]),
    (anf.mix_ceiling_mibps, {"read_share": 0.5, "io_kib": 64}, "io_kib", ["number", ([4, 8], "one number of KiB")]),
    (anf.mix_ceiling_mibps, {"read_share": 0.5, "io_kib": 64}, "volume_type", [("huge", "got 'huge'")]),
    (anf.mix_curve, {"io_kib": 64}, "io_kib", [(16, "one of 4, 8, 64 KiB; got 16"), ("64", "got '64'")]),
    (anf.mix_curve, {"io_kib": 64}, "document", [("blog", "got 'blog'")]),
    (anf.read_share_needed, {"throughput_mibps": 3000}, "throughput_mibps", ["number"]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "read_share", [(2, "got 2")]),
    (anf.quota_for_throughput_tib, {"throughput_mibps": 1000, "service_level": "Premium", "read_share": 0.0},
     "throughput_mibps", [(2000, "at most 1733 MiB/s for a regular Premium volume at 0% reads of 64 KiB (read_share 0), got 2000")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_ceilings():
    # Large volumes (2025-11-11): regular Standard 1,600, Premium/Ultra 4,500 MiB/s; large volumes 12,800 MiB/s
    assert anf.volume_throughput_mibps(100, "Standard") == 1600
    assert anf.volume_throughput_mibps(100, "Ultra") == 4500
    assert anf.volume_throughput_mibps(1024, "Ultra", "large") == 12800


def test_large_volume_minimum_throughput():
    # Large volume requirements (2025-11-11): at 50 TiB, Standard 800, Premium 3,200, Ultra 6,400 MiB/s
    assert [anf.volume_throughput_mibps(50, s, "large") for s in anf.SERVICE_LEVELS] == [800, 3200, 6400]


def test_quota_ranges():
    # Resource limits (2025-06-10): regular volume 50 GiB to 100 TiB; large volume 50 TiB to 1,024 TiB
    assert anf.quota_range_tib("regular") == (50 / 1024, 100)
    assert anf.quota_range_tib("large") == (50, 1024)


def test_binding_limit_switches_at_the_ceiling():
    # Premium: 4,500 / 64 = 70.3 TiB is where the regular-volume ceiling starts to bind
    assert list(anf.binding_limit(np.array([70, 71]), "Premium")) == ["quota x service level", "volume ceiling"]


def test_standard_100_tib_is_a_tie_of_quota_and_ceiling():
    # Service levels (2026-01-29): Standard 16 MiB/s per TiB; resource limits: Standard regular ceiling 1,600 MiB/s.
    # 100 TiB x 16 = 1,600: both limits bind, and the model says so rather than naming one of them
    assert anf.volume_throughput_mibps(100, "Standard") == 1600
    assert anf.binding_limit(100, "Standard") == anf.TIED_LIMITS
    assert list(anf.binding_limit(np.array([99, 100]), "Standard")) == ["quota x service level", anf.TIED_LIMITS]
    assert anf.binding_limit(100, "Ultra", "large") == anf.TIED_LIMITS  # 100 x 128 = 12,800, the large ceiling


def test_quota_for_throughput_of_the_quiz():
    # HPC/EDA module knowledge check: 3,000 MiB/s; Premium needs 3000 / 64 = 46.875 TiB, Ultra 23.4375 TiB
    assert_allclose(anf.quota_for_throughput_tib(3000, "Premium"), 46.875, rtol=1e-12)
    assert_allclose(anf.quota_for_throughput_tib(3000, "Ultra"), 23.4375, rtol=1e-12)
    with pytest.raises(ValueError, match="throughput_mibps must be greater than 0 and at most 1600 MiB/s"):
        anf.quota_for_throughput_tib(3000, "Standard")  # above the Standard regular ceiling


def test_flexible_range():
    # Service levels (2026-01-29): at least 128 MiB/s per pool; at most 5 x 128 MiB/s per TiB of pool
    assert anf.flexible_throughput_range_mibps(1) == (128, 640)
    assert anf.flexible_throughput_range_mibps(10) == (128, 6400)


@given(st.sampled_from(anf.SERVICE_LEVELS), st.sampled_from(anf.VOLUME_TYPES),
       st.lists(st.floats(0, 1), min_size=2, max_size=20))
def test_throughput_never_decreases_with_quota_and_never_passes_the_ceiling(level, vtype, fractions):
    low, high = anf.quota_range_tib(vtype)
    quota = np.sort(low + (high - low) * np.array(fractions))
    tp = anf.volume_throughput_mibps(quota, level, vtype)
    assert np.all(np.diff(tp) >= 0)
    assert np.all(tp <= anf.volume_ceiling_mibps(level, vtype))
    assert np.all(tp > 0)


def test_mix_curves_transcribe_the_advanced_calculator():
    # Advanced calculator (2023-05-23), max_tput64kseq: 0 % reads 1733, 50 % 2658, 100 % 4500 MiB/s; max_tput4kran:
    # (1722715 / 1024).toFixed(0) = 1682 at 100 % reads, (466504 / 1024).toFixed(0) = 456 at 0 %; 8 KiB is twice 4 KiB
    seq = anf.mix_curve(64).set_index("read_share")["mibps"]
    assert (seq.loc[0.0], seq.loc[0.5], seq.loc[1.0]) == (1733, 2658, 4500)
    assert seq.is_monotonic_increasing and len(seq) == 11
    four, eight = anf.mix_curve(4)["mibps"], anf.mix_curve(8)["mibps"]
    assert (four.iloc[0], four.iloc[-1]) == (456, 1682)
    assert_allclose(eight, 2 * four)
    # The benchmark page (2024-03-24): ~1,600 and ~4,500 MiB/s at 64 KiB; ~130,000 and ~460,000 IOPS at 4 KiB
    page = anf.mix_curve(64, "anf-benchmarks-linux")["mibps"].tolist()
    assert page == [1600, 4500]
    assert_allclose(anf.mix_curve(4, "anf-benchmarks-linux")["mibps"], [130_000 * 4 / 1024, 460_000 * 4 / 1024])


def test_write_heavy_regular_volume_is_capped_by_the_mix_curve():
    # 100 TiB Ultra: 12,800 by quota, 4,500 by the ceiling whatever the mix before; all 64 KiB writes: 1,733 MiB/s,
    # 30 % reads: 2,152; 70 % reads of 8 KiB: (1078620 / 1024).toFixed(0) x 2 = 2,106
    assert anf.volume_throughput_mibps(100, "Ultra") == 4500
    assert anf.volume_throughput_mibps(100, "Ultra", read_share=0.0) == 1733
    assert anf.volume_throughput_mibps(100, "Ultra", read_share=0.3) == 2152
    assert anf.volume_throughput_mibps(100, "Ultra", read_share=0.7, io_kib=8) == 2106
    assert anf.binding_limit(100, "Ultra", read_share=0.0) == anf.MIX_LIMIT
    # linear between the calculator's 10 % steps: 25 % reads halfway between 2,044 and 2,152
    assert anf.mix_ceiling_mibps("regular", 0.25, 64) == pytest.approx((2044 + 2152) / 2)
    # 4 KiB writes: 10 TiB Premium (640 by its quota) drops to the curve's 456; 5 TiB (320) keeps its quota's
    assert anf.volume_throughput_mibps(10, "Premium", read_share=0.0, io_kib=4) == 456
    assert anf.volume_throughput_mibps(5, "Premium", read_share=0.0, io_kib=4) == 320
    assert anf.binding_limit(5, "Premium", read_share=0.0, io_kib=4) == "quota x service level"


def test_defaults_reproduce_the_fixed_ceiling():
    # All reads of 64 KiB are the curve's 4,500 MiB/s, the regular ceiling: the numbers from before the mix
    quotas = np.array([1, 10, 50, 70, 71, 100])
    for level in anf.SERVICE_LEVELS:
        old = np.minimum(quotas * anf.throughput_per_tib_mibps(level), anf.volume_ceiling_mibps(level))
        assert_allclose(anf.volume_throughput_mibps(quotas, level), old)
    assert list(anf.binding_limit(np.array([70, 71]), "Premium")) == ["quota x service level", "volume ceiling"]


def test_sizing_follows_the_mix():
    # 50 TiB and 3,000 MiB/s (the module's quiz) fits Premium when it reads; at 50 % reads of 64 KiB the curve gives
    # 2,658 MiB/s, so no regular volume of any level carries it
    assert anf.size_volume(50, 3000, "Premium")["feasible"]
    assert not anf.size_volume(50, 3000, "Premium", read_share=0.5)["feasible"]
    assert not anf.meets_need(50, "Premium", 50, 3000, read_share=0.5)
    options = anf.sizing_options(50, 3000, read_share=0.5)
    assert not any(options[level]["feasible"] for level in anf.ALL_SERVICE_LEVELS)
    with pytest.raises(ValueError, match="at most 2658 MiB/s for a regular Ultra volume at 50% reads of 64 KiB"):
        anf.quota_for_throughput_tib(3000, "Ultra", read_share=0.5)
    assert anf.cool_access_volume_throughput_mibps(100, "Premium", 0, "2024", read_share=0.0) == 1733
    assert anf.cheapest_service_level(50, 3000)[0] == "Flexible"
    assert anf.cheapest_service_level(50, 3000, read_share=0.5)[0] is None


def test_answers_outside_the_measured_sizes_are_flagged():
    assert anf.mix_ceiling("regular", 0.0, 64)["basis"] == "measured"
    assert anf.mix_ceiling("regular", 0.5, 6)["basis"] == "interpolated"   # between the two random curves
    for io in (1, 2, 16, 128, 1024):
        assert anf.mix_ceiling("regular", 0.5, io)["extrapolated"], io
    # below 4 KiB the 4 KiB curve's IOPS hold: 2 KiB is half its MiB/s
    assert anf.mix_ceiling_mibps("regular", 1.0, 2) == 1682 / 2
    # no curve is published for large volumes: their ceiling alone, flagged unless all reads of 64 KiB
    assert anf.mix_ceiling("large", 1.0, 64) == {"mibps": np.inf, "basis": "measured", "extrapolated": False}
    assert anf.mix_ceiling("large", 0.5, 64)["extrapolated"]
    assert anf.volume_throughput_mibps(200, "Ultra", "large", read_share=0.0) == 12800


def test_the_access_pattern_chooses_the_curve_and_never_blends_random_with_sequential():
    # the calculator's curves (data/platforms/azure_netapp_files_mix_curves.csv): 8 KiB random at 70 % reads 2,106
    # MiB/s, 64 KiB sequential 2,850; 4 KiB random all reads 1,682
    curve = {k: anf.mix_curve(k).set_index("read_share")["mibps"] for k in anf.MIX_IO_KIB}
    # 32 KiB at 70/30, the case: random keeps the 8 KiB curve's bytes, sequential the 64 KiB curve's; both
    # beyond what was measured, neither a blend of the two curves
    assert anf.mix_ceiling("regular", 0.7, 32, "random") == {"mibps": curve[8][0.7], "basis": "extrapolated",
                                                              "extrapolated": True}
    assert anf.mix_ceiling("regular", 0.7, 32, "sequential")["mibps"] == curve[64][0.7]
    # sequential below 64 KiB: no more operations a second than the random curves measured at the size
    assert anf.mix_ceiling_mibps("regular", 1.0, 4, "sequential") == curve[4][1.0]
    assert anf.mix_ceiling("regular", 1.0, 64, "random")["extrapolated"]
    assert anf.mix_ceiling("regular", 1.0, 64, "sequential")["basis"] == "measured"
    shares, sizes = np.linspace(0, 1, 11), (1, 3, 4, 6, 8, 12, 32, 63, 64, 65, 512)
    for io in sizes:   # random is never above sequential, so a mix of the two is sized as random
        assert np.all(anf.mix_ceiling_mibps("regular", shares, io, "random")
                      <= anf.mix_ceiling_mibps("regular", shares, io, "sequential")), io
    # without a pattern, the curves' own: random below 64 KiB, sequential from it
    assert [anf.access_pattern(None, k) for k in (8, 32, 64, 256)] == ["random", "random", "sequential", "sequential"]
    with pytest.raises(ValueError, match="access must be one of"):
        anf.mix_ceiling("regular", 0.7, 32, "mixed")
    # the pattern reaches every limit sized from the curve
    assert anf.volume_throughput_mibps(50, "Ultra", read_share=0.7, io_kib=32, access="random") == curve[8][0.7]
    assert not anf.size_volume(50, 2500, "Ultra", read_share=0.7, io_kib=32, access="random")["feasible"]
    assert anf.size_volume(50, 2500, "Ultra", read_share=0.7, io_kib=32, access="sequential")["feasible"]


def test_read_share_needed_inverts_the_curve():
    # 64 KiB: 3,000 MiB/s lies between 70 % (2,850) and 80 % reads (3,096): 0.7 + 150 / 246 x 0.1
    assert anf.read_share_needed(3000) == pytest.approx(0.7 + 150 / 246 * 0.1)
    assert anf.read_share_needed(1000) == 0.0  # below all writes' 1,733
    # random 64 KiB I/O keeps the 8 KiB random curve's MiB/s: its share is that curve's, not the 64 KiB one's
    share = anf.read_share_needed(3000, io_kib=64, access="random")
    assert (anf.mix_ceiling_mibps("regular", share, 64, "random") >= 3000
            > anf.mix_ceiling_mibps("regular", share - 0.001, 64, "random"))
    assert np.isnan(anf.read_share_needed(5000))  # above all reads' 4,500
    # 6 KiB, interpolated: the share found reaches the need and 0.001 less does not
    share = anf.read_share_needed(1562.5, io_kib=6)
    assert anf.mix_ceiling_mibps("regular", share, 6) >= 1562.5 > anf.mix_ceiling_mibps("regular", share - 0.001, 6)


def test_cool_access_on_large_volumes_follows_the_latest_revision():
    said = data.load("azure_netapp_files_cool_access_support")
    dates = dict(data.load("documents")[["id", "date"]].itertuples(index=False))
    large = said[said["volume_type"] == "large"].assign(date=lambda f: f["document"].map(dates)).sort_values("date")
    assert list(large["cool_access"]) == ["not supported", "supported"]   # the 2023 page, then today's
    assert anf.cool_access_volume_types() == ("regular", "large")
    with pytest.raises(ValueError, match="volume_type"):
        anf.cool_access_sizing(10, 0.5, 100, "Standard", volume_type="breakthrough")


def test_read_ahead_settings_are_microsofts():
    # Microsoft's read-ahead page (2022-09-29): "a default of 128 KiB regardless of the rsize"; "15,360-KiB ...
    # optimal"; its table of earlier defaults: rsize 64 KiB -> 960 KiB, 256 KiB -> 3,840 KiB, 1024 KiB -> 15,360 KiB
    assert anf.read_ahead_kib() == 128
    assert anf.read_ahead_kib("Microsoft's recommendation") == 15_360
    assert [anf.read_ahead_kib("earlier Linux default", r) for r in (64, 256, 1024)] == [960, 3_840, 15_360]
    # the page's udev rule sets another value than its text (large-volumes-14): both are kept, the text's is used
    assert data.value("azure_netapp_files_read_ahead", "read_ahead_udev_rule", "KiB") != anf.read_ahead_kib(
        "Microsoft's recommendation")


def test_the_flexible_status_cites_the_announcement_and_the_page_that_still_says_preview():
    # What's new in Azure NetApp Files (ms.date 2025-12-09), September 2025: "Flexible service level ... is now
    # generally available (GA)"; not a performance-table row, which says nothing of availability
    from storageperf import data
    support = data.load("azure_netapp_files_volume_support")
    flexible = support[(support["service_level"] == "Flexible") & support["volume_type"].isin(["regular", "large"])]
    assert set(flexible["document"]) == {"anf-whats-new"}
    assert flexible["quote"].str.contains("generally available").all()
    assert anf.volume_status("regular", "Flexible") == "generally available"
    # the capacity-pool page (ms.date 2025-05-14) still says "currently in preview": a discrepancy, dated
    e = anf.volume_status_evidence("regular", "Flexible")
    assert (e["document"], e["date"]) == ("anf-whats-new", "2025-12-09")
    assert [(c["document"], c["date"]) for c in e["contradicted_by"]] == [("anf-set-up-capacity-pool", "2025-05-14")]
    assert "currently in preview" in e["contradicted_by"][0]["quote"]
