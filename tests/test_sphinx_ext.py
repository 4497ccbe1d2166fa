"""Where the site's launch and repository buttons point: the repository the site is built from."""
import subprocess
from pathlib import Path

import pytest

from storageperf_book import sphinx_ext


@pytest.mark.parametrize("remote, url", [
    ("git@github.com:someone/guide.git", "https://github.com/someone/guide"),
    ("ssh://git@github.com/someone/guide.git", "https://github.com/someone/guide"),
    ("https://github.com/someone/guide.git", "https://github.com/someone/guide"),
    ("https://gitlab.example.org/group/guide/", "https://gitlab.example.org/group/guide"),
    ("/home/someone/guide", None),
    ("", None),
])
def test_a_remote_becomes_its_web_address(remote, url):
    assert sphinx_ext.web_url(remote) == url


def _repo(tmp_path, remote=None):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote], check=True)
    return tmp_path


def test_the_origin_remote_sets_the_repository(tmp_path, monkeypatch):
    monkeypatch.delenv(sphinx_ext.REPOSITORY_ENV, raising=False)
    root = _repo(tmp_path, "git@github.com:a-fork/guide.git")
    assert sphinx_ext.repository_url(root, "https://github.com/upstream/guide") == "https://github.com/a-fork/guide"


def test_the_environment_overrides_the_remote(tmp_path, monkeypatch):
    root = _repo(tmp_path, "git@github.com:a-fork/guide.git")
    monkeypatch.setenv(sphinx_ext.REPOSITORY_ENV, "https://github.com/publisher/guide")
    assert sphinx_ext.repository_url(root) == "https://github.com/publisher/guide"


def test_without_a_web_remote_the_configured_address_or_none(tmp_path, monkeypatch):
    monkeypatch.delenv(sphinx_ext.REPOSITORY_ENV, raising=False)
    local = _repo(tmp_path, "/srv/git/guide")
    assert sphinx_ext.repository_url(local, "https://github.com/upstream/guide") == "https://github.com/upstream/guide"
    assert sphinx_ext.repository_url(local, "") == ""


def test_icon_codepoints_are_those_of_the_classes_used_and_the_stylesheets_own(tmp_path):
    from storageperf_book.sphinx_ext import icon_codepoints

    (tmp_path / "_static" / "styles").mkdir(parents=True)
    (tmp_path / "_static" / "styles" / "theme.css").write_text(
        '.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}.fa-moon:before{content:"\\f186"}'
        '.fa-unused:before{content:"\\f000"}html{--pst-icon-note:"\uf05a"}', encoding="utf-8")
    (tmp_path / "index.html").write_text('<i class="fa-solid fa-navicon"></i><span class="fa-moon x"></span>'
                                         '<p>fa-unused in text, not a class</p>', encoding="utf-8")
    assert icon_codepoints(tmp_path) == {0xF0C9, 0xF186, 0xF05A}


def test_the_book_scripts_without_comments_still_parse_and_keep_their_strings():
    import shutil
    import subprocess

    from storageperf_book.sphinx_ext import without_comments

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from pathlib import Path

    for script in sorted((Path(__file__).resolve().parents[1] / "book" / "_static").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        slim = without_comments(text)
        assert len(slim) < len(text) and "/*" not in slim.split("\n")[0], script.name
        done = subprocess.run([node, "--input-type=module", "--check"], input=slim, capture_output=True, text=True)
        assert done.returncode == 0, f"{script.name}: {done.stderr[:500]}"
        assert without_comments(slim) == slim, script.name  # nothing left to take out


def test_a_reference_links_its_address_written_out():
    # the theme would shorten a link whose text is its address to the repository's name, hiding the file and commit
    from pybtex.backends.html import Backend
    from pybtex.database import parse_file

    bib = Path(__file__).resolve().parent.parent / "book" / "references.bib"
    style = sphinx_ext._book_bibliography_style([bib])()
    works = parse_file(bib)
    for entry in style.format_bibliography(works):
        url = works.entries[entry.key].fields["url"]
        assert f'URL: <a href="{url}">{url.split("://", 1)[1]}</a>' in entry.text.render(Backend()), entry.key


def test_the_intro_links_the_latest_releases_files_when_the_repository_is_known():
    from docutils import nodes

    from storageperf_book import release

    intro = (Path(__file__).resolve().parent.parent / "book" / "intro.md").read_text(encoding="utf-8")
    assert "```{latest-release}" in intro and sphinx_ext.RELEASE_PAGE == "book/intro"
    paragraph = sphinx_ext.release_paragraph("https://github.com/someone/guide")
    links = [r["refuri"] for r in paragraph.findall(nodes.reference)]
    files = [*release.ASSETS, release.SUMS]
    assert links == [f"https://github.com/someone/guide/releases/latest/download/{name}" for name in files]
    offline = sphinx_ext.release_paragraph("")
    assert not list(offline.findall(nodes.reference))
    assert [c.astext() for c in offline.findall(nodes.literal)] == ["make handouts", "make workshop"]
