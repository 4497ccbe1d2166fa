"""The book's Sphinx extensions, one module a job, each listed in ``_config.yml`` (``sphinx: extra_extensions``).

:mod:`.plotly` (plotly.js served once, named by the pages with a figure), :mod:`.execution` (a chapter
executed again when its notebook, the model or the data change), :mod:`.static` (an edited stylesheet or script
served by the next build), :mod:`.calculators` (the notebooks
executed in site mode; the calculators' states and the knowledge checks' files served), :mod:`.pages` (the written
pages post-processed in one pass: the version in each head, the scripts no page uses left out),
:mod:`.fonts` (the icon webfonts cut to the icons shown), :mod:`.bibliography` (the ``book`` citation and
reference-list styles), :mod:`.repository` (the repository the buttons point at, "report an error", the latest
release's links), :mod:`.errata` (the errata page), :mod:`.archives` (each chapter's runnable download) and
:mod:`.data` (the data package and the studio's facts served with the site).
"""
from __future__ import annotations


def html_done(app, exception):
    """Whether a build-finished handler has an HTML site to work on: the build succeeded and wrote HTML."""
    return exception is None and app.builder.format == "html"


def build_version(app):
    """The build's version (:func:`storageperf_book.version.guide_version`), asked of git once a build."""
    if not hasattr(app, "_guide_version"):
        from ..version import guide_version

        app._guide_version = guide_version(app.srcdir)
    return app._guide_version


def read_again_when_changed(page, attribute, current):
    """Handlers for a page that no source file records the input of: ``env-get-outdated`` reads ``page`` again when
    ``current(app)`` differs from the value its last reading kept as the environment's ``attribute``;
    ``env-merge-info`` keeps that value across parallel readers. Returns ``(outdated, merge)``."""
    def outdated(app, env, added, changed, removed):
        stale = getattr(env, attribute, None) != current(app)
        return [page] if page in env.found_docs - added - changed and stale else []

    def merge(app, env, docnames, other):
        if hasattr(other, attribute):
            setattr(env, attribute, getattr(other, attribute))

    return outdated, merge
