"""The sizing studio: storageperf.studio against the chapters' own calculators, and the site's arithmetic
(book/_static/studio.js, run by Node.js) against storageperf.studio on thousands of random workloads and every edge."""
import json
import math
import re
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from storageperf import data, studio
from storageperf.platforms import azure_netapp_files as anf
from storageperf.platforms import azure_vm
from storageperf.sources import cassandra_disk_caching as cass
from storageperf.sources import cool_access, large_volumes
from storageperf.sources import cvo_google_cloud as cvo
from storageperf_book.studio_page import facts_json

ROOT = Path(__file__).resolve().parent.parent
STUDIO_JS = ROOT / "book" / "_static" / "studio.js"
NUMBERS = ("headroom", "monthly_usd", "horizon_usd", "usd_per_mibps", "provisioned_tib", "limit_mibps")
EXACT = ("option", "platform", "feasible", "binding", "price_complete", "latency_basis", "extrapolated", "status",
         "facts", "chapter")
RTOL = 1e-4   # 0.01 %


def _row(frame, option):
    return frame.set_index("option").loc[option]


# ---- the studio gives what the chapters' own calculators give -----------------------------------------------------

def test_the_hpc_knowledge_check_workload_costs_what_the_sizing_calculator_says():
    need = studio.workload(50, mibps=3000)
    o = studio.options(50, mibps=3000)
    chapter = anf.sizing_options(need["capacity_tib"], need["mibps"])
    for level, size in chapter.items():
        row = _row(o, f"Azure NetApp Files {level}, regular volume")
        assert row["feasible"] == bool(size["feasible"])
        if size["feasible"]:
            assert row["monthly_usd"] == pytest.approx(float(size["usd"]), rel=1e-12)
    assert o.loc[0, "option"] == f"Azure NetApp Files {anf.cheapest_service_level(50, 3000)[0]}, regular volume"


def _chapter_values(monkeypatch, notebook, names):
    """What a chapter puts for its prose under ``names``: its code cells run in order until all are put."""
    from storageperf_book import display

    monkeypatch.setattr(display, "VALUES", {})
    monkeypatch.chdir(ROOT / "book")
    namespace = {}
    for cell in json.loads((ROOT / "book" / notebook).read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), notebook, "exec"), namespace)  # noqa: S102 - the chapter's own cells
            if set(names) <= set(display.VALUES):
                return [display.VALUES[n] for n in names]
    raise AssertionError(f"{notebook} puts none of {names}")


def test_the_module_example_gets_the_studios_flexible_pool_in_both_chapters(monkeypatch):
    # The HPC/EDA module's example: 100,000 IOPS of 16 KiB, in its 10 TiB Premium volume. Performance basics and
    # HPC/EDA both size a Flexible pool for it; both must give the studio's answer, pool and month.
    from storageperf.concepts import bandwidth

    module = data.load("hpc_eda_module").set_index("id")["value"]
    need = bandwidth.bandwidth_mibps(module["example_iops"], module["example_transfer_size"])
    o = studio.options(module["example_quota"], mibps=need)
    first = o[o["option"].str.startswith(f"{studio.ANF} Flexible")].iloc[0]
    for notebook, names in (("performance-basics.ipynb", ("flex_pool", "flex_usd")),
                            ("hpc-eda.ipynb", ("ex_pool_Flexible", "ex_cost_Flexible"))):
        pool_tib, usd = _chapter_values(monkeypatch, notebook, names)
        assert float(pool_tib) == first["provisioned_tib"], notebook
        assert float(usd) == pytest.approx(first["monthly_usd"], rel=1e-12), notebook


def test_the_cool_access_test_volume_costs_what_the_cool_access_calculator_says():
    limit = cool_access.measured_volume_limit_mibps()
    size = anf.pool_range_tib()[0] * 10
    o = studio.options(size, mibps=limit, cold_share=0.8)
    for level in anf.cool_access_service_levels():
        s = anf.cool_access_sizing(size, 0.8, limit, level)
        row = _row(o, f"Azure NetApp Files {level}, regular volume with cool access")
        assert row["feasible"] == bool(math.isfinite(s["usd_cool"]))
        if row["feasible"]:
            assert row["monthly_usd"] == pytest.approx(s["usd_cool"], rel=1e-12)
            assert row["provisioned_tib"] == s["pool_tib_cool"]


def test_the_cassandra_node_is_bounded_by_the_cassandra_chapters_disk_path():
    disk = azure_vm.limit(studio.VM_DISK, "size", "TiB")
    disks = int(cass.setup()["disk_count"])
    path = cass.disk_path_limits("None")
    for share in (0.5, 1.0, 1.5):
        need_mb = path["throughput_mb_per_s"] * share
        o = studio.options(disk * disks, mibps=float(studio.units.convert(need_mb, "MB/s", "MiB/s")),
                           io_kib=256)
        row = _row(o, f"Self-managed server, {cass.VM_SIZE} with {studio.VM_DISK} disks")
        assert row["feasible"] == (share <= 1.0)
        assert row["monthly_usd"] != row["monthly_usd"]   # no VM or disk price: NaN, never ranked as cheapest
        assert not row["price_complete"]
        # the size is End of Life: the row says so, as every self-managed row says its size's status
        assert row["status"] == azure_vm.sale_status(cass.VM_SIZE)["text"] != "generally available"
        assert all(r["status"] == azure_vm.sale_status(r["option"].split(", ")[1].split()[0])["text"]
                   for _, r in o[o["platform"] == studio.VM].iterrows())


def test_cloud_volumes_ontap_rows_carry_the_latency_tr_4816_measured_at_their_mix():
    mix = cvo.workload_mix("streaming_reads")
    got = cvo.measured("n1-standard-8", "streaming_reads")
    need = float(studio.units.convert(got["mb_per_s"], "MB/s", "MiB/s")) / 2
    o = studio.options(1, mibps=need, io_kib=mix["block_size_kib"], read_share=mix["read_share"])
    row = _row(o, "Cloud Volumes ONTAP, n1-standard-8")
    assert row["latency_basis"] == "measured" and row["latency_ms"] == got["read_latency_ms"]
    tight = studio.options(1, mibps=need, io_kib=mix["block_size_kib"], read_share=mix["read_share"],
                           latency_ms=got["read_latency_ms"] / 2)
    assert not _row(tight, "Cloud Volumes ONTAP, n1-standard-8")["feasible"]
    assert _row(studio.options(1, mibps=need), "Cloud Volumes ONTAP, n1-standard-8")["latency_basis"] == (
        "measured" if (mix["block_size_kib"], mix["read_share"]) == (64, 1.0) else "none")


def test_a_self_managed_server_serves_its_reads_through_its_network(monkeypatch):
    vm, name = "Standard_DS14_v2", f"Self-managed server, Standard_DS14_v2 with {studio.VM_DISK} disks"
    uncached = azure_vm.limit(vm, "uncached_mb_per_s", "MB/s")
    assert "network" not in _row(studio.options(1, mibps=100, io_kib=1024), name)["binding"]
    limit = azure_vm.limit
    # a VM whose network carried less than its disks: its reads, not its writes, are held to the network
    monkeypatch.setattr(azure_vm, "limit", lambda r, q, u: uncached / 4 if q == "network" else limit(r, q, u))
    assert "network" in _row(studio.options(1, mibps=100, io_kib=1024, read_share=1.0), name)["binding"]
    assert "network" not in _row(studio.options(1, mibps=100, io_kib=1024, read_share=0.0), name)["binding"]


def test_azure_netapp_files_rows_are_held_to_what_the_clients_move():
    one = large_volumes.client_mibps("sequential read")
    many = studio.options(200, mibps=one * 1.2, io_kib=256, clients=2)
    few = studio.options(200, mibps=one * 1.2, io_kib=256, clients=1)
    name = "Azure NetApp Files Ultra, large volume"
    assert _row(many, name)["feasible"] and not _row(few, name)["feasible"]
    assert "clients" in _row(few, name)["binding"]
    assert _row(studio.options(200, mibps=one * 1.2, io_kib=256), name)["feasible"]


def test_rows_without_a_complete_price_are_never_ranked_as_cheapest():
    o = studio.options(1, mibps=50)
    complete = o["feasible"] & o["price_complete"] & o["horizon_usd"].notna()
    assert complete.any() and (~o["price_complete"] & o["feasible"]).any()
    first_incomplete = int(np.argmax((~complete).to_numpy()))
    assert complete.iloc[:first_incomplete].all() and not complete.iloc[first_incomplete:].any()


def test_cool_access_rows_cost_the_move_to_the_cool_tier_over_the_horizon():
    o = studio.options(50, mibps=500, cold_share=0.9, months=3)
    row = _row(o, "Azure NetApp Files Standard, regular volume with cool access")
    assert row["feasible"] and row["horizon_usd"] > 3 * row["monthly_usd"]


@pytest.mark.parametrize("kwargs, message", [
    ({"capacity_tib": 0, "mibps": 1}, "capacity_tib must be greater than 0"),
    ({"capacity_tib": 1}, "give one of mibps and ops_per_s"),
    ({"capacity_tib": 1, "mibps": 1, "ops_per_s": 1}, "give one of mibps and ops_per_s"),
    ({"capacity_tib": 1, "mibps": 1, "read_share": 1.5}, "read_share must be between 0 and 1"),
    ({"capacity_tib": 1, "mibps": 1, "cold_share": -0.1}, "cold_share must be between 0 and 1"),
    ({"capacity_tib": 1, "mibps": 1, "region": "mars"}, "region must be one of"),
    ({"capacity_tib": 1, "mibps": 1, "months": 0}, "months must be a whole number from 1 to 120"),
    ({"capacity_tib": 1, "mibps": 1, "growth_tib_per_month": -1}, "growth_tib_per_month must be at least 0"),
    ({"capacity_tib": 1, "mibps": 1, "latency_ms": 0}, "latency_ms must be greater than 0"),
    ({"capacity_tib": 1, "mibps": 1, "clients": 0}, "clients must be a whole number"),
])
def test_bad_workloads_get_one_line_messages(kwargs, message):
    with pytest.raises(ValueError, match=message):
        studio.options(**kwargs)


# ---- the page's arithmetic is the model's ----------------------------------------------------------------------

def run_page(workloads, tmp_path):
    """studio.js's answers for a list of workloads, run by Node.js."""
    (tmp_path / "facts.json").write_text(facts_json())
    (tmp_path / "workloads.json").write_text(json.dumps(workloads))
    script = f"""
import {{ options }} from {json.dumps(STUDIO_JS.as_uri())};
import {{ readFileSync }} from "node:fs";
const F = JSON.parse(readFileSync({json.dumps(str(tmp_path / "facts.json"))}, "utf8"));
const W = JSON.parse(readFileSync({json.dumps(str(tmp_path / "workloads.json"))}, "utf8"));
const out = W.map((w) => options(F, w).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) =>
  [k, typeof v === "number" && !Number.isFinite(v) ? null : v]))));
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def random_workloads(n, seed):
    rng = np.random.default_rng(seed)
    regions = studio.regions()
    out = []
    for _ in range(n):
        w = {"capacity_tib": float(np.exp(rng.uniform(np.log(0.05), np.log(3000)))),
             "io_kib": float(rng.choice([4, 8, 64, 1, 16, 32, 128, 256, float(np.exp(rng.uniform(0, np.log(1024))))])),
             "read_share": float(rng.choice([0.0, 1.0, rng.uniform(), rng.uniform(), rng.uniform()])),
             "cold_share": float(rng.choice([0.0, rng.uniform(), rng.uniform()])),
             "region": str(rng.choice(regions)), "months": int(rng.integers(1, 121)),
             "growth_tib_per_month": float(rng.choice([0.0, rng.uniform(0, 5)]))}
        rate = float(np.exp(rng.uniform(np.log(5), np.log(80000))))
        if rng.uniform() < 0.3:
            w["ops_per_s"] = rate * 1024 / w["io_kib"]
        else:
            w["mibps"] = rate
        if rng.uniform() < 0.3:
            w["latency_ms"] = float(rng.uniform(0.2, 10))
        if rng.uniform() < 0.3:
            w["clients"] = int(rng.integers(1, 20))
        if rng.uniform() < 0.3:
            w["load"] = "eda"
        out.append(w)
    return out


def edge_workloads():
    """Zero cold share, needs exactly at each published ceiling, and a need no option carries."""
    ceilings = sorted({c for t in ("regular", "large", "breakthrough") for c in
                       studio.facts()["anf"]["volume_types"][t]["ceiling"].values()})
    edges = [{"capacity_tib": 50, "mibps": c, "cold_share": 0.0} for c in ceilings]
    edges += [{"capacity_tib": 50, "mibps": c, "cold_share": 0.5, "read_share": 1.0, "io_kib": 64} for c in ceilings]
    edges += [{"capacity_tib": 10 ** 5, "mibps": 10 ** 6}, {"capacity_tib": 0.01, "mibps": 1, "cold_share": 1.0},
              {"capacity_tib": anf.quota_range_tib()[1], "mibps": 1, "cold_share": 1.0},
              {"capacity_tib": anf.pool_range_tib()[1], "mibps": 1, "months": 120, "growth_tib_per_month": 0.0}]
    for name in cvo.WORKLOADS:   # TR-4816's mixes: rows with a measured latency, under a bound and above it
        mix = cvo.workload_mix(name)
        need = float(studio.units.convert(cvo.measured("n1-standard-8", name)["mb_per_s"], "MB/s", "MiB/s")) / 2
        for bound in (None, cvo.result_latency_ms(cvo.measured("n1-standard-8", name))):
            edges.append({"capacity_tib": 1, "mibps": need, "io_kib": mix["block_size_kib"],
                          "read_share": mix["read_share"], **({} if bound is None else {"latency_ms": bound})})
    return edges


def _agree(workloads, page):
    for w, got in zip(workloads, page):
        want = studio.options(**w).to_dict("records")
        assert [r["option"] for r in got] == [m["option"] for m in want], w
        for r, m in zip(got, want):
            for k in EXACT:
                assert r[k] == m[k], (w, r["option"], k, r[k], m[k])
            for k in NUMBERS:
                a, b = r[k], m[k]
                if b != b:
                    assert a is None, (w, r["option"], k, a)
                else:
                    assert a == pytest.approx(b, rel=RTOL), (w, r["option"], k, a, b)


def test_every_edge_answers_alike_in_the_page_and_the_model(tmp_path):
    edges = edge_workloads()
    page = run_page(edges, tmp_path)
    _agree(edges, page)
    assert not studio.options(capacity_tib=10 ** 5, mibps=10 ** 6)["feasible"].any()


#: Random workloads a half of the differential test draws; two halves run side by side (pytest -n 2, --dist loadscope).
RANDOM_HALF = 3000


class TestRandomWorkloadsFirstHalf:
    def test_random_workloads_answer_alike(self, tmp_path):
        w = random_workloads(RANDOM_HALF, seed=1)
        _agree(w, run_page(w, tmp_path))


class TestRandomWorkloadsSecondHalf:
    def test_random_workloads_answer_alike(self, tmp_path):
        w = random_workloads(RANDOM_HALF, seed=2)
        _agree(w, run_page(w, tmp_path))


# ---- the options no other beats on cost and headroom -------------------------------------------------------------

def _beats(b, a):   # by the cost the studio ranks by: over the horizon, to the cent
    bu, au = (math.floor(x["horizon_usd"] * 100 + 0.5) for x in (b, a))
    return (bu <= au and b["headroom"] >= a["headroom"]
            and (bu < au or b["headroom"] > a["headroom"]))


@pytest.mark.parametrize("workload", [
    {"capacity_tib": 50, "mibps": 3000},                               # the HPC/EDA module's knowledge check
    {"capacity_tib": 50, "mibps": 500, "cold_share": 0.9, "months": 3},
    {"capacity_tib": 4, "mibps": 400, "read_share": 0.5, "io_kib": 8},
])
def test_the_frontier_is_the_priced_options_no_other_beats_on_both(workload):
    o = studio.options(**workload)
    on = studio.frontier(o)
    assert on.index.equals(o.index) and on.dtype == bool
    priced = o[o["feasible"] & o["price_complete"] & o["horizon_usd"].notna()]
    assert not on[~o.index.isin(priced.index)].any()          # no feasible, complete price: not weighed
    for i, a in priced.iterrows():
        beaten = any(_beats(b, a) for j, b in priced.iterrows() if j != i)
        assert on[i] == (not beaten), (workload, a["option"])
    cheapest = priced[priced["horizon_usd"] == priced["horizon_usd"].min()]
    assert on[cheapest["headroom"].idxmax()]   # the cheapest, with the most headroom of those, is on it


def test_rows_that_tie_on_cost_and_headroom_both_stay_on_the_frontier():
    # made-up rows to test the rule: two alike, one dearer with less headroom, one without a price
    frame = pd.DataFrame({"feasible": [True, True, True, True], "price_complete": [True, True, True, False],
                                 "horizon_usd": [10.0, 10.0, 20.0, math.nan], "headroom": [0.5, 0.5, 0.4, 0.9]})
    assert studio.frontier(frame).tolist() == [True, True, False, False]


# ---- inside what was measured: the row a reader acts on ---------------------------------------------------------

def test_a_large_volume_carries_no_more_writes_than_microsoft_measured():
    most = large_volumes.measured_volume_mibps("sequential write")
    size = large_volumes.block_size_kib("sequential write")
    above = studio.options(200, mibps=most * 1.3, io_kib=size, read_share=0.0)
    for level in anf.supported_service_levels("large"):
        row = _row(above, f"Azure NetApp Files {level}, large volume")
        assert not row["feasible"] and "most measured from a large volume" in row["binding"], row["binding"]
    below = _row(studio.options(200, mibps=most * 0.9, io_kib=size, read_share=0.0),
                 "Azure NetApp Files Ultra, large volume")
    assert below["feasible"] and below["limit_mibps"] == pytest.approx(most)   # the measurement caps the limit


def test_a_workload_in_operations_is_held_to_each_volume_types_measured_operation_rate():
    size = large_volumes.block_size_kib("random read")
    ops = large_volumes.measured_volume_mibps("random read") / size * 1024   # IOPS the article measured
    o = studio.options(200, ops_per_s=ops * 1.5, io_kib=size)
    assert not _row(o, "Azure NetApp Files Ultra, large volume")["feasible"]
    assert _row(o, "Azure NetApp Files Ultra, breakthrough mode")["feasible"]   # measured far above it
    assert not o.loc[0, "extrapolated"] and "large volume" not in o.loc[0, "option"]


def test_a_row_beyond_what_was_measured_says_so_and_ranks_after_every_row_inside_it():
    # 1 KiB I/O: below every size any benchmark measured, on every volume type
    o = studio.options(50, mibps=200, io_kib=1)
    anf_rows = o[o["platform"] == studio.ANF]
    assert anf_rows["extrapolated"].all()
    assert anf_rows["binding"].str.contains("beyond what was measured").all()
    # 128 KiB reads: outside the regular volume's curves, inside what large volumes were measured at
    o = studio.options(60, mibps=2000, io_kib=128)
    first = o.iloc[0]
    assert first["feasible"] and not first["extrapolated"] and "regular" not in first["option"], first["option"]


def test_the_size_is_said_to_be_set_by_the_smallest_volume_when_it_is_not_the_data():
    low = anf.quota_range_tib("large")[0]
    row = _row(studio.options(low / 5, mibps=100), "Azure NetApp Files Premium, large volume")
    assert "smallest large volume" in row["binding"] and "the data sets" not in row["binding"]


def test_an_input_an_option_cannot_use_is_said_in_its_row():
    o = studio.options(50, mibps=500, cold_share=0.8)
    without_cool = o[o["chapter"] != "cool-access"]
    assert without_cool["binding"].str.contains("the cold share is not used").all()
    assert not o[o["chapter"] == "cool-access"]["binding"].str.contains("the cold share is not used").any()
    assert not studio.options(50, mibps=500)["binding"].str.contains("cold share").any()


def test_under_a_latency_bound_rows_known_to_meet_it_rank_before_rows_whose_latency_is_not_known():
    # made-up rows to test the rule: the cheaper row's latency is not known
    frame = pd.DataFrame({"option": ["cheap, latency not known", "dearer, latency measured"],
                          "feasible": [True, True], "price_complete": [True, True], "horizon_usd": [10.0, 20.0],
                          "extrapolated": [False, False], "latency_basis": ["none", "measured"],
                          "status": ["generally available"] * 2})
    assert studio.rank(frame)["option"].tolist() == frame["option"].tolist()               # no bound: by cost
    assert studio.rank(frame, latency_bound=True)["option"].tolist() == frame["option"].tolist()[::-1]
    # and the rows of options() whose latency is not known say so
    o = studio.options(1, mibps=100, latency_ms=1.0)
    assert o.loc[o["latency_basis"] == "none", "binding"].str.contains("latency not known").all()


def test_vm_rows_offer_the_sizes_sold_today_and_mark_those_that_are_not():
    o = studio.options(4, mibps=300, io_kib=256)
    vm = o[o["platform"] == studio.VM]
    sold = vm[vm["status"].map(studio.certainty) == 0]
    assert set(sold["option"].str.split(", ").str[1].str.split().str[0]) == set(azure_vm.UNCACHED_SIZES)
    assert (vm[vm["status"].map(studio.certainty) == 2]["option"].str.contains("_v2")).all()
    assert sold["binding"].str.contains("bursts to").all()
    # a size sold today ranks before an End of Life size that costs the same (neither is priced)
    ranks = {r["option"]: i for i, r in o.iterrows()}
    e16 = ranks[f"Self-managed server, Standard_E16ds_v6 with {studio.VM_DISK} disks"]
    ds14 = ranks[f"Self-managed server, Standard_DS14_v2 with {studio.VM_DISK} disks"]
    assert vm.set_index("option").loc[[k for k in ranks if k in set(vm["option"])], "feasible"].any()
    assert e16 < ds14


@pytest.mark.parametrize("seed", [3, 4])
def test_for_any_workload_the_first_row_is_inside_what_was_measured_or_says_it_is_not(seed):
    for w in random_workloads(150, seed=seed):
        o = studio.options(**w)
        first = o.iloc[0]
        if first["extrapolated"]:
            assert "beyond what was measured" in first["binding"], (w, first["binding"])
        group = [0 if f and p and u == u else 1 if f else 2
                 for f, p, u in zip(o["feasible"], o["price_complete"], o["horizon_usd"])]
        for g in set(group):
            beyond = o["extrapolated"].to_numpy()[np.array(group) == g]
            assert list(beyond) == sorted(beyond), (w, g)   # inside first, then beyond


def test_a_cold_archive_larger_than_one_regular_volume_is_offered_cool_access_on_several():
    # more data than the largest regular volume, most of it cold: one volume cannot hold it, several can
    high = anf.quota_range_tib("regular")[1]
    o = studio.options(high * 4.5, mibps=500, cold_share=0.88)
    cool = o[o["option"].str.contains("regular volumes with cool access in one pool")]
    assert cool["feasible"].any()
    best_cool = cool[cool["feasible"]].iloc[0]
    hot = o[o["feasible"] & o["price_complete"] & (o["chapter"] != "cool-access")].iloc[0]
    assert o.loc[0, "option"] == best_cool["option"] and best_cool["horizon_usd"] < hot["horizon_usd"]
    # split n ways: each volume sized as the cool-access chapter sizes one, their quotas in one pool
    row = _row(o, "Azure NetApp Files Standard, 5 regular volumes with cool access in one pool")
    one = anf.cool_access_sizing(high * 4.5 / 5, 0.88, 500 / 5, "Standard")
    assert row["feasible"] and row["provisioned_tib"] == anf.pool_size_tib(5 * one["quota_tib_cool"])
    data_usd = anf.cool_access_monthly_cost_usd(high * 4.5, 0.88, 0.0, 0.0, service_level="Standard")["total"]
    pool_usd = anf.monthly_capacity_cost_usd(row["provisioned_tib"], "Standard")
    unallocated = pool_usd * (1 - high * 4.5 / row["provisioned_tib"])    # none here: the data fills the pool
    assert row["monthly_usd"] == pytest.approx(data_usd + unallocated, rel=1e-9)
    assert row["monthly_usd"] < pool_usd


def test_a_cold_archive_is_offered_cool_access_on_one_large_volume():
    # Microsoft's page said large volumes could not use cool access in 2023 and says they can today
    assert "large" in anf.cool_access_volume_types()
    data_tib, cold, need = anf.quota_range_tib("regular")[1] * 4.5, 0.88, 1000
    o = studio.options(data_tib, mibps=need, cold_share=cold)
    row = _row(o, "Azure NetApp Files Standard, large volume with cool access")
    hot = _row(o, "Azure NetApp Files Standard, large volume")
    one = anf.cool_access_sizing(data_tib, cold, need, "Standard", volume_type="large")
    assert row["feasible"] and row["provisioned_tib"] == one["pool_tib_cool"]
    assert row["monthly_usd"] == pytest.approx(one["usd_cool"], rel=1e-9) and row["monthly_usd"] < hot["monthly_usd"]
    assert "azure_netapp_files_cool_access_support" in row["facts"] and "cold share" not in row["binding"]
    # less data than the smallest large volume: the smallest quota sets it, and the binding says so
    small = _row(studio.options(20, mibps=500, cold_share=0.8), "Azure NetApp Files Premium, large volume with cool access")
    assert small["feasible"] and small["binding"].startswith(
        f"the smallest large volume, {anf.quota_range_tib('large')[0]:,.1f} TiB, sets the quota")
    # above what a large volume was measured to move, it does not carry the workload, and says why
    writes = _row(studio.options(800, mibps=11_000, read_share=0, cold_share=0.5),
                  "Azure NetApp Files Ultra, large volume with cool access")
    assert not writes["feasible"] and "most measured from a large volume" in writes["binding"]


def test_manual_qos_carries_a_standard_need_on_fewer_volumes_where_automatic_qos_cannot():
    auto = anf.volume_ceiling_mibps("Standard", "regular")
    manual = anf.limit("volume_ceiling_regular_manual_qos", "MiB/s")
    need = auto * 3   # three Standard volumes with automatic QoS; fewer with manual QoS
    o = studio.options(100, mibps=need)
    n_auto, n_manual = math.ceil(need / auto), math.ceil(need / manual)
    assert n_manual < n_auto
    several = _row(o, f"Azure NetApp Files Standard, {n_auto} regular volumes in one pool")
    qos = _row(o, f"Azure NetApp Files Standard, {n_manual} regular volumes with manual QoS")
    assert several["feasible"] and qos["feasible"] and "manual QoS" in qos["binding"]
    assert qos["monthly_usd"] == pytest.approx(several["monthly_usd"])   # one pool, the same size: the layout moves
    # where automatic QoS already reaches the regular-volume maximum, manual QoS is not offered
    assert not o["option"].str.contains("(?:Premium|Ultra).*manual QoS").any()


def test_the_database_check_says_what_it_is_and_cites_cassandras_advice_on_network_storage():
    cells = json.loads((ROOT / "book" / "sizing-studio.ipynb").read_text())["cells"]
    prose = next("".join(c["source"]) for c in cells if "consistency check" in "".join(c["source"]))
    assert "not a validation" in prose and "replication factor" in prose
    assert "{cite}`studio-cassandra_hardware`" in prose
    bib = (ROOT / "book" / "references.bib").read_text()
    commit = data.row("documents", "cassandra-hardware")["where"].split("commit ")[1][:8]
    assert re.search(r"@misc\{cassandra_hardware,[^@]*hardware\.adoc, commit " + commit, bib)


def test_an_eda_load_gets_each_volumes_latency_from_its_measured_curve_and_a_bound_it_misses_rules_it_out():
    from storageperf.sources import hpc_eda

    farm = {"capacity_tib": 100, "ops_per_s": 400_000, "io_kib": hpc_eda.latency_curves()["spec_op"]}
    general = studio.options(**farm, latency_ms=1.0)
    eda = studio.options(**farm, latency_ms=1.0, load="eda")
    assert (general["latency_basis"] != "none").sum() < (eda["latency_basis"] != "none").sum()
    # one large volume: the latency of the SPEC curve at the throughput the row gives it
    for level in ("Ultra", "Premium"):
        row = _row(eda, f"Azure NetApp Files {level}, large volume")
        limit = _row(studio.options(**farm), f"Azure NetApp Files {level}, large volume")["limit_mibps"]
        want = hpc_eda.volume_latency_ms("large", farm["ops_per_s"], limit, level, farm["io_kib"])["latency_ms"]
        assert row["feasible"] == (want <= 1.0)
        assert (row["latency_ms"] if row["feasible"] else float(row["binding"].split(", ")[1].split()[0])) == \
            pytest.approx(want, abs=0.005)
    # the first row carries it inside the bound, its latency known
    top = eda.iloc[0]
    assert top["feasible"] and top["latency_ms"] <= 1.0 and "EDA latency" in top["binding"]
    # the regular volume's curve ends at the edge Microsoft measured: past it, no regular row carries the load
    assert not eda[eda["option"].str.contains("regular volume") & ~eda["option"].str.contains("cool")]["feasible"].any()
    with pytest.raises(ValueError, match="load"):
        studio.options(**farm, load="EDA")
