"""The book's Sphinx extensions (storageperf_book.sphinx): where the site's launch and repository buttons point (the
repository the site is built from), the icons the fonts keep, the reference lists' links, the latest release's
files."""
import os
import re
import subprocess
from pathlib import Path

import pytest

from storageperf_book.sphinx import bibliography, repository


@pytest.mark.parametrize("remote, url", [
    ("git@github.com:someone/guide.git", "https://github.com/someone/guide"),
    ("ssh://git@github.com/someone/guide.git", "https://github.com/someone/guide"),
    ("https://github.com/someone/guide.git", "https://github.com/someone/guide"),
    ("https://gitlab.example.org/group/guide/", "https://gitlab.example.org/group/guide"),
    ("/home/someone/guide", None),
    ("", None),
])
def test_a_remote_becomes_its_web_address(remote, url):
    assert repository.web_url(remote) == url


def _repo(tmp_path, remote=None):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote], check=True)
    return tmp_path


def test_the_origin_remote_sets_the_repository(tmp_path, monkeypatch):
    monkeypatch.delenv(repository.REPOSITORY_ENV, raising=False)
    root = _repo(tmp_path, "git@github.com:a-fork/guide.git")
    assert repository.repository_url(root, "https://github.com/upstream/guide") == "https://github.com/a-fork/guide"


def test_the_environment_overrides_the_remote(tmp_path, monkeypatch):
    root = _repo(tmp_path, "git@github.com:a-fork/guide.git")
    monkeypatch.setenv(repository.REPOSITORY_ENV, "https://github.com/publisher/guide")
    assert repository.repository_url(root) == "https://github.com/publisher/guide"


def test_without_a_web_remote_the_configured_address_or_none(tmp_path, monkeypatch):
    monkeypatch.delenv(repository.REPOSITORY_ENV, raising=False)
    local = _repo(tmp_path, "/srv/git/guide")
    assert repository.repository_url(local, "https://github.com/upstream/guide") == "https://github.com/upstream/guide"
    assert repository.repository_url(local, "") == ""


def test_icon_codepoints_are_those_of_the_classes_used_and_the_stylesheets_own(tmp_path):
    from storageperf_book.sphinx.fonts import icon_codepoints

    (tmp_path / "_static" / "styles").mkdir(parents=True)
    (tmp_path / "_static" / "styles" / "theme.css").write_text(
        '.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}.fa-moon:before{content:"\\f186"}'
        '.fa-unused:before{content:"\\f000"}html{--pst-icon-note:"\uf05a"}', encoding="utf-8")
    (tmp_path / "index.html").write_text('<i class="fa-solid fa-navicon"></i><span class="fa-moon x"></span>'
                                         '<p>fa-unused in text, not a class</p>', encoding="utf-8")
    assert icon_codepoints(tmp_path) == {0xF0C9, 0xF186, 0xF05A}


def test_a_reference_links_its_address_written_out():
    # the theme would shorten a link whose text is its address to the repository's name, hiding the file and commit
    from pybtex.backends.html import Backend
    from pybtex.database import parse_file

    bib = Path(__file__).resolve().parent.parent / "book" / "references.bib"
    style = bibliography._book_bibliography_style([bib])()
    works = parse_file(bib)
    for entry in style.format_bibliography(works):
        url = works.entries[entry.key].fields["url"]
        assert f'URL: <a href="{url}">{url.split("://", 1)[1]}</a>' in entry.text.render(Backend()), entry.key


def test_a_citations_tooltip_names_the_work_and_leaves_the_rest_to_its_reference():
    from pybtex.database import parse_file

    bib = Path(__file__).resolve().parent.parent / "book" / "references.bib"
    tooltip = bibliography._book_tooltip_style([bib])()
    works = parse_file(bib)
    for key, work in works.entries.items():
        text = tooltip.format_entry("", work).text.render_as("text")
        assert re.sub(r"[{}\\]", "", work.fields["title"]) in text and work.fields.get("year", "") in text, key
        assert "URL" not in text and work.fields["url"].split("://", 1)[1] not in text, key
    little = next(w for w in works.entries.values() if "Little" in str(w.persons.get("author", "")))
    assert tooltip.format_entry("", little).text.render_as("text").startswith("John D. C. Little. ")


def test_the_intro_links_the_latest_releases_files_when_the_repository_is_known():
    from docutils import nodes

    from storageperf_book import release

    intro = (Path(__file__).resolve().parent.parent / "book" / "intro.md").read_text(encoding="utf-8")
    assert "```{latest-release}" in intro and repository.RELEASE_PAGE == "book/intro"
    paragraph = repository.release_paragraph("https://github.com/someone/guide")
    links = [r["refuri"] for r in paragraph.findall(nodes.reference)]
    files = [*release.ASSETS, release.SUMS]
    assert links == [f"https://github.com/someone/guide/releases/latest/download/{name}" for name in files]
    offline = repository.release_paragraph("")
    assert not list(offline.findall(nodes.reference))
    assert [c.astext() for c in offline.findall(nodes.literal)] == ["make handouts", "make workshop"]


def test_the_written_pages_get_the_version_and_lose_the_scripts_no_page_uses(tmp_path):
    from types import SimpleNamespace

    from storageperf_book.sphinx import pages

    head = ('<head><meta name="guide-version" content="old">'
            '<script defer src="_static/scripts/fontawesome.js?v=1"></script>'
            '<script src="_static/searchtools.js"></script><script src="searchindex.js" defer></script>'
            '<script src="_static/design-tabs.js"></script><script src="_static/sphinx-thebe.js"></script></head>')
    for name in ("index.html", "search.html"):
        (tmp_path / name).write_text(head + "<body></body>", encoding="utf-8")
    (tmp_path / "_static" / "scripts").mkdir(parents=True)
    (tmp_path / "_static" / "scripts" / "fontawesome.js").write_text("", encoding="utf-8")
    app = SimpleNamespace(outdir=str(tmp_path), builder=SimpleNamespace(format="html"), _guide_wrote=True,
                          config=SimpleNamespace(html_theme_options={}),
                          _guide_version={"commit": "0123456789ab", "built": "2026-11-28"})
    pages._post_process(app, None)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    search = (tmp_path / "search.html").read_text(encoding="utf-8")
    meta = '<meta name="guide-version" content="Guide built 2026-11-28 from commit 0123456789ab.">'
    assert index.count("guide-version") == 1 and meta in index and meta in search
    assert not any(s in index for s in ("fontawesome", "searchtools", "searchindex", "design-tabs", "thebe")), index
    assert "searchtools.js" in search and "searchindex.js" in search and "fontawesome" not in search
    assert not (tmp_path / "_static" / "scripts" / "fontawesome.js").exists()


def test_the_prose_numbers_read_as_text_and_a_cells_output_keeps_its_class():
    from docutils import nodes

    from storageperf_book.sphinx import pages

    number = nodes.inline("6", "6", classes=["output", "text_plain"])
    block = nodes.literal_block("6", "6", classes=["output", "text_plain"])
    doctree = nodes.section("", nodes.paragraph("", "", nodes.Text("The cluster has "), number, nodes.Text(" nodes.")),
                            block)
    pages._numbers_as_text(None, doctree)
    assert doctree[0].astext() == "The cluster has 6 nodes." and not list(doctree[0].findall(nodes.inline))
    assert doctree[1]["classes"] == ["output", "text_plain"]


def _sphinx_project(tmp_path):
    """A small book: a notebook, a page, and a model and data folder beside them."""
    import nbformat

    (tmp_path / "conf.py").write_text('extensions = ["myst_nb", "storageperf_book.sphinx.execution"]\n'
                                      'nb_execution_mode = "off"\nexclude_patterns = ["_build", "storageperf*", "data"]\n')
    cells = [nbformat.v4.new_markdown_cell("# A chapter"), nbformat.v4.new_code_cell("1 + 1")]
    kernel = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata=kernel), tmp_path / "ch.ipynb")
    (tmp_path / "index.md").write_text("# A page\n\n```{toctree}\nch\n```\n")
    for name in ("storageperf/model.py", "storageperf_book/book.py", "data/table.csv"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x\n")
    return tmp_path


def _read_by_a_build(root, finished=None):
    """The pages a build of ``root`` reads (executes, for a notebook); appends to ``finished`` whether the build
    left a site for its build-finished handlers to work on (:func:`storageperf_book.sphinx.html_done`)."""
    from sphinx.application import Sphinx

    from storageperf_book.sphinx import html_done

    read = []
    app = Sphinx(root, root, root / "_build" / "html", root / "_build" / "doctrees", "html", status=None,
                 warning=None)
    app.connect("env-before-read-docs", lambda app, env, docnames: read.extend(docnames))
    if finished is not None:
        app.connect("build-finished", lambda app, exception: finished.append(html_done(app, exception)))
    app.build()
    return sorted(read)


@pytest.mark.parametrize("changed", ["storageperf/model.py", "storageperf_book/book.py", "data/table.csv"])
def test_a_rebuild_reads_a_notebook_again_only_when_the_model_or_the_data_changed(tmp_path, changed, monkeypatch):
    monkeypatch.setenv("IPYTHONDIR", "")  # restored after the test: the extension sets it for the build
    root = _sphinx_project(tmp_path)
    assert _read_by_a_build(root) == ["ch", "index"]
    assert _read_by_a_build(root) == []  # nothing changed: nothing read, nothing executed
    later = (root / changed).stat().st_mtime + 10
    os.utime(root / changed, (later, later))
    assert _read_by_a_build(root) == ["ch"]  # the notebook, not the page


def test_a_rebuild_with_nothing_changed_finishes_nothing_and_a_new_version_is_written_into_the_pages(
        tmp_path, monkeypatch):
    from storageperf_book import version

    monkeypatch.setenv("IPYTHONDIR", "")  # restored after the test: the extension sets it for the build
    root = _sphinx_project(tmp_path)
    conf = (root / "conf.py").read_text().replace('"storageperf_book.sphinx.execution"]',
                                                  '"storageperf_book.sphinx.execution", "storageperf_book.sphinx.pages"]')
    (root / "conf.py").write_text(conf)
    finished = []
    monkeypatch.setattr(version, "guide_version", lambda root: {"commit": "0123456789ab", "built": "2026-11-28"})
    assert _read_by_a_build(root, finished) == ["ch", "index"] and finished == [True]
    assert _read_by_a_build(root, finished) == [] and finished == [True, False]  # the site as the last build left it
    monkeypatch.setattr(version, "guide_version", lambda root: {"commit": "0123456789ab", "built": "2026-11-29"})
    assert _read_by_a_build(root, finished) == ["index"] and finished == [True, False, True]
    for page in ("index.html", "ch.html"):  # the chapter, not read again, says the new version too
        assert "Guide built 2026-11-29" in (root / "_build" / "html" / page).read_text(), page


def test_the_fonts_are_cut_to_the_icons_shown_without_a_line_in_the_build_log(tmp_path, caplog):
    import logging
    from types import SimpleNamespace

    import pydata_sphinx_theme

    from storageperf_book.sphinx import fonts

    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / fonts.WEBFONTS
    served = tmp_path / "_static" / fonts.WEBFONTS
    served.mkdir(parents=True)
    font = sorted(theme.glob("*.woff2"))[0]
    (served / font.name).write_bytes(font.read_bytes())
    (tmp_path / "index.html").write_text('<i class="fa-brands fa-github"></i>')
    app = SimpleNamespace(outdir=str(tmp_path), builder=SimpleNamespace(format="html"), _guide_wrote=True)
    with caplog.at_level(logging.INFO):
        fonts._subset_webfonts(app, None)
    assert (served / font.name).stat().st_size < font.stat().st_size / 10
    assert not [r for r in caplog.records if r.name.startswith("fontTools")]


def test_a_chapters_kernel_writes_nothing_to_the_build_log(tmp_path):
    import sys

    root = _sphinx_project(tmp_path)
    conf = (root / "conf.py").read_text().replace('nb_execution_mode = "off"', 'nb_execution_mode = "inline"')
    (root / "conf.py").write_text(conf)
    build = Path(sys.executable).with_name("sphinx-build")
    run = subprocess.run([str(build), "-q", "-W", str(root), str(root / "_build" / "html")], capture_output=True,
                         text=True, cwd=root)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert (root / "_build" / "html" / "ch.html").exists()


def _executing_project(tmp_path, monkeypatch):
    """The small book executed inline, its notebook a code cell that counts its runs in runs.txt, two numbers the
    prose reads from the kernel (x, set to 1 then 2) and a code cell between them."""
    import nbformat

    monkeypatch.setenv("IPYTHONDIR", "")  # restored after the test: the extension sets it for the build
    root = _sphinx_project(tmp_path)
    conf = (root / "conf.py").read_text().replace('nb_execution_mode = "off"', 'nb_execution_mode = "inline"')
    (root / "conf.py").write_text(conf)
    cells = [nbformat.v4.new_code_cell('import pathlib\npathlib.Path("runs.txt").open("a").write("run\\n")\nx = 1'),
             nbformat.v4.new_markdown_cell("# A chapter\n\nFirst {eval}`x`."),
             nbformat.v4.new_code_cell("x = 2"),
             nbformat.v4.new_markdown_cell("Then {eval}`x`.")]
    nb = nbformat.read(root / "ch.ipynb", as_version=4)
    nb.cells = cells
    nbformat.write(nb, root / "ch.ipynb")
    return root, nb


def _chapter_text(root):
    return " ".join(re.sub(r"<[^>]+>", " ", (root / "_build" / "html" / "ch.html").read_text()).split())


def test_a_prose_edit_renders_the_chapter_from_its_record_and_a_code_or_model_edit_executes_it(tmp_path,
                                                                                                 monkeypatch):
    import nbformat

    root, nb = _executing_project(tmp_path, monkeypatch)
    runs = root / "runs.txt"
    assert _read_by_a_build(root) == ["ch", "index"] and runs.read_text().count("run") == 1
    assert "First 1 ." in _chapter_text(root) and "Then 2 ." in _chapter_text(root)  # each as the cells above leave x
    nb.cells[1].source += "\n\nA sentence added."
    nb.cells.insert(2, nbformat.v4.new_markdown_cell("A paragraph added."))
    nbformat.write(nb, root / "ch.ipynb")
    assert _read_by_a_build(root) == ["ch"] and runs.read_text().count("run") == 1  # read again, not executed
    text = _chapter_text(root)
    assert "A sentence added." in text and "A paragraph added." in text and "First 1 ." in text and "Then 2 ." in text
    nb.cells[-1].source += " Again {eval}`x`."  # a new number: the kernel is asked
    nbformat.write(nb, root / "ch.ipynb")
    assert _read_by_a_build(root) == ["ch"] and runs.read_text().count("run") == 2
    assert "Again 2 ." in _chapter_text(root)
    nb.cells[3].source = "x = 3"
    nbformat.write(nb, root / "ch.ipynb")
    assert _read_by_a_build(root) == ["ch"] and runs.read_text().count("run") == 3
    assert "Then 3 . Again 3 ." in _chapter_text(root)
    model = root / "storageperf" / "model.py"
    model.write_text("y\n")
    later = model.stat().st_mtime + 10
    os.utime(model, (later, later))
    assert _read_by_a_build(root) == ["ch"] and runs.read_text().count("run") == 4  # the model changed
    os.utime(model, (later + 10, later + 10))
    assert _read_by_a_build(root) == ["ch"] and runs.read_text().count("run") == 4  # touched, not changed


def test_a_chapter_is_executed_again_when_a_file_its_outputs_name_is_gone(tmp_path, monkeypatch):
    from storageperf_book.figures import FIGURES_ENV

    root, nb = _executing_project(tmp_path, monkeypatch)
    figures = root / "figures"
    figures.mkdir()
    monkeypatch.setenv(FIGURES_ENV, str(figures))
    nb.cells[2].source = 'import pathlib\npathlib.Path(r"%s", "0123456789abcdef.json").write_text("{}")\nprint("0123456789abcdef.json")\nx = 2' % figures
    import nbformat

    nbformat.write(nb, root / "ch.ipynb")
    assert _read_by_a_build(root) == ["ch", "index"] and (root / "runs.txt").read_text().count("run") == 1
    (figures / "0123456789abcdef.json").unlink()
    later = (root / "ch.ipynb").stat().st_mtime + 10
    os.utime(root / "ch.ipynb", (later, later))
    assert _read_by_a_build(root) == ["ch"] and (root / "runs.txt").read_text().count("run") == 2
    assert (figures / "0123456789abcdef.json").is_file()


def test_a_failing_chapter_is_not_recorded(tmp_path, monkeypatch):
    import nbformat

    root, nb = _executing_project(tmp_path, monkeypatch)
    nb.cells[2].source = "raise ValueError('no')"
    nbformat.write(nb, root / "ch.ipynb")
    _read_by_a_build(root)
    assert not (root / "_build" / "doctrees" / "executed" / "ch.json").exists()
    later = (root / "ch.ipynb").stat().st_mtime + 10
    os.utime(root / "ch.ipynb", (later, later))
    _read_by_a_build(root)
    assert (root / "runs.txt").read_text().count("run") == 2


def test_a_number_reads_the_kernel_as_the_code_cells_rendered_above_it_leave_it():
    import nbformat

    from storageperf_book.sphinx.execution import numbers_asked

    code, prose = nbformat.v4.new_code_cell, nbformat.v4.new_markdown_cell
    removed = code("y = 2")
    removed.metadata["tags"] = ["remove-cell"]  # off the page: MyST-NB runs it when it renders the next code cell
    nb = nbformat.v4.new_notebook(cells=[prose("{eval}`x`"), code("x = 1"), prose("{eval}`x` and {eval}`y`"), removed,
                                         prose("{eval}`y`"), code("z = 3"), prose("{eval}`z`")])
    assert numbers_asked(nb) == [(0, "x"), (1, "x"), (1, "y"), (1, "y"), (3, "z")]


def test_a_records_key_is_what_the_outputs_come_from_and_not_the_prose(monkeypatch):
    import nbformat

    from storageperf_book.sphinx.execution import record_key

    def key(prose="Some prose.", code="x = 1", inputs="model"):
        return record_key(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(prose),
                                                          nbformat.v4.new_code_cell(code)]), inputs)

    monkeypatch.delenv("STORAGEPERF_SITE", raising=False)
    first = key()
    assert key(prose="Other prose, the same numbers.") == first
    assert len({first, key(prose="A number: {eval}`x`."), key(code="x = 2"), key(inputs="model changed")}) == 4
    monkeypatch.setenv("STORAGEPERF_SITE", "1")  # the kernel reads it: a site build's outputs differ
    assert key() != first


@pytest.mark.parametrize("value, expected", [("3", 3), (" 1 ", 1), ("", None), ("0", ValueError),
                                             ("two", ValueError), ("-1", ValueError)])
def test_how_many_notebooks_a_build_executes_at_a_time(monkeypatch, value, expected):
    from storageperf_book.sphinx import execution

    monkeypatch.setenv(execution.WORKERS_ENV, value)
    if expected is ValueError:
        with pytest.raises(ValueError, match=f"{execution.WORKERS_ENV} must be a whole number of at least 1, got"):
            execution.workers()
    else:
        assert execution.workers() == (expected or len(os.sched_getaffinity(0)))


def test_the_notebooks_a_build_reads_are_executed_at_once_before_their_pages(tmp_path, monkeypatch):
    import nbformat

    from storageperf_book.sphinx import execution

    root, nb = _executing_project(tmp_path, monkeypatch)
    monkeypatch.setattr(execution, "workers", lambda: 2)
    # each notebook waits for the other to start: executed one after the other, the first would time out
    barrier = ("import pathlib, time\npathlib.Path('{me}.started').touch()\n"
               "for _ in range(600):\n    if pathlib.Path('{other}.started').exists(): break\n    time.sleep(0.1)\n"
               "else:\n    raise TimeoutError('{other} did not start')")
    for me, other in (("ch", "ch2"), ("ch2", "ch")):
        nb.cells[2].source = barrier.format(me=me, other=other) + "\nx = 2"
        nbformat.write(nb, root / f"{me}.ipynb")
    (root / "index.md").write_text("# A page\n\n```{toctree}\nch\nch2\n```\n")
    read = []

    def note_reading(app, docname, source):
        records = sorted(p.name for p in (root / "_build" / "doctrees" / execution.RECORDS).glob("*.json"))
        read.append((docname, records))

    monkeypatch.setattr(execution, "_note_model_files", lambda app, docname, source: note_reading(app, docname, source))
    assert _read_by_a_build(root) == ["ch", "ch2", "index"]
    assert read[0] == ("ch", ["ch.json", "ch2.json"])  # both executed before the first page is read
    assert "Then 2 ." in _chapter_text(root) and (root / "runs.txt").read_text().count("run") == 2


def test_the_archives_are_written_again_only_when_what_they_hold_changed(tmp_path):
    from storageperf_book.sphinx.archives import ARCHIVE_INPUTS, archives_current

    root, out = tmp_path / "book-root", tmp_path / "site"
    for name in ("storageperf/model.py", "data/table.csv", "book/ch.ipynb", *ARCHIVE_INPUTS):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x\n")
    assert not archives_current(root, out, ["book/ch"])  # none written yet
    archive = out / "downloads" / "ch.zip"
    archive.parent.mkdir(parents=True)
    archive.write_bytes(b"zip")
    later = archive.stat().st_mtime + 10
    os.utime(archive, (later, later))
    assert archives_current(root, out, ["book/ch"])
    for changed in ("storageperf/model.py", "data/table.csv", "book/ch.ipynb", "binder/requirements.txt"):
        os.utime(root / changed, (later + 10, later + 10))
        assert not archives_current(root, out, ["book/ch"]), changed
        os.utime(root / changed, (later - 10, later - 10))


def test_the_errata_and_the_release_links_are_read_again_only_when_what_they_say_changed(tmp_path, monkeypatch):
    from storageperf_book import errata
    from storageperf_book.sphinx.errata import ERRATA_PAGE
    from storageperf_book.sphinx.repository import RELEASE_PAGE, REPOSITORY_ENV

    monkeypatch.setenv("IPYTHONDIR", "")  # restored after the test: the extension sets it for the build
    monkeypatch.setenv(REPOSITORY_ENV, "https://github.com/example-reader/guide-fork")
    # the data's history as git would give it (storageperf_book.errata is tested on its own)
    monkeypatch.setattr(errata, "page_markdown", lambda root, repository="": f"No change; history at {repository}.\n")
    root = _sphinx_project(tmp_path)
    conf = (root / "conf.py").read_text().replace(
        '"storageperf_book.sphinx.execution"]', '"storageperf_book.sphinx.execution", "storageperf_book.sphinx.errata", '
        '"storageperf_book.sphinx.repository"]\nhtml_theme = "sphinx_book_theme"')
    (root / "conf.py").write_text(conf)
    (root / "book").mkdir()
    (root / f"{ERRATA_PAGE}.md").write_text(f"# Errata\n\n{errata.MARKER}\n")
    (root / f"{RELEASE_PAGE}.md").write_text("# Intro\n\n```{latest-release}\n```\n")
    (root / "index.md").write_text(f"# A page\n\n```{{toctree}}\nch\n{ERRATA_PAGE}\n{RELEASE_PAGE}\n```\n")
    assert _read_by_a_build(root) == [ERRATA_PAGE, RELEASE_PAGE, "ch", "index"]
    assert _read_by_a_build(root) == []  # the same history, the same address: nothing read
    monkeypatch.setenv(REPOSITORY_ENV, "https://github.com/another-reader/guide-fork")
    assert _read_by_a_build(root) == [ERRATA_PAGE, RELEASE_PAGE]  # both link the repository
    monkeypatch.setattr(errata, "page_markdown", lambda root, repository="": "A change to the data.\n")  # a commit
    assert _read_by_a_build(root) == [ERRATA_PAGE]
    assert "A change to the data." in (root / "_build" / "html" / f"{ERRATA_PAGE}.html").read_text()


def test_the_site_serves_the_state_files_and_keys_its_pages_name_and_no_stale_one(tmp_path):
    from types import SimpleNamespace

    from storageperf_book.sphinx import calculators

    app = SimpleNamespace(outdir=str(tmp_path / "html"), doctreedir=str(tmp_path / "doctrees"),
                          builder=SimpleNamespace(format="html"), _guide_wrote=True)
    states, keys = Path(app.doctreedir) / "calculator-states", Path(app.doctreedir) / "quiz-files"
    now, stale, key = "0123456789abcdef.json", "fedcba9876543210.json", "quiz-00112233aabbccdd.json"
    for folder, name in ((states, now), (states, stale), (keys, key)):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("{}")
    served = Path(app.outdir) / "_static" / calculators.STATES
    served.mkdir(parents=True)
    (served / stale).write_text("{}")  # served by an earlier build, for a page since changed
    (Path(app.outdir) / "page.html").write_text(
        f'<div class="calculator" data-calculator="{{&quot;states&quot;:&quot;{now}&quot;}}"></div>'
        f'<form class="quiz" data-quiz="{{&quot;src&quot;:&quot;{key}&quot;}}"></form>')
    calculators._serve_build_files(app, None)
    assert sorted(p.name for p in served.iterdir()) == [now]
    assert sorted(p.name for p in (Path(app.outdir) / "_static" / calculators.QUIZZES).iterdir()) == [key]
    assert sorted(p.name for p in states.iterdir()) == [now]


def test_a_stylesheet_edited_is_served_by_the_next_build(tmp_path, monkeypatch):
    monkeypatch.setenv("IPYTHONDIR", "")  # restored after the test: the extension sets it for the build
    root = _sphinx_project(tmp_path)
    conf = (root / "conf.py").read_text().replace('"storageperf_book.sphinx.execution"]',
                                                  '"storageperf_book.sphinx.execution", "storageperf_book.sphinx.static"]')
    (root / "conf.py").write_text(conf + 'html_static_path = ["_static"]\n')
    (root / "_static").mkdir()
    css = root / "_static" / "book.css"
    css.write_text("body { color: black; }\n")
    _read_by_a_build(root)
    assert _read_by_a_build(root) == []  # nothing changed: nothing read
    css.write_text("body { color: navy; }\n")
    later = css.stat().st_mtime + 10
    os.utime(css, (later, later))
    assert _read_by_a_build(root) == ["index"]
    assert "navy" in (root / "_build" / "html" / "_static" / "book.css").read_text()
    assert _read_by_a_build(root) == []
    css.write_text("body { color: teal; }\n")  # an edit that keeps an older time (a checkout of an older commit)
    os.utime(css, (later - 100, later - 100))
    assert _read_by_a_build(root) == ["index"]
    assert "teal" in (root / "_build" / "html" / "_static" / "book.css").read_text()
    (root / "_static" / "book.js").write_text("// new\n")
    assert _read_by_a_build(root) == ["index"] and (root / "_build" / "html" / "_static" / "book.js").exists()
    assert _read_by_a_build(root) == []


def test_the_build_command_is_jupyter_books_and_checks_the_configuration_without_the_grammars():
    import sys

    code = """
import sys
import yaml
from storageperf_book import build
try:
    build.main(["--help"])
except SystemExit as done:
    print("exit", done.code)
from jupyter_book.config import validate_yaml
validate_yaml(yaml.safe_load(open("_config.yml")), raise_on_errors=True)
print("rfc3987_syntax", sys.modules["rfc3987_syntax"])
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert run.returncode == 0, run.stderr
    assert "--path-output" in run.stdout and "exit 0" in run.stdout  # jupyter-book build's own options
    assert run.stdout.splitlines()[-1] == "rfc3987_syntax None"  # never imported: its grammars never compiled
