"""The repository the site was built from: its launch and repository buttons, "report an error", the latest release.

The buttons point at :func:`repository_url`: the address in the environment variable :data:`REPOSITORY_ENV` if set,
else the checkout's ``origin`` remote, else ``repository.url`` of ``_config.yml``; with none, the buttons are left
out rather than pointing nowhere. So a fork's site launches the fork. The theme's "open issue" button becomes
"Report an error on this page" (:func:`report_url`, and ``report-error.js`` adds the section the reader is at), and
the intro's ``latest-release`` directive links the latest release's files (:func:`release_paragraph`).
"""
from __future__ import annotations

import os
import re
import subprocess

from . import read_again_when_changed

#: Environment variable that sets the repository the site's buttons point at (overrides the git remote).
REPOSITORY_ENV = "GUIDE_REPOSITORY_URL"

#: The script that writes the section a reader is at into the "report an error" link, relative to ``_static``; on
#: every page when the repository is known.
REPORT_JS = "report-error.js"

#: The page with the ``latest-release`` directive (:func:`release_paragraph`).
RELEASE_PAGE = "book/intro"


def web_url(remote):
    """The web address of a git remote, or None when it is not one a browser can open.

    Examples
    --------
    >>> web_url("git@github.com:someone/guide.git"), web_url("https://github.com/someone/guide.git")
    ('https://github.com/someone/guide', 'https://github.com/someone/guide')
    >>> web_url("/home/someone/guide") is None
    True
    """
    remote = (remote or "").strip()
    ssh = re.fullmatch(r"(?:ssh://)?git@([^:/]+)[:/](.+?)(?:\.git)?/?", remote)
    if ssh:
        return f"https://{ssh.group(1)}/{ssh.group(2)}"
    web = re.fullmatch(r"(https?://[^\s]+?)(?:\.git)?/?", remote)
    return web.group(1) if web else None


def repository_url(root, configured=""):
    """The repository the site's buttons point at: :data:`REPOSITORY_ENV`, else the ``origin`` remote, else
    ``configured``; "" when none is a web address."""
    for candidate in (os.environ.get(REPOSITORY_ENV), _origin(root), configured):
        url = web_url(candidate)
        if url:
            return url
    return ""


def _origin(root):
    try:
        out = subprocess.run(["git", "-C", str(root), "remote", "get-url", "origin"], capture_output=True, text=True,
                             timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _set_repository(app, config):
    options = dict(config.html_theme_options or {})
    url = repository_url(app.confdir, options.get("repository_url", ""))
    options["repository_url"] = url
    for button in ("use_repository_button", "use_issues_button", "use_edit_page_button"):
        options[button] = bool(url)
    if not url:
        options["launch_buttons"] = {}
    else:
        app.add_js_file(REPORT_JS, type="module")
    config.html_theme_options = options


def report_url(repository, pagename, title):
    """The address of a new issue on ``repository`` about the page ``pagename`` (its ``title``), pre-filled with the
    page; ``report-error.js`` adds the section the reader is at, and the page's address as served.

    Examples
    --------
    >>> report_url("https://github.com/someone/guide", "book/cool-access", "Cool access")[:78]
    'https://github.com/someone/guide/issues/new?title=Error+on+%22Cool+access%22&b'
    """
    from urllib.parse import urlencode

    body = (f"Page: {title} ({pagename}.html)\nSection: \n\nWhat is wrong:\n\n"
            "What it should say, and where you read it (the document, its section or table, its date):\n")
    return f"{repository}/issues/new?" + urlencode({"title": f'Error on "{title}"', "body": body})


def _report_and_edit_buttons(app, pagename, templatename, context, doctree):
    # The theme's "Open issue" and "Suggest edit" buttons, in the repository's menu when the repository is known: an
    # issue pre-filled with the page (and, by report-error.js, the section the reader is at), and the page's source
    # opened for an edit.
    repository = app.config.html_theme_options.get("repository_url")
    if not repository:
        return
    from markupsafe import Markup

    title = Markup(context.get("title", pagename)).striptags()
    for group in context.get("header_buttons", []):
        for button in group.get("buttons", []):
            if button.get("label") == "source-issues-button":
                button.update(url=report_url(repository, pagename, title), text="Report an error on this page",
                              tooltip="Open an issue about this page and the section you are reading",
                              label="report-error-button")
            elif button.get("label") == "source-edit-button":
                button.update(text="Suggest an edit", tooltip="Propose a change to this page's source")


def release_paragraph(repository):
    """What the ``latest-release`` directive says: links to the latest release's files of ``repository`` (its web
    address), or, with none known, which make targets build them. A docutils paragraph."""
    from docutils import nodes

    from ..release import ASSETS, SUMS, latest_download_url

    paragraph = nodes.paragraph()
    paragraph += nodes.strong("To download", "To download")
    if not repository:
        text = (": this copy was built without its repository's address, so it links no release. In a clone, "
                "`make handouts` builds the whole book as one PDF and the offline copy, `make workshop` the "
                "workshop's editions.")
        for i, part in enumerate(text.split("`")):
            paragraph += nodes.literal(part, part) if i % 2 else nodes.Text(part)
        return paragraph
    paragraph += nodes.Text(", from the latest release: ")
    files = [(what, name) for name, (_, what) in ASSETS.items()] + [("their SHA-256 sums", SUMS)]
    for i, (what, name) in enumerate(files):
        if i:
            paragraph += nodes.Text(", " if i < len(files) - 1 else " and ")
        paragraph += nodes.reference(what, what, refuri=latest_download_url(repository, name))
    paragraph += nodes.Text(".")
    return paragraph


def _latest_release_directive():
    from sphinx.util.docutils import SphinxDirective

    class LatestRelease(SphinxDirective):
        """``{latest-release}``: :func:`release_paragraph` for the repository the site is built from."""

        def run(self):
            repository = self.config.html_theme_options.get("repository_url", "")
            self.env.guide_release_repository = repository
            return [release_paragraph(repository)]

    return LatestRelease


def _repository(app):
    return app.config.html_theme_options.get("repository_url", "")


# the release's links follow the repository's address, which no source file records
_read_when_moved, _merge = read_again_when_changed(RELEASE_PAGE, "guide_release_repository", _repository)


def setup(app):
    """Point the buttons at the repository; offer "report an error" and the latest release's files."""
    app.connect("config-inited", _set_repository)
    app.add_directive("latest-release", _latest_release_directive())
    app.connect("env-get-outdated", _read_when_moved)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _report_and_edit_buttons, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
