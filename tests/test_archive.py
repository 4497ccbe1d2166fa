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
