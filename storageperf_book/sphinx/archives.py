"""Each chapter's runnable archive (:mod:`storageperf_book.archive`): written with the site, and offered in the
page's download menu beside the launch buttons, in place of the bare notebook, which runs nowhere without the
guide's package. A rebuild writes them again only when what they hold changed (:func:`archives_current`)."""
from __future__ import annotations

from pathlib import Path

from . import html_done
from .execution import model_files

#: What every archive holds beside its notebook, relative to the book's root: the package's build files (its wheel),
#: the bibliography (the notebook's citations as text) and the reader's pins.
ARCHIVE_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "book/references.bib", "binder/requirements.txt")


def archives_current(root, outdir, chapters):
    """Whether each chapter's archive under ``outdir`` is newer than everything it is made of: its notebook, the
    files of the package and the data (:func:`~storageperf_book.sphinx.execution.model_files`) and
    :data:`ARCHIVE_INPUTS`. ``chapters`` are docnames (``book/cool-access`` ...)."""
    from ..archive import FOLDER

    root = Path(root)
    targets = [Path(outdir) / FOLDER / f"{Path(name).name}.zip" for name in chapters]
    inputs = [*model_files(root), *(root / f"{name}.ipynb" for name in chapters),
              *(root / name for name in ARCHIVE_INPUTS)]
    newest = max(Path(p).stat().st_mtime for p in inputs if Path(p).exists())
    return bool(targets) and all(t.exists() and t.stat().st_mtime > newest for t in targets)


def _chapters(app):
    """The notebook chapters of the site: docname -> title."""
    env = app.env
    return {doc: env.titles[doc].astext() for doc in sorted(env.found_docs)
            if str(env.doc2path(doc)).endswith(".ipynb") and doc in env.titles}


def _add_chapter_download(app, pagename, templatename, context, doctree):
    if pagename not in _chapters(app):
        return
    from ..archive import FOLDER

    link = {"type": "link", "url": context["pathto"](f"{FOLDER}/{pagename.split('/')[-1]}.zip", 1),
            "text": "runnable chapter (.zip)", "icon": "fas fa-file-zipper",
            "tooltip": "Download this chapter to run it: the notebook, the package and its requirements",
            "label": "download-chapter-button"}
    for button in context.get("header_buttons", []):
        if button.get("label") == "download-buttons":
            button["buttons"] = [link] + [b for b in button["buttons"]
                                          if not str(b.get("url", "")).endswith(".ipynb")]
            return
    context.setdefault("header_buttons", []).append(link)


def _write_archives(app, exception):
    if html_done(app, exception):
        from ..archive import site_archives

        chapters = _chapters(app)
        if not archives_current(app.confdir, app.outdir, chapters):
            site_archives(app.confdir, app.outdir, chapters)


def setup(app):
    """Offer each chapter's archive in its download menu, and write the archives with the site."""
    app.setup_extension("storageperf_book.sphinx")  # html_done
    app.connect("html-page-context", _add_chapter_download, priority=502)
    app.connect("build-finished", _write_archives)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
