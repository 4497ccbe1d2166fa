import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.concepts import queueing
from storageperf.platforms import azure_netapp_files as anf
from storageperf.sources import hpc_eda


def test_knowledge_check_question_2():
    # HPC module, knowledge check 2: "at least 50TiB" and "3,000MiB/sec"; options "Ultra + 25TiB",
    # "Premium + 50TiB", "Standard + 100Tib"; rates 128/64/16 MiB/s per TiB (fig3). Only Premium + 50 TiB fits.
    assert not anf.meets_need(25, "Ultra", 50, 3000)      # 25 x 128 = 3,200 MiB/s, but 25 < 50 TiB
    assert anf.meets_need(50, "Premium", 50, 3000)        # 50 x 64 = 3,200 MiB/s >= 3,000
    assert not anf.meets_need(100, "Standard", 50, 3000)  # 100 x 16 = 1,600 MiB/s < 3,000


def test_size_volume_for_the_knowledge_check():
    # 50 TiB and 3,000 MiB/s: Premium needs 3,000 / 64 = 46.9 TiB for throughput, so capacity (50 TiB) binds;
    # Standard needs 3,000 / 16 = 187.5 TiB, more than a regular volume's 100 TiB, and its ceiling is 1,600 MiB/s.
    r = anf.size_volume(50, 3000, "Premium")
    assert r["quota_tib"] == 50 and r["binding"] == "capacity" and r["feasible"]
    assert_allclose(r["throughput_mibps"], 3200, rtol=1e-12)
    s = anf.size_volume(50, 3000, "Standard")
    assert_allclose(s["quota_tib"], 187.5, rtol=1e-12)
    assert s["binding"] == "throughput" and not s["feasible"]


def test_size_volume_module_example():
    # Module: Premium, 64 MiB/s per TiB x 10 TiB = 640 MiB/s (read as TiB, hpc-eda-02)
    r = anf.size_volume(10, 640, "Premium")
    assert_allclose([r["quota_tib"], r["throughput_mibps"]], [10, 640], rtol=1e-12)


def test_latency_under_load_single_queue():
    # Lazowska et al. 1984, ch. 6: R = S / (1 - U); at U = 0.5 the response time doubles, at 0.9 it is 10 x
    assert_allclose(queueing.latency_under_load_ms([0, 25_000, 45_000], 0.4, 50_000), [0.4, 0.8, 4.0], rtol=1e-12)


def test_ops_at_latency_inverts_latency_under_load():
    assert_allclose(queueing.ops_at_latency(4.0, 0.4, 50_000), 45_000, rtol=1e-12)


@given(st.floats(0.05, 5), st.floats(1e3, 1e7), st.floats(0.5, 10), st.floats(1.001, 1000))
def test_latency_and_ops_round_trip(r0, xmax, k, ratio):
    # the load at a latency gives that latency back, and lies below Xmax
    x = queueing.ops_at_latency(r0 * ratio, r0, xmax, k)
    assert 0 < x < xmax
    assert_allclose(queueing.latency_under_load_ms(x, r0, xmax, k), r0 * ratio, rtol=1e-9)


@given(st.floats(0.05, 5), st.floats(1e3, 1e7), st.floats(0.5, 10))
def test_latency_rises_with_load(r0, xmax, k):
    r = queueing.latency_under_load_ms(np.linspace(0, 0.99, 50) * xmax, r0, xmax, k)
    assert r[0] == r0 and (np.diff(r) >= 0).all()


@given(st.floats(0.1, 2), st.floats(1e4, 1e6), st.sampled_from([1.0, 1.5, 2.0, 3.0]))
def test_fit_recovers_a_curve_it_generated(r0, xmax, k):
    x = np.linspace(0.05, 0.95, 12) * xmax
    fit = queueing.fit_load_curve(x, queueing.latency_under_load_ms(x, r0, xmax, k))
    assert fit["light_load_latency_ms"] == pytest.approx(queueing.latency_under_load_ms(x[0], r0, xmax, k))
    assert fit["sharpness"] == pytest.approx(k, abs=0.15)
    assert fit["max_ops_per_s"] == pytest.approx(xmax, rel=0.03)


def test_scaled_curve_is_linear_in_volumes():
    # Module, ANF Scalability: "maximum throughput can scale linearly" (~500% from 1 to 5 volumes)
    fit = {"light_load_latency_ms": 0.4, "max_ops_per_s": 60_000.0, "sharpness": 1.0}
    assert queueing.scaled_curve(fit, 5)["max_ops_per_s"] == 300_000
    assert queueing.scaled_curve(fit, 5)["light_load_latency_ms"] == 0.4


def test_curves_have_every_point():
    # fig5: 13 points for 100TiB*1 and 11 for 100TiB*5; SPEC 00143 16 load points, 00142 15, 00147 15
    n = hpc_eda.load_curves().groupby("curve").size().to_dict()
    assert n == {"module, 1 volume": 13, "module, 5 volumes": 11, "SPEC 00143, 1 large volume": 16,
                 "SPEC 00142, 6 large volumes": 15, "SPEC 00147, 1 large volume (breakthrough)": 15}


def test_fits_serve_every_measured_load_and_agree():
    c = hpc_eda.comparison()
    assert c["model"].notna().all()
    # every fitted curve within 35 % of every measured point (chapter: worst about 30 %)
    assert (c["relative_error"].abs() < 0.35).all()
    assert c.groupby("curve")["relative_error"].apply(lambda e: e.abs().median()).max() < 0.2


def test_spec_fit_uses_the_published_light_load_latency():
    # SPEC 00143: 110 job sets, 0.3 ms, the smallest latency of the result
    assert hpc_eda.fits().loc["SPEC 00143, 1 large volume", "light_load_latency_ms"] == pytest.approx(0.3)


LOAD = {"ops_per_s": 1, "light_load_latency_ms": 0.4, "max_ops_per_s": 50_000}
FARM = {"ops_per_s": 400_000, "latency_ms": 1.0, "capacity_tib": 100}
BAD_INPUT = [
    (anf.size_volume, {"capacity_tib": 50, "throughput_mibps": 3000, "service_level": "Premium"}, "capacity_tib",
     [(-3, "must be greater than 0 TiB, got -3")]),
    (anf.size_volume, {"capacity_tib": 50, "throughput_mibps": 3000, "service_level": "Premium"}, "service_level",
     [("Gold", "must be one of")]),
    (anf.meets_need, {"quota_tib": 50, "service_level": "Premium", "capacity_tib": 50, "throughput_mibps": 3000},
     "quota_tib", [(500, "must be between")]),
    (queueing.latency_under_load_ms, LOAD, "ops_per_s", [(60_000, "must be below max_ops_per_s (50000")]),
    (queueing.latency_under_load_ms, LOAD, "light_load_latency_ms", [(0, "must be greater than 0")]),
    (queueing.ops_at_latency, {"latency_ms": 0.8, "light_load_latency_ms": 0.4, "max_ops_per_s": 50_000},
     "latency_ms", [(0.1, "must be at least 0.4 ms")]),
    (queueing.fit_load_curve, {"ops_per_s": [1, 2, 3], "latency_ms": [0.3, 0.4, 0.5]}, "latency_ms",
     [([0.3, 0.3, 0.4], "at least two values above its smallest"), ([0.3, 0.4], "same length")]),
    (hpc_eda.bytes_per_op_kib, {"curve": "SPEC 00143, 1 large volume"}, "curve",
     [("module, 1 volume", "must be a SPEC curve"), ("SPEC 9", "curve must be one of")]),
    (hpc_eda.bytes_per_op_kib, {"curve": "SPEC 00143, 1 large volume"}, "reading",
     [("decimal", "reading must be one of as written, binary")]),
    (hpc_eda.spec_mb_readings, {}, "curve", [("module, 1 volume", "curve must be one of")]),
    (hpc_eda.farm_options, FARM, "ops_per_s", ["number"]),
    (hpc_eda.farm_options, FARM, "latency_ms", ["number"]),
    (hpc_eda.farm_options, FARM, "capacity_tib", ["number"]),
    (hpc_eda.farm_options, FARM, "region", [("mars", "region must be one of")]),
    (hpc_eda.farm_options, FARM, "bytes_per_op", [(0, "must be greater than 0 KiB, got 0"), ("big", "must be a number")]),
    (hpc_eda.volume_load, {"volume_type": "regular", "latency_ms": 2.0}, "volume_type",
     [("extra-large", "volume_type must be one of regular, large, breakthrough")]),
    (hpc_eda.volume_load, {"volume_type": "regular", "latency_ms": 2.0}, "latency_ms", [(0, "must be greater than 0")]),
    (hpc_eda.volume_load, {"volume_type": "regular", "latency_ms": 2.0}, "service_level", [("Gold", "must be one of")]),
    (hpc_eda.volume_load, {"volume_type": "regular", "latency_ms": 2.0}, "bytes_per_op",
     [(0, "must be greater than 0 KiB, got 0")]),
    (hpc_eda.regular_volume_curve, {"volumes": 1}, "volumes", [(2, "must be 1 or 6"), ("1", "must be 1 or 6")]),
    (queueing.scaled_curve, {"fit": {"max_ops_per_s": 1.0}, "volumes": 2}, "volumes", [(0, "must be at least 1, got 0")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_the_knee_is_the_volume_ceiling_in_operations():
    # SPEC 00143: one large volume, ~16 KB per op; its fitted wall times bytes per op is the 12,800 MiB/s ceiling
    k = hpc_eda.knee_check().set_index("id")
    assert abs(k.loc["SPEC 00143, 1 large volume", "relative_error"]) < 0.01
    assert abs(k.loc["SPEC 00142, 6 large volumes", "relative_error"]) < 0.02
    # breakthrough mode's "up to 50 GiB/s" is not where its wall is
    assert k.loc["SPEC 00147, 1 large volume (breakthrough)", "knee_mibps"] < 0.5 * k.loc[
        "SPEC 00147, 1 large volume (breakthrough)", "limit_mibps"]


def test_every_spec_op_moves_about_16_kb():
    sizes = [hpc_eda.bytes_per_op_kib(c) for c in hpc_eda.CURVES if c.startswith("SPEC")]
    assert max(sizes) - min(sizes) < 0.01 and 15 < sizes[0] < 17


def test_a_farm_needs_more_volumes_for_more_load_or_a_tighter_bound():
    base = hpc_eda.farm_options(2_000_000, 2.0, 500).set_index(["volume_type", "service_level"])
    more = hpc_eda.farm_options(4_000_000, 2.0, 500).set_index(["volume_type", "service_level"])
    tight = hpc_eda.farm_options(2_000_000, 0.8, 500).set_index(["volume_type", "service_level"])
    key = ("large", "Ultra")
    assert more.loc[key, "volumes"] > base.loc[key, "volumes"]
    assert tight.loc[key, "volumes"] >= base.loc[key, "volumes"]
    # each volume's limit stays within its type's ceiling
    assert (base["throughput_mibps"] <= [anf.volume_ceiling_mibps(level, t) for t, level in base.index]).all()


def test_the_farm_answer_is_within_what_was_measured_and_includes_flexible():
    o = hpc_eda.farm_options(400_000, 1.0, 100)
    assert not o.loc[0, "extrapolated"] and o.loc[0, "feasible"]
    assert "Flexible" in set(o.loc[o["feasible"], "service_level"])
    # regular volumes were measured from 2 ms (Microsoft's EDA page): under 1 ms they are flagged
    assert o.loc[o["volume_type"] == "regular", "extrapolated"].all()
    # a bound above every latency the curves measured is flagged too (SPEC 00143 to 2.3 ms, 00147 to 1.6 ms,
    # the regular volume to its edge, ~3 ms)
    assert hpc_eda.farm_options(400_000, 3.5, 100)["extrapolated"].all()


def test_the_farm_offers_each_volume_type_at_the_levels_microsoft_supports_today():
    o = hpc_eda.farm_options(400_000, 1.0, 200)
    for volume_type, rows in o.groupby("volume_type"):
        assert set(rows["service_level"]) == set(anf.supported_service_levels(volume_type))
    # a generally available Flexible large volume is planned, so the cheapest plan is not a preview one
    assert anf.volume_status(o.loc[0, "volume_type"], o.loc[0, "service_level"]) == "generally available"


def test_larger_operations_need_more_throughput_and_are_flagged():
    spec = hpc_eda.farm_options(400_000, 1.0, 100).set_index(["volume_type", "service_level"])
    big = hpc_eda.farm_options(400_000, 1.0, 100, bytes_per_op=64).set_index(["volume_type", "service_level"])
    key = ("large", "Ultra")
    assert big.loc[key, "volumes"] > spec.loc[key, "volumes"]
    assert big["extrapolated"].all()


def test_a_flexible_pool_allows_all_its_volumes_throughput():
    # Flexible: at most 640 MiB/s per TiB of pool (Microsoft, cost model): many small busy volumes need a larger pool
    o = hpc_eda.farm_options(4_000_000, 1.0, 10)
    per_tib = anf.flexible_throughput_range_mibps(1)[1]
    flex = o[(o["service_level"] == "Flexible") & o["feasible"]]
    assert len(flex)
    assert (flex["pool_tib"] * per_tib >= flex["volumes"] * flex["throughput_mibps"] - 1e-6).all()


def test_a_regular_volume_is_planned_from_its_own_measured_curve():
    # Microsoft Learn, "Benefits of using Azure NetApp Files for EDA" (ms.date 2025-10-13): one regular volume
    # carried 39,601 operations a second at 2 ms and 49,502 at the edge (~3 ms), 692 and 866 MiB/s.
    r = hpc_eda.volume_load("regular", 2.0)
    assert r["ops_per_s"] == pytest.approx(39_601) and r["ops_ceiling"] == pytest.approx(49_502)
    assert not r["extrapolated"]
    assert hpc_eda.volume_load("regular", 3.0)["ops_per_s"] == pytest.approx(49_502)
    # 400,000 ops/s under 2 ms need ceil(400,000 / 39,601) = 11 regular volumes at any level, not the knee
    # rule's 2 (a regular volume's 4,500 MiB/s ceiling in SPEC's ~16 KiB operations is about 290,000 ops/s)
    o = hpc_eda.farm_options(400_000, 2.0, 200)
    regular = o[o["volume_type"] == "regular"]
    assert (regular["volumes"] == 11).all() and not regular["extrapolated"].any()
    # each volume carries no more than its ceiling, and its limit covers the measured edge's throughput share
    assert (o["ops_per_volume"] <= o["ops_ceiling"]).all()
    assert (regular["throughput_mibps"] >= 400_000 / 11 / 39_601 * 866 - 1e-6).all()


def test_a_regular_volume_beyond_its_measured_range_is_flagged():
    # measured from 2 ms to the edge (~3 ms): a tighter or looser bound is extrapolated, and never more than the edge
    for bound in (1.0, 1.5, 5.0):
        r = hpc_eda.volume_load("regular", bound)
        assert r["extrapolated"] and r["ops_per_s"] <= 49_502
    assert hpc_eda.volume_load("regular", 1.0)["ops_per_s"] < 39_601
    assert not hpc_eda.volume_load("regular", 2.5)["extrapolated"]
    # a Standard regular volume's 1,600 MiB/s ceiling is above the edge's 866 MiB/s: operations bind at every level
    assert hpc_eda.volume_load("regular", 2.0, "Standard")["ops_ceiling"] == pytest.approx(49_502)


def test_six_regular_volumes_carry_six_times_one_within_ten_percent():
    # the same page: six regular volumes, 255,613 ops/s at 2 ms and 317,000 at the edge
    one, six = hpc_eda.regular_volume_curve(1), hpc_eda.regular_volume_curve(6)
    ratio = six["ops_per_s"] / (6 * one["ops_per_s"])
    assert ((ratio > 1.0) & (ratio < 1.1)).all()


def test_knowledge_check_4_key_follows_the_module_charts():
    # fig10 (the module's tuning options): B (sysctl) alone 1.8 / 9.8 ms at 22,500 / 27,000 ops/s against NONE's
    # 1.4 / 9.8, its wall no further; A+B (sysctl on top of nocto,actimeo) 1.2 / 2.0 / 7.6 ms at 36,000 to 45,000
    # against A's 2.3 / 13.8 / 15.3, and on to 49,500 where A stops at 45,000. So sysctl is in the key.
    e = hpc_eda.tuning_effects().set_index(["option", "with"])
    assert not e.loc[("sysctl", "B"), "helps"] and e.loc[("sysctl", "A+B"), "helps"]
    assert e.loc[("sysctl", "A+B"), "reach_ratio"] == pytest.approx(49_500 / 45_000)
    assert e.loc[("sysctl", "A+B"), "latency_change_ms"] == pytest.approx(-7.7)  # median of -1.1, -11.8, -7.7
    key = hpc_eda.knowledge_check_4()
    assert [o for o, helps in key.items() if helps] == ["nconnect", "actimeo and nocto", "sysctl"]
    # NFSv4.1 stops at 18,000 ops/s where NFSv3 went on to 58,500; rsize and wsize were never measured
    assert key["NFS 4.1 instead of NFS 3"] is False and key["rsize and wsize"] is None


def test_the_site_moves_the_sizing_calculators_data_to_hold():
    # The chapter's first calculator: the data to hold carries the reader's question, so the site must move it
    # (a short menu: the module's example, the exercise's input, the knowledge check's 50 TiB, a full regular volume)
    # within the state budget; a slider of 100 positions did not fit.
    import ast
    import json
    from pathlib import Path

    pytest.importorskip("storageperf_book")
    nb = json.loads((Path(__file__).parents[1] / "book" / "hpc-eda.ipynb").read_text(encoding="utf-8"))
    ns = {}
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
        if "def draw_sizing" in src:
            tree = ast.parse(src)
            last = tree.body.pop()
            exec(compile(tree, "sizing", "exec"), ns)
            calc = eval(compile(ast.Expression(last.value), "sizing", "eval"), ns)
            break
        exec(src, ns)
    site = {c.name: c for c in calc.site_inputs()}
    assert "capacity_tib" in site
    module = ns["module"]
    assert set(site["capacity_tib"].options) == {module["example_quota"], ns["ex_cap"], module["quiz2_capacity_min"],
                                                 anf.quota_range_tib("regular")[1]}
    assert calc.defaults()["capacity_tib"] == module["quiz2_capacity_min"]


@pytest.mark.parametrize("shrink", [1.0, 0.5, 0.25])
def test_a_large_volume_serves_no_more_operations_when_each_moves_fewer_bytes(shrink):
    # the knee rule turns the ceiling in bytes into operations; smaller operations must not raise that ceiling
    # above the one at the measured mix, and the most SPEC measured from one large volume bounds a plan
    spec = hpc_eda.FARM_BASIS["large"][0]
    op = hpc_eda.bytes_per_op_kib(spec)
    at_mix = hpc_eda.volume_load("large", 2.0)["ops_ceiling"]
    assert hpc_eda.volume_load("large", 2.0, bytes_per_op=op * shrink)["ops_ceiling"] == pytest.approx(at_mix)
    curve = hpc_eda.load_curves()
    most = float(curve.loc[curve["curve"] == spec, "ops_per_s"].max())
    plan = hpc_eda.farm_options(most * 2.5, 2.0, 100, bytes_per_op=op * shrink)
    large = plan[(plan["volume_type"] == "large") & plan["feasible"]]
    assert not large.empty and (large["ops_per_volume"] <= at_mix * (1 + 1e-9)).all()


@pytest.mark.parametrize("volume_type", ["regular", "large", "breakthrough"])
@pytest.mark.parametrize("bound", [1.0, 2.5])
def test_a_volumes_eda_latency_is_the_inverse_of_the_load_it_carries_under_a_bound(volume_type, bound):
    load = hpc_eda.volume_load(volume_type, bound, "Ultra")
    top = anf.volume_ceiling_mibps("Ultra", volume_type)
    got = hpc_eda.volume_latency_ms(volume_type, load["ops_per_s"], top, "Ultra")
    assert got["latency_ms"] == pytest.approx(bound, rel=1e-6) and got["basis"] == load["basis"]
    # a little more load waits longer; the whole ceiling is never served
    assert hpc_eda.volume_latency_ms(volume_type, load["ops_per_s"] * 1.01, top, "Ultra")["latency_ms"] > bound
    assert math.isinf(hpc_eda.volume_latency_ms(volume_type, got["ops_ceiling"] * 1.01, top, "Ultra")["latency_ms"])


def test_less_throughput_given_means_more_latency_for_the_same_eda_load():
    at = [hpc_eda.volume_latency_ms("large", 300_000, mibps)["latency_ms"] for mibps in (12_800, 8_000, 6_000)]
    assert at == sorted(at) and at[0] < at[-1]
    with pytest.raises(ValueError, match="throughput_mibps"):
        hpc_eda.volume_latency_ms("large", 300_000, 0)


def test_spec_mb_is_read_as_written_and_the_other_reading_is_shown():
    # SPEC's results write "MB/sec" and define no MB (source_discrepancies hpc-eda-15): the model reads the label as
    # written (the rows' unit, MB = 10^6 bytes), not the reading whose knee lands on the ceiling
    r = hpc_eda.spec_mb_readings()
    assert list(r.index) == ["as written", "binary"]
    assert r.loc["as written", "unit"] == "MB" and r.loc["binary", "unit"] == "MiB"
    assert r["planned"].tolist() == [True, False]
    # 00143 at 1,760 job sets: 12,780 MB/s over 792,046 ops/s; the binary reading is 2^20 / 10^6 times larger
    assert_allclose(r.loc["binary", "bytes_per_op_kib"] / r.loc["as written", "bytes_per_op_kib"], 1.048576,
                    rtol=1e-9)
    assert_allclose(r.loc["as written", "bytes_per_op_kib"], hpc_eda.bytes_per_op_kib("SPEC 00143, 1 large volume"))
    # the knee rule lands on 12,800 MiB/s in one reading and about 5 % above it in the other: it decides nothing
    assert abs(r.loc["as written", "relative_error"]) < 0.01
    assert 0.03 < abs(r.loc["binary", "relative_error"]) < 0.07
    assert r.loc["binary", "ops_ceiling"] < r.loc["as written", "ops_ceiling"]
    from storageperf import data
    d = data.load("source_discrepancies").set_index("id")
    assert d.loc["hpc-eda-15", "document"] == "spec-storage2020-00143"


def test_the_load_a_volume_carries_under_a_bound_is_the_load_whose_latency_is_that_bound():
    # volume_load (the planner) and volume_latency_ms (the studio's judge) read one curve: at the load the first
    # gives for a bound, the second gives that bound back, also where the service level's ceiling is below the
    # curve's edge (a Standard regular volume at 64 KiB an operation)
    from storageperf.sources import hpc_eda

    for volume_type in hpc_eda.FARM_BASIS:
        low, high = hpc_eda.latency_curves()["types"][volume_type]["measured"]
        for level in anf.supported_service_levels(volume_type):
            for op in (None, 8.0, 64.0):
                for bound in np.linspace(low, high, 5):
                    load = hpc_eda.volume_load(volume_type, bound, level, op)
                    if load is None:
                        continue
                    mibps = load["ops_ceiling"] * load["bytes_per_op_kib"] / 1024
                    got = hpc_eda.volume_latency_ms(volume_type, load["ops_per_s"], mibps, level, op)
                    assert got["latency_ms"] == pytest.approx(bound, rel=1e-6), (volume_type, level, op, bound)
