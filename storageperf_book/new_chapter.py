"""A new chapter in one command: ``python -m storageperf_book.new_chapter <name> --document <id>``.

Writes ``book/<name>.ipynb`` from ``book/_chapter-template.ipynb`` (citing the document, with the chapter's own labels
and question ids) and its instructor notes, ``book/workshop/instructor/<name>.md`` (one section a heading of the
chapter, the minutes its "Time to learn" shared out), and registers the chapter where the book and its tests look
for it: ``_toc.yml``, the appendix's list of critical readings, the full-day run sheet, the JupyterLab test's
cases and, when the document has none yet, its entry in ``book/references.bib``. The result passes the quick tests
as it stands; what the author fills in is marked TODO in the files written and printed as a list.

The source module, its tables and its findings (``storageperf/sources/<name>.py``, ``data/sources/<name>_*.csv``,
rows ``<name>-NN`` of ``data/source_discrepancies.csv``) are not written: they are what the document states, and the
tests hold a source module to having them.
"""
from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import nbformat
import yaml

TEMPLATE = Path("book/_chapter-template.ipynb")
NOTES = Path("book/workshop/instructor")
APPENDIX = Path("book/data-and-sources.ipynb")
RUN_SHEETS = Path("book/workshop/run-sheets.md")
LIVE_TEST = Path("tests/test_jupyterlab.py")
BIB = Path("book/references.bib")
DOCUMENTS = Path("data/documents.csv")

#: A chapter's name: lower-case words of letters and digits joined by hyphens (the notebook's file-name stem).
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

#: The template's words for what a chapter makes its own: its citation, labels, question ids and findings.
TEMPLATE_CITATION = "template-hpc_module"
TEMPLATE_DOCUMENT = "anf-hpc-module"

#: A chapter's sections the instructor notes leave out: the frame around the teaching.
FRAME = {"Overview", "Prerequisites", "Imports", "Summary", "What's next", "References"}


def check_name(root, name):
    """Refuse a name that is not kebab-case or that a chapter, note, module, table or label already uses."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError("name must be lower-case letters and digits in words joined by hyphens (object-storage), "
                         f"got {name!r}")
    root, snake = Path(root), name.replace("-", "_")
    taken = [p for p in (Path("book") / f"{name}.ipynb", Path("book") / f"{name}.md", NOTES / f"{name}.md",
                         Path("storageperf/sources") / f"{snake}.py", Path("tests") / f"test_{snake}.py")
             if (root / p).exists()]
    taken += [p.relative_to(root) for p in (root / "data" / "sources").glob(f"{snake}_*.csv")]
    text = "".join(p.read_text(encoding="utf-8") for p in (root / "book").rglob("*") if p.suffix in (".md", ".ipynb"))
    taken += [label for label in (f"({name}-critical)=", f":label: ex-{name}-") if label in text]
    if taken:
        raise ValueError(f"name must be a new chapter's, got {name!r}, which {', '.join(map(str, taken))} already uses")


def document_row(root, document):
    """The document's row of ``data/documents.csv``, as a dict; refuse an id the file does not have."""
    import pandas as pd

    documents = pd.read_csv(Path(root) / DOCUMENTS, dtype=str, keep_default_na=False).set_index("id")
    if not isinstance(document, str) or document not in documents.index:
        raise ValueError(f"document must be an id of {DOCUMENTS} (such as {documents.index[0]}), got {document!r}")
    return {"id": document, **documents.loc[document].to_dict()}


def citation_key(root, row):
    """The key of the document's entry in ``book/references.bib``, the entry written from its row if it has none."""
    from .citations import read_bib

    path = Path(root) / BIB
    entries = read_bib(path)
    for key, entry in entries.items():
        if entry.fields.get("document", "").strip() == row["id"]:
            return key, False
    key = row["id"].replace("-", "_")
    while key in entries:
        key += "_"
    fields = {"title": f"{{{row['title']}}}", "author": f"{{{row['publisher']}}}", "howpublished": row["where"],
              "year": row["date"][:4], "url": row["url"], "document": row["id"]}
    lines = [f"  {field:<12} = {{{value}}}" for field, value in fields.items() if value]
    text = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(f"{text}\n\n@misc{{{key},\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    return key, True


def _has_findings(root, document):
    import pandas as pd

    table = pd.read_csv(Path(root) / "data" / "source_discrepancies.csv", dtype=str, keep_default_na=False)
    return bool((table["document"] == document).any())


def write_chapter(root, name, row, key):
    """``book/<name>.ipynb``: the template with the chapter's citation, labels and question ids, its TODOs said."""
    nb = nbformat.read(Path(root) / TEMPLATE, as_version=4)
    snake = name.replace("-", "_")
    for cell in nb.cells:
        cell.source = (cell.source.replace(TEMPLATE_CITATION, f"{name}-{key}")
                       .replace(":keyprefix: template-", f":keyprefix: {name}-")
                       .replace("ex-template-", f"ex-{name}-")
                       .replace("(template-critical)=", f"({name}-critical)=")
                       .replace('Quiz("template/', f'Quiz("{name}/'))
    title = nb.cells[0]
    intro = title.source.split("\n\n")
    intro[0] = f"# TODO: the reader's question, answered from {row['title']}"
    intro[1] = (
        f"*TODO, before this chapter is published: the title and every paragraph below are the template's, which "
        f"says what each part holds; write them for {{cite}}`{name}-{key}`. Transcribe what the document states into "
        f"`data/sources/{snake}_*.csv` (declared in `data/datapackage.spec.yaml`, then `make datapackage`), write "
        f"`storageperf/sources/{snake}.py` and `tests/test_{snake}.py`, and record the findings as rows "
        f"`{name}-01`, ... of `data/source_discrepancies.csv`; then replace the example, exercises and questions with "
        f"the chapter's own, fill in `{NOTES / name}.md`, the run sheet's block and the JupyterLab test's case, and "
        f"run `make checks`. `CONTRIBUTING.md`, \"A new chapter\", says what each holds.*")
    intro[1] = _wrapped(intro[1])
    title.source = "\n\n".join(intro)
    imports = next(c for c in nb.cells if c.cell_type == "code")
    imports.source = (f"# TODO: from storageperf.sources import {snake}, once the chapter's source module exists\n"
                      + imports.source)
    findings = next(c for c in nb.cells if f'discrepancies("{TEMPLATE_DOCUMENT}")' in c.source)
    if _has_findings(root, row["id"]):
        findings.source = f'discrepancies("{row["id"]}")'
    else:  # its call, and the import, wait for the findings
        findings.source = (f"# TODO: discrepancies(\"{row['id']}\"), once data/source_discrepancies.csv has the "
                           f"chapter's findings ({name}-01, ...)")
        imports.source = ("# TODO: from storageperf_book import discrepancies, once the chapter has its findings\n"
                          + imports.source.replace("discrepancies, ", ""))
    path = Path(root) / "book" / f"{name}.ipynb"
    nbformat.write(nb, path)
    return path


def _wrapped(paragraph):
    """A paragraph in lines the width of the book's sources."""
    return textwrap.fill(paragraph, 116, break_on_hyphens=False)


def _sections(nb):
    """The chapter's ``## `` headings the instructor notes follow (the frame left out)."""
    return [line[3:].strip() for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
            if line.startswith("## ") and line[3:].strip() not in FRAME]


def write_notes(root, name):
    """``book/workshop/instructor/<name>.md``: a section a heading of the chapter, the minutes its time to learn."""
    nb = nbformat.read(Path(root) / "book" / f"{name}.ipynb", as_version=4)
    sections = _sections(nb)
    total = int(re.search(r"\*\*Time to learn\*\*: (\d+) minutes", "\n".join(c.source for c in nb.cells))[1])
    minutes = [total // len(sections) + (i < total % len(sections)) for i in range(len(sections))]
    preamble = (f"For `book/{name}.ipynb`. The sections' minutes add up to the chapter's \"Time to learn\": a "
                "reader's time alone. In the room, the run sheets' blocks give the time, talk and exercises included. "
                "Every number is in the chapter; these notes point to it and state none (a number is an `{eval}` "
                "role, as in the chapter's prose).")
    parts = [f"# Instructor notes: TODO, the chapter's title\n\n{_wrapped(preamble)}\n"]
    for section, n in zip(sections, minutes, strict=True):
        if section == "Knowledge check":
            body = ("**Talking points.** TODO: the questions that answer back, a clause each. A right answer's "
                    "feedback is the whole explanation.\n\n"
                    "**Misconceptions.** TODO: which wrong option catches which misconception.\n\n"
                    "**Ask the room.** Everyone checks each question on their own; collect the answer files "
                    "(`save_answers()` in a notebook, the button on the site) and read the counts on the room's page.")
        else:
            body = ("**Talking points.** TODO: what the section teaches, in the order the room meets it.\n\n"
                    "**Misconceptions.** TODO: the misconception the section surfaces, and how to surface it.\n\n"
                    "**Ask the room.** TODO: a question for the room (then **Expected answer.** where the chapter "
                    "gives one).")
        body = "\n\n".join(_wrapped(paragraph) for paragraph in body.split("\n\n"))
        parts.append(f"## {section}\n\n**Minutes:** {n}\n\n{body}\n")
    path = Path(root) / NOTES / f"{name}.md"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def register_in_toc(root, name):
    """``_toc.yml``: the chapter after the last numbered chapter that reads a source (the capstones stay last)."""
    path = Path(root) / "_toc.yml"
    text = path.read_text(encoding="utf-8")
    numbered = next(p for p in yaml.safe_load(text)["parts"] if p.get("numbered"))
    sourced = [c["file"] for c in numbered["chapters"]
               if re.search(r"\([\w-]+-critical\)=", (Path(root) / f"{c['file']}.ipynb").read_text(encoding="utf-8"))]
    line = re.search(rf"^( *)- file: {re.escape(sourced[-1])}\n", text, flags=re.M)
    path.write_text(f"{text[:line.end()]}{line[1]}- file: book/{name}\n{text[line.end():]}", encoding="utf-8")
    return path


def register_in_appendix(root, name):
    """The appendix's sentence that lists each chapter's "Reading the source critically": the chapter's last."""
    path = Path(root) / APPENDIX
    nb = nbformat.read(path, as_version=4)
    pattern = re.compile(r" and\n(\{ref\}`[^`]*<[\w-]+-critical>`)\. All of them")
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and pattern.search(c.source))
    words = name.replace("-", " ").capitalize()
    cell.source = pattern.sub(lambda m: f",\n{m[1]} and {{ref}}`{words} <{name}-critical>`. All of them", cell.source)
    nbformat.write(nb, path)
    return path


def register_in_run_sheet(root, name):
    """The full-day run sheet: the chapter offered in the block before the capstone, with its first exercise."""
    path = Path(root) / RUN_SHEETS
    lines = path.read_text(encoding="utf-8").split("\n")
    day = max(i for i, line in enumerate(lines) if re.match(r"## .*\(\d+ minutes, ", line))
    capstone = next(i for i in range(day, len(lines)) if lines[i].startswith("| ") and "Capstone" in lines[i])
    cells = lines[capstone - 1].split(" | ")
    cells[-2] += f" or {{doc}}`../{name}`"
    exercise = f"{{ref}}`ex-{name}-one`"
    cells[-1] = (f"{cells[-1][:-2]} or {exercise} |" if cells[-1].strip(" |") else f"{exercise} |")
    lines[capstone - 1] = " | ".join(cells)
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def register_live_case(root, name):
    """``tests/test_jupyterlab.py``: a case that moves the chapter's calculator as the template draws it."""
    path = Path(root) / LIVE_TEST
    text = path.read_text(encoding="utf-8")
    concepts = re.search(r"^from storageperf\.concepts import (.+)$", text, flags=re.M)
    names = sorted({*concepts[1].split(", "), "bandwidth"})
    text = f"{text[:concepts.start()]}from storageperf.concepts import {', '.join(names)}{text[concepts.end():]}"
    start = text.index("CASES = [")
    end = text.index("\n]\n", start)
    example = ("bandwidth.bandwidth_mibps(data.value('hpc_eda_module', 'example_iops', 'IO/s'), "
               "data.value('hpc_eda_module', 'example_transfer_size', 'KiB'))")
    case = (f"\n    # TODO: a slider of {name}'s own calculator and a number of its prose (these are the template's)\n"
            f"    (\"{name}.ipynb\", \"IOPS\", \"50000\",\n"
            f"     lambda: f\"50,000 IOPS of 16 KiB: {{bandwidth.bandwidth_mibps(50_000, 16):,.1f}} MiB/s\",\n"
            f"     lambda: f\"{{{example}:,.1f}} MiB/s\"),")
    path.write_text(text[:end] + case + text[end:], encoding="utf-8")
    return path


def new_chapter(root, name, document):
    """Write the chapter's files and register it; return the paths written and the TODO list for the author."""
    check_name(root, name)
    row = document_row(root, document)
    key, new_entry = citation_key(root, row)
    snake = name.replace("-", "_")
    written = [write_chapter(root, name, row, key), write_notes(root, name), register_in_toc(root, name),
               register_in_appendix(root, name), register_in_run_sheet(root, name), register_live_case(root, name)]
    if new_entry:
        written.append(Path(root) / BIB)
    todo = [
        *([f"{BIB}: check the entry {key} written from {DOCUMENTS} (its author and title as the work gives them)"]
          if new_entry else []),
        f"data/sources/{snake}_*.csv: what {document} states, one number a row, with its provenance; their fields in "
        "data/datapackage.spec.yaml, then make datapackage; a line for each in data/README.md",
        f"storageperf/sources/{snake}.py (its DOCUMENT, comparison()) and its line in storageperf/sources/__init__.py; "
        f"tests/test_{snake}.py with its BAD_INPUT table",
        f"data/source_discrepancies.csv: the findings on {document}, ids {name}-01, ...",
        f"book/{name}.ipynb: every TODO, the template's text, example, exercises and questions made the chapter's; "
        "then make checks",
        f"{NOTES / name}.md: each section's talking points, misconceptions and question for the room",
        f"{RUN_SHEETS}: the chapter is offered in the full day's block before the capstone; give it its own block "
        "if it needs one",
        f"{LIVE_TEST}: the case marked TODO, on the chapter's own calculator",
        f"{APPENDIX}: the chapter's words in the list of critical readings",
    ]
    return written, todo


def main(argv=None):
    """``python -m storageperf_book.new_chapter <name> --document <id>``, from the repository's root."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help="the chapter's file-name stem, kebab-case (object-storage)")
    parser.add_argument("--document", required=True, help=f"the id of the chapter's document in {DOCUMENTS}")
    parser.add_argument("--root", default=".", help="the repository (default: the current folder)")
    args = parser.parse_args(argv)
    if not (Path(args.root) / TEMPLATE).is_file():
        parser.exit(2, f"root must be the repository, which has {TEMPLATE}, got {args.root!r}\n")
    try:
        written, todo = new_chapter(args.root, args.name, args.document)
    except ValueError as err:
        parser.exit(2, f"{err}\n")
    print("\n".join(f"wrote {p}" for p in written))
    print("To do (each place says what it holds):\n" + "\n".join(f"- {t}" for t in todo))


if __name__ == "__main__":
    sys.exit(main())
