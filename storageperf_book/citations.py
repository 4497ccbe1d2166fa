"""Citations as text, for the copies of the chapters a reader opens in JupyterLab or VS Code.

On the site, sphinxcontrib-bibtex renders a chapter's ``{cite}`` roles as ``[Microsoft, 2025a]`` and its
``{bibliography}`` directive as the list of the works it cites. A notebook interface has neither: jupyterlab-myst
shows the bare key, marked "Citation Not Found", and no list. So the copies a reader opens there carry the
citations as text: ``[Microsoft, 2025a: *Title*]`` where the site writes the label, and the chapter's works, one a
line with its address as a link, where the site lists them. Those copies are Binder's (``binder/postBuild`` runs
:func:`main` over the chapters), each chapter's runnable zip (:mod:`storageperf_book.archive`) and the workshop's
editions (:mod:`storageperf_book.editions`).

A work's label is the site's: its authors' last names (one, two, or the first and "et al."), its year or "n.d.", and
a letter after the year where one author has several works in a year, given in the order of the site's reference
list (by title). The site takes its letters from :func:`letters`, so the two cannot drift apart.

The ``.bib`` file is read by pybtex, as the site reads it (:func:`read_bib`); Binder installs pybtex, and no book
builder.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from pybtex.backends.plaintext import Backend
from pybtex.database import parse_file
from pybtex.richtext import Text

#: The guide's bibliography, relative to the repository (``bibtex_bibfiles`` in ``_config.yml``).
BIB = Path("book/references.bib")

#: A citation role of the prose: ``{cite}`key``` or ``{cite:p}`a,b```.
ROLE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")

#: A ``{bibliography}`` directive in backticks, with its options (``:keyprefix: ca-``).
DIRECTIVE = re.compile(r"^(?P<fence>`{3,})\{bibliography\}[^\n]*\n(?P<options>(?::[^\n]*\n)*)(?P=fence)[ \t]*$",
                       re.M)

#: What stands where the site lists a chapter's works.
HEADING = "The works cited here, as the site lists them:"


@functools.cache  # a work's fields are read again for each cell of each chapter
def _plain(value):
    """A field's value as text, as pybtex renders it: braces gone, ``\\_`` an underscore, ``--`` a dash."""
    return " ".join(Text.from_latex(value).render(Backend()).split())


def read_bib(path):
    """The entries of a ``.bib`` file, by key, in the file's order: pybtex's ``Entry`` objects.

    >>> entries = read_bib(Path(__file__).parents[1] / BIB)
    >>> entries["lazowska1984"].fields["year"], entries["lazowska1984"].type
    ('1984', 'book')
    """
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"path must be a .bib file, got {str(path)!r}, which does not exist")
    return parse_file(path).entries


def _authors(entry):
    """The last name of each author (``{{Microsoft}}`` is one name, kept whole)."""
    return tuple(" ".join(_plain(n) for n in person.last_names) for person in entry.persons.get("author", ()))


def _year(entry):
    return _plain(entry.fields.get("year", "")) or "n.d."


def letters(entries):
    """The letter after the year of each work that shares its authors and year with another: ``{key: "a"}``.

    Lettered in the order of the site's reference list, by the title as the ``.bib`` file writes it.
    """
    groups = {}
    for key, entry in entries.items():
        groups.setdefault((tuple(map(str, entry.persons.get("author", ()))), _year(entry)), []).append(key)
    return {key: "abcdefghijklmnopqrstuvwxyz"[i] for keys in groups.values() if len(keys) > 1
            for i, key in enumerate(sorted(keys, key=lambda k: entries[k].fields.get("title", "")))}


def labels(entries):
    """Each work's label as the site writes it: ``{key: "Microsoft, 2025a"}``."""
    lettered = letters(entries)
    out = {}
    for key, entry in entries.items():
        names = _authors(entry) or (_plain(entry.fields.get("title", key)),)
        who = names[0] if len(names) == 1 else " and ".join(names) if len(names) == 2 else f"{names[0]} et al."
        out[key] = f"{who}, {_year(entry)}{lettered.get(key, '')}"
    return out


def reference(entry, label):
    """One line of a chapter's list of works: label, title, where it was published, its note, and its address as a
    link (``<https://...>``, which a notebook renders as one), as the site's reference list has it."""
    fields = entry.fields
    where = [_plain(fields[f]) for f in ("howpublished", "journal", "publisher", "institution") if f in fields]
    if "number" in fields:
        where.append(_plain(fields["number"]))
    parts = [f"{label}. *{_plain(fields.get('title', ''))}*.", *(f"{w}." for w in where)]
    if "note" in fields:
        parts.append(f"{_plain(fields['note'])}.")
    if "url" in fields:
        parts.append(f"<{fields['url'].strip()}>")
    return " ".join(parts)


def _prefix(markdown):
    match = re.search(r"^:keyprefix:\s*(\S+)", markdown, re.M)
    return match[1] if match else ""


def _bare(key, prefix):
    """A cited key without the chapter's key prefix."""
    key = key.strip()
    return key[len(prefix):] if prefix and key.startswith(prefix) else key


def cited(markdown, prefix=""):
    """The keys the roles of ``markdown`` cite, in order of first citation, without the chapter's key prefix."""
    return list(dict.fromkeys(_bare(k, prefix) for m in ROLE.finditer(markdown) for k in m[1].split(",")))


def _markdown_cells(nb):
    cells = nb["cells"] if isinstance(nb, dict) else getattr(nb, "cells", None)
    if not isinstance(cells, list):
        raise ValueError(f"nb must be a notebook (a dict with cells, or nbformat's), got {type(nb).__name__}")
    return [c for c in cells if c["cell_type"] == "markdown"]


def works(nb):
    """A chapter's key prefix (``:keyprefix:`` of its bibliography, or "") and the keys its prose cites, without
    the prefix, in order of first citation: ``(prefix, keys)``. ``nb`` as :func:`json.load` or nbformat reads it."""
    whole = "\n".join("".join(c["source"]) for c in _markdown_cells(nb))
    prefix = _prefix(whole)
    return prefix, cited(whole, prefix)


def as_text(markdown, entries, prefix=None, works=None):
    """``markdown`` (one chapter's prose, or one cell of it) with its citations written out as text.

    Parameters
    ----------
    markdown : str
        MyST markdown with ``{cite}`` roles and at most one ``{bibliography}`` directive.
    entries : dict
        What :func:`read_bib` returns.
    prefix : str, optional
        The chapter's key prefix (``:keyprefix:`` of its bibliography); read from ``markdown`` when not given.
    works : list of str, optional
        The keys the bibliography lists; by default those ``markdown`` cites.

    Examples
    --------
    >>> entries = read_bib(Path(__file__).parents[1] / BIB)
    >>> as_text("queues {cite}`qb-lazowska1984`.", entries, prefix="qb-")[:60]
    'queues [Lazowska et al., 1984: *Quantitative System Performa'
    """
    prefix = _prefix(markdown) if prefix is None else prefix
    names = labels(entries)

    def key(raw):
        if _bare(raw, prefix) not in entries:
            raise ValueError(f"a citation names {raw.strip()!r}, which the bibliography does not hold")
        return _bare(raw, prefix)

    def role(match):
        return "[" + "; ".join(f"{names[k]}: *{_plain(entries[k].fields.get('title', ''))}*"
                               for k in map(key, match[1].split(","))) + "]"

    def directive(_match):
        listed = sorted(map(key, cited(markdown, prefix) if works is None else works), key=names.get)
        return "\n".join([HEADING, "", *(f"- {reference(entries[k], names[k])}" for k in listed)])

    return ROLE.sub(role, DIRECTIVE.sub(directive, markdown))


def notebook_as_text(nb, entries):
    """A notebook (as :func:`json.load` or nbformat reads it) with its markdown cells' citations as text."""
    prefix, keys = works(nb)
    for cell in _markdown_cells(nb):
        cell["source"] = as_text("".join(cell["source"]), entries, prefix, works=keys)
    return nb


def main(argv=None):
    """``python -m storageperf_book.citations [--bib FILE] NOTEBOOK...``: write each notebook's citations as text,
    in place (``binder/postBuild`` runs it over the chapters of Binder's copy)."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--bib", type=Path, default=BIB, help=f"the bibliography (default: {BIB})")
    args = parser.parse_args(argv)
    entries = read_bib(args.bib)
    for path in args.notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(notebook_as_text(nb, entries), indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        print("citations as text:", path)


if __name__ == "__main__":
    main()
