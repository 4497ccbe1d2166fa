"""The workshop's fio lab (book/workshop/fio-lab.md): its job files are valid fio, run, and read with
storageperf.measurements as the page says; the page describes each file as the file is."""
import configparser
import os
import re
import subprocess
from pathlib import Path

import pytest

from helpers import tool
from storageperf import measurements

ROOT = Path(__file__).resolve().parent.parent
LAB = ROOT / "book" / "workshop"
JOBS = sorted((LAB / "fio").glob("*.fio"))
PAGE = (LAB / "fio-lab.md").read_text(encoding="utf-8")


def _job(path):
    """The job file's one job section, as fio reads it."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(path)
    name = next(s for s in parser.sections() if s != "global")
    return name, {**parser["global"], **parser[name]}


def test_there_are_job_files_and_the_page_offers_each():
    assert JOBS
    for path in JOBS:
        assert f"<fio/{path.name}>" in PAGE, path.name


@pytest.mark.parametrize("path", JOBS, ids=lambda p: p.name)
def test_the_page_describes_each_file_as_it_is(path):
    name, options = _job(path)
    row = next(line for line in PAGE.splitlines() if f"<fio/{path.name}>" in line)
    assert f"{options['bs'].removesuffix('k')} KiB" in row
    assert ("sequential" in row) == (options["rw"] in ("read", "write"))
    if "rwmixread" in options:
        assert f"{options['rwmixread']} % reads" in row
    for setting in ("FIO_DIR", "FIO_SIZE", "FIO_RUNTIME"):
        assert "${" + setting + "}" in path.read_text(encoding="utf-8") and setting in PAGE
    assert options["direct"] == "1", "the lab measures the volume, not the VM's page cache"


def test_each_job_file_runs_and_reads_as_the_page_says(tmp_path):
    fio = tool("fio")
    env = {**os.environ, "FIO_DIR": str(tmp_path), "FIO_SIZE": "4m", "FIO_RUNTIME": "1"}
    running = []
    for path in JOBS:
        quick = tmp_path / path.name   # the recipe's file, without its ramp, for a short run
        quick.write_text(re.sub(r"^ramp_time=.*$", "ramp_time=0", path.read_text(encoding="utf-8"), flags=re.M))
        out = tmp_path / f"{path.stem}.json"
        running.append((path, out, subprocess.Popen([fio, "--output-format=json", f"--output={out}", str(quick)],
                                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)))
    for path, out, proc in running:
        assert proc.wait(timeout=120) == 0, proc.stderr.read().decode()[-500:]
        name, options = _job(path)
        run = measurements.read_fio(out)
        assert set(run["job"]) == {name}
        assert set(run["bs_kib"]) == {float(options["bs"].removesuffix("k"))}
        want = {"read": {"read"}, "randread": {"read"}, "write": {"write"}, "randrw": {"read", "write"}}[options["rw"]]
        assert set(run["direction"]) == want
        if "rwmixread" in options:
            share = int(options["rwmixread"]) / 100
            found = measurements.check_run(run, read_share=share)
            assert found.loc[found["check"] == "read_share", "ok"].all()
