"""What the site's tests share: opening a page as a reader does, the studio, printed text, the site's addresses."""
import contextlib
import functools
import http.server
import json
import re
import shutil
import subprocess
import threading
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]

FORK = "https://github.com/example-reader/guide-fork"

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


#: A folder holding a site already built from this checkout with GUIDE_REPOSITORY_URL set to FORK (its
#: ``_build/html``): the site tests then read it instead of building one, for the quick loop while editing a page.
BUILT_ENV = "STORAGEPERF_BUILT_SITE"


@contextlib.contextmanager
def serving(folder):
    """A folder served on 127.0.0.1 while the context lasts: its address."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


def built_commit():
    """The checkout's commit as the guide's version names it (12 hex digits), or "" without git history."""
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def settled(page, url):
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


def open_page(browser, url, width=1280, colour_scheme="light", draw_all=True):
    """A page as a reader opens it, with what went wrong while it loaded; with ``draw_all``, every figure drawn (the
    site draws a figure when the reader scrolls near it: figures.js) and fitted to its width (fit-narrow.js, which
    comes with the first figure drawn, watches each)."""
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
    if draw_all and settled(page, url).evaluate("document.querySelectorAll('.plotly-graph-div').length"):
        page.evaluate("window.bookFigures.drawAll()")
        page.wait_for_function("[...document.querySelectorAll('.plotly-graph-div')]"
                               ".every(d => d._fullLayout && d.querySelector('.main-svg') && d._bookWatched)")
    return page, problems


def chapters_open(browser, server, html_dir, pages, colour_scheme="light"):
    """Each chapter page open as a reader opens it (in the browser's ``colour_scheme``), its figures drawn:
    ``(name, page)``; once the caller's checks of a page are done, the page is closed and must have loaded, and
    been used, without an error or a foreign request."""
    for name in chapter_pages(html_dir, pages):
        page, problems = open_page(browser, f"{server}/{name}", colour_scheme=colour_scheme)
        page.wait_for_selector(".js-plotly-plot .main-svg")
        yield name, page
        page.close()
        assert not problems, f"{name}: {problems}"


def chapter_pages(html_dir, pages):
    return [n for n in pages if "plotly-graph-div" in (html_dir / n).read_text(encoding="utf-8")]


_FIGURE_DIV = re.compile(r'<div id="fig-[0-9a-f]+" data-figure="([0-9a-f]{16}\.json)" class="plotly-graph-div"')


def page_figures(html_dir, name):
    """Each figure of a page, in its order: the data and the layout of the file it names (which must be served)."""
    html = (html_dir / name).read_text(encoding="utf-8")
    files = _FIGURE_DIV.findall(html)
    assert len(files) == html.count('class="plotly-graph-div"'), f"{name}: a figure names no file"
    figures = [json.loads((html_dir / "_static" / "figures" / f).read_text(encoding="utf-8")) for f in files]
    return [(f["data"], f["layout"]) for f in figures]

PHONE = 390  # px: the width of a current phone's viewport (the check)


def luminance(css_colour):
    r, g, b = (int(v) for v in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def switch_theme(page, theme):
    for _ in range(3):  # the theme button steps through auto, light and dark
        if page.evaluate("document.documentElement.dataset.theme") == theme:
            return
        page.locator(".theme-switch-button").first.click()
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def page_text(page):
    """A PDF page's text as a reader reads it: ligatures (a commit's "ff" set as one glyph) as their letters, one
    space between words."""
    import unicodedata

    return " ".join(unicodedata.normalize("NFKC", page.extract_text()).split())


def pdf_text(pdf):
    import io

    from pypdf import PdfReader

    return " ".join(page_text(p) for p in PdfReader(io.BytesIO(pdf)).pages)


# Moves keyboard focus to the element before `el` in the tab order (the page has no positive tabindex), so that Tab
# reaches `el` as a reader's would.
FOCUS_BEFORE = """el => {
  const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  for (let i = focusable.indexOf(el) - 1; i >= 0; i--) {  // the nearest one that takes focus
    focusable[i].focus();
    if (document.activeElement === focusable[i]) return true;
  }
  return false;
}"""


# ---- the sizing studio ----------------------------------------------------------------------------------------
STUDIO = "book/sizing-studio.html"

SHARED = {"capacity_tib": "50", "mibps": "2000", "io_kib": "64", "read_share": "0.7", "latency_ms": "2",
          "cold_share": "0.6", "region": "westeurope"}


def open_studio(browser, server, query=SHARED, width=1280, colour_scheme="light"):
    from urllib.parse import urlencode

    page, problems = open_page(browser, f"{server}/{STUDIO}?{urlencode(query)}", width, colour_scheme, draw_all=False)
    page.wait_for_function("window.studioReady === true")
    return page, problems


def studio_table(page):
    return page.evaluate("[...document.querySelectorAll('#studio-options tbody tr')]"
                         ".map(tr => [...tr.children].map(c => c.textContent))")


def quiz_spec(html_dir, form):
    """A question's key and feedback, as the site serves them to quiz.js."""
    spec = json.loads(form.get_attribute("data-quiz"))
    return json.loads((html_dir / "_static" / "quizzes" / spec["src"]).read_text(encoding="utf-8"))
