"""The errata page's generator (storageperf_book.errata) on small git repositories made here: a changed number with
its old and new value, date and commit; rows added; a rename followed; the chapters a table feeds; and a clear
sentence where there is no history or only a shallow clone's."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from storageperf_book import errata

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

PACKAGE = {"resources": [{"name": "azure_vm_limits", "path": "platforms/azure_vm_limits.csv",
                          "schema": {"primaryKey": ["id"], "fields": [
                              {"name": "id", "type": "string"}, {"name": "value", "type": "number"},
                              {"name": "unit", "type": "string"}, {"name": "document", "type": "string"}]}}]}
TOC = "root: book/intro\nparts:\n  - caption: Chapters\n    numbered: true\n    chapters:\n      - file: book/vm\n" \
      "      - file: book/other\n"


def _notebook(code):
    return json.dumps({"cells": [{"cell_type": "code", "source": [code], "metadata": {}, "outputs": []}]})


def _git(root, *args, date="2026-01-02T10:00:00"):
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "A",
           "GIT_COMMITTER_EMAIL": "a@example.org", "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True, env=env).stdout


def _write(root, path, text):
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text, encoding="utf-8")


@pytest.fixture
def repo(tmp_path):
    """A guide in miniature: one table, first transcribed, then a limit changed (64 to 128) and a row added."""
    root = tmp_path / "guide"
    _write(root, "data/datapackage.json", json.dumps(PACKAGE))
    _write(root, "_toc.yml", TOC)
    _write(root, "storageperf/__init__.py", "")
    _write(root, "storageperf/platforms/__init__.py", "")
    _write(root, "storageperf/platforms/azure_vm.py", "from .. import data  # reads azure_vm_limits\n")
    _write(root, "storageperf/studio.py", "from .platforms import azure_vm\n")
    _write(root, "book/vm.ipynb", _notebook("from storageperf import studio\n"))
    _write(root, "book/other.ipynb", _notebook("import math\n"))
    _write(root, "data/platforms/azure_vm_limits.csv", "id,value,unit,document\nd32_mibps,64,MiB/s,doc-a\n"
                                                       "d32_iops,1000,IO/s,doc-a\n")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "first transcription")
    _write(root, "data/platforms/azure_vm_limits.csv", "id,value,unit,document\nd32_mibps,128,MiB/s,doc-b\n"
                                                       "d32_iops,1000.0,IO/s,doc-a\nd32_disks,8,disks,doc-b\n")
    _git(root, "commit", "-q", "-am", "the limit doubled", date="2026-03-04T10:00:00")
    return root


def test_a_changed_number_is_listed_with_its_old_and_new_value_date_and_commit(repo):
    found = errata.changes(repo)
    head = _git(repo, "rev-parse", "HEAD").strip()
    values = [c for c in found["changes"] if c["kind"] == "value"]
    # 64 -> 128 changed; 1000 -> 1000.0 is the same number; the document column is provenance, not a fact
    assert values == [{"table": "platforms/azure_vm_limits.csv", "date": "2026-03-04", "commit": head,
                       "kind": "value", "row": "d32_mibps", "field": "value", "old": "64", "new": "128",
                       "unit": "MiB/s"}]
    assert [c["rows"] for c in found["changes"] if c["kind"] == "added"] == [["d32_disks"]]
    assert found["history"] == "full"


def test_the_page_names_the_change_and_the_chapters_whose_verdicts_read_the_table(repo):
    page = errata.page_markdown(repo, "https://github.com/someone/guide")
    head = _git(repo, "rev-parse", "HEAD").strip()
    assert "## platforms/azure_vm_limits.csv" in page  # the table's title, here none but its path
    assert '<a href="../data/platforms/azure_vm_limits.csv" download><code>platforms/azure_vm_limits.csv</code></a>' \
        in page
    assert f"| 2026-03-04 | `d32_mibps` | value (MiB/s) | 64 | 128 | [`{head[:7]}`](https://github.com/someone/guide/commit/{head}) |" in page
    # book/vm imports the studio, which imports the platform module that reads the table; book/other reads nothing
    assert "{doc}`vm`" in page and "{doc}`other`" not in page
    assert errata.verdicts(repo) == {"platforms/azure_vm_limits.csv": ["vm"]}


def test_a_renamed_table_keeps_its_history_under_its_present_name(repo):
    (repo / "data/platforms/azure_vm_limits.csv").rename(repo / "data/old_limits.csv")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "the old name")
    _write(repo, "data/old_limits.csv", "id,value,unit,document\nd32_mibps,256,MiB/s,doc-b\n"
                                        "d32_iops,1000,IO/s,doc-a\nd32_disks,8,disks,doc-b\n")
    _git(repo, "commit", "-q", "-am", "changed under the old name", date="2026-04-01T10:00:00")
    (repo / "data/old_limits.csv").rename(repo / "data/platforms/azure_vm_limits.csv")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "back to the present name")
    values = [(c["table"], c["old"], c["new"]) for c in errata.changes(repo)["changes"] if c["kind"] == "value"]
    assert values == [("platforms/azure_vm_limits.csv", "128", "256"), ("platforms/azure_vm_limits.csv", "64", "128")]


def test_without_git_history_the_page_says_so_in_a_sentence(repo):
    shutil.rmtree(repo / ".git")  # an unpacked archive
    page = errata.page_markdown(repo, "https://github.com/someone/guide")
    assert page.startswith("This copy of the guide was built without its git history")
    assert "https://github.com/someone/guide/commits/main/data" in page and "|" not in page
    assert "](" not in errata.page_markdown(repo)  # no address: no link


def test_a_shallow_clone_says_from_when_it_lists(repo, tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo}", str(clone)], check=True)
    page = errata.page_markdown(clone)
    assert page.startswith("This copy was built from a shallow clone of the repository: only the changes after "
                           "2026-03-04 are listed.")
    assert "No number of the guide's tables has changed" in page


BAD_INPUT = [
    (errata.changes, {"root": ROOT}, "root", [("/no/such/folder", "got '/no/such/folder'"), (None, "got None")]),
    (errata.verdicts, {"root": ROOT}, "root", [("/no/such/folder", "data/datapackage.json")]),
]


def test_bad_input_is_refused_by_name(bad_input):
    bad_input.check()
