"""Which guide an answer comes from: the commit the site, a PDF or a download was built from, and the day."""
from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path


def guide_version(root=".", now=None):
    """The commit checked out at ``root`` (its first 12 hex digits) and the build's day, UTC.

    Returns
    -------
    dict
        ``{"commit": str or None, "built": "YYYY-MM-DD"}``; ``commit`` is None in a copy without its git history
        (an unpacked zip, say).
    """
    if not Path(root).is_dir():
        raise ValueError(f"root must be the guide's folder; got {str(root)!r}")
    try:
        run = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                             text=True, check=False)
        commit = run.stdout.strip() if run.returncode == 0 and run.stdout.strip() else None
    except OSError:  # no git on this machine
        commit = None
    return {"commit": commit, "built": (now or dt.datetime.now(dt.timezone.utc)).strftime("%Y-%m-%d")}


def version_text(version):
    """The version in words, as an answer ends with it.

    Examples
    --------
    >>> version_text({"commit": "0123456789ab", "built": "2026-11-28"})
    'Guide built 2026-11-28 from commit 0123456789ab.'
    >>> version_text({"commit": None, "built": "2026-11-28"})
    'Guide built 2026-11-28 from a copy without its history.'
    """
    source = f"commit {version['commit']}" if version["commit"] else "a copy without its history"
    return f"Guide built {version['built']} from {source}."
