"""Benchmark (not a test): build and execution times, the bytes of every page, and the site in a reader's browser.

Prints a Markdown table and writes it to _build/bench.md, so runs can be compared between versions: cold full build,
rebuilds (nothing changed; after a one-chapter prose edit, a one-chapter code edit, a CSS edit) of a clone of HEAD,
nbval over the notebooks, bare execution of the same notebooks (what a build cannot beat, in all and for each
notebook), the time of ``import storageperf`` in a fresh interpreter (median of 5) and the heavy modules it loads
(there should be none), and the size of each page and of the whole site.

The site as a reader's browser gets it (``site``): the built pages served on 127.0.0.1, gzip-compressed at level 6
(the usual servers' default) as a web server would, to headless Chromium. For each page (index.html and every
book/*.html): a first visit with an empty cache until the network is idle, its requests and the bytes transferred,
compressed, with those of plotly.js and of the HTML; the page's HTML gzip-compressed and the state files its
calculators load on a first move; the ready time (navigation start to every figure on the first screen drawn, median
of 3 cold loads) against the intro's in the same run; and for each calculator, the time from a control's input event
to the redrawn figure painted (9 moves after its state file has loaded; median and worst). A table sets the site's
budgets (the constants below: the heaviest chapter's first visit, each chapter's HTML, the ready time against the
intro's, a redraw's median) beside the measurements, and a line names whatever misses one. It measures the
timed build's site, or else _build/html, building it first if missing.

Each notebook's bare execution is set against a *floor*: the bare execution, measured the same way in the same run,
of a throwaway notebook whose only cell imports numpy, pandas and plotly. The target is every notebook within 3x
the floor; a second table gives each notebook's ratio, and a line names the notebooks above it.

Mutation testing (``mutation``, tools/mutants.py): mutmut's mutants of the input checks and the bounds and queueing
concepts against their quick tests, and one-line mutants of the page's scripts against the tests that compare them
with the model: made, killed, survived, the kill ratio, and the survivors.

``--only exec`` (or ``import``, ``site``, any of the parts) runs just those parts and prints without writing
_build/bench.md.
"""
import argparse
import functools
import gzip
import html as htmllib
import http.server
import io
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import nbformat
from nbclient import NotebookClient
from playwright.sync_api import sync_playwright

from storageperf_book.kernels import KernelManager

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
BUILD = [sys.executable, "-m", "storageperf_book.build", "-W", "-n", "--keep-going"]  # + the source, as make book
TARGET = 3  # each notebook's bare execution within this many times the floor
HEAVY = ["plotly", "ipywidgets", "nbformat", "sphinx", "IPython", "myst_nb", "jupyter_core", "matplotlib"]

# the site's budgets, for what a reader's browser does:
FIRST_VISIT_BUDGET = 600_000  # bytes a first visit to the heaviest chapter transfers in all, compressed
HTML_BUDGET = 40_000  # bytes of each chapter page's HTML, gzip-compressed (its figures and calculator states are files)
READY_BUDGET = 2  # each chapter page ready within this many times the intro's ready time
REDRAW_BUDGET = 30  # ms: the median from a calculator control's input event to its figure redrawn and painted
# a chapter executed in a cold build, one notebook at a time, takes at most this many times its execution alone (a
# kernel's start varies)
CHAPTER_TOLERANCE = 1.2
CHAPTER_SAMPLES = 3  # cold builds, and executions of each chapter alone, the chapter table takes the median of

# the level the server compresses at (zlib's default, Apache's), as tests/website/test_build.py measures a page's HTML
GZIP_LEVEL = 6
COMPRESSED = {".html", ".js", ".css", ".json", ".svg"}  # text types the server gzips; fonts and the rest go as they are
LOADS = 3  # ready time: the median of this many cold loads of each page
MOVES = 9  # redraw: timed moves of each calculator's control
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"  # Debian's, as the site tests use
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]  # as the site tests launch it: no traffic but the page's own


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


#: The chapter the rebuild measures edit, in a clone of the repository (never in the checkout).
EDITED = "book/large-volumes.ipynb"


def rebuilds(out):
    """The builds the rebuild goals name, of a clone of the repository at HEAD built into ``out``: ``(what,
    seconds)`` for a cold build, a rebuild with nothing changed, after a one-chapter prose edit, a one-chapter code
    edit and a CSS edit; and each chapter's execution in the cold build against the chapter alone
    (:func:`chapter_executions`). Raises if the edited stylesheet is not what the site then serves."""
    import nbformat

    src = out / "src"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True)
    build = [*BUILD, str(src), "--path-output", str(out)]

    def seconds():
        start = time.perf_counter()
        subprocess.run(build, cwd=src, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - start

    from storageperf_book.sphinx.execution import workers

    timings = [(f"cold full build ({workers()} notebooks at a time)", seconds())]
    chapters = chapter_executions(out, src)
    # the median of a few: the first after the cold build's kernels and the chapters alone can be seconds slower
    nothing = statistics.median(seconds() for _ in range(CHAPTER_SAMPLES))
    timings.append((f"no-change rebuild (median of {CHAPTER_SAMPLES})", nothing))
    nb = nbformat.read(src / EDITED, as_version=4)
    prose = next(c for c in nb.cells if c.cell_type == "markdown" and "{eval}" not in c.source)
    prose.source += "\n\nA sentence added to time a prose edit."
    nbformat.write(nb, src / EDITED)
    timings.append((f"rebuild after a prose edit ({EDITED})", seconds()))
    page = str(Path(EDITED).with_suffix(""))
    if _execution_data(out)[page]["method"] != "cache":
        raise RuntimeError(f"the rebuild after a prose edit executed {EDITED} again")
    nb.cells.append(nbformat.v4.new_code_cell("edited = 1"))
    nbformat.write(nb, src / EDITED)
    timings.append((f"rebuild after a code edit ({EDITED})", seconds()))
    css = src / "book" / "_static" / "book.css"
    rule = ".bench-edit { color: inherit; }"
    css.write_text(css.read_text(encoding="utf-8") + f"\n{rule}\n", encoding="utf-8")
    timings.append(("rebuild after a CSS edit (book/_static/book.css)", seconds()))
    if rule not in (out / "_build" / "html" / "_static" / "book.css").read_text(encoding="utf-8"):
        raise RuntimeError("the rebuild after a CSS edit does not serve the edited stylesheet")
    return timings, chapters


def _execution_data(out):
    """Each executed page's execution data in the build into ``out``, as MyST-NB keeps it."""
    import pickle

    from myst_nb.sphinx_ import NbMetadataCollector

    with open(out / "_build" / ".doctrees" / "environment.pickle", "rb") as f:
        env = pickle.load(f)
    return {page: data["exec_data"] for page, data in NbMetadataCollector.get_doc_data(env).items()
            if data.get("exec_data")}


def _executed_in_build(out):
    """Each page's execution in the build into ``out`` (its kernel's life: the notebook and the numbers its prose
    reads, run before the pages are read; storageperf_book.sphinx.execution), seconds."""
    return {page: data["runtime"] for page, data in _execution_data(out).items()}


def chapter_executions(out, src):
    """Each chapter's execution in a cold build of ``src`` that executes one notebook at a time (so that no other
    kernel shares the cores; CHAPTER_SAMPLES of them), and the same notebook alone, as the build's kernel runs it in
    site mode (the plain notebook plus its calculators' states and its figures' and knowledge checks' files;
    :func:`executed_alone`), each the median of CHAPTER_SAMPLES runs: ``{page: (in the build, alone, its prose's
    numbers alone, how many numbers)}``, seconds."""
    import os
    from unittest import mock

    from storageperf_book.calculator import STATES_ENV
    from storageperf_book.figures import FIGURES_ENV, SITE_ENV
    from storageperf_book.quiz import FILES_ENV
    from storageperf_book.sphinx.execution import WORKERS_ENV

    builds = []
    for i in range(CHAPTER_SAMPLES):
        again = out / f"one-at-a-time-{i}"
        subprocess.run([*BUILD, str(src), "--path-output", str(again)], cwd=src, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, WORKERS_ENV: "1"})
        builds.append(_executed_in_build(again))
    site = {SITE_ENV: "1", STATES_ENV: str(out / "alone" / "states"), FIGURES_ENV: str(out / "alone" / "figures"),
            FILES_ENV: str(out / "alone" / "quizzes")}
    with mock.patch.dict(os.environ, site):
        chapters = {}
        for page in sorted(builds[0]):
            alone = [executed_alone(src / f"{page}.ipynb") for _ in range(CHAPTER_SAMPLES)]
            chapters[page] = (statistics.median(b[page] for b in builds), statistics.median(a[0] for a in alone),
                              statistics.median(a[1] for a in alone), alone[0][2])
        return chapters


def executed_alone(path):
    """The notebook at ``path`` executed in a fresh kernel started in its folder, then each number its prose reads
    (``{eval}``) evaluated in that kernel, one cell each, as MyST-NB asks them while it reads the page:
    ``(seconds for the notebook, its kernel's start and end included; seconds for the numbers; how many)``."""
    nb = nbformat.read(path, as_version=4)
    from storageperf_book.sphinx.execution import numbers_asked

    numbers = [expression for _, expression in numbers_asked(nb)]
    client = NotebookClient(nb, kernel_manager_class=KernelManager, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                client.execute_cell(cell, i)
        ran = time.perf_counter()
        for number in numbers:
            client.execute_cell(nbformat.v4.new_code_cell(number), 0)
        evaluated = time.perf_counter()
    return time.perf_counter() - evaluated + ran - start, evaluated - ran, len(numbers)


def execute(nb, page=None):
    """Seconds to execute ``nb`` in a fresh kernel started in its folder, as the build does (``page``: its path
    without the suffix; by default a page of book/)."""
    start = time.perf_counter()
    folder = Path(page).parent if page else ROOT / "book"
    NotebookClient(nb, kernel_manager_class=KernelManager, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()
    return time.perf_counter() - start


def floor():
    """Bare execution of a notebook that only imports numpy, pandas and plotly, after one untimed run (so a
    cold disk cache does not inflate the floor and flatter every ratio)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import numpy, pandas, plotly")])
    execute(nb)
    return execute(nb)


def figure_floor():
    """The floor plus showing one plotly figure in the kernel: plotly's renderers import nbformat, and through it
    jsonschema builds an RFC 3987 grammar (rfc3987-syntax, which JupyterLab's dependencies install) on first use.
    Every notebook that shows a figure pays this, whatever the notebook does."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import numpy, pandas, plotly.graph_objects as go\ngo.Figure(go.Scatter(x=[0, 1], y=[0, 1]))")])
    return execute(nb)


def bare_execution(notebooks):
    """Seconds to execute each notebook in a fresh kernel, one after another."""
    return {path.name: execute(nbformat.read(path, as_version=4)) for path in notebooks}


def import_storageperf(runs=5):
    """Median seconds of ``import storageperf`` in a fresh interpreter, and the heavy modules it loads."""
    code = ("import json, sys, time; start = time.perf_counter(); import storageperf; "
            "print(json.dumps([time.perf_counter() - start, sorted(sys.modules)]))")
    seconds = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True)
        took, modules = json.loads(out.stdout)
        seconds.append(took)
    return statistics.median(seconds), sorted({m.split(".")[0] for m in modules} & set(HEAVY))


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as a web server would: files of the COMPRESSED types gzip-compressed at GZIP_LEVEL
    (Content-Encoding: gzip) to a browser that accepts it, everything else as it is. Each file is compressed once and
    kept, so that timed loads do not wait for the compression."""

    compressed = {}

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if (path.suffix not in COMPRESSED or not path.is_file()
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        if path not in self.compressed:
            self.compressed[path] = gzip.compress(path.read_bytes(), compresslevel=GZIP_LEVEL)
        body = self.compressed[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):  # a page closed while still loading (after it was ready)
            pass

    def log_message(self, *args):
        pass


def transfer(browser, url):
    """A first visit to ``url`` with an empty cache (a fresh browser context), until the network is idle (playwright's
    networkidle: no request for 500 ms): each response's URL and the bytes Chromium received for it, CDP's
    Network.loadingFinished encodedDataLength, which is the body as sent (compressed) with its response headers."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    urls, received = {}, {}
    cdp.on("Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]))
    cdp.send("Network.enable")
    page.goto(url, wait_until="networkidle")
    context.close()
    return [(urls[r], n) for r, n in received.items() if urls.get(r, "").startswith("http")]


# Records in window.benchReady the time (ms from navigation start) at which the document has been parsed (its
# deferred scripts and modules run: DOMContentLoaded) and every figure on its first screen is drawn (figures.js draws
# the others as the reader scrolls near them).
READY = """(() => {
  const inView = () => [...document.querySelectorAll('.plotly-graph-div')]
    .filter(d => d.getBoundingClientRect().top < innerHeight);
  const drawn = () => inView().every(d => d.querySelector('.main-svg'));
  const check = () => {
    if (window.benchReady === undefined && drawn()) {
      window.benchReady = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    check();
    if (window.benchReady === undefined) observer.observe(document, {childList: true, subtree: true});
  });
})()"""


def ready(browser, server, names):
    """Median ms for each page of ``names``, over LOADS loads each in a fresh browser context (cold cache), from
    navigation start until the page is parsed and every figure on its first screen drawn (a ``.main-svg`` in each
    ``.plotly-graph-div`` whose top is above the viewport's bottom), taken in the page by a MutationObserver when the
    last such figure's SVG is added (READY). A page with no figure on its first screen is ready when parsed
    (DOMContentLoaded). The loads go round the pages LOADS
    times, so that the machine's drift over the run weighs on every page alike."""
    times = {name: [] for name in names}
    for _ in range(LOADS):
        for name in names:
            context = browser.new_context()
            context.add_init_script(READY)
            page = context.new_page()
            page.goto(f"{server}/{name}", wait_until="domcontentloaded")
            page.wait_for_function("window.benchReady !== undefined", timeout=30_000)
            times[name].append(page.evaluate("window.benchReady"))
            context.close()
    return {name: statistics.median(t) for name, t in times.items()}


# Moves `control` to position `value` and resolves with the ms a reader waits: from the input event (a select's
# change) to the end of the frame that shows the redrawn figure. The event is dispatched at the start of an animation
# frame, where Chromium delivers a dragged slider's input (mouse moves are aligned to frames); the redraw ends at the
# figure's plotly_afterplot (figures.js refits the figure in its own afterplot handler, which runs first), and a task
# posted then runs once the frame has been rendered (style, layout, paint on the page's thread; rasterising and
# compositing, off it, are not counted). A redraw that ends after its frame has rendered (the first move, which
# fetches the state file) is shown in the next frame, whose end is then awaited.
MOVE = """([control, value]) => new Promise((resolve, reject) => {
  const gd = control.closest('.calculator').querySelector('.js-plotly-plot');
  const timeout = setTimeout(() => reject(new Error('no redraw within 10 s')), 10000);
  requestAnimationFrame(() => {
    let rendered = false;
    setTimeout(() => { rendered = true; }, 0);  // runs once this frame is painted
    const start = performance.now();
    gd.once('plotly_afterplot', () => {
      const done = () => { clearTimeout(timeout); resolve(performance.now() - start); };
      if (rendered) requestAnimationFrame(() => setTimeout(done, 0)); else setTimeout(done, 0);
    });
    control.value = String(value);
    control.dispatchEvent(new Event(control.type === 'range' ? 'input' : 'change', {bubbles: true}));
  });
})"""

# A control's positions (a range input's steps, a select's options) and its default, the one it shows on load.
POSITIONS = "c => c.type === 'range' ? [Number(c.max) + 1, Number(c.value)] : [c.options.length, c.selectedIndex]"


def redraws(browser, url):
    """Ms from a control's input event to the redrawn figure shown (MOVE), for each calculator on the page, scrolled
    into view as a reader has it: its first control is moved once to the end farther from its default (which loads
    the calculator's state file: not timed), then MOVES times between its default and that end, so that every move
    draws a different position from the one before."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    page.evaluate("window.bookFigures.drawAll()")  # figures.js draws a figure when the reader nears it
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot .main-svg').length"
                           " >= document.querySelectorAll('.plotly-graph-div').length", timeout=30_000)
    times = []
    for calculator in page.locator(".calculator[data-calculator]").all():
        control = calculator.locator(".calculator-controls input[type=range], .calculator-controls select").first
        control.scroll_into_view_if_needed()
        count, default = control.evaluate(POSITIONS)
        if count < 2:
            continue
        far = 0 if default > (count - 1) / 2 else count - 1
        page.evaluate(MOVE, [control.element_handle(), far])
        times += [page.evaluate(MOVE, [control.element_handle(), (default, far)[i % 2]]) for i in range(MOVES)]
    context.close()
    return times


def gzipped(path):
    """Bytes of the file at ``path`` gzip-compressed at GZIP_LEVEL, as the server sends it."""
    return len(gzip.compress(path.read_bytes(), compresslevel=GZIP_LEVEL))


def state_files(html_dir, name):
    """The state files the calculators on page ``name`` name (each calculator's ``data-calculator`` spec)."""
    specs = re.findall(r'data-calculator="([^"]*)"', (html_dir / name).read_text(encoding="utf-8"))
    names = {json.loads(htmllib.unescape(spec)).get("states") for spec in specs} - {None}
    return [html_dir / "_static" / "calculators" / n for n in sorted(names)]


def site(html_dir):
    """The reader's side of the built site in html_dir, served gzip-compressed on 127.0.0.1 to headless Chromium: per
    page, a first visit's transfer (transfer), its HTML and state files compressed, its ready time (ready) against the
    intro's, and its calculators' redraws (redraws); then each of the site's budgets against its measurement.
    Returns Markdown."""
    pages = ["index.html"] + sorted(p.relative_to(html_dir).as_posix() for p in (html_dir / "book").glob("*.html"))
    intro = "book/intro.html"
    chapters = [p for p in pages if p.startswith("book/") and p != intro]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(html_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_address[1]}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        loaded = {name: transfer(browser, f"{server}/{name}") for name in pages}
        ready_ms = ready(browser, server, [intro] + chapters)
        moves = {name: redraws(browser, f"{server}/{name}") for name in chapters
                 if "data-calculator=" in (html_dir / name).read_text(encoding="utf-8")}
        browser.close()
    httpd.shutdown()

    total = {name: sum(n for _, n in responses) for name, responses in loaded.items()}
    html_gzip = {name: gzipped(html_dir / name) for name in pages}
    kb = "{:.1f} kB".format
    rows = []
    for name, responses in loaded.items():
        states = state_files(html_dir, name)
        plotly = [n for url, n in responses if "/_static/vendor/plotly" in url]
        pages_html = [n for url, n in responses if urlparse(url).path.endswith(".html")]
        url, most = max(((url, n) for url, n in responses if "/_static/vendor/plotly" not in url
                         and not urlparse(url).path.endswith(".html")), key=lambda r: r[1])
        rows.append((name, str(len(responses)), kb(total[name] / 1000), kb(sum(plotly) / 1000),
                     kb(sum(pages_html) / 1000), f"{urlparse(url).path.lstrip('/')}, {kb(most / 1000)}",
                     kb(html_gzip[name] / 1000),
                     f"{len(states)}: {kb(sum(gzipped(s) for s in states) / 1000)}" if states else "none"))
    text = [f"First visit, empty cache, until the network is idle; served gzip-compressed (level {GZIP_LEVEL}), "
            "bytes as transferred (compressed bodies with their headers). index.html redirects to the intro.",
            markdown(["page", "requests", "transferred", "of which plotly.js", "of which the HTML",
                      "of which the largest other file", "HTML, gzip",
                      "state files (loaded on a first move): how many, gzip"], rows)]
    rows = [(name, f"{ms:.0f} ms", f"{ms / ready_ms[intro]:.2f}x",
             f"{statistics.median(moves[name]):.1f} ms" if moves.get(name) else "no calculator",
             f"{max(moves[name]):.1f} ms" if moves.get(name) else "")
            for name, ms in ready_ms.items()]
    text += [f"Ready: navigation start to every figure on the first screen drawn, median of {LOADS} cold loads. "
             f"Redraw: a calculator control's input event to the redrawn figure painted, {MOVES} moves per "
             "calculator after its state file has loaded.",
             markdown(["page", "ready", "ready / intro", "redraw, median", "redraw, worst"], rows)]

    heaviest = max(chapters, key=total.get)
    html_heaviest = max(chapters, key=html_gzip.get)
    slowest = max(chapters, key=ready_ms.get)
    every_move = [t for times in moves.values() for t in times]
    redraw = statistics.median(every_move)
    budgets = [
        (f"first visit, heaviest chapter ({heaviest})", f"at most {FIRST_VISIT_BUDGET / 1e6:.1f} MB",
         f"{total[heaviest] / 1e6:.2f} MB", total[heaviest] <= FIRST_VISIT_BUDGET),
        (f"HTML of each chapter page, gzip (largest: {html_heaviest})", f"at most {HTML_BUDGET / 1000:.0f} kB",
         kb(html_gzip[html_heaviest] / 1000), html_gzip[html_heaviest] <= HTML_BUDGET),
        (f"ready, each chapter page / intro (slowest: {slowest})", f"at most {READY_BUDGET}x",
         f"{ready_ms[slowest] / ready_ms[intro]:.2f}x", ready_ms[slowest] <= READY_BUDGET * ready_ms[intro]),
        (f"redraw, median over {len(every_move)} moves", f"at most {REDRAW_BUDGET} ms", f"{redraw:.1f} ms",
         redraw <= REDRAW_BUDGET),
    ]
    missed = ([f"first visit to {n} ({total[n] / 1e6:.2f} MB)" for n in chapters if total[n] > FIRST_VISIT_BUDGET]
              + [f"HTML of {n} ({kb(html_gzip[n] / 1000)})" for n in chapters if html_gzip[n] > HTML_BUDGET]
              + [f"ready of {n} ({ready_ms[n] / ready_ms[intro]:.2f}x the intro)" for n in chapters
                 if ready_ms[n] > READY_BUDGET * ready_ms[intro]]
              + ([f"redraw median ({redraw:.1f} ms)"] if redraw > REDRAW_BUDGET else []))
    text += [markdown(["the site's budget", "target", "measured", "met"],
                      [(what, target, value, "yes" if ok else "no") for what, target, value, ok in budgets]),
             "Missing a budget: " + ("; ".join(missed) if missed else "none") + "."]
    return "\n\n".join(text)


STUDIO_CHANGES = 100   # random workloads the studio is timed on, in Python and in the page
#: One random change in the studio's page: set the inputs, fire the input event, and time the script that answers it
#: and then the page's layout of that answer (what a reader waits for before the frame is painted), in ms.
STUDIO_CHANGE = """([cap, need, io, reads, cold, bound, load]) => {
  const set = (id, v) => { document.getElementById(id).value = v; };
  set('studio-capacity_tib', cap); set('studio-io_kib', io); set('studio-read_share', reads);
  set('studio-cold_share', cold); set('studio-latency_ms', bound === null ? '' : bound); set('studio-load', load);
  const i = document.getElementById('studio-mibps'); i.value = need;
  const t = performance.now(); i.dispatchEvent(new Event('input', {bubbles: true}));
  const script = performance.now() - t; void document.body.offsetHeight; return [script, performance.now() - t]; }"""


def studio_times(html_dir):
    """Ms per answer of the sizing studio on STUDIO_CHANGES random workloads: storageperf.studio.options in Python,
    and the site's page (studio.js), scrolled to its form as a reader typing there sees it, from an input event to its
    answer laid out. Half the workloads have a latency bound and half are EDA loads (the judge's curves and the HPC/EDA
    planner's layouts). Returns rows of the report."""
    import numpy as np

    from storageperf import studio

    rng = np.random.default_rng(0)
    work = [(float(np.exp(rng.uniform(np.log(0.1), np.log(2000)))), float(np.exp(rng.uniform(np.log(10),
             np.log(60000)))), float(rng.choice([4, 8, 16, 64, 256])), round(float(rng.uniform()), 2),
             round(float(rng.uniform()), 2),
             round(float(rng.uniform(0.5, 4)), 2) if rng.uniform() < 0.5 else None,
             "eda" if rng.uniform() < 0.5 else "general") for _ in range(STUDIO_CHANGES)]
    studio.options(*work[0][:2])              # once of each kind of load, untimed: the first EDA load in a process
    studio.options(*work[0][:2], load="eda")  # reads and fits the HPC/EDA curves once
    python = []
    for cap, need, size, reads, cold, bound, load in work:
        start = time.perf_counter()
        studio.options(cap, mibps=need, io_kib=size, read_share=reads, cold_share=cold, latency_ms=bound, load=load)
        python.append((time.perf_counter() - start) * 1000)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(html_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/book/sizing-studio.html")
        page.wait_for_function("window.studioReady === true")
        page.locator("#studio-mibps").scroll_into_view_if_needed()  # where a reader types: the form on screen
        script, laid_out = zip(*(page.evaluate(STUDIO_CHANGE, list(w)) for w in work))
        browser.close()
    httpd.shutdown()
    return [(f"studio in the page, {STUDIO_CHANGES} random changes, its script: median, worst",
             f"{statistics.median(script):.1f} ms, {max(script):.1f} ms"),
            (f"studio in the page, {STUDIO_CHANGES} random changes, to the answer laid out: median, worst (goal: worst "
             "within a frame, 16 ms)",
             f"{statistics.median(laid_out):.1f} ms, {max(laid_out):.1f} ms"),
            (f"studio.options in Python, {STUDIO_CHANGES} random workloads: median, worst (goal at most 50 ms)",
             f"{statistics.median(python):.1f} ms, {max(python):.1f} ms")]


def markdown(header, rows):
    return "\n".join(["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
                     + ["| " + " | ".join(row) + " |" for row in rows])


def main():
    parts = ["build", "nbval", "exec", "import", "site", "studio", "mutation"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=parts, default=parts,
                        help="run only these parts (build: the two builds and the page sizes; site: the pages in "
                             "Chromium, on the timed build or else on _build/html, built first if missing)")
    only = parser.parse_args().only
    notebooks = sorted((ROOT / "book").glob("*.ipynb"))
    out = Path(tempfile.mkdtemp())
    rows, text = [], []
    if "build" in only:
        timings, chapters = rebuilds(out)
        rows += [(what, f"{seconds:.1f} s") for what, seconds in timings]
        text.append(markdown(
            ["page", "executed in a cold build, one at a time", "alone: the notebook in site mode",
             "alone: its prose's numbers", "build / notebook", "build / (notebook + numbers)"],
            [(page, f"{built:.1f} s", f"{alone:.1f} s", f"{numbers:.1f} s ({count})", f"{built / alone:.2f}x",
              f"{built / (alone + numbers):.2f}x") for page, (built, alone, numbers, count) in chapters.items()]))
        slower = [page for page, (built, alone, numbers, _) in chapters.items()
                  if built > CHAPTER_TOLERANCE * (alone + numbers)]
        text.append(f"Each a median of {CHAPTER_SAMPLES} runs. The build evaluates each number the prose takes from "
                    "the kernel ({eval}) as a cell of its own after the code cells above it: the numbers column is "
                    "that, timed alone. A build executes several notebooks at a time (the cold full build above); "
                    "these builds execute one at a time, so that a chapter's time is its own. Slower in the build "
                    "than the notebook "
                    f"and its numbers alone by more than {CHAPTER_TOLERANCE:.1f}x (the goal: none): "
                    + (", ".join(slower) if slower else "none") + ".")
    if "nbval" in only:
        rows.append((f"nbval, {len(notebooks)} notebook(s)",
                     f"{timed([str(BIN / 'pytest'), '-q', '-p', 'no:cacheprovider', '--nbval', 'book']):.1f} s"))
    if "exec" in only:
        base = floor()
        with_figure = figure_floor()
        bare = bare_execution(notebooks)
        rows.append((f"bare execution, {len(notebooks)} notebook(s)", f"{sum(bare.values()):.1f} s"))
        rows.append(("bare execution, floor (a notebook that imports numpy, pandas, plotly)", f"{base:.1f} s"))
        rows.append(("bare execution, the floor showing one figure through plotly's renderers", f"{with_figure:.1f} s"))
        text.append(markdown(["notebook", "bare execution", "floor", "notebook / floor",
                              "notebook / floor with a figure"],
                             [(f"book/{name}", f"{s:.1f} s", f"{base:.1f} s", f"{s / base:.2f}x",
                               f"{s / with_figure:.2f}x") for name, s in bare.items()]))
        above = [f"book/{name}" for name, s in bare.items() if s > TARGET * base]
        text.append(f"Above {TARGET}x the floor (the target is each notebook within {TARGET}x): "
                     + (", ".join(above) if above else "none") + ".")
    if "import" in only:
        seconds, heavy = import_storageperf()
        rows.append(("import storageperf, fresh interpreter (median of 5)", f"{seconds * 1000:.0f} ms"))
        rows.append(("heavy modules loaded by import storageperf", ", ".join(heavy) or "none"))
    if "build" in only:
        html = out / "_build" / "html"
        pages = sorted(p for p in html.rglob("*.html") if "_static" not in p.parts)
        rows += [(f"page {p.relative_to(html)}", f"{p.stat().st_size / 1000:.1f} kB") for p in pages]
        total = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
        rows.append(("whole site (plotly.js included)", f"{total / 1e6:.2f} MB"))
    if {"site", "studio"} & set(only):
        html = out / "_build" / "html" if "build" in only else ROOT / "_build" / "html"
        if not (html / "index.html").exists():
            subprocess.run([*BUILD, str(ROOT)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        if "site" in only:
            text.append(site(html))
        if "studio" in only:
            rows += studio_times(html)
    if "mutation" in only:
        sys.path.insert(0, str(ROOT / "tools"))
        import mutants  # tools/mutants.py

        text.append(mutants.report())
    report = "\n\n".join(([markdown(["measure", "value"], rows)] if rows else []) + text)
    print(report)
    if set(only) == set(parts):
        (ROOT / "_build").mkdir(exist_ok=True)
        (ROOT / "_build" / "bench.md").write_text(report + "\n")


if __name__ == "__main__":
    main()
