"""The built pages as files: a clean build, own files only, links that resolve, the served scripts and fonts."""
import os
import re
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

from storageperf import data
from storageperf_book import plotly_bundle
from storageperf_book.sphinx.plotly import PLOTLY_CACHE, PLOTLY_JS, PLOTLY_LICENSE
from website.browsing import FORK, ROOT, chapter_pages, page_figures


def test_clean_build_with_warnings_as_errors(build):
    run, _ = build
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "WARNING" not in run.stderr, run.stderr[-4000:]  # the build log holds only what needs a look


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


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (dict, list)):
        for v in value.values() if isinstance(value, dict) else value:
            yield from _strings(v)


def test_no_figure_text_reads_as_math(html_dir, pages):
    # plotly typesets the text between two $ signs as LaTeX wherever MathJax is loaded, as in JupyterLab, and hides
    # it until typeset: a price in a title must be written in USD, not with $
    for name in chapter_pages(html_dir, pages):
        for figure in page_figures(html_dir, name):
            for text in _strings(figure):
                assert text.count("$") < 2, f"{name}: {text[:120]}"


#: The figures' modules, one a job, which figures.js imports (book/_static).
FIGURE_MODULES = ("lazy-draw.js", "fit-narrow.js", "numbers-download.js", "dark-theme.js", "print.js", "wide-tables.js")


def test_the_figures_script_is_small_modules_by_job_loaded_as_modules(html_dir, pages):
    static, source = html_dir / "_static", ROOT / "book" / "_static"
    entry = (source / "figures.js").read_text(encoding="utf-8")
    for name in FIGURE_MODULES:
        text = (source / name).read_text(encoding="utf-8")
        imported = [a or b for a, b in re.findall(r'^import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"|from\s+"([^"]+)"', text, re.M)]
        assert re.search(rf'(?:import |from |import\()"\./{re.escape(name)}"', entry) and text.startswith("/* "), \
            f"{name}: not imported, or no header comment"
        assert len(text.splitlines()) < 320 and all(i.startswith("./") for i in imported), f"{name}: {imported}"
        # served as written (gzip does the rest)
        assert (static / name).read_text(encoding="utf-8") == text, name
    for name in pages:
        html = (html_dir / name).read_text(encoding="utf-8")
        if "bd-article" not in html:  # a redirect
            continue
        tags = re.findall(r"<script[^>]*_static/figures\.js[^>]*>", html)
        assert len(tags) == 1 and 'type="module"' in tags[0], f"{name}: {tags}"
        # a figure is drawn from its file by lazy-draw.js, never by a script of the page's own
        assert "Plotly.newPlot" not in html and "PLOTLYENV" not in html, name
        if "plotly-graph-div" in html:
            assert page_figures(html_dir, name), name


def test_each_page_is_light_before_a_calculator_is_touched(html_dir, pages):
    # Most bytes a chapter page's HTML may weigh, gzip-compressed as the server sends it: its words, each figure's
    # and calculator's numbers being files loaded when drawn or moved; the budget is make bench's
    import gzip

    from tools import benchmark as bench

    PAGE_BUDGET = bench.HTML_BUDGET

    heavy = {name: size for name in pages
             if (size := len(gzip.compress((html_dir / name).read_bytes(), compresslevel=bench.GZIP_LEVEL))) > PAGE_BUDGET}
    assert not heavy, f"pages over {PAGE_BUDGET:,} bytes compressed: {heavy}"
    states = sorted((html_dir / "_static" / "calculators").glob("*.json"))
    named = {re.search(r'&quot;states&quot;:&quot;([0-9a-f]+\.json)', m).group(1)
             for name in pages for m in re.findall(r'data-calculator="[^"]*"', (html_dir / name).read_text("utf-8"))}
    assert named and named <= {p.name for p in states}, f"state files the pages name but the site lacks: {named}"


def test_the_icon_fonts_hold_the_glyphs_the_site_shows_and_no_others(html_dir):
    import pydata_sphinx_theme
    from fontTools.ttLib import TTFont

    from storageperf_book.sphinx.fonts import WEBFONTS, icon_codepoints

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
