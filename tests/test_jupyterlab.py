"""Each chapter in a live JupyterLab, installed as Binder installs it: the prose reads as on the site, the solutions
are folded, the calculators are widget panels that recompute through the model, and a knowledge check answers
from the keyboard.

Installs binder/requirements.txt and binder/postBuild into a fresh virtual environment, starts its JupyterLab on
127.0.0.1 over a copy of the chapters, runs every cell of each chapter in Debian's Chromium, reads the rendered
markdown (no role or directive markup, a number of the prose formatted as the model gives it, every solution
folded), then types a new value into one of its calculators' sliders and checks the calculator's answer (a line
of text over its figure) gives the model's new answer.
"""
import contextlib
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from helpers import run
from storageperf import data, studio
from storageperf.concepts import units
from storageperf.platforms import azure_netapp_files as anf
from storageperf.sources import cassandra_disk_caching, cool_access, cvo_google_cloud, hpc_eda, large_volumes
from storageperf_book import citations, editions, sample_answers

pytestmark = pytest.mark.site  # builds the book; runs in make test and make test-site

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


def _cassandra_title(threads):
    ops = {m: cassandra_disk_caching.predict(threads, 64, m)["ops_per_s"] for m in cassandra_disk_caching.CACHING_MODES}
    winner = max(ops, key=ops.get)
    return f"{threads} threads, 64 KiB read-ahead: {winner} wins x{max(ops.values()) / min(ops.values()):.2f}"


def _cvo_title(read_pct):
    # the bound calculator's defaults: n1-standard-32, 8 KiB, NetApp's current write path
    iops = cvo_google_cloud.published_limit("n1-standard-32", read_pct / 100, 8,
                                            **cvo_google_cloud.current_write_path())["iops"]
    return f"n1-standard-32, {read_pct:g}% reads of 8 KiB: {iops:,.0f} IOPS"


def _hpc_title(mibps):
    # the sizing calculator's default data, the HPC module's knowledge-check workload, at Premium
    tib = data.load("hpc_eda_module").set_index("id").loc["quiz2_capacity_min", "value"]
    r = anf.sizing_options(tib, mibps)["Premium"]
    return f"{tib:g} TiB, {mibps:,.0f} MiB/s, Premium: quota {r['quota_tib']:,.1f} TiB ({r['binding']} binds)"


def _studio_workload():
    """The studio chapter's example workload: the link its prose shows, read from the notebook (one copy)."""
    source = (ROOT / "book" / "sizing-studio.ipynb").read_text(encoding="utf-8")
    link = re.search(r'LINK = \\"\?([^"\\]+)\\"', source).group(1)
    return {k: val if k == "region" else int(val) if k in ("months", "clients") else float(val)
            for k, val in (p.split("=") for p in link.split("&"))}


def _studio_title(mibps):
    # the cost-against-headroom calculator's defaults: the link's workload, its read and cold shares
    w = {**_studio_workload(), "mibps": mibps}
    o = studio.options(**w)
    best, months = o.iloc[0], studio.workload(**w)["months"]
    return (f"{w['capacity_tib']:g} TiB at {mibps:,.0f} MiB/s, {w['read_share']:.0%} reads, {w['cold_share']:.0%} cold:"
            f" cheapest {best['option'].removeprefix(studio.ANF + ' ')}, {best['horizon_usd']:,.0f} USD over"
            f" {months} months;"
            f" {int(studio.frontier(o).sum())} options no other beats on both")


def _studio_phrase():
    # the EDA farm of the HPC/EDA module's scalability chart, in MiB/s through SPEC's bytes per operation
    module = data.load("hpc_eda_module").set_index("id")["value"]
    need = studio.workload(module["fig5_volume_quota"] * module["fig5_volumes_five"],
                           ops_per_s=module["fig6_ops_5vol_2ms"],
                           io_kib=hpc_eda.bytes_per_op_kib(hpc_eda.FARM_BASIS["large"][0]))
    return f"so the farm needs {need['need_mibps']:,.0f} MiB/s"


# notebook, slider label, the value typed, the answer the model then gives (the calculator's other inputs at default;
# its lines joined by spaces),
# and a phrase of the prose with its number as the model gives it
CASES = [
    ("performance-basics.ipynb", "Quota [TiB]", "50",
     lambda: f"50 TiB Premium: {anf.volume_throughput_mibps(50, 'Premium'):,.0f} MiB/s",
     lambda: f"{units.convert(data.value('azure_vm_limits', 'd32_v5_network', 'Mbps'), 'Mbps', 'MiB/s'):,.0f} MiB/s, not the"),
    ("cool-access.ipynb", "Random share", "0.5",
     lambda: f"100% cool, 50% random, {cool_access.measured_volume_limit_mibps():,.0f} MiB/s volume: "
             f"{cool_access.read_throughput_mibps(1.0, 0.5):,.0f} MiB/s",
     lambda: f"({cool_access.endpoints_mibps()['hot', 'sequential']:,.0f} to"),
    ("cassandra-disk-caching.ipynb", "Client threads", "256", lambda: _cassandra_title(256),
     lambda: f"{cassandra_disk_caching.disk_ios_per_read():.2f} I/Os a read."),
    ("large-volumes.ipynb", "Client VMs", "4",
     lambda: f"4 clients, sequential read, with nconnect: {large_volumes.predict(4, 'sequential read', 'with')['mibps']:,.0f} MiB/s",
     lambda: f"never more than {anf.volume_ceiling_mibps('Ultra', 'large'):,.0f} MiB/s"),
    ("hpc-eda.ipynb", "Throughput needed [MiB/s]", "2000", lambda: _hpc_title(2000),
     lambda: f"{hpc_eda.bytes_per_op_kib('SPEC 00143, 1 large volume'):.1f} KiB per operation"),
    ("cvo-google-cloud.ipynb", "Reads [%]", "50", lambda: _cvo_title(50),
     lambda: f"at most {cvo_google_cloud.max_disk_writes_per_write('n1-standard-32', 'oltp'):.2f} disk writes per client"),
    ("sizing-studio.ipynb", "Throughput needed [MiB/s]", "3000", lambda: _studio_title(3000), _studio_phrase),
]
# what markdown shows when a role or directive is not rendered, or an {eval} not evaluated
MARKUP = ("{glue", "{eval", "{numref", "{doc}", ":::", "```", 'v("')


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """A fresh virtual environment with what Binder installs: binder/requirements.txt, then binder/postBuild."""
    copy = tmp_path_factory.mktemp("repo") / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "_build", "build", "dist", "*.egg-info",
                                                               "__pycache__", ".hypothesis"))
    venv = tmp_path_factory.mktemp("binder-venv")
    run([sys.executable, "-m", "venv", venv])
    bindir = venv / "bin"
    run([bindir / "python", "-m", "pip", "install", "-q", "-r", copy / "binder" / "requirements.txt"], timeout=900)
    run(["bash", copy / "binder" / "postBuild"], cwd=copy, env={"PATH": f"{bindir}:/usr/bin:/bin"}, timeout=600)
    names = {p["name"].lower() for p in json.loads(run([bindir / "python", "-m", "pip", "list", "--format", "json"]))}
    assert "jupyterlab_myst" in names or "jupyterlab-myst" in names
    return bindir, copy


@pytest.fixture(scope="module")
def lab_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("lab")


@pytest.fixture(scope="module")
def lab(tmp_path_factory, binder, lab_dir):
    binder, copy = binder
    work = lab_dir
    for notebook, *_ in CASES:  # the chapters as Binder serves them: its copy, after postBuild
        shutil.copy(copy / "book" / notebook, work / notebook)
    # Our own settings and workspaces, not the machine's: every cell rendered (no windowing, which leaves cells
    # out of view undrawn) and no tabs restored from an earlier session.
    settings = tmp_path_factory.mktemp("lab-settings")
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(binder / "jupyter"), "lab", "--no-browser", "--allow-root",
                             f"--port={port}", "--ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
                             f"--ServerApp.root_dir={work}", f"--LabApp.user_settings_dir={settings}",
                             f"--LabApp.workspaces_dir={settings / 'workspaces'}", "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={"PATH": f"{binder}:/usr/bin:/bin", "HOME": str(settings)})
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/lab", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    yield url
    proc.terminate()
    proc.wait(timeout=30)


@contextlib.contextmanager
def _notebook(lab, workspace, path, run_all):
    """A notebook open in JupyterLab, in Chromium, in a workspace of its own (so that no tab of another test's
    notebook is restored beside it); with ``run_all``, every cell run once the kernel reports idle."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{path}")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
            if run_all:
                page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=60_000)
                page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
                page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
            yield page
        finally:
            browser.close()


def _assert_citations_read(page, notebook, prose):
    """No citation left as a bare key, and the chapter's first one as author, year and title."""
    assert page.locator('.jp-MarkdownCell [title="Citation Not Found"]').count() == 0, f"{notebook}: a bare key"
    first = citations.works(json.loads((ROOT / "book" / notebook).read_text(encoding="utf-8")))[1][0]
    entries = citations.read_bib(ROOT / citations.BIB)
    label = f"{citations.labels(entries)[first]}: {citations._plain(entries[first].fields['title'])}"
    assert label in prose, f"{notebook}: {label!r} not in the prose"


def _solutions(notebook):
    cells = json.loads((ROOT / "book" / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(len(re.findall(r"^`{3,}\{solution\}", "".join(c["source"]), flags=re.M))
               for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("notebook, label, typed, title, phrase", CASES, ids=[c[0] for c in CASES])
def test_a_chapter_reads_as_on_the_site_and_recomputes_live(lab, notebook, label, typed, title, phrase, tmp_path):
    with _notebook(lab, Path(notebook).stem, notebook, run_all=True) as page:
        # The calculator becomes a panel whose slider carries the label
        slider = page.locator(".widget-slider").filter(
            has=page.locator(".widget-label", has_text=re.compile(f"^{re.escape(label)}$"))).first
        slider.wait_for(timeout=120_000)

        # The prose, once every cell has run: numbers evaluated in the kernel, no markup, solutions folded
        page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=120_000)
        prose = ".jp-MarkdownCell .myst"
        page.wait_for_function("s => ![...document.querySelectorAll(s)].some(e => e.innerText.includes('v(\"'))",
                               arg=prose, timeout=60_000)
        texts = page.locator(prose).all_inner_texts()
        assert len(texts) == sum(c["cell_type"] == "markdown" for c in json.loads(
            (ROOT / "book" / notebook).read_text(encoding="utf-8"))["cells"]), "a markdown cell is not rendered as MyST"
        shown = [(m, t[:120]) for t in texts for m in MARKUP if m in t]
        assert not shown, f"{notebook}: markup in the rendered prose: {shown[:5]}"
        assert phrase() in " ".join(" ".join(texts).split()), f"{notebook}: {phrase()!r} not in the prose"
        _assert_citations_read(page, notebook, " ".join(" ".join(texts).split()))
        solutions = page.locator("details", has=page.locator("summary", has_text="Solution to"))
        assert solutions.count() == _solutions(notebook) > 0
        assert all(not solutions.nth(i).evaluate("e => e.open") for i in range(solutions.count()))
        page.screenshot(path=str(tmp_path / "chapter.png"))

        panel = slider.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][1]")
        answer = panel.locator(".calculator-answer[role=status][aria-live=polite]").first
        answer.wait_for(timeout=60_000)
        before = " ".join(answer.text_content().split())
        slider.locator(".widget-readout").click()
        page.keyboard.press("Control+A")
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        expected = title()
        assert not before.startswith(expected), f"{notebook}: the answer already read {before!r}"
        # the panel's answer, a visible line of text, gives the model's new answer
        page.wait_for_function("t => [...document.querySelectorAll('.calculator-answer')].some(e => "
                               "e.getClientRects().length && e.textContent.split(/\\s+/).join(' ').trim().startsWith(t))",
                               arg=expected, timeout=30_000)


def test_a_knowledge_check_answers_from_the_keyboard_in_a_live_kernel(lab):
    # The HPC/EDA chapter's first knowledge check, a widget panel once the cells have run: Tab to a wrong option,
    # Space to choose it, Tab to Check, Enter; the feedback says why that option is wrong, as the chapter's Quiz does
    first = sample_answers.chapter_quizzes()[0]
    letter = next(c for c in first.letters if c not in first.correct)
    expected = first.check(letter)["feedback"]
    with _notebook(lab, "hpc-eda-quiz", "hpc-eda.ipynb", run_all=True) as page:
        panel = page.locator(".widget-vbox").filter(has=page.locator(".widget-html", has_text=first.prompt)).first
        panel.wait_for(timeout=120_000)
        radios = panel.locator(".widget-radio-box input[type=radio]")
        assert radios.count() == len(first.letters)
        before = radios.nth(first.letters.index(letter) - 1) if first.letters.index(letter) else None
        if before:
            before.focus()
            page.keyboard.press("Tab")
        else:
            radios.first.focus()
        assert radios.nth(first.letters.index(letter)).evaluate("e => e === document.activeElement")
        page.keyboard.press("Space")
        for _ in range(len(first.letters) + 1):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.tagName === 'BUTTON' && "
                             "document.activeElement.textContent.trim() === 'Check'"):
                break
        else:
            raise AssertionError("Tab from the options does not reach the Check button")
        page.keyboard.press("Enter")
        feedback = panel.locator(".widget-html [role=status]")
        feedback.wait_for(timeout=30_000)
        assert " ".join(feedback.text_content().split()) == expected


def test_a_participant_notebook_reads_with_its_numbers_before_anything_runs(lab, lab_dir):
    # The workshop's participant edition of one chapter, opened as a participant opens it, nothing run: the prose's
    # numbers are already there (no expression), its citations read, and no answer is left to unfold
    notebook, *_, phrase = CASES[3]
    nb = editions.chapter_editions(ROOT / "book" / notebook, citations.read_bib(ROOT / citations.BIB))["participant"]
    (lab_dir / "participant").mkdir(exist_ok=True)
    (lab_dir / "participant" / notebook).write_text(json.dumps(nb, indent=1), encoding="utf-8")
    with _notebook(lab, "participant", f"participant/{notebook}", run_all=False) as page:
        prose = ".jp-MarkdownCell .myst"
        cells = sum(c["cell_type"] == "markdown" for c in nb["cells"])
        page.wait_for_function("([s, n]) => document.querySelectorAll(s).length === n", arg=[prose, cells],
                               timeout=60_000)
        texts = page.locator(prose).all_inner_texts()
        shown = [(m, t[:120]) for t in texts for m in MARKUP if m in t]
        assert not shown, f"participant {notebook}: markup before running: {shown[:5]}"
        joined = " ".join(" ".join(texts).split())
        assert phrase() in joined, f"participant {notebook}: {phrase()!r} not in the prose before running"
        assert page.locator("details", has=page.locator("summary", has_text="Answer")).count() == 0
        _assert_citations_read(page, notebook, joined)
