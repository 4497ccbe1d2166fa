"""The pages as written, post-processed: the guide's version in each head, the scripts no page uses left out, the
prose's numbers as plain text.

Once the build is done, one pass over the site's HTML pages writes the build's version into each head (which
``calculator.js`` says under each calculator's answer), and takes out the theme's ``fontawesome.js``, the search
scripts outside the search page, sphinx-design's tabs script and sphinx-thebe's, where no page needs them. While each
page is written, a script the page lists twice is listed once. As each page is read, a number its prose takes from
the chapter's kernel (``{eval}``) becomes text among the words around it, where MyST-NB wraps each in a span.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from docutils import nodes

from . import build_version, html_done

#: The build's version in a page's head, which calculator.js says under each calculator's answer.
_VERSION_META = re.compile(r'\n?<meta name="guide-version" content="[^"]*">')

#: The theme's fontawesome.js (about 540 kB compressed, on every page) draws icons as SVG and lets a site add its own;
#: the theme's stylesheet already draws its icons from the Font Awesome webfonts it serves, and the book adds none.
_FONTAWESOME_JS = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>')

#: Scripts no page but the search page needs while the theme's search-as-you-type is off (its default): the search
#: dialog sends the reader to search.html, which loads them itself. Loaded on every page they cost about 25 kB
#: compressed, and they stop sphinx_highlight.js marking the words a reader searched for on the page found.
_INLINE_SEARCH = re.compile(r'\s*<script src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js'
                            r'|searchindex\.js)"[^>]*></script>')
#: sphinx-design's script for tabs, which no page of the book has.
_TABS_JS = re.compile(r'\s*<script[^>]*src="[^"]*_static/design-tabs\.js[^"]*"[^>]*></script>')
#: sphinx-thebe's script, stylesheet and configuration, which only a "live code" launch button uses: the book has none
#: (``launch_buttons.thebe`` unset).
_THEBE = re.compile(r'\s*(?:<link[^>]*_static/sphinx-thebe\.css[^>]*/>'
                    r'|<script[^>]*_static/sphinx-thebe\.js[^>]*></script>|<script>const THEBE_JS_URL[^<]*</script>'
                    r'|<script type="text/x-thebe-config">.*?</script>)', re.S)


def _drop_duplicate_scripts(app, pagename, templatename, context, doctree):
    # sphinx-thebe 0.3.1 adds its inline configuration twice; declared twice, `const` is a page error.
    seen, unique = set(), []
    for script in context.get("script_files", []):
        key = (getattr(script, "filename", script) or "", tuple(sorted(getattr(script, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


def _numbers_as_text(app, doctree):
    # MyST-NB gives each {eval} value its own <span class="output text_plain">: hundreds in a chapter, kilobytes of
    # its page, styled as the text around them (the class's styles are for a cell's output)
    for number in list(doctree.findall(nodes.inline)):
        if number["classes"] == ["output", "text_plain"]:
            number.parent.replace(number, nodes.Text(number.astext()))


def _post_process(app, exception):
    # Once the build is done, so that a page an incremental build did not rewrite still says the version it is
    # served with.
    if not html_done(app, exception):
        return
    from ..version import version_text

    meta = f'<meta name="guide-version" content="{html.escape(version_text(build_version(app)))}">'
    options = app.config.html_theme_options
    inline_search = str(options.get("search_as_you_type", False)).lower() == "true"
    thebe = bool((options.get("launch_buttons") or {}).get("thebe"))
    texts = {page: page.read_text(encoding="utf-8") for page in Path(app.outdir).rglob("*.html")}
    pages = [page for page in texts if "_static" not in page.parts]
    tabs = any("sd-tab-set" in texts[page] for page in pages)
    for page, text in texts.items():
        new = _FONTAWESOME_JS.sub("", text)
        if page in pages:
            new = new if inline_search or page.name == "search.html" else _INLINE_SEARCH.sub("", new)
            new = new if tabs else _TABS_JS.sub("", new)
            new = new if thebe else _THEBE.sub("", new)
        new = _VERSION_META.sub("", new).replace("</head>", f"{meta}\n</head>", 1)
        if new != text:
            page.write_text(new, encoding="utf-8")
    for name in ("fontawesome.js", "fontawesome.js.map", "fontawesome.js.LICENSE.txt"):
        (Path(app.outdir) / "_static" / "scripts" / name).unlink(missing_ok=True)


def setup(app):
    """List each script once in a page; the prose's numbers as text; post-process the written pages once the build
    is done."""
    app.setup_extension("storageperf_book.sphinx")  # html_done
    app.connect("html-page-context", _drop_duplicate_scripts, priority=501)
    app.connect("doctree-read", _numbers_as_text)
    app.connect("build-finished", _post_process)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
