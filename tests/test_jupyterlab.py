"""The first chapter in a live JupyterLab: its calculators are widget panels that recompute through the model.

Starts JupyterLab on 127.0.0.1 over a copy of the chapter, runs every cell in Debian's Chromium, types a new quota
into the volume calculator and checks the figure's title gives the model's new answer.
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

from storageperf import anf

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
NOTEBOOK = "performance-basics.ipynb"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    work = tmp_path_factory.mktemp("lab")
    shutil.copy(ROOT / "book" / NOTEBOOK, work / NOTEBOOK)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser", "--allow-root",
                             f"--port={port}", "--ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
                             f"--ServerApp.root_dir={work}", "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
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


def test_volume_calculator_recomputes_live(lab):
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"{lab}/lab/tree/{NOTEBOOK}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        # Run all cells once the kernel has started and reports idle in the status bar
        page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=60_000)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        # Every calculator becomes a panel with a slider; the volume calculator is the one labelled Quota
        try:
            page.wait_for_function("document.querySelectorAll('.widget-slider').length >= 5", timeout=120_000)
        except Exception:
            page.screenshot(path="/tmp/lab-fail.png")
            raise
        slider = page.locator(".widget-slider", has_text="Quota")
        panel = slider.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][1]")
        panel.locator(".gtitle").first.wait_for(timeout=60_000)
        before = panel.locator(".gtitle").first.text_content()
        readout = slider.locator(".widget-readout")
        readout.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("50")
        page.keyboard.press("Enter")
        expected = f"50 TiB Premium: {anf.volume_throughput_mibps(50, 'Premium'):,.0f} MiB/s"
        # the panel redraws a new figure in its output area
        page.wait_for_function("text => [...document.querySelectorAll('.gtitle')].some(e => e.textContent.startsWith(text))",
                               arg=expected, timeout=30_000)
        assert before.startswith("10 TiB Premium")
        browser.close()
