"""What several test modules share: running a command and failing with its output, and finding the programs some
tests need beside Python (node, fio).

:func:`tool` is the one rule for such a program. ``make test``, the full run, installs fio and node first (the
Makefile's ``fio`` target) and sets ``STORAGEPERF_REQUIRE_TOOLS=1``: there a missing program fails the test that
needs it, saying what installs it. Anywhere else (``make test-model``, the quick loop, or pytest by hand) the variable
is unset and the test is skipped with the same message."""
import os
import shutil
import subprocess

import pytest

#: The environment variable ``make test`` sets to 1: a test that needs a program fails when the program is missing.
REQUIRE_TOOLS = "STORAGEPERF_REQUIRE_TOOLS"

#: What installs each program (the Makefile's ``fio`` target: Debian's packages).
INSTALLED_BY = {"node": "Debian's nodejs", "fio": "Debian's fio"}


def run(args, **kwargs):
    """Run ``args`` (paths allowed) and return its standard output; fail with the command and the ends of its
    output and errors unless it exits with 0."""
    out = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert out.returncode == 0, f"{args}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout


def tool(name):
    """The path of the program ``name`` (a key of :data:`INSTALLED_BY`) on PATH. When it is missing, the calling test
    fails if :data:`REQUIRE_TOOLS` is 1 (``make test``) and is skipped otherwise, each with the message "<name> is not
    installed: make test installs it (<package>)"."""
    path = shutil.which(name)
    if path:
        return path
    message = f"{name} is not installed: make test installs it ({INSTALLED_BY[name]})"
    if os.environ.get(REQUIRE_TOOLS) == "1":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)
