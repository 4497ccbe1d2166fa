"""The new-chapter command (storageperf_book.new_chapter): a chapter scaffolded in a copy of the repository passes
the tests of the book's rules for chapters and executes as it stands; bad input is refused in one line, with exit status 2."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from storageperf import data
from storageperf_book import citations, new_chapter

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

ROOT = Path(__file__).resolve().parent.parent

#: The tests that hold every chapter to the book's rules (its anatomy, one name, its knowledge check, its citations,
#: its place in the workshop, the data it reads): run on a scaffolded copy; the whole suite passes on one as well
#: (CONTRIBUTING.md, "A new chapter"), but takes too long to run inside it.
CHAPTER_RULES = [f"tests/{name}" for name in (
    "test_notebooks.py", "test_quiz.py", "test_docs.py", "test_naming.py", "test_citations.py", "test_data.py",
    "test_compare.py", "test_layers.py", "test_workshop_pages.py", "test_errata.py", "test_calculator.py")]

BAD_INPUT = [
    (new_chapter.check_name, {"root": ROOT, "name": "object-storage"}, "name",
     [("Object-Storage", "lower-case letters"), ("object_storage", "got 'object_storage'"), ("-storage", "hyphens"),
      ("", "got ''"), (None, "got None"), ("cool-access", "book/cool-access.ipynb"),
      ("template", "(template-critical)=")]),
    (new_chapter.document_row, {"root": ROOT, "document": "anf-cool-access"}, "document",
     [("anf-nowhere", "an id of data/documents.csv"), ("", "got ''"), (3, "got 3")]),
]


def test_bad_input_is_refused_in_one_line(bad_input):
    bad_input.check()


def _copy(folder):
    """The files git tracks in the repository, as they are in its working tree, under ``folder``, committed there
    (the quick tests read the copy's files with git, as they read the repository's)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        if (ROOT / name).is_file():  # a file deleted but not yet committed is left out
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    env = {**os.environ, "GIT_AUTHOR_NAME": "guide", "GIT_AUTHOR_EMAIL": "guide@example.org",
           "GIT_COMMITTER_NAME": "guide", "GIT_COMMITTER_EMAIL": "guide@example.org"}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, env=env)
    return folder


def _run(copy, *args):
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, timeout=1800)


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    return _copy(tmp_path_factory.mktemp("repository"))


@pytest.mark.parametrize("args, words", [
    (["object-storage", "--document", "anf-nowhere"], ["document", "'anf-nowhere'", "data/documents.csv"]),
    (["cool-access", "--document", "anf-cool-access"], ["name", "'cool-access'", "already uses"]),
    (["Object Storage", "--document", "anf-cool-access"], ["name", "'Object Storage'", "hyphens"]),
], ids=["unknown document", "existing name", "bad characters"])
def test_the_command_refuses_bad_input_with_status_2_and_writes_nothing(copy, args, words):
    before = {p: p.read_bytes() for p in copy.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    done = _run(copy, "-m", "storageperf_book.new_chapter", *args)
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert all(w in done.stderr for w in words), done.stderr
    after = {p: p.read_bytes() for p in copy.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert after == before


@pytest.mark.slow  # scaffolds a chapter in a copy of the repository, then runs the quick tests and the chapter there
def test_a_scaffolded_chapter_passes_the_quick_tests_and_executes(tmp_path):
    copy = _copy(tmp_path)
    cited = {e.fields["document"].strip() for e in citations.read_bib(ROOT / citations.BIB).values()
             if "document" in e.fields}
    uncited = [d for d in data.load("documents")["id"] if d not in cited]
    document = uncited[0] if uncited else data.load("documents")["id"].iloc[0]  # a new entry, when one is needed
    done = _run(copy, "-m", "storageperf_book.new_chapter", "scaffolded-report", "--document", document)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "TODO" in (copy / "book" / "scaffolded-report.ipynb").read_text(encoding="utf-8")
    assert "TODO" in (copy / "book" / "workshop" / "instructor" / "scaffolded-report.md").read_text(encoding="utf-8")
    entries = citations.read_bib(copy / citations.BIB)
    assert [k for k, e in entries.items() if e.fields.get("document", "").strip() == document]
    toc = yaml.safe_load((copy / "_toc.yml").read_text(encoding="utf-8"))
    chapters = [c["file"] for part in toc["parts"] if part.get("numbered") for c in part["chapters"]]
    assert "book/scaffolded-report" in chapters and chapters[-1] != "book/scaffolded-report"  # the capstone stays last
    assert re.search(r"\{ref\}`ex-scaffolded-report-one`", (copy / "book/workshop/run-sheets.md").read_text())

    quick = _run(copy, "-m", "pytest", "-m", "not site and not slow", *CHAPTER_RULES, "-q", "-p", "no:cacheprovider")
    assert quick.returncode == 0, quick.stdout[-5000:] + quick.stderr[-2000:]
    notebook = _run(copy, "-m", "pytest", "--nbval", "book/scaffolded-report.ipynb", "-q", "-p", "no:cacheprovider")
    assert notebook.returncode == 0, notebook.stdout[-5000:] + notebook.stderr[-2000:]
