"""A stylesheet, script or other static file edited since the last build is served by the next one.

Sphinx copies ``html_static_path`` and ``html_extra_path`` only when it writes a page, and a rebuild with no page to
read writes none: when one of those files changed since the last build, the root page is read again, so the build
writes and copies them.
"""
from __future__ import annotations

from pathlib import Path


def _newest_static(app):
    """The last modification time of the files the site serves as they are (0 when there are none)."""
    folders = [Path(app.confdir) / f for f in (*app.config.html_static_path, *app.config.html_extra_path)]
    return max((p.stat().st_mtime for folder in folders for p in folder.rglob("*") if p.is_file()), default=0)


def _read_root_when_static_changed(app, env, added, changed, removed):
    newest, before = _newest_static(app), getattr(env, "guide_static_newest", None)
    env.guide_static_newest = newest
    root = app.config.root_doc
    return [root] if before is not None and newest > before and root in env.found_docs - added - changed else []


def setup(app):
    """Serve an edited static file at the next build."""
    app.connect("env-get-outdated", _read_root_when_static_changed)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
