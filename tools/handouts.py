"""Write the workshop's handouts from the built site: _build/guide-offline.zip and _build/guide.pdf."""
import shutil
import sys
from pathlib import Path

from storageperf_book.handouts import book_pdf, offline_zip

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]

if __name__ == "__main__":
    if not (SITE / "index.html").exists():
        sys.exit("build the site first: make book")
    print(offline_zip(SITE, ROOT / "_build" / "guide-offline.zip"))
    pages = book_pdf(SITE, ROOT, ROOT / "_build" / "guide.pdf", shutil.which("chromium") or "/usr/bin/chromium", FLAGS)
    print(f"{ROOT / '_build' / 'guide.pdf'}: {pages} pages")
