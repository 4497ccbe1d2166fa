"""The guide's version: the commit it was built from, or none in a copy without its history, and the day."""
import datetime as dt
import re
import subprocess
from pathlib import Path

import pytest

from storageperf_book.version import guide_version, version_text

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_the_commit_checked_out_and_the_day():
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    version = guide_version(ROOT, now=dt.datetime(2026, 3, 4, 23, 59, tzinfo=dt.timezone.utc))
    assert version["built"] == "2026-03-04"
    if head:  # a checkout: its commit, shortened
        assert re.fullmatch(r"[0-9a-f]{12}", version["commit"]) and head.startswith(version["commit"])
    assert version_text(version).startswith("Guide built 2026-03-04 from ")


def test_a_copy_without_its_history_has_no_commit(tmp_path):
    version = guide_version(tmp_path)
    assert version["commit"] is None
    assert version_text(version).endswith("from a copy without its history.")


def test_a_root_that_is_no_folder_is_refused(tmp_path):
    with pytest.raises(ValueError, match="root must be the guide's folder; got '.*missing'"):
        guide_version(tmp_path / "missing")
