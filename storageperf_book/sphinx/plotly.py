"""plotly.js served once per site, named only by the pages that have a figure, and the figures' script on every page.

The official partial bundle with the trace types the book draws, of the plotly.js version plotly.py bundles
(:mod:`storageperf_book.plotly_bundle`, cached in ``build/vendor/`` of the checkout, downloaded from the npm registry
once and checked against its pinned sha512), with its licence beside it; the build stops when plotly.py's plotly.js
is not the pinned one. A page with a figure names it in a ``<meta>``, from which ``figures.js`` loads it once the
page is parsed.
"""
from __future__ import annotations

from pathlib import Path

from .. import plotly_bundle

#: Where plotly.js is served, relative to the site's ``_static`` folder, and its licence beside it.
PLOTLY_JS = f"vendor/{plotly_bundle.SCRIPT}"
PLOTLY_LICENSE = f"{PLOTLY_JS}.LICENSE.txt"

#: Where the build keeps the plotly.js package it downloads, relative to the checkout (git-ignored).
PLOTLY_CACHE = "build/vendor"

#: The figures' script (a module that imports a module for each job: lazy drawing, fitting to a narrow screen, the
#: numbers as CSV, print), relative to ``_static``; on every page (print opens folded text on any).
FIGURES_JS = "figures.js"


def _copy_plotly(app):
    # First thing in the build, so that a version mismatch or a failed download stops it before the notebooks run.
    if app.builder.format == "html":
        files = plotly_bundle.files(Path(app.confdir) / PLOTLY_CACHE)
        static = Path(app.outdir) / "_static"
        (static / PLOTLY_JS).parent.mkdir(parents=True, exist_ok=True)
        (static / PLOTLY_JS).write_bytes(files[plotly_bundle.SCRIPT])
        (static / PLOTLY_LICENSE).write_bytes(files[plotly_bundle.LICENSE])


def _name_plotly(app, pagename, templatename, context, doctree):
    # figures.js loads plotly.js once the page is parsed, from the address this tag gives, and draws a figure when
    # the reader nears it
    if "plotly-graph-div" in context.get("body", ""):
        url = context["pathto"](f"_static/{PLOTLY_JS}", 1)
        context["metatags"] = context.get("metatags", "") + f'\n<meta name="book-plotly-js" content="{url}" />'


def setup(app):
    """Serve plotly.js and name it in the pages with a figure; load the figures' script on every page."""
    app.add_js_file(FIGURES_JS, type="module")
    app.connect("builder-inited", _copy_plotly)
    app.connect("html-page-context", _name_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
