"""The workshop's two editions: the participant's keeps every exercise and no answer, with the prose's numbers filled
in; the instructor's keeps the answers and carries a note for every chapter; the participant's zip runs outside the
repository. Both are built once for the module (``built``)."""
import ast
import json
import math
import os
import posixpath
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from storageperf_book import citations, editions, quiz

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = editions.toc_chapters(ROOT)

# A chapter's sections the instructor notes leave out: the frame around the teaching (the template's anatomy).
FRAME = {"Overview", "Prerequisites", "Imports", "Summary", "What's next", "References"}

# The misconceptions the notes must surface, each named in at least one note.
MISCONCEPTIONS = ["MiB against MB", "quota against ceiling", "mean against P95 latency",
                  "front-end against back-end I/O", "a benchmark's operations against another's"]

# An answer's line this long or longer is its own text, not a phrase any paragraph might share (a design choice:
# shorter lines are fences, options, or a few words such as "Random reads.").
MIN_FRAGMENT_CHARS = 30

EXERCISE = re.compile(r"^[ \t]*(`{3,}|:{3,})\{exercise\}[^\n]*\n[ \t]*:label: (\S+)\n(.*?)\n[ \t]*\1[ \t]*$",
                      re.M | re.S)

slow = pytest.mark.slow  # executes every chapter: runs in make test and make test-site


def _markdown(nb):
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def _text(nb):
    """Everything a reader could see of a notebook: every cell's source and output text."""
    parts = []
    for cell in nb.cells:
        parts.append(cell.source)
        parts += [json.dumps(o) for o in cell.get("outputs", [])]
    return "\n".join(parts)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("workshop")
    written = editions.build(ROOT, out)
    return out, written


@pytest.fixture(scope="module")
def notebooks(built):
    out, _ = built
    return {edition: {c.stem: nbformat.read(out / edition / c.name, as_version=4) for c in CHAPTERS}
            for edition in editions.EDITIONS}


@pytest.fixture(scope="module")
def participant_zip_text(built):
    """Every text file of participant.zip, notebooks as a reader sees them."""
    out, _ = built
    texts = {}
    with zipfile.ZipFile(out / "participant.zip") as z:
        for name in z.namelist():
            if name.endswith(".ipynb"):
                texts[name] = _text(nbformat.reads(z.read(name).decode("utf-8"), as_version=4))
            elif not name.endswith(".whl"):
                texts[name] = z.read(name).decode("utf-8")
    return texts


def test_the_chapters_are_the_toc_notebooks():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    assert CHAPTERS and [c.relative_to(ROOT).with_suffix("").as_posix() for c in CHAPTERS] == [
        f for f in re.findall(r"file: (\S+)", toc) if (ROOT / f"{f}.ipynb").is_file() and not f.startswith("book/workshop/")]


@slow
def test_both_editions_are_written(built):
    out, written = built
    for edition in editions.EDITIONS:
        assert [p for p in written if p.parent == out / edition and p.suffix == ".ipynb"] == [
            out / edition / c.name for c in CHAPTERS]
    notes = [out / "instructor" / "notes" / f"{c.stem}.md" for c in CHAPTERS]
    assert [p for p in written if p.parent.name == "notes"] == notes
    for note in notes:  # the note as written, each role replaced by what the chapter's kernel shows
        copy, source = note.read_text(encoding="utf-8"), (ROOT / editions.NOTES / note.name).read_text(encoding="utf-8")
        assert not editions.EVAL.search(copy), note.name
        assert re.fullmatch(".+?".join(map(re.escape, re.split(r"\{eval\}`[^`]*`", source))), copy, re.S), note.name
    assert written[-4:] == [out / "instructor" / editions.ANSWER_KEY, out / "participant.zip", out / "instructor.zip",
                            out / "participant-branch"]


@slow
def test_no_answer_of_the_instructor_edition_is_in_the_participant_edition(notebooks, participant_zip_text):
    participant = "\n".join(_text(nb) for nb in notebooks["participant"].values())
    in_zip = "\n".join(participant_zip_text.values())
    checked = 0
    for chapter in CHAPTERS:
        source = nbformat.read(chapter, as_version=4)
        answers = [a for md in _markdown(source) for a in editions.answer_texts(md)]  # as written, roles and all
        filled = [a for md in _markdown(notebooks["instructor"][chapter.stem]) for a in editions.answer_texts(md)]
        assert len(filled) == len(answers), chapter.stem  # the instructor edition keeps every answer
        # what the chapter shows outside its answers (a solution may repeat an import of the chapter's code)
        outside = "\n".join(editions.strip_answers(c.source) if c.cell_type == "markdown" else c.source
                             for c in source.cells)
        for answer in answers + filled:
            # the whole answer, and each line of it the chapter does not show elsewhere (a table's markup is shared
            # by every table)
            fragments = [answer] + [line.strip() for line in answer.splitlines()
                                    if len(line.strip()) >= MIN_FRAGMENT_CHARS and not line.lstrip().startswith("<")
                                    and line.strip() not in outside]
            for fragment in fragments:
                assert fragment not in participant, f"{chapter.stem}: {fragment!r}"
                assert fragment not in in_zip, f"{chapter.stem} (zip): {fragment!r}"
                checked += 1
        assert not [a for md in _markdown(notebooks["participant"][chapter.stem]) for a in editions.answer_texts(md)]
    assert checked > len(CHAPTERS)


@pytest.fixture(scope="module")
def instructor_quizzes(built):
    """Each chapter's knowledge check as the instructor edition builds it (the chapters that have one)."""
    out, _ = built
    return {c.stem: quiz.chapter_quizzes(out / "instructor" / c.name) for c in CHAPTERS
            if "Quiz(" in c.read_text(encoding="utf-8")}


def _ask_the_room(note):
    """A note's questions for the room, each with the paragraph after it."""
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", note)]
    return [(p.removeprefix("**Ask the room.**").strip(), after)
            for p, after in zip(paragraphs, paragraphs[1:] + [""]) if p.startswith("**Ask the room.**")]


@slow
def test_the_answer_key_gives_every_answer_of_the_instructor_edition(built, notebooks, instructor_quizzes):
    # the trainer's page: every solution, every question's right answer and why, the room's questions answered
    out, _ = built
    key = " ".join((out / "instructor" / editions.ANSWER_KEY).read_text(encoding="utf-8").split())
    assert not editions.EVAL.search(key)
    questions = answered = 0
    for chapter in CHAPTERS:
        for md in _markdown(notebooks["instructor"][chapter.stem]):
            for _, label, _ in EXERCISE.findall(md):
                assert f"#### {label}" in key, f"{chapter.stem}: {label}"
            for solution in editions.answer_texts(md):
                assert " ".join(solution.split()) in key, f"{chapter.stem}: {solution[:80]!r}"
        for z in instructor_quizzes.get(chapter.stem, []):
            assert f"**{z.id}.** {z.prompt}" in key
            entry = key.split(f"**{z.id}.**")[1].split("- Why: ")[0]
            if z.kind == "choice":
                assert all(f"**{c}**. {z.options[z.letters.index(c)]}" in entry for c in z.correct), z.id
                assert not any(f"**{c}**. " in entry for c in z.letters if c not in z.correct), z.id
            else:
                shown = re.search(r"Answer: \*\*(-?[\d,.]+) ", entry)
                assert shown and z.check(shown[1])["verdict"] == "right" and z.unit in entry, z.id
            assert f"Why: {z.right}" in key, z.id
        note = (out / "instructor" / "notes" / f"{chapter.stem}.md").read_text(encoding="utf-8")
        for question, after in _ask_the_room(note):
            expected = after.removeprefix("**Expected answer.**").strip() if after.startswith("**Expected") else None
            said = key.split(question, 1)[1].split("- Expected: ", 1)[1]
            assert said.startswith(expected or ""), f"{chapter.stem}: {question}"
            if expected is None and not question.startswith("Everyone checks"):
                assert said.startswith(editions.DISCUSSION), f"{chapter.stem}: {question}"
            questions += 1
            answered += expected is not None
    assert questions >= 2 * len(CHAPTERS) and answered >= len(CHAPTERS) - 1


@slow
def test_the_participant_knowledge_check_shows_no_key_and_answers_as_the_instructors(built, instructor_quizzes):
    out, _ = built
    for stem, quizzes in instructor_quizzes.items():
        nb = nbformat.read(out / "participant" / f"{stem}.ipynb", as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        # what the chapter shows outside the statement that builds KC (an option may name a column of a table)
        outside = []
        for cell in nbformat.read(ROOT / "book" / f"{stem}.ipynb", as_version=4).cells:
            lines, where = cell.source.split("\n"), editions.knowledge_check_lines(cell.source)
            outside += lines[:where[0]] + lines[where[1]:] if cell.cell_type == "code" and where else lines
        outside = "\n".join(outside)
        numbers = [n.value for c in nb.cells if c.cell_type == "code" for n in ast.walk(ast.parse(c.source))
                   if isinstance(n, ast.Constant) and isinstance(n.value, (int, float))]
        for z in quizzes:
            readable = [z.right] + [z.options[z.letters.index(c)] for c in z.correct] if z.kind == "choice" else \
                [z.right]
            assert [r for r in readable if r in code and r not in outside] == [], z.id
            if z.kind == "number":  # nor the number, as a literal or its text of 3 digits or more, alone
                decimals = max(0, 1 - math.floor(math.log10(z.tolerance)))  # as the answer key writes it
                typed = [t for t in (f"{z.answer:g}", f"{z.answer:,.{decimals}f}", f"{z.answer:_.{decimals}f}")
                         if len(re.sub(r"\D", "", t)) >= 3]
                assert z.answer not in numbers, z.id
                assert not [t for t in typed if re.search(rf"(?<![\w.,]){re.escape(t)}(?![\w.,])", code)], z.id
        # the participant's cells, run up to the one that builds KC, give back what the instructor's do
        sealed = quiz.chapter_quizzes(out / "participant" / f"{stem}.ipynb")
        for mine, theirs in zip(sealed, quizzes, strict=True):
            tries = [*mine.letters, [], mine.correct] if mine.kind == "choice" else \
                [mine.answer, mine.answer - 2 * mine.tolerance, mine.answer + 2 * mine.tolerance, "?"]
            assert _verdicts(mine, tries) == _verdicts(theirs, tries), mine.id


def _verdicts(z, tries):
    return [{k: x for k, x in z.check(t).items() if k not in ("answered_at", "attempt")} for t in tries]


@slow
def test_the_zip_holds_the_participant_notebooks_as_built(built, notebooks):
    out, _ = built
    with zipfile.ZipFile(out / "participant.zip") as z:
        names = set(z.namelist())
        for chapter in CHAPTERS:
            assert z.read(f"participant/{chapter.name}") == (out / "participant" / chapter.name).read_bytes()
        requirements = z.read("participant/requirements.txt").decode().splitlines()
    wheel = requirements[-1].removeprefix("./")
    assert f"participant/{wheel}" in names and wheel.startswith("storageperf-") and wheel.endswith(".whl")


@slow
def test_every_exercise_is_in_the_participant_edition(notebooks):
    total = 0
    for chapter in CHAPTERS:
        source = EXERCISE.findall("\n".join(_markdown(nbformat.read(chapter, as_version=4))))
        instructor = EXERCISE.findall("\n".join(_markdown(notebooks["instructor"][chapter.stem])))
        participant = EXERCISE.findall("\n".join(_markdown(notebooks["participant"][chapter.stem])))
        assert [label for _, label, _ in source] == [label for _, label, _ in participant], chapter.stem
        # the same exercise, word for word, its numbers filled in as in the instructor edition
        assert participant == instructor, chapter.stem
        assert not any(editions.EVAL.search(body) for _, _, body in participant)
        total += len(source)
    assert total >= len(CHAPTERS) - 1  # every chapter but the appendix sets exercises


@slow
def test_the_participant_prose_shows_numbers_not_expressions(notebooks):
    for chapter in CHAPTERS:
        for md in _markdown(notebooks["participant"][chapter.stem]):
            assert not editions.EVAL.search(md), f"{chapter.stem}: {md[:200]}"
            # nor a citation JupyterLab would show as a bare key: written out, as the site labels it
            assert not citations.ROLE.search(md) and "{bibliography}" not in md, f"{chapter.stem}: {md[:200]}"
    for code in (c for nb in notebooks["participant"].values() for c in nb.cells if c.cell_type == "code"):
        assert code.outputs == [] and code.execution_count is None


ROLE = re.compile(r'^v\("([A-Za-z_][A-Za-z0-9_]*)"(?:, "([^"]*)")?\)$')


@slow
def test_the_filled_numbers_are_the_chapters_own(notebooks):
    # cool-access, computed another way: every cell run, then the values put, formatted here as v() formats them
    chapter = ROOT / "book" / "cool-access.ipynb"
    nb = nbformat.read(chapter, as_version=4)
    run = nbformat.v4.new_notebook(metadata=nb.metadata)
    run.cells = [nbformat.v4.new_code_cell(c.source) for c in nb.cells if c.cell_type == "code"]
    run.cells.append(nbformat.v4.new_code_cell(
        "import json\nfrom storageperf_book.display import VALUES\n"
        "print(json.dumps({k: x for k, x in VALUES.items() if isinstance(x, (int, float, str))}))"))
    editions.execute(run, chapter.parent)
    values = json.loads(run.cells[-1].outputs[0]["text"])
    participant = _markdown(notebooks["participant"]["cool-access"])
    entries = citations.read_bib(ROOT / citations.BIB)
    prefix, works = citations.works(nb)
    compared = 0
    for md in _markdown(nb):
        roles = [ROLE.match(expr) for expr in editions.EVAL.findall(md)]
        if not roles or editions.answer_blocks(md) or any(r is None or r[1] not in values for r in roles):
            continue
        expected = editions.EVAL.sub(lambda m: format(values[ROLE.match(m[1])[1]], ROLE.match(m[1])[2] or ""), md)
        expected = citations.as_text(expected, entries, prefix, works=works)  # the citations written out, too
        assert expected in participant, expected[:300]
        compared += 1
    assert compared >= len([md for md in _markdown(nb) if editions.EVAL.search(md)]) // 2


@slow
def test_the_participant_zip_runs_outside_the_repository(built, tmp_path):
    # unzip elsewhere, install the zip's wheel (its third-party pins are this environment's), run one chapter there
    out, _ = built
    with zipfile.ZipFile(out / "participant.zip") as z:
        z.extractall(tmp_path)
    folder, site = tmp_path / "participant", tmp_path / "site"
    wheel = next(folder.glob("storageperf-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    nb = nbformat.read(folder / "performance-basics.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import storageperf, storageperf_book\n"
                                              "print(storageperf.__file__, storageperf_book.__file__)"))
    nbformat.write(nb, folder / "run.ipynb")
    script = ("import nbformat\nfrom storageperf_book.editions import execute\n"
              "print(execute(nbformat.read('run.ipynb', as_version=4), '.').cells[-1].outputs[0]['text'])\n")
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(site)}
    done = subprocess.run([sys.executable, "-c", script], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    paths = done.stdout.split()
    assert len(paths) == 2 and all(Path(p).is_relative_to(site) for p in paths), done.stdout
    # the setup check travels with the chapters, and runs from a terminal as the zip's README says
    assert (folder / editions.SETUP_CHECK.name).is_file()
    assert "python -m storageperf_book.setup_check" in (folder / "README.txt").read_text(encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "storageperf_book.setup_check"], cwd=folder, env=env,
                           capture_output=True, text=True, timeout=600)
    assert check.returncode == 0 and check.stdout.rstrip().endswith("Ready."), check.stdout + check.stderr[-2000:]


def _sections(chapter):
    nb = nbformat.read(chapter, as_version=4)
    return [line[3:] for md in _markdown(nb) for line in md.splitlines()
            if line.startswith("## ") and line[3:] not in FRAME]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[c.stem for c in CHAPTERS])
def test_every_chapter_has_instructor_notes_for_each_section(chapter):
    note = ROOT / editions.NOTES / f"{chapter.stem}.md"
    text = note.read_text(encoding="utf-8")
    sections = re.split(r"^## (.+)$", text, flags=re.M)  # preamble, then title, body, title, body, ...
    titles, bodies = sections[1::2], sections[2::2]
    assert titles == _sections(chapter)
    minutes = []
    for title, body in zip(titles, bodies, strict=True):
        found = re.findall(r"^\*\*Minutes:\*\* (\S+)$", body, flags=re.M)
        assert len(found) == 1 and re.fullmatch(r"[1-9][0-9]*", found[0]), f"{chapter.stem}, {title}: {found}"
        minutes.append(int(found[0]))
        for part in ("**Talking points.**", "**Misconceptions.**", "**Ask the room.**"):
            assert part in body, f"{chapter.stem}, {title}: no {part}"
    source = "\n".join(c.source for c in nbformat.read(chapter, as_version=4).cells)
    stated = re.search(r"\*\*Time to learn\*\*: (\d+) minutes", source)
    if stated:  # the sections' minutes are the chapter's time to learn, shared out
        assert sum(minutes) == int(stated[1])
    # any other number the note names is the chapter's (a name such as a machine type or a rule's year)
    prose = re.sub(r"^\*\*Minutes:\*\*.*$", "", text, flags=re.M)
    for name in MISCONCEPTIONS:
        prose = re.sub(re.escape(name), "", prose, flags=re.I)
    assert [n for n in re.findall(r"\d+", prose) if n not in set(re.findall(r"\d+", source))] == []


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[c.stem for c in CHAPTERS])
def test_the_notes_run_the_knowledge_check_as_the_chapter_has_it(chapter):
    # checks that answer back are answered by each participant and collected as files, not by a show of hands; the
    # questions a note names by their place exist; its minutes say whose time they are
    text = (ROOT / editions.NOTES / f"{chapter.stem}.md").read_text(encoding="utf-8")
    source = "\n".join(c.source for c in nbformat.read(chapter, as_version=4).cells)
    questions = len(re.findall(r"\bQuiz\(", source))
    section = re.search(r"^## Knowledge check\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    if questions:
        said = " ".join(section.group(1).split())
        assert "show of hands" not in said.lower() and "answer files" in said, chapter.stem
        named = [ORDINALS.index(w) + 1 for w in re.findall(r"\b(" + "|".join(ORDINALS) + r")\b", said.lower())]
        assert all(n <= questions for n in named), (chapter.stem, named, questions)
    if "**Time to learn**" in source:
        assert "a reader's time alone" in " ".join(text.split()), chapter.stem


def test_the_notes_name_every_misconception_and_stay_off_the_site():
    notes = " ".join((ROOT / editions.NOTES / f"{c.stem}.md").read_text(encoding="utf-8").lower() for c in CHAPTERS)
    assert [m for m in MISCONCEPTIONS if m.lower() not in notes] == []
    assert str(editions.NOTES.relative_to("book")) not in (ROOT / "_toc.yml").read_text(encoding="utf-8")


@slow
def test_the_instructor_zip_carries_the_notes(built):
    out, _ = built
    with zipfile.ZipFile(out / "instructor.zip") as z:
        for chapter in CHAPTERS:
            assert (z.read(f"instructor/notes/{chapter.stem}.md")
                    == (out / "instructor" / "notes" / f"{chapter.stem}.md").read_bytes())
            assert z.read(f"instructor/{chapter.name}") == (out / "instructor" / chapter.name).read_bytes()
        assert z.read(f"instructor/{editions.ANSWER_KEY}") == (out / "instructor" / editions.ANSWER_KEY).read_bytes()
        names = set(z.namelist())
        room = z.read("instructor/workshop/room-answers.ipynb").decode("utf-8")
    # the day's own files, beside the notes: the run sheets, the cheat sheet, the room notebook and its sample answers
    workshop = ROOT / editions.WORKSHOP
    for name in ("run-sheets.md", "cheat-sheet.ipynb", "setup-check.ipynb"):
        assert any(n.endswith(f"/{name}") for n in names), name
    samples = sorted(p.name for p in (workshop / "sample-answers").glob("*.json"))
    assert samples and samples == sorted(n.rsplit("/", 1)[1] for n in names if "/sample-answers/" in n)
    # the room notebook finds, from where it sits in the zip, the chapters it reads the key from and its answers
    read = re.findall(r'chapter_quizzes\(\\"([^"\\]+)\\"\)', room) + re.findall(r'FOLDER = \\"([^"\\]+)\\"', room)
    assert len(read) >= 2, read
    for path in read:
        at = posixpath.normpath(f"instructor/workshop/{path}")
        assert at in names or any(n.startswith(at + "/") for n in names), path


MARKDOWN = """\
Before.

```{exercise}
:label: ex-a

Do it.
```

````{solution} ex-a
:class: dropdown

The answer, with a fence inside:

```python
print(1)
```
````

1. A question?

   ```{dropdown} Answer
   Its answer.
   ```

```{dropdown} More reading
Kept: not an answer.
```"""


def test_answers_are_removed_and_everything_else_kept():
    stripped = editions.strip_answers(MARKDOWN)
    assert editions.answer_texts(MARKDOWN) == ["The answer, with a fence inside:\n\n```python\nprint(1)\n```",
                                               "Its answer."]
    for kept in ("Before.", "```{exercise}\n:label: ex-a\n\nDo it.\n```", "1. A question?", "Kept: not an answer."):
        assert kept in stripped
    for gone in ("{solution}", "The answer", "print(1)", "{dropdown} Answer", "Its answer."):
        assert gone not in stripped
    assert "\n\n\n" not in stripped


def test_cells_tagged_as_answers_are_removed():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("Question?"), nbformat.v4.new_code_cell("answer = 'yes'"),
                nbformat.v4.new_markdown_cell("The answer is below.", metadata={"tags": ["answer"]}),
                nbformat.v4.new_code_cell("print(answer)", metadata={"tags": ["solution"]}),
                nbformat.v4.new_markdown_cell("````{solution} ex-a\nAll of it.\n````")]
    assert [c.source for c in editions.participant(nb).cells] == ["Question?", "answer = 'yes'"]
    assert len(nb.cells) == 5  # the notebook given is left as it was


KEY = [quiz.Quiz("page/1", "Which?", options=["this", "that"], correct="A", feedback={"B": "Not that."},
                 right="This.")]


def test_the_knowledge_check_statement_is_found_and_sealed_with_the_rest_of_its_cell_kept():
    source = "import x\n# the questions\nKC = [\n    x.quiz(),\n]\nkept = KC[0]"
    assert editions.knowledge_check_lines(source) == (2, 5)
    assert editions.knowledge_check_lines("%matplotlib inline") is None
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    cell = editions.sealed_knowledge_check(nb, KEY).cells[0].source
    assert cell.startswith("import x\n# the questions\n") and cell.endswith("\nkept = KC[0]")
    assert "This." not in cell and "x.quiz()" not in cell and nb.cells[0].source == source
    space = {}
    exec(cell.replace("import x\n", ""), space)  # noqa: S102  (the cell written above)
    assert space["kept"].arguments() == KEY[0].arguments()


def test_bad_input_is_refused_with_a_one_line_message(tmp_path):
    cases = [(lambda: editions.answer_blocks("````{solution} ex-a\nnever closed"), "markdown", "never closed"),
             (lambda: editions.answer_blocks(None), "markdown", "NoneType"),
             (lambda: editions.answer_texts(3), "markdown", "int"),
             (lambda: editions.participant({"cells": []}), "nb", "dict"),
             (lambda: editions.fill(nbformat.v4.new_notebook(), [["1"]]), "values", "list"),
             (lambda: editions.evaluate(tmp_path / "missing.ipynb"), "notebook", "missing.ipynb"),
             (lambda: editions.execute(None, tmp_path / "nowhere"), "cwd", "nowhere"),
             (lambda: editions.build(tmp_path, tmp_path), "root", str(tmp_path)),
             (lambda: editions.evaluate(ROOT / "book" / "cool-access.ipynb", notes=["x"]), "notes", "list"),
             (lambda: editions.filled("{eval}`v('a')` and {eval}`v('b')`", ["1"]), "shown", "2 roles"),
             (lambda: editions.knowledge_check_lines(None), "source", "NoneType"),
             (lambda: editions.sealed_knowledge_check(nbformat.v4.new_notebook(), KEY), "nb", "assigns KC"),
             (lambda: editions.answer_key(nbformat.v4.new_notebook(), KEY, None), "notes", "NoneType")]
    for call, name, words in cases:
        with pytest.raises(ValueError) as err:
            call()
        message = str(err.value)
        assert message.startswith(name) and words in message and "\n" not in message, message


# -- a live route to the participant edition: its branch, which Binder and Colab open ----------------------------------
def test_the_participant_branch_holds_the_edition_and_installs_the_package(built, tmp_path):
    from IPython.core.inputtransformer2 import TransformerManager

    from storageperf_book.archive import build_wheel

    out, written = built
    branch = out / "participant-branch"
    assert branch in written
    for chapter in CHAPTERS:  # the participant's notebooks, cell for cell (no install cell: no web address known here)
        assert (branch / "book" / chapter.name).read_bytes() == (out / "participant" / chapter.name).read_bytes()
    assert (branch / editions.SETUP_CHECK).is_file() and (branch / "binder" / "postBuild").is_file()
    # with the repository's address, each notebook opens with a cell that installs the package from the branch
    fork = "https://github.com/example-reader/guide-fork"
    tree = editions.participant_branch(ROOT, tmp_path / "branch", [out / "participant" / CHAPTERS[0].name], fork)
    first = nbformat.read(tree / "book" / CHAPTERS[0].name, as_version=4).cells[0]
    assert f"git+{fork}.git@{editions.PARTICIPANT_BRANCH}" in first.source and "import storageperf_book" in first.source
    python = TransformerManager().transform_cell(first.source)  # as IPython runs it: the %pip line is a call
    ast.parse(python)
    assert "get_ipython().run_line_magic('pip'" in python
    # pip builds the package from the branch, its data inside, as `pip install git+...@participant` does
    with zipfile.ZipFile(build_wheel(tree, tmp_path / "wheel")) as z:
        names = z.namelist()
    assert any(n.endswith("datapackage.json") for n in names) and any(n.startswith("storageperf_book/") for n in names)
