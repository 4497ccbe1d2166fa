"""The sizing studio in the browser: answers as the model does, reranks, pins, refuses bad input by name."""
import csv
import json
import re
from urllib.parse import parse_qsl

from website.browsing import SHARED, STUDIO, built_commit, luminance, open_studio, studio_table, switch_theme


def test_the_studio_opens_at_the_inputs_of_its_link_and_answers_as_the_model_does(browser, server):
    from storageperf import studio

    page, problems = open_studio(browser, server)
    for name, value in SHARED.items():
        assert page.input_value(f"#studio-{name}") == value
    want = studio.options(capacity_tib=50, mibps=2000, io_kib=64, read_share=0.7, latency_ms=2, cold_share=0.6,
                          region="westeurope")
    rows = studio_table(page)
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows] == want["option"].tolist()
    # the link's bound is one no option's latency is known to meet: the answer says so and names no cheapest
    assert studio.verdict(want, latency_bound=True) == "latency not known"
    assert page.inner_text("#studio-answer").startswith("No option is known to meet your latency bound of 2 ms")
    assert problems == []
    page.close()


def test_a_change_reranks_and_lands_in_the_link(browser, server):
    # how fast it answers is make bench's to say (tools/benchmark.py): a test never depends on the machine's speed
    page, _ = open_studio(browser, server)
    before = page.inner_text("#studio-answer")
    page.evaluate("""() => { const i = document.getElementById('studio-mibps'); i.value = '9000';
        i.dispatchEvent(new Event('input', {bubbles: true})); }""")
    assert page.inner_text("#studio-answer") != before   # answered at once, in the same event
    page.wait_for_url(re.compile(r"[?&]mibps=9000(&|$)"))   # the link follows once the answer is drawn
    page.close()


def test_a_pinned_answer_stays_beside_the_next_workloads_and_regions_read_by_name(browser, server):
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    page, problems = open_studio(browser, server)
    assert page.input_value("#studio-region") == "westeurope"
    # the answer names its region, by its Azure name and its billing name, and the date and age of its prices
    answer = page.inner_text("#studio-answer")
    assert f"westeurope ({anf.region_names()['westeurope']})" in answer
    # how close the first row runs to what it is sized to, said in the answer when it names one
    tight = studio.options(capacity_tib=50, mibps=2000, io_kib=64, read_share=0.7, cold_share=0.6,
                           region="westeurope").iloc[0]
    page.fill("#studio-latency_ms", "")
    used = f"the workload uses {round((1 - tight['headroom']) * 100)} % of the {tight['limit_mibps']:,.0f} MiB/s"
    assert used in page.inner_text("#studio-answer"), page.inner_text("#studio-answer")
    page.fill("#studio-latency_ms", SHARED["latency_ms"])
    assert f"snapshot of {anf.PRICE_SNAPSHOT_DATE} (" in answer and "days before today" in answer
    oldest, newest = studio.limits_dates()[studio.ANF]
    assert f"Microsoft's pages of {oldest} to {newest}" in answer
    assert page.is_hidden("#studio-pinned")
    page.click("#studio-pin")
    page.fill("#studio-mibps", "9000")

    def column(j):
        return page.evaluate("j => [...document.querySelectorAll('#studio-pinned tbody tr')]"
                             ".map(tr => tr.children[j].textContent)", j)

    first = dict(capacity_tib=50, io_kib=64, read_share=0.7, latency_ms=2, cold_share=0.6, region="westeurope")
    pinned, now = (studio.options(mibps=m, **first) for m in (2000, 9000))
    top = [t.loc[t["feasible"]].iloc[0] for t in (pinned, now)]
    assert [column(1)[1], column(2)[1]] == [t["option"] for t in top]
    assert "2,000 MiB/s" in column(1)[0] and "9,000 MiB/s" in column(2)[0] and anf.region_names()["westeurope"] in column(1)[0]
    assert column(1)[2] == f"{round(top[0]['monthly_usd']):,}"
    page.fill("#studio-mibps", "lots")  # no answer now: the pinned one stays, and nothing can be pinned
    assert column(1)[1] == top[0]["option"] and column(2)[1] == "—" and page.is_disabled("#studio-pin")
    page.click("#studio-unpin")
    assert page.is_hidden("#studio-pinned") and page.evaluate("document.activeElement.id") == "studio-capacity_tib"
    assert problems == []
    page.close()


def test_the_options_download_as_csv_and_json(browser, server, tmp_path):
    from storageperf.platforms import azure_netapp_files as anf

    page, _ = open_studio(browser, server)
    rows = studio_table(page)
    with page.expect_download() as got:
        page.click("#studio-csv")
    # named after the workload: its region, data, need and the prices' date
    assert got.value.suggested_filename == (f"studio-{SHARED['region']}-{SHARED['capacity_tib']}tib-"
                                            f"{SHARED['mibps']}mibps-prices-{anf.PRICE_SNAPSHOT_DATE}.csv")
    path = tmp_path / "options.csv"
    got.value.save_as(path)
    table = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [r["option"] for r in table] == [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows]
    # each row carries the inputs it answers, the region by both its names, and the prices' date
    inputs = dict(parse_qsl(table[0]["workload"]))
    assert all(inputs[k] == v for k, v in SHARED.items() if k in ("capacity_tib", "mibps", "region")), inputs
    assert table[0]["region"] == f"{SHARED['region']} ({anf.region_names()[SHARED['region']]})"
    assert {r["prices_of"] for r in table} == {anf.PRICE_SNAPSHOT_DATE}
    with page.expect_download() as got:
        page.click("#studio-json")
    got.value.save_as(tmp_path / "options.json")
    saved = json.loads((tmp_path / "options.json").read_text(encoding="utf-8"))
    assert saved["workload"]["region"] == "westeurope" and len(saved["options"]) == len(rows)
    page.close()


def test_the_studio_works_from_the_keyboard(browser, server):
    page, _ = open_studio(browser, server)
    page.focus("#studio-capacity_tib")
    page.keyboard.press("Control+a")
    page.keyboard.type("500")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "studio-mibps"
    page.wait_for_url(re.compile(r"[?&]capacity_tib=500(&|$)"))   # the link follows once the answer is drawn
    before = page.inner_text("#studio-answer")
    page.keyboard.press("Control+a")
    page.keyboard.type("20000")
    assert page.inner_text("#studio-answer") != before
    page.close()


def test_the_studio_reads_in_dark_mode_and_on_a_phone(browser, server):
    page, problems = open_studio(browser, server, width=390, colour_scheme="dark")
    switch_theme(page, "dark")
    text = page.evaluate("getComputedStyle(document.querySelector('#studio-options td')).color")
    back = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert abs(luminance(text) - luminance(back)) > 0.4
    # on a phone the page does not scroll sideways: the table scrolls in its own box
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert problems == []
    page.close()


def _studio_error_cleared(page):
    """What the studio shows of an answer: its ranked rows, the best few, the chart's points, and the downloads."""
    return page.evaluate("""() => ({
        rows: document.querySelectorAll('#studio-options tbody tr').length,
        best: document.querySelectorAll('#studio-best li').length,
        points: document.querySelectorAll('#studio-chart circle').length,
        csv: document.getElementById('studio-csv').disabled,
        json: document.getElementById('studio-json').disabled})""")


def test_an_unknown_region_in_the_link_is_refused_by_name_never_priced_as_another(browser, server):
    typo = {**SHARED, "region": SHARED["region"][:-1]}  # the link's region with its last letter lost
    page, problems = open_studio(browser, server, typo)
    error = page.inner_text("#studio-error")
    assert f"'{typo['region']}'" in error and "Azure region" in error
    assert SHARED["region"] in error  # what it plainly means, offered
    assert _studio_error_cleared(page) == {"rows": 0, "best": 0, "points": 0, "csv": True, "json": True}
    assert "Cheapest" not in page.inner_text("#studio-answer")
    assert f"region={typo['region']}" in page.url and problems == []
    page.close()
    # another spelling of a region the guide prices is read as that region, and the page says so
    shouted = {**SHARED, "region": SHARED["region"].upper()}
    page, problems = open_studio(browser, server, shouted)
    assert page.input_value("#studio-region") == shouted["region"]
    assert page.inner_text("#studio-error") == "" and f"{SHARED['region']} (" in page.inner_text("#studio-answer")
    assert shouted["region"] in page.inner_text("#studio-note") and SHARED["region"] in page.inner_text("#studio-note")
    assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
    page.close()


def test_a_region_is_found_by_its_azure_name_or_its_billing_name(browser, server):
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    page, problems = open_studio(browser, server)
    billing = anf.region_names()["northeurope"]
    for typed in ("North Europe", billing, "northeurope"):
        page.fill("#studio-region", typed)
        assert page.inner_text("#studio-error") == ""
        assert f"northeurope ({billing})" in page.inner_text("#studio-answer"), typed
    want = studio.options(capacity_tib=float(SHARED["capacity_tib"]), mibps=float(SHARED["mibps"]),
                          io_kib=float(SHARED["io_kib"]), read_share=float(SHARED["read_share"]),
                          latency_ms=float(SHARED["latency_ms"]), cold_share=float(SHARED["cold_share"]),
                          region="North Europe")
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in studio_table(page)] == want["option"].tolist()
    page.fill("#studio-region", "Norh Europe")
    assert "Azure region must be one of the" in page.inner_text("#studio-error")
    assert "'Norh Europe'" in page.inner_text("#studio-error") and problems == []
    page.close()


def test_an_invalid_input_names_its_label_and_value_and_clears_the_answer(browser, server):
    page, problems = open_studio(browser, server)
    assert _studio_error_cleared(page)["rows"] > 1
    before = page.inner_text("#studio-answer")
    page.focus("#studio-capacity_tib")
    page.keyboard.press("Control+a")
    page.keyboard.type("abc")
    assert page.inner_text("#studio-error") == "Data to hold (TiB) must be a number; got 'abc'"
    assert _studio_error_cleared(page) == {"rows": 0, "best": 0, "points": 0, "csv": True, "json": True}
    assert page.inner_text("#studio-answer") != before and "Cheapest" not in page.inner_text("#studio-answer")
    assert "capacity_tib=abc" in page.url
    # a value out of range is named by its label too, with what was typed
    page.keyboard.press("Control+a")
    page.keyboard.type(SHARED["capacity_tib"])
    page.focus("#studio-read_share")
    page.keyboard.press("Control+a")
    page.keyboard.type("-" + SHARED["read_share"])
    error = page.inner_text("#studio-error")
    assert error.startswith("Share of reads (0 to 1) must be") and f"got '-{SHARED['read_share']}'" in error
    assert "undefined" not in error and "read_share" not in error
    assert _studio_error_cleared(page)["rows"] == 0
    page.keyboard.press("Control+a")
    page.keyboard.type(SHARED["read_share"])
    assert page.inner_text("#studio-error") == "" and page.inner_text("#studio-answer") == before
    assert problems == []
    page.close()


def test_a_number_written_with_thousands_separators_in_the_link_is_read_as_that_number(browser, server):
    from storageperf import studio

    need = int(SHARED["mibps"])
    page, problems = open_studio(browser, server, {**SHARED, "mibps": f"{need:,}"})
    assert page.inner_text("#studio-error") == ""
    want = studio.options(capacity_tib=float(SHARED["capacity_tib"]), mibps=need, io_kib=float(SHARED["io_kib"]),
                          read_share=float(SHARED["read_share"]), latency_ms=float(SHARED["latency_ms"]),
                          cold_share=float(SHARED["cold_share"]), region=SHARED["region"])
    assert [r[1].replace(" ◆", "") for r in studio_table(page)] == want["option"].tolist()
    assert problems == []
    page.close()


def test_the_best_few_options_stand_side_by_side_above_the_table(browser, server):
    page, problems = open_studio(browser, server)
    rows = page.evaluate("[...document.querySelectorAll('#studio-options tbody tr.feasible th')]"
                         ".map(th => th.textContent.replace(' ◆', ''))")
    best = page.evaluate("[...document.querySelectorAll('#studio-best li')].map(li => li.innerText)")
    assert 1 < len(best) <= len(rows)
    for name, text in zip(rows, best):
        assert text.startswith(name)
        for word in ("over the horizon", "a month", "Headroom", "What binds", "Status", "Measured"):
            assert word in text, (word, text)
    # above the table, and side by side on a wide screen
    assert page.evaluate("document.getElementById('studio-best').compareDocumentPosition("
                         "document.getElementById('studio-options')) & Node.DOCUMENT_POSITION_FOLLOWING")
    tops = page.evaluate("[...document.querySelectorAll('#studio-best li')].map(li => li.getBoundingClientRect().top)")
    assert len(set(tops)) == 1
    assert problems == []
    page.close()


def test_the_reader_can_hide_the_options_that_do_not_carry_it_and_the_link_keeps_it(browser, server):
    page, problems = open_studio(browser, server)
    shown = "[...document.querySelectorAll('#studio-options tbody tr')].filter(tr => tr.offsetParent !== null)"
    every = page.evaluate(f"{shown}.length")
    page.check("#studio-carries")
    carried = page.evaluate(f"{shown}.map(tr => tr.className)")
    assert 0 < len(carried) < every and set(carried) == {"feasible"}
    assert "carries=1" in page.url
    page.goto(page.url)
    page.wait_for_function("window.studioReady === true")
    assert page.is_checked("#studio-carries") and page.evaluate(f"{shown}.length") == len(carried)
    assert problems == []
    page.close()


def test_the_charts_points_are_labelled_on_hover_and_keyboard_focus(browser, server):
    page, problems = open_studio(browser, server)
    points = page.locator("#studio-chart .studio-point")
    assert points.count() > 1
    page.focus("#studio-chart .studio-point")
    tip = page.locator("#studio-chart-tip")
    assert tip.is_visible()
    first = tip.inner_text()
    assert first and page.evaluate("document.activeElement.getAttribute('aria-label')").startswith(first.split(":")[0])
    page.keyboard.press("ArrowRight")  # the next point, from the keyboard
    assert page.evaluate("document.activeElement.classList.contains('studio-point')")
    assert tip.is_visible() and tip.inner_text() != first
    page.locator("#studio-chart .studio-point").last.hover()
    assert tip.is_visible()
    assert tip.inner_text().split(":")[0] == points.last.get_attribute("aria-label").split(":")[0]
    assert problems == []
    page.close()


def test_the_chart_and_the_diamonds_use_the_cost_that_ranks(browser, server):
    from storageperf import studio

    # the shortest horizon the form takes, where a month's cost and the horizon's order options differently
    query = {**SHARED, "months": "1"}
    page, problems = open_studio(browser, server, query)
    o = studio.options(capacity_tib=float(SHARED["capacity_tib"]), mibps=float(SHARED["mibps"]),
                       io_kib=float(SHARED["io_kib"]), read_share=float(SHARED["read_share"]),
                       latency_ms=float(SHARED["latency_ms"]), cold_share=float(SHARED["cold_share"]),
                       region=SHARED["region"], months=1)
    priced = o[o["feasible"] & o["price_complete"] & o["horizon_usd"].notna()].assign(
        cents=lambda f: (f["horizon_usd"] * 100).round())  # costs equal to the cent are equal
    front = {a.option for a in priced.itertuples()
             if not any(b.option != a.option and b.cents <= a.cents and b.headroom >= a.headroom
                        and (b.cents < a.cents or b.headroom > a.headroom) for b in priced.itertuples())}
    marked = {r[1].replace(" ◆", "") for r in studio_table(page) if r[1].endswith(" ◆")}
    assert marked == front
    assert "USD over the horizon (1 month)" in page.text_content("#studio-chart")
    assert "over the horizon" in page.inner_text("#studio-caption")
    assert problems == []
    page.close()


def test_the_studio_charts_text_reads_in_the_dark_theme(browser, server):
    page, problems = open_studio(browser, server, colour_scheme="dark")
    switch_theme(page, "dark")
    back = page.evaluate("getComputedStyle(document.body).backgroundColor")
    fills = page.evaluate("[...document.querySelectorAll('#studio-chart text')].map(t => getComputedStyle(t).fill)")
    assert fills and all(abs(luminance(f) - luminance(back)) > 0.4 for f in fills), (back, set(fills))
    assert problems == []
    page.close()


def test_on_a_phone_the_cost_shows_and_the_charts_text_is_legible(browser, server):
    page, problems = open_studio(browser, server, width=390)
    # each option is a card of labelled lines: what it costs, whether it carries it and what binds it are on screen
    width = page.evaluate("window.innerWidth")
    for label in ("USD over the horizon", "Carries it", "What binds"):
        cell = page.locator(f'#studio-options tbody tr:first-child td[data-label="{label}"]')
        box = cell.bounding_box()
        assert cell.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= width, (label, box)
        assert label in page.evaluate("c => getComputedStyle(c, '::before').content", cell.element_handle())
    sizes = page.evaluate("""() => { const svg = document.getElementById('studio-chart'), k = svg.getScreenCTM().a;
        return [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * k); }""")
    assert sizes and min(sizes) >= 12, sizes
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert problems == []
    page.close()


def test_on_a_wide_screen_the_table_is_whole_and_more_columns_are_a_toggle_away(browser, server):
    page, problems = open_studio(browser, server, width=1280)
    wrap = "document.querySelector('.studio-table-wrap:has(#studio-options)')"
    assert page.evaluate(f"{wrap}.scrollWidth <= {wrap}.clientWidth + 1")
    limit = page.locator("#studio-options th", has_text="Limit (MiB/s)")
    assert not limit.is_visible()
    page.check("#studio-more")
    assert limit.is_visible()
    assert problems == []
    page.close()


def test_opened_from_the_file_system_the_studio_says_it_needs_to_be_served(browser, html_dir):
    page = browser.new_page()
    page.goto((html_dir / STUDIO).as_uri(), wait_until="load")
    page.wait_for_timeout(300)
    text = page.inner_text("#studio-app")
    assert "python -m http.server" in text
    page.close()


def test_the_studios_answer_says_when_its_first_row_is_beyond_measurement_or_its_latency_unknown(browser, server):
    from storageperf import studio

    # SHARED has a latency bound that no Azure NetApp Files row can answer
    page, problems = open_studio(browser, server)
    o = studio.options(**{k: v if k == "region" else float(v) for k, v in SHARED.items()})
    assert o.loc[0, "latency_basis"] == "none" and studio.verdict(o, latency_bound=True) == "latency not known"
    answer = page.inner_text("#studio-answer")
    # no option is known to meet the bound: the answer says so and names no cheapest
    assert answer.startswith("No option is known to meet your latency bound of") and "Cheapest" not in answer
    assert o.loc[0, "option"] not in answer
    page.close()
    # 1 KiB I/O: below every size a benchmark ran, so every Azure NetApp Files row is beyond what was measured
    tiny = {"capacity_tib": "50", "mibps": "200", "io_kib": "1", "region": "eastus"}
    page, problems2 = open_studio(browser, server, tiny)
    top = studio.options(capacity_tib=50, mibps=200, io_kib=1).iloc[0]
    assert top["extrapolated"]
    answer = page.inner_text("#studio-answer")
    assert answer.startswith("Cheapest, beyond what was measured,") and "beyond what was measured (" in answer
    assert problems == [] and problems2 == []
    page.close()


def test_an_eda_load_gets_its_latency_from_the_measured_curves_and_a_mistyped_kind_is_refused(browser, server):
    from storageperf import studio

    # the HPC/EDA chapter's farm: operations a second of the measured mix's size, under a bound
    eda = {"capacity_tib": "100", "ops_per_s": "400000", "io_kib": "16", "latency_ms": "1", "region": "eastus",
           "load": "eda"}
    page, problems = open_studio(browser, server, eda)
    assert page.input_value("#studio-load") == "eda"
    want = studio.options(capacity_tib=100, ops_per_s=400000, io_kib=16, latency_ms=1, load="eda")
    rows = studio_table(page)
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows] == want["option"].tolist()
    assert want.loc[0, "latency_basis"] != "none" and "EDA latency" in page.inner_text("#studio-answer")
    assert studio.verdict(want, latency_bound=True) == "carries it"
    # the same workload as any load: no curve, so no option is known to meet the bound
    page.select_option("#studio-load", "general")
    assert page.inner_text("#studio-answer").startswith("No option is known to meet your latency bound of 1 ms")
    page.wait_for_url(re.compile(r"^(?!.*load=eda)"))
    # an I/O size other than SPEC's mix: the curves' latencies are extrapolated, and the answer says so
    page.select_option("#studio-load", "eda")
    page.fill("#studio-io_kib", "8")
    eight = studio.options(capacity_tib=100, ops_per_s=400000, io_kib=8, latency_ms=1, load="eda")
    assert studio.verdict(eight, latency_bound=True) == "latency extrapolated"
    answer = page.inner_text("#studio-answer")
    assert "inside what was measured: " in answer and f"the first in the table {eight.loc[0, 'option']}" in answer
    page.close()
    page, problems2 = open_studio(browser, server, {**eda, "load": "ed"})
    assert page.inner_text("#studio-error") == "Kind of load must be general or eda; got 'ed'"
    assert _studio_error_cleared(page)["rows"] == 0 and problems == [] and problems2 == []


def test_the_access_pattern_chooses_the_curve_in_the_page_as_in_the_model_and_a_mistyped_one_is_refused(browser,
                                                                                                         server):
    from storageperf import studio

    # 32 KiB at 70 % reads, between the random and the sequential curves' sizes: read apart, never blended
    query = {"capacity_tib": "60", "mibps": "2500", "io_kib": "32", "read_share": "0.7", "access": "sequential"}
    page, problems = open_studio(browser, server, query)
    assert page.input_value("#studio-access") == "sequential"
    target = round(studio.default_target_utilization() * 100)   # NetApp's optimal point (data/platforms/ontap_headroom.csv)
    assert (f"read as sequential I/O, sized for the need at {target} % of each limit (NetApp's optimal point):"
            in page.inner_text("#studio-answer"))
    for access in ("sequential", "random", None):
        if access is None:
            page.select_option("#studio-access", "")
        else:
            page.select_option("#studio-access", access)
        want = studio.options(60, mibps=2500, io_kib=32, read_share=0.7, access=access)
        rows = studio_table(page)
        assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows] == want["option"].tolist(), access
    assert "read as random I/O (from its size), sized" in page.inner_text("#studio-answer")
    # a target utilization of the reader's: every limit sized for the need over it, as the model sizes it
    page.fill("#studio-target_utilization", "1")
    want = studio.options(60, mibps=2500, io_kib=32, read_share=0.7, target_utilization=1)
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in studio_table(page)] == want["option"].tolist()
    assert "sized for the need at 100 % of each limit:" in page.inner_text("#studio-answer")
    page.close()
    page, problems2 = open_studio(browser, server, {**query, "access": "mixed"})
    assert page.inner_text("#studio-error") == "Access pattern must be one of random, sequential; got 'mixed'"
    assert _studio_error_cleared(page)["rows"] == 0 and problems == [] and problems2 == []


def test_the_studios_answer_says_when_its_first_row_is_in_preview(browser, server):
    from storageperf import studio

    # a small, mostly cold workload of large I/O that breakthrough mode (in preview) carries the cheapest
    query = {"capacity_tib": "0.3", "mibps": "80", "io_kib": "256", "read_share": "0.73", "cold_share": "0.87"}
    top = studio.options(0.3, mibps=80, io_kib=256, read_share=0.73, cold_share=0.87).iloc[0]
    assert top["status"] == "preview" and top["feasible"] and top["price_complete"]
    page, problems = open_studio(browser, server, query)
    assert f": {top['option']} (preview), " in page.inner_text("#studio-answer")
    # at 64 KiB the cheapest is generally available, and named without it
    page.evaluate("""() => { const i = document.getElementById('studio-io_kib'); i.value = '64';
        i.dispatchEvent(new Event('input', {bubbles: true})); }""")
    top = studio.options(0.3, mibps=80, io_kib=64, read_share=0.73, cold_share=0.87).iloc[0]
    assert top["status"] == "generally available"
    answer = page.inner_text("#studio-answer")
    assert f": {top['option']}, " in answer and "(preview)" not in answer
    assert problems == []
    page.close()


def test_the_studios_answer_says_the_date_of_its_prices(browser, server):
    from storageperf.platforms import azure_netapp_files as anf

    page, problems = open_studio(browser, server)
    answer = page.inner_text("#studio-answer")
    # the prices' date, then the guide's version: the commit the site was built from (the tests build this checkout)
    commit = built_commit()
    said = re.search(r"Prices: Azure Retail Prices for \w+ \([^)]+\), snapshot of (\S+) \(\d+ days before today\); "
                     r"[^.]+\. Guide built (\d{4}-\d\d-\d\d) from (.+)\.$", answer)
    assert said and said[1] == anf.PRICE_SNAPSHOT_DATE and problems == [], answer
    assert said[3] == (f"commit {commit}" if commit else "a copy without its history"), answer
    page.close()
