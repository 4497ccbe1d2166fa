"""The monthly link check (tools/links.py): which addresses it reads, and which it calls broken, on a fake fetcher."""
import csv
import urllib.error
from pathlib import Path

import pytest

from tools import links

ROOT = Path(__file__).resolve().parent.parent


def test_the_addresses_are_the_documents_and_the_bibliographys(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "book").mkdir()
    (tmp_path / "data" / "documents.csv").write_text(
        "id,title,url\na,A,https://example.org/a\nb,B,\nc,\"C, again\",https://example.org/shared\n", encoding="utf-8")
    (tmp_path / "book" / "references.bib").write_text(
        "@misc{x,\n  title = {X},\n  url          = {https://example.org/x?y=1&z=2},\n}\n"
        "@misc{y,\n  URL = \"https://example.org/shared\",\n  note = {url = {https://example.org/not-a-field}}\n}\n",
        encoding="utf-8")
    assert links.addresses(tmp_path) == ["https://example.org/a", "https://example.org/shared",
                                         "https://example.org/x?y=1&z=2"]


def test_every_cited_document_is_checked():
    with open(ROOT / "data" / "documents.csv", encoding="utf-8", newline="") as f:
        cited = {row["url"] for row in csv.DictReader(f) if row["url"]}
    found = links.addresses(ROOT)
    assert cited and cited <= set(found)
    assert len(found) > len(cited), "the bibliography's addresses beyond the documents'"


def test_an_error_status_or_no_answer_is_broken_and_nothing_else():
    answers = {"https://a.example/ok": 200, "https://a.example/moved": 301, "https://a.example/gone": 404,
               "https://a.example/down": 503, "https://a.example/last-ok": 399}

    def fetch(url):
        if url == "https://nowhere.example/":
            raise urllib.error.URLError("Name or service not known")
        if url == "https://slow.example/":
            raise TimeoutError("timed out")
        return answers[url]

    urls = [*answers, "https://nowhere.example/", "https://slow.example/"]
    assert links.broken(urls, fetch) == [("https://a.example/gone", "HTTP 404"), ("https://a.example/down", "HTTP 503"),
                                         ("https://nowhere.example/", "unreachable: Name or service not known"),
                                         ("https://slow.example/", "unreachable: timed out")]
    assert links.broken(["https://a.example/ok"], fetch) == []


def test_a_fetchers_own_bug_is_not_taken_for_a_broken_link():
    def fetch(url):
        raise KeyError(url)

    with pytest.raises(KeyError):
        links.broken(["https://a.example/"], fetch)


BAD_INPUT = [
    (links.broken, {"urls": ["https://a.example/"], "fetch": lambda url: 200}, "urls",
     [(["a.example/page"], "got 'a.example/page'"), ([None], "http:// or https://"),
      (["https://a.example/ with space"], "got 'https://a.example/ with space'")]),
    (links.broken, {"urls": ["https://a.example/"], "fetch": lambda url: 200}, "fetch",
     [(None, "got None"), ("https://a.example/", "function of an address")]),
]


def test_bad_input(bad_input):
    bad_input.check()
