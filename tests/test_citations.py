"""Citations as text in the notebooks a reader opens in JupyterLab: the site's labels, each chapter's works listed."""
import json
import re
from pathlib import Path

import pytest

from storageperf_book import citations, editions

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = citations.read_bib(ROOT / citations.BIB)
CHAPTERS = [p for p in editions.toc_chapters(ROOT) if citations.ROLE.search(p.read_text(encoding="utf-8"))]


def test_the_letters_follow_the_sites_reference_list():
    # the site lists works in pybtex's alpha order; two works of one author and year are lettered in that order
    from pybtex.database import parse_file
    from pybtex.style.formatting.alpha import Style as Alpha

    order = [e.key for e in Alpha().sort(list(parse_file(ROOT / citations.BIB).entries.values()))]
    letters = citations.letters(ENTRIES)
    labels = citations.labels(ENTRIES)
    assert len(set(labels.values())) == len(labels), "two works share a label"
    groups = {}
    for key in order:
        groups.setdefault(labels[key].rstrip("abcdefghijklmnopqrstuvwxyz"), []).append(key)
    lettered = [keys for keys in groups.values() if len(keys) > 1]
    assert lettered, "no author has two works in a year: the test checks nothing"
    for keys in lettered:
        assert [letters[k] for k in keys] == sorted(letters[k] for k in keys), keys


@pytest.mark.parametrize("notebook", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_a_chapters_citations_read_as_author_year_and_title(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    keys = citations.works(nb)[1]
    text = "\n".join("".join(c["source"]) for c in citations.notebook_as_text(nb, ENTRIES)["cells"]
                     if c["cell_type"] == "markdown")
    assert "{cite" not in text and "{bibliography}" not in text
    labels = citations.labels(ENTRIES)
    for key in keys:
        title = citations._plain(ENTRIES[key]["title"])
        assert f"{labels[key]}: *{title}*" in text, key
    listed = text[text.index(citations.HEADING):].splitlines()[2:]
    listed = [line for line in listed if line.startswith("- ")]
    assert [line[2:].split(". *")[0] for line in listed] == sorted(labels[k] for k in keys)


def test_a_citation_of_a_work_not_in_the_bibliography_says_which():
    with pytest.raises(ValueError, match="'ca-nowhere', which the bibliography does not hold"):
        citations.as_text("see {cite}`ca-nowhere`", ENTRIES, prefix="ca-")


def test_a_bib_file_the_reader_cannot_read_is_named(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        citations.read_bib(tmp_path / "missing.bib")
    broken = tmp_path / "broken.bib"
    broken.write_text("@misc{a,\n  title = {Open {brace}\n")
    with pytest.raises(ValueError, match="brace that is not closed"):
        citations.read_bib(broken)
    odd = tmp_path / "odd.bib"
    odd.write_text('@misc{a,\n  title = "Quoted",\n}\n')
    with pytest.raises(ValueError, match="entry 'a' has a field this reader does not understand"):
        citations.read_bib(odd)
    with pytest.raises(ValueError, match="nb must be a notebook"):
        citations.notebook_as_text([], ENTRIES)


def test_binder_writes_the_chapters_citations_as_text():
    # repo2docker runs binder/postBuild in the repository: it must rewrite every chapter's citations
    post = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"^python -m storageperf_book\.citations book/\*\.ipynb", post, re.M)
