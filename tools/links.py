"""Check that every address the guide cites still answers (``make links``; monthly in .github/workflows/schedule.yml).

The addresses are the ``url`` column of data/documents.csv and the ``url`` fields of book/references.bib. An address
is broken when fetching it fails or answers with an HTTP status of 400 or more. It prints each broken one with its
reason, and exits with 1 when there is one. Not part of ``make test``: it needs the network.
"""
import csv
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: How long to wait for one address [s]: a choice, long enough for a slow publisher's page.
TIMEOUT_S = 60

#: Statuses from this one up are errors (RFC 9110, section 15: 4xx client errors, 5xx server errors).
FIRST_ERROR_STATUS = 400


def addresses(root):
    """Every address cited in ``root``'s data/documents.csv (``url``) and book/references.bib (``url = {...}``),
    sorted, each once."""
    root = Path(root)
    with open(root / "data" / "documents.csv", encoding="utf-8", newline="") as f:
        found = {row["url"].strip() for row in csv.DictReader(f) if (row.get("url") or "").strip()}
    bib = (root / "book" / "references.bib").read_text(encoding="utf-8")
    found |= {u.strip() for u in re.findall(r"^\s*url\s*=\s*[{\"]([^}\"]+)[}\"]", bib, flags=re.M | re.I)}
    return sorted(found)


def broken(urls, fetch):
    """The addresses among ``urls`` that do not answer: ``[(url, reason), ...]`` in the order given.

    Parameters
    ----------
    urls : list of str
        Web addresses (``http://`` or ``https://``).
    fetch : callable
        ``fetch(url)`` returns the HTTP status the address answers with, or raises ``OSError`` (which
        ``urllib.error.URLError`` is) when it cannot be reached.
    """
    if not callable(fetch):
        raise TypeError(f"fetch must be a function of an address returning its HTTP status; got {fetch!r}")
    urls = list(urls)
    bad = [u for u in urls if not (isinstance(u, str) and re.match(r"https?://\S+$", u))]
    if bad:
        raise ValueError(f"urls must be web addresses (http:// or https://); got {bad[0]!r}")
    found = []
    for url in urls:
        try:
            status = fetch(url)
        except OSError as err:
            found.append((url, f"unreachable: {getattr(err, 'reason', err)}"))
            continue
        if status >= FIRST_ERROR_STATUS:
            found.append((url, f"HTTP {status}"))
    return found


def http_status(url):
    """The HTTP status ``url`` answers a GET with, after redirects (an error status is returned, not raised)."""
    request = urllib.request.Request(url, headers={"User-Agent": "Mozilla/5.0 (link check of a guide's sources)"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:  # noqa: S310 (the guide's own addresses)
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


if __name__ == "__main__":
    urls = addresses(ROOT)
    failures = broken(urls, http_status)
    for url, reason in failures:
        print(f"{reason}: {url}")
    print(f"{len(urls)} addresses checked, {len(failures)} broken")
    sys.exit(1 if failures else 0)
