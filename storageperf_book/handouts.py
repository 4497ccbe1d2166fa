"""What a workshop hands out beside the site: the whole site as one zip to serve anywhere, and the book as a PDF.

The zip holds the built site as it is served, with a README: unzipped, ``python -m http.server`` in its folder
serves it to a browser on the same machine, figures, calculators and the sizing studio included (their scripts are
modules and read files beside them, which a browser does only over http). Opened from the file system, the pages'
text reads and prints; the figures and the live parts need the server. The PDF is each page of the table of
contents printed by Chromium, in order, with its figures drawn and its answers open, as the site prints a page.
"""
from __future__ import annotations

import functools
import http.server
import io
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


def book_pdf(site, root, target, chromium, flags=(), browser=None):
    """Print every page of the table of contents, in order, into one PDF at ``target``; return its page count.

    Parameters
    ----------
    site : path-like
        The built site.
    root : path-like
        The checkout (its ``_toc.yml`` gives the order).
    target : path-like
        The PDF to write.
    chromium : str
        Chromium's executable; ``flags`` its command-line flags.
    browser : playwright.sync_api.Browser, optional
        A browser already running (the caller's); by default one is started for the printing.
    """
    from playwright.sync_api import sync_playwright
    from pypdf import PdfWriter

    site = Path(site)
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    writer = PdfWriter()

    def print_pages(b):
        page = b.new_page(viewport={"width": 1000, "height": 900})
        for name in toc_pages(root):
            page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/{name}", wait_until="load")
            if page.evaluate("document.querySelectorAll('.plotly-graph-div').length"):
                page.wait_for_function("window.bookFigures !== undefined")
            if page.evaluate("document.getElementById('studio-app') !== null"):
                page.wait_for_function("window.studioReady === true")   # the studio's table, as it opens
            writer.append(io.BytesIO(page.pdf(format="A4", print_background=False)))
        page.close()

    try:
        if browser is not None:
            print_pages(browser)
        else:
            with sync_playwright() as p:
                started = p.chromium.launch(executable_path=chromium, args=list(flags))
                print_pages(started)
                started.close()
    finally:
        httpd.shutdown()
    with open(target, "wb") as f:
        writer.write(f)
    return len(writer.pages)
