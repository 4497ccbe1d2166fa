"""Knowledge checks (storageperf_book.quiz): the question in a kernel and on the site, each wrong option's feedback,
a number's tolerance, the answer file and the room's counts."""
import html
import json
import re
import tempfile
from pathlib import Path

import pytest

from helpers import tool
from storageperf_book import quiz as q
from storageperf_book import sample_answers
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
    monkeypatch.setattr(q, "ATTEMPTS", [])
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


def _verdicts(quiz, tries):
    """What each try gets back, without the time and the attempt's number."""
    return [{k: x for k, x in quiz.check(t).items() if k not in ("answered_at", "attempt")} for t in tries]


def test_sealed_questions_show_no_key_and_check_as_the_chapters_do():
    quizzes = [q.Quiz(**CHOICE), q.Quiz(**SEVERAL), q.Quiz(**NUMBER)]
    text = q.sealed(quizzes)
    readable = [CHOICE["options"][1], CHOICE["right"], SEVERAL["options"][0], SEVERAL["right"], NUMBER["right"],
                NUMBER["too_low"], "256", "2.56"]
    assert [r for r in readable if r in text] == []
    assert max(map(len, text.splitlines())) == q.SEALED_LINE_CHARS
    back = q.unsealed(text)
    assert [z.arguments() for z in back] == [z.arguments() for z in quizzes]
    tries = {"page-one/1": ["A", "B", "C", "D", []], "page-one/2": [["A"], ["A", "C"], ["B", "C"]],
             "page-one/3": [200, "256", 258, "lots", 300]}
    for before, after in zip(quizzes, back, strict=True):
        assert _verdicts(after, tries[after.id]) == _verdicts(before, tries[before.id])


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
        q.ATTEMPTS.clear()
        choice.check(first)
        if boxes:
            several.check(boxes)
        if typed:
            number.check(typed)
        path = q.save_answers(tmp_path / f"reader{k}.json", f"reader {k}")
        document = json.loads(path.read_text())
        assert document["format"] == q.FORMAT and document["pages"] == ["page-one"]
        assert q.read_answers(path)["answers"][0]["chosen"] == [first]
        assert not {"name", "email", "user"} & {key for r in document["answers"] for key in r}
    counts = q.room(tmp_path, [choice, several, number]).set_index(["question", "option"])["last"]
    assert counts.loc[("page-one/1", "B")] == 2 and counts.loc[("page-one/1", "A")] == 1
    assert counts.loc[("page-one/1", "C")] == 0
    assert counts.loc[("page-one/2", "A")] == 1
    assert counts.loc[("page-one/3", "low")] == 1 and counts.loc[("page-one/3", "right")] == 1
    answered = q.room(tmp_path, [choice, several, number]).groupby("question")["answered"].first()
    assert list(answered) == [len(plans), 1, 2]
    figures = q.room_figures(q.room(tmp_path, [choice, several, number]))
    assert list(figures) == ["page-one/1", "page-one/2", "page-one/3"]
    assert list(figures["page-one/1"].data[0].y) == [1, 2, 0, 0]


def test_the_site_script_checks_as_the_kernel_does(tmp_path):
    # quiz.js's check() in Node.js against Quiz.check on every option and on numbers around the tolerance
    import subprocess
    from pathlib import Path

    node = tool("node")
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
    (q.room, {"folder": SAMPLE, "key": {"hpc-eda/1": "C", "hpc-eda/2": "B", "hpc-eda/3": "C",
                                        "hpc-eda/4": ["A", "C", "E"]}},  # the chapter's key, as tested below
     "folder", [("/no/such/folder", "got"), (3, "got 3")]),
    (q.room, {"folder": SAMPLE, "key": {"hpc-eda/1": "C", "hpc-eda/2": "B", "hpc-eda/3": "C",
                                        "hpc-eda/4": ["A", "C", "E"]}},
     "key", [(None, "got None"), ("C", "got 'C'"), ({"hpc-eda/1": "C"}, "'hpc-eda/2'"), ([3], "got [3]")]),
    (q.sealed, {"quizzes": [q.Quiz(**CHOICE)]}, "quizzes", [([], "one or more"), ("A", "got 'A'"), ([3], "got [3]")]),
    (q.unsealed, {"text": q.sealed([q.Quiz(**NUMBER)])}, "text", [("not sealed", "sealed()"), (None, "None"),
                                                                 ("eJyrrgUAAXUA+Q==", "a list of questions")]),
    (q.save_answers, {"path": str(Path(tempfile.gettempdir()) / "storageperf-bad-input.json"), "name": "Ada", "attempts": [
        {"question": "page-one/1", "options": ["A", "B"], "chosen": ["A"], "correct": True,
         "answered_at": "2026-01-01T10:00:00+00:00", "attempt": 1}]},
     "name", [("", "non-empty"), ("--", "got '--'"), (7, "got 7")]),
    (q.save_answers, {"path": str(Path(tempfile.gettempdir()) / "storageperf-bad-input.json"), "attempts": [
        {"question": "page-one/1", "options": ["A", "B"], "chosen": ["A"], "correct": True,
         "answered_at": "2026-01-01T10:00:00+00:00", "attempt": 1}], "saved_at": "2026-01-01T10:00:00+00:00"},
     "saved_at", [("2026-01-01T10:00:00", "got '2026-01-01T10:00:00'"), ("soon", "time zone")]),
]


def test_bad_input_is_refused_in_one_line(bad_input):
    bad_input.check()


def test_a_checked_answer_with_a_letter_the_question_lacks_is_refused():
    with pytest.raises(ValueError, match=r"chosen must be letters among A, B, C, D, got 'Z'"):
        q.Quiz(**CHOICE).check("Z")


def test_room_refuses_a_file_that_is_not_an_answer_file(tmp_path):
    (tmp_path / "notes.json").write_text(json.dumps({"hello": 1}))
    with pytest.raises(ValueError, match="notes.json.*is not a storageperf-quiz-answers file"):
        q.room(tmp_path, {})


def test_the_sample_room_is_what_its_tool_writes_from_the_chapter_and_room_reads_it(tmp_path):
    # book/workshop/room-answers.ipynb reads the sample folder: made-up answers to the HPC/EDA chapter's questions,
    # whose ids, options and keys come from the chapter as committed
    written = sample_answers.write(tmp_path)
    committed = sorted(SAMPLE.glob("*.json"))
    assert [p.name for p in written] == [p.name for p in committed]
    assert all(p.read_text() == c.read_text() for p, c in zip(written, committed)), "run tools/sample_answers.py"
    assert all("made-up" in q.read_answers(p)["sample"] for p in committed)
    key = q.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")
    assert {z.id: z.correct for z in key if z.kind == "choice"} == {
        "hpc-eda/1": ["C"], "hpc-eda/2": ["B"], "hpc-eda/3": ["C"], "hpc-eda/4": ["A", "C", "E"]}  # BAD_INPUT's key
    counts = q.room(SAMPLE, key)
    assert counts["attempts"].sum() > counts["last"].sum()  # some made-up readers tried again
    fixed = counts[counts["correct"]].groupby("question")[["first", "last"]].sum()
    assert (fixed["last"] >= fixed["first"]).all() and (fixed["last"] > fixed["first"]).any()
    chapter = (ROOT / "book" / "hpc-eda.ipynb").read_text(encoding="utf-8")
    assert sorted(set(counts["question"])) == sorted(set(re.findall(r'Quiz\(\\"(hpc-eda/\d+)', chapter)))
    assert (counts.groupby("question")["answered"].first() == sample_answers.SAMPLE_READERS).all()


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
    counts = q.room(sample_answers.write(tmp_path, chapter)[0].parent, quizzes)
    assert sorted(set(counts["question"])) == sorted(ids)


# -- saving answers from a notebook, as a participant does ------------------------------------------------------------
def _tells_save_answers(text):
    """The calls of save_answers a text tells its reader to make: ``save_answers()``, ``storageperf_book.save_answers()``."""
    return re.findall(r"`((?:storageperf_book\.)?save_answers\([^`]*\))`", text)


@pytest.mark.parametrize("chapter", sample_answers.quiz_chapters(), ids=lambda p: p.stem)
def test_a_chapter_that_tells_save_answers_imports_it_before_its_knowledge_check(chapter):
    # the chapter's prose tells "in a notebook, `save_answers()` writes the same file": the name must be bound by a
    # code cell before the questions (today's chapters import Quiz but not save_answers: NameError)
    import nbformat

    cells = nbformat.read(chapter, as_version=4).cells
    told = [c for c in cells if c.cell_type == "markdown" and _tells_save_answers(c.source)]
    assert told, f"{chapter.stem}: its knowledge check does not say how to save the answers in a notebook"
    calls = {call for c in told for call in _tells_save_answers(c.source)}
    assert calls == {"save_answers()"}, calls
    first_quiz = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "Quiz(" in c.source)
    imports = [c.source for c in cells[:first_quiz] if c.cell_type == "code"]
    assert any(re.search(r"^from storageperf_book import [^\n]*\bsave_answers\b", s, flags=re.M) for s in imports)


def test_every_text_that_tells_how_to_save_answers_in_a_kernel_tells_a_call_that_works():
    # the room's page, docs/architecture.md and the instructor notes tell the call the chapters bind (save_answers, imported
    # by the chapter's first cell); storageperf_book.save_answers() in a chapter's kernel is a NameError there
    import nbformat

    texts = {"architecture.md": (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")}
    for path in [ROOT / "book" / "workshop" / "room-answers.ipynb"]:
        texts[path.name] = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                                     if c.cell_type == "markdown")
    for path in sorted((ROOT / "book" / "workshop").rglob("*.md")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    told = {name: _tells_save_answers(text) for name, text in texts.items() if _tells_save_answers(text)}
    assert "room-answers.ipynb" in told and "architecture.md" in told, told
    assert all(call.startswith("save_answers(") for calls in told.values() for call in calls), told


def test_a_participant_checks_a_question_in_the_chapters_kernel_and_saves_the_answers(tmp_path):
    # performance-basics executed in a kernel (nbclient), as JupyterLab runs it; then, as a participant: a wrong
    # option checked, the right one, and save_answers() as the chapter says; and again with a name
    import nbformat
    from nbclient import NotebookClient

    from storageperf_book.kernels import KernelManager

    pytest.importorskip("ipywidgets")
    nb = nbformat.read(ROOT / "book" / "performance-basics.ipynb", as_version=4)
    quiz_id = "performance-basics/3"
    nb.cells.append(nbformat.v4.new_code_cell(
        f"quiz = next(z for z in KC if z.id == {quiz_id!r})\n"
        "question, options, button, feedback = quiz.widget().children\n"
        "wrong = next(c for c in quiz.letters if c not in quiz.correct)\n"
        "for letter in (wrong, quiz.correct[0]):\n"
        "    options.value = options.options[quiz.letters.index(letter)]\n"
        "    button.click()\n"
        "print(wrong, quiz.correct[0])"))
    nb.cells.append(nbformat.v4.new_code_cell("print(save_answers())"))
    nb.cells.append(nbformat.v4.new_code_cell('print(save_answers(name="Ada Lovelace"))'))
    NotebookClient(nb, kernel_manager_class=KernelManager, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    wrong, right = nb.cells[-3].outputs[0]["text"].split()
    anonymous, named = (tmp_path / nb.cells[k].outputs[0]["text"].strip() for k in (-2, -1))
    assert anonymous.is_file() and named.is_file() and anonymous != named
    assert re.fullmatch(r"answers-performance-basics-[0-9a-f]{8}-\d{8}T\d{6}Z\.json", anonymous.name), anonymous.name
    assert re.fullmatch(r"answers-performance-basics-Ada-Lovelace-\d{8}T\d{6}Z\.json", named.name), named.name
    document = q.read_answers(anonymous)
    assert [(a["chosen"], a["correct"], a["attempt"]) for a in document["answers"]] == \
        [([wrong], False, 1), ([right], True, 2)]
    assert q.read_answers(named)["participant"] == "Ada Lovelace"


# -- the room: every attempt, unique files, the key given ------------------------------------------------------------
def _save(tmp_path, checks, name):
    """A participant's kernel: checks (quiz, answer) in order, then the file save_answers writes into tmp_path."""
    q.ANSWERS.clear()
    q.ATTEMPTS.clear()
    for quiz, chosen in checks:
        quiz.check(chosen)
    return q.save_answers(tmp_path, name)


def test_the_room_counts_each_participants_first_attempt_and_every_attempt(tmp_path):
    # a misconception fixed on the second attempt is still in the room: today only the last check is kept
    choice, number = q.Quiz(**CHOICE), q.Quiz(**NUMBER)
    _save(tmp_path, [(choice, "A"), (choice, "B"), (number, "100"), (number, "256")], name="one")
    _save(tmp_path, [(choice, "B")], name="two")
    _save(tmp_path, [(choice, "C"), (choice, "A")], name="three")
    counts = q.room(tmp_path, [choice, number]).set_index(["question", "option"])
    first, last, tries = counts["first"], counts["last"], counts["attempts"]
    assert (first["page-one/1", "A"], last["page-one/1", "A"], tries["page-one/1", "A"]) == (1, 1, 2)
    assert (first["page-one/1", "B"], last["page-one/1", "B"]) == (1, 2)
    assert (first["page-one/1", "C"], last["page-one/1", "C"], tries["page-one/1", "D"]) == (1, 0, 0)
    assert (first["page-one/3", "low"], last["page-one/3", "right"], counts.loc[("page-one/3", "low"), "answered"]) \
        == (1, 1, 1)
    assert counts.loc[("page-one/1", "B"), "answered"] == 3


def test_a_participants_files_saved_twice_count_once(tmp_path):
    # the unique names keep both files; the room counts the participant once, every attempt once
    choice = q.Quiz(**CHOICE)
    q.ANSWERS.clear()
    q.ATTEMPTS.clear()
    choice.check("A")
    q.save_answers(tmp_path / "early.json", name="one")
    choice.check("B")
    q.save_answers(tmp_path / "later.json", name="one")
    counts = q.room(tmp_path, {"page-one/1": "B"}).set_index(["question", "option"])
    assert counts.loc[("page-one/1", "A"), "first"] == 1 and counts.loc[("page-one/1", "B"), "last"] == 1
    assert counts.loc[("page-one/1", "A"), "attempts"] == 1 and counts.loc[("page-one/1", "B"), "answered"] == 1


def test_each_saved_file_has_its_own_name_from_the_participant_the_page_and_the_time(tmp_path, monkeypatch):
    # two participants saving the same page in the same second: two files (today both are answers-page-one.json)
    choice = q.Quiz(**CHOICE)
    monkeypatch.chdir(tmp_path)
    names = []
    for _ in range(2):  # two kernels, each with its own random id
        q.ANSWERS.clear()
        q.ATTEMPTS.clear()
        monkeypatch.setattr(q, "PARTICIPANT", q.new_participant())
        choice.check("B")
        names.append(q.save_answers(saved_at="2026-01-01T10:00:00+00:00").name)
    assert len(set(names)) == 2 and all(re.fullmatch(r"answers-page-one-[0-9a-f]{8}-20260101T100000Z\.json", n)
                                        for n in names), names
    assert q.save_answers(name="Ada Lovelace", saved_at="2026-01-01T10:00:00+00:00").name == \
        "answers-page-one-Ada-Lovelace-20260101T100000Z.json"
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted([*names, "answers-page-one-Ada-Lovelace-"
                                                                      "20260101T100000Z.json"])


def test_room_takes_the_answer_key_and_marks_the_right_option_when_nobody_chose_it(tmp_path):
    # today room() infers the key from whoever answered right: with nobody right, nothing is marked right
    choice = q.Quiz(**CHOICE)
    _save(tmp_path, [(choice, "A")], name="one")
    _save(tmp_path, [(choice, "C")], name="two")
    for key in ([choice], {"page-one/1": "B"}, {"page-one/1": ["B"]}):
        counts = q.room(tmp_path, key).set_index(["question", "option"])
        assert list(counts.index[counts["correct"]]) == [("page-one/1", "B")]
        assert counts.loc[("page-one/1", "B"), "last"] == 0
    with pytest.raises(ValueError, match=r"key has no right option for question 'page-one/1'"):
        q.room(tmp_path, {"page-two/1": "A"})
    with pytest.raises(ValueError, match=r"key\['page-one/1'\] must be letters among A, B, C, D, got 'Z'"):
        q.room(tmp_path, {"page-one/1": "Z"})


def test_an_answer_file_of_the_previous_format_still_loads(tmp_path):
    # tests/fixtures/answers-version-1.json: book/workshop/sample-answers/sample-reader-01.json as committed in
    # version 1 of the format (each question's last check only, no participant): read as its last attempts
    import shutil

    old = ROOT / "tests" / "fixtures" / "answers-version-1.json"
    document = json.loads(old.read_text())
    assert document["version"] == 1 and "participant" not in document
    assert q.read_answers(old)["answers"] == document["answers"]
    shutil.copy(old, tmp_path)
    counts = q.room(tmp_path, q.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")).set_index(["question", "option"])
    for record in document["answers"]:
        chosen = record["chosen"] if "options" in record else [record["verdict"]]
        for option in chosen:
            row = counts.loc[(record["question"], option)]
            assert (row["last"], row["attempts"], row["first"], row["answered"]) == (1, 1, 0, 1), record
    assert counts.groupby("question")["last"].sum().ge(1).all()


def test_the_rooms_charts_count_participants_on_whole_numbers_with_readable_labels(tmp_path):
    choice, number = q.Quiz(**CHOICE), q.Quiz(**NUMBER)
    _save(tmp_path, [(choice, "A"), (choice, "B"), (number, "1")], name="one")
    _save(tmp_path, [(choice, "B")], name="two")
    figures = q.room_figures(q.room(tmp_path, [choice, number]))
    for fig in figures.values():
        axis = fig.layout.yaxis
        assert axis.tickformat == "d" and axis.dtick >= 1 and float(axis.dtick).is_integer() and axis.tick0 == 0
        assert axis.title.text == "participants" and fig.layout.xaxis.title.text
    first, last = figures["page-one/1"].data
    assert (first.name, last.name) == ("first attempt", "last attempt")
    assert list(first.y) == [1, 1, 0, 0] and list(last.y) == [0, 2, 0, 0]
    assert list(first.x)[1].startswith("B (right)") and "Premium + 50 TiB" in list(first.x)[1]
    assert list(figures["page-one/3"].data[0].x) == ["too low", "right", "too high"]  # not "right (right)"
    assert "2 answered" in figures["page-one/1"].layout.title.text


def test_the_site_script_writes_the_file_the_kernel_writes(tmp_path):
    # quiz.js's answersDocument and fileName in Node.js against answers_document and answers_file_name: every attempt,
    # the participant, the same unique name
    import subprocess

    node = tool("node")
    script = ROOT / "book" / "_static" / "quiz.js"
    choice, number = q.Quiz(**CHOICE), q.Quiz(**NUMBER)
    checks = [(choice, ["A"]), (choice, ["B"]), (number, "300")]
    at = "2026-01-01T10:00:00.000Z"
    probe = tmp_path / "probe.mjs"
    probe.write_text(f"const {{check, answersDocument, fileName}} = await import({json.dumps(script.as_uri())});\n"
                     f"const checks = {json.dumps([[z.spec(), c] for z, c in checks])};\n"
                     f"const now = new Date({json.dumps(at)});\n"
                     "const attempts = [];\n"
                     "for (const [spec, chosen] of checks) attempts.push(check(spec, chosen, now, attempts).record);\n"
                     "const doc = answersDocument(attempts, 'abcd0123', now);\n"
                     "console.log(JSON.stringify([doc, fileName(doc)]));\n")
    document, name = json.loads(subprocess.run([node, str(probe)], capture_output=True, text=True,
                                               check=True).stdout)
    for quiz, chosen in checks:
        quiz.check(chosen)
    for record in q.ATTEMPTS:
        record["answered_at"] = "2026-01-01T10:00:00+00:00"
    expected = q.answers_document(saved_at="2026-01-01T10:00:00+00:00", participant="abcd0123")
    assert document == expected
    assert name == q.answers_file_name(expected) == "answers-page-one-abcd0123-20260101T100000Z.json"
    assert [a["attempt"] for a in document["answers"]] == [1, 2, 1]
