"""The book's Sphinx extensions, one module a job, each listed in ``_config.yml`` (``sphinx: extra_extensions``).

:mod:`.plotly` (plotly.js served once, named by the pages with a figure), :mod:`.execution` (a chapter
executed only when its code, its numbers, the model or the data change, several at a time, its page rendered from
its record), :mod:`.static` (an edited stylesheet or script
served by the next build), :mod:`.calculators` (the notebooks
executed in site mode; the calculators' states and the knowledge checks' files served), :mod:`.pages` (the written
pages post-processed in one pass: the version in each head, the scripts no page uses left out),
:mod:`.fonts` (the icon webfonts cut to the icons shown), :mod:`.bibliography` (the ``book`` citation and
reference-list styles), :mod:`.repository` (the repository the buttons point at, "report an error", the latest
release's links), :mod:`.errata` (the errata page), :mod:`.archives` (each chapter's runnable download) and
:mod:`.data` (the data package and the studio's facts served with the site). The package's own :func:`setup`, which
those that finish the site set up first, holds what they share.
"""
from __future__ import annotations


def html_done(app, exception):
    """Whether a build-finished handler has an HTML site to work on: the build succeeded and wrote HTML pages. A
    rebuild with nothing out of date writes none, and leaves the site as the last build finished it."""
    return exception is None and app.builder.format == "html" and getattr(app, "_guide_wrote", False)


def build_version(app):
    """The build's version (:func:`storageperf_book.version.guide_version`), asked of git once a build."""
    if not hasattr(app, "_guide_version"):
        from ..version import guide_version

        app._guide_version = guide_version(app.srcdir)
    return app._guide_version


def read_again_when_changed(page, attribute, current):
    """Handlers for a page that no source file records the input of: ``env-get-outdated`` reads ``page`` (None: the
    root page) again when ``current(app)`` differs from the value its last reading kept as the environment's
    ``attribute``; ``env-merge-info`` keeps that value across parallel readers. Returns ``(outdated, merge)``."""
    def outdated(app, env, added, changed, removed):
        name = page or app.config.root_doc
        stale = getattr(env, attribute, None) != current(app)
        return [name] if name in env.found_docs - added - changed and stale else []

    def merge(app, env, docnames, other):
        if hasattr(other, attribute):
            setattr(env, attribute, getattr(other, attribute))

    return outdated, merge


def _note_writing(app, builder):
    app._guide_wrote = True


def _keep_version(app, docname, source):
    if docname == app.config.root_doc:
        app.env.guide_version = build_version(app)


_read_root_when_version_changed, _merge_version = read_again_when_changed(None, "guide_version", build_version)


def setup(app):
    """What the book's extensions share, which each sets up first: whether the build wrote pages (:func:`html_done`),
    and a new version (a commit, or a new day) read as a change, so that the pages are written again and say it."""
    app.connect("write-started", _note_writing)
    app.connect("source-read", _keep_version)
    app.connect("env-get-outdated", _read_root_when_version_changed)
    app.connect("env-merge-info", _merge_version)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
