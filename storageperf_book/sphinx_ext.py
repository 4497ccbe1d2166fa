"""The book's Sphinx extension (``storageperf_book.sphinx_ext`` in ``_config.yml``).

It serves plotly.js once per site, named only by pages that have a figure (a ``<meta>`` from which ``figures.js``
loads it once the page is parsed): the official partial bundle with the trace types the book draws, of the plotly.js
version plotly.py bundles (:mod:`storageperf_book.plotly_bundle`, cached in ``build/vendor/`` of the checkout,
downloaded from the npm registry once and checked against its pinned sha512), with its licence beside it; the build
stops when plotly.py's plotly.js is not the pinned one. It copies the data package into the site's ``data/`` folder
(the appendix links to its tables there), and tells notebooks executed for the site (through
:data:`~storageperf_book.figures.SITE_ENV`) to render calculators and knowledge checks without a kernel, and
serves the knowledge checks' script and keys (:mod:`storageperf_book.quiz`) on the pages that have one. It also
gives the bibliography style ``book`` (``bibtex_default_style`` in ``_config.yml``): pybtex's ``alpha`` labels, with
the letter that tells two works of one author and year apart ("Microsoft25b") given once over the whole ``.bib``
file, so that a work keeps its label in every chapter's reference list and no two works share one. Each chapter page
offers its runnable archive (:mod:`storageperf_book.archive`) in the download menu beside the launch buttons, in place
of the bare notebook.

The launch and repository buttons point at the repository the site was built from (:func:`repository_url`): the
address in the environment variable :data:`REPOSITORY_ENV` if set, else the checkout's ``origin`` remote, else
``repository.url`` of ``_config.yml``; with none, the buttons are left out rather than pointing nowhere. So a
fork's site launches the fork.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from . import citations, plotly_bundle
from .calculator import STATES_ENV
from .figures import SITE_ENV
from .quiz import FILES_ENV as QUIZ_FILES_ENV

#: Environment variable that sets the repository the site's buttons point at (overrides the git remote).
REPOSITORY_ENV = "GUIDE_REPOSITORY_URL"

#: Where plotly.js is served, relative to the site's ``_static`` folder, and its licence beside it.
PLOTLY_JS = f"vendor/{plotly_bundle.SCRIPT}"
PLOTLY_LICENSE = f"{PLOTLY_JS}.LICENSE.txt"

#: Where the build keeps the plotly.js package it downloads, relative to the checkout (git-ignored).
PLOTLY_CACHE = "build/vendor"


#: The figures' script (a module that imports a module for each job: lazy drawing, fitting to a narrow screen, the
#: numbers as CSV, print), relative to ``_static``; on every page (print opens folded text on any).
FIGURES_JS = "figures.js"

#: The calculators' script (native controls over the state files), relative to ``_static``; and where it finds the
#: state files.
CALCULATOR_JS = "calculator.js"
STATES = "calculators"

#: The knowledge checks' script (storageperf_book.quiz), relative to ``_static``; and where it finds their keys.
QUIZ_JS = "quiz.js"
QUIZZES = "quizzes"

#: The script that writes the section a reader is at into the "report an error" link, relative to ``_static``; on
#: every page when the repository is known.
REPORT_JS = "report-error.js"


def _add_plotly(app, pagename, templatename, context, doctree):
    # figures.js loads plotly.js once the page is parsed, from the address this tag gives, and draws a figure when
    # the reader nears it
    if "plotly-graph-div" in context.get("body", ""):
        url = context["pathto"](f"_static/{PLOTLY_JS}", 1)
        context["metatags"] = context.get("metatags", "") + f'\n<meta name="book-plotly-js" content="{url}" />'
    if 'class="calculator"' in context.get("body", ""):
        app.add_js_file(CALCULATOR_JS, type="module")
    if 'class="quiz"' in context.get("body", ""):
        app.add_js_file(QUIZ_JS, type="module")


def _states_folder(app):
    return Path(app.doctreedir) / "calculator-states"


def _copy_build_files(folder, served):
    """A build-finished handler: copy the JSON files the executed notebooks wrote into ``folder(app)`` (each named
    by its content) to the site's ``_static/<served>``."""
    def copy(app, exception):
        if exception is None and app.builder.format == "html":
            target = Path(app.outdir) / "_static" / served
            target.mkdir(parents=True, exist_ok=True)
            for f in sorted(folder(app).glob("*.json")):
                shutil.copyfile(f, target / f.name)
    return copy


def _quiz_folder(app):
    return Path(app.doctreedir) / "quiz-files"


#: Each executed calculator wrote its state files, each knowledge check its key and feedback: the site serves them
#: beside calculator.js and quiz.js.
_copy_states = _copy_build_files(_states_folder, STATES)
_copy_quiz_files = _copy_build_files(_quiz_folder, QUIZZES)


def _citations_as_list_items(app, pagename, templatename, context, doctree):
    # docutils marks each entry of a citation list (role "list") with DPUB-ARIA's role "doc-biblioentry", which
    # ARIA 1.1 deprecated: assistive technology and axe-core do not count it as a list item, so the list reads as
    # broken. A plain "listitem" says the same.
    if "body" in context:
        context["body"] = context["body"].replace('role="doc-biblioentry"', 'role="listitem"')


def _drop_duplicate_scripts(app, pagename, templatename, context, doctree):
    # sphinx-thebe 0.3.1 adds its inline configuration twice; declared twice, `const` is a page error.
    seen, unique = set(), []
    for script in context.get("script_files", []):
        key = (getattr(script, "filename", script) or "", tuple(sorted(getattr(script, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


def _copy_plotly(app):
    # First thing in the build, so that a version mismatch or a failed download stops it before the notebooks run.
    if app.builder.format == "html":
        files = plotly_bundle.files(Path(app.confdir) / PLOTLY_CACHE)
        static = Path(app.outdir) / "_static"
        (static / PLOTLY_JS).parent.mkdir(parents=True, exist_ok=True)
        (static / PLOTLY_JS).write_bytes(files[plotly_bundle.SCRIPT])
        (static / PLOTLY_LICENSE).write_bytes(files[plotly_bundle.LICENSE])


def _version(app):
    # The build's version (storageperf_book.version.guide_version), asked of git once a build.
    if not hasattr(app, "_guide_version"):
        from .version import guide_version

        app._guide_version = guide_version(app.srcdir)
    return app._guide_version


#: The build's version in a page's head, which calculator.js says under each calculator's answer.
_VERSION_META = re.compile(r'\n?<meta name="guide-version" content="[^"]*">')


def _guide_version_meta(app, exception):
    # Written into every page once the build is done, so that a page an incremental build did not rewrite still
    # says the version it is served with.
    if exception is None and app.builder.format == "html":
        import html

        from .version import version_text

        meta = f'<meta name="guide-version" content="{html.escape(version_text(_version(app)))}">'
        for page in Path(app.outdir).rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            done = _VERSION_META.sub("", text).replace("</head>", f"{meta}\n</head>", 1)
            if done != text:
                page.write_text(done, encoding="utf-8")


def _write_studio_facts(app, exception):
    # The sizing studio's page computes from this one file, generated from the data package with the site.
    if exception is None and app.builder.format == "html":
        from .studio_page import FACTS_FILE, facts_json

        (Path(app.outdir) / "_static" / FACTS_FILE).write_text(facts_json(_version(app)), encoding="utf-8")


def _copy_data(app, exception):
    # The data package, served with the site at data/ (where the repository has it), so a reader can download it.
    if exception is None and app.builder.format == "html":
        from storageperf.data import DATA_DIR

        target = Path(app.outdir) / "data"
        for path in DATA_DIR.rglob("*"):
            if path.suffix in (".csv", ".json", ".md"):
                (target / path.relative_to(DATA_DIR)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target / path.relative_to(DATA_DIR))


#: The theme's fontawesome.js (about 540 kB compressed, on every page) draws icons as SVG and lets a site add its own;
#: the theme's stylesheet already draws its icons from the Font Awesome webfonts it serves, and the book adds none.
_FONTAWESOME_JS = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>')


def _drop_fontawesome_js(app, exception):
    if exception is None and app.builder.format == "html":
        for page in Path(app.outdir).rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            if _FONTAWESOME_JS.search(text):
                page.write_text(_FONTAWESOME_JS.sub("", text), encoding="utf-8")
        for name in ("fontawesome.js", "fontawesome.js.map", "fontawesome.js.LICENSE.txt"):
            (Path(app.outdir) / "_static" / "scripts" / name).unlink(missing_ok=True)


#: Scripts no page but the search page needs while the theme's search-as-you-type is off (its default): the search
#: dialog sends the reader to search.html, which loads them itself. Loaded on every page they cost about 25 kB
#: compressed, and they stop sphinx_highlight.js marking the words a reader searched for on the page found.
_INLINE_SEARCH = re.compile(r'\s*<script src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js'
                            r'|searchindex\.js)"[^>]*></script>')
#: sphinx-design's script for tabs, which no page of the book has.
_TABS_JS = re.compile(r'\s*<script[^>]*src="[^"]*_static/design-tabs\.js[^"]*"[^>]*></script>')
#: sphinx-thebe's script, stylesheet and configuration, which only a "live code" launch button uses: the book has none
#: (``launch_buttons.thebe`` unset).
_THEBE = re.compile(r'\s*(?:<link[^>]*_static/sphinx-thebe\.css[^>]*/>'
                    r'|<script[^>]*_static/sphinx-thebe\.js[^>]*></script>|<script>const THEBE_JS_URL[^<]*</script>'
                    r'|<script type="text/x-thebe-config">.*?</script>)', re.S)


def _drop_unused_scripts(app, exception):
    if exception is None and app.builder.format == "html":
        inline_search = str(app.config.html_theme_options.get("search_as_you_type", False)).lower() == "true"
        pages = [p for p in Path(app.outdir).rglob("*.html") if "_static" not in p.parts]
        tabs = any("sd-tab-set" in p.read_text(encoding="utf-8") for p in pages)
        thebe = bool((app.config.html_theme_options.get("launch_buttons") or {}).get("thebe"))
        for page in pages:
            text = page.read_text(encoding="utf-8")
            new = text if inline_search or page.name == "search.html" else _INLINE_SEARCH.sub("", text)
            new = new if tabs else _TABS_JS.sub("", new)
            new = new if thebe else _THEBE.sub("", new)
            if new != text:
                page.write_text(new, encoding="utf-8")


_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_TIGHT = set("{}()[],;:=<>?!&|*%^~")


def without_comments(script):
    r"""A script without its comments, indentation and blank lines: what a browser runs, smaller to send.

    Strings, template literals and regular expressions are kept as written; a line break stays a line break (so no
    statement runs into the next).

    Examples
    --------
    >>> without_comments('/* a header */\nconst url = "http://x"; // a note\n  const re = /\\/\\/ [/]/g; `a // b`;\n')
    'const url="http://x";\nconst re=/\\/\\/ [/]/g;`a // b`;\n'
    >>> without_comments('if (a - -b > c / d) return x ? "{ y }" : z;')
    'if(a - -b>c / d)return x?"{ y }":z;\n'
    """
    out, i, n, last = [], 0, len(script), ""
    while i < n:
        c = script[i]
        if script.startswith("/*", i):
            i = script.index("*/", i + 2) + 2
        elif script.startswith("//", i):
            end = script.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'`" or (c == "/" and (last in _REGEX_AFTER or re.search(r"\b(?:return|typeof|case|in|of)\s*$",
                                                                            "".join(out[-12:])))):
            j, in_class = i + 1, False
            while True:  # to the closing quote or slash, past escapes (and, in a regular expression, classes)
                d = script[j]
                if d == "\\":
                    j += 2
                    continue
                if c == "/" and d in "[]":
                    in_class = d == "["
                elif d == c and not in_class:
                    break
                j += 1
            j += 1
            while c == "/" and j < n and script[j].isalpha():  # a regular expression's flags
                j += 1
            out.append(script[i:j])
            last, i = c, j
        elif c in " \t" and ((out and out[-1][-1:] in _TIGHT) or script[i + 1:i + 2] in _TIGHT):
            i += 1  # a space beside punctuation that cannot run into another token
        else:
            out.append(c)
            last = c if not c.isspace() else last
            i += 1
    lines = (line.strip() for line in "".join(out).splitlines())
    return "\n".join(line for line in lines if line) + "\n"


def _serve_scripts_without_comments(app, exception):
    # The book's own scripts and stylesheet are written to be read, a header and comments throughout; the site sends
    # them without (about a fifth of their compressed size), so a first visit transfers less.
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        for folder in app.config.html_static_path:
            for source in sorted(Path(app.confdir, folder).glob("*.js")):
                (static / source.name).write_text(without_comments(source.read_text(encoding="utf-8")),
                                                  encoding="utf-8")
            for source in sorted(Path(app.confdir, folder).glob("*.css")):
                text = re.sub(r"/\*.*?\*/", "", source.read_text(encoding="utf-8"), flags=re.S)
                (static / source.name).write_text("\n".join(l.strip() for l in text.splitlines() if l.strip()) + "\n",
                                                  encoding="utf-8")


#: Where the theme serves Font Awesome's webfonts, relative to the site's ``_static`` folder.
WEBFONTS = Path("vendor") / "fontawesome" / "webfonts"
_ICON_CLASS = re.compile(r'class="[^"]*"')
_ICON_RULE = re.compile(r'((?:\.fa-[a-z0-9-]+:before,?)+)\{content:"\\([0-9a-f]{4,5})"\}')
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def icon_codepoints(site):
    """The Font Awesome glyphs a built site can show: those of the ``fa-`` classes its pages use, and those its
    stylesheets write directly (the theme's admonition and link icons).

    Parameters
    ----------
    site : pathlib.Path
        The built site (Sphinx's output folder).

    Returns
    -------
    set of int
        Unicode code points.
    """
    static = site / "_static"
    styles = {css: css.read_text(encoding="utf-8", errors="replace") for css in static.rglob("*.css")}
    glyph = {}
    for text in styles.values():
        for selectors, code in _ICON_RULE.findall(text):
            for name in re.findall(r"\.fa-([a-z0-9-]+):before", selectors):
                glyph.setdefault(name, int(code, 16))
    used = set()
    for page in site.rglob("*.html"):
        for attribute in _ICON_CLASS.findall(page.read_text(encoding="utf-8")):
            used |= {glyph[name] for name in re.findall(r"\bfa-([a-z0-9-]+)", attribute) if name in glyph}
    for text in styles.values():
        used |= {ord(c) for c in _PRIVATE_USE.findall(_ICON_RULE.sub("", text))}
    return used


def _subset_webfonts(app, exception):
    # Font Awesome's fonts hold some 2,000 icons (about 300 kB in woff2); the site shows a few dozen. Each font
    # served keeps only the glyphs of the site's icons (icon_codepoints), so a first visit loads kilobytes.
    if exception is None and app.builder.format == "html":
        from fontTools import subset

        folder = Path(app.outdir) / "_static" / WEBFONTS
        keep = sorted(icon_codepoints(Path(app.outdir)))
        for font in sorted(folder.glob("*.woff2")):
            options = subset.Options()
            options.flavor = "woff2"
            options.layout_features = ["*"]
            shrunk = subset.Subsetter(options)
            face = subset.load_font(str(font), options)
            shrunk.populate(unicodes=keep)
            shrunk.subset(face)
            subset.save_font(face, str(font), options)


def _book_bibliography_style(bibfiles):
    """The ``book`` pybtex style: ``alpha``, with its labels computed once over every entry of ``bibfiles``, and a
    work's address (its ``url``) written out as its link's text without the scheme. The theme shortens a link whose
    text is its address to the repository's name, so a permalink to a file at a commit would read
    "MicrosoftDocs/azure-docs" and hide which file and which commit; on paper, the address is the reference."""
    from pybtex.database import parse_file
    from pybtex.richtext import Text
    from pybtex.style.formatting.alpha import Style as Alpha
    from pybtex.style.labels import BaseLabelStyle
    from pybtex.style.template import field, href, node, words

    @node
    def address(children, context):
        return Text(context["entry"].fields["url"].strip().split("://", 1)[-1])

    entries = [entry for f in bibfiles for entry in parse_file(f).entries.values()]
    alpha = Alpha()
    sorted_entries = alpha.sort(entries)
    labels = dict(zip((e.key for e in sorted_entries), alpha.format_labels(sorted_entries)))

    class BookLabels(BaseLabelStyle):
        def format_labels(self, sorted_entries):
            return (labels[e.key] for e in sorted_entries)

    class BookStyle(Alpha):
        default_label_style = BookLabels

        def format_url(self, e):
            return words["URL:", href(field("url", raw=True))[address]]

    return BookStyle


def _book_reference_style(bibfiles):
    """The ``book`` citation style: author-year, with a letter after the year where one author has several works
    in a year (``Microsoft, 2025a``), lettered in the reference list's order, so a citation names one work."""
    from pybtex.richtext import Text
    from pybtex.style.template import node
    from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle
    from sphinxcontrib.bibtex.style.referencing.basic_author_year import (
        BasicAuthorYearParentheticalReferenceStyle,
        BasicAuthorYearTextualReferenceStyle,
    )
    from sphinxcontrib.bibtex.style.template import join, join2, post_text, pre_text, reference

    # the letters are the ones the notebooks' citations as text carry (one rule, in citations.letters)
    letters = citations.letters({k: v for f in bibfiles for k, v in citations.read_bib(f).items()})

    @node
    def lettered_year(children, data):
        entry = data["entry"]
        return Text(entry.fields.get("year", "n.d.") + letters.get(entry.key, ""))

    class Parenthetical(BasicAuthorYearParentheticalReferenceStyle):
        def inner(self, role_name):
            return join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[
                pre_text,
                reference[join(sep=self.author_year_sep)[
                    self.person.author_or_editor_or_title(full="s" in role_name), lettered_year]],
                post_text]

    class Textual(BasicAuthorYearTextualReferenceStyle):
        def inner(self, role_name):
            return join(sep=self.text_reference_sep)[
                self.person.author_or_editor_or_title(full="s" in role_name),
                join[self.bracket.left,
                     join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[pre_text, reference[lettered_year],
                                                                            post_text],
                     self.bracket.right]]

    class BookReferences(AuthorYearReferenceStyle):
        def __post_init__(self):
            super().__post_init__()
            self.styles[:2] = [
                Parenthetical(bracket=self.bracket_parenthetical, person=self.person,
                              author_year_sep=self.author_year_sep, pre_text_sep=self.pre_text_sep,
                              post_text_sep=self.post_text_sep),
                Textual(bracket=self.bracket_textual, person=self.person, text_reference_sep=self.text_reference_sep,
                        pre_text_sep=self.pre_text_sep, post_text_sep=self.post_text_sep)]
            self.role_style.update((role, style) for style in self.styles[:2] for role in style.role_names())

    return BookReferences


def _register_bibliography_style(app, config):
    from pybtex.plugin import register_plugin
    from sphinxcontrib.bibtex.plugin import register_plugin as register_bibtex_plugin

    bibfiles = [Path(app.srcdir, f) for f in config.bibtex_bibfiles]
    register_plugin("pybtex.style.formatting", "book", _book_bibliography_style(bibfiles), force=True)
    register_bibtex_plugin("sphinxcontrib.bibtex.style.referencing", "book", _book_reference_style(bibfiles),
                           force=True)


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


#: The page that lists the changes to the data (:mod:`storageperf_book.errata`), written at each build.
ERRATA_PAGE = "book/errata"


def _write_errata(app, docname, source):
    if docname == ERRATA_PAGE:
        from . import errata

        repository = app.config.html_theme_options.get("repository_url", "")
        source[0] = source[0].replace(errata.MARKER, errata.page_markdown(app.confdir, repository))


def release_paragraph(repository):
    """What the ``latest-release`` directive says: links to the latest release's files of ``repository`` (its web
    address), or, with none known, which make targets build them. A docutils paragraph."""
    from docutils import nodes

    from .release import ASSETS, SUMS, latest_download_url

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
            return [release_paragraph(self.config.html_theme_options.get("repository_url", ""))]

    return LatestRelease


#: The page with the ``latest-release`` directive (:func:`release_paragraph`).
RELEASE_PAGE = "book/intro"


def _always_read(app, env, added, changed, removed):
    # the errata page follows the repository's history, the release's links its address: no source file records them
    return [d for d in (ERRATA_PAGE, RELEASE_PAGE) if d in env.found_docs and d not in added | changed]


def _chapters(app):
    """The notebook chapters of the site: docname -> title."""
    env = app.env
    return {doc: env.titles[doc].astext() for doc in sorted(env.found_docs)
            if str(env.doc2path(doc)).endswith(".ipynb") and doc in env.titles}


def _add_chapter_download(app, pagename, templatename, context, doctree):
    # Beside the launch buttons, in the page's download menu: the runnable chapter (storageperf_book.archive), in
    # place of the bare notebook, which runs nowhere without the guide's package.
    if pagename not in _chapters(app):
        return
    from .archive import FOLDER

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
    if exception is None and app.builder.format == "html":
        from .archive import site_archives

        site_archives(app.confdir, app.outdir, _chapters(app))


def setup(app):
    """Sphinx extension: serve plotly.js once and the data package, execute notebooks in site mode, label citations."""
    os.environ[SITE_ENV] = "1"
    os.environ[STATES_ENV] = str(_states_folder(app))
    os.environ[QUIZ_FILES_ENV] = str(_quiz_folder(app))
    app.connect("config-inited", _register_bibliography_style)
    app.connect("config-inited", _set_repository)
    app.connect("source-read", _write_errata)
    app.add_directive("latest-release", _latest_release_directive())
    app.connect("env-get-outdated", _always_read)
    app.add_js_file(FIGURES_JS, type="module")
    app.connect("html-page-context", _add_plotly)
    app.connect("html-page-context", _citations_as_list_items)
    app.connect("html-page-context", _drop_duplicate_scripts, priority=501)
    app.connect("builder-inited", _copy_plotly)
    app.connect("build-finished", _copy_data)
    app.connect("build-finished", _write_studio_facts)
    app.connect("build-finished", _copy_states)
    app.connect("build-finished", _copy_quiz_files)
    app.connect("build-finished", _drop_fontawesome_js)
    app.connect("build-finished", _subset_webfonts, priority=900)
    app.connect("build-finished", _drop_unused_scripts)
    app.connect("build-finished", _serve_scripts_without_comments)
    app.connect("build-finished", _guide_version_meta)
    app.connect("html-page-context", _add_chapter_download, priority=502)
    app.connect("html-page-context", _report_and_edit_buttons, priority=502)
    app.connect("build-finished", _write_archives)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
