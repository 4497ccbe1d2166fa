"""Publishing: how figures and calculators reach the static site.

* :func:`figure_html` turns a plotly figure into an HTML fragment that draws with the site's one shared copy of
  plotly.js (no CDN, no copy per page), with a stable element id so rebuilds and notebook checks are repeatable.
* Importing this module registers a plotly renderer, ``"storageperf"``, and makes it the default: with
  ``plotly_mimetype`` beside it in a kernel (JupyterLab shows its native figure), alone when the notebook is
  executed for the site.
* :func:`setup` is a Sphinx extension (``storageperf.site`` in ``_config.yml``). It copies ``plotly.min.js``
  from the installed plotly package into the site once, loads it only on pages that have a figure, copies the
  data package into the site's ``data/`` folder (the appendix links to its tables there), and tells
  notebooks executed for the site (through :data:`SITE_ENV`) to render calculators without a kernel. It also
  gives the bibliography style ``book`` (``bibtex_default_style`` in ``_config.yml``): pybtex's ``alpha`` labels,
  with the letter that tells two works of one author and year apart ("Microsoft25b") given once over the whole
  ``.bib`` file, so that a work keeps its label in every chapter's reference list and no two works share one.
"""
from __future__ import annotations

import hashlib
import html
import json
import os
import shutil
from pathlib import Path

import plotly
import plotly.graph_objects as go
import plotly.io as pio
from plotly.io.base_renderers import MimetypeRenderer
from plotly.utils import PlotlyJSONEncoder

#: Set to "1" in the environment of kernels that execute notebooks for the static site.
SITE_ENV = "STORAGEPERF_SITE"
#: Where plotly.js is served, relative to the site's ``_static`` folder.
PLOTLY_JS = "vendor/plotly.min.js"
_CONFIG = {"displaylogo": False, "responsive": True}


def for_site():
    """True when a notebook is being executed to build the static site."""
    return os.environ.get(SITE_ENV) == "1"


def figure_html(fig):
    """An HTML fragment that draws ``fig`` with the site's shared plotly.js.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure or dict

    Returns
    -------
    str
        A ``<div>`` and the script that fills it; the id is a hash of the figure, so the same figure always
        gets the same HTML.
    """
    fig_json = json.dumps(fig if isinstance(fig, dict) else fig.to_plotly_json(), cls=PlotlyJSONEncoder,
                          sort_keys=True)
    div_id = "fig-" + hashlib.sha1(fig_json.encode()).hexdigest()[:12]
    return pio.to_html(fig, include_plotlyjs=False, include_mathjax=False, full_html=False, div_id=div_id,
                       config=_CONFIG, validate=False)


def discrepancies(document):
    """The rows of ``data/source_discrepancies.csv`` for one document, as expandable HTML blocks.

    Parameters
    ----------
    document : str
        A document id of ``data/documents.csv``, e.g. ``"anf-cool-access"``.

    Returns
    -------
    IPython.display.HTML
        One ``<details>`` a row: the id and the problem as its summary; the source's words, the arithmetic and
        the guide's resolution inside.
    """
    from IPython.display import HTML

    from .data import load

    table = load("source_discrepancies")
    rows = table[table["document"] == document]
    if rows.empty:
        raise ValueError(f"document must be an id with rows in data/source_discrepancies.csv; got {document!r}")
    esc = html.escape
    blocks = [f"<details class=\"discrepancy\"><summary><strong>{esc(r.id)}</strong>: {esc(r.problem)}</summary>"
              f"<p><em>The source</em> ({esc(r.location)}): &ldquo;{esc(r.quote)}&rdquo;</p>"
              f"<p><em>The arithmetic</em>: {esc(r.arithmetic)}</p>"
              f"<p><em>What the guide uses</em>: {esc(r.resolution)}</p></details>" for r in rows.itertuples()]
    return HTML("\n".join(blocks))


#: Text columns whose longest value has at most this many characters are kept on one line by :func:`table`.
_NOWRAP_CHARS = 20


def table(styler):
    """A pandas table dressed as the book's own tables: the theme's table style, numbers right-aligned.

    Parameters
    ----------
    styler : pandas.io.formats.style.Styler
        The table with its formats, e.g. ``df.style.format({"rate [MiB/s]": "{:,.0f}"}).hide(axis="index")``.

    Returns
    -------
    pandas.io.formats.style.Styler
        The same table with the class ``table`` (styled by the site's theme), its numeric columns, headers
        included, aligned right so that digits line up, and its short text columns kept on one line.
    """
    from pandas.io.formats.style import Styler

    if not isinstance(styler, Styler):
        raise TypeError(f"styler must be a pandas Styler (df.style), got {type(styler).__name__}")
    columns = list(styler.data.columns)
    numeric = list(styler.data.select_dtypes("number").columns)
    styler = styler.set_table_attributes('class="table"')
    # short labels (a machine type, a service level) stay on one line; long text wraps
    labels = [c for c in columns if c not in numeric and styler.data[c].astype(str).str.len().max() <= _NOWRAP_CHARS]
    if labels:
        styler = styler.set_properties(subset=labels, **{"white-space": "nowrap"})
    if numeric:
        styler = styler.set_properties(subset=numeric, **{"text-align": "right"}).set_table_styles(
            [{"selector": f"th.col_heading.col{columns.index(c)}", "props": "text-align: right"} for c in numeric],
            overwrite=False)
    return styler


class _SiteRenderer(MimetypeRenderer):
    def to_mimebundle(self, fig_dict):
        return {"text/html": figure_html(fig_dict)}


#: A small plotly template (a full built-in one adds about 8 kB to every figure on a page).
TEMPLATE = go.layout.Template(layout={
    "font": {"family": "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", "size": 13, "color": "#222"},
    "colorway": ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"],
    "paper_bgcolor": "white", "plot_bgcolor": "white", "hovermode": "closest",
    "title": {"x": 0, "xref": "paper", "xanchor": "left", "font": {"size": 15}},
    "legend": {"x": 0.01, "y": 0.99, "xanchor": "left", "yanchor": "top", "bgcolor": "rgba(255,255,255,0.8)"},
    "xaxis": {"showline": True, "linecolor": "#444", "ticks": "outside", "gridcolor": "#eee", "zeroline": False},
    "yaxis": {"showline": True, "linecolor": "#444", "ticks": "outside", "gridcolor": "#eee", "zeroline": False},
})
pio.templates["storageperf"] = TEMPLATE
pio.templates.default = "storageperf"
pio.renderers["storageperf"] = _SiteRenderer()
# JupyterLab draws the native plotly output; the site needs only the HTML (myst-nb cannot render the native one).
pio.renderers.default = "storageperf" if for_site() else "plotly_mimetype+storageperf"


def _add_plotly(app, pagename, templatename, context, doctree):
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file(PLOTLY_JS)


def _drop_duplicate_scripts(app, pagename, templatename, context, doctree):
    # sphinx-thebe 0.3.1 adds its inline configuration twice; declared twice, `const` is a page error.
    seen, unique = set(), []
    for script in context.get("script_files", []):
        key = (getattr(script, "filename", script) or "", tuple(sorted(getattr(script, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


def _copy_plotly(app, exception):
    if exception is None and app.builder.format == "html":
        target = Path(app.outdir) / "_static" / PLOTLY_JS
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", target)


def _copy_data(app, exception):
    # The data package, served with the site at data/ (where the repository has it), so a reader can download it.
    if exception is None and app.builder.format == "html":
        from .data import DATA_DIR

        target = Path(app.outdir) / "data"
        target.mkdir(exist_ok=True)
        for path in DATA_DIR.iterdir():
            if path.suffix in (".csv", ".json", ".md"):
                shutil.copyfile(path, target / path.name)


def _book_bibliography_style(bibfiles):
    """The ``book`` pybtex style: ``alpha``, with its labels computed once over every entry of ``bibfiles``."""
    from pybtex.database import parse_file
    from pybtex.style.formatting.alpha import Style as Alpha
    from pybtex.style.labels import BaseLabelStyle

    entries = [entry for f in bibfiles for entry in parse_file(f).entries.values()]
    alpha = Alpha()
    sorted_entries = alpha.sort(entries)
    labels = dict(zip((e.key for e in sorted_entries), alpha.format_labels(sorted_entries)))

    class BookLabels(BaseLabelStyle):
        def format_labels(self, sorted_entries):
            return (labels[e.key] for e in sorted_entries)

    class BookStyle(Alpha):
        default_label_style = BookLabels

    return BookStyle


def _book_reference_style(bibfiles):
    """The ``book`` citation style: author-year, with a letter after the year where one author has several works
    in a year (``Microsoft, 2025a``), lettered in the reference list's order, so a citation names one work."""
    from pybtex.database import parse_file
    from pybtex.richtext import Text
    from pybtex.style.formatting.alpha import Style as Alpha
    from pybtex.style.template import node
    from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle
    from sphinxcontrib.bibtex.style.referencing.basic_author_year import (
        BasicAuthorYearParentheticalReferenceStyle, BasicAuthorYearTextualReferenceStyle)
    from sphinxcontrib.bibtex.style.template import join, join2, post_text, pre_text, reference

    def author_year(entry):
        return tuple(str(p) for p in entry.persons.get("author", ())), entry.fields.get("year", "n.d.")

    entries = Alpha().sort([e for f in bibfiles for e in parse_file(f).entries.values()])
    groups = {}
    for entry in entries:
        groups.setdefault(author_year(entry), []).append(entry.key)
    letters = {key: "abcdefghijklmnopqrstuvwxyz"[i] for keys in groups.values() if len(keys) > 1
               for i, key in enumerate(keys)}

    @node
    def lettered_year(children, data):
        entry = data["entry"]
        return Text(author_year(entry)[1] + letters.get(entry.key, ""))

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


def setup(app):
    """Sphinx extension: serve plotly.js once and the data package, execute notebooks in site mode, label citations."""
    os.environ[SITE_ENV] = "1"
    app.connect("config-inited", _register_bibliography_style)
    app.connect("html-page-context", _add_plotly)
    app.connect("html-page-context", _drop_duplicate_scripts, priority=501)
    app.connect("build-finished", _copy_plotly)
    app.connect("build-finished", _copy_data)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
