import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

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
    (anf.cool_access_volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium", "cool_tib": 2}, "cool_tib",
     [(-1, "got -1"), ("two", "must be a number"), (11, "between 0 and 10 TiB (at most the quota), got 11")]),
    (anf.cool_access_volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "rule",
     [("2023", "rule must be one of 2024, 2025, 2026; got '2023'")]),
    (anf.cool_access_rule, {"region": "eastus"}, "region", [("", "region must be an Azure region name")]),
    (anf.cool_access_rule, {"region": "eastus"}, "pool_created_after_update", [("yes", "must be True or False")]),
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
