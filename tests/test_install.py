"""A built package works without the repository: the wheel carries data/ as storageperf/_data (setup.py).

Builds the sdist and the wheel of the working tree with the test environment's setuptools (no build isolation,
so no download), installs the wheel into a folder, and reads numbers from it in a fresh interpreter, run from an
empty folder with ``STORAGEPERF_DATA`` unset.
"""
import os
import shutil
import sys
import tarfile
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

from helpers import run

REPO = Path(__file__).resolve().parent.parent
KINDS = ("*.csv", "*.json", "*.md", "*.txt", "*.yaml")  # what setup.py copies from data/
# What the build reads (pyproject.toml: readme, license, packages storageperf*; setup.py: data/).
INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE",
          "data", "storageperf", "storageperf_book")

CHECK = """
import sys
from pathlib import Path
import storageperf
from storageperf.platforms import azure_netapp_files
site = Path(sys.argv[1]).resolve()
assert Path(storageperf.__file__).resolve().is_relative_to(site), storageperf.__file__
assert storageperf.data.DATA_DIR.resolve() == site / "storageperf" / "_data", storageperf.data.DATA_DIR
print(storageperf.data.value("azure_netapp_files_limits", "throughput_per_tib_premium", "MiB/s per TiB"))
print(float(azure_netapp_files.volume_throughput_mibps(10, "Premium")))
"""


@pytest.mark.slow
def test_wheel_carries_data(tmp_path):
    have = version("setuptools")
    assert int(have.split(".")[0]) >= 77, f"building needs setuptools>=77 (pyproject.toml), this has {have}"
    # Build from a copy of the build's inputs: no build/ left in the repository, and none reused from a past build.
    src = tmp_path / "src"
    src.mkdir()
    for name in INPUTS:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__", ".*"))
        else:
            shutil.copy2(REPO / name, src / name)
    data = sorted(p.relative_to(REPO / "data").as_posix() for k in KINDS for p in (REPO / "data").rglob(k))

    sdist = tmp_path / "sdist"
    name = run([sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
                "print(b.build_sdist(sys.argv[1]))", sdist], cwd=src).split()[-1]
    with tarfile.open(sdist / name) as tar:
        in_sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {f"data/{f}" for f in data} <= in_sdist  # MANIFEST.in: graft data

    wheels = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", wheels, src])
    (wheel,) = wheels.glob("storageperf-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert sorted(n.removeprefix("storageperf/_data/") for n in names if n.startswith("storageperf/_data/")) == data
    requires = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert sorted(r for r in requires if "extra ==" not in r) == ["numpy", "pandas"]  # plotly etc.: extra "book"

    site = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", site, wheel])
    env = {k: v for k, v in os.environ.items() if k != "STORAGEPERF_DATA"} | {"PYTHONPATH": str(site)}
    empty = tmp_path / "empty"
    empty.mkdir()
    rate, throughput = map(float, run([sys.executable, "-c", CHECK, site], cwd=empty, env=env).split())
    assert rate == 64.0  # Premium: 64 MiB/s per TiB (Microsoft, "Service levels for Azure NetApp Files")
    assert throughput == 640.0  # 64 x 10 TiB
