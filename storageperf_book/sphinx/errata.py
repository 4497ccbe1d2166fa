"""The errata page (:mod:`storageperf_book.errata`), written from the history of ``data/``: read again by a build
whenever what it lists changed, which no source file records."""
from __future__ import annotations

from . import read_again_when_changed

#: The page that lists the changes to the data (:mod:`storageperf_book.errata`), written at build time.
ERRATA_PAGE = "book/errata"


def _errata(app):
    """The page's list of changes as Markdown, asked of git once a build."""
    if not hasattr(app, "_errata"):
        from .. import errata

        app._errata = errata.page_markdown(app.confdir, app.config.html_theme_options.get("repository_url", ""))
    return app._errata


def _write_errata(app, docname, source):
    if docname == ERRATA_PAGE:
        from .. import errata

        source[0] = source[0].replace(errata.MARKER, _errata(app))
        app.env.guide_errata = _errata(app)


_read_when_changed, _merge = read_again_when_changed(ERRATA_PAGE, "guide_errata", _errata)


def setup(app):
    """Write the errata page from git; read it again when the changes it lists did."""
    app.connect("source-read", _write_errata)
    app.connect("env-get-outdated", _read_when_changed)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
