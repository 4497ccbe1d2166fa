"""The errata page (:mod:`storageperf_book.errata`), written at each build from the history of ``data/``."""
from __future__ import annotations

#: The page that lists the changes to the data (:mod:`storageperf_book.errata`), written at each build.
ERRATA_PAGE = "book/errata"


def _write_errata(app, docname, source):
    if docname == ERRATA_PAGE:
        from .. import errata

        repository = app.config.html_theme_options.get("repository_url", "")
        source[0] = source[0].replace(errata.MARKER, errata.page_markdown(app.confdir, repository))


def _always_read(app, env, added, changed, removed):
    # the errata page follows the repository's history, which no source file records
    return [ERRATA_PAGE] if ERRATA_PAGE in env.found_docs and ERRATA_PAGE not in added | changed else []


def setup(app):
    """Write the errata page from git at every build."""
    app.connect("source-read", _write_errata)
    app.connect("env-get-outdated", _always_read)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
