"""The workshop on the site: the participant's edition, the knowledge checks, a simulated room, the run sheet's exercises done on the site alone."""
import functools
import json
import os
import re
import zipfile

import pytest

from website.browsing import (
    CHROMIUM,
    FLAGS,
    FOCUS_BEFORE,
    ROOT,
    STUDIO,
    chapter_pages,
    open_page,
    page_text,
    pdf_text,
    quiz_spec,
    studio_table,
)


def test_the_participant_sites_launch_button_opens_the_participant_branch(html_dir, participant_site):
    from storageperf_book import editions

    binder = re.compile(r'href="https://mybinder\.org/v2/gh/[^/"]+/[^/"]+/([^/"?]+)\?urlpath=lab/tree/book/([\w-]+)\.ipynb"')
    for name in ("hpc-eda.html", "cool-access.html"):
        site = binder.findall((html_dir / "book" / name).read_text(encoding="utf-8"))
        copy = binder.findall((participant_site / "participant-site" / "book" / name).read_text(encoding="utf-8"))
        assert site and {b for b, _ in site} == {"main"}, name
        assert copy == [(editions.PARTICIPANT_BRANCH, page) for _, page in site], name


def test_the_participant_site_is_the_site_without_its_answers(html_dir, participant_site):
    from bs4 import BeautifulSoup

    from storageperf_book import editions

    site, checked = participant_site / "participant-site", 0
    for page in sorted((html_dir / "book").glob("*.html")):
        original = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        copy = BeautifulSoup((site / "book" / page.name).read_text(encoding="utf-8"), "html.parser")
        answers = editions.answer_elements(original)
        assert not editions.answer_elements(copy), page.name
        assert len(copy.select("div.exercise")) == len(original.select("div.exercise")) > 0 or page.stem in (
            "data-and-sources", "errata", "glossary", "intro"), page.name
        answered = [" ".join(a.get_text(" ").split()) for a in answers]
        for element in answers:
            element.decompose()
        outside = " ".join(original.get_text(" ").split())
        shown = " ".join(copy.get_text(" ").split())
        assert shown == outside, f"{page.name}: the participant's page differs beyond its answers"
        for answer in answered:  # each sentence of an answer the page does not say elsewhere
            for sentence in re.split(r"(?<=[.;:])\s+", answer):
                if len(sentence) >= 40 and sentence not in outside:
                    assert sentence not in shown, f"{page.name}: {sentence!r}"
                    checked += 1
    assert checked > 50
    # what a chapter page offers to download is the participant's notebook
    for notebook in editions.toc_chapters(ROOT):
        built = (participant_site / "participant" / notebook.name).read_bytes()
        assert (site / "_sources" / "book" / notebook.name).read_bytes() == built
        with zipfile.ZipFile(site / "downloads" / f"{notebook.stem}.zip") as z:
            assert z.read(f"{notebook.stem}/{notebook.name}") == built, notebook.stem


def test_the_participants_pdf_is_their_site_on_paper_without_an_answer(browser, html_dir, participant_site, tmp_path):
    # make handouts prints the participant's site as _build/participant.pdf; printed here for one chapter only (the
    # whole book is printed above): the chapter's text, none of its solutions, and a title page naming the edition
    from bs4 import BeautifulSoup
    from pypdf import PdfReader

    from storageperf_book import editions
    from storageperf_book.handouts import book_pdf, build_facts

    chapter = "book/large-volumes.html"
    target = tmp_path / "participant.pdf"
    book_pdf(participant_site / "participant-site", ROOT, target, CHROMIUM, FLAGS, browser=browser,
             facts=build_facts(ROOT), pages=[chapter], edition="participant")
    squeeze = lambda t: re.sub(r"\s+", "", t)  # noqa: E731  (a PDF's text breaks lines where the page did not)
    text = squeeze(pdf_text(target.read_bytes()))
    def article(site):
        return BeautifulSoup((site / chapter).read_text(encoding="utf-8"), "html.parser").select_one("article")

    said = [squeeze(p.get_text(" "))[:60] for p in article(participant_site / "participant-site").select("section > p")
            if len(p.get_text(strip=True)) > 60]
    assert len(said) > 10 and all(p in text for p in said), [p for p in said if p not in text][:3]
    # the site's solutions (the instructor's, printed open in guide.pdf): none of their words in the participant's
    answers = [squeeze(p.get_text(" "))[:60] for e in editions.answer_elements(article(html_dir)) for p in e.select("p")
               if len(p.get_text(strip=True)) > 40 and not p.find_parent(class_="admonition-title")]
    assert len(answers) >= 2 and not [a for a in answers if a in text], [a for a in answers if a in text]
    first = page_text(PdfReader(target).pages[0])
    assert "Participant edition" in first and "without their solutions" in first, first



def test_a_knowledge_check_answers_from_the_keyboard_and_its_answers_download_for_the_room(
        browser, server, html_dir, pages, tmp_path):
    # On the HPC/EDA chapter: no answer shows before a check; Tab to an option, an arrow key to choose, Tab to Check,
    # Enter; the feedback (a live region) says why the option chosen is wrong, then that the right one is right; a
    # number typed and checked with Enter; "Download my answers" from the keyboard gives the file room() reads, under
    # a name of its own, with both attempts at the first question.
    from storageperf_book import quiz

    name = next(n for n in pages if n.endswith("hpc-eda.html"))
    page, problems = open_page(browser, f"{server}/{name}", draw_all=False)
    forms = page.locator("form.quiz").all()
    assert len(forms) >= 6, f"{name}: {len(forms)} knowledge checks"
    first, number = forms[0], next(f for f in forms if f.locator("input[type=text]").count())
    key, key_number = quiz_spec(html_dir, first), quiz_spec(html_dir, number)
    shown = page.evaluate("document.body.innerText")
    assert key["right"] not in shown and not any(s in shown for s in key["feedback"].values()), "an answer shows"
    assert first.locator("legend").count() == 1 and first.locator("fieldset").count() == 1

    radios = first.locator("input[type=radio]").all()
    assert all(r.evaluate("e => e.labels.length === 1 && e.labels[0].textContent.trim().length > 1") for r in radios)
    feedback = first.locator(".quiz-feedback")
    assert feedback.get_attribute("aria-live") == "polite"
    wrong = next(i for i, letter in enumerate(key["options"]) if letter not in key["correct"] and i > 0)
    right = key["options"].index(key["correct"][0])

    def choose(index):
        radios[0].scroll_into_view_if_needed()
        assert radios[0].evaluate(FOCUS_BEFORE)
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.type === 'radio' && document.activeElement.value")
        assert focused, f"Tab reaches {page.evaluate('document.activeElement.outerHTML')[:200]}, not an option"
        at = key["options"].index(focused)
        for _ in range(index - at):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "quiz-check"
        page.keyboard.press("Enter")
        page.wait_for_function("el => el.textContent.trim()", arg=feedback.element_handle(), timeout=10_000)
        return feedback.text_content()

    letter = key["options"][wrong]
    assert choose(wrong) == f"{letter}: {key['feedback'][letter]}"
    assert choose(right) == f"Right. {key['right']}"

    box = number.locator("input[type=text]")
    box.scroll_into_view_if_needed()
    assert box.evaluate(FOCUS_BEFORE)
    page.keyboard.press("Tab")
    assert box.evaluate("e => e === document.activeElement && e.labels.length === 1")
    page.keyboard.type(f"{key_number['answer'] - 2 * key_number['tolerance']:.6g}")
    page.keyboard.press("Enter")
    number_feedback = number.locator(".quiz-feedback")
    page.wait_for_function("el => el.textContent.trim()", arg=number_feedback.element_handle(), timeout=10_000)
    assert number_feedback.text_content() == key_number["too_low"]

    download = page.locator("button.quiz-download")
    assert download.count() == 1 and download.is_enabled()
    assert download.evaluate(FOCUS_BEFORE)
    page.keyboard.press("Tab")
    assert download.evaluate("e => e === document.activeElement")
    with page.expect_download() as waiting:
        page.keyboard.press("Enter")
    folder = tmp_path / "room"
    folder.mkdir()
    saved = folder / waiting.value.suggested_filename
    waiting.value.save_as(saved)
    page.close()
    assert not problems, problems
    assert re.fullmatch(r"answers-hpc-eda-[0-9a-f]{8}-\d{8}T\d{6}Z\.json", saved.name), saved.name  # its own name
    counts = quiz.room(folder, quiz.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")).set_index(["question", "option"])
    first, last = counts["first"], counts["last"]
    assert first[(key["id"], letter)] == 1 and first[(key["id"], key["correct"][0])] == 0  # the wrong first attempt
    assert last[(key["id"], key["correct"][0])] == 1 and last[(key["id"], letter)] == 0  # and the right one after it
    assert counts.loc[(key["id"], key["correct"][0]), "correct"] and counts["attempts"].sum() == 3
    assert last[(key_number["id"], "low")] == 1
    assert sum(last.groupby(level="question").sum() > 0) == 2  # only the two questions checked


def test_a_simulated_room_three_on_the_participant_site_and_one_in_a_kernel(browser, participant_server, tmp_path):
    # The workshop's loop end to end: three participants answer the HPC/EDA chapter's first question on the
    # participant's site, each in a browser of their own (one wrong, then right; one right; one wrong), and download
    # their answers; a fourth answers in a kernel and saves; the trainer's room() reads the folder with the key and
    # the room's chart shows the misconception fixed on the second attempt beside where the room ended.
    from storageperf_book import quiz

    key = {z.id: z for z in quiz.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")}
    first_id = next(i for i, z in key.items() if z.kind == "choice")
    question = key[first_id]
    right = question.correct[0]
    wrong = next(c for c in question.letters if c not in question.correct)
    folder = tmp_path / "room"
    folder.mkdir()
    for choices in ([wrong, right], [right], [wrong]):
        context = browser.new_context()
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(f"{participant_server}/book/hpc-eda.html")
        form = page.locator(f'form.quiz:has(input[name="{first_id.replace("/", "-")}"])')
        for letter in choices:
            form.locator(f'input[value="{letter}"]').check()
            form.locator("button.quiz-check").click()
            page.wait_for_function("el => el.textContent.trim()", arg=form.locator(".quiz-feedback").element_handle())
        assert (question.right in form.locator(".quiz-feedback").text_content()) == (choices[-1] == right)
        with page.expect_download() as waiting:
            page.locator("button.quiz-download").click()
        waiting.value.save_as(folder / waiting.value.suggested_filename)
        assert errors == []
        context.close()
    quiz.ANSWERS.clear()
    quiz.ATTEMPTS.clear()
    question.check(right)  # the fourth, in a kernel
    quiz.save_answers(folder / "kernel.json", "kernel participant")
    quiz.ANSWERS.clear()
    quiz.ATTEMPTS.clear()

    assert len(list(folder.glob("*.json"))) == 4  # four files, none overwriting another
    counts = quiz.room(folder, list(key.values()))
    rows = counts[counts["question"] == first_id].set_index("option")
    assert rows["answered"].iloc[0] == 4
    assert (rows.loc[wrong, "first"], rows.loc[wrong, "last"]) == (2, 1)   # the misconception, half of it fixed
    assert (rows.loc[right, "first"], rows.loc[right, "last"]) == (2, 3)
    assert rows.loc[right, "correct"] and not rows.loc[wrong, "correct"]
    chart = quiz.room_figures(counts)[first_id]
    bars = {t.name: dict(zip(t.x, t.y)) for t in chart.data}
    labels = list(bars["first attempt"])
    at = {letter: labels[list(rows.index).index(letter)] for letter in (wrong, right)}
    assert (bars["first attempt"][at[wrong]], bars["last attempt"][at[wrong]]) == (2, 1)


def test_every_chapter_knowledge_check_on_the_site_is_a_quiz_that_answers_back(browser, server, html_dir, pages):
    # each chapter page with a knowledge check has its questions as forms there, three or more; in the page, every
    # wrong option of its choice questions, checked, says why it is wrong, and the download follows the last question
    import html as html_lib

    found = []
    for name in chapter_pages(html_dir, pages):
        text = (html_dir / name).read_text(encoding="utf-8")
        section = re.search(r'<section id="knowledge-check">(.*?)</section>', text, flags=re.S)
        if not section:
            continue
        forms = re.findall(r'<form class="quiz" data-quiz="([^"]*)"', section[1])
        assert len(forms) >= 3, f"{name}: {len(forms)} questions that answer back in its knowledge check"
        found.append(name)
        keys = [_key for _key in (json.loads((html_dir / "_static" / "quizzes" / json.loads(html_lib.unescape(f))["src"])
                                              .read_text(encoding="utf-8")) for f in forms) if _key["kind"] == "choice"]
        page, problems = open_page(browser, f"{server}/{name}", draw_all=False)
        for key in keys:
            form = page.locator(f'form.quiz:has(input[name="{key["id"].replace("/", "-")}"])')
            for letter, reason in key["feedback"].items():
                for box in form.locator("input[type=checkbox]:checked").all():  # where several are right
                    box.uncheck()
                form.locator(f'input[value="{letter}"]').check()
                form.locator("button.quiz-check").click()
                feedback = form.locator(".quiz-feedback")
                page.wait_for_function("([el, want]) => el.textContent === want",
                                       arg=[feedback.element_handle(), f"{letter}: {reason}"], timeout=10_000)
        last = page.locator("form.quiz").last
        assert last.evaluate("f => f.closest('.cell').nextElementSibling.querySelector('button.quiz-download') !== null"), \
            name
        page.close()
        assert not problems, f"{name}: {problems}"
    assert len(found) >= 7, found


def test_every_knowledge_check_has_its_key_on_the_site_and_none_in_its_form(html_dir, pages):
    # each question names a key file the site serves; the question's form holds none of its feedback before a check
    # (the folded answer under it, written in the chapter, gives the explanation to a reader who opens it)
    import html as html_lib

    checked = 0
    for name in pages:
        text = (html_dir / name).read_text(encoding="utf-8")
        for form, attribute in re.findall(r'(<form class="quiz" data-quiz="([^"]*)".*?</form>)', text, re.S):
            spec = json.loads(html_lib.unescape(attribute))
            key = json.loads((html_dir / "_static" / "quizzes" / spec["src"]).read_text(encoding="utf-8"))
            assert key["id"] == spec["id"] and key["kind"] == spec["kind"], name
            sentences = [key["right"], *key.get("feedback", {}).values(), key.get("too_low"), key.get("too_high")]
            shown = [s for s in sentences if s and html_lib.escape(s, quote=False) in form]
            assert not shown, f"{name}: {spec['id']} shows {shown[:1]} before a check"
            checked += 1
    written = sum(p.read_text(encoding="utf-8").count('Quiz(\\"') for p in (ROOT / "book").rglob("*.ipynb")
                  if not p.name.startswith("_"))  # not the chapter template, which the site leaves out
    assert checked == written > 0, f"{checked} knowledge checks on the site, {written} in the notebooks"


# ---- the run sheet's three-hour agenda, done on the participant's site alone --------------------------------------
RUN_SHEET = ROOT / "book" / "workshop" / "run-sheets.md"


def _three_hour_exercises():
    """The exercises the run sheet's three-hour table names, in its order (its last column)."""
    table = RUN_SHEET.read_text(encoding="utf-8").split("## Three hours", 1)[1].split("\n## ", 1)[0]
    return [label for row in table.splitlines() if row.startswith("| ")
            for label in re.findall(r"\{ref\}`(ex-[\w-]+)`", row.rstrip(" |").rsplit("|", 1)[-1])]


@functools.lru_cache(maxsize=None)
def _chapter_values(chapter):
    """The values a chapter puts for its prose, by running its code cells as the build does (in ``book/``)."""
    import contextlib
    import io

    from storageperf_book import display

    display.VALUES.clear()
    namespace, here = {}, os.getcwd()
    os.chdir(ROOT / "book")
    try:
        for cell in json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile("".join(cell["source"]), chapter, "exec"), namespace)  # noqa: S102 (the book's own)
    finally:
        os.chdir(here)
    return dict(display.VALUES)


def _usd(x):
    return f"{round(float(x)):,}"  # as the studio writes a cost: whole dollars, grouped in thousands


def _on_site_steps(label):
    """What an exercise's "On the site" paragraph tells a participant to do, and what the page must then show: a list
    of steps, each ``("calculator", page, its figure's title, {control label: position label}, [texts its answer
    shows])`` or ``("studio", {field id: value typed}, region, {option: USD a month})``. Every expected number is the
    chapter's (the values it puts for its prose) or the model's, never typed here."""
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    if label == "ex-quiz":
        v = _chapter_values("performance-basics")
        limits = {level: float(anf.volume_throughput_mibps(v[quota], level, read_share=1.0, io_kib=64))
                  for level, quota in (("Premium", "q_p"), ("Standard", "q_s"))}
        # the answer the steps lead to: only Premium holds the data and grants the throughput
        assert limits["Premium"] >= v["q_tp"] > limits["Standard"] and v["q_p"] >= v["q_cap"] > v["q_u"]
        return [("calculator", "performance-basics", "Throughput limit by quota",
                 {"Service level": level, "Quota [TiB]": f"{v[quota]:g} TiB"},
                 [f"{v[quota]:g} TiB {level}: {limits[level]:,.0f} MiB/s"])
                for level, quota in (("Premium", "q_p"), ("Standard", "q_s"))]
    if label == "ex-size":
        v = _chapter_values("performance-basics")
        need = v["sizing_need"]
        usd = {level: anf.monthly_capacity_cost_usd(anf.pool_size_tib(anf.quota_for_throughput_tib(need, level)),
                                                    level, v["size_region"]) for level in ("Premium", "Ultra")}
        return [("calculator", "performance-basics", "Bandwidth by IOPS",
                 {"IOPS": f"{v['ex_iops']:g}", "Block size [KiB]": f"{v['ex_kb']:g}"},
                 [f"{v['ex_iops']:,.0f} IOPS x {v['ex_kb']:g} KiB = {need:,.1f} MiB/s"]),
                ("studio", {"capacity_tib": f"{v['ex_quota']:g}", "mibps": f"{need:,.1f}", "target_utilization": "1"},
                 v["size_region"],
                 {f"{studio.ANF} {level}, regular volume": _usd(usd[level]) for level in usd})]
    if label == "ex-lv-premium":
        v = _chapter_values("large-volumes")
        return [("calculator", "large-volumes", "Throughput limit by quota, per service level",
                 {"Service level": "Premium", "Throughput to carry": "sequential write"},
                 [f"the article's best sequential write, {v['scaleout_seq_write']:,.0f} MiB/s, needs at least "
                  f"{v['prem_q_write']:,.1f} TiB at Premium"]),
                ("calculator", "large-volumes", "Throughput limit by quota, per service level",
                 {"Service level": "Premium", "Quota [TiB]": f"{v['q_min']:g} TiB"},
                 [f"Premium, {v['q_min']:g} TiB: {v['min_vol_Premium']:,.0f} MiB/s"])]
    if label == "ex-cool-volume":
        v = _chapter_values("cool-access")
        without = float(anf.volume_throughput_mibps(v["vol_tib"], "Ultra"))
        return [("calculator", "cool-access", "Volume throughput limit, without and with cool access",
                 {"Quota [TiB]": f"{v['vol_tib']:g} TiB", "Service level": "Ultra", "Region": v["ex1_region"]},
                 [f"{v['vol_tib']:g} TiB Ultra", f": {without:,.0f} MiB/s;",
                  f"{v['ex1_cool']:,.0f} with cool access in {v['ex1_region']}"])]
    if label == "ex-hpc-size":
        v = _chapter_values("hpc-eda")
        return [("studio", {"capacity_tib": f"{v['ex_cap']:g}", "mibps": f"{v['ex_mibps']:,.1f}",
                            "target_utilization": "1"}, v["region"],
                 {f"{studio.ANF} {level}, regular volume": _usd(v[f"ex2_usd_{level}"])
                  for level in ("Standard", "Premium", "Ultra", "Flexible")})]
    if label == "ex-cool-worth":
        v = _chapter_values("cool-access")
        # the cost calculator prices its own data: every line of the bill is per TiB, so the exercise's is a multiple
        assert v["ex2_saving"] == pytest.approx(v["ex2_scale"] * v["ex2_site_saving"], rel=1e-9)
        cool = {"Volume throughput limit [MiB/s]": f"{v['ex2_limit']:g}", "Random share": f"{v['ex2_random_position']:g}"}
        return [("calculator", "cool-access", "Monthly cost by the share of the data read",
                 {"Read a month": f"{v['ex2_read_position']:g}", "Random share of reads": f"{v['ex2_random_position']:g}"},
                 [f"{v['ex2_site_data_tib']:g} TiB Premium", f"{v['ex2_cool']:.0f}% cool",
                  f"saves {v['ex2_site_saving']:,.0f} USD"]),
                ("calculator", "cool-access", "Read throughput by the random share of reads",
                 {**cool, "Share of reads from cool": "1"}, [f"volume: {v['ex2_t']:,.0f} MiB/s", "extrapolated"]),
                ("calculator", "cool-access", "Read throughput by the random share of reads",
                 {**cool, "Share of reads from cool": "0"}, [f"volume: {v['ex2_hot']:,.0f} MiB/s"])]
    if label == "ex-cas-hit":
        v = _chapter_values("cassandra-disk-caching")
        steps = {"Client threads": f"{v['ex_hit_threads']:g}", "Read-ahead [KiB]": f"{v['ex_hit_ra']:g}"}
        return [("calculator", "cassandra-disk-caching", "Cluster reads and P95 latency by client threads",
                 {**steps, "Host-cache hit ratio": f"{v['hit_ex_ratio']:g}"},
                 ["Extrapolated", "hit ratio below the source's warm cache", f"ReadOnly at most {v['ops_ex']:,.0f}",
                  f"ReadOnly limited by {v['bind_ex']}"]),
                ("calculator", "cassandra-disk-caching", "Cluster reads and P95 latency by client threads",
                 {**steps, "Host-cache hit ratio": f"{v['hit_warm_ratio']:g}"},
                 [f"ReadOnly: {v['ops_warm16']:,.0f} ops/s"])]
    raise AssertionError(f"the run sheet names {label}, for which this test knows no steps on the site")


def _set_calculator(calc, label, position):
    """A calculator's control, found by its label, moved to the position so labelled, as a reader moves it."""
    control = calc.get_by_label(label, exact=True)
    assert control.count() == 1, f"no control {label!r} in the calculator"
    if control.evaluate("e => e.tagName") == "SELECT":
        control.select_option(label=position)
        return
    spec = next(i for i in json.loads(calc.get_attribute("data-calculator"))["inputs"] if i["label"] == label)
    assert position in spec["labels"], f"{label}: {position!r} is not a position of {spec['labels']}"
    control.evaluate("(e, i) => { e.value = i; e.dispatchEvent(new Event('input', {bubbles: true})); }",
                     spec["labels"].index(position))


def _done_on_the_site(browser, participant_site, participant_server, labels):
    """Each exercise of ``labels``: its "On the site" paragraph on the participant's page names each control and value
    it sets; set so on that page (or in the studio), the page shows the chapter's answer. Returns those done."""
    from bs4 import BeautifulSoup

    site = participant_site / "participant-site" / "book"
    done = []
    for label in labels:
        found = [p for p in sorted(site.glob("*.html")) if f'id="{label}"' in p.read_text(encoding="utf-8")]
        assert len(found) == 1, f"{label}: on pages {found}"
        exercise = BeautifulSoup(found[0].read_text(encoding="utf-8"), "html.parser").select_one(f"#{label}")
        text = " ".join(exercise.get_text(" ").split())
        assert "On the site:" in text, f"{label}: the exercise gives no steps on the site: {text[:300]}"
        # what the steps say, and what the steps before have shown (a value read off one step is typed in the next)
        said = text.split("On the site:", 1)[1].replace(",", "")
        for step in _on_site_steps(label):
            if step[0] == "calculator":
                _, chapter, title, settings, expected = step
                assert found[0].stem == chapter
                for control, position in settings.items():
                    value = position.split(" ")[0] if position[0].isdigit() else position
                    assert control.split(" [")[0] in said and value.replace(",", "") in said, \
                        f"{label}: the steps do not say to set {control} to {position}: {said}"
                page, problems = open_page(browser, f"{participant_server}/book/{chapter}.html")
                calc = next(c for c in page.locator(".calculator").all()
                            if c.locator(".gtitle").text_content() == title)
                for control, position in settings.items():
                    _set_calculator(calc, control, position)
                answer = calc.locator(".calculator-answer")
                try:
                    page.wait_for_function("([e, want]) => want.every(w => e.textContent.includes(w))",
                                           arg=[answer.element_handle(), expected], timeout=10_000)
                except Exception:
                    raise AssertionError(f"{label}: {settings} shows {answer.text_content()!r}, not {expected}") \
                        from None
                said += " " + answer.text_content().replace(",", "")
            else:
                _, fields, region, want = step
                assert "sizing studio" in said and all(value.replace(",", "") in said for value in fields.values()), \
                    f"{label}: the steps do not give the studio {fields}: {said}"
                page, problems = open_page(browser, f"{participant_server}/{STUDIO}", draw_all=False)
                page.wait_for_function("window.studioReady === true")
                for name, value in fields.items():
                    page.fill(f"#studio-{name}", value)
                page.fill("#studio-region", region)
                page.wait_for_timeout(300)
                rows = {r[1].replace(" ◆", ""): r for r in studio_table(page)}
                header = page.evaluate("[...document.querySelectorAll('#studio-options thead th')]"
                                       ".map(th => th.textContent)")
                column = header.index("USD a month")
                for option, usd in want.items():
                    assert rows[option][column] == usd, f"{label}: {option} shows {rows[option][column]}, not {usd}"
            page.close()
            assert problems == [], f"{label}: {problems}"
            done.append(label)
    return list(dict.fromkeys(done))


def test_the_three_hour_agenda_is_done_on_the_participant_site_alone(browser, participant_site, participant_server):
    labels = _three_hour_exercises()
    assert len(labels) >= 5, labels
    assert set(_done_on_the_site(browser, participant_site, participant_server, labels)) == set(labels)


def test_the_full_days_cool_access_and_host_cache_exercises_are_done_on_the_participant_site(
        browser, participant_site, participant_server):
    # the last two of the full day's exercises that needed a kernel: the 200 TiB data set's saving and its large
    # volume's cool reads, and the hit ratio of hot data twice the host cache; both set by the full-day sheet
    labels = ["ex-cool-worth", "ex-cas-hit"]
    full_day = RUN_SHEET.read_text(encoding="utf-8").split("## A full day", 1)[1].split("\n## ", 1)[0]
    assert all(f"{{ref}}`{label}`" in full_day for label in labels)
    assert _done_on_the_site(browser, participant_site, participant_server, labels) == labels
