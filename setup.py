"""Build step only: pyproject.toml holds the metadata. Ship a copy of the repository's ``data/`` in the package.

``data/`` stays at the top of the repository (the book and readers use it there); a built wheel carries it as
``storageperf/_data/``, where ``storageperf.data`` looks first. Copied at build time, so git holds one copy and
no symlink. An editable install copies nothing and keeps reading ``data/`` in the checkout.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = Path(__file__).resolve().parent / "data"  # in a checkout or an unpacked sdist (MANIFEST.in: graft data)
KINDS = ("*.csv", "*.json", "*.md", "*.txt", "*.yaml")  # what data/ holds (*.txt: fio samples); subfolders kept


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if self.editable_mode:  # pip install -e .: nothing is copied, storageperf reads data/ in place
            return
        target = Path(self.build_lib) / "storageperf" / "_data"
        shutil.rmtree(target, ignore_errors=True)  # no stale file from an earlier build in build/
        for src in sorted(p for kind in KINDS for p in DATA.rglob(kind)):
            dest = target / src.relative_to(DATA)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)


setup(cmdclass={"build_py": build_py_with_data})
