"""tests/helpers.py's tool(): a test that needs node or fio fails without it under make test and is skipped in every
other run, saying what installs it; make test (and .ci/run, which calls it) is the run that requires them."""
import re
from pathlib import Path

import pytest

import helpers

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _recipe(target):
    return re.search(rf"^{target}:[^\n]*\n((?:\t.*\n)+)", MAKEFILE, flags=re.M).group(1)


@pytest.fixture
def path_with_fio_only(tmp_path, monkeypatch):
    """PATH of one folder holding an executable named fio and nothing else: node is missing."""
    fio = tmp_path / "fio"
    fio.write_text("#!/bin/sh\n", encoding="utf-8")
    fio.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    return fio


@pytest.mark.parametrize("required", ["1", None])
def test_a_tool_on_path_is_its_path(path_with_fio_only, monkeypatch, required):
    if required is None:
        monkeypatch.delenv(helpers.REQUIRE_TOOLS, raising=False)
    else:
        monkeypatch.setenv(helpers.REQUIRE_TOOLS, required)
    assert helpers.tool("fio") == str(path_with_fio_only)


def test_a_missing_tool_fails_when_the_run_requires_it(path_with_fio_only, monkeypatch):
    monkeypatch.setenv(helpers.REQUIRE_TOOLS, "1")
    with pytest.raises(BaseException) as failed:  # BaseException: a skip instead would end the test, not fail it
        helpers.tool("node")
    assert failed.type is pytest.fail.Exception
    assert str(failed.value) == "node is not installed: make test installs it (Debian's nodejs)"


def test_a_missing_tool_skips_when_the_run_does_not_require_it(path_with_fio_only, monkeypatch):
    monkeypatch.delenv(helpers.REQUIRE_TOOLS, raising=False)
    with pytest.raises(BaseException) as skipped:
        helpers.tool("node")
    assert skipped.type is pytest.skip.Exception
    assert str(skipped.value) == "node is not installed: make test installs it (Debian's nodejs)"


def test_make_test_requires_the_tools_and_the_quick_loop_does_not():
    assert f"{helpers.REQUIRE_TOOLS}=1 $(PYTEST)" in _recipe("test")
    assert helpers.REQUIRE_TOOLS not in _recipe("test-model")
    # both install them first (the fio target), and CI's full run is make test
    assert re.search(r"^test:[^\n]*\bfio\b", MAKEFILE, flags=re.M)
    assert set(helpers.INSTALLED_BY) <= set(re.findall(r"command -v (\w+)", _recipe("fio")))
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1] == "make test"
