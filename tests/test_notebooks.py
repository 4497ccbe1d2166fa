"""The notebooks as committed: in the table of contents, stripped of outputs except their checks, and every chapter
with the anatomy readers and workshop teachers learn once (STYLE.md)."""
import importlib
import json
import re
from pathlib import Path

import nbformat
import pytest
import yaml

from storageperf import data

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "book").glob("*.ipynb") if not p.name.startswith("_"))
# Pages that run code but are not chapters (no anatomy, no checked output of their own): the workshop's
WORKSHOP_NOTEBOOKS = sorted((ROOT / "book" / "workshop").glob("*.ipynb"))
# every notebook under book/, by its path there (the template too)
ALL_NOTEBOOKS = sorted(p.name for p in (ROOT / "book").glob("*.ipynb")) + [f"workshop/{p.name}" for p in WORKSHOP_NOTEBOOKS]
TEMPLATE = "book/_chapter-template"  # the shape of a chapter, executed and checked like one, not published
MARK = "# NBVAL_CHECK_OUTPUT"
TOC = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
CHAPTERS = [c["file"] for part in TOC["parts"] if part.get("numbered") for c in part["chapters"]]
# the sections every chapter has, in this order
ANATOMY = ["Overview", "Prerequisites", "Imports", "Reading the source critically", "Knowledge check", "Summary",
           "What's next", "References"]
# Chapters that compose the others and mirror no single document: they have no source to read critically (no
# "Reading the source critically", no "(<id>-critical)=" label, no source module or tables of their name); every
# other check applies to them
CAPSTONES = {"book/sizing-studio"}


def _toc_files(entries):
    for entry in entries:
        if "file" in entry:
            yield entry["file"]
        yield from _toc_files(entry.get("chapters", []) + entry.get("sections", []) + entry.get("parts", []))


def test_every_notebook_is_in_the_table_of_contents_and_every_entry_exists():
    listed = [TOC["root"], *_toc_files(TOC["parts"])]
    published = NOTEBOOKS + WORKSHOP_NOTEBOOKS
    assert sorted(p.relative_to(ROOT).with_suffix("").as_posix() for p in published) == sorted(
        f for f in listed if (ROOT / f"{f}.ipynb").exists())
    missing = [f for f in listed if not any((ROOT / f"{f}{ext}").exists() for ext in (".ipynb", ".md"))]
    assert not missing, f"_toc.yml lists files that do not exist: {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS + [ROOT / f"{TEMPLATE}.ipynb"] + WORKSHOP_NOTEBOOKS, ids=lambda p: p.name)
def test_only_the_checked_cells_keep_outputs(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    checked = [c for c in code if c.source.startswith(MARK)]
    assert all(c.outputs for c in checked), f"{path.name}: a checked cell without its stored output"
    assert checked or path in WORKSHOP_NOTEBOOKS, f"{path.name}: no checked cell with a stored output"
    stray = [c.source.splitlines()[0] for c in code if c.outputs and not c.source.startswith(MARK)]
    assert not stray, f"{path.name}: outputs stored in cells that are not checks: {stray}"
    assert "widgets" not in nb.metadata


@pytest.mark.parametrize("chapter", CHAPTERS + [TEMPLATE])
def test_every_chapter_has_the_anatomy(chapter):
    nb = nbformat.read(ROOT / f"{chapter}.ipynb", as_version=4)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    headings = re.findall(r"^## (.+?)\s*$", markdown, flags=re.M)
    expected = [h for h in ANATOMY if chapter not in CAPSTONES or h != "Reading the source critically"]
    found = [h for h in headings if h in ANATOMY]
    assert found == expected, f"{chapter}: sections {found}, expected {expected} in this order"
    assert len(re.findall(r"^`{3,}\{exercise\}", markdown, flags=re.M)) >= 2, f"{chapter}: fewer than two exercises"
    assert len(re.findall(r"^`{3,}\{solution\}", markdown, flags=re.M)) >= 2, f"{chapter}: fewer than two solutions"
    for needed in ("Time to learn", "Learning objectives"):
        assert needed in markdown, f"{chapter}: no {needed!r}"


_SOURCE_STEMS = sorted(p.stem for p in (ROOT / "storageperf" / "sources").glob("*.py") if p.stem != "__init__")
# each chapter's module; <name>_fit.py beside <name>.py (cassandra_disk_caching_fit) is its chapter's fit
SOURCE_MODULES = [s for s in _SOURCE_STEMS if s.removesuffix("_fit") == s or s.removesuffix("_fit") not in _SOURCE_STEMS]


@pytest.mark.parametrize("name", SOURCE_MODULES)
def test_a_chapter_has_one_name(name):
    # book/<name>.ipynb (with hyphens), storageperf/sources/<name>.py, data/sources/<name>_*.csv: one name throughout
    notebook = ROOT / "book" / f"{name.replace('_', '-')}.ipynb"
    assert notebook.exists() and f"book/{notebook.stem}" in CHAPTERS, f"no chapter book/{notebook.stem}"
    assert f"from storageperf.sources import {name}" in notebook.read_text(encoding="utf-8")
    assert list((ROOT / "data" / "sources").glob(f"{name}_*.csv")), f"no table data/sources/{name}_*.csv"
    # ... and the ids of the findings on its document: <name>-NN
    document = importlib.import_module(f"storageperf.sources.{name}").DOCUMENT
    table = data.load("source_discrepancies")
    ids = table.loc[table["document"] == document, "id"]
    assert len(ids), f"{name}: no discrepancy rows for {document}"
    assert ids.str.fullmatch(rf"{notebook.stem}-\d\d").all(), f"{name}: discrepancy ids {list(ids)}"


@pytest.mark.parametrize("chapter", sorted(CAPSTONES))
def test_a_capstone_chapter_mirrors_no_document(chapter):
    # a capstone is a chapter of the book with no source of its own: were it given one, it would take the anatomy
    # and the one-name checks of every other chapter instead
    assert chapter in CHAPTERS, f"{chapter} is not a numbered chapter of _toc.yml"
    name = chapter.removeprefix("book/").replace("-", "_")
    assert name not in SOURCE_MODULES and not list((ROOT / "data" / "sources").glob(f"{name}_*.csv"))
    assert not re.findall(r"\([\w-]+-critical\)=", (ROOT / f"{chapter}.ipynb").read_text(encoding="utf-8"))


def test_every_source_table_belongs_to_a_chapter():
    tables = sorted(p.stem for p in (ROOT / "data" / "sources").glob("*.csv"))
    orphans = [t for t in tables if not any(t.startswith(f"{name}_") for name in SOURCE_MODULES)]
    assert not orphans, f"tables named after no source module: {orphans}"


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_what_the_site_hides_is_folded_in_jupyterlab(notebook):
    # JupyterLab and VS Code fold a cell's source when its metadata says so; the site hides these cells' input
    nb = json.loads((ROOT / "book" / notebook).read_text(encoding="utf-8"))
    for tags, key in (({"hide-input", "remove-cell", "remove-input"}, "source_hidden"),
                      ({"remove-cell", "remove-output"}, "outputs_hidden")):
        unfolded = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
                    and tags & set(c["metadata"].get("tags", []))
                    and not c["metadata"].get("jupyter", {}).get(key)]
        assert not unfolded, f"{notebook}: cells {unfolded} are hidden on the site but not {key} (make checks folds them)"


CONFIG = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
EVAL_ROLE = re.compile(r"\{eval\}`([^`]*)`")


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_the_prose_cites_numbers_as_the_book_and_jupyterlab_both_render_them(notebook):
    # {eval} roles are rendered by the build (MyST-NB, inline execution) and by jupyterlab-myst in a kernel; glue
    # roles only by the build. The book admits one form of expression, v("name") or v("name", "spec"), and the
    # chapters must not rebind v.
    import ast

    allowed = re.compile(CONFIG["sphinx"]["config"]["nb_eval_name_regex"])
    nb = json.loads((ROOT / "book" / notebook).read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert not [m for m in markdown if "{glue" in m], f"{notebook}: glue roles show as markup in JupyterLab"
    refused = [e for m in markdown for e in EVAL_ROLE.findall(m) if not allowed.match(e)]
    assert not refused, f"{notebook}: expressions the build refuses: {refused}"
    rebound = [c["source"] for c in nb["cells"] if c["cell_type"] == "code"
               for node in ast.walk(ast.parse("".join(c["source"])))
               if isinstance(node, ast.Name) and node.id == "v" and isinstance(node.ctx, ast.Store)]
    assert not rebound, f"{notebook}: a cell binds the name v, which the prose's {{eval}} roles call"


def test_performance_basics_quiz_and_knowledge_check_agree_on_the_standard_tie():
    # The quiz's Standard option and knowledge check 3 are one volume, quota x rate exactly at the ceiling: both
    # answers print the model's one verdict (a tie), which the chapter's check cell asserts; the knowledge check's
    # key is the option the model names
    nb = nbformat.read(ROOT / "book/performance-basics.ipynb", as_version=4)
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    solution = next(s for s in markdown if s.startswith("````{solution} ex-quiz"))
    check = next(s for s in markdown if s.startswith("```{dropdown} Answer 3"))
    for answer in (solution, check):
        assert 'v("std_bind")' in answer
        assert "whatever its quota" not in answer and "kc_std_bind" not in answer
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert 'put("std_bind", anf.binding_limit(hpc["quiz2_option_standard_quota"], "Standard"))' in code
    assert "== anf.TIED_LIMITS" in code
    assert 'correct="ABC"[BIND_OPTIONS.index(anf.binding_limit(hpc["quiz2_option_standard_quota"], "Standard"))]' in code


def test_every_chapter_has_a_live_case_in_jupyterlab():
    # the chapter checklist's step in CONTRIBUTING.md: one case per chapter in tests/test_jupyterlab.py's CASES
    source = (ROOT / "tests" / "test_jupyterlab.py").read_text(encoding="utf-8")
    cases = source[source.index("CASES = ["):source.index("\n]\n", source.index("CASES = ["))]
    cased = set(re.findall(r'\("([\w-]+)\.ipynb"', cases))
    missing = sorted(Path(c).name for c in CHAPTERS if Path(c).name not in cased)
    assert cased and not missing, f"chapters without a JupyterLab case: {missing}"


def test_the_appendix_lists_every_chapters_critical_reading():
    # the appendix's list of where the sources do not add up names each chapter's "Reading the source critically"
    appendix = (ROOT / "book" / "data-and-sources.ipynb").read_text(encoding="utf-8")
    missing = []
    for chapter in CHAPTERS:
        labels = re.findall(r"\(([\w-]+-critical)\)=", (ROOT / f"{chapter}.ipynb").read_text(encoding="utf-8"))
        missing += [f"{chapter}: {label}" for label in labels if f"<{label}>" not in appendix]
    assert not missing, f"the appendix does not list: {missing}"


def test_every_exercise_is_solved_on_the_site_or_says_it_needs_a_live_kernel():
    """A participant on the static site knows before starting whether an exercise needs a kernel, and how to get
    one (book/intro.md, label live-kernel); one that calls the model says so."""
    assert "(live-kernel)=" in (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    unmarked = []
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        if path.name.startswith("_"):
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for label, body in re.findall(r"```\{exercise\}\n:label: (\S+)\n(.*?)```", "".join(cell["source"]), re.S):
                calls_the_model = re.search(r"`[a-z_]+\.[a-z_]+", body)
                said = "Needs a live kernel" in body or "On the site" in body
                if calls_the_model and not said:
                    unmarked.append(f"{path.name}: {label}")
    assert unmarked == []


def test_where_a_chapter_states_standards_regular_volume_ceiling_it_says_automatic_qos():
    # the Standard level's lower regular-volume ceiling is automatic QoS's: manual QoS gives any volume up to the
    # regular-volume maximum, so a sentence that states it without the qualifier is false for a manual-QoS pool
    said = 0
    for chapter in (ROOT / "book").glob("*.ipynb"):
        for cell in nbformat.read(chapter, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            for name in re.findall(r'v\("((?:std_ceiling|ceiling_Standard))"', cell.source):
                said += 1
                at = cell.source.index(f'v("{name}"')
                near = cell.source[max(0, at - 200): at + 200]
                assert "automatic QoS" in near, f"{chapter.stem}: {near!r}"
    assert said >= 4


def test_a_verdict_on_flexibles_prices_says_where_it_holds():
    # Flexible is the cheapest per TiB and per MiB/s at East US's prices, not in every region the guide prices
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    def dearer(region):
        tib = {s: anf.monthly_capacity_cost_usd(1, s, region) for s in anf.ALL_SERVICE_LEVELS}
        return tib["Flexible"] > min(tib[s] for s in anf.SERVICE_LEVELS)

    assert any(dearer(r) for r in studio.regions()) and not dearer("eastus")
    for chapter in (ROOT / "book").glob("*.ipynb"):
        for cell in nbformat.read(chapter, as_version=4).cells:
            for sentence in re.split(r"(?<=\.)\s", cell.source) if cell.cell_type == "markdown" else []:
                if re.search(r"cheapest on both", sentence):
                    assert re.search(r"East US|region", sentence), f"{chapter.stem}: {sentence!r}"


def test_the_cool_access_chapter_shows_both_readings_where_its_source_cannot_settle_one():
    cells = [c.source for c in nbformat.read(ROOT / "book" / "cool-access.ipynb", as_version=4).cells
             if c.cell_type == "markdown"]
    limit = next(c for c in cells if "reduced limit" in c)
    assert "best-supported reading" in limit and "latency bound" in limit   # a hypothesis, and its alternative
    rule = next(c for c in cells if "A region of the 2026 rule" in c)
    assert "Read literally" in rule and 'v("size_literal_2026"' in rule     # the page's words, both readings


def test_hpc_knowledge_check_4_has_one_set_of_letters_and_a_key_that_agrees_with_the_chapters_recipe():
    cells = nbformat.read(ROOT / "book" / "hpc-eda.ipynb", as_version=4).cells
    answer = next(c.source for c in cells if c.cell_type == "markdown" and "Answer 4" in c.source)
    assert not re.search(r"\([A-E]\)", answer), "letters typed into the answer: the chart's, not the question's?"
    assert 'v("q4_answer")' in answer and 'v("q4_rsize")' in answer
    quiz = next(c.source for c in cells if c.cell_type == "code" and 'Quiz("hpc-eda/4"' in c.source)
    assert "q4_quiz_key" in quiz and "its own EDA charts show" in quiz   # the key the question asks for
    # the chapter's recipe sets rsize and wsize: the question's feedback and the answer say why it is not in the key
    recipe = next(c.source for c in cells if c.cell_type == "markdown" and "Mount options per role" in c.source)
    assert "`rsize` and `wsize`" in recipe and "mount recipe" in quiz and "mount recipe" in answer


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_what_a_chapter_says_of_the_launch_button_is_true_in_a_running_notebook(path):
    # a notebook open in a kernel has no rocket button: each paragraph that names it says it is the site's, and what
    # to do in the notebook
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for paragraph in re.split(r"\n\s*\n", cell.source):
            flat = " ".join(paragraph.split())
            if re.search(r"rocket button|launch button", flat):
                assert re.search(r"on the site", flat, re.I) and re.search(r"in a notebook", flat, re.I), flat[:300]
