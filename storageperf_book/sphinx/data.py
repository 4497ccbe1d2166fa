"""The data package served with the site at ``data/`` (the appendix links to its tables there), and the sizing
studio's facts file (:mod:`storageperf_book.studio_page`), generated from it."""
from __future__ import annotations

import shutil
from pathlib import Path

from . import build_version, html_done


def _copy_data(app, exception):
    # where the repository has it, so a reader can download it
    if html_done(app, exception):
        from storageperf.data import DATA_DIR

        target = Path(app.outdir) / "data"
        for path in DATA_DIR.rglob("*"):
            if path.suffix in (".csv", ".json", ".md"):
                (target / path.relative_to(DATA_DIR)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target / path.relative_to(DATA_DIR))


def _write_studio_facts(app, exception):
    # The sizing studio's page computes from this one file, generated from the data package with the site.
    if html_done(app, exception):
        from ..studio_page import FACTS_FILE, facts_json

        (Path(app.outdir) / "_static" / FACTS_FILE).write_text(facts_json(build_version(app)), encoding="utf-8")


def setup(app):
    """Serve the data package and the studio's facts with the site."""
    app.setup_extension("storageperf_book.sphinx")  # html_done
    app.connect("build-finished", _copy_data)
    app.connect("build-finished", _write_studio_facts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
