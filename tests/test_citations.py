"""Citations as text in the notebooks a reader opens in JupyterLab: the site's labels, each chapter's works listed."""
import json
import re
from pathlib import Path

import pytest
import yaml

from storageperf import data
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
        title = citations._plain(ENTRIES[key].fields["title"])
        assert f"{labels[key]}: *{title}*" in text, key
    listed = text[text.index(citations.HEADING):].splitlines()[2:]
    listed = [line for line in listed if line.startswith("- ")]
    assert [line[2:].split(". *")[0] for line in listed] == sorted(labels[k] for k in keys)
    # each work with its address, a link in a notebook as on the site
    assert [line.rsplit(" ", 1)[-1] for line in listed] == [f"<{ENTRIES[k].fields['url']}>" for k in
                                                          sorted(keys, key=labels.get)]


def test_a_citation_of_a_work_not_in_the_bibliography_says_which():
    with pytest.raises(ValueError, match="'ca-nowhere', which the bibliography does not hold"):
        citations.as_text("see {cite}`ca-nowhere`", ENTRIES, prefix="ca-")


def test_a_bib_file_or_notebook_that_is_not_one_is_named(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        citations.read_bib(tmp_path / "missing.bib")
    with pytest.raises(ValueError, match="nb must be a notebook"):
        citations.notebook_as_text([], ENTRIES)


def test_binder_writes_the_chapters_citations_as_text():
    # repo2docker runs binder/postBuild in the repository: it must rewrite every chapter's citations
    post = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"^python -m storageperf_book\.citations book/\*\.ipynb", post, re.M)


# Every cited work one click away: its address in the bibliography, the same as its row of data/documents.csv.

#: Works the guide cites for a law or a convention, from which no number of the data package comes: they have no row
#: in documents.csv. Every other entry names its row (field ``document``).
OUTSIDE_THE_DATA = {"little1961", "lazowska1984", "iec80000_13"}


def test_every_cited_work_has_an_https_address():
    documents = data.load("documents")
    missing = [k for k, e in ENTRIES.items() if not re.fullmatch(r"https://\S+", e.fields.get("url", "").strip())]
    missing += [d for d, url in zip(documents["id"], documents["url"]) if not re.fullmatch(r"https://\S+", url)]
    assert not missing, f"cited without an https address: {missing}"


def test_a_work_in_the_bibliography_and_in_documents_csv_is_one_document_with_one_address():
    documents = data.load("documents").set_index("id")
    named = {key: entry.fields["document"].strip() for key, entry in ENTRIES.items() if "document" in entry.fields}
    assert set(ENTRIES) - set(named) == OUTSIDE_THE_DATA
    assert set(named.values()) <= set(documents.index), set(named.values()) - set(documents.index)
    assert len(set(named.values())) == len(named), "two entries name one document"
    for key, document in named.items():
        entry, row = ENTRIES[key].fields, documents.loc[document]
        assert entry["url"].strip() == row["url"], f"{key} links {entry['url']}, its document {document} {row['url']}"
        # the two say the same of the work where both say it: the commit read, the year
        cited_commit = re.search(r"commit ([0-9a-f]{7,40})", entry.get("howpublished", ""))
        read_commit = re.search(r"commit ([0-9a-f]{7,40})", row["where"])
        if cited_commit:
            assert read_commit and read_commit[1].startswith(cited_commit[1]), key
        if "year" in entry and isinstance(row["date"], str):
            assert row["date"].startswith(entry["year"].strip()), f"{key}: {entry['year']}, {document}: {row['date']}"


def test_a_work_read_at_a_commit_is_cited_with_its_permalink():
    # the site's reference list links the file at the commit read, named in full, wherever the data records one
    documents = data.load("documents").set_index("id")
    read_at_a_commit = [key for key, entry in ENTRIES.items() if "document" in entry.fields
                        and re.search(r"\bcommit [0-9a-f]{7}", documents.loc[entry.fields["document"].strip(), "where"])]
    assert read_at_a_commit
    for key in read_at_a_commit:
        assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+", ENTRIES[key].fields["url"]), key



def test_the_guide_says_how_to_cite_it():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["message"].strip()
    assert cff["title"] == config["title"]
    assert cff["authors"] and all({"name"} <= set(a) or {"family-names"} <= set(a) for a in cff["authors"])
    assert set(cff["license"]) == {"MIT", "CC-BY-4.0"}  # LICENSE: code MIT, prose and data CC BY 4.0
    # the repository's address is known at build time only (storageperf_book.sphinx.repository.repository_url): the file
    # names none rather than one a fork would carry wrongly, unless _config.yml states one
    assert ("repository-code" in cff) == bool(config["repository"]["url"])
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    section = intro[intro.index("## How to cite this guide"):]
    assert "](../CITATION.cff)" in section and "{doc}`data-and-sources`" in section
