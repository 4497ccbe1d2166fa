"""Write the workshop's handouts from the built site: _build/guide-offline.zip and _build/guide.pdf, and when
``make workshop`` has written the participant's site, that site as _build/participant.pdf."""
import shutil
import sys
from pathlib import Path

from storageperf_book.handouts import book_pdf, offline_zip

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
PARTICIPANT_SITE = ROOT / "_build" / "workshop" / "participant-site"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]

if __name__ == "__main__":
    if not (SITE / "index.html").exists():
        sys.exit("build the site first: make book")
    print(offline_zip(SITE, ROOT / "_build" / "guide-offline.zip"))
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    pages = book_pdf(SITE, ROOT, ROOT / "_build" / "guide.pdf", chromium, FLAGS)
    print(f"{ROOT / '_build' / 'guide.pdf'}: {pages} pages")
    participant = ROOT / "_build" / "participant.pdf"
    if (PARTICIPANT_SITE / "index.html").exists():
        pages = book_pdf(PARTICIPANT_SITE, ROOT, participant, chromium, FLAGS, edition="participant")
        print(f"{participant}: {pages} pages")
    else:
        participant.unlink(missing_ok=True)   # not an older build's: the release must not gather a stale one
        print(f"no participant's site in {PARTICIPANT_SITE} (make workshop writes it): {participant} not written")
