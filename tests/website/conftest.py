"""The built site, shared by every test of this folder, and the browser that reads it.

The site is built once per run. Under ``pytest -n`` (``make test``) the first worker to finish collecting starts the
build in the background, into a folder beside the workers' own, so that it builds while the notebooks and the model's
tests run; each worker's first site test waits for it. Every test here is marked ``site``.
"""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storageperf_book.sphinx.repository import REPOSITORY_ENV
from website.browsing import BUILT_ENV, CHROMIUM, FLAGS, FORK, ROOT, serving

HERE = Path(__file__).parent

#: The build this process started, waited for when the session ends so that it never outlives the tests.
_started = []


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.site)


def _shared_folder(config):
    """Where a run under ``pytest -n`` builds its site: beside the workers' temporary folders (None without -n)."""
    basetemp = config.option.basetemp if hasattr(config, "workerinput") else None
    return Path(basetemp).parent / "site" if basetemp else None


def pytest_collection_finish(session):
    folder = _shared_folder(session.config)
    if folder and not os.environ.get(BUILT_ENV) and any(item.path.is_relative_to(HERE) for item in session.items):
        _start_build(folder)


def pytest_sessionfinish(session):
    for process in _started:
        process.wait()


def _start_build(folder):
    """Start building the site into ``folder``, unless another process has: writes ``stdout``, ``stderr`` and, when
    done, ``returncode`` there. The repository's address is :data:`FORK`, which the site's buttons must follow."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir()
    except FileExistsError:
        return
    build = [sys.executable, "-m", "storageperf_book.build", str(ROOT), "--path-output", str(folder), "-W", "-n",
             "--keep-going"]
    script = '"$@" >"$0/stdout" 2>"$0/stderr"; echo $? >"$0/returncode.part"; mv "$0/returncode.part" "$0/returncode"'
    _started.append(subprocess.Popen(["sh", "-c", script, str(folder), *build], cwd=ROOT,
                                     env={**os.environ, REPOSITORY_ENV: FORK}))


def _finished_build(folder):
    """The build in ``folder`` once it has finished, as a completed process."""
    done = folder / "returncode"
    while not done.exists():
        time.sleep(1)
    return subprocess.CompletedProcess([], int(done.read_text()), (folder / "stdout").read_text(errors="replace"),
                                       (folder / "stderr").read_text(errors="replace"))


@pytest.fixture(scope="session")
def build(request, tmp_path_factory):
    """The build's outcome and the folder of its HTML; :data:`BUILT_ENV` names a site built already."""
    if os.environ.get(BUILT_ENV):
        return subprocess.CompletedProcess([], 0, "", ""), Path(os.environ[BUILT_ENV]) / "_build" / "html"
    folder = _shared_folder(request.config) or tmp_path_factory.mktemp("build") / "site"
    _start_build(folder)
    return _finished_build(folder), folder / "_build" / "html"


@pytest.fixture(scope="session")
def html_dir(build):
    run, html = build
    if not (html / "index.html").exists():
        pytest.fail("the site did not build:\n" + run.stdout[-4000:] + run.stderr[-4000:])
    return html


@pytest.fixture(scope="session")
def pages(html_dir):
    return sorted(p.relative_to(html_dir).as_posix() for p in html_dir.rglob("*.html") if "_static" not in p.parts)


@pytest.fixture(scope="session")
def server(html_dir):
    with serving(html_dir) as address:
        yield address


@pytest.fixture(scope="module")
def browser():  # one a module: the JupyterLab tests start their own Playwright in the same worker
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def participant_site(html_dir, tmp_path_factory):
    """The workshop's editions built from this site (make workshop): the participant's copy of the site."""
    from storageperf_book import editions

    out = tmp_path_factory.mktemp("workshop")
    editions.build(ROOT, out, html=html_dir)
    return out


@pytest.fixture(scope="session")
def participant_server(participant_site):
    with serving(participant_site / "participant-site") as address:
        yield address
