"""The Binder environment (binder/, repo2docker's conventions) runs a chapter: only what the chapters need.

Installs binder/requirements.txt into a fresh virtual environment, runs binder/postBuild from a copy of the
repository, and runs one chapter's code there from a folder outside the repository.
"""
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import run

pytestmark = pytest.mark.slow  # installs from the registry; runs in make test and make test-site

REPO = Path(__file__).resolve().parent.parent
LOWEST = tuple(int(n) for n in re.search(r'requires-python = ">=(\d+)\.(\d+)"',
                                         (REPO / "pyproject.toml").read_text()).groups())
BUILD_ONLY = ("sphinx", "jupyter-book", "jupyter_book", "myst-nb", "myst_nb", "pytest", "nbval", "ruff")


def test_binder_requirements_are_pinned_and_leave_out_the_book_builder():
    lines = [line.strip() for line in (REPO / "binder" / "requirements.txt").read_text().splitlines()]
    pins = [line for line in lines if line and not line.startswith("#")]
    assert pins and all("==" in p for p in pins), pins
    assert not any(p.lower().startswith(BUILD_ONLY) for p in pins), pins
    assert not any(p.startswith("-e") for p in pins)
    assert (REPO / "binder" / "runtime.txt").read_text().strip() == (REPO / "runtime.txt").read_text().strip()


def _pythons():
    """The lowest and the highest Python the guide supports (pyproject.toml) that this machine has."""
    found = {}
    for candidate in [sys.executable, *sorted(Path.home().glob(".pyenv/versions/3.*/bin/python3"))]:
        out = subprocess.run([str(candidate), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True)
        if out.returncode == 0:
            found.setdefault(out.stdout.strip(), candidate)
    supported = [v for v in found if tuple(map(int, v.split("."))) >= LOWEST]
    ends = sorted(supported, key=lambda v: tuple(map(int, v.split("."))))
    return [pytest.param(found[v], id=f"python{v}") for v in dict.fromkeys([ends[0], ends[-1]])]


@pytest.mark.parametrize("python", _pythons())
def test_a_chapter_runs_in_the_binder_environment(tmp_path, python):
    copy = tmp_path / "repo"
    shutil.copytree(REPO, copy, ignore=shutil.ignore_patterns(".git", ".venv", "_build", "build", "dist", "*.egg-info",
                                                               "__pycache__", ".hypothesis"))
    venv = tmp_path / "venv"
    run([python, "-m", "venv", venv])
    bindir = venv / "bin"
    start = time.monotonic()
    run([bindir / "python", "-m", "pip", "install", "-q", "-r", copy / "binder" / "requirements.txt"])
    run(["bash", copy / "binder" / "postBuild"], cwd=copy, env={"PATH": f"{bindir}:/usr/bin:/bin"})
    installed = json.loads(run([bindir / "python", "-m", "pip", "list", "--format", "json"]))
    print(f"binder environment: {len(installed)} packages in {time.monotonic() - start:.0f} s")
    names = {p["name"].lower() for p in installed}
    assert "storageperf" in names and not names & {"sphinx", "jupyter-book", "myst-nb"}
    # JupyterLab opens without asking about Jupyter's news (a prompt on every new Binder session)
    overrides = json.loads((venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    # a chapter's code, run from an empty folder outside the repository: the package carries its data. As a
    # script, with the environment's own Python: a kernel adds nothing to what is tested here, and the JupyterLab
    # and archive tests run chapters in kernels.
    work = tmp_path / "work"
    work.mkdir()
    cells = json.loads((copy / "book" / "cool-access.ipynb").read_text(encoding="utf-8"))["cells"]
    script = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    (work / "chapter.py").write_text(script, encoding="utf-8")
    out = subprocess.run([str(bindir / "python"), "chapter.py"], cwd=work, capture_output=True, text=True, timeout=600,
                         env={"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-3000:]
