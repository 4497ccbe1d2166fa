"""The workshop's two editions of the chapters: the participant's, without answers, and the instructor's, with them.

Both start from the chapters of ``_toc.yml`` with every ``{eval}`` role of the prose replaced by the value the site
shows (each chapter executed once, in its kernel, each role evaluated after the cells above it), so the notebooks
read well before anything runs, and every citation written out (author, year, title:
:mod:`storageperf_book.citations`), as JupyterLab renders no bibliography; their code cells stay, without outputs,
to run. The participant edition then loses every answer: the ``{solution}`` blocks, the knowledge checks'
``{dropdown} Answer`` blocks and any cell tagged ``solution`` or ``answer``, and its knowledge check's questions are
sealed (:func:`sealed_knowledge_check`: they answer back, their key out of sight). The instructor edition keeps the
answers and adds the instructor notes (``book/workshop/instructor/<chapter>.md``, their roles evaluated in the
chapter's kernel like the prose) and the trainer's answer key (:func:`answer_key`). Each edition is written as
notebooks and as one runnable zip (:mod:`storageperf_book.archive`): the notebooks, the package's wheel and the
Binder pins.
"""
from __future__ import annotations

import copy
import re
import tempfile
import time
from pathlib import Path

from . import citations

#: The workshop's own pages (run sheets, setup check, cheat sheet), relative to the repository: not chapters.
WORKSHOP = Path("book/workshop")

#: The instructor notes, one a chapter, relative to the repository.
NOTES = WORKSHOP / "instructor"

#: Where ``make workshop`` writes, relative to the repository.
OUT = Path("_build/workshop")

#: The setup check, at the top of both zips, beside the chapters.
SETUP_CHECK = WORKSHOP / "setup-check.ipynb"

#: What the trainer runs the day from, in the instructor's zip under ``workshop/`` (the room notebook reads the
#: chapters from ``..``, as in the repository): the run sheets, the room notebook, its sample answers, the cheat sheet.
TRAINER_FILES = ("run-sheets.md", "room-answers.ipynb", "cheat-sheet.ipynb", "sample-answers/*.json")

#: A MyST inline expression of the prose.
EVAL = re.compile(r"\{eval\}`([^`]*)`")

#: Cells whose tag says they hold an answer.
ANSWER_TAGS = {"solution", "answer"}

# A MyST directive as a fence's info string (backticks or colons) gives it: its name and argument.
_DIRECTIVE = re.compile(r"^\{(?P<name>[a-z-]+)\}[ \t]*(?P<arg>.*)$")

#: How long one cell may run [s], as the book's build allows (``execute.timeout`` in ``_config.yml``).
TIMEOUT_S = 300

EDITIONS = ("participant", "instructor")

#: The trainer's answer key, in the instructor edition (:func:`answer_key`).
ANSWER_KEY = "answer-key.md"

#: The branch the participant edition is published on (.github/workflows/release.yml): what the participant's
#: site's launch button opens on Binder, and what a notebook opened elsewhere (Colab) installs the package from.
PARTICIPANT_BRANCH = "participant"

#: What the participant's branch carries of the repository beside its notebooks: the package with its data, and
#: what Binder and pip read to install it.
BRANCH_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "CITATION.cff", "binder",
                "storageperf", "storageperf_book", "data", "book/references.bib", str(SETUP_CHECK))

#: The first cell of each notebook on the participant's branch: with the package missing (Colab, a kernel of
#: one's own) it installs it from the branch; on Binder and in the zips' environments it is there and does nothing.
INSTALL_CELL = "\n".join([
    "# The guide's package: installed on Binder and by the runnable zips; anywhere else (Colab, say) this cell",
    "# installs it from the participant edition's branch of {url}",
    "try:",
    "    import storageperf_book  # noqa: F401",
    "except ImportError:",
    '    %pip install --quiet "storageperf[book] @ git+{url}.git@{branch}"'])


def toc_chapters(root):
    """The chapter notebooks ``_toc.yml`` lists (the workshop's own pages left out), in its order, under ``root``."""
    import yaml

    if not (Path(root) / "_toc.yml").is_file():
        raise ValueError(f"root must be the repository, whose _toc.yml lists the chapters; got {str(root)!r}")
    toc = yaml.safe_load((Path(root) / "_toc.yml").read_text(encoding="utf-8"))
    files = []

    def walk(node):
        if isinstance(node, dict):
            if "file" in node:
                files.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc)
    return [Path(root) / f"{f}.ipynb" for f in files
            if (Path(root) / f"{f}.ipynb").is_file() and not Path(f).is_relative_to(WORKSHOP)]


def is_answer(directive, argument):
    """Whether a directive holds an answer: a ``{solution}``, or a ``{dropdown}`` titled "Answer"."""
    return directive == "solution" or (directive == "dropdown" and argument.strip().lower().startswith("answer"))


def _directive_blocks(markdown, inside=lambda name, argument: True, offset=0):
    """The MyST directives of a markdown text, as CommonMark reads it (markdown-it-py, with colon fences):
    ``(name, argument, first line, one past the last line, closed)``, line indices into ``markdown``; a directive's
    own body is read for the directives in it when ``inside(name, argument)`` is true."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin

    lines = markdown.split("\n")
    for token in MarkdownIt("commonmark").use(colon_fence_plugin).parse(markdown):
        m = _DIRECTIVE.match(token.info) if token.type in ("fence", "colon_fence") and token.map else None
        if m:
            start, stop = token.map
            last = lines[stop - 1].strip() if stop - 1 > start else ""
            closed = bool(last) and set(last) == {token.markup[0]} and len(last) >= len(token.markup)
            yield m["name"], m["arg"], offset + start, offset + stop, closed
            if inside(m["name"], m["arg"]):
                yield from _directive_blocks(token.content, inside, offset + start + 1)


def answer_blocks(markdown):
    """The answer blocks of a markdown cell, each as its lines' text from the opening fence to the closing one.

    Parameters
    ----------
    markdown : str
        A markdown cell's source.

    Returns
    -------
    list of (int, int)
        The first and one past the last line index of each answer block.
    """
    if not isinstance(markdown, str):
        raise ValueError(f"markdown must be a cell's source text, got {type(markdown).__name__}")
    blocks = []
    for name, argument, start, stop, closed in _directive_blocks(markdown, lambda n, a: not is_answer(n, a)):
        if is_answer(name, argument):
            if not closed:
                raise ValueError(f"markdown must close every answer block; the one opened by "
                                 f"{markdown.split(chr(10))[start].strip()!r} is never closed")
            blocks.append((start, stop))
    return blocks


def strip_answers(markdown):
    """A markdown cell's source without its answer blocks (the lines, and the blank line they leave doubled)."""
    blocks = answer_blocks(markdown)
    if not blocks:
        return markdown
    lines = markdown.split("\n")
    for start, stop in reversed(blocks):
        del lines[start:stop]
        while start < len(lines) and start > 0 and not lines[start].strip() and not lines[start - 1].strip():
            del lines[start]
    return "\n".join(lines).strip("\n")


def answer_texts(markdown):
    """The bodies of a markdown cell's answer blocks (between the fences, options such as ``:class:`` left out)."""
    blocks = answer_blocks(markdown)
    lines = markdown.split("\n")
    return ["\n".join(line for line in lines[start + 1:stop - 1] if not re.match(r"^[ \t]*:[a-z-]+:", line)).strip()
            for start, stop in blocks]


def _shown(outputs, where):
    """The text a role's display shows: its HTML when it has some (a table), else its plain text."""
    shown = [o for o in outputs if o.get("output_type") in ("display_data", "execute_result")]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    if errors or len(shown) != 1:
        detail = f"{errors[0]['ename']}: {errors[0]['evalue']}" if errors else f"{len(shown)} outputs"
        raise RuntimeError(f"{where} did not evaluate ({detail})")
    data = shown[0]["data"]
    if "text/html" in data:
        html = re.sub(r"\n\s*\n", "\n", data["text/html"]).strip()  # a blank line would end the HTML block
        return f"\n\n{html}\n\n"
    return data["text/plain"]


def execute(nb, cwd, allow_errors=False):
    """Run a notebook's cells in a fresh ``python3`` kernel in ``cwd``, in place; return the notebook.

    The kernel is the book's (:class:`storageperf_book.kernels.KernelManager`): its client reads every reply the
    kernel sends, where nbclient's own now and then slept on one until the cell timeout.
    """
    from nbclient import NotebookClient

    from .kernels import KernelManager

    if not Path(cwd).is_dir():
        raise ValueError(f"cwd must be an existing folder, got {str(cwd)!r}")
    NotebookClient(nb, kernel_manager_class=KernelManager, kernel_name="python3", timeout=TIMEOUT_S,
                   allow_errors=allow_errors, resources={"metadata": {"path": str(cwd)}}).execute()
    return nb


def evaluate(notebook, cwd=None, notes=None):
    """Execute a chapter once and evaluate each ``{eval}`` role of its prose after the cells above it.

    Parameters
    ----------
    notebook : path-like
        The chapter.
    cwd : path-like, optional
        Where the kernel runs; the notebook's folder by default, as the book's build runs it.
    notes : str, optional
        Markdown (the chapter's instructor notes) whose roles are evaluated after the chapter's last cell, as if it
        were a markdown cell at the chapter's end.

    Returns
    -------
    dict
        ``{cell index: [the text each role of that markdown cell shows, in order]}``, and with ``notes`` the texts
        of its roles under the key ``"notes"``.
    """
    import nbformat

    notebook = Path(notebook)
    if notebook.suffix != ".ipynb" or not notebook.is_file():
        raise ValueError(f"notebook must be an existing .ipynb file, got {str(notebook)!r}")
    if notes is not None and not isinstance(notes, str):
        raise ValueError(f"notes must be the instructor notes' Markdown text, got {type(notes).__name__}")
    nb = nbformat.read(notebook, as_version=4)
    if notes is not None:
        nb.cells.append(nbformat.v4.new_markdown_cell(notes))
    run = nbformat.v4.new_notebook(metadata=nb.metadata)
    probes = {}  # cell index -> the probe cell's index in run
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            run.cells.append(nbformat.v4.new_code_cell(cell.source))
        elif cell.cell_type == "markdown" and EVAL.search(cell.source):
            source = "from IPython.display import display as _display\n" + "\n".join(
                f"_display({expr})" for expr in EVAL.findall(cell.source))
            probes[i] = len(run.cells)
            run.cells.append(nbformat.v4.new_code_cell(source))
    execute(run, cwd or notebook.parent, allow_errors=True)
    for cell in run.cells:  # a failing chapter cell would make every later number wrong
        bad = [o for o in cell.outputs if o.get("output_type") == "error"]
        if bad and run.cells.index(cell) not in probes.values():
            raise RuntimeError(f"{notebook.name}: a cell failed: {bad[0]['ename']}: {bad[0]['evalue']}")
    values = {}
    for i, k in probes.items():
        exprs = EVAL.findall(nb.cells[i].source)
        outputs = run.cells[k].outputs
        # one display a role; an error stops the cell, so the count tells which role failed
        shown = [o for o in outputs if o.get("output_type") == "display_data"]
        if len(shown) != len(exprs):
            failed = exprs[len(shown)]
            _shown([o for o in outputs if o.get("output_type") == "error"], f"{notebook.name}, cell {i}: {failed}")
        values[i] = [_shown([o], f"{notebook.name}, cell {i}: {e}") for o, e in zip(shown, exprs, strict=True)]
    if notes is not None:
        values["notes"] = values.pop(len(nb.cells) - 1, [])
    return values


def _check_notebook(nb):
    if not isinstance(getattr(nb, "cells", None), list):
        raise ValueError(f"nb must be a notebook read by nbformat, got {type(nb).__name__}")


def filled(markdown, shown):
    """``markdown`` with its ``{eval}`` roles replaced, in order, by the texts ``shown`` (from :func:`evaluate`)."""
    roles = EVAL.findall(markdown)
    if len(roles) != len(shown):
        raise ValueError(f"shown must give a text for each of the {len(roles)} roles of markdown, got {len(shown)}")
    texts = iter(shown)
    markdown = EVAL.sub(lambda _m: next(texts), markdown)
    if any(value.startswith("\n\n") for value in shown):  # a table's block: one blank line around it
        markdown = re.sub(r"\n{3,}", "\n\n", markdown)
    return markdown


def fill(nb, values):
    """The notebook with each ``{eval}`` role replaced by its value (from :func:`evaluate`) and no outputs."""
    _check_notebook(nb)
    if not isinstance(values, dict):
        raise ValueError(f"values must be what evaluate() returns, a dict of cell index to texts; got "
                         f"{type(values).__name__}")
    nb = copy.deepcopy(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and i in values:
            cell.source = filled(cell.source, values[i])
        elif cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    return nb


def participant(nb):
    """The notebook without its answers: answer blocks of the prose and cells tagged as answers removed."""
    _check_notebook(nb)
    nb = copy.deepcopy(nb)
    nb.cells = [c for c in nb.cells if not ANSWER_TAGS & set(c.metadata.get("tags", []))]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = strip_answers(cell.source)
    nb.cells = [c for c in nb.cells if c.cell_type != "markdown" or c.source.strip()]
    return nb


def knowledge_check_lines(source):
    """Where a code cell's source builds the knowledge check: the first and one past the last line index of its
    statement that assigns ``KC``, or None when it has none."""
    import ast

    if not isinstance(source, str):
        raise ValueError(f"source must be a code cell's source text, got {type(source).__name__}")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None  # IPython's own syntax (a magic) builds no knowledge check
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else \
            [statement.target] if isinstance(statement, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "KC" for t in targets):
            return statement.lineno - 1, statement.end_lineno
    return None


def sealed_knowledge_check(nb, quizzes):
    """The notebook with its knowledge check sealed: the statement that builds ``KC`` becomes one that builds the
    same questions from text no one reads at a glance (:func:`storageperf_book.quiz.sealed`).

    The questions still answer back in a kernel, each check with the chapter's feedback, and the cell's other
    statements and the cells below stay as they were. Sealing keeps the key out of sight of a participant who reads
    the code before answering; it does not keep it from one who decodes the text, or runs the cell and asks.

    Parameters
    ----------
    nb : nbformat.NotebookNode
        The chapter.
    quizzes : list of storageperf_book.quiz.Quiz
        Its questions, as the cell builds them (:func:`storageperf_book.quiz.chapter_quizzes`).
    """
    from .quiz import sealed

    _check_notebook(nb)
    text = sealed(quizzes)
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        where = knowledge_check_lines(cell.source) if cell.cell_type == "code" else None
        if where is not None:
            lines = cell.source.split("\n")
            lines[where[0]:where[1]] = [
                "# The questions are sealed, so that reading this cell does not give their answers away; they answer",
                "# back as the chapter's do (storageperf_book.quiz.sealed).",
                "from storageperf_book.quiz import unsealed  # noqa: E402",
                'KC = unsealed("""', *text.split("\n"), '""")']
            cell.source = "\n".join(lines)
            return nb
    raise ValueError("nb must build its knowledge check KC in a code cell, to seal it; none of its cells assigns KC")


def knowledge_check(notebook):
    """A chapter's knowledge-check questions (:func:`storageperf_book.quiz.chapter_quizzes`), or [] when none of
    its code cells builds ``KC``."""
    import nbformat

    from .quiz import chapter_quizzes

    cells = nbformat.read(notebook, as_version=4).cells
    if not any(c.cell_type == "code" and knowledge_check_lines(c.source) for c in cells):
        return []
    return chapter_quizzes(notebook)


def chapter_editions(notebook, entries, notes=None):
    """Both editions of one chapter; ``entries`` is the bibliography (:func:`citations.read_bib`).

    Returns
    -------
    dict
        ``participant`` and ``instructor``, the two notebooks (the participant's knowledge check sealed:
        :func:`sealed_knowledge_check`); ``quizzes``, the chapter's questions; and with ``notes`` (the instructor
        notes' Markdown) ``notes``, that text with its roles evaluated in the chapter's kernel (:func:`evaluate`).
    """
    import nbformat

    notebook = Path(notebook)
    values = evaluate(notebook, notes=notes)
    instructor = fill(nbformat.read(notebook, as_version=4), values)
    citations.notebook_as_text(instructor, entries)
    quizzes = knowledge_check(notebook)
    done = {"participant": participant(sealed_knowledge_check(instructor, quizzes) if quizzes else instructor),
            "instructor": instructor, "quizzes": quizzes}
    if notes is not None:
        done["notes"] = filled(notes, values["notes"])
    return done


def _directives(markdown, names):
    """The MyST directives of a markdown text named in ``names``: (name, argument, body without its options)."""
    lines, found = markdown.split("\n"), []
    for name, argument, start, stop, closed in _directive_blocks(markdown, lambda n, a: n not in names):
        if name in names:
            inner = lines[start + 1:stop - 1 if closed else stop]
            body = [line for line in inner if not re.match(r"^[ \t]*:[a-z-]+:", line)]
            label = next((o.split(":", 2)[2].strip() for o in inner if o.strip().startswith(":label:")), "")
            found.append((name, argument.strip() or label, "\n".join(body).strip()))
    return found


def _number(z):
    """A numeric question's answer and its tolerated range, to the tolerance's precision."""
    import math

    decimals = max(0, 1 - math.floor(math.log10(z.tolerance)))
    return (f"**{z.answer:,.{decimals}f} {z.unit}** (right from {z.answer - z.tolerance:,.{decimals}f} to "
            f"{z.answer + z.tolerance:,.{decimals}f})")


#: What the key says of a question of the room the chapter gives no single answer to.
DISCUSSION = "discussion: no single answer"


def answer_key(instructor, quizzes, notes):
    """One chapter's part of the trainer's answer key, as Markdown.

    Parameters
    ----------
    instructor : nbformat.NotebookNode
        The chapter's instructor edition (its numbers filled: :func:`chapter_editions`).
    quizzes : list of storageperf_book.quiz.Quiz
        Its knowledge check's questions.
    notes : str
        Its instructor notes, their roles filled.

    Returns
    -------
    str
        The chapter's title; each exercise with its solution (for an open exercise, what the notes say a good
        answer has); each question of the knowledge check with its right answer and why, and the answers the chapter
        folds under its questions; each section's question for the room with the answer the notes' **Expected
        answer.** gives, or :data:`DISCUSSION`.
    """
    _check_notebook(instructor)
    if not isinstance(notes, str):
        raise ValueError(f"notes must be the instructor notes' Markdown text, got {type(notes).__name__}")
    markdown = "\n\n".join(c.source for c in instructor.cells if c.cell_type == "markdown")
    title = next((line[2:].strip() for line in markdown.splitlines() if line.startswith("# ")), "")
    parts = [f"## {title}", "### Exercises"]
    blocks = _directives(markdown, {"exercise", "solution", "dropdown"})
    solutions = {arg: body for name, arg, body in blocks if name == "solution"}
    exercises = [(arg, body) for name, arg, body in blocks if name == "exercise"]
    for label, body in exercises:
        open_answer = re.search(rf"^\*\*Open exercise \({re.escape(label)}\): what a good answer has\.\*\*\n\n"
                                r"(.*?)(?=\n\n\*\*|\n## |\Z)", notes, flags=re.M | re.S)
        solution = solutions.get(label) or (f"No single solution. What a good answer has (the instructor notes):\n\n"
                                            f"{open_answer[1].strip()}" if open_answer else DISCUSSION)
        parts += [f"#### {label}", body, "**Solution.**", solution]
    if not exercises:
        parts.append("The chapter sets no exercise.")
    parts.append("### Knowledge check")
    for z in quizzes:
        if z.kind == "choice":
            right = "; ".join(f"**{letter}**. {z.options[z.letters.index(letter)]}" for letter in z.correct)
        else:
            right = _number(z)
        parts.append(f"**{z.id}.** {z.prompt}\n\n- Answer: {right}\n- Why: {z.right}")
    folded = [(arg, body) for name, arg, body in blocks if name == "dropdown" and is_answer(name, arg)]
    parts += [f"**{arg}** (folded in the chapter): {body}" for arg, body in folded]
    if not quizzes and not folded:
        parts.append("The chapter has no knowledge check.")
    parts.append("### Ask the room")
    for section in re.split(r"^## ", notes, flags=re.M)[1:]:
        heading, _, body = section.partition("\n")
        paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", body)]
        for k, paragraph in enumerate(paragraphs):
            if paragraph.startswith("**Ask the room.**"):
                following = paragraphs[k + 1] if k + 1 < len(paragraphs) else ""
                expected = following.removeprefix("**Expected answer.**").strip() \
                    if following.startswith("**Expected answer.**") else \
                    "the knowledge check's answers, above" if heading.strip() == "Knowledge check" else DISCUSSION
                question = paragraph.removeprefix("**Ask the room.**").strip()
                parts.append(f"**{heading.strip()}.** {question}\n\n- Expected: {expected}")
    return "\n\n".join(parts) + "\n"


#: The answer key's opening, above the chapters' parts.
ANSWER_KEY_HEAD = """\
# Answer key

Every chapter's exercises with their solutions, its knowledge check's right answers with why, and the answer each
instructor note expects to its questions for the room, the numbers as the chapters compute them. For the trainer:
the participant edition holds none of it.
"""


def answer_elements(soup):
    """The elements of a built page (parsed by BeautifulSoup) that hold an answer: the exercises' solutions, the
    knowledge checks' folded answers, and the cells tagged as answers."""
    found = soup.select("div.solution")
    found += [d for d in soup.select("details.sd-dropdown")
              if d.summary and d.summary.get_text(" ", strip=True).startswith("Answer")]
    found += [c for c in soup.select("div.cell") if ANSWER_TAGS & {t.removeprefix("tag_") for t in c.get("class", [])}]
    return found


#: A launch button's Binder address, up to its branch: ``https://mybinder.org/v2/gh/<owner>/<repo>/<branch>?``.
_BINDER = re.compile(r"(https://mybinder\.org/v2/gh/[^/\"?]+/[^/\"?]+/)[^/\"?]+\?")


def participant_site(html, out, notebooks, wheel, requirements):
    """Write the site's participant edition: the built site ``html`` copied to ``out`` without any answer.

    Every page loses its :func:`answer_elements`, and its launch button opens the participant's branch on Binder
    (:func:`participant_branch`); each chapter's runnable zip (``downloads/``), which its page offers,
    and the copy of its source the site keeps (``_sources/``) are the participant edition's. The knowledge checks
    keep working: they check an answer in the page, and show the feedback only for what the reader chose.

    Parameters
    ----------
    html : path-like
        The built site (``_build/html``).
    out : path-like
        Where to write the participant's copy (emptied first).
    notebooks : list of path-like
        The participant edition's notebooks (:func:`build` writes them).
    wheel, requirements : path-like
        The package's wheel and the Binder pins, for the runnable zips.

    Returns
    -------
    list of pathlib.Path
        The pages that lost an answer.
    """
    import shutil

    from bs4 import BeautifulSoup

    from .archive import FOLDER, chapter_archive

    html, out = Path(html), Path(out)
    if not (html / "index.html").is_file():
        raise ValueError(f"html must be the built site (make book), with an index.html; got {str(html)!r}")
    if out.resolve() == html.resolve():
        raise ValueError(f"out must be another folder than the site it copies, got {str(out)!r}")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(html, out)
    changed = []
    for page in sorted(out.rglob("*.html")):
        if "_static" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        launch = _BINDER.sub(rf"\g<1>{PARTICIPANT_BRANCH}?", text)  # the launch button opens the participant's branch
        soup = BeautifulSoup(launch, "html.parser")
        found = answer_elements(soup)
        if found:
            for element in found:
                element.decompose()
            changed.append(page)
        if found or launch != text:
            page.write_text(str(soup), encoding="utf-8")
    for notebook in map(Path, notebooks):
        source = out / "_sources" / "book" / notebook.name
        if source.is_file():
            source.write_bytes(notebook.read_bytes())
        archive = out / FOLDER / f"{notebook.stem}.zip"
        if archive.is_file():
            chapter_archive(notebook, wheel, requirements, archive, f"{notebook.stem} (participant edition)")
    return changed


def participant_branch(root, out, notebooks, repository):
    """Write the tree the participant's branch holds (:data:`PARTICIPANT_BRANCH`): the participant edition's
    ``notebooks`` in ``book/``, each opening with :data:`INSTALL_CELL` for ``repository`` (none when it is not
    known), and :data:`BRANCH_FILES` of ``root``, so that Binder (``binder/``) and pip (``pyproject.toml``) install
    the guide's package from it. ``out`` is emptied first; returns it."""
    import shutil

    import nbformat

    root, out = Path(root), Path(out)
    shutil.rmtree(out, ignore_errors=True)
    for name in BRANCH_FILES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, out / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.is_file():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, out / name)
        else:
            raise ValueError(f"root must be the repository, with {name}; got {str(root)!r}")
    for notebook in map(Path, notebooks):
        nb = nbformat.read(notebook, as_version=4)
        if repository:
            cell = nbformat.v4.new_code_cell(INSTALL_CELL.format(url=repository, branch=PARTICIPANT_BRANCH))
            cell.metadata["tags"] = ["install"]
            nb.cells.insert(0, cell)
        nbformat.write(nb, out / "book" / notebook.name)
    return out


def build(root=".", out=None, html=None):
    """Write both editions: ``<out>/<edition>/<chapter>.ipynb``, ``<out>/instructor/notes/`` (their numbers filled
    in), the trainer's answer key ``<out>/instructor/answer-key.md`` (:func:`answer_key`) and the two zips, and with
    ``html`` the site's participant edition in ``<out>/participant-site``.

    Parameters
    ----------
    root : path-like
        The repository.
    out : path-like, optional
        Where to write; ``<root>/_build/workshop`` by default.
    html : path-like, optional
        The built site (``make book``), to write its participant edition from (:func:`participant_site`).

    Returns
    -------
    list of pathlib.Path
        Every file written: the notebooks, the notes, the answer key, the zips, the participant site's index.
    """
    import nbformat

    from .archive import build_wheel, notebooks_archive

    root = Path(root).resolve()
    out = Path(out) if out is not None else root / OUT
    chapters = toc_chapters(root)
    if not chapters:
        raise ValueError(f"root must be the repository, whose _toc.yml lists the chapters; got {str(root)!r}")
    missing = [c.stem for c in chapters if not (root / NOTES / f"{c.stem}.md").is_file()]
    if missing:
        raise ValueError(f"every chapter needs its instructor notes in {NOTES}/; missing: {', '.join(missing)}")
    written = {edition: [] for edition in EDITIONS}
    entries = citations.read_bib(root / citations.BIB)
    copies, key = [], [ANSWER_KEY_HEAD]  # the notes, their numbers filled, beside the instructor's notebooks
    # one chapter after another: each takes seconds
    for notebook in chapters:
        done = chapter_editions(notebook, entries, (root / NOTES / f"{notebook.stem}.md").read_text(encoding="utf-8"))
        for edition in EDITIONS:
            path = out / edition / notebook.name
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(done[edition], path)
            written[edition].append(path)
        copy_path = out / "instructor" / "notes" / f"{notebook.stem}.md"
        copy_path.parent.mkdir(parents=True, exist_ok=True)
        copy_path.write_text(done["notes"], encoding="utf-8")
        copies.append(copy_path)
        key.append(answer_key(done["instructor"], done["quizzes"], done["notes"]))
    answers = out / "instructor" / ANSWER_KEY
    answers.write_text("\n".join(key), encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(root, tmp)
        requirements = root / "binder" / "requirements.txt"
        site = []
        if html is not None:
            participant_site(html, out / "participant-site", written["participant"], wheel, requirements)
            site = [out / "participant-site" / "index.html"]
        from .sphinx.repository import repository_url

        branch = participant_branch(root, out / "participant-branch", written["participant"], repository_url(root))
        check = {SETUP_CHECK.name: root / SETUP_CHECK}
        trainer = {f"workshop/{p.relative_to(root / WORKSHOP).as_posix()}": p
                   for pattern in TRAINER_FILES for p in sorted((root / WORKSHOP).glob(pattern))}
        zips = [notebooks_archive(written["participant"], wheel, requirements, out / "participant.zip",
                                  "participant", "The guide's chapters, participant edition (exercises, no answers)",
                                  extra=check),
                notebooks_archive(written["instructor"], wheel, requirements, out / "instructor.zip", "instructor",
                                  "The guide's chapters, instructor edition (solutions, answers, instructor notes, "
                                  "the answer key in answer-key.md, and in workshop/ the run sheets, the room "
                                  "notebook and the cheat sheet)",
                                  extra={**check, ANSWER_KEY: answers, **{f"notes/{n.name}": n for n in copies},
                                         **trainer})]
    return [*written["participant"], *written["instructor"], *copies, answers, *zips, *site, branch]


def main(argv=None):
    """``make workshop``: build both editions into ``_build/workshop`` and print what was written."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="the repository (default: the current folder)")
    parser.add_argument("--out", default=None, help=f"where to write (default: <root>/{OUT})")
    parser.add_argument("--html", default=None, help="the built site, to write its participant edition from "
                        "(default: <root>/_build/html when it has been built)")
    args = parser.parse_args(argv)
    html = args.html or (Path(args.root) / "_build" / "html" if (Path(args.root) / "_build/html/index.html").is_file()
                         else None)
    start = time.perf_counter()
    for path in build(args.root, args.out, html):
        print("wrote", path)
    print(f"both editions built in {time.perf_counter() - start:.0f} s")
