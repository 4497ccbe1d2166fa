"""Citations: one label per work across chapters, each linked to its address, the same in a notebook."""
import json
import re
from collections import Counter

from storageperf import data
from website.browsing import ROOT

# a reference list entry: its label (a link, or text when the work is cited more than once) and the reference
_CITATION = re.compile(r'<div class="citation"[^>]*>\s*<span class="label">(.*?)</span></span>.*?<p>(.*?)</p>', re.S)


def test_a_work_has_one_label_across_the_chapters(html_dir, pages):
    labels = {}  # label -> the reference it stands for, over every page's reference list
    for page in pages:
        for label, reference in _CITATION.findall((html_dir / page).read_text()):
            label = re.sub(r"<[^>]+>|[\[\]]", "", label)
            reference = re.sub(r"<[^>]+>|\s+", " ", reference).strip()
            assert labels.setdefault(label, reference) == reference, f"{page}: [{label}] is {reference!r}, elsewhere {labels[label]!r}"
    works = {}
    for label, reference in labels.items():
        assert works.setdefault(reference, label) == label, f"{reference!r} is both [{works[reference]}] and [{label}]"
    assert len(labels) >= 2


_IN_TEXT = re.compile(r'<a class="reference internal" href="#([^"]+)" title="([^"]*)">([^<]*, (?:\d{4}[a-z]?|n\.d\.))</a>')


_ENTRY = re.compile(r'<div class="citation" id="([^"]+)"[^>]*>\s*<span class="label">(.*?)</span></span>', re.S)


def test_a_citation_in_the_text_names_one_work(html_dir, pages):
    # "Microsoft, 2025" must not stand for two works: one author's works of one year get a, b, ... after the year,
    # the same letter as their label in the reference list
    works = {}
    for page in pages:
        html = (html_dir / page).read_text(encoding="utf-8")
        labels = {target: re.sub(r"<[^>]+>|[\[\]]", "", label) for target, label in _ENTRY.findall(html)}
        for target, work, text in _IN_TEXT.findall(html):
            assert works.setdefault(text, work) == work, f"{page}: {text!r} is {work!r}, elsewhere {works[text]!r}"
            year = re.search(r"(\d\d)([a-z]?)$", text)
            if year and year.group(2):
                assert labels[target].endswith(year.group(1) + year.group(2)), f"{page}: {text!r} is [{labels[target]}]"
    assert sum(bool(re.search(r"\d[a-z]$", t)) for t in works) >= 2


def test_a_citation_reads_in_a_notebook_as_on_its_page(html_dir):
    # JupyterLab shows the citations storageperf_book.citations writes out; on the site sphinxcontrib-bibtex labels
    # them: a chapter's labels on its page are the ones its notebook carries as text
    from storageperf_book import citations

    entries = citations.read_bib(ROOT / citations.BIB)
    labels = citations.labels(entries)
    chapters = [p for p in sorted((ROOT / "book").glob("[!_]*.ipynb")) if citations.ROLE.search(p.read_text())]
    assert len(chapters) >= 5
    for notebook in chapters:
        cited = {labels[k] for k in citations.works(json.loads(notebook.read_text()))[1]}
        html = (html_dir / "book" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        shown = {re.sub(r"<[^>]+>", "", t) for t in re.findall(
            r'<a class="reference internal" href="#[^"]+" title="[^"]*">(.*?)</a>',
            " ".join(re.findall(r'<span class="bibtex-citation"[^>]*>(.*?)</span>', html, re.S)), re.S)}
        assert shown == cited, f"{notebook.stem}: the page shows {sorted(shown ^ cited)} where the notebook does not"


# every cited work one click away: sphinxcontrib-bibtex renders an entry's url field as a link out of the site
_LINK_OUT = re.compile(r'<a class="(?:[\w-]+ )*reference external" href="(https://[^"]+)"[^>]*>(.*?)</a>', re.S)


def _alpha_labels():
    """The reference lists' labels (pybtex's alpha, as storageperf_book.sphinx.bibliography gives them):
    label -> key."""
    from pybtex.database import parse_file
    from pybtex.style.formatting.alpha import Style as Alpha

    alpha = Alpha()
    ordered = alpha.sort(list(parse_file(ROOT / "book" / "references.bib").entries.values()))
    return dict(zip(alpha.format_labels(ordered), (e.key for e in ordered)))


def test_each_work_in_a_reference_list_links_to_its_address(html_dir, pages):
    import html as html_lib

    from storageperf_book import citations

    entries = citations.read_bib(ROOT / citations.BIB)
    keys = _alpha_labels()
    listed = set()
    for page in pages:
        for label, reference in _CITATION.findall((html_dir / page).read_text(encoding="utf-8")):
            key = keys[re.sub(r"<[^>]+>|[\[\]]", "", label)]
            links = [html_lib.unescape(u) for u, _ in _LINK_OUT.findall(reference)]
            assert links == [entries[key].fields["url"]], f"{page}: {key} links {links}, not its address"
            # the address written out, not shortened by the theme to a repository's name
            texts = [html_lib.unescape(t) for _, t in _LINK_OUT.findall(reference)]
            assert texts == [links[0].split("://", 1)[1]], f"{page}: {key} reads {texts}"
            listed.add(key)
    # one link per cited work: each work a chapter cites is listed, with its link, on the chapter's page
    chapters = sorted((ROOT / "book").glob("[!_]*.ipynb"))
    cited = {k for p in chapters for k in citations.works(json.loads(p.read_text(encoding="utf-8")))[1]}
    assert cited and cited <= listed, sorted(cited - listed)


def test_the_appendix_links_each_document_to_its_address(html_dir):
    import html as html_lib

    appendix = (html_dir / "book" / "data-and-sources.html").read_text(encoding="utf-8")
    documents = data.load("documents")
    # one link per document: its title, to its address (two revisions known by date only share both)
    rows = Counter(f'<a class="reference external" href="{html_lib.escape(url)}">{html_lib.escape(title)}</a>'
                   for url, title in zip(documents["url"], documents["title"]))
    assert {link: appendix.count(link) for link in rows} == dict(rows)
    assert set(documents["url"]) <= {html_lib.unescape(u) for u, _ in _LINK_OUT.findall(appendix)}


def test_the_intro_says_how_to_cite_the_guide_and_serves_its_citation_file(html_dir):
    intro = (html_dir / "book" / "intro.html").read_text(encoding="utf-8")
    assert 'id="how-to-cite-this-guide"' in intro
    served = re.search(r'href="([^"#?]*CITATION\.cff)"', intro)
    assert served, "the intro does not link CITATION.cff"
    assert (html_dir / "book" / served[1]).resolve().read_bytes() == (ROOT / "CITATION.cff").read_bytes()
