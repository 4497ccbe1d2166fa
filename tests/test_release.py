"""A release's files (storageperf_book.release): gathered from a build, summed, listed in a manifest."""
import hashlib
import json
import shutil
import subprocess
import zipfile

import pytest

from storageperf_book import release

FACTS = {"built": "2026-11-28", "commit": "0123456789ab", "prices": ["Azure Retail Prices snapshot of 2026-01-29"]}


def _fake_build(build):
    """A build folder with every file a release takes, each with its own content (no site is built)."""
    for name, (source, _) in release.ASSETS.items():
        path = build / source
        if name == "participant-site.zip":
            (path / "book").mkdir(parents=True)
            (path / "index.html").write_text("<html>participant</html>", encoding="utf-8")
            (path / "book" / "intro.html").write_text("<html>intro</html>", encoding="utf-8")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(f"fake {name}\n".encode() * (len(name) + 1))
    return build


def test_a_release_holds_every_file_with_its_size_and_sum(tmp_path):
    build = _fake_build(tmp_path / "_build")
    manifest = release.collect(build, build / "release", FACTS)
    out = build / "release"
    assert sorted(p.name for p in out.iterdir()) == sorted([*release.ASSETS, release.SUMS, release.MANIFEST])
    assert [a["name"] for a in manifest["assets"]] == list(release.ASSETS)
    for asset in manifest["assets"]:
        data = (out / asset["name"]).read_bytes()
        assert asset["bytes"] == len(data) and asset["sha256"] == hashlib.sha256(data).hexdigest(), asset["name"]
    assert (out / "guide.pdf").read_bytes() == (build / "guide.pdf").read_bytes()
    with zipfile.ZipFile(out / "participant-site.zip") as z:
        assert {"guide/index.html", "guide/book/intro.html", "guide/README.txt"} <= set(z.namelist())
        assert z.read("guide/index.html") == b"<html>participant</html>"
    assert json.loads((out / release.MANIFEST).read_text(encoding="utf-8")) == manifest
    assert {k: manifest[k] for k in ("built", "commit", "prices")} == FACTS


@pytest.mark.skipif(not shutil.which("sha256sum"), reason="coreutils' sha256sum is not installed")
def test_sha256sum_checks_the_release_with_its_sums(tmp_path):
    build = _fake_build(tmp_path / "_build")
    release.collect(build, build / "release", FACTS)
    ok = subprocess.run(["sha256sum", "-c", release.SUMS], cwd=build / "release", capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.count(": OK") == len(release.ASSETS), ok.stdout + ok.stderr
    (build / "release" / "instructor.zip").write_bytes(b"changed")
    bad = subprocess.run(["sha256sum", "-c", release.SUMS], cwd=build / "release", capture_output=True, text=True)
    assert bad.returncode != 0 and "instructor.zip: FAILED" in bad.stdout


def test_a_release_is_written_afresh(tmp_path):
    build = _fake_build(tmp_path / "_build")
    (build / "release").mkdir()
    (build / "release" / "guide-0.9.pdf").write_text("an older file", encoding="utf-8")
    release.collect(build, build / "release", FACTS)
    assert not (build / "release" / "guide-0.9.pdf").exists()


def test_a_missing_file_names_the_target_that_makes_it(tmp_path):
    build = _fake_build(tmp_path / "_build")
    (build / "workshop" / "instructor.zip").unlink()
    with pytest.raises(ValueError, match=r"build must hold .*instructor\.zip \(make workshop writes .*instructor\.zip\)"):
        release.collect(build, build / "release", FACTS)
    assert not (build / "release").exists()


def test_the_latest_releases_file_has_a_fixed_address():
    assert (release.latest_download_url("https://github.com/someone/guide/", "participant.zip")
            == "https://github.com/someone/guide/releases/latest/download/participant.zip")


BAD_INPUT = [
    (release.latest_download_url, {"repository": "https://github.com/someone/guide", "name": "guide.pdf"},
     "repository", [("github.com/someone/guide", "https://"), (None, "got None")]),
    (release.latest_download_url, {"repository": "https://github.com/someone/guide", "name": "guide.pdf"},
     "name", [("guide.epub", "got 'guide.epub'"), ("guide.epub", "participant.zip")]),
]


def test_bad_input(bad_input):
    bad_input.check()


def test_bad_facts_are_refused(tmp_path):
    build = _fake_build(tmp_path / "_build")
    with pytest.raises(ValueError, match="facts must be a dict with built, commit and prices.*got {'built'"):
        release.collect(build, build / "release", {"built": "2026-11-28"})


def test_the_pdf_refuses_a_page_outside_the_table_of_contents_and_an_unknown_edition(tmp_path):
    # refused before any browser starts: a page the PDF cannot link into, an edition the title page cannot name
    from pathlib import Path

    from storageperf_book.handouts import book_pdf

    root = Path(__file__).resolve().parent.parent
    for pages, words in ((["book/intro.html", "book/nowhere.html"], "got 'book/nowhere.html'"),
                         ([], "got 'no page'"), ("book/intro.html", "got 'book/intro.html'")):
        with pytest.raises(ValueError, match=f"pages must be a list of pages of the table of contents.*{words}"):
            book_pdf(tmp_path, root, tmp_path / "x.pdf", "chromium", pages=pages)
    with pytest.raises(ValueError, match="edition must be one of None, 'participant'; got 'trainer'"):
        book_pdf(tmp_path, root, tmp_path / "x.pdf", "chromium", pages=["book/intro.html"], edition="trainer")
    assert not (tmp_path / "x.pdf").exists()
