"""What a workshop hands out beside the site: the whole site as one zip to serve anywhere, and the book as a PDF.

The zip holds the built site as it is served, with a README: unzipped, ``python -m http.server`` in its folder
serves it to a browser on the same machine, figures, calculators and the sizing studio included (their scripts are
modules and read files beside them, which a browser does only over http). Opened from the file system, the pages'
text reads and prints; the figures and the live parts need the server.

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
import threading
import zipfile
from pathlib import Path

import yaml

README = """\
Cloud file-storage performance, worked out: the site, to read without a network.

In this folder, with any Python 3:

    python3 -m http.server 8000        (macOS or Linux)
    py -m http.server 8000             (Windows, in PowerShell or the Command Prompt)

then open http://localhost:8000/ in a browser. Every page, figure, calculator and the sizing studio work; nothing
is fetched from another host. Opened straight from the file system, the pages' text reads and prints, but the
figures, the calculators and the studio need the server.
"""


def offline_zip(site, target):
    """Zip a built site (Sphinx's html folder) into ``target`` with a README; return its path.

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
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("guide/README.txt", README)
        for path in sorted(p for p in site.rglob("*") if p.is_file() and ".doctrees" not in p.parts):
            z.write(path, f"guide/{path.relative_to(site).as_posix()}")
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
