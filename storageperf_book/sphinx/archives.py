"""Each chapter's runnable archive (:mod:`storageperf_book.archive`): written with the site, and offered in the
page's download menu beside the launch buttons, in place of the bare notebook, which runs nowhere without the
guide's package."""
from __future__ import annotations

from . import html_done


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

        site_archives(app.confdir, app.outdir, _chapters(app))


def setup(app):
    """Offer each chapter's archive in its download menu, and write the archives with the site."""
    app.connect("html-page-context", _add_chapter_download, priority=502)
    app.connect("build-finished", _write_archives)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
