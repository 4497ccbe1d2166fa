"""A chapter is executed again when what its outputs come from changes: its notebook, or any file of the model
(``storageperf/``), the book's code (``storageperf_book/``) or the data (``data/``).

Sphinx reads again, and myst-nb executes again, a page whose source changed; a notebook also names these files as
its dependencies, so that a change to the model or the data is a change to every chapter, and a rebuild with
nothing changed executes nothing. The chapters' kernels run in the build's own IPython profile: a reader's startup
files do not change what the build writes, and the kernels' notices stay out of the build log, where a real warning
must stand out.
"""
from __future__ import annotations

import os
from pathlib import Path

#: The folders, beside the book's configuration, whose every file a notebook's outputs may come from.
SOURCES = ("storageperf", "storageperf_book", "data")


def model_files(root):
    """The files of :data:`SOURCES` under ``root`` (bytecode left out), sorted."""
    return sorted(str(p) for folder in SOURCES for p in (Path(root) / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def _note_model_files(app, docname, source):
    if str(app.env.doc2path(docname)).endswith(".ipynb"):
        if not hasattr(app, "_model_files"):
            app._model_files = model_files(app.confdir)
        for path in app._model_files:
            app.env.note_dependency(path)


def _kernels_profile(app):
    """The IPython folder the chapters' kernels run in: a default profile that logs only the kernel's errors (not
    its notice, on every start, that it talks over TCP on this machine)."""
    profile = Path(app.doctreedir) / "ipython" / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    (profile / "ipython_kernel_config.py").write_text('c.IPKernelApp.log_level = "ERROR"\n', encoding="utf-8")
    return profile.parent


def setup(app):
    """Make every notebook depend on the model, the book's code and the data; run the kernels in the build's own
    IPython profile."""
    app.connect("source-read", _note_model_files)
    os.environ["IPYTHONDIR"] = str(_kernels_profile(app))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
