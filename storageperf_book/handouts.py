"""What a workshop hands out beside the site: the whole site as one zip to open anywhere, and the book as a PDF.

The zip holds the built site with a README: unzipped, its ``index.html`` opened from the file system (a double
click) reads as the site does, figures, calculators, knowledge checks and the sizing studio included, in any browser
and with no Python; or ``python -m http.server`` in its folder serves it. For a page opened from the file system a
browser fetches no file and Chromium runs no module script, so the copy differs from the site in two ways. Each
JSON file the pages read (:data:`LOADED_JSON`) has a classic script beside it, ``<name>.json.js``, that
``book/_static/load-json.js`` reads instead. Each module script a page loads from ``_static`` is replaced by a
classic one, ``<name>.offline.js`` (:func:`classic_script`), that holds the module and those it imports, each in a
function of its own.

The PDF is the table of contents' pages as one document, printed by Chromium: a title page (the guide, its edition
when it is the participant's, when and from which commit it was built, the date of its prices), then each page as the
site prints it (figures drawn, answers open: the participant's site has none), a chapter to a new sheet. Being one
document, its links between pages land inside it (a link to anything else of the site, a download say, is left as
text: the PDF names no local address), its bookmarks are its chapters and sections, its pages are numbered through,
and it is tagged for screen readers.
"""
from __future__ import annotations

import functools
import html
import http.server
import json
import re
import threading
import zipfile
from pathlib import Path

import yaml

README = """\
Cloud file-storage performance, worked out: the site, to read without a network.

Double-click index.html in this folder (any browser: Chrome, Edge, Firefox; no Python needed). Every page, figure,
calculator, knowledge check and the sizing studio work; nothing is fetched from another host.

    Windows   right-click the zip, Extract All..., then open the folder guide and double-click index.html.
    macOS     double-click the zip (Finder unzips it beside it), open the folder guide, double-click index.html.
    Linux     unzip the zip (the unzip command, or the file manager's Extract Here), open the folder guide and
              double-click index.html (or run xdg-open guide/index.html).

Or, if you prefer, serve it: in a terminal in this folder, with any Python 3,

    py -m http.server 8000             (Windows, in PowerShell or the Command Prompt)
    python3 -m http.server 8000        (macOS or Linux)

then open http://localhost:8000/ in a browser.
"""

#: The JSON files the pages read (book/_static/load-json.js), relative to the site: each gets a ``<name>.json.js``.
LOADED_JSON = ("_static/calculators/*.json", "_static/quizzes/*.json", "_static/figures/*.json",
               "_static/studio-facts.json")

#: How the copy names the classic script it writes for a module of ``_static`` (``calculator.js``).
OFFLINE_SCRIPT = "{stem}.offline.js"

# The site's modules keep to a few forms of import and export, which classic_script rewrites; anything else is refused.
_IMPORT = re.compile(r'^import\s*(?:\{([\w$\s,]*)\}\s*from\s*)?"\./([\w-]+\.js)";?[ \t]*$', re.M)
_DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([\w-]+\.js)"\s*\)')
_EXPORT = re.compile(r"^export\s+(?:(?:async\s+)?function\s*\*?|const|class)\s*([\w$]+)", re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\b\s*", re.M)
_LEFT = re.compile(r"^[ \t]*(?:import|export)\b.*|\bimport\s*[(.].*", re.M)
_TAKEN = re.compile(r"\b(?:require|exports|importMeta)\b")

#: What a classic script for a module starts with: one registry of the page's modules (window.bookModules), shared
#: by every such script on the page, so that a module two of them hold runs once, as a module does.
_LOADER = """\
"use strict";
const book = window.bookModules ??= (() => {
  const factories = {}, done = {};
  const require = (name) => {
    if (!(name in done)) factories[name](require, done[name] = {}, {url: factories[name].url});
    return done[name];
  };
  return {factories, require};
})();
const here = document.currentScript.src;
const define = (name, factory) => {
  if (!(name in book.factories)) book.factories[name] = Object.assign(factory, {url: new URL(name, here).href});
};
"""


def _module_function(name, text):
    """A module of ``_static`` as the body of a function of (require, exports, importMeta); the modules it imports."""
    taken = _TAKEN.search(text)
    if taken:
        raise ValueError(f"static must hold modules that leave the names require, exports and importMeta to the "
                         f"classic script; {name} has {taken[0]!r}")
    imported = []

    def static(m):
        imported.append(m[2])
        names = re.sub(r"\s+as\s+", ": ", m[1] or "").strip()
        return f'const {{{names}}} = require("{m[2]}");' if names else f'require("{m[2]}");'

    def dynamic(m):
        imported.append(m[1])
        return f'Promise.resolve().then(() => require("{m[1]}"))'

    body = _DYNAMIC_IMPORT.sub(dynamic, _IMPORT.sub(static, text))
    exported = _EXPORT.findall(body)
    body = _EXPORT_DEFAULT.sub("exports.default = ", _EXPORT.sub(lambda m: m[0].removeprefix("export").lstrip(), body))
    body = body.replace("import.meta.url", "importMeta.url")
    left = _LEFT.findall(body)
    if left:
        raise ValueError(f"static must hold modules that import only ./<module>.js and export only a function, const, "
                         f"class or default, at a line's start; {name} has {left[0].strip()[:80]!r}")
    if exported:
        body += f"\nObject.assign(exports, {{{', '.join(exported)}}});"
    return f"{body}\n", imported


def classic_script(static, entry):
    """The module ``entry`` of the folder ``static`` (a built site's ``_static``) as a classic script: it and every
    module it imports (statically or when asked), each a function run once, when first imported.

    Parameters
    ----------
    static : path-like
        The folder of the site's modules.
    entry : str
        A module's file name (``calculator.js``).
    """
    static, todo, functions = Path(static), [entry], {}
    while todo:
        name = todo.pop()
        if name in functions:
            continue
        if not (static / name).is_file():
            raise ValueError(f"entry must be a module of {str(static)!r}, as must each it imports; got {name!r}")
        functions[name], imported = _module_function(name, (static / name).read_text(encoding="utf-8"))
        todo += imported
    defined = "".join(f'define("{name}", function (require, exports, importMeta) {{\n{body}}});\n'
                      for name, body in sorted(functions.items()))
    return f'(() => {{\n{_LOADER}{defined}book.require("{entry}");\n}})();\n'


# A page's module script of _static (Sphinx's or a page's own tag), by the address's prefix and the module's name.
_MODULE_TAG = re.compile(r'<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc="([^"]*_static/)([\w-]+)\.js(?:\?[^"]*)?")'
                         r'[^>]*>\s*</script>')


def offline_zip(site, target):
    """Zip a built site (Sphinx's html folder) into ``target`` to open from the file system or serve, with a README;
    return its path.

    Each page's module scripts are classic scripts there (:func:`classic_script`, written as ``<name>.offline.js``)
    and each JSON file the pages read (:data:`LOADED_JSON`) has its ``<name>.json.js``.

    Parameters
    ----------
    site : path-like
        The built site, with ``index.html``.
    target : path-like
        The zip to write.
    """
    site, target = Path(site), Path(target)
    if not (site / "index.html").is_file():
        raise ValueError(f"site must be a built site with an index.html; got {str(site)!r}")
    entries = set()

    def classic_tag(m):
        entries.add(f"{m[2]}.js")
        return f'<script defer src="{m[1]}{OFFLINE_SCRIPT.format(stem=m[2])}"></script>'

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("guide/README.txt", README)
        for path in sorted(p for p in site.rglob("*") if p.is_file() and ".doctrees" not in p.parts):
            name = f"guide/{path.relative_to(site).as_posix()}"
            if path.suffix == ".html":
                z.writestr(name, _MODULE_TAG.sub(classic_tag, path.read_text(encoding="utf-8")))
            else:
                z.write(path, name)
        for entry in sorted(entries):
            z.writestr(f"guide/_static/{OFFLINE_SCRIPT.format(stem=entry.removesuffix('.js'))}",
                       classic_script(site / "_static", entry))
        for path in sorted({p for pattern in LOADED_JSON for p in site.glob(pattern)}):
            value = json.dumps(json.loads(path.read_text(encoding="utf-8")), separators=(",", ":"))
            z.writestr(f"guide/{path.relative_to(site).as_posix()}.js",
                       f"window.bookJSON.set(document.currentScript, {value});\n")
    return target


def toc_pages(root):
    """The pages of ``_toc.yml`` at ``root`` in reading order, as site paths (``book/intro.html`` ...)."""
    toc = yaml.safe_load((Path(root) / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]
    for part in toc.get("parts", []):
        pages += [c["file"] for c in part.get("chapters", [])]
    return [f"{p}.html" for p in pages]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


#: Where the PDF's one document is served from, beside the site's pages (its own origin, so fonts and styles load).
BOOK_PATH = "/book/_book.pdf.html"


class _Book(_Quiet):
    """The site, and at :data:`BOOK_PATH` the document the PDF is printed from (``document``, set once built)."""

    document = b""

    def do_GET(self):
        if self.path.split("?")[0] != BOOK_PATH:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.document)))
        self.end_headers()
        self.wfile.write(self.document)
        return None


#: One page of the site, as the PDF takes it: answers open (print.js, on "beforeprint"), then its article with each
#: figure as an SVG picture of itself (its title as its text), each HTML id prefixed by the page's slug and each link
#: to a page of the PDF pointed at its anchor; any other link to the site loses its address; images get their whole
#: address.
_ARTICLE = """async ([slug, slugs]) => {
  window.dispatchEvent(new Event("beforeprint"));
  const article = document.querySelector("article.bd-article") || document.querySelector("main");
  const drawn = [...article.querySelectorAll(".js-plotly-plot")];
  const images = await Promise.all(drawn.map((gd) => window.Plotly.toImage(gd, {format: "svg"})));
  const clone = article.cloneNode(true), here = new URL(location.href);
  // each figure as the picture of itself: plotly's layers depend on styles it writes into the page
  [...clone.querySelectorAll(".js-plotly-plot")].forEach((copy, i) => {
    const img = document.createElement("img"), full = drawn[i]._fullLayout;
    img.src = images[i];
    img.alt = (full.title && full.title.text || "Figure").replace(/<[^>]+>/g, " ").replace(/\\s+/g, " ").trim();
    img.className = "pdf-figure";
    img.style.aspectRatio = `${full.width} / ${full.height}`;
    img.style.maxWidth = `${full.width}px`;
    copy.replaceWith(img);
  });
  const inSvg = (e) => e.closest("svg") !== null;
  for (const e of clone.querySelectorAll("[id]")) if (!inSvg(e)) e.id = `${slug}--${e.id}`;
  for (const name of ["for", "aria-labelledby", "aria-describedby", "aria-controls", "headers"]) {
    for (const e of clone.querySelectorAll(`[${name}]`)) {
      if (!inSvg(e)) e.setAttribute(name, e.getAttribute(name).split(/\\s+/).map((t) => `${slug}--${t}`).join(" "));
    }
  }
  for (const a of clone.querySelectorAll("a[href]")) {
    const url = new URL(a.getAttribute("href"), here);
    if (url.origin !== here.origin) continue;
    const target = slugs[url.pathname.replace(/^\\//, "")];
    const anchor = url.hash ? `#${target}--${decodeURIComponent(url.hash.slice(1))}` : `#${target}`;
    if (target) a.setAttribute("href", anchor);
    else a.removeAttribute("href");
  }
  for (const e of clone.querySelectorAll("img[src], source[src]")) {
    e.setAttribute("src", new URL(e.getAttribute("src"), here).href);
  }
  return clone.outerHTML;
}"""

#: The PDF's own layout: a title page, each page of the site on a new sheet, light colours.
_STYLE = """
  .pdf-title { break-after: page; padding-top: 30%; }
  .pdf-title-name { font-size: 2rem; font-weight: bold; }  /* not a heading: the first page's is the bookmark */
  .pdf-title-edition { font-size: 1.3rem; }
  .pdf-title dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin-top: 2rem; }
  .pdf-title dt { font-weight: bold; }
  .pdf-page { break-before: page; }
  .pdf-figure { display: block; width: 100%; height: auto; margin: 0.5rem 0; break-inside: avoid; }
  /* the theme prints a page's title in a header of its own and hides the page's first heading; here that heading,
     with its chapter number, is shown, and is the chapter's bookmark */
  .pdf-page .bd-main .bd-content .bd-article section > h1:first-of-type { display: block; }
  .pdf-page #jb-print-docs-body > h1 { display: none; }
"""

#: The footer of every sheet: its number and the count.
_FOOTER = ('<div style="font-size: 8px; width: 100%; text-align: center; color: #444;">'
           '<span class="pageNumber"></span> / <span class="totalPages"></span></div>')


def _slug(site_path):
    return site_path.removesuffix(".html").replace("/", "-")


def build_facts(root, now=None):
    """What the title page says: ``{"built": date, "commit": short hash or None, "prices": [...]}`` for ``root``."""
    from .calculator import PRICES, price_dates
    from .version import guide_version

    return {**guide_version(root, now), "prices": [price_dates(p) for p in PRICES]}


#: What the title page says of an edition of the site, by :func:`book_pdf`'s ``edition``.
EDITIONS = {None: "", "participant": ("<p class=\"pdf-title-edition\">Participant edition: the exercises without their "
                                      "solutions, the knowledge checks without their answers.</p>")}


def _title_page(root, facts, edition=None):
    commit = (f"commit {facts['commit']}" if facts["commit"]
              else "a copy without its history (no commit known)")
    rows = [("Built", facts["built"]), ("From", commit), ("Prices", "; ".join(facts["prices"]))]
    items = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in rows)
    return (f'<section class="pdf-title" id="pdf-title"><p class="pdf-title-name">{html.escape(_title(root))}</p>'
            f"{EDITIONS[edition]}<p>The guide's pages as one document. Every number in it was computed when it was "
            "built; the prices and limits are those of the dates below and of the pages each chapter cites.</p>"
            f"<dl>{items}</dl>"
            "</section>")


def book_pdf(site, root, target, chromium, flags=(), browser=None, facts=None, pages=None, edition=None):
    """Print the table of contents' pages (or some of them) as one tagged, bookmarked, page-numbered PDF at
    ``target``; return its page count.

    Parameters
    ----------
    site : path-like
        The built site.
    root : path-like
        The checkout (its ``_toc.yml`` gives the order, its ``_config.yml`` the title, git its commit).
    target : path-like
        The PDF to write.
    chromium : str
        Chromium's executable; ``flags`` its command-line flags.
    browser : playwright.sync_api.Browser, optional
        A browser already running (the caller's); by default one is started for the printing.
    facts : dict, optional
        What the title page says (:func:`build_facts`, by default of ``root`` now).
    pages : list of str, optional
        The pages to print, in order, each a page of the table of contents as :func:`toc_pages` names it
        (``book/intro.html``); by default every one.
    edition : {None, "participant"}, optional
        The edition of the site ``site`` is, which the title page names (:data:`EDITIONS`): ``"participant"`` for
        the participant's site (``make workshop``), None for the site as built.
    """
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    toc = toc_pages(root)
    if pages is None:
        pages = toc
    elif isinstance(pages, str) or not list(pages) or not all(p in toc for p in pages):
        unknown = pages if isinstance(pages, str) else next((p for p in pages if p not in toc), "no page")
        raise ValueError(f"pages must be a list of pages of the table of contents ({toc[0]}, ...); "
                         f"got {unknown!r}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(map(repr, EDITIONS))}; got {edition!r}")
    site, facts, pages = Path(site), facts or build_facts(root), list(pages)
    slugs = {p: _slug(p) for p in pages}
    book = type("Book", (_Book,), {})   # this printing's own document
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(book, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    served = f"http://127.0.0.1:{httpd.server_address[1]}"

    def print_book(b):
        page = b.new_page(viewport={"width": 1000, "height": 900})
        parts, head = [], ""
        for name in pages:
            page.goto(f"{served}/{name}", wait_until="load")
            if page.evaluate("document.querySelectorAll('.plotly-graph-div').length"):
                page.wait_for_function("window.bookFigures !== undefined")
                page.evaluate("window.bookFigures.drawAll()")
                page.wait_for_function("[...document.querySelectorAll('.plotly-graph-div')]"
                                       ".every((gd) => gd._fullLayout)")
            if page.evaluate("document.getElementById('studio-app') !== null"):
                page.wait_for_function("window.studioReady === true")   # the studio's table, as it opens
            if not head:  # the site's stylesheets, by their whole address
                head = page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')]"
                                     ".map((l) => `<link rel=\"stylesheet\" href=\"${l.href}\">`).join('')")
            article = page.evaluate(_ARTICLE, [slugs[name], slugs])
            parts.append(f'<div class="pdf-page" id="{slugs[name]}"><div class="bd-main"><div class="bd-content">'
                         f'<div class="bd-article-container">{article}</div></div></div></div>')
        page.close()
        book.document = ('<!DOCTYPE html><html lang="en" data-theme="light" data-mode="light"><head>'
                         f'<meta charset="utf-8"><title>{html.escape(_title(root))}</title>{head}'
                         f'<style>{_STYLE}</style></head>'
                         f'<body>{_title_page(root, facts, edition)}{"".join(parts)}</body></html>').encode("utf-8")
        # a page of its own, with none of the site's scripts
        context = b.new_context(viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.goto(f"{served}{BOOK_PATH}", wait_until="load")
        pdf = page.pdf(format="A4", print_background=False, tagged=True, outline=True, display_header_footer=True,
                       header_template="<span></span>", footer_template=_FOOTER,
                       margin={"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"})
        context.close()
        return pdf

    try:
        if browser is not None:
            pdf = print_book(browser)
        else:
            with sync_playwright() as p:
                started = p.chromium.launch(executable_path=chromium, args=list(flags))
                pdf = print_book(started)
                started.close()
    finally:
        httpd.shutdown()
    Path(target).write_bytes(pdf)
    return len(PdfReader(target).pages)


def _title(root):
    return yaml.safe_load((Path(root) / "_config.yml").read_text(encoding="utf-8"))["title"]
