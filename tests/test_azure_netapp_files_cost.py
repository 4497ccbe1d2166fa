import numpy as np
import pytest
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.platforms import azure_netapp_files as anf


def test_snapshot_prices_east_us():
    # Azure Retail Prices snapshot (2026-01-29), eastus: Standard 0.000202, Premium 0.000403, Ultra 0.000538 USD per
    # GiB-hour; the same rates Microsoft's cost model quotes
    assert [anf.price("eastus", f"{s} Capacity")["price_usd"] for s in ("Standard", "Premium", "Ultra")] == \
        [0.000202, 0.000403, 0.000538]


def test_ultra_example_of_the_cost_model():
    # Cost model (2026-06-15): "4 TiB Ultra (for 512 MiB/s) | $1,609"; 4096 GiB x 0.000538 x 730 h = 1,608.66
    assert_allclose(anf.monthly_capacity_cost_usd(4, "Ultra"), 1609, atol=0.5)


def test_flexible_example_of_the_cost_model():
    # Cost model (2026-06-15): "1 TiB Flexible with 512 MiB/s | $976"; capacity 1024 x 0.000151 x 730 plus
    # throughput (512 - 128) x 0.003082 x 730 = 976.82 (the document rounds down)
    total = anf.monthly_capacity_cost_usd(1, "Flexible") + anf.monthly_flexible_throughput_cost_usd(512, 1)
    assert_allclose(total, 976, atol=1)


def test_flexible_baseline_is_free():
    # Cost model: "The pool includes a baseline throughput allocation of 128 MiB/s"
    assert anf.monthly_flexible_throughput_cost_usd(128, 1) == 0


def test_regions_and_missing_prices():
    assert "eastus" in anf.regions() and len(anf.regions()) > 40
    with pytest.raises(ValueError, match="region 'swedensouth' has no price for 'Flexible Service Level Capacity'"):
        anf.price("swedensouth", "Flexible Service Level Capacity")


def test_snapshot_date_comes_from_the_data():
    assert anf.PRICE_SNAPSHOT_DATE == "2026-01-29"  # documents.csv, azure-retail-prices-anf


def test_the_cheapest_level_is_the_cheapest_feasible_option():
    # The HPC/EDA module's knowledge check: 50 TiB and 3,000 MiB/s. Standard cannot (16 x 100 = 1,600 MiB/s at most)
    options = anf.sizing_options(50, 3000)
    assert not options["Standard"]["feasible"]
    level, usd = anf.cheapest_service_level(50, 3000)
    assert usd == min(float(o["usd"]) for o in options.values() if o["feasible"])
    assert anf.cheapest_service_level(50, 20_000) == (None, pytest.approx(float("nan"), nan_ok=True))


def test_flexible_is_in_the_cheapest_answer():
    # East US, 2026-01-29 prices: 50 TiB Flexible (0.000151 USD per GiB-hour) with 3,000 - 128 MiB/s bought
    # (0.003082 USD per MiB/s-hour), 730 h a month, beats 50 TiB Premium (0.000403 USD per GiB-hour)
    flexible = 50 * 1024 * 0.000151 * 730 + (3000 - 128) * 0.003082 * 730
    assert anf.cheapest_service_level(50, 3000) == ("Flexible", pytest.approx(flexible, rel=1e-9))
    assert anf.sizing_options(50, 3000)["Premium"]["usd"] == pytest.approx(50 * 1024 * 0.000403 * 730, rel=1e-9)


def test_pools_come_in_whole_tib():
    # 1,562.5 MiB/s at Ultra (128 MiB/s per TiB) needs a 12.2 TiB quota, billed as a 13 TiB pool
    ultra = anf.sizing_options(1, 1562.5)["Ultra"]
    assert ultra["quota_tib"] == pytest.approx(1562.5 / 128) and ultra["pool_tib"] == 13
    assert ultra["usd"] == pytest.approx(13 * 1024 * 0.000538 * 730, rel=1e-9)
    # a Flexible pool grows for throughput beyond 640 MiB/s per TiB: 3,000 MiB/s needs 4.7 TiB, so 5 TiB
    assert anf.flexible_volume(1, 3000)["pool_tib"] == 5 and anf.flexible_volume(1, 3000)["binding"] == "throughput"
    assert not anf.flexible_volume(1, 5000)["feasible"]  # above one regular volume's 4,500 MiB/s


def test_cool_access_saves_nothing_at_the_break_even():
    m = anf.cool_access_break_even_read_share(100, 1.0, 2, "Standard")
    assert abs(anf.cool_access_profile_saving_usd(100, m, 1.0, 2, "Standard")) < 1e-6
    # all sequential on Premium: data read often never cools, so cool access never costs more
    assert np.isnan(anf.cool_access_break_even_read_share(100, 0.0, 31, "Premium"))


def test_snapshots_take_quota():
    # Microsoft, How snapshots work (2022-11-22): 1 to 5 % of used capacity a day for many application volumes
    low = data.value("azure_netapp_files_limits", "snapshot_daily_change_typical_min", "%") / 100
    high = data.value("azure_netapp_files_limits", "snapshot_daily_change_typical_max", "%") / 100
    assert anf.quota_with_snapshots_tib(10, 0.0, 30) == 10
    assert anf.quota_with_snapshots_tib(10, low, 14) < anf.quota_with_snapshots_tib(10, high, 14)
    assert anf.quota_with_snapshots_tib(10, high, 14) == pytest.approx(10 * (1 + high * 14))


def test_manual_qos_pools_share_throughput():
    # a busy small volume beside a quiet large one: manual QoS needs only the larger of capacity and throughput / rate
    rate = anf.throughput_per_tib_mibps("Ultra")
    pools = anf.manual_qos_pool_tib([1, 30], [rate * 10, rate * 5], "Ultra")
    assert pools == {"manual": 31.0, "auto": 40.0}
    # when every volume needs capacity more than throughput, the two are the same
    same = anf.manual_qos_pool_tib([10, 20], [rate, rate], "Ultra")
    assert same["manual"] == same["auto"] == 30.0


BAD_INPUT = [
    (anf.flexible_pool_tib, {"quota_tib": 2, "throughput_mibps": 5000}, "quota_tib", ["number"]),
    (anf.flexible_pool_tib, {"quota_tib": 2, "throughput_mibps": 5000}, "throughput_mibps", ["number"]),
    (anf.monthly_pool_cost_usd, {"pool_tib": 4, "service_level": "Flexible", "throughput_mibps": 512},
     "throughput_mibps", [(100, "between 128 and 2560 MiB/s for a 4 TiB Flexible pool, got 100")]),
    (anf.monthly_pool_cost_usd, {"pool_tib": 4, "service_level": "Ultra"}, "service_level",
     [("Gold", "one of Standard, Premium, Ultra, Flexible; got 'Gold'")]),
    (anf.quota_with_snapshots_tib, {"data_tib": 10, "daily_change_share": 0.05, "retained_days": 14}, "retained_days",
     [(300, "between 0 and 255 days (one snapshot a day, at most the snapshots a volume keeps), got 300")]),
    (anf.quota_with_snapshots_tib, {"data_tib": 10, "daily_change_share": 0.05, "retained_days": 14},
     "daily_change_share", [(5, "between 0 and 1")]),
    (anf.manual_qos_pool_tib, {"capacities_tib": [1, 2], "throughputs_mibps": [100, 200], "service_level": "Ultra"},
     "throughputs_mibps", [([100], "must be lists of the same length"), ([100, -1], "greater than 0")]),
    (anf.manual_qos_pool_tib, {"capacities_tib": [1, 2], "throughputs_mibps": [100, 200], "service_level": "Ultra"},
     "service_level", [("Flexible", "must be one of Standard, Premium, Ultra")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_a_pool_costs_its_capacity_and_flexible_its_throughput_too():
    # the three sizing answers price pools one way: capacity, and Flexible's throughput above its baseline
    assert anf.monthly_pool_cost_usd(4, "Ultra") == anf.monthly_capacity_cost_usd(4, "Ultra")
    assert anf.monthly_pool_cost_usd(4, "Flexible", 512) == pytest.approx(
        anf.monthly_capacity_cost_usd(4, "Flexible") + anf.monthly_flexible_throughput_cost_usd(512, 4))
    # a Flexible pool grows for its throughput: at most 640 MiB/s per TiB (Microsoft, cost model, 2026-06-15)
    assert anf.flexible_pool_tib(2, 5000) == 8 and anf.flexible_pool_tib(10, 5000) == 10
