"""The icon webfonts cut to the icons the site shows.

Font Awesome's fonts, which the theme serves, hold some 2,000 icons (about 300 kB in woff2); the site shows a few
dozen. Once the pages are written, each font served keeps only the glyphs of the site's icons
(:func:`icon_codepoints`), so a first visit loads kilobytes.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

from . import html_done

#: Where the theme serves Font Awesome's webfonts, relative to the site's ``_static`` folder.
WEBFONTS = Path("vendor") / "fontawesome" / "webfonts"
_ICON_CLASS = re.compile(r'class="[^"]*"')
_ICON_RULE = re.compile(r'((?:\.fa-[a-z0-9-]+:before,?)+)\{content:"\\([0-9a-f]{4,5})"\}')
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")

def icon_codepoints(site):
    """The Font Awesome glyphs a built site can show: those of the ``fa-`` classes its pages use, and those its
    stylesheets write directly (the theme's admonition and link icons).

    Parameters
    ----------
    site : pathlib.Path
        The built site (Sphinx's output folder).

    Returns
    -------
    set of int
        Unicode code points.
    """
    static = site / "_static"
    styles = {css: css.read_text(encoding="utf-8", errors="replace") for css in static.rglob("*.css")}
    glyph = {}
    for text in styles.values():
        for selectors, code in _ICON_RULE.findall(text):
            for name in re.findall(r"\.fa-([a-z0-9-]+):before", selectors):
                glyph.setdefault(name, int(code, 16))
    used = set()
    for page in site.rglob("*.html"):
        for attribute in _ICON_CLASS.findall(page.read_text(encoding="utf-8")):
            used |= {glyph[name] for name in re.findall(r"\bfa-([a-z0-9-]+)", attribute) if name in glyph}
    for text in styles.values():
        used |= {ord(c) for c in _PRIVATE_USE.findall(_ICON_RULE.sub("", text))}
    return used


def _subset_webfonts(app, exception):
    if html_done(app, exception):
        from fontTools import subset

        logging.getLogger("fontTools").setLevel(logging.WARNING)  # its INFO lines would bury a real warning
        folder = Path(app.outdir) / "_static" / WEBFONTS
        keep = sorted(icon_codepoints(Path(app.outdir)))
        for font in sorted(folder.glob("*.woff2")):
            options = subset.Options()
            options.flavor = "woff2"
            options.layout_features = ["*"]
            shrunk = subset.Subsetter(options)
            face = subset.load_font(str(font), options)
            shrunk.populate(unicodes=keep)
            shrunk.subset(face)
            subset.save_font(face, str(font), options)


def setup(app):
    """Cut the served icon fonts to the site's icons, after the pages are final."""
    app.setup_extension("storageperf_book.sphinx")  # html_done
    app.connect("build-finished", _subset_webfonts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
