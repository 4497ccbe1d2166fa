"""Each chapter in a live JupyterLab: its calculators are widget panels that recompute through the model.

Starts JupyterLab on 127.0.0.1 over a copy of the chapters, runs every cell of one chapter in Debian's Chromium,
types a new value into one of its calculators' sliders and checks the figure's title gives the model's new answer.
"""
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from storageperf import data
from storageperf.platforms import azure_netapp_files as anf
from storageperf.sources import cassandra_disk_caching, cool_access, cvo_google_cloud, large_volumes

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
    # the bound calculator's defaults: n1-standard-32, 8 KiB, one disk I/O per operation; its title's lines run on
    # in the SVG's text
    iops = cvo_google_cloud.published_limit("n1-standard-32", read_pct / 100, 8, disk_reads_per_read=1.0,
                                            disk_writes_per_write=1.0)["iops"]
    return f"n1-standard-32, {read_pct:g}% reads of 8 KiB:{iops:,.0f} IOPS"


def _hpc_title(mibps):
    # the sizing calculator's default data, the HPC module's knowledge-check workload, at Premium
    tib = data.load("hpc_eda_module").set_index("id").loc["quiz2_capacity_min", "value"]
    r = anf.sizing_options(tib, mibps)["Premium"]
    return f"{tib:g} TiB, {mibps:,.0f} MiB/s, Premium: quota {r['quota_tib']:,.1f} TiB ({r['binding']} binds)"


# notebook, slider label, the value typed, the title the model then gives (the calculator's other inputs at default)
CASES = [
    ("performance-basics.ipynb", "Quota [TiB]", "50",
     lambda: f"50 TiB Premium: {anf.volume_throughput_mibps(50, 'Premium'):,.0f} MiB/s"),
    ("cool-access.ipynb", "Random share", "0.5",
     lambda: f"100% cool, 50% random: {cool_access.read_throughput_mibps(1.0, 0.5):,.0f} MiB/s"),
    ("cassandra-disk-caching.ipynb", "Client threads", "256", lambda: _cassandra_title(256)),
    ("large-volumes.ipynb", "Client VMs", "4",
     lambda: f"4 clients, sequential read, with nconnect: {large_volumes.predict(4, 'sequential read', 'with')['mibps']:,.0f} MiB/s"),
    ("hpc-eda.ipynb", "Throughput needed [MiB/s]", "2000", lambda: _hpc_title(2000)),
    ("cvo-google-cloud.ipynb", "Reads [%]", "50",
     lambda: _cvo_title(50)),
]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    work = tmp_path_factory.mktemp("lab")
    for notebook, *_ in CASES:
        shutil.copy(ROOT / "book" / notebook, work / notebook)
    # Our own settings and workspaces, not the machine's: every cell rendered (no windowing, which leaves cells
    # out of view undrawn) and no tabs restored from an earlier session.
    settings = tmp_path_factory.mktemp("lab-settings")
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser", "--allow-root",
                             f"--port={port}", "--ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
                             f"--ServerApp.root_dir={work}", f"--LabApp.user_settings_dir={settings}",
                             f"--LabApp.workspaces_dir={settings / 'workspaces'}", "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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


@pytest.mark.parametrize("notebook, label, typed, title", CASES, ids=[c[0] for c in CASES])
def test_calculator_recomputes_live(lab, notebook, label, typed, title):
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        # a workspace of its own, so that no tab of another test's notebook is restored beside this one
        page.goto(f"{lab}/lab/workspaces/{Path(notebook).stem}/tree/{notebook}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        # Run all cells once the kernel has started and reports idle in the status bar
        page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=60_000)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        # The calculator becomes a panel whose slider carries the label
        slider = page.locator(".widget-slider").filter(
            has=page.locator(".widget-label", has_text=re.compile(f"^{re.escape(label)}$"))).first
        slider.wait_for(timeout=120_000)
        panel = slider.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][1]")
        panel.locator(".gtitle").first.wait_for(timeout=60_000)
        before = panel.locator(".gtitle").first.text_content()
        slider.locator(".widget-readout").click()
        page.keyboard.press("Control+A")
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        expected = title()
        assert not before.startswith(expected), f"{notebook}: the title already read {before!r}"
        # the panel redraws a new figure in its output area
        try:
            page.wait_for_function("t => [...document.querySelectorAll('.gtitle')].some(e => e.textContent.startsWith(t))",
                                   arg=expected, timeout=30_000)
        finally:
            browser.close()
