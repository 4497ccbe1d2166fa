import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf import data
from storageperf.concepts import units
from storageperf.platforms import azure_netapp_files as anf
from storageperf.sources import cool_access


def test_endpoints_are_the_documents_results_summary():
    # Cool-access document, Results summary: 3330 / 2,479 MiB/s hot and 1742 / 280 MiB/s cool (sequential / random)
    e = cool_access.endpoints_mibps()
    assert (e["hot", "sequential"], e["hot", "random"], e["cool", "sequential"], e["cool", "random"]) == \
        (3330, 2479, 1742, 280)


@pytest.mark.parametrize("cool, random, key", [(0, 0, ("hot", "sequential")), (0, 1, ("hot", "random")),
                                               (1, 0, ("cool", "sequential")), (1, 1, ("cool", "random"))])
def test_blend_reproduces_its_endpoints(cool, random, key):
    assert_allclose(cool_access.read_throughput_mibps(cool, random), cool_access.endpoints_mibps()[key], rtol=1e-12)


def test_eighty_twenty_drop_on_the_cool_tier():
    # Results summary: "Reads from cool tier dropped by about 50% when moving from 100% sequential to an 80/20
    # sequential/random mix". Harmonic blend: 1 / (0.8 / 1742 + 0.2 / 280) = 852 MiB/s, a 51 % drop.
    drop = 1 - cool_access.read_throughput_mibps(1, 0.2) / cool_access.read_throughput_mibps(1, 0)
    assert_allclose(drop, 0.5, atol=0.02)


def test_any_random_share_pulls_the_cool_tier_towards_random():
    # Results summary: "any percentage of random I/O ... closer to 100% random than 100% sequential"; with the
    # harmonic blend that holds from a random share of 0.14 (midpoint 1011 MiB/s) upwards, and at 0.2 already
    t = cool_access.read_throughput_mibps(1, np.array([0.2, 0.5, 0.8]))
    seq, rand = cool_access.endpoints_mibps()["cool", "sequential"], cool_access.endpoints_mibps()["cool", "random"]
    assert np.all(t - rand < seq - t)


def test_job_scale_latency_by_littles_law():
    # Job-scale test: 16 jobs x queue depth 15 at 256 KiB; 16-job cool throughput 6.5 x "approximately 400 MiB/s"
    # = 2,600 MiB/s; the document reports "approximately 23 milliseconds": 240 x 0.25 MiB / 2600 MiB/s = 23.1 ms
    assert_allclose(cool_access.latency_ms(6.5 * 400, 16 * 15, 256), 23, rtol=0.01)


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_more_cool_or_more_random_never_reads_faster(c, r, step):
    base = cool_access.read_throughput_mibps(c, r)
    assert cool_access.read_throughput_mibps(min(c + step, 1), r) <= base * (1 + 1e-12)
    assert cool_access.read_throughput_mibps(c, min(r + step, 1)) <= base * (1 + 1e-12)


def test_monthly_cost_components():
    # 100 TiB Standard, eastus (snapshot 2026-01-29): hot 0.000202, cool 0.000082 USD/GiB-h, transfer 0.02 USD/GiB;
    # 80 % cool, 10 % read back sequentially: hot 20480 GiB x 0.000202 x 730 = 3019.98; cool 81920 x 0.000082 x 730
    # = 4903.73; transfer 8192 x 0.02 = 163.84
    c = anf.cool_access_monthly_cost_usd(100, 0.8, 0.1, 0.0)
    assert_allclose([c["hot"], c["cool"], c["transfer"]], [3019.98, 4903.73, 163.84], atol=0.01)
    assert_allclose(c["total"], c["hot"] + c["cool"] + c["transfer"], rtol=1e-12)


def test_random_reads_rehydrate_for_the_coolness_period():
    # Random reads move blocks back to hot for the coolness period: a longer period keeps more data hot
    short = anf.cool_access_monthly_cost_usd(100, 0.8, 0.5, 1.0, coolness_period_days=2)
    long = anf.cool_access_monthly_cost_usd(100, 0.8, 0.5, 1.0, coolness_period_days=183)
    assert long["hot"] > short["hot"] and long["cool"] < short["cool"]
    # less stays in the cool tier, so fewer reads come from it
    assert long["transfer"] < short["transfer"]


def test_no_cool_data_saves_nothing():
    assert anf.cool_access_monthly_saving_usd(100, 0.0, 0.0, 0.0, service_level="Premium") == 0


@given(st.floats(0, 1), st.floats(0, 1))
def test_saving_shrinks_as_more_is_read_back(cool, random):
    s = anf.cool_access_monthly_saving_usd(100, cool, np.array([0.0, 0.5, 1.0]), random)
    assert np.all(np.diff(s) <= 1e-6)


COST = {"data_tib": 100, "cool_share": 0.8, "read_back_share": 0.1, "random_share": 0.0}
BAD_INPUT = [
    (anf.cool_access_monthly_cost_usd, COST, "cool_share", [(1.5, "must be between 0 and 1 (a fraction), got 1.5")]),
    (anf.cool_access_monthly_cost_usd, COST, "read_back_share", [(-0.1, "between 0 and 1 (a fraction), got -0.1")]),
    (anf.cool_access_monthly_cost_usd, COST, "random_share", [("half", "must be a number, got 'half'")]),
    (anf.cool_access_monthly_cost_usd, COST, "coolness_period_days", [(1, "must be between 2 and 183 days, got 1")]),
    (anf.cool_access_monthly_cost_usd, COST, "data_tib", [(0, "must be between 1 and 2048 TiB, got 0")]),
    (anf.cool_access_monthly_cost_usd, COST, "service_level",
     [("Cold", "must be one of Standard, Premium, Ultra, Flexible; got 'Cold'")]),
    (anf.cool_access_monthly_cost_usd, COST, "region", [("atlantis", "must be one of")]),
    (cool_access.read_throughput_mibps, {"cool_read_share": 0.5, "random_share": 0.5}, "cool_read_share",
     [(-0.1, "must be between 0 and 1"), (None, "must be a number")]),
    (cool_access.read_throughput_mibps, {"cool_read_share": 0.5, "random_share": 0.5}, "random_share",
     [(2, "must be between 0 and 1")]),
    (cool_access.latency_ms, {"throughput_mibps": 100, "outstanding": 16, "block_size_kib": 8}, "block_size_kib",
     [(0, "must be greater than 0 KiB, got 0")]),
    (cool_access.read_throughput_mibps, {"cool_read_share": 0.5, "random_share": 0.5, "volume_limit_mibps": 1000},
     "volume_limit_mibps", [(0, "greater than 0 MiB/s, got 0"), ("fast", "must be a number")]),
    (anf.cool_access_monthly_cost_usd, COST, "retrieval_policy",
     [("Sometimes", "retrieval_policy must be one of Default, OnRead, Never; got 'Sometimes'")]),
    (anf.cool_access_cost_by_month, COST, "months", [(0, "months must be a whole number from 1 to 120; got 0"),
                                                     (1.5, "got 1.5"), (True, "got True")]),
    (anf.cool_access_cost_by_month, COST, "growth_tib_per_month", [(-1, "TiB per month (at most the largest capacity pool), got -1")]),
    (anf.cool_access_cost_by_month, COST, "pool_tib", [(50, "pool_tib must hold the data at the end, 100 TiB; got 50")]),
    (anf.cool_access_cost_by_month, COST, "data_already_cool", [("no", "must be True or False")]),
    (anf.cool_access_cost_by_month, COST, "tiering_delay_days", [(40, "between 0 and 31 days, got 40")]),
    (anf.cool_access_cost_by_month, COST, "retrieval_policy", [("Always", "one of Default, OnRead, Never")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_a_longer_coolness_period_keeps_more_rehydrated_data_hot():
    # Little's law: the data random reads bring back stays hot for the whole coolness period, so a longer period
    # costs more (the model once stopped at one month: 31 and 183 days cost the same)
    cost = [anf.cool_access_monthly_cost_usd(100, 0.8, 0.05, 1.0, days, "Premium")["total"] for days in (31, 62, 183)]
    assert cost[0] < cost[1] < cost[2]
    # the cool tier keeps C / (1 + read-back x h x p) of the cooled data C: never nothing, while anything is read
    # from it; with 183 days (p = 6.01 months) and everything read back randomly, 1 / 7.01 of it
    full = anf.cool_access_monthly_cost_usd(100, 0.8, 1.0, 1.0, 183, "Premium")
    none_read = anf.cool_access_monthly_cost_usd(100, 0.8, 0.0, 1.0, 183, "Premium")
    assert full["cool"] == pytest.approx(none_read["cool"] / (1 + 183 / units.DAYS_PER_MONTH))


def _example(row_id, unit):
    return data.value("azure_netapp_files_cool_access_examples", row_id, unit)


def _microsoft_billing_example(months):
    return anf.cool_access_cost_by_month(
        _example("billing-volume", "TiB"), _example("billing-cool", "TiB") / _example("billing-volume", "TiB"),
        _example("billing-read-share", "%") / 100, 0.0, _example("billing-coolness", "days"), months=months,
        pool_tib=_example("billing-pool", "TiB"), tiering_delay_days=0,
        prices=(_example("billing-hot-price", "USD per GiB-hour"), _example("billing-cool-price", "USD per GiB-hour"),
                _example("billing-transfer-price", "USD per GiB")),
        days_per_month=_example("billing-month-days", "days"))


def test_microsoft_billing_example_month_by_month():
    # Microsoft's 2023 example (5 TiB pool, 4 TiB volume, 3 TiB cools after 7 days, 20 % read a month): months of
    # 730 hours, as the model's
    assert _example("billing-month-hours", "h") == units.HOURS_PER_MONTH
    m = _microsoft_billing_example(6)
    assert m.loc[2, "total"] == pytest.approx(_example("billing-later-month", "USD"), abs=0.01)
    # the first month: Microsoft bills the month's reads of cool data from day 1, the model from when data is cool
    # (day 8): the difference is the reads of the first 7 days
    early_reads = (_example("billing-cool", "TiB") * 1024 * _example("billing-read-share", "%") / 100
                   * _example("billing-transfer-price", "USD per GiB")
                   * _example("billing-coolness", "days") / _example("billing-month-days", "days"))
    assert m.loc[1, "total"] + early_reads == pytest.approx(_example("billing-first-month", "USD"), abs=0.01)
    saving = 1 - m["total"].sum() / m["all_hot"].sum()
    assert saving * 100 == pytest.approx(_example("billing-six-month-saving", "%"), abs=0.1)


def test_by_month_settles_on_the_steady_state():
    # after a coolness period of warm-up, with no growth, a month costs the steady state plus the unallocated pool
    m = anf.cool_access_cost_by_month(100, 0.8, 0.3, 0.5, 62, "Premium", months=12, pool_tib=120)
    steady = anf.cool_access_monthly_cost_usd(100, 0.8, 0.3, 0.5, 62, "Premium")
    assert m.loc[12, "total"] - m.loc[12, "unallocated"] == pytest.approx(steady["total"], rel=1e-6)
    assert m.loc[12, "unallocated"] == pytest.approx(anf.monthly_capacity_cost_usd(20, "Premium"), rel=1e-9)


def test_the_coolness_period_delays_the_first_saving():
    # data just written waits the coolness period before it can cool: a 7-day period saves in month 1, 62 days not
    # before month 3; data that was already cool saves from month 1 either way
    short = anf.cool_access_cost_by_month(100, 0.8, 0.1, 0.0, 7)
    long = anf.cool_access_cost_by_month(100, 0.8, 0.1, 0.0, 62)
    assert short.loc[1, "cool"] > 0 and long.loc[2, "cool"] == 0 and long.loc[3, "cool"] > 0
    assert anf.cool_access_payback_month(short) < anf.cool_access_payback_month(long)
    existing = anf.cool_access_cost_by_month(100, 0.8, 0.1, 0.0, 62, data_already_cool=True)
    assert existing.loc[1, "cool"] > 0


def test_the_move_to_the_cool_tier_is_paid_once():
    m = anf.cool_access_cost_by_month(100, 0.8, 0.0, 0.0, 7, tiering_delay_days=0)
    moved = 100 * 1024 * 0.8 * anf.price("eastus", "Standard Storage with Cool Access Data Transfer")["price_usd"]
    assert m["transfer"].sum() == pytest.approx(moved)
    assert m.loc[1, "transfer"] == pytest.approx(moved)


def test_retrieval_policies_order_the_hot_capacity():
    # Never keeps read data cool, Default brings random reads back, OnRead every read
    hot = [anf.cool_access_monthly_cost_usd(100, 0.8, 0.2, 0.5, retrieval_policy=p)["hot"]
           for p in ("Never", "Default", "OnRead")]
    assert hot[0] < hot[1] < hot[2]


def test_growth_is_billed_hot_until_it_cools():
    flat = anf.cool_access_cost_by_month(100, 0.8, 0.1, 0.0, pool_tib=130)
    growing = anf.cool_access_cost_by_month(100, 0.8, 0.1, 0.0, pool_tib=130, growth_tib_per_month=2)
    assert growing.loc[12, "cool"] > flat.loc[12, "cool"]
    assert growing.loc[12, "unallocated"] < flat.loc[12, "unallocated"]
    assert (growing["all_hot"] == flat["all_hot"]).all()


def test_endpoints_scale_with_the_volume_limit():
    limit = cool_access.measured_volume_limit_mibps()
    e, extrapolated = cool_access.endpoints_for_volume_mibps(limit)
    assert e == cool_access.endpoints_mibps() and not extrapolated
    half, extrapolated = cool_access.endpoints_for_volume_mibps(limit / 2)
    assert half["hot", "sequential"] == pytest.approx(e["hot", "sequential"] / 2) and not extrapolated
    assert half["cool", "random"] == e["cool", "random"]
    assert cool_access.endpoints_for_volume_mibps(limit * 2)[1]


def test_the_2023_test_agrees_once_scaled_to_its_volume():
    # Microsoft, 2023: 100 TiB Standard, 64 KiB sequential, hot 1,683 MB/s, cool 899 MB/s; none of it in the model
    c = cool_access.independent_check()
    assert (c["relative_error"].abs() < 0.05).all()
    unscaled_error = (c["unscaled"] - c["measured"]) / c["measured"]
    assert unscaled_error.abs().max() > 0.5


def test_comparison_separates_arithmetic_from_predictions():
    kinds = cool_access.comparison()["kind"].value_counts()
    assert kinds["arithmetic"] == 4 and kinds["prediction"] == 3


def test_cool_access_sizing_keeps_the_throughput_the_workload_needs():
    # 50 TiB Premium, 80 % cool, 3,000 MiB/s. Without the throughput, cool access "saves" over 60 %. In East US
    # (2025 rule: 36 MiB/s per TiB) the quota must be 3000 / 36 = 83.3 TiB, an 84 TiB pool, and cool access costs
    # more than the 50 TiB pool without it; by the 2026 rule (40 TiB cool at 16, the rest at 64 MiB/s per TiB) the
    # quota is 40 + (3000 - 640) / 64 = 76.9 TiB and the saving is in single digits
    unconstrained = anf.cool_access_monthly_saving_usd(50, 0.8, 0.0, 0.0, service_level="Premium") / \
        anf.monthly_capacity_cost_usd(50, "Premium")
    assert unconstrained > 0.6
    east = anf.cool_access_sizing(50, 0.8, 3000, "Premium", "eastus")
    assert east["rule"] == "2025" and east["pool_tib"] == 50 and east["pool_tib_cool"] == 84
    assert east["saving"] < 0
    west = anf.cool_access_sizing(50, 0.8, 3000, "Premium", "eastus", rule="2026")
    assert west["pool_tib_cool"] == 77 and 0 < west["saving_share"] < 0.1
    # a workload that needs no more than the data's own quota grants loses nothing to the rule
    small = anf.cool_access_sizing(50, 0.8, 500, "Premium", "eastus")
    assert small["pool_tib_cool"] == 50 and small["saving_share"] > 0.6


def test_cool_access_quota_inverts_the_rules():
    # the throughput binds by the 2025 and 2026 rules: the quota found grants exactly the need; by the 2024 rule
    # the data binds (50 TiB grant 3,200 MiB/s)
    for rule in ("2025", "2026"):
        q = anf.cool_access_quota_tib(50, 40, 3000, "Premium", rule)
        assert float(anf.cool_access_volume_throughput_mibps(q, "Premium", 40, rule)) == pytest.approx(3000)
    assert anf.cool_access_quota_tib(50, 40, 3000, "Premium", "2024") == 50
    assert np.isnan(anf.cool_access_quota_tib(50, 40, 5000, "Premium", "2025"))   # above the regular ceiling


def test_flexible_is_in_every_cool_access_comparison():
    o = anf.cool_access_sizing_options(50, 0.8, 3000, "eastus")
    assert set(o["service_level"]) == set(anf.ALL_SERVICE_LEVELS)
    assert {(lvl, c) for lvl, c in zip(o["service_level"], o["cool_access"])} >= {("Flexible", True),
                                                                                  ("Flexible", False)}
    # savings are measured against the cheapest pool without cool access, here Flexible's, not Premium's
    best_hot = o[~o["cool_access"] & o["feasible"]].iloc[0]
    assert best_hot["service_level"] == "Flexible" and best_hot["saving_share"] == 0
    premium_cool = o[(o["service_level"] == "Premium") & o["cool_access"]].iloc[0]
    assert premium_cool["saving_share"] < 0


SIZING = {"data_tib": 50, "cool_share": 0.8, "throughput_mibps": 3000, "service_level": "Premium"}
BAD_INPUT += [
    (anf.cool_access_sizing, SIZING, "throughput_mibps", [(0, "throughput_mibps must be greater than 0 MiB/s, got 0")]),
    (anf.cool_access_sizing, SIZING, "service_level", [("Cold", "must be one of Standard, Premium, Ultra, Flexible")]),
    (anf.cool_access_sizing, SIZING, "rule", [("2027", "rule must be one of 2024, 2025, 2026")]),
    (anf.cool_access_sizing, SIZING, "cool_share", [(1.2, "must be between 0 and 1")]),
    (anf.cool_access_quota_tib, {"data_tib": 50, "cool_tib": 40, "throughput_mibps": 3000, "service_level": "Premium",
                                 "rule": "2025"}, "cool_tib", [(60, "cool_tib must be between 0 and 50 TiB")]),
]


def test_reading_all_the_data_every_month_leaves_nothing_cool_and_bills_no_transfer():
    # with the cool share and the read-back as two inputs, retrieval is billed only for reads of the data still in
    # the cool tier (what reads brought back is read from the hot tier): transfer GiB = cool-tier GiB x read-back
    # x (1 + h), here h = 1 (every read random)
    two = anf.cool_access_monthly_cost_usd(100, 0.8, 1.0, 1.0, 31, "Premium")
    cool_tier_gib = two["cool"] / (anf.price("eastus", "Standard Storage with Cool Access Capacity")["price_usd"]
                                   * units.HOURS_PER_MONTH)
    transfer_gib = two["transfer"] / anf.price("eastus", "Standard Storage with Cool Access Data Transfer")["price_usd"]
    assert transfer_gib == pytest.approx(cool_tier_gib * 1.0 * 2)
    # one access profile: all the data read each month, whatever the coolness period, keeps it all hot
    for days in (2, 31, 183):
        c = anf.cool_access_profile_cost_usd(100, 1.0, 1.0, days, "Premium")
        assert c["cool_share"] == 0 and c["transfer"] == 0 and c["total"] == pytest.approx(c["all_hot"])


def test_the_coolness_period_interacts_with_the_read_share():
    # rarely read data: the shortest period saves most; data read often: a longer period saves more than the
    # shortest, because the short one cools data that is read back soon after, and bills every such read
    rare, _ = anf.cool_access_best_coolness_period_days(100, 0.1, 1.0, "Standard")
    busy, busy_saving = anf.cool_access_best_coolness_period_days(100, 0.8, 1.0, "Standard")
    low = anf.coolness_periods_days()[0]
    assert rare == low and busy > low
    assert busy_saving > anf.cool_access_profile_saving_usd(100, 0.8, 1.0, low, "Standard")


@given(st.floats(0, 1), st.floats(0, 1), st.sampled_from([2, 7, 31, 62, 183]))
def test_the_profile_cools_less_when_read_more_or_cooled_later(m, h, days):
    p = anf.cool_access_profile(m, days, h)
    assert 0 <= p["cool_share"] <= 1 and p["cool_read_share"] >= 0
    assert anf.cool_access_profile(min(m + 0.05, 1.0), days, h)["cool_share"] <= p["cool_share"] + 1e-9
    assert anf.cool_access_profile(m, min(days * 2, 183), h)["cool_share"] <= p["cool_share"] + 1e-9


def test_break_even_read_share_is_where_the_saving_turns():
    m = anf.cool_access_break_even_read_share(100, 1.0, 2, "Standard")
    assert 0 < m < 1
    assert anf.cool_access_profile_saving_usd(100, m - 0.01, 1.0, 2, "Standard") > 0
    assert anf.cool_access_profile_saving_usd(100, m + 0.01, 1.0, 2, "Standard") < 0
    assert np.isnan(anf.cool_access_break_even_read_share(100, 0.0, 31, "Premium"))


PROFILE = {"data_tib": 100, "monthly_read_share": 0.2, "random_share": 0.5}
BAD_INPUT += [
    (anf.cool_access_profile_cost_usd, PROFILE, "monthly_read_share", [(1.5, "must be between 0 and 1")]),
    (anf.cool_access_profile_cost_usd, PROFILE, "coolness_period_days", [(200, "must be between 2 and 183 days")]),
    (anf.cool_access_profile_cost_usd, PROFILE, "retrieval_policy", [("Sometimes", "one of Default, OnRead, Never")]),
    (anf.cool_access_profile, {"monthly_read_share": 0.2}, "random_share", [(-1, "must be between 0 and 1")]),
]


def test_the_200_tib_exercise_uses_a_large_volumes_throughputs():
    # 200 TiB is no regular volume: the exercise must scale the endpoints to a large volume's limit (by the rule of
    # its region), not read them at the 50 TiB test volume's 3,400 MiB/s
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).parent.parent / "book" / "cool-access.ipynb").read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if "EX2 = dict(" in "".join(c["source"]))
    assert 'volume_type="large"' in source and "ex2_limit = " in source
    # the throughput is read at that limit, in the exercise's cell and on the site (the mix calculator offers it)
    code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "read_throughput_mibps(1.0, EX2[\"random_share\"], ex2_limit)" in code
    assert "VOLUME_LIMITS = (TEST_LIMIT, " in code and "ex2_limit)" in code
    limit = float(anf.cool_access_volume_throughput_mibps(200, "Premium", 100, "2025", volume_type="large"))
    assert limit > cool_access.measured_volume_limit_mibps()
    assert cool_access.read_throughput_mibps(1.0, 0.5, limit) != pytest.approx(cool_access.read_throughput_mibps(1.0, 0.5))


def _chapter_calculators(monkeypatch):
    """Every calculator of the chapter, by its draw function's name, built by running the chapter's code."""
    import json
    from pathlib import Path

    import storageperf_book

    made = {}

    class Recording(storageperf_book.Calculator):
        def __init__(self, draw, controls, **kwargs):
            super().__init__(draw, controls, **kwargs)
            made[draw.__name__] = self

    monkeypatch.setattr(storageperf_book, "Calculator", Recording)
    book = Path(__file__).parent.parent / "book"
    monkeypatch.chdir(book)
    namespace = {}
    for cell in json.loads((book / "cool-access.ipynb").read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)
    return made


def test_the_site_moves_the_inputs_that_carry_the_readers_question(monkeypatch):
    # the region (so that the 2026 rule appears), the reads and their random share move on the site, within the
    # state budget; the old controls left the region and the random share of the cost calculators fixed
    calcs = _chapter_calculators(monkeypatch)

    def moving(name):
        return {c.name for c in calcs[name].site_inputs()}

    assert "region" in moving("draw_limit") and "region" in moving("draw_sizing")
    assert {"monthly_read_share", "random_share"} <= moving("draw_cost")
    assert {"monthly_read_share", "random_share"} <= moving("draw_tradeoff")
    assert {"read_back_share", "random_share"} <= moving("draw_year")
    rules = {anf.cool_access_rule(r) for r in calcs["draw_limit"].controls["region"].options}
    assert rules == {"2025", "2026"}


def test_one_parameter_profile_cools_nearly_all_of_a_fifth_read():
    # the numbers for the one-parameter (exponential) profile: a fifth of the data read a month, the default
    # 31 days, sequential reads: 99 % of the data cool and 19 % of all the data read back from the cool tier a month
    p = anf.cool_access_profile(0.2)
    assert round(float(p["cool_share"]), 2) == 0.99 and round(float(p["cool_read_share"]), 2) == 0.19


def test_a_hot_working_set_is_read_without_cooling():
    # the same fifth read as a hot working set (every block read is read every month): the other 80 % is cool and
    # none of it is read back; with working_set_share 0 the profile is the one-parameter profile
    held = anf.cool_access_profile(0.2, working_set_share=1.0)
    assert held["cool_share"] == pytest.approx(0.8, abs=1e-12) and held["cool_read_share"] == 0
    for m in (0.0, 0.2, 0.7, 1.0):
        one = anf.cool_access_profile(m, 7, 0.5)
        same = anf.cool_access_profile(m, 7, 0.5, working_set_share=0.0)
        assert all(same[k] == pytest.approx(one[k]) for k in one)
    # in between: a working set w = f x m of the data, and the one-parameter profile over the rest, 1 - w of the
    # data, of which (m - w) / (1 - w) is read a month
    m, f = 0.5, 0.4
    w = f * m
    mixed = anf.cool_access_profile(m, 31, 1.0, working_set_share=f)
    rest = anf.cool_access_profile((m - w) / (1 - w), 31, 1.0)
    for key in ("cool_share", "cool_read_share", "recool_share"):
        assert mixed[key] == pytest.approx((1 - w) * rest[key], rel=1e-9)
    # arrays of either go through the same path
    both = anf.cool_access_profile(np.array([0.2, 0.5]), 31, 1.0, working_set_share=np.array([1.0, 0.4]))
    assert both["cool_share"] == pytest.approx([held["cool_share"], mixed["cool_share"]])


def test_a_working_set_moves_the_break_even_and_the_best_period():
    # spread over every block, Standard with a 2-day period costs more than no cool access from 78 % read a month
    # (the chapter's break-even); a working set of half the reads moves that up, and a working set of all of them
    # never costs more
    spread = anf.cool_access_break_even_read_share(100, 1.0, 2, "Standard")
    half = anf.cool_access_break_even_read_share(100, 1.0, 2, "Standard", working_set_share=0.5)
    assert 0 < spread < half < 1
    assert np.isnan(anf.cool_access_break_even_read_share(100, 1.0, 2, "Standard", working_set_share=1.0))
    # 80 % read on Standard: spread, a longer period saves most; as a working set every period saves the same
    busy, _ = anf.cool_access_best_coolness_period_days(100, 0.8, 1.0, "Standard")
    assert busy > anf.coolness_periods_days()[0]
    held = [anf.cool_access_profile_saving_usd(100, 0.8, 1.0, d, "Standard", working_set_share=1.0) for d in (2, 31, 183)]
    assert held[0] == pytest.approx(held[1]) == pytest.approx(held[2]) and held[0] > 0
    assert anf.cool_access_best_coolness_period_days(100, 0.8, 1.0, "Standard", working_set_share=1.0)[0] == 2


BAD_INPUT += [
    (anf.cool_access_profile, {"monthly_read_share": 0.2}, "working_set_share",
     [(1.5, "working_set_share must be between 0 and 1 (a fraction), got 1.5"), ("all", "must be a number")]),
    (anf.cool_access_break_even_read_share, {"data_tib": 100}, "working_set_share",
     [(-0.5, "working_set_share must be between 0 and 1")]),
]


def test_every_cool_access_calculator_offers_flexible_and_both_readings(monkeypatch):
    # cool access is available with Flexible (Microsoft's service-level page, read 2026-01-29: the limits table's
    # cool_access_service_levels); every calculator of the chapter offers it, and the two that price an access
    # profile let the reader read the share read as spread over every block or as a hot working set, on the site too
    calcs = _chapter_calculators(monkeypatch)
    assert "Flexible" in anf.cool_access_service_levels()
    for name in ("draw_cost", "draw_tradeoff", "draw_year"):
        assert tuple(calcs[name].controls["service_level"].options) == anf.cool_access_service_levels()
        assert "service_level" in {c.name for c in calcs[name].site_inputs()}
        answer, _ = calcs[name].answered(service_level="Flexible")
        assert "Flexible" in answer
    _, sizing = calcs["draw_sizing"].answered()
    assert any(label.startswith("Flexible") for label in sizing.data[0].x)
    for name in ("draw_cost", "draw_tradeoff"):
        reading = calcs[name].controls["reading"]
        assert "reading" in {c.name for c in calcs[name].site_inputs()} and len(reading.options) == 2
        answers = {calcs[name].answered(reading=r)[0] for r in reading.options}
        assert len(answers) == 2   # the two readings answer differently
