"""A stylesheet, script or other static file added or edited since the last build is served by the next.

Sphinx copies ``html_static_path`` and ``html_extra_path`` only when it writes a page, and a rebuild with no page to
read writes none: when one of those files changed since the root page was last read, the root page is read again,
so the build writes and copies them.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from . import read_again_when_changed


def static_files(app):
    """A digest of the files the site serves as they are: each one's path, size and modification time."""
    digest = hashlib.sha256()
    for folder in (Path(app.confdir) / f for f in (*app.config.html_static_path, *app.config.html_extra_path)):
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            stat = path.stat()
            digest.update(f"{os.path.relpath(path, app.confdir)}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def _keep_static_files(app, docname, source):
    if docname == app.config.root_doc:
        app.env.guide_static_files = static_files(app)


_read_root_when_static_changed, _merge_static_files = read_again_when_changed(None, "guide_static_files",
                                                                              static_files)


def setup(app):
    """Serve an added or edited static file at the next build."""
    app.connect("source-read", _keep_static_files)
    app.connect("env-get-outdated", _read_root_when_static_changed)
    app.connect("env-merge-info", _merge_static_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
