"""Knowledge checks (storageperf_book.quiz): the question in a kernel and on the site, each wrong option's feedback,
a number's tolerance, the answer file and the room's counts."""
import html
import json
import re
import sys
from pathlib import Path

import pytest

from storageperf_book import quiz as q
from storageperf_book.figures import SITE_ENV

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "book" / "workshop" / "sample-answers"

# A made-up question, its numbers its own: nothing here is a fact of the guide
CHOICE = dict(id="page-one/1", prompt="Which level holds the data and grants the throughput?",
              options=["Ultra + 25 TiB", "Premium + 50 TiB", "Standard + 50 TiB", "None of above"], correct="B",
              feedback={"A": "Too small for the data.", "C": "Too slow at that quota.", "D": "One option fits."},
              right="Premium holds the data and grants enough.")
SEVERAL = dict(id="page-one/2", prompt="Which options help?", options=["nconnect", "NFS 4.1", "sysctl"],
               correct=["A", "C"], feedback={"B": "It was slower in the chart."}, right="nconnect and sysctl.")
NUMBER = dict(id="page-one/3", prompt="What throughput may a 4 TiB Premium volume deliver?", answer=256.0,
              tolerance=2.56, unit="MiB/s", too_low="Too low: multiply by the rate.", too_high="Too high: whose rate?",
              right="4 x 64 = 256 MiB/s.")


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setattr(q, "ANSWERS", {})
    monkeypatch.delenv(SITE_ENV, raising=False)
    monkeypatch.delenv(q.FILES_ENV, raising=False)


def _visible_text(fragment):
    """What a reader sees of an HTML fragment: its text, without attributes."""
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_each_wrong_option_says_why_it_is_wrong():
    quiz = q.Quiz(**CHOICE)
    for letter, sentence in CHOICE["feedback"].items():
        result = quiz.check(letter)
        assert not result["correct"] and result["feedback"] == f"{letter}: {sentence}"
    right = quiz.check("B")
    assert right["correct"] and right["feedback"] == CHOICE["right"]
    assert quiz.check([])["feedback"] == q.EMPTY and "page-one/1" in q.ANSWERS  # the last real check is kept


def test_several_right_options_need_all_of_them_and_no_other():
    quiz = q.Quiz(**SEVERAL)
    assert quiz.multiple and quiz.check(["C", "A"])["correct"]
    assert quiz.check(["A"])["feedback"] == q.MISSING
    wrong = quiz.check(["A", "B"])
    assert not wrong["correct"] and wrong["feedback"] == "B: It was slower in the chart."


def test_a_number_within_its_tolerance_is_right_and_outside_it_low_or_high():
    quiz = q.Quiz(**NUMBER)
    tol = NUMBER["tolerance"]
    assert quiz.check(NUMBER["answer"] + tol)["verdict"] == "right"
    assert quiz.check(str(NUMBER["answer"] - tol))["verdict"] == "right"  # typed text
    low = quiz.check(NUMBER["answer"] - 2 * tol)
    assert (low["verdict"], low["feedback"], low["correct"]) == ("low", NUMBER["too_low"], False)
    assert quiz.check(f"{NUMBER['answer'] * 1000:,.0f}")["feedback"] == NUMBER["too_high"]  # "256,000": commas read
    assert quiz.check("about two hundred")["feedback"] == q.NOT_A_NUMBER.format(unit="MiB/s")


def test_on_the_site_a_question_is_a_fieldset_of_labelled_native_inputs_with_no_answer_showing(monkeypatch):
    monkeypatch.setenv(SITE_ENV, "1")
    quiz = q.Quiz(**CHOICE)
    bundle = quiz._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" not in bundle
    page = bundle["text/html"]
    assert page.count('type="radio"') == len(CHOICE["options"]) and f"<legend>{CHOICE['prompt']}</legend>" in page
    assert page.count('<label class="quiz-option"><input') == len(CHOICE["options"])  # each input in its label
    assert 'role="status" aria-live="polite"' in page and "<button" in page
    shown = _visible_text(page)
    for secret in [CHOICE["right"], *CHOICE["feedback"].values()]:
        assert secret not in shown
    spec = json.loads(html.unescape(re.search(r'data-quiz="([^"]*)"', page).group(1)))
    assert spec["correct"] == ["B"] and spec["feedback"] == CHOICE["feedback"]  # for quiz.js, in an attribute
    assert 'type="checkbox"' in q.Quiz(**SEVERAL).to_html()
    assert 'inputmode="decimal"' in q.Quiz(**NUMBER).to_html()


def test_a_site_build_keeps_the_key_in_a_file_of_the_site(monkeypatch, tmp_path):
    monkeypatch.setenv(SITE_ENV, "1")
    monkeypatch.setenv(q.FILES_ENV, str(tmp_path))
    page = q.Quiz(**NUMBER).to_html()
    spec = json.loads(html.unescape(re.search(r'data-quiz="([^"]*)"', page).group(1)))
    assert set(spec) == {"id", "kind", "src"} and "256" not in page
    assert json.loads((tmp_path / spec["src"]).read_text())["answer"] == NUMBER["answer"]


def test_in_a_kernel_a_question_is_a_widget_panel_that_checks_and_answers():
    pytest.importorskip("ipywidgets")
    quiz = q.Quiz(**CHOICE)
    bundle = quiz._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and "text/html" in bundle
    panel = quiz.widget()
    question, options, button, feedback = panel.children
    assert CHOICE["prompt"] in question.value and len(options.options) == len(CHOICE["options"])
    options.value = options.options[2]  # C
    button.click()
    assert CHOICE["feedback"]["C"] in html.unescape(feedback.value) and not q.ANSWERS["page-one/1"]["correct"]
    options.value = options.options[1]
    button.click()
    assert html.unescape(feedback.value).count(CHOICE["right"]) == 1 and q.ANSWERS["page-one/1"]["correct"]
    text_panel = q.Quiz(**NUMBER).widget()
    text_panel.children[1].value = "1"
    text_panel.children[2].click()
    assert NUMBER["too_low"] in html.unescape(text_panel.children[3].value)


def test_answers_saved_in_a_kernel_read_back_and_count_in_the_room(tmp_path):
    choice, several, number = q.Quiz(**CHOICE), q.Quiz(**SEVERAL), q.Quiz(**NUMBER)
    # three readers: B, A, B on the first question; one checks two right boxes; two type numbers
    plans = [("B", ["A", "C"], "256"), ("A", None, "100"), ("B", None, None)]
    for k, (first, boxes, typed) in enumerate(plans):
        q.ANSWERS.clear()
        choice.check(first)
        if boxes:
            several.check(boxes)
        if typed:
            number.check(typed)
        path = q.save_answers(tmp_path / f"reader{k}.json")
        document = json.loads(path.read_text())
        assert document["format"] == q.FORMAT and document["pages"] == ["page-one"]
        assert q.read_answers(path)["answers"][0]["chosen"] == [first]
        assert not {"name", "email", "user"} & {key for r in document["answers"] for key in r}
    counts = q.room(tmp_path).set_index(["question", "option"])
    assert counts.loc[("page-one/1", "B"), "count"] == 2 and counts.loc[("page-one/1", "A"), "count"] == 1
    assert counts.loc[("page-one/1", "C"), "count"] == 0 and counts.loc[("page-one/1", "B"), "correct"]
    assert counts.loc[("page-one/2", "A"), "count"] == 1 and counts.loc[("page-one/2", "A"), "answered"] == 1
    assert counts.loc[("page-one/3", "low"), "count"] == 1 and counts.loc[("page-one/3", "right"), "count"] == 1
    assert int(counts.loc["page-one/1", "answered"].iloc[0]) == len(plans)
    figures = q.room_figures(q.room(tmp_path))
    assert list(figures) == ["page-one/1", "page-one/2", "page-one/3"]
    assert list(figures["page-one/1"].data[0].y) == [1, 2, 0, 0]


def test_the_site_script_checks_as_the_kernel_does(tmp_path):
    # quiz.js's check() in Node.js against Quiz.check on every option and on numbers around the tolerance
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if not node:
        pytest.skip("Node.js is not installed")
    script = Path(__file__).resolve().parent.parent / "book" / "_static" / "quiz.js"
    quizzes = [q.Quiz(**CHOICE), q.Quiz(**SEVERAL), q.Quiz(**NUMBER)]
    cases = [(z, [c]) for z in quizzes[:2] for c in z.letters] + [(quizzes[1], ["A", "C"]), (quizzes[1], ["A"])]
    cases += [(quizzes[2], t) for t in ["253.44", "253.43", "258.56", "258.57", "1,000", "x"]]
    probe = tmp_path / "probe.mjs"
    probe.write_text(f"const {{check}} = await import({json.dumps(script.as_uri())});\n"
                     f"const cases = {json.dumps([[z.spec(), c] for z, c in cases])};\n"
                     "console.log(JSON.stringify(cases.map(([s, c]) => check(s, c).feedback)));\n")
    out = subprocess.run([node, str(probe)], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [z.check(c)["feedback"] for z, c in cases]


BAD_INPUT = [
    (q.Quiz, CHOICE, "id", [("Page One", "got 'Page One'"), (7, "got 7")]),
    (q.Quiz, CHOICE, "correct", [("F", "got 'F'"), ([], "got []")]),
    (q.Quiz, CHOICE, "feedback", [({"A": "x"}, "A, C, D"), (None, "got None")]),
    (q.Quiz, CHOICE, "options", [(["only one"], "2 to 10"), ("ABC", "got 'ABC'")]),
    (q.Quiz, CHOICE, "prompt", [("", "non-empty"), ("two\nlines", "line")]),
    (q.Quiz, NUMBER, "tolerance", ["number"]),
    (q.Quiz, NUMBER, "answer", [("ten", "must be a number"), (float("nan"), "finite")]),
    (q.room, {"folder": SAMPLE}, "folder", [("/no/such/folder", "got"), (3, "got 3")]),
]


def test_bad_input_is_refused_in_one_line(bad_input):
    bad_input.check()


def test_a_checked_answer_with_a_letter_the_question_lacks_is_refused():
    with pytest.raises(ValueError, match=r"chosen must be letters among A, B, C, D, got 'Z'"):
        q.Quiz(**CHOICE).check("Z")


def test_room_refuses_a_file_that_is_not_an_answer_file(tmp_path):
    (tmp_path / "notes.json").write_text(json.dumps({"hello": 1}))
    with pytest.raises(ValueError, match="notes.json.*is not a storageperf-quiz-answers file"):
        q.room(tmp_path)


def test_the_sample_room_is_what_its_tool_writes_from_the_chapter_and_room_reads_it(tmp_path):
    # book/workshop/room-answers.ipynb reads the sample folder: made-up answers to the HPC/EDA chapter's questions,
    # whose ids, options and keys come from the chapter as committed
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import sample_answers
    finally:
        sys.path.remove(str(ROOT / "tools"))
    written = sample_answers.write(tmp_path)
    committed = sorted(SAMPLE.glob("*.json"))
    assert [p.name for p in written] == [p.name for p in committed]
    assert all(p.read_text() == c.read_text() for p, c in zip(written, committed)), "run tools/sample_answers.py"
    assert all("made-up" in q.read_answers(p)["sample"] for p in committed)
    counts = q.room(SAMPLE)
    chapter = (ROOT / "book" / "hpc-eda.ipynb").read_text(encoding="utf-8")
    assert sorted(set(counts["question"])) == sorted(set(re.findall(r'Quiz\(\\"(hpc-eda/\d+)', chapter)))
    assert (counts.groupby("question")["answered"].first() == sample_answers.SAMPLE_READERS).all()


def _sample_answers():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import sample_answers
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return sample_answers


def _with_knowledge_check():
    import nbformat

    return sorted(p for p in (ROOT / "book").glob("[!_]*.ipynb")  # a chapter, not the template
                  if any(c.cell_type == "markdown" and c.source.startswith("## Knowledge check")
                         for c in nbformat.read(p, as_version=4).cells))


@pytest.mark.parametrize("chapter", _with_knowledge_check(), ids=lambda p: p.stem)
def test_every_chapter_knowledge_check_answers_back_and_the_room_reads_it(chapter, tmp_path):
    # Each chapter's knowledge check is questions that answer back, pollable: at least three, lettered options with
    # at least two distractors, each wrong option (or a number too low or too high) with its own reason; the room's
    # tool writes a made-up room for the chapter and room() counts every one of its questions
    sample_answers = _sample_answers()
    assert chapter in sample_answers.quiz_chapters()
    quizzes = sample_answers.chapter_quizzes(chapter)
    ids = [quiz.id for quiz in quizzes]
    assert len(quizzes) >= 3 and len(set(ids)) == len(ids)
    assert all(i.startswith(f"{chapter.stem}/") for i in ids), ids
    for quiz in quizzes:
        if quiz.kind == "choice":
            wrong = [c for c in quiz.letters if c not in quiz.correct]
            assert len(wrong) >= 2, f"{quiz.id}: {len(wrong)} distractor"
            reasons = [quiz.check(c)["feedback"] for c in wrong]
            assert len(set(reasons)) == len(wrong) and quiz.right not in reasons, quiz.id
            assert quiz.check(list(quiz.correct) if quiz.multiple else quiz.correct[0])["feedback"] == quiz.right
        else:
            said = {quiz.check(quiz.answer + k * 2 * quiz.tolerance)["feedback"] for k in (-1, 0, 1)}
            assert said == {quiz.too_low, quiz.right, quiz.too_high} and len(said) == 3, quiz.id
    counts = q.room(sample_answers.write(tmp_path, chapter)[0].parent)
    assert sorted(set(counts["question"])) == sorted(ids)
