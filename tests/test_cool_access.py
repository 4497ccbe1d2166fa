import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

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
    assert long["transfer"] == short["transfer"]


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
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_a_longer_coolness_period_keeps_more_rehydrated_data_hot():
    # Little's law: the data random reads bring back stays hot for the whole coolness period, so a longer period
    # costs more (the model once stopped at one month: 31 and 183 days cost the same)
    cost = [anf.cool_access_monthly_cost_usd(100, 0.8, 0.05, 1.0, days, "Premium")["total"] for days in (31, 62, 183)]
    assert cost[0] < cost[1] < cost[2]
    # at most the cool data itself can be hot again: then it costs what keeping it all hot would, plus transfer
    full = anf.cool_access_monthly_cost_usd(100, 0.8, 1.0, 1.0, 183, "Premium")
    all_hot = anf.cool_access_monthly_cost_usd(100, 0.0, 0.0, 0.0, 183, "Premium")
    assert full["hot"] == pytest.approx(all_hot["hot"]) and full["cool"] == pytest.approx(0.0, abs=1e-9)
