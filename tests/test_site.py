"""The built site, as a reader's browser sees it: a clean build, own files only, every figure drawn, every
calculator moving. Chromium is Debian's (``make test`` installs it when missing)."""
import csv
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlparse

import pytest

from storageperf import data
from storageperf_book import plotly_bundle
from storageperf_book.sphinx_ext import PLOTLY_CACHE, PLOTLY_JS, PLOTLY_LICENSE, REPOSITORY_ENV

pytestmark = pytest.mark.site  # builds the book; runs in make test and make test-site

ROOT = Path(__file__).resolve().parent.parent
FORK = "https://github.com/example-reader/guide-fork"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


#: A folder holding a site already built from this checkout with GUIDE_REPOSITORY_URL set to FORK (its
#: ``_build/html``): the site tests then read it instead of building one, for the quick loop while editing a page.
BUILT_ENV = "STORAGEPERF_BUILT_SITE"


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    if os.environ.get(BUILT_ENV):
        return subprocess.CompletedProcess([], 0, "", ""), Path(os.environ[BUILT_ENV]) / "_build" / "html"
    out = tmp_path_factory.mktemp("site")
    jb = Path(sys.executable).with_name("jupyter-book")
    env = {**os.environ, REPOSITORY_ENV: FORK}  # the buttons must follow the repository the site is built from
    run = subprocess.run([str(jb), "build", str(ROOT), "--path-output", str(out), "-W", "-n", "--keep-going"],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    return run, out / "_build" / "html"


@pytest.fixture(scope="module")
def html_dir(build):
    run, html = build
    if not (html / "index.html").exists():
        pytest.fail("the site did not build:\n" + run.stdout[-4000:] + run.stderr[-4000:])
    return html


@pytest.fixture(scope="module")
def pages(html_dir):
    return sorted(p.relative_to(html_dir).as_posix() for p in html_dir.rglob("*.html") if "_static" not in p.parts)


def _serving(folder):
    """A folder served on 127.0.0.1 for as long as the generator is held: yields its address."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _commit():
    """The checkout's commit as the guide's version names it (12 hex digits), or "" without git history."""
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip()


@pytest.fixture(scope="module")
def server(html_dir):
    yield from _serving(html_dir)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def _settled(page, url):
    """The page once a redirect it makes (the site's root, by a meta refresh) has landed, however slow the machine."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        refresh = page.locator('meta[http-equiv="Refresh" i]').count()
    except PlaywrightError:  # the refresh is navigating already
        refresh = 1
    if refresh and page.url == url:
        page.wait_for_url(lambda u: u != url, wait_until="load")
    elif refresh:
        page.wait_for_load_state("load")
    return page


def _open(browser, url, width=1280, colour_scheme="light", draw_all=True):
    """A page as a reader opens it, with what went wrong while it loaded; with ``draw_all``, every figure drawn (the
    site draws a figure when the reader scrolls near it: figures.js)."""
    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=colour_scheme)
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.on("request", lambda r: problems.append(f"request to another host: {r.url}")
            if urlparse(r.url).hostname not in ("127.0.0.1", None) and not r.url.startswith("data:") else None)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)
    if draw_all and _settled(page, url).evaluate("document.querySelectorAll('.plotly-graph-div').length"):
        page.evaluate("window.bookFigures.drawAll()")
        page.wait_for_function("[...document.querySelectorAll('.plotly-graph-div')]"
                               ".every(d => d._fullLayout && d.querySelector('.main-svg'))")
    return page, problems


def _chapters_open(browser, server, html_dir, pages):
    """Each chapter page open as a reader opens it, its figures drawn: ``(name, page)``; once the caller's checks
    of a page are done, the page is closed and must have loaded without an error or a foreign request."""
    for name in _chapter_pages(html_dir, pages):
        page, problems = _open(browser, f"{server}/{name}")
        page.wait_for_selector(".js-plotly-plot .main-svg")
        yield name, page
        page.close()
        assert not problems, f"{name}: {problems}"


def test_clean_build_with_warnings_as_errors(build):
    run, _ = build
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "WARNING" not in run.stderr.replace("[IPKernelApp] WARNING | Kernel is running over TCP", "")


def test_launch_and_repository_buttons_point_at_the_repository_built_from(html_dir):
    page = (html_dir / "book" / "cool-access.html").read_text(encoding="utf-8")
    assert "https://mybinder.org/v2/gh/example-reader/guide-fork/main?urlpath=lab/tree/book/cool-access.ipynb" in page
    assert f'href="{FORK}"' in page


def test_every_chapter_offers_its_runnable_archive(html_dir):
    for notebook in sorted((ROOT / "book").glob("[!_]*.ipynb")):
        page = (html_dir / "book" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert f'href="../downloads/{notebook.stem}.zip"' in page, notebook.stem
        # not the bare notebook, which runs nowhere without the guide's package
        assert f'href="../_sources/book/{notebook.name}"' not in page, notebook.stem
        with zipfile.ZipFile(html_dir / "downloads" / f"{notebook.stem}.zip") as z:
            names = set(z.namelist())
            carried = z.read(f"{notebook.stem}/{notebook.name}").decode("utf-8")
        assert {f"{notebook.stem}/{notebook.name}", f"{notebook.stem}/requirements.txt"} <= names
        assert any(n.startswith(f"{notebook.stem}/storageperf-") and n.endswith(".whl") for n in names)
        # opened in JupyterLab, which renders no bibliography: the citations written out
        assert "{cite}" not in carried and "{bibliography}" not in carried, notebook.stem


def test_a_downloaded_chapter_runs_outside_the_repository(html_dir, tmp_path):
    # unzip, a fresh virtual environment, pip install -r requirements.txt, and the chapter passes nbval
    with zipfile.ZipFile(html_dir / "downloads" / "cool-access.zip") as z:
        z.extractall(tmp_path)
    folder, venv = tmp_path / "cool-access", tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r", "requirements.txt",
           f"pytest=={version('pytest')}", f"nbval=={version('nbval')}"]
    # without PYTHONPATH, through which pip would take a checkout's storageperf.egg-info for the package installed
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(pip, cwd=folder, capture_output=True, text=True, timeout=900, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    out = subprocess.run([str(venv / "bin" / "pytest"), "-q", "-p", "no:cacheprovider", "--nbval", "cool-access.ipynb"],
                         cwd=folder, capture_output=True, text=True, timeout=900,
                         env={"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stdout[-3000:]


def test_pages_load_only_their_own_sites_files(html_dir, pages):
    for name in pages:
        html = (html_dir / name).read_text(encoding="utf-8")
        loaded = re.findall(r'<(?:script|img|iframe)[^>]*\ssrc="([^"]+)"', html)
        loaded += [h for tag, h in re.findall(r'<(link)[^>]*\shref="([^"]+)"', html)]
        foreign = [u for u in loaded if re.match(r"^(https?:)?//", u)]
        assert not foreign, f"{name} loads {foreign}"


def test_every_link_within_the_site_resolves(html_dir, pages):
    for name in pages:
        html = (html_dir / name).read_text(encoding="utf-8")
        for target in re.findall(r'<[a-zA-Z][^>]*?\s(?:href|src)="([^"#?]+)', html):
            if not re.match(r"^([a-z]+:|//)", target):
                assert (html_dir / name).parent.joinpath(target).resolve().is_file(), f"{name} links to {target}"


def test_the_data_package_is_served_with_the_site(html_dir):
    # the appendix links to every table of the package, and the copies served are the repository's files
    package = data.package()
    appendix = (html_dir / "book" / "data-and-sources.html").read_text(encoding="utf-8")
    for path in ["datapackage.json", "README.md"] + [r["path"] for r in package["resources"]]:
        assert (html_dir / "data" / path).read_bytes() == (ROOT / "data" / path).read_bytes(), path
        assert f'href="../data/{path}"' in appendix, f"the appendix does not link to {path}"


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
    """The reference lists' labels (pybtex's alpha, as storageperf_book.sphinx_ext gives them): label -> key."""
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
            assert links == [entries[key]["url"]], f"{page}: {key} links {links}, not its address"
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


@pytest.fixture(scope="module")
def participant_site(html_dir, tmp_path_factory):
    """The workshop's editions built from this site (make workshop): the participant's copy of the site."""
    from storageperf_book import editions

    out = tmp_path_factory.mktemp("workshop")
    editions.build(ROOT, out, html=html_dir)
    return out


def test_the_participant_sites_launch_button_opens_the_participant_branch(html_dir, participant_site):
    from storageperf_book import editions

    binder = re.compile(r'href="https://mybinder\.org/v2/gh/[^/"]+/[^/"]+/([^/"?]+)\?urlpath=lab/tree/book/([\w-]+)\.ipynb"')
    for name in ("hpc-eda.html", "cool-access.html"):
        site = binder.findall((html_dir / "book" / name).read_text(encoding="utf-8"))
        copy = binder.findall((participant_site / "participant-site" / "book" / name).read_text(encoding="utf-8"))
        assert site and {b for b, _ in site} == {"main"}, name
        assert copy == [(editions.PARTICIPANT_BRANCH, page) for _, page in site], name


def test_the_participant_site_is_the_site_without_its_answers(html_dir, participant_site):
    from bs4 import BeautifulSoup

    from storageperf_book import editions

    site, checked = participant_site / "participant-site", 0
    for page in sorted((html_dir / "book").glob("*.html")):
        original = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        copy = BeautifulSoup((site / "book" / page.name).read_text(encoding="utf-8"), "html.parser")
        answers = editions.answer_elements(original)
        assert not editions.answer_elements(copy), page.name
        assert len(copy.select("div.exercise")) == len(original.select("div.exercise")) > 0 or page.stem in (
            "data-and-sources", "errata", "glossary", "intro"), page.name
        answered = [" ".join(a.get_text(" ").split()) for a in answers]
        for element in answers:
            element.decompose()
        outside = " ".join(original.get_text(" ").split())
        shown = " ".join(copy.get_text(" ").split())
        assert shown == outside, f"{page.name}: the participant's page differs beyond its answers"
        for answer in answered:  # each sentence of an answer the page does not say elsewhere
            for sentence in re.split(r"(?<=[.;:])\s+", answer):
                if len(sentence) >= 40 and sentence not in outside:
                    assert sentence not in shown, f"{page.name}: {sentence!r}"
                    checked += 1
    assert checked > 50
    # what a chapter page offers to download is the participant's notebook
    for notebook in editions.toc_chapters(ROOT):
        built = (participant_site / "participant" / notebook.name).read_bytes()
        assert (site / "_sources" / "book" / notebook.name).read_bytes() == built
        with zipfile.ZipFile(site / "downloads" / f"{notebook.stem}.zip") as z:
            assert z.read(f"{notebook.stem}/{notebook.name}") == built, notebook.stem


# plotly.js's header, naming its version: "plotly.js v4.1.1", "plotly.js (basic - minified) v4.1.1"
_PLOTLY_HEADER = re.compile(r"plotly\.js (\([^)]*\) )?v\d")


def test_plotly_js_is_served_once_and_never_inlined(html_dir, pages):
    # the pinned partial bundle (checked against its integrity), of the plotly.js plotly.py bundles, smaller than
    # plotly.py's full one, with its licence beside it
    import plotly

    served = html_dir / "_static" / PLOTLY_JS
    full = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    script = served.read_bytes()
    assert script == plotly_bundle.files(ROOT / PLOTLY_CACHE)[plotly_bundle.SCRIPT]
    assert plotly_bundle.header_version(script[:500].decode()) == plotly_bundle.plotly_py_version()
    assert len(script) < full.stat().st_size
    assert "Plotly" in (html_dir / "_static" / PLOTLY_LICENSE).read_text(encoding="utf-8")
    for name in pages:
        html = (html_dir / name).read_text(encoding="utf-8")
        assert not _PLOTLY_HEADER.search(html), f"{name} inlines plotly.js"
        assert len(html.encode()) < 600_000, f"{name} is {len(html.encode())} bytes"
        if "plotly-graph-div" in html:
            assert html.count(f"_static/{PLOTLY_JS}") == 1, name
        else:
            assert "vendor/plotly" not in html, f"{name} loads plotly.js without a figure"


_NEW_PLOT = re.compile(r"Plotly\.newPlot\(\s*")
_BETWEEN_ARGUMENTS = re.compile(r"\s*,?\s*")


def _figures(html):
    """Each figure of a page: the data and the layout the page hands to Plotly.newPlot."""
    decoder, found = json.JSONDecoder(), []
    for call in _NEW_PLOT.finditer(html):
        at, arguments = call.end(), []
        for _ in range(3):  # the div's id, the data, the layout
            value, at = decoder.raw_decode(html, at)
            arguments.append(value)
            at = _BETWEEN_ARGUMENTS.match(html, at).end()
        found.append(arguments[1:])
    return found


def test_the_served_plotly_js_has_every_trace_type_a_figure_draws(browser, html_dir, pages):
    # what the served bundle registers, as a browser loads it; against every trace of every figure on every page and
    # of every calculator position
    page = browser.new_page()
    page.add_script_tag(path=str(html_dir / "_static" / PLOTLY_JS))
    registered = set(page.evaluate("Object.keys(Plotly.PlotSchema.get().traces)"))
    page.close()
    used = {}  # trace type -> the pages that draw it
    for name in _chapter_pages(html_dir, pages):
        html = (html_dir / name).read_text(encoding="utf-8")
        figures = _figures(html)
        assert len(figures) == html.count('class="plotly-graph-div"') and "Plotly.addFrames" not in html, name
        for traces, _ in figures:
            for t in traces:
                used.setdefault(t.get("type") or "scatter", set()).add(name)  # plotly.js's default type
    # and every position of every calculator, drawn from its state file
    for states in (html_dir / "_static" / "calculators").glob("*.json"):
        for t in json.loads(states.read_text(encoding="utf-8"))["traces"]:
            used.setdefault(t.get("type") or "scatter", set()).add(f"_static/calculators/{states.name}")
    missing = {kind: sorted(names) for kind, names in used.items() if kind not in registered}
    assert used and not missing, (f"figures draw trace types {plotly_bundle.PACKAGE} lacks: {missing}; it has "
                                  f"{sorted(registered)}: pin a bundle that has them in storageperf_book/plotly_bundle.py")


_JS_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def test_no_figure_text_reads_as_math(html_dir, pages):
    # plotly typesets the text between two $ signs as LaTeX wherever MathJax is loaded, as in JupyterLab, and hides
    # it until typeset: a price in a title must be written in USD, not with $
    for name in _chapter_pages(html_dir, pages):
        html = (html_dir / name).read_text(encoding="utf-8")
        for script in re.findall(r"<script[^>]*>(.*?)</script>", html, flags=re.S):
            if "Plotly.newPlot" in script:
                for text in _JS_STRING.findall(script):
                    assert text.count("$") < 2, f"{name}: {text[:120]}"


#: The figures' modules, one a job, which figures.js imports (book/_static).
FIGURE_MODULES = ("lazy-draw.js", "fit-narrow.js", "numbers-download.js", "dark-theme.js", "print.js", "wide-tables.js")


def test_the_figures_script_is_small_modules_by_job_loaded_as_modules(html_dir, pages):
    from storageperf_book.sphinx_ext import without_comments

    static, source = html_dir / "_static", ROOT / "book" / "_static"
    entry = (source / "figures.js").read_text(encoding="utf-8")
    for name in FIGURE_MODULES:
        text = (source / name).read_text(encoding="utf-8")
        imported = [a or b for a, b in re.findall(r'^import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"|from\s+"([^"]+)"', text, re.M)]
        assert re.search(rf'(?:import |from |import\()"\./{re.escape(name)}"', entry) and text.startswith("/* "), \
            f"{name}: not imported, or no header comment"
        assert len(text.splitlines()) < 320 and all(i.startswith("./") for i in imported), f"{name}: {imported}"
        # served as the browser runs it, without the comments
        assert (static / name).read_text(encoding="utf-8") == without_comments(text), name
    for name in pages:
        html = (html_dir / name).read_text(encoding="utf-8")
        if "bd-article" not in html:  # a redirect
            continue
        tags = re.findall(r"<script[^>]*_static/figures\.js[^>]*>", html)
        assert len(tags) == 1 and 'type="module"' in tags[0], f"{name}: {tags}"
        # each figure's own script runs after figures.js has set up the plotly.js it draws with: a module too
        drawing = re.findall(r"<script([^>]*)>\s*window\.PLOTLYENV", html)
        assert all(attributes.strip() == 'type="module"' for attributes in drawing), f"{name}: {set(drawing)}"


def test_a_first_visit_to_any_chapter_is_within_the_budget(browser, html_dir, pages):
    # as tools/benchmark.py counts it: every byte Chromium receives, served gzip-compressed, until the network is idle
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmark", ROOT / "tools" / "benchmark.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(bench.GzipHandler,
                                                                                directory=str(html_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        heavy = {}
        for name in _chapter_pages(html_dir, pages):
            received = sum(n for _, n in bench.transfer(browser, f"http://127.0.0.1:{httpd.server_address[1]}/{name}"))
            if received > bench.FIRST_VISIT_BUDGET:
                heavy[name] = received
    finally:
        httpd.shutdown()
    assert not heavy, f"first visits over {bench.FIRST_VISIT_BUDGET:,} bytes: {heavy}"
    # the theme's live-code script is left out: no launch button uses it
    assert not [n for n in pages if "thebe" in (html_dir / n).read_text(encoding="utf-8").lower()]


def test_every_page_loads_without_errors_or_foreign_requests(browser, server, pages):
    for name in pages:
        page, problems = _open(browser, f"{server}/{name}")
        page.close()
        assert not problems, f"{name}: {problems}"


def _chapter_pages(html_dir, pages):
    return [n for n in pages if "plotly-graph-div" in (html_dir / n).read_text(encoding="utf-8")]


def test_every_figure_draws(browser, server, html_dir, pages):
    chapters = _chapter_pages(html_dir, pages)
    assert chapters, "no page has a figure"
    for name in chapters:
        page, problems = _open(browser, f"{server}/{name}")
        expected = page.locator(".plotly-graph-div").count()
        page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot .main-svg').length >= {expected}")
        drawn = page.evaluate("[...document.querySelectorAll('.plotly-graph-div')]"
                              ".filter(d => d.querySelector('.main-svg') && d.data && d.data.length > 0).length")
        squashed = page.evaluate(_SQUASHED_AXES)
        page.close()
        assert drawn == expected and not problems, f"{name}: {drawn}/{expected} drawn; {problems}"
        assert not squashed, f"{name}: data squashed into a sliver of the axis: {squashed}"


# Every figure title (a calculator's answer) that reaches past its figure's edges: plotly does not wrap titles.
_TITLES_CUT = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) => {
  const box = gd.getBoundingClientRect();
  return [...gd.querySelectorAll('.gtitle')].map(t => t.getBoundingClientRect())
    .filter(b => b.width > 0 && (b.left < box.left - 1 || b.right > box.right + 1))
    .map(b => `figure ${i}: title spans ${Math.round(b.left - box.left)}..${Math.round(b.right - box.left)} of ${Math.round(box.width)} px`);
})"""


# Every figure wider than the viewport, and the page itself if it scrolls sideways.
_TOO_WIDE = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) => {
  const box = gd.getBoundingClientRect();
  return box.left < -0.5 || box.right > innerWidth + 0.5 ? [`figure ${i}: ${Math.round(box.left)}..${Math.round(box.right)}`] : [];
}).concat(document.documentElement.scrollWidth > innerWidth ? [`page ${document.documentElement.scrollWidth} px`] : [])"""

# Every figure title drawn in a font smaller than the figure's tick labels (13 px, storageperf_book.figures.TEMPLATE).
_TITLES_TOO_SMALL = """[...document.querySelectorAll('.js-plotly-plot .gtitle')]
  .map(t => parseFloat(getComputedStyle(t).fontSize)).filter(size => size < 13)"""

# Every two level tick labels of one axis that overlap (plotly turns crowded labels, unless a chapter fixes their
# angle; turned labels, whose boxes overlap though their letters do not, are plotly's own fitting).
_TICKS_OVERLAP = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) =>
  [...gd.querySelectorAll('g.xaxislayer-above, g.yaxislayer-above')].flatMap(layer => {
    const level = t => !/rotate\\((?!0[,)])/.test(t.getAttribute('transform') || '');
    const boxes = [...layer.querySelectorAll('text')].filter(level).map(t => [t.textContent, t.getBoundingClientRect()])
      .filter(([, b]) => b.width > 0);
    return boxes.slice(1).flatMap(([text, b], k) => {
      const [other, a] = boxes[k];
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      return overlap ? [`figure ${i}: ticks ${other} and ${text} overlap`] : [];
    });
  }))"""

PHONE = 390  # px: the width of a current phone's viewport (the issue's check)


def test_figure_titles_are_whole_on_a_phone(browser, server, html_dir, pages):
    # a figure takes the phone's width; figures.js fits its title (a smaller font, then more lines) and its layout,
    # before and after a control sets a new title (each calculator's first slider moved to its end)
    for name in _chapter_pages(html_dir, pages):
        page, problems = _open(browser, f"{server}/{name}", width=PHONE)
        page.wait_for_selector(".js-plotly-plot .main-svg")
        wide, cut, small = page.evaluate(_TOO_WIDE), page.evaluate(_TITLES_CUT), page.evaluate(_TITLES_TOO_SMALL)
        wide += page.evaluate(_TICKS_OVERLAP)
        for slider in page.locator(".calculator input[type=range]").all():
            slider.focus()
            page.keyboard.press("End")
        page.wait_for_timeout(600)
        cut += page.evaluate(_TITLES_CUT) + page.evaluate(_TOO_WIDE)
        page.close()
        assert not wide and not cut and not small and not problems, f"{name}: {wide} {cut} {small} {problems}"


def test_a_figure_keeps_its_layout_on_a_wide_screen(browser, server, html_dir, pages):
    # the narrow layout is for narrow figures only: at a desktop's width a figure whose title fits is drawn as written
    name = _chapter_pages(html_dir, pages)[0]
    page, problems = _open(browser, f"{server}/{name}")
    page.wait_for_selector(".js-plotly-plot .main-svg")
    fitted = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                           ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    figures = page.locator(".js-plotly-plot").count()
    page.set_viewport_size({"width": PHONE, "height": 900})
    page.wait_for_timeout(600)
    narrowed = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                             ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(900)
    widened = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                            ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    # and each figure is as wide as its column again (plotly alone can measure the column mid-way through the
    # theme's sidebar sliding back)
    misfit = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')].map(gd => "
                           "Math.round(gd._fullLayout.width - gd.parentElement.clientWidth)).filter(d => d !== 0)")
    page.close()
    assert (fitted, narrowed, widened) == (0, figures, 0) and not problems, (fitted, narrowed, widened, problems)
    assert not misfit, misfit


def _luminance(css_colour):
    r, g, b = (int(v) for v in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


# Each figure's background (its first layer's) and the colour of its title, as drawn.
_FIGURE_COLOURS = """[...document.querySelectorAll('.js-plotly-plot')].map(gd => [
  getComputedStyle(gd.querySelector('.main-svg')).backgroundColor,
  getComputedStyle(gd.querySelector('.gtitle') || gd.querySelector('.xtick text')).fill])"""


def _switch_theme(page, theme):
    for _ in range(3):  # the theme button steps through auto, light and dark
        if page.evaluate("document.documentElement.dataset.theme") == theme:
            return
        page.locator(".theme-switch-button").first.click()
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def test_figures_follow_the_colour_scheme(browser, server, html_dir, pages):
    # in a dark colour scheme every figure is dark with light text; the theme button re-colours them both ways
    for name in _chapter_pages(html_dir, pages):
        page, problems = _open(browser, f"{server}/{name}", colour_scheme="dark")
        page.wait_for_selector(".js-plotly-plot .main-svg")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", name
        dark = page.evaluate(_FIGURE_COLOURS)
        # the mode bar lies over the title's end even while its buttons are hidden: nothing of it may dim the title
        veils = page.evaluate("[...document.querySelectorAll('.js-plotly-plot .modebar')]"
                              ".map(m => getComputedStyle(m).backgroundColor).filter(c => c !== 'rgba(0, 0, 0, 0)')")
        _switch_theme(page, "light")
        light = page.evaluate(_FIGURE_COLOURS)
        _switch_theme(page, "dark")
        again = page.evaluate(_FIGURE_COLOURS)
        page.close()
        assert dark and not problems and not veils, f"{name}: {problems} {veils}"
        for i, ((bg, text), (light_bg, light_text)) in enumerate(zip(dark, light)):
            assert _luminance(bg) < 0.2 and _luminance(text) > 0.6, f"{name} figure {i} in the dark theme: {bg}, {text}"
            assert _luminance(light_bg) > 0.9 and _luminance(light_text) < 0.3, f"{name} figure {i} toggled to light"
        assert again == dark, f"{name}: toggled back to dark, the figures are {again}"


def test_the_dark_theme_recolours_every_colour_of_the_template():
    # one script relays the figures out in the dark theme's colours, by what each colour of the template is for; no
    # stylesheet rule matches plotly's inline colours
    from storageperf_book.figures import TEMPLATE

    script = (ROOT / "book" / "_static" / "dark-theme.js").read_text()
    light = dict(re.findall(r'"([^"]+)": "(background|text|line|grid|brown)"', script[script.index("LIGHT = {"):]))
    layout = TEMPLATE.layout
    colours = {"background": layout.paper_bgcolor, "plot": layout.plot_bgcolor, "font": layout.font.color,
               "grid": layout.xaxis.gridcolor, "axis line": layout.xaxis.linecolor, "brown": layout.colorway[5],
               "black": "black"}
    for what, colour in colours.items():
        assert colour in light, f"{what} {colour}: the dark theme does not recolour it"
    css = (ROOT / "book" / "_static" / "book.css").read_text()
    assert "[style*=" not in css and ".modebar-btn" not in css  # (print hides the mode bar: not a colour)


# Each mark drawn in black or the template's brown, which a dark page would hide.
_HIDDEN_MARKS = """[...document.querySelectorAll('.js-plotly-plot path, .js-plotly-plot text')].flatMap(e => {
  const s = e.style, shown = (opacity) => opacity === '' || Number(opacity) > 0;
  const painted = [shown(s.fillOpacity) && s.fill, shown(s.strokeOpacity) && s.strokeWidth !== '0px' && s.stroke];
  return painted.filter(c => ['rgb(0, 0, 0)', 'rgb(140, 86, 75)', 'rgb(34, 34, 34)'].includes(c))
    .map(c => `${e.getAttribute('class') || e.tagName} ${c}`);
})"""


def test_a_figure_stays_dark_as_its_calculator_moves(browser, server, html_dir, pages):
    # a calculator's new position comes in the template's colours: recoloured as it is drawn, black marks and lines
    # and the brown included; then light again with the theme
    for name in _chapter_pages(html_dir, pages):
        page, problems = _open(browser, f"{server}/{name}", colour_scheme="dark")
        page.wait_for_selector(".js-plotly-plot .main-svg")
        hidden = page.evaluate(_HIDDEN_MARKS)
        for slider in page.locator(".calculator input[type=range]").all():
            slider.focus()
            page.keyboard.press("End")
        page.wait_for_timeout(600)
        moved, hidden_after = page.evaluate(_FIGURE_COLOURS), page.evaluate(_HIDDEN_MARKS)
        _switch_theme(page, "light")
        light = page.evaluate(_FIGURE_COLOURS)
        page.close()
        assert not hidden and not hidden_after and not problems, f"{name}: {hidden[:3]} {hidden_after[:3]} {problems}"
        for i, ((bg, text), (light_bg, light_text)) in enumerate(zip(moved, light)):
            assert _luminance(bg) < 0.2 and _luminance(text) > 0.6, f"{name} figure {i} moved: {bg}, {text}"
            assert _luminance(light_bg) > 0.9 and _luminance(light_text) < 0.3, f"{name} figure {i} toggled to light"


def _page_text(page):
    """A PDF page's text as a reader reads it: ligatures (a commit's "ff" set as one glyph) as their letters, one
    space between words."""
    import unicodedata

    return " ".join(unicodedata.normalize("NFKC", page.extract_text()).split())


def _pdf_text(pdf):
    import io

    from pypdf import PdfReader

    return " ".join(_page_text(p) for p in PdfReader(io.BytesIO(pdf)).pages)


# What paper must show: each figure's title lines, each solution's first words, each folded answer's first words.
_PRINTED = """({
  titles: [...document.querySelectorAll('.js-plotly-plot .gtitle')].flatMap(t =>
    t.querySelectorAll('tspan.line').length ? [...t.querySelectorAll('tspan.line')].map(l => l.textContent) : [t.textContent]),
  solutions: [...document.querySelectorAll('.solution section p')].map(p => p.textContent).filter(t => t.trim()).slice(0, 3),
  answers: [...document.querySelectorAll('details.sd-dropdown .sd-summary-content p')].map(p => p.textContent),
  calculators: document.querySelectorAll('.calculator .js-plotly-plot').length,
})"""


def test_a_chapter_prints_its_figures_and_solutions(browser, server, html_dir, pages):
    # Chromium's print-to-PDF, from a page in the dark theme: every figure (a calculator as drawn, its default state)
    # with its title, every solution and answer open, no code toggles; the page is as it was afterwards
    for name in _chapter_pages(html_dir, pages):
        page, problems = _open(browser, f"{server}/{name}", colour_scheme="dark")
        page.wait_for_selector(".js-plotly-plot .main-svg")
        expected = page.evaluate(_PRINTED)
        text = _pdf_text(page.pdf(format="A4"))
        after = page.evaluate("[document.documentElement.dataset.theme, document.querySelectorAll('svg[viewBox].main-svg')"
                              ".length, document.querySelectorAll('details.sd-dropdown[open]').length]")
        page.close()
        # a chapter has a calculator; the workshop's page of the room's answers draws charts only
        assert expected["titles"] and (expected["calculators"] or name.startswith("book/workshop/")) \
            and not problems, f"{name}: {expected} {problems}"
        for kind in ("titles", "solutions", "answers"):
            for words in expected[kind]:
                words = " ".join(words.split())[:60]
                assert words in text, f"{name}: the printed page lacks the {kind[:-1]} {words!r}"
        assert "Show code cell source" not in text and "Click to" not in text, name
        assert after == ["dark", 0, 0], f"{name}: after printing {after}"


# Every numeric axis whose traces' data (with zero, on a linear axis) spread over less than 2 % of the axis range.
# A figure can draw and still show nothing: an annotation placed in the wrong units, say, stretches the axis
# until the data is a line. Calculators fix their ranges over all slider steps, so a step's data may be small.
_SQUASHED_AXES = """[...document.querySelectorAll('.plotly-graph-div')].flatMap((gd, i) => {
  const layout = gd._fullLayout, found = [];
  for (const name of Object.keys(layout).filter(k => /^[xy]axis[0-9]*$/.test(k))) {
    const ax = layout[name], letter = name[0];
    if (!['linear', 'log'].includes(ax.type)) continue;
    let lo = ax.type === 'linear' ? 0 : Infinity, hi = ax.type === 'linear' ? 0 : -Infinity;
    for (const t of gd._fullData) {
      if (t.visible !== true || t[letter + 'axis'] !== ax._id) continue;
      for (const v of (t[letter] || [])) {
        const l = ax.d2l(v);
        if (Number.isFinite(l)) { lo = Math.min(lo, l); hi = Math.max(hi, l); }
      }
    }
    const span = Math.abs(ax.range[1] - ax.range[0]);
    if (hi > lo && (hi - lo) / span < 0.02) found.push(`figure ${i} ${name}: data ${lo}..${hi}, range ${ax.range}`);
  }
  return found;
})"""


# What a calculator shows: its answer (the visible live text) and its figure's data and title.
_SHOWN = """el => el.querySelector('.calculator-answer').textContent + JSON.stringify(
  el.querySelector('.js-plotly-plot').data.map(t => [t.x, t.y, t.visible])) + el.querySelector('.gtitle').textContent"""

# Moves keyboard focus to the element before `el` in the tab order (the page has no positive tabindex), so that Tab
# reaches `el` as a reader's would.
_FOCUS_BEFORE = """el => {
  const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  for (let i = focusable.indexOf(el) - 1; i >= 0; i--) {  // the nearest one that takes focus
    focusable[i].focus();
    if (document.activeElement === focusable[i]) return true;
  }
  return false;
}"""


def test_every_calculator_control_works_from_the_keyboard(browser, server, html_dir, pages):
    # each control of each calculator: reached with Tab, named by its label, moved with an arrow key; the figure
    # and the answer (a live region) change to the model's figure for the new position
    moved = 0
    for name, page in _chapters_open(browser, server, html_dir, pages):
        for calc in page.locator(".calculator").all():
            controls = calc.locator(".calculator-controls input, .calculator-controls select").all()
            assert controls, f"{name}: a calculator without controls"
            assert calc.locator("[role=status][aria-live=polite]").count() == 1
            for control in controls:
                control.scroll_into_view_if_needed()
                assert control.evaluate(_FOCUS_BEFORE), name
                page.keyboard.press("Tab")
                assert control.evaluate("e => e === document.activeElement"), \
                    f"{name}: Tab reaches {page.evaluate('document.activeElement.outerHTML')[:200]}, not a control"
                label = control.evaluate("e => e.labels.length ? e.labels[0].textContent : ''")
                assert label, f"{name}: a control without a label"
                at_end = control.evaluate("e => e.tagName === 'SELECT' ? e.selectedIndex === e.options.length - 1"
                                          " : e.value === e.max")
                slider = control.evaluate("e => e.type") == "range"
                before = calc.evaluate(_SHOWN)
                page.keyboard.press(("ArrowLeft" if at_end else "ArrowRight") if slider else
                                    ("ArrowUp" if at_end else "ArrowDown"))
                try:
                    page.wait_for_function(f"([el, before]) => ({_SHOWN})(el) !== before",
                                           arg=[calc.element_handle(), before], timeout=10_000)
                except Exception:
                    raise AssertionError(f"{name}: {label!r} moved from the keyboard left the calculator as it "
                                         "was") from None
                moved += 1
    assert moved >= 20


# Why an element is not seen: hidden by a class, a style or a clip (the ways screen-reader-only text is written).
_UNSEEN = """e => {
  const s = getComputedStyle(e), box = e.getBoundingClientRect();
  return [e.closest('.visually-hidden, .sr-only') && 'a hidden class', s.visibility !== 'visible' && s.visibility,
    Number(s.opacity) === 0 && 'opacity 0', s.position === 'absolute' && 'taken out of the flow',
    !['auto', ''].includes(s.clip) && `clip ${s.clip}`, s.clipPath !== 'none' && `clip-path ${s.clipPath}`,
    (box.width < 20 || box.height < 10) && `a box of ${box.width} x ${box.height} px`].filter(Boolean);
}"""


def test_a_calculators_answer_is_visible_text_that_follows_its_controls(browser, server, html_dir, pages):
    # the answer is a line of text over the figure, in a live region, read and seen; the figure's title says what is
    # drawn, in one line, and stays when a control moves the answer
    answered = 0
    for name, page in _chapters_open(browser, server, html_dir, pages):
        for calc in page.locator(".calculator").all():
            answer = calc.locator(".calculator-answer")
            assert answer.count() == 1 and answer.get_attribute("role") == "status" \
                and answer.get_attribute("aria-live") == "polite", name
            calc.scroll_into_view_if_needed()
            assert not answer.evaluate(_UNSEEN), f"{name}: the answer is not seen: {answer.evaluate(_UNSEEN)}"
            above = answer.evaluate("e => e.getBoundingClientRect().bottom <= "
                                    "e.closest('.calculator').querySelector('.js-plotly-plot').getBoundingClientRect().top")
            title = calc.locator(".gtitle")
            lines = title.evaluate("t => t.querySelectorAll('tspan.line').length || 1")
            before, heading = answer.text_content(), title.text_content()
            assert above and before.strip() and lines == 1 and before.split("\n")[0] not in heading, \
                f"{name}: answer {before!r} over the figure: {above}; title {heading!r} in {lines} lines"
            control = calc.locator(".calculator-controls input[type=range]").first
            control.focus()
            page.keyboard.press("End" if control.evaluate("e => e.value !== e.max") else "Home")
            page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before],
                                   timeout=10_000)
            assert title.text_content() == heading and not answer.evaluate(_UNSEEN), name
            answered += 1
    assert answered >= 20


def test_each_page_is_light_before_a_calculator_is_touched(html_dir, pages):
    # Most bytes a chapter page may transfer, gzip-compressed at level 9, before a reader touches a calculator (its
    # states load then): the page carries each calculator's default figure only; the budget is make bench's
    import gzip
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmark", ROOT / "tools" / "benchmark.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    PAGE_BUDGET = bench.HTML_BUDGET

    heavy = {name: size for name in pages
             if (size := len(gzip.compress((html_dir / name).read_bytes(), compresslevel=9))) > PAGE_BUDGET}
    assert not heavy, f"pages over {PAGE_BUDGET:,} bytes compressed: {heavy}"
    states = sorted((html_dir / "_static" / "calculators").glob("*.json"))
    named = {re.search(r'&quot;states&quot;:&quot;([0-9a-f]+\.json)', m).group(1)
             for name in pages for m in re.findall(r'data-calculator="[^"]*"', (html_dir / name).read_text("utf-8"))}
    assert named and named <= {p.name for p in states}, f"state files the pages name but the site lacks: {named}"


def test_every_figure_is_described_and_its_numbers_download_as_csv(browser, server, html_dir, pages):
    for name, page in _chapters_open(browser, server, html_dir, pages):
        figures = page.locator(".js-plotly-plot")
        described = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')].filter(gd => "
                                  "/^Chart: (lines and points|bars) of .+/.test(document.getElementById(gd.id + '-description')"
                                  "?.textContent || '')).length")
        assert described == figures.count(), f"{name}: {described} of {figures.count()} figures described"
        # the last figure's numbers: every point of every visible trace, one row each, as drawn
        last = figures.last
        last.scroll_into_view_if_needed()
        with page.expect_download() as download:
            page.locator(f"#{last.get_attribute('id')}-description button").click()
        rows = list(csv.reader(open(download.value.path(), encoding="utf-8")))
        drawn = last.evaluate("gd => gd._fullData.filter(t => t.visible === true && t.x && t.y)"
                              ".map(t => [t.name, Math.min(t.x.length, t.y.length), String(t.y[0])])")
        assert sum(n for _, n, _ in drawn) == sum(r[0] != "series" for r in rows), name
        firsts = [r for r in rows if r[0] != "series"]
        assert [firsts[0][0], firsts[0][2]] == [drawn[0][0], drawn[0][2]], name


@pytest.mark.parametrize("colour_scheme", ["light", "dark"])
def test_no_page_has_a_serious_accessibility_violation(browser, server, pages, colour_scheme):
    # axe-core (bundled by axe-playwright-python, so it runs offline) over every page, in the reader's colour scheme
    from axe_playwright_python.sync_playwright import Axe

    axe, found = Axe(), {}
    for name in pages:
        page, loading = _open(browser, f"{server}/{name}", colour_scheme=colour_scheme)
        page.wait_for_timeout(500)  # the figures drawn
        problems = list(loading)  # what the page did (axe-core then fetches stylesheets its own way)
        violations = axe.run(page).response["violations"]
        page.close()
        serious = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in violations
                   if v["impact"] in ("serious", "critical")]
        if serious or problems:
            found[name] = serious + problems
    assert not found, found


def test_a_figure_is_drawn_when_the_reader_nears_it(browser, server, html_dir, pages):
    # figures far below the first screen wait: the page is ready sooner, and each draws as the reader scrolls to it
    name = max(_chapter_pages(html_dir, pages),
               key=lambda n: (html_dir / n).read_text(encoding="utf-8").count('class="plotly-graph-div"'))
    page, problems = _open(browser, f"{server}/{name}", draw_all=False)
    total = page.locator(".plotly-graph-div").count()
    drawn = page.evaluate("document.querySelectorAll('.js-plotly-plot').length")
    last = page.locator(".plotly-graph-div").last
    assert not last.evaluate("d => Boolean(d._fullLayout)"), f"{name}: the last figure was drawn before it was near"
    last.scroll_into_view_if_needed()
    last.locator(".main-svg").first.wait_for(timeout=10_000)
    page.close()
    assert drawn < total and not problems, f"{name}: {drawn} of {total} figures drawn at load; {problems}"


# ---- the sizing studio ----------------------------------------------------------------------------------------
STUDIO = "book/sizing-studio.html"
SHARED = {"capacity_tib": "50", "mibps": "2000", "io_kib": "64", "read_share": "0.7", "latency_ms": "2",
          "cold_share": "0.6", "region": "westeurope"}


def _studio(browser, server, query=SHARED, width=1280, colour_scheme="light"):
    from urllib.parse import urlencode

    page, problems = _open(browser, f"{server}/{STUDIO}?{urlencode(query)}", width, colour_scheme, draw_all=False)
    page.wait_for_function("window.studioReady === true")
    return page, problems


def _table(page):
    return page.evaluate("[...document.querySelectorAll('#studio-options tbody tr')]"
                         ".map(tr => [...tr.children].map(c => c.textContent))")


def test_the_studio_opens_at_the_inputs_of_its_link_and_answers_as_the_model_does(browser, server):
    from storageperf import studio

    page, problems = _studio(browser, server)
    for name, value in SHARED.items():
        assert page.input_value(f"#studio-{name}") == value
    want = studio.options(capacity_tib=50, mibps=2000, io_kib=64, read_share=0.7, latency_ms=2, cold_share=0.6,
                          region="westeurope")
    rows = _table(page)
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows] == want["option"].tolist()
    assert want.loc[0, "option"] in page.inner_text("#studio-answer")
    assert problems == []
    page.close()


def test_a_change_reranks_and_lands_in_the_link(browser, server):
    # how fast it answers is make bench's to say (tools/benchmark.py): a test never depends on the machine's speed
    page, _ = _studio(browser, server)
    before = page.inner_text("#studio-answer")
    page.evaluate("""() => { const i = document.getElementById('studio-mibps'); i.value = '9000';
        i.dispatchEvent(new Event('input', {bubbles: true})); }""")
    assert page.inner_text("#studio-answer") != before   # answered at once, in the same event
    page.wait_for_url(re.compile(r"[?&]mibps=9000(&|$)"))   # the link follows once the answer is drawn
    page.close()


def test_a_pinned_answer_stays_beside_the_next_workloads_and_regions_read_by_name(browser, server):
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    page, problems = _studio(browser, server)
    assert page.locator("#studio-region option:checked").inner_text() == f"{anf.region_names()['westeurope']} (westeurope)"
    assert page.is_hidden("#studio-pinned")
    page.click("#studio-pin")
    page.fill("#studio-mibps", "9000")

    def column(j):
        return page.evaluate("j => [...document.querySelectorAll('#studio-pinned tbody tr')]"
                             ".map(tr => tr.children[j].textContent)", j)

    first = dict(capacity_tib=50, io_kib=64, read_share=0.7, latency_ms=2, cold_share=0.6, region="westeurope")
    pinned, now = (studio.options(mibps=m, **first) for m in (2000, 9000))
    top = [t.loc[t["feasible"]].iloc[0] for t in (pinned, now)]
    assert [column(1)[1], column(2)[1]] == [t["option"] for t in top]
    assert "2,000 MiB/s" in column(1)[0] and "9,000 MiB/s" in column(2)[0] and anf.region_names()["westeurope"] in column(1)[0]
    assert column(1)[2] == f"{round(top[0]['monthly_usd']):,}"
    page.fill("#studio-mibps", "lots")  # no answer now: the pinned one stays, and nothing can be pinned
    assert column(1)[1] == top[0]["option"] and column(2)[1] == "—" and page.is_disabled("#studio-pin")
    page.click("#studio-unpin")
    assert page.is_hidden("#studio-pinned") and page.evaluate("document.activeElement.id") == "studio-capacity_tib"
    assert problems == []
    page.close()


def test_the_options_download_as_csv_and_json(browser, server, tmp_path):
    page, _ = _studio(browser, server)
    rows = _table(page)
    with page.expect_download() as got:
        page.click("#studio-csv")
    path = tmp_path / "options.csv"
    got.value.save_as(path)
    table = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [r["option"] for r in table] == [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows]
    with page.expect_download() as got:
        page.click("#studio-json")
    got.value.save_as(tmp_path / "options.json")
    saved = json.loads((tmp_path / "options.json").read_text(encoding="utf-8"))
    assert saved["workload"]["region"] == "westeurope" and len(saved["options"]) == len(rows)
    page.close()


def test_the_studio_works_from_the_keyboard(browser, server):
    page, _ = _studio(browser, server)
    page.focus("#studio-capacity_tib")
    page.keyboard.press("Control+a")
    page.keyboard.type("500")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "studio-mibps"
    page.wait_for_url(re.compile(r"[?&]capacity_tib=500(&|$)"))   # the link follows once the answer is drawn
    before = page.inner_text("#studio-answer")
    page.keyboard.press("Control+a")
    page.keyboard.type("20000")
    assert page.inner_text("#studio-answer") != before
    page.close()


def test_the_studio_reads_in_dark_mode_and_on_a_phone(browser, server):
    page, problems = _studio(browser, server, width=390, colour_scheme="dark")
    _switch_theme(page, "dark")
    text = page.evaluate("getComputedStyle(document.querySelector('#studio-options td')).color")
    back = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert abs(_luminance(text) - _luminance(back)) > 0.4
    # on a phone the page does not scroll sideways: the table scrolls in its own box
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert problems == []
    page.close()


def test_a_fio_file_opened_in_the_page_is_read_there(browser, server):
    sample = sorted((ROOT / "data" / "measurements" / "fio").glob("*.json"))[0]
    page, problems = _studio(browser, server)
    page.set_input_files("#studio-fio-file", str(sample))
    page.wait_for_selector("#studio-fio-runs tbody tr")
    from storageperf import measurements

    runs = measurements.read_fio(sample)
    assert page.locator("#studio-fio-runs tbody tr").count() == len(runs)
    assert page.locator("#studio-fio-checks li").count() >= 1
    assert problems == []
    page.close()


def _fio_column(page, header):
    return page.evaluate("h => { const i = [...document.querySelectorAll('#studio-fio-runs thead th')]"
                         ".findIndex(th => th.textContent === h);"
                         " return [...document.querySelectorAll('#studio-fio-runs tbody tr')]"
                         ".map(tr => tr.children[i].textContent); }", header)


def test_the_page_says_whether_a_fio_run_used_direct_io_and_flags_the_page_cache(browser, server, tmp_path):
    from storageperf import measurements

    fio = ROOT / "data" / "measurements" / "fio"
    page, problems = _studio(browser, server)
    memory = page.get_by_label("Memory of the machine fio ran on (GiB)")
    page.set_input_files("#studio-fio-file", str(fio / "fio-3.33-json-randread.json"))
    page.wait_for_selector("#studio-fio-runs tbody tr")
    assert set(_fio_column(page, "I/O")) == {"direct"}
    assert not page.inner_text("#studio-fio-io").startswith("Check:")
    # buffered writes on a 4 MiB file: flagged before the memory is known, and as the page cache once it is
    buffered = fio / "fio-3.33-json-buffered.json"
    page.set_input_files("#studio-fio-file", str(buffered))
    page.wait_for_function("document.querySelector('#studio-fio-runs td') && "
                           "[...document.querySelectorAll('#studio-fio-runs td')].some(td => td.textContent === 'buffered')")
    assert set(_fio_column(page, "I/O")) == {"buffered"}
    note = page.inner_text("#studio-fio-io")
    assert note.startswith("Check:") and "buffered I/O" in note and "memory" in note
    run = measurements.read_fio(buffered)
    files_gib = run["size_kib"][0] * run["processes"][0] / 2**20  # KiB in a GiB, IEC 80000-13
    memory.fill(str(files_gib * 2))
    page.wait_for_function("document.querySelector('#studio-fio-io').textContent.includes('measured the page cache')")
    warned = page.locator("#studio-fio-checks li", has_text="measured the page cache")
    assert warned.count() == len(run) and warned.first.inner_text().startswith("Check:")
    # a memory that is not a number above 0 is refused, naming the field and what was typed; no stale table
    memory.fill("-3")
    page.wait_for_selector("#studio-fio [role=alert]")
    assert page.inner_text("#studio-fio [role=alert]") == \
        "Memory of the machine fio ran on (GiB) must be a number greater than 0; got '-3'"
    assert page.locator("#studio-fio-runs").count() == 0
    memory.fill("")
    # a UTF-16 file, as Windows PowerShell's > writes it, reads as its UTF-8 text does
    utf16 = tmp_path / "run.json"
    utf16.write_bytes(b"\xff\xfe" + (fio / "fio-3.33-json-randread.json").read_text(encoding="utf-8").encode("utf-16-le"))
    page.set_input_files("#studio-fio-file", str(utf16))
    page.wait_for_function("[...document.querySelectorAll('#studio-fio-runs td')].some(td => td.textContent === 'direct')")
    assert len(_fio_column(page, "I/O")) == len(measurements.read_fio(utf16))
    assert problems == []
    page.close()


def _studio_error_cleared(page):
    """What the studio shows of an answer: its ranked rows, the best few, the chart's points, and the downloads."""
    return page.evaluate("""() => ({
        rows: document.querySelectorAll('#studio-options tbody tr').length,
        best: document.querySelectorAll('#studio-best li').length,
        points: document.querySelectorAll('#studio-chart circle').length,
        csv: document.getElementById('studio-csv').disabled,
        json: document.getElementById('studio-json').disabled})""")


def test_an_unknown_region_in_the_link_is_refused_by_name_never_priced_as_another(browser, server):
    typo = {**SHARED, "region": SHARED["region"][:-1]}  # the link's region with its last letter lost
    page, problems = _studio(browser, server, typo)
    error = page.inner_text("#studio-error")
    assert f"'{typo['region']}'" in error and "Azure region" in error
    assert SHARED["region"] in error  # what it plainly means, offered
    assert _studio_error_cleared(page) == {"rows": 0, "best": 0, "points": 0, "csv": True, "json": True}
    assert "Cheapest" not in page.inner_text("#studio-answer")
    assert f"region={typo['region']}" in page.url and problems == []
    page.close()
    # another spelling of a region the guide prices is read as that region, and the page says so
    shouted = {**SHARED, "region": SHARED["region"].upper()}
    page, problems = _studio(browser, server, shouted)
    assert page.input_value("#studio-region") == SHARED["region"]
    assert page.inner_text("#studio-error") == ""
    assert shouted["region"] in page.inner_text("#studio-note") and SHARED["region"] in page.inner_text("#studio-note")
    assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
    page.close()


def test_an_invalid_input_names_its_label_and_value_and_clears_the_answer(browser, server):
    page, problems = _studio(browser, server)
    assert _studio_error_cleared(page)["rows"] > 1
    before = page.inner_text("#studio-answer")
    page.focus("#studio-capacity_tib")
    page.keyboard.press("Control+a")
    page.keyboard.type("abc")
    assert page.inner_text("#studio-error") == "Data to hold (TiB) must be a number; got 'abc'"
    assert _studio_error_cleared(page) == {"rows": 0, "best": 0, "points": 0, "csv": True, "json": True}
    assert page.inner_text("#studio-answer") != before and "Cheapest" not in page.inner_text("#studio-answer")
    assert "capacity_tib=abc" in page.url
    # a value out of range is named by its label too, with what was typed
    page.keyboard.press("Control+a")
    page.keyboard.type(SHARED["capacity_tib"])
    page.focus("#studio-read_share")
    page.keyboard.press("Control+a")
    page.keyboard.type("-" + SHARED["read_share"])
    error = page.inner_text("#studio-error")
    assert error.startswith("Share of reads (0 to 1) must be") and f"got '-{SHARED['read_share']}'" in error
    assert "undefined" not in error and "read_share" not in error
    assert _studio_error_cleared(page)["rows"] == 0
    page.keyboard.press("Control+a")
    page.keyboard.type(SHARED["read_share"])
    assert page.inner_text("#studio-error") == "" and page.inner_text("#studio-answer") == before
    assert problems == []
    page.close()


def test_a_number_written_with_thousands_separators_in_the_link_is_read_as_that_number(browser, server):
    from storageperf import studio

    need = int(SHARED["mibps"])
    page, problems = _studio(browser, server, {**SHARED, "mibps": f"{need:,}"})
    assert page.inner_text("#studio-error") == ""
    want = studio.options(capacity_tib=float(SHARED["capacity_tib"]), mibps=need, io_kib=float(SHARED["io_kib"]),
                          read_share=float(SHARED["read_share"]), latency_ms=float(SHARED["latency_ms"]),
                          cold_share=float(SHARED["cold_share"]), region=SHARED["region"])
    assert [r[1].replace(" ◆", "") for r in _table(page)] == want["option"].tolist()
    assert problems == []
    page.close()


def test_the_best_few_options_stand_side_by_side_above_the_table(browser, server):
    page, problems = _studio(browser, server)
    rows = page.evaluate("[...document.querySelectorAll('#studio-options tbody tr.feasible th')]"
                         ".map(th => th.textContent.replace(' ◆', ''))")
    best = page.evaluate("[...document.querySelectorAll('#studio-best li')].map(li => li.innerText)")
    assert 1 < len(best) <= len(rows)
    for name, text in zip(rows, best):
        assert text.startswith(name)
        for word in ("over the horizon", "a month", "Headroom", "What binds", "Status", "Measured"):
            assert word in text, (word, text)
    # above the table, and side by side on a wide screen
    assert page.evaluate("document.getElementById('studio-best').compareDocumentPosition("
                         "document.getElementById('studio-options')) & Node.DOCUMENT_POSITION_FOLLOWING")
    tops = page.evaluate("[...document.querySelectorAll('#studio-best li')].map(li => li.getBoundingClientRect().top)")
    assert len(set(tops)) == 1
    assert problems == []
    page.close()


def test_the_reader_can_hide_the_options_that_do_not_carry_it_and_the_link_keeps_it(browser, server):
    page, problems = _studio(browser, server)
    shown = "[...document.querySelectorAll('#studio-options tbody tr')].filter(tr => tr.offsetParent !== null)"
    every = page.evaluate(f"{shown}.length")
    page.check("#studio-carries")
    carried = page.evaluate(f"{shown}.map(tr => tr.className)")
    assert 0 < len(carried) < every and set(carried) == {"feasible"}
    assert "carries=1" in page.url
    page.goto(page.url)
    page.wait_for_function("window.studioReady === true")
    assert page.is_checked("#studio-carries") and page.evaluate(f"{shown}.length") == len(carried)
    assert problems == []
    page.close()


def test_the_charts_points_are_labelled_on_hover_and_keyboard_focus(browser, server):
    page, problems = _studio(browser, server)
    points = page.locator("#studio-chart .studio-point")
    assert points.count() > 1
    page.focus("#studio-chart .studio-point")
    tip = page.locator("#studio-chart-tip")
    assert tip.is_visible()
    first = tip.inner_text()
    assert first and page.evaluate("document.activeElement.getAttribute('aria-label')").startswith(first.split(":")[0])
    page.keyboard.press("ArrowRight")  # the next point, from the keyboard
    assert page.evaluate("document.activeElement.classList.contains('studio-point')")
    assert tip.is_visible() and tip.inner_text() != first
    page.locator("#studio-chart .studio-point").last.hover()
    assert tip.is_visible()
    assert tip.inner_text().split(":")[0] == points.last.get_attribute("aria-label").split(":")[0]
    assert problems == []
    page.close()


def test_the_chart_and_the_diamonds_use_the_cost_that_ranks(browser, server):
    from storageperf import studio

    # the shortest horizon the form takes, where a month's cost and the horizon's order options differently
    query = {**SHARED, "months": "1"}
    page, problems = _studio(browser, server, query)
    o = studio.options(capacity_tib=float(SHARED["capacity_tib"]), mibps=float(SHARED["mibps"]),
                       io_kib=float(SHARED["io_kib"]), read_share=float(SHARED["read_share"]),
                       latency_ms=float(SHARED["latency_ms"]), cold_share=float(SHARED["cold_share"]),
                       region=SHARED["region"], months=1)
    priced = o[o["feasible"] & o["price_complete"] & o["horizon_usd"].notna()].assign(
        cents=lambda f: (f["horizon_usd"] * 100).round())  # costs equal to the cent are equal
    front = {a.option for a in priced.itertuples()
             if not any(b.option != a.option and b.cents <= a.cents and b.headroom >= a.headroom
                        and (b.cents < a.cents or b.headroom > a.headroom) for b in priced.itertuples())}
    marked = {r[1].replace(" ◆", "") for r in _table(page) if r[1].endswith(" ◆")}
    assert marked == front
    assert "USD over the horizon (1 month)" in page.text_content("#studio-chart")
    assert "over the horizon" in page.inner_text("#studio-caption")
    assert problems == []
    page.close()


def test_the_studio_charts_text_reads_in_the_dark_theme(browser, server):
    page, problems = _studio(browser, server, colour_scheme="dark")
    _switch_theme(page, "dark")
    back = page.evaluate("getComputedStyle(document.body).backgroundColor")
    fills = page.evaluate("[...document.querySelectorAll('#studio-chart text')].map(t => getComputedStyle(t).fill)")
    assert fills and all(abs(_luminance(f) - _luminance(back)) > 0.4 for f in fills), (back, set(fills))
    assert problems == []
    page.close()


def test_on_a_phone_the_cost_shows_and_the_charts_text_is_legible(browser, server):
    page, problems = _studio(browser, server, width=390)
    header = page.locator("#studio-options th", has_text="USD over the horizon").first
    box = header.bounding_box()
    assert box["x"] + box["width"] <= page.evaluate("window.innerWidth")
    sizes = page.evaluate("""() => { const svg = document.getElementById('studio-chart'), k = svg.getScreenCTM().a;
        return [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * k); }""")
    assert sizes and min(sizes) >= 12, sizes
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert problems == []
    page.close()


# Each text of the fio chart: its size as drawn (CSS px), whether it lies within the chart's box, and its box.
_FIO_CHART_TEXTS = """() => {
  const svg = document.getElementById('studio-fio-chart'), box = svg.getBoundingClientRect(), k = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')].map(t => { const r = t.getBoundingClientRect();
    return {text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize) * k, box: [r.left, r.top, r.right, r.bottom],
            inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5
                    && r.bottom <= box.bottom + 0.5}; }); }"""


def _fio_chart_reads(page):
    texts = page.evaluate(_FIO_CHART_TEXTS)
    assert texts and min(t["size"] for t in texts) >= 12, texts
    assert all(t["inside"] for t in texts), [t for t in texts if not t["inside"]]
    overlaps = [(a["text"], b["text"]) for i, a in enumerate(texts) for b in texts[i + 1:]
                if min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0]) > 0.5
                and min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1]) > 0.5]
    assert not overlaps, overlaps
    return texts


def test_on_a_phone_the_fio_charts_text_is_legible_and_whole(browser, server, tmp_path):
    # the chart of a reader's run is drawn at the width it is shown at: on a phone its text keeps 12 px, within the
    # chart and none over another, with the limit beyond the runs, far short of them (the limit's label at the left
    # edge, the longest value at the right), and with a job name wider than the phone; so again once the window is
    # wide, and narrow again
    fio = ROOT / "data" / "measurements" / "fio"
    run = json.loads((fio / "fio-3.33-json-randread.json").read_text(encoding="utf-8"))
    long_name = "sequential-read-128k-iodepth32-numjobs4-on-the-shared-volume-after-the-nightly-backup"
    run["jobs"][0]["jobname"] = long_name
    (tmp_path / "long-name.json").write_text(json.dumps(run), encoding="utf-8")
    page, problems = _studio(browser, server, width=PHONE)
    for sample, job in [(fio / "fio-3.33-json-plus-randrw.json", "mixed"), (fio / "fio-3.33-json-trim.json", "trims"),
                        (tmp_path / "long-name.json", long_name)]:
        page.set_input_files("#studio-fio-file", str(sample))
        page.wait_for_function("job => document.querySelector('#studio-fio-runs tbody th')?.textContent === job "
                               "&& document.getElementById('studio-fio-chart')?.getAttribute('aria-label').includes(job)", arg=job)
        texts = _fio_chart_reads(page)
    assert any(t["text"].startswith("sequential-read-128k") for t in texts)
    for width in (1280, PHONE):  # a window widened, a phone turned back: the chart drawn again at its new width
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function("() => { const svg = document.getElementById('studio-fio-chart');"
                               " return svg.viewBox.baseVal.width === Math.floor(Math.min(640, svg.getBoundingClientRect().width)); }")
        _fio_chart_reads(page)
    assert problems == []
    page.close()


def test_on_a_wide_screen_the_table_is_whole_and_more_columns_are_a_toggle_away(browser, server):
    page, problems = _studio(browser, server, width=1280)
    wrap = "document.querySelector('.studio-table-wrap:has(#studio-options)')"
    assert page.evaluate(f"{wrap}.scrollWidth <= {wrap}.clientWidth + 1")
    limit = page.locator("#studio-options th", has_text="Limit (MiB/s)")
    assert not limit.is_visible()
    page.check("#studio-more")
    assert limit.is_visible()
    assert problems == []
    page.close()


def test_opened_from_the_file_system_the_studio_says_it_needs_to_be_served(browser, html_dir):
    page = browser.new_page()
    page.goto((html_dir / STUDIO).as_uri(), wait_until="load")
    page.wait_for_timeout(300)
    text = page.inner_text("#studio-app")
    assert "python -m http.server" in text
    page.close()


def test_the_icon_fonts_hold_the_glyphs_the_site_shows_and_no_others(html_dir):
    import pydata_sphinx_theme
    from fontTools.ttLib import TTFont

    from storageperf_book.sphinx_ext import WEBFONTS, icon_codepoints

    used = icon_codepoints(html_dir)
    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / WEBFONTS
    served = sorted((html_dir / "_static" / WEBFONTS).glob("*.woff2"))
    assert served
    for font in served:
        original = set(TTFont(theme / font.name).getBestCmap())
        held = set(TTFont(font).getBestCmap())
        assert held == used & original, font.name
        assert font.stat().st_size < (theme / font.name).stat().st_size / 2, font.name
    assert used, "the site shows no icon at all"


def test_search_finds_a_word_and_the_page_found_marks_it(browser, server, html_dir):
    # the chapters load no search scripts (the theme's search-as-you-type is off): the search page does the search
    chapter = (html_dir / "book" / "cool-access.html").read_text(encoding="utf-8")
    assert "searchtools.js" not in chapter and "searchindex.js" not in chapter
    page, problems = _open(browser, f"{server}/search.html?q=coolness", draw_all=False)
    page.wait_for_selector("#search-results li a", timeout=20_000)
    found = page.eval_on_selector_all("#search-results li a", "links => links.map(a => a.getAttribute('href'))")
    assert any("cool-access" in href for href in found)
    assert problems == []
    page.close()
    page, problems = _open(browser, f"{server}/book/cool-access.html?highlight=coolness", draw_all=False)
    page.wait_for_timeout(300)
    assert page.locator("span.highlighted").count() >= 1
    page.close()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_cheat_sheet_prints_on_one_page(browser, server, paper):
    import io

    from pypdf import PdfReader

    page, problems = _open(browser, f"{server}/book/workshop/cheat-sheet.html", draw_all=False)
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=False)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert "Little" in _pdf_text(pdf)
    assert problems == []
    page.close()


def test_the_handouts_are_the_whole_site_offline_and_the_book_on_paper(browser, html_dir, tmp_path):
    from pypdf import PdfReader

    from storageperf_book.handouts import book_pdf, offline_zip, toc_pages

    pages = toc_pages(ROOT)
    archive = offline_zip(html_dir, tmp_path / "guide-offline.zip")
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "offline")
    assert "guide/README.txt" in names and all(f"guide/{p}" in names for p in pages)
    readme = (tmp_path / "offline" / "guide" / "README.txt").read_text(encoding="utf-8")
    # opened with a double click first (test_the_offline_copy_works_opened_from_the_file_system); served, if preferred
    assert readme.index("Double-click index.html") < readme.index("python3 -m http.server")
    assert "python3 -m http.server" in readme and "py -m http.server" in readme  # macOS and Linux; Windows
    # served by a plain static server from the unzipped folder, the studio answers and a calculator's page loads clean
    handler = functools.partial(_QuietHandler, directory=str(tmp_path / "offline" / "guide"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    served = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        page, problems = _studio(browser, served)
        assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
        page.close()
        page, problems = _open(browser, f"{served}/book/cool-access.html")
        assert problems == []
        page.close()
    finally:
        httpd.shutdown()
    from storageperf.platforms import azure_netapp_files as anf
    from storageperf_book.handouts import build_facts

    facts = build_facts(ROOT)
    count = book_pdf(html_dir, ROOT, tmp_path / "guide.pdf", CHROMIUM, FLAGS, browser=browser, facts=facts)
    assert count >= len(pages)
    import html as htmllib

    pdf = PdfReader(tmp_path / "guide.pdf")
    text = _pdf_text((tmp_path / "guide.pdf").read_bytes())
    titles = []
    at = -1
    for name in pages:   # each page's title, in the order of the table of contents
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", (html_dir / name).read_text(encoding="utf-8"), re.S)
        title = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).replace("#", "").split())
        titles.append(title)
        found = text.find(title[:40], at + 1)
        assert found > at, f"{name}: {title[:40]!r} not in the PDF after the page before it"
        at = found
    assert len(pdf.pages) == count
    # a title page: when and from which commit it was built, and the date of the prices
    first = _page_text(pdf.pages[0])
    commit = _commit()
    assert facts["built"] in first and anf.PRICE_SNAPSHOT_DATE in first
    assert (commit and f"commit {commit}" in first) or (not commit and "no commit known" in first), first
    # a bookmark for each page, in order, with its sections under it
    def flat(items, depth=0):
        for item in items:
            yield from flat(item, depth + 1) if isinstance(item, list) else [(depth, item.title)]
    marks = list(flat(pdf.outline))
    squeeze = lambda t: re.sub(r"\W+", "", t).lower()  # noqa: E731  (a bookmark's text loses a line break's space)
    tops = [squeeze(t) for depth, t in marks if depth == 0]
    assert [next((i for i, t in enumerate(tops) if squeeze(title)[:30] in t), None) for title in titles] == list(
        range(len(titles))), tops
    assert sum(depth == 1 for depth, _ in marks) > 2 * len(titles)
    # every sheet numbered through; every link between pages lands inside the PDF; none names a local address
    for i, sheet in enumerate(pdf.pages, start=1):
        assert _page_text(sheet).endswith(f"{i} / {count}"), i
    links = [a.get_object() for sheet in pdf.pages for a in sheet.get("/Annots") or []]
    uris = [a["/A"]["/URI"] for a in links if "/A" in a and a["/A"].get("/S") == "/URI"]
    inside = [a for a in links if "/Dest" in a or ("/A" in a and a["/A"].get("/S") == "/GoTo")]
    assert not [u for u in uris if urlparse(str(u)).hostname in ("127.0.0.1", "localhost")]
    assert len(inside) > len(titles)
    # tagged for screen readers, and every figure drawn
    root = pdf.trailer["/Root"]
    assert "/StructTreeRoot" in root and root["/MarkInfo"]["/Marked"]
    assert "drawn once the page is scrolled" not in text


def test_the_offline_copy_works_opened_from_the_file_system(browser, html_dir, tmp_path):
    # unzipped and opened with a double click (a file:// address, where Chromium runs no module script and fetches no
    # file): the pages load clean, every figure draws, a calculator answers its control, a knowledge check answers
    # back, and the sizing studio ranks its options
    from storageperf_book.handouts import offline_zip

    with zipfile.ZipFile(offline_zip(html_dir, tmp_path / "guide-offline.zip")) as z:
        z.extractall(tmp_path / "offline")
    guide = tmp_path / "offline" / "guide"
    page, problems = _open(browser, (guide / "index.html").as_uri(), draw_all=False)
    assert page.url == (guide / "book" / "intro.html").as_uri() and problems == []
    page.close()
    page, problems = _open(browser, (guide / "book" / "cool-access.html").as_uri())
    drawn = page.evaluate("[...document.querySelectorAll('.plotly-graph-div')].filter(d => d._fullLayout).length")
    assert drawn == page.locator(".plotly-graph-div").count() > 0
    assert page.locator("script[type=module][src]").count() == 0
    calc = page.locator(".calculator").first
    answer, control = calc.locator(".calculator-answer"), calc.locator(".calculator-controls input[type=range]").first
    before = answer.text_content()
    control.focus()
    page.keyboard.press("End" if control.evaluate("e => e.value !== e.max") else "Home")
    page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before],
                           timeout=10_000)
    assert calc.locator(".calculator-status").text_content() == ""
    form = page.locator("form.quiz").first
    key = _quiz_spec(html_dir, form)
    if key["kind"] == "choice":
        for letter in key["correct"]:
            form.locator(f'input[value="{letter}"]').check()
    else:
        form.locator("input[type=text]").fill(str(key["answer"]))
    form.locator("button.quiz-check").click()
    feedback = form.locator(".quiz-feedback")
    page.wait_for_function("e => e.textContent !== ''", arg=feedback.element_handle(), timeout=10_000)
    assert feedback.text_content().startswith("Right. "), feedback.text_content()
    page.close()
    assert problems == []
    page, problems = _studio(browser, (guide / STUDIO).as_uri().removesuffix(f"/{STUDIO}"))
    assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
    page.close()


def test_the_participants_pdf_is_their_site_on_paper_without_an_answer(browser, html_dir, participant_site, tmp_path):
    # make handouts prints the participant's site as _build/participant.pdf; printed here for one chapter only (the
    # whole book is printed above): the chapter's text, none of its solutions, and a title page naming the edition
    from bs4 import BeautifulSoup
    from pypdf import PdfReader

    from storageperf_book import editions
    from storageperf_book.handouts import book_pdf, build_facts

    chapter = "book/large-volumes.html"
    target = tmp_path / "participant.pdf"
    book_pdf(participant_site / "participant-site", ROOT, target, CHROMIUM, FLAGS, browser=browser,
             facts=build_facts(ROOT), pages=[chapter], edition="participant")
    squeeze = lambda t: re.sub(r"\s+", "", t)  # noqa: E731  (a PDF's text breaks lines where the page did not)
    text = squeeze(_pdf_text(target.read_bytes()))
    def article(site):
        return BeautifulSoup((site / chapter).read_text(encoding="utf-8"), "html.parser").select_one("article")

    said = [squeeze(p.get_text(" "))[:60] for p in article(participant_site / "participant-site").select("section > p")
            if len(p.get_text(strip=True)) > 60]
    assert len(said) > 10 and all(p in text for p in said), [p for p in said if p not in text][:3]
    # the site's solutions (the instructor's, printed open in guide.pdf): none of their words in the participant's
    answers = [squeeze(p.get_text(" "))[:60] for e in editions.answer_elements(article(html_dir)) for p in e.select("p")
               if len(p.get_text(strip=True)) > 40 and not p.find_parent(class_="admonition-title")]
    assert len(answers) >= 2 and not [a for a in answers if a in text], [a for a in answers if a in text]
    first = _page_text(PdfReader(target).pages[0])
    assert "Participant edition" in first and "without their solutions" in first, first


def _quiz_spec(html_dir, form):
    """A question's key and feedback, as the site serves them to quiz.js."""
    spec = json.loads(form.get_attribute("data-quiz"))
    return json.loads((html_dir / "_static" / "quizzes" / spec["src"]).read_text(encoding="utf-8"))


def test_a_knowledge_check_answers_from_the_keyboard_and_its_answers_download_for_the_room(
        browser, server, html_dir, pages, tmp_path):
    # On the HPC/EDA chapter: no answer shows before a check; Tab to an option, an arrow key to choose, Tab to Check,
    # Enter; the feedback (a live region) says why the option chosen is wrong, then that the right one is right; a
    # number typed and checked with Enter; "Download my answers" from the keyboard gives the file room() reads, under
    # a name of its own, with both attempts at the first question.
    from storageperf_book import quiz

    name = next(n for n in pages if n.endswith("hpc-eda.html"))
    page, problems = _open(browser, f"{server}/{name}", draw_all=False)
    forms = page.locator("form.quiz").all()
    assert len(forms) >= 6, f"{name}: {len(forms)} knowledge checks"
    first, number = forms[0], next(f for f in forms if f.locator("input[type=text]").count())
    key, key_number = _quiz_spec(html_dir, first), _quiz_spec(html_dir, number)
    shown = page.evaluate("document.body.innerText")
    assert key["right"] not in shown and not any(s in shown for s in key["feedback"].values()), "an answer shows"
    assert first.locator("legend").count() == 1 and first.locator("fieldset").count() == 1

    radios = first.locator("input[type=radio]").all()
    assert all(r.evaluate("e => e.labels.length === 1 && e.labels[0].textContent.trim().length > 1") for r in radios)
    feedback = first.locator(".quiz-feedback")
    assert feedback.get_attribute("aria-live") == "polite"
    wrong = next(i for i, letter in enumerate(key["options"]) if letter not in key["correct"] and i > 0)
    right = key["options"].index(key["correct"][0])

    def choose(index):
        radios[0].scroll_into_view_if_needed()
        assert radios[0].evaluate(_FOCUS_BEFORE)
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.type === 'radio' && document.activeElement.value")
        assert focused, f"Tab reaches {page.evaluate('document.activeElement.outerHTML')[:200]}, not an option"
        at = key["options"].index(focused)
        for _ in range(index - at):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "quiz-check"
        page.keyboard.press("Enter")
        page.wait_for_function("el => el.textContent.trim()", arg=feedback.element_handle(), timeout=10_000)
        return feedback.text_content()

    letter = key["options"][wrong]
    assert choose(wrong) == f"{letter}: {key['feedback'][letter]}"
    assert choose(right) == f"Right. {key['right']}"

    box = number.locator("input[type=text]")
    box.scroll_into_view_if_needed()
    assert box.evaluate(_FOCUS_BEFORE)
    page.keyboard.press("Tab")
    assert box.evaluate("e => e === document.activeElement && e.labels.length === 1")
    page.keyboard.type(f"{key_number['answer'] - 2 * key_number['tolerance']:.6g}")
    page.keyboard.press("Enter")
    number_feedback = number.locator(".quiz-feedback")
    page.wait_for_function("el => el.textContent.trim()", arg=number_feedback.element_handle(), timeout=10_000)
    assert number_feedback.text_content() == key_number["too_low"]

    download = page.locator("button.quiz-download")
    assert download.count() == 1 and download.is_enabled()
    assert download.evaluate(_FOCUS_BEFORE)
    page.keyboard.press("Tab")
    assert download.evaluate("e => e === document.activeElement")
    with page.expect_download() as waiting:
        page.keyboard.press("Enter")
    folder = tmp_path / "room"
    folder.mkdir()
    saved = folder / waiting.value.suggested_filename
    waiting.value.save_as(saved)
    page.close()
    assert not problems, problems
    assert re.fullmatch(r"answers-hpc-eda-[0-9a-f]{8}-\d{8}T\d{6}Z\.json", saved.name), saved.name  # its own name
    counts = quiz.room(folder, quiz.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")).set_index(["question", "option"])
    first, last = counts["first"], counts["last"]
    assert first[(key["id"], letter)] == 1 and first[(key["id"], key["correct"][0])] == 0  # the wrong first attempt
    assert last[(key["id"], key["correct"][0])] == 1 and last[(key["id"], letter)] == 0  # and the right one after it
    assert counts.loc[(key["id"], key["correct"][0]), "correct"] and counts["attempts"].sum() == 3
    assert last[(key_number["id"], "low")] == 1
    assert sum(last.groupby(level="question").sum() > 0) == 2  # only the two questions checked


def test_a_simulated_room_three_on_the_participant_site_and_one_in_a_kernel(browser, participant_server, tmp_path):
    # The workshop's loop end to end: three participants answer the HPC/EDA chapter's first question on the
    # participant's site, each in a browser of their own (one wrong, then right; one right; one wrong), and download
    # their answers; a fourth answers in a kernel and saves; the trainer's room() reads the folder with the key and
    # the room's chart shows the misconception fixed on the second attempt beside where the room ended.
    from storageperf_book import quiz

    key = {z.id: z for z in quiz.chapter_quizzes(ROOT / "book" / "hpc-eda.ipynb")}
    first_id = next(i for i, z in key.items() if z.kind == "choice")
    question = key[first_id]
    right = question.correct[0]
    wrong = next(c for c in question.letters if c not in question.correct)
    folder = tmp_path / "room"
    folder.mkdir()
    for choices in ([wrong, right], [right], [wrong]):
        context = browser.new_context()
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(f"{participant_server}/book/hpc-eda.html")
        form = page.locator(f'form.quiz:has(input[name="{first_id.replace("/", "-")}"])')
        for letter in choices:
            form.locator(f'input[value="{letter}"]').check()
            form.locator("button.quiz-check").click()
            page.wait_for_function("el => el.textContent.trim()", arg=form.locator(".quiz-feedback").element_handle())
        assert (question.right in form.locator(".quiz-feedback").text_content()) == (choices[-1] == right)
        with page.expect_download() as waiting:
            page.locator("button.quiz-download").click()
        waiting.value.save_as(folder / waiting.value.suggested_filename)
        assert errors == []
        context.close()
    quiz.ANSWERS.clear()
    quiz.ATTEMPTS.clear()
    question.check(right)  # the fourth, in a kernel
    quiz.save_answers(folder / "kernel.json", "kernel participant")
    quiz.ANSWERS.clear()
    quiz.ATTEMPTS.clear()

    assert len(list(folder.glob("*.json"))) == 4  # four files, none overwriting another
    counts = quiz.room(folder, list(key.values()))
    rows = counts[counts["question"] == first_id].set_index("option")
    assert rows["answered"].iloc[0] == 4
    assert (rows.loc[wrong, "first"], rows.loc[wrong, "last"]) == (2, 1)   # the misconception, half of it fixed
    assert (rows.loc[right, "first"], rows.loc[right, "last"]) == (2, 3)
    assert rows.loc[right, "correct"] and not rows.loc[wrong, "correct"]
    chart = quiz.room_figures(counts)[first_id]
    bars = {t.name: dict(zip(t.x, t.y)) for t in chart.data}
    labels = list(bars["first attempt"])
    at = {letter: labels[list(rows.index).index(letter)] for letter in (wrong, right)}
    assert (bars["first attempt"][at[wrong]], bars["last attempt"][at[wrong]]) == (2, 1)


def test_every_chapter_knowledge_check_on_the_site_is_a_quiz_that_answers_back(browser, server, html_dir, pages):
    # each chapter page with a knowledge check has its questions as forms there, three or more; in the page, every
    # wrong option of its choice questions, checked, says why it is wrong, and the download follows the last question
    import html as html_lib

    found = []
    for name in _chapter_pages(html_dir, pages):
        text = (html_dir / name).read_text(encoding="utf-8")
        section = re.search(r'<section id="knowledge-check">(.*?)</section>', text, flags=re.S)
        if not section:
            continue
        forms = re.findall(r'<form class="quiz" data-quiz="([^"]*)"', section[1])
        assert len(forms) >= 3, f"{name}: {len(forms)} questions that answer back in its knowledge check"
        found.append(name)
        keys = [_key for _key in (json.loads((html_dir / "_static" / "quizzes" / json.loads(html_lib.unescape(f))["src"])
                                              .read_text(encoding="utf-8")) for f in forms) if _key["kind"] == "choice"]
        page, problems = _open(browser, f"{server}/{name}", draw_all=False)
        for key in keys:
            form = page.locator(f'form.quiz:has(input[name="{key["id"].replace("/", "-")}"])')
            for letter, reason in key["feedback"].items():
                for box in form.locator("input[type=checkbox]:checked").all():  # where several are right
                    box.uncheck()
                form.locator(f'input[value="{letter}"]').check()
                form.locator("button.quiz-check").click()
                feedback = form.locator(".quiz-feedback")
                page.wait_for_function("([el, want]) => el.textContent === want",
                                       arg=[feedback.element_handle(), f"{letter}: {reason}"], timeout=10_000)
        last = page.locator("form.quiz").last
        assert last.evaluate("f => f.closest('.cell').nextElementSibling.querySelector('button.quiz-download') !== null"), \
            name
        page.close()
        assert not problems, f"{name}: {problems}"
    assert len(found) >= 7, found


def test_every_knowledge_check_has_its_key_on_the_site_and_none_in_its_page(html_dir, pages):
    # each question names a key file the site serves; the page's text holds none of its feedback before a check
    import html as html_lib

    checked = 0
    for name in pages:
        text = (html_dir / name).read_text(encoding="utf-8")
        for attribute in re.findall(r'<form class="quiz" data-quiz="([^"]*)"', text):
            spec = json.loads(html_lib.unescape(attribute))
            key = json.loads((html_dir / "_static" / "quizzes" / spec["src"]).read_text(encoding="utf-8"))
            assert key["id"] == spec["id"] and key["kind"] == spec["kind"], name
            sentences = [key["right"], *key.get("feedback", {}).values(), key.get("too_low"), key.get("too_high")]
            shown = [s for s in sentences if s and html_lib.escape(s, quote=False) in text]
            assert not shown, f"{name}: {spec['id']} shows {shown[:1]} before a check"
            checked += 1
    written = sum(p.read_text(encoding="utf-8").count('Quiz(\\"') for p in (ROOT / "book").rglob("*.ipynb"))
    assert checked == written > 0, f"{checked} knowledge checks on the site, {written} in the notebooks"


def test_the_studios_answer_says_when_its_first_row_is_beyond_measurement_or_its_latency_unknown(browser, server):
    from storageperf import studio

    # SHARED has a latency bound that no Azure NetApp Files row can answer
    page, problems = _studio(browser, server)
    top = studio.options(**{k: v if k == "region" else float(v) for k, v in SHARED.items()}).iloc[0]
    assert top["latency_basis"] == "none"
    answer = page.inner_text("#studio-answer")
    assert "latency under your bound is not known" in answer and top["option"] in answer
    page.close()
    # 1 KiB I/O: below every size a benchmark ran, so every Azure NetApp Files row is beyond what was measured
    tiny = {"capacity_tib": "50", "mibps": "200", "io_kib": "1", "region": "eastus"}
    page, problems2 = _studio(browser, server, tiny)
    top = studio.options(capacity_tib=50, mibps=200, io_kib=1).iloc[0]
    assert top["extrapolated"]
    answer = page.inner_text("#studio-answer")
    assert answer.startswith("Cheapest, beyond what was measured,") and "beyond what was measured (" in answer
    assert problems == [] and problems2 == []
    page.close()


def test_an_eda_load_gets_its_latency_from_the_measured_curves_and_a_mistyped_kind_is_refused(browser, server):
    from storageperf import studio

    # the HPC/EDA chapter's farm: operations a second of the measured mix's size, under a bound
    eda = {"capacity_tib": "100", "ops_per_s": "400000", "io_kib": "16", "latency_ms": "1", "region": "eastus",
           "load": "eda"}
    page, problems = _studio(browser, server, eda)
    assert page.input_value("#studio-load") == "eda"
    want = studio.options(capacity_tib=100, ops_per_s=400000, io_kib=16, latency_ms=1, load="eda")
    rows = _table(page)
    assert [r[1].replace(" ◆", "").replace(" (preview)", "") for r in rows] == want["option"].tolist()
    assert want.loc[0, "latency_basis"] != "none" and "EDA latency" in page.inner_text("#studio-answer")
    # the same workload as any load: no curve, so the latency is not known
    page.select_option("#studio-load", "general")
    assert "latency under your bound is not known" in page.inner_text("#studio-answer")
    page.wait_for_url(re.compile(r"^(?!.*load=eda)"))
    page.close()
    page, problems2 = _studio(browser, server, {**eda, "load": "ed"})
    assert page.inner_text("#studio-error") == "Kind of load must be general or eda; got 'ed'"
    assert _studio_error_cleared(page)["rows"] == 0 and problems == [] and problems2 == []


def test_the_studios_answer_says_when_its_first_row_is_in_preview(browser, server):
    from storageperf import studio

    # a small, mostly cold workload of large I/O that breakthrough mode (in preview) carries the cheapest
    query = {"capacity_tib": "0.3", "mibps": "80", "io_kib": "256", "read_share": "0.73", "cold_share": "0.87"}
    top = studio.options(0.3, mibps=80, io_kib=256, read_share=0.73, cold_share=0.87).iloc[0]
    assert top["status"] == "preview" and top["feasible"] and top["price_complete"]
    page, problems = _studio(browser, server, query)
    assert f": {top['option']} (preview), " in page.inner_text("#studio-answer")
    # at 64 KiB the cheapest is generally available, and named without it
    page.evaluate("""() => { const i = document.getElementById('studio-io_kib'); i.value = '64';
        i.dispatchEvent(new Event('input', {bubbles: true})); }""")
    top = studio.options(0.3, mibps=80, io_kib=64, read_share=0.73, cold_share=0.87).iloc[0]
    assert top["status"] == "generally available"
    answer = page.inner_text("#studio-answer")
    assert f": {top['option']}, " in answer and "(preview)" not in answer
    assert problems == []
    page.close()


def test_the_studios_answer_says_the_date_of_its_prices(browser, server):
    from storageperf.platforms import azure_netapp_files as anf

    page, problems = _studio(browser, server)
    answer = page.inner_text("#studio-answer")
    # the prices' date, then the guide's version: the commit the site was built from (the tests build this checkout)
    commit = _commit()
    said = re.search(r"Prices: Azure Retail Prices snapshot of (\S+)\. Guide built (\d{4}-\d\d-\d\d) from (.+)\.$", answer)
    assert said and said[1] == anf.PRICE_SNAPSHOT_DATE and problems == [], answer
    assert said[3] == (f"commit {commit}" if commit else "a copy without its history"), answer
    page.close()


def test_each_calculator_says_which_guide_its_answer_comes_from(browser, server, html_dir):
    # every page carries the build's version in its head; calculator.js says it under each calculator's answer
    from storageperf_book.version import version_text

    commit = _commit()
    meta = re.compile(r'<meta name="guide-version" content="Guide built (\d{4}-\d\d-\d\d) from ([^"]+)\.">')
    with_calculators = []
    for path in sorted((html_dir / "book").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        said = meta.search(text)
        assert said and said[2] == (f"commit {commit}" if commit else "a copy without its history"), path.name
        if 'class="calculator"' in text:
            with_calculators.append((path.name, version_text({"commit": commit or None, "built": said[1]})))
    name, want = with_calculators[0]
    page, problems = _open(browser, f"{server}/book/{name}", draw_all=False)
    shown = page.evaluate("[...document.querySelectorAll('.calculator')].map(c => c.querySelector('.calculator-share').textContent)")
    assert len(shown) == (html_dir / "book" / name).read_text(encoding="utf-8").count('class="calculator"'), name
    assert shown and all(s.endswith(want) for s in shown) and problems == [], (name, shown)
    page.close()


# ---- links that land, and a guide a reader can correct ----------------------------------------------------------
def _in_view(page, selector):
    """Whether the top of the element is on screen, in the upper half of the window, and the page was scrolled."""
    return page.evaluate(f"""() => {{ const top = document.querySelector({json.dumps(selector)}).getBoundingClientRect().top;
        return top >= 0 && top < innerHeight / 2 && scrollY > 0; }}""")


def _copied(page):
    """Clicks the first "Copy link" of the page and returns what it copied (the clipboard as the page sees it)."""
    page.evaluate("() => { window.copiedLink = null; navigator.clipboard.writeText = async (t) => { window.copiedLink = t; }; }")
    return page


def test_a_shared_studio_link_opens_at_the_studio_and_copy_link_gives_that_link(browser, server):
    page, problems = _studio(browser, server, {**SHARED, "mibps": "3000"})
    page.wait_for_timeout(300)
    assert _in_view(page, "#studio-app"), page.evaluate("[scrollY, document.getElementById('studio-app').getBoundingClientRect().top]")
    answer = page.inner_text("#studio-answer")
    # "Copy link" beside the answer copies the link to these inputs, which opens the studio at this answer
    share = page.locator("#studio-answer + .studio-share button.copy-link")
    assert share.inner_text() == "Copy link"
    _copied(page)
    share.click()
    page.wait_for_function("window.copiedLink !== null")
    link = page.evaluate("window.copiedLink")
    assert "mibps=3000" in link and page.inner_text(".studio-share [role=status]") == "Link copied."
    again, more = _open(browser, link, draw_all=False)
    again.wait_for_function("window.studioReady === true")
    again.wait_for_timeout(300)
    assert again.inner_text("#studio-answer") == answer and _in_view(again, "#studio-app")
    # opened without inputs, the page starts at its top
    plain, _ = _open(browser, f"{server}/{STUDIO}", draw_all=False)
    plain.wait_for_function("window.studioReady === true")
    assert plain.evaluate("scrollY") == 0
    for p in (page, again, plain):
        p.close()
    assert problems == [] and more == []


def _calculator(page, n):
    return page.locator(".calculator").nth(n - 1)


def _positions(calc):
    return calc.evaluate("c => [...c.querySelectorAll('.calculator-controls input, .calculator-controls select')]"
                         ".map(e => e.value)")


def test_a_calculators_link_restores_its_controls_and_scrolls_to_it(browser, server):
    page, problems = _open(browser, f"{server}/book/cool-access.html", draw_all=False)
    calc = _calculator(page, 2)
    calc.scroll_into_view_if_needed()
    slider, menu = calc.locator("input[type=range]").first, calc.locator("select").first
    answer = calc.locator(".calculator-answer")
    before = answer.text_content()
    slider.focus()
    page.keyboard.press("End")
    menu.select_option(index=1)
    page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before])
    page.wait_for_timeout(300)
    moved, shown = _positions(calc), answer.text_content()
    link = page.evaluate("location.href")
    assert "calc=2" in link and f"{slider.get_attribute('name')}=" in link, link
    _copied(page)
    calc.locator("button.copy-link").click()
    page.wait_for_function("window.copiedLink !== null")
    assert page.evaluate("window.copiedLink") == link
    # the link, opened: that calculator in view, its controls where they were (not their defaults), the same answer
    again, more = _open(browser, link, draw_all=False)
    restored = _calculator(again, 2)
    again.wait_for_function("([e, shown]) => e.textContent === shown",
                            arg=[restored.locator(".calculator-answer").element_handle(), shown])
    defaults = [str(i["default"]) for i in json.loads(restored.get_attribute("data-calculator"))["inputs"]]
    assert _positions(restored) == moved != defaults
    top = restored.evaluate("c => c.getBoundingClientRect().top")
    assert 0 <= top < 450 and again.evaluate("scrollY") > 0, top
    # a value that is not a position is named, and its input left at its default
    odd, _ = _open(browser, f"{server}/book/cool-access.html?calc=2&{slider.get_attribute('name')}=7", draw_all=False)
    assert "is not a position of this calculator" in _calculator(odd, 2).locator(".calculator-share").inner_text()
    assert _positions(_calculator(odd, 2)) == defaults
    for p in (page, again, odd):
        p.close()
    assert problems == [] and more == []


def test_a_calculators_link_on_the_studios_page_is_not_read_as_the_studios_inputs(browser, server):
    page, problems = _open(browser, f"{server}/{STUDIO}?calc=1&mibps=1000", draw_all=False)
    page.wait_for_function("window.studioReady === true")
    page.wait_for_timeout(300)
    assert page.input_value("#studio-mibps") == "2000"  # the studio's own default
    assert _calculator(page, 1).locator("output").first.text_content() == "1000 MiB/s"
    assert page.evaluate("location.search") == "?calc=1&mibps=1000"
    page.close()
    assert problems == []


def test_report_an_error_opens_an_issue_naming_the_page_and_the_section(browser, server):
    from urllib.parse import parse_qs, urlsplit

    page, problems = _open(browser, f"{server}/book/cool-access.html", draw_all=False)
    heading = page.locator("article section[id] > h2").nth(2)
    section, name = heading.evaluate("h => h.parentElement.id"), heading.evaluate("h => h.textContent.replace(/#\\s*$/, '').trim()")
    heading.evaluate("h => h.scrollIntoView()")
    page.wait_for_timeout(200)
    # the repository's menu, opened with the mouse where the reader is (the header stays at the top of the window),
    # and the pointer pressed on its first item
    for selector in (".dropdown-source-buttons .dropdown-toggle", "a.btn-report-error-button"):
        box = page.locator(selector).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        if "toggle" in selector:
            page.mouse.up()
    link = page.locator("a.btn-report-error-button")
    assert link.inner_text().strip() == "Report an error on this page"
    url = urlsplit(link.get_attribute("href"))
    query = parse_qs(url.query)
    title = page.locator("article h1").first.evaluate("h => h.textContent.replace(/#\\s*$/, '').trim()")
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{FORK}/issues/new"
    assert query["title"] == [f'Error on "{title}", section "{name}"']
    assert f"Section: {name} ({server}/book/cool-access.html#{section})" in query["body"][0]
    # text selected in another section: that section, and the words quoted
    words = page.locator("article section[id] > p").nth(6)
    chosen = words.evaluate("p => { const r = document.createRange(); r.selectNodeContents(p); getSelection().removeAllRanges();"
                            " getSelection().addRange(r); return p.closest('section[id]').id; }")
    link.dispatch_event("pointerdown")
    body = parse_qs(urlsplit(link.get_attribute("href")).query)["body"][0]
    assert f"#{chosen})" in body and "Text: > " + " ".join(words.text_content().split())[:60] in body
    edit = page.locator("a.btn-source-edit-button")
    assert edit.get_attribute("href") == f"{FORK}/edit/main/book/cool-access.ipynb" and "Suggest an edit" in edit.inner_text()
    page.close()
    assert problems == []


def test_the_errata_page_lists_each_change_to_the_data_with_its_commit(html_dir, pages):
    from storageperf_book import errata

    assert "book/errata.html" in pages
    page = (html_dir / "book" / "errata.html").read_text(encoding="utf-8")
    found = errata.changes(ROOT)["changes"]
    assert found, "the repository's history of data/ has no change"
    sections = page.split("<h2")[1:]
    for change in found[:20]:  # each under its table's heading (the table linked), with its date and its commit linked
        assert any(f'href="../data/{change["table"]}"' in s and f'href="{FORK}/commit/{change["commit"]}"' in s
                   and change["date"] in s for s in sections), change


def test_a_page_that_names_the_launch_button_says_what_to_do_without_one(html_dir, pages):
    # a copy built without the repository's address (the offline copy, a local build) has no launch button
    from bs4 import BeautifulSoup

    said = 0
    for name in pages:
        article = BeautifulSoup((html_dir / name).read_text(encoding="utf-8"), "html.parser").select_one("article")
        text = " ".join(article.get_text(" ").split()) if article else ""
        for sentence in re.split(r"(?<=[.;:])\s+", text):
            if re.search(r"rocket button|launch button", sentence):
                assert re.search(r"without (it|its repository's address|one)|offline copy", text), f"{name}: {sentence}"
                said += 1
    assert said >= 10


# ---- the run sheet's three-hour agenda, done on the participant's site alone --------------------------------------
RUN_SHEET = ROOT / "book" / "workshop" / "run-sheets.md"


def _three_hour_exercises():
    """The exercises the run sheet's three-hour table names, in its order (its last column)."""
    table = RUN_SHEET.read_text(encoding="utf-8").split("## Three hours", 1)[1].split("\n## ", 1)[0]
    return [label for row in table.splitlines() if row.startswith("| ")
            for label in re.findall(r"\{ref\}`(ex-[\w-]+)`", row.rstrip(" |").rsplit("|", 1)[-1])]


@functools.lru_cache(maxsize=None)
def _chapter_values(chapter):
    """The values a chapter puts for its prose, by running its code cells as the build does (in ``book/``)."""
    import contextlib
    import io

    from storageperf_book import display

    display.VALUES.clear()
    namespace, here = {}, os.getcwd()
    os.chdir(ROOT / "book")
    try:
        for cell in json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile("".join(cell["source"]), chapter, "exec"), namespace)  # noqa: S102 (the book's own)
    finally:
        os.chdir(here)
    return dict(display.VALUES)


def _usd(x):
    return f"{round(float(x)):,}"  # as the studio writes a cost: whole dollars, grouped in thousands


def _on_site_steps(label):
    """What an exercise's "On the site" paragraph tells a participant to do, and what the page must then show: a list
    of steps, each ``("calculator", page, its figure's title, {control label: position label}, [texts its answer
    shows])`` or ``("studio", {field id: value typed}, region, {option: USD a month})``. Every expected number is the
    chapter's (the values it puts for its prose) or the model's, never typed here."""
    from storageperf import studio
    from storageperf.platforms import azure_netapp_files as anf

    if label == "ex-quiz":
        v = _chapter_values("performance-basics")
        limits = {level: float(anf.volume_throughput_mibps(v[quota], level, read_share=1.0, io_kib=64))
                  for level, quota in (("Premium", "q_p"), ("Standard", "q_s"))}
        # the answer the steps lead to: only Premium holds the data and grants the throughput
        assert limits["Premium"] >= v["q_tp"] > limits["Standard"] and v["q_p"] >= v["q_cap"] > v["q_u"]
        return [("calculator", "performance-basics", "Throughput limit by quota",
                 {"Service level": level, "Quota [TiB]": f"{v[quota]:g} TiB"},
                 [f"{v[quota]:g} TiB {level}: {limits[level]:,.0f} MiB/s"])
                for level, quota in (("Premium", "q_p"), ("Standard", "q_s"))]
    if label == "ex-size":
        v = _chapter_values("performance-basics")
        need = v["sizing_need"]
        usd = {level: anf.monthly_capacity_cost_usd(anf.pool_size_tib(anf.quota_for_throughput_tib(need, level)),
                                                    level, v["size_region"]) for level in ("Premium", "Ultra")}
        return [("calculator", "performance-basics", "Bandwidth by IOPS",
                 {"IOPS": f"{v['ex_iops']:g}", "Block size [KiB]": f"{v['ex_kb']:g}"},
                 [f"{v['ex_iops']:,.0f} IOPS x {v['ex_kb']:g} KiB = {need:,.1f} MiB/s"]),
                ("studio", {"capacity_tib": f"{v['ex_quota']:g}", "mibps": f"{need:,.1f}"}, v["size_region"],
                 {f"{studio.ANF} {level}, regular volume": _usd(usd[level]) for level in usd})]
    if label == "ex-lv-premium":
        v = _chapter_values("large-volumes")
        return [("calculator", "large-volumes", "Throughput limit by quota, per service level",
                 {"Service level": "Premium", "Throughput to carry": "sequential write"},
                 [f"the article's best sequential write, {v['scaleout_seq_write']:,.0f} MiB/s, needs at least "
                  f"{v['prem_q_write']:,.1f} TiB at Premium"]),
                ("calculator", "large-volumes", "Throughput limit by quota, per service level",
                 {"Service level": "Premium", "Quota [TiB]": f"{v['q_min']:g} TiB"},
                 [f"Premium, {v['q_min']:g} TiB: {v['min_vol_Premium']:,.0f} MiB/s"])]
    if label == "ex-cool-volume":
        v = _chapter_values("cool-access")
        without = float(anf.volume_throughput_mibps(v["vol_tib"], "Ultra"))
        return [("calculator", "cool-access", "Volume throughput limit, without and with cool access",
                 {"Quota [TiB]": f"{v['vol_tib']:g} TiB", "Service level": "Ultra", "Region": v["ex1_region"]},
                 [f"{v['vol_tib']:g} TiB Ultra", f": {without:,.0f} MiB/s;",
                  f"{v['ex1_cool']:,.0f} with cool access in {v['ex1_region']}"])]
    if label == "ex-hpc-size":
        v = _chapter_values("hpc-eda")
        return [("studio", {"capacity_tib": f"{v['ex_cap']:g}", "mibps": f"{v['ex_mibps']:,.1f}"}, v["region"],
                 {f"{studio.ANF} {level}, regular volume": _usd(v[f"ex2_usd_{level}"])
                  for level in ("Standard", "Premium", "Ultra", "Flexible")})]
    if label == "ex-cool-worth":
        v = _chapter_values("cool-access")
        # the cost calculator prices its own data: every line of the bill is per TiB, so the exercise's is a multiple
        assert v["ex2_saving"] == pytest.approx(v["ex2_scale"] * v["ex2_site_saving"], rel=1e-9)
        cool = {"Volume throughput limit [MiB/s]": f"{v['ex2_limit']:g}", "Random share": f"{v['ex2_random_position']:g}"}
        return [("calculator", "cool-access", "Monthly cost by the share of the data read",
                 {"Read a month": f"{v['ex2_read_position']:g}", "Random share of reads": f"{v['ex2_random_position']:g}"},
                 [f"{v['ex2_site_data_tib']:g} TiB Premium", f"{v['ex2_cool']:.0f}% cool",
                  f"saves {v['ex2_site_saving']:,.0f} USD"]),
                ("calculator", "cool-access", "Read throughput by the random share of reads",
                 {**cool, "Share of reads from cool": "1"}, [f"volume: {v['ex2_t']:,.0f} MiB/s", "extrapolated"]),
                ("calculator", "cool-access", "Read throughput by the random share of reads",
                 {**cool, "Share of reads from cool": "0"}, [f"volume: {v['ex2_hot']:,.0f} MiB/s"])]
    if label == "ex-cas-hit":
        v = _chapter_values("cassandra-disk-caching")
        steps = {"Client threads": f"{v['ex_hit_threads']:g}", "Read-ahead [KiB]": f"{v['ex_hit_ra']:g}"}
        return [("calculator", "cassandra-disk-caching", "Cluster reads and P95 latency by client threads",
                 {**steps, "Host-cache hit ratio": f"{v['hit_ex_ratio']:g}"},
                 ["Extrapolated", "hit ratio below the source's warm cache", f"ReadOnly at most {v['ops_ex']:,.0f}",
                  f"ReadOnly limited by {v['bind_ex']}"]),
                ("calculator", "cassandra-disk-caching", "Cluster reads and P95 latency by client threads",
                 {**steps, "Host-cache hit ratio": f"{v['hit_warm_ratio']:g}"},
                 [f"ReadOnly: {v['ops_warm16']:,.0f} ops/s"])]
    raise AssertionError(f"the run sheet names {label}, for which this test knows no steps on the site")


@pytest.fixture(scope="module")
def participant_server(participant_site):
    yield from _serving(participant_site / "participant-site")


def _set_calculator(calc, label, position):
    """A calculator's control, found by its label, moved to the position so labelled, as a reader moves it."""
    control = calc.get_by_label(label, exact=True)
    assert control.count() == 1, f"no control {label!r} in the calculator"
    if control.evaluate("e => e.tagName") == "SELECT":
        control.select_option(label=position)
        return
    spec = next(i for i in json.loads(calc.get_attribute("data-calculator"))["inputs"] if i["label"] == label)
    assert position in spec["labels"], f"{label}: {position!r} is not a position of {spec['labels']}"
    control.evaluate("(e, i) => { e.value = i; e.dispatchEvent(new Event('input', {bubbles: true})); }",
                     spec["labels"].index(position))


def _done_on_the_site(browser, participant_site, participant_server, labels):
    """Each exercise of ``labels``: its "On the site" paragraph on the participant's page names each control and value
    it sets; set so on that page (or in the studio), the page shows the chapter's answer. Returns those done."""
    from bs4 import BeautifulSoup

    site = participant_site / "participant-site" / "book"
    done = []
    for label in labels:
        found = [p for p in sorted(site.glob("*.html")) if f'id="{label}"' in p.read_text(encoding="utf-8")]
        assert len(found) == 1, f"{label}: on pages {found}"
        exercise = BeautifulSoup(found[0].read_text(encoding="utf-8"), "html.parser").select_one(f"#{label}")
        text = " ".join(exercise.get_text(" ").split())
        assert "On the site:" in text, f"{label}: the exercise gives no steps on the site: {text[:300]}"
        # what the steps say, and what the steps before have shown (a value read off one step is typed in the next)
        said = text.split("On the site:", 1)[1].replace(",", "")
        for step in _on_site_steps(label):
            if step[0] == "calculator":
                _, chapter, title, settings, expected = step
                assert found[0].stem == chapter
                for control, position in settings.items():
                    value = position.split(" ")[0] if position[0].isdigit() else position
                    assert control.split(" [")[0] in said and value.replace(",", "") in said, \
                        f"{label}: the steps do not say to set {control} to {position}: {said}"
                page, problems = _open(browser, f"{participant_server}/book/{chapter}.html")
                calc = next(c for c in page.locator(".calculator").all()
                            if c.locator(".gtitle").text_content() == title)
                for control, position in settings.items():
                    _set_calculator(calc, control, position)
                answer = calc.locator(".calculator-answer")
                try:
                    page.wait_for_function("([e, want]) => want.every(w => e.textContent.includes(w))",
                                           arg=[answer.element_handle(), expected], timeout=10_000)
                except Exception:
                    raise AssertionError(f"{label}: {settings} shows {answer.text_content()!r}, not {expected}") \
                        from None
                said += " " + answer.text_content().replace(",", "")
            else:
                _, fields, region, want = step
                assert "sizing studio" in said and all(value.replace(",", "") in said for value in fields.values()), \
                    f"{label}: the steps do not give the studio {fields}: {said}"
                page, problems = _open(browser, f"{participant_server}/{STUDIO}", draw_all=False)
                page.wait_for_function("window.studioReady === true")
                for name, value in fields.items():
                    page.fill(f"#studio-{name}", value)
                page.select_option("#studio-region", region)
                page.wait_for_timeout(300)
                rows = {r[1].replace(" ◆", ""): r for r in _table(page)}
                header = page.evaluate("[...document.querySelectorAll('#studio-options thead th')]"
                                       ".map(th => th.textContent)")
                column = header.index("USD a month")
                for option, usd in want.items():
                    assert rows[option][column] == usd, f"{label}: {option} shows {rows[option][column]}, not {usd}"
            page.close()
            assert problems == [], f"{label}: {problems}"
            done.append(label)
    return list(dict.fromkeys(done))


def test_the_three_hour_agenda_is_done_on_the_participant_site_alone(browser, participant_site, participant_server):
    labels = _three_hour_exercises()
    assert len(labels) >= 5, labels
    assert set(_done_on_the_site(browser, participant_site, participant_server, labels)) == set(labels)


def test_the_full_days_cool_access_and_host_cache_exercises_are_done_on_the_participant_site(
        browser, participant_site, participant_server):
    # the last two of the full day's exercises that needed a kernel: the 200 TiB data set's saving and its large
    # volume's cool reads, and the hit ratio of hot data twice the host cache; both set by the full-day sheet
    labels = ["ex-cool-worth", "ex-cas-hit"]
    full_day = RUN_SHEET.read_text(encoding="utf-8").split("## A full day", 1)[1].split("\n## ", 1)[0]
    assert all(f"{{ref}}`{label}`" in full_day for label in labels)
    assert _done_on_the_site(browser, participant_site, participant_server, labels) == labels
