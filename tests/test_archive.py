"""A chapter's archive holds what running it needs: the notebook, the wheel, the pinned requirements, a README."""
import zipfile

from storageperf_book import archive


def test_archive_layout(tmp_path):
    notebook = tmp_path / "demo.ipynb"
    notebook.write_text("{}")
    wheel = tmp_path / "storageperf-9.9-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("# a comment\nnumpy==2.4.6\n\npandas==3.1.1\n")
    target = archive.chapter_archive(notebook, wheel, requirements, tmp_path / "out" / "demo.zip", "A demo")
    with zipfile.ZipFile(target) as z:
        assert sorted(z.namelist()) == ["demo/README.txt", "demo/demo.ipynb", "demo/requirements.txt",
                                        "demo/storageperf-9.9-py3-none-any.whl"]
        # the pins as given, without comments, and the wheel by a path relative to the folder
        assert z.read("demo/requirements.txt").decode().splitlines() == [
            "numpy==2.4.6", "pandas==3.1.1", "./storageperf-9.9-py3-none-any.whl"]
        readme = z.read("demo/README.txt").decode()
        assert "A demo" in readme and "pip install -r requirements.txt" in readme and "demo.ipynb" in readme
        # a participant on any laptop finds their system's commands: macOS and Linux, and Windows
        assert "python3 -m venv .venv" in readme and ".venv/bin/jupyter lab demo.ipynb" in readme
        assert "py -m venv .venv" in readme and ".venv\\Scripts\\jupyter lab demo.ipynb" in readme


def test_a_set_of_notebooks_with_the_setup_check_says_how_to_run_it(tmp_path):
    notebooks = [tmp_path / "a.ipynb", tmp_path / "b.ipynb", tmp_path / "setup-check.ipynb"]
    for n in notebooks:
        n.write_text("{}")
    wheel = tmp_path / "storageperf-9.9-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("numpy==2.4.6\n")
    readmes = {}
    for extra in ({}, {"setup-check.ipynb": notebooks[2]}):
        target = archive.notebooks_archive(notebooks[:2], wheel, requirements, tmp_path / f"set{len(extra)}.zip",
                                           "set", "A set", extra=extra)
        with zipfile.ZipFile(target) as z:
            readmes[len(extra)] = z.read("set/README.txt").decode()
            assert ("set/setup-check.ipynb" in z.namelist()) == bool(extra)
    for readme in readmes.values():
        assert ".venv\\Scripts\\jupyter lab\n" in readme and ".venv/bin/jupyter lab\n" in readme
    assert "python -m storageperf_book.setup_check" in readmes[1]
    assert "setup_check" not in readmes[0]
