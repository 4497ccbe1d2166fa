"""What a chapter shows besides figures: numbers for the prose, tables, and the source's discrepancies."""
from __future__ import annotations

import html
import re

import numpy as np

#: The values the prose cites, by name: :func:`put` stores them in the kernel, :func:`v` reads them back.
VALUES = {}

#: What a name may be: the prose cites it inside a MyST ``{eval}`` role, whose expressions the book admits only in
#: the form ``v("name")`` or ``v("name", "spec")`` (``nb_eval_name_regex`` in ``_config.yml``).
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Text(str):
    """A string that shows as itself: an ``{eval}`` role's result, without quotes, in JupyterLab and on the site."""

    def __repr__(self):
        return str(self)


def put(name, value):
    """Keep a number, string or table for the prose, which cites it as ``{eval}`v("name", ",.0f")```.

    Parameters
    ----------
    name : str
        The name the prose cites: letters, digits and underscores, not starting with a digit.
    value : object
        A number (numpy scalars are kept as plain numbers), a string, or a displayable table (from :func:`table`).

    Notes
    -----
    The MyST ``{eval}`` role evaluates ``v(...)`` in the chapter's kernel: the book's build (MyST-NB, executing
    inline) and JupyterLab (``jupyterlab-myst``) both render the same text.
    """
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(f"name must be letters, digits and underscores, not starting with a digit; got {name!r}")
    VALUES[name] = value.item() if isinstance(value, np.generic) else value


def v(name, spec=""):
    """The value :func:`put` kept under ``name``, formatted with the format spec ``spec`` (e.g. ``",.0f"``).

    Parameters
    ----------
    name : str
        A name given to :func:`put` earlier in the chapter.
    spec : str
        A Python format spec for numbers and strings; leave it empty for a table.

    Returns
    -------
    Text or Block or object
        The formatted text (shown without quotes), or the table in a block of its own.
    """
    if name not in VALUES:
        raise ValueError(f"name {name!r} has not been put: put(name, value) must run in a cell above the prose "
                         f"that cites it ({len(VALUES)} names put so far)")
    value = VALUES[name]
    if isinstance(value, (int, float, str)):
        try:
            return Text(format(value, spec))
        except ValueError as err:
            raise ValueError(f"spec {spec!r} cannot format {name} = {value!r}: {err}") from None
    if spec:
        raise ValueError(f"spec must be empty for {name}, a {type(value).__name__}; got {spec!r}")
    return Block(value) if hasattr(value, "_repr_html_") else value


class Block:
    """A table the prose cites, shown as a code cell shows it: in the block the site scrolls sideways when wide."""

    def __init__(self, content):
        self.content = content

    def _repr_html_(self):
        return f'<div class="output text_html">{self.content._repr_html_()}</div>'


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

    from storageperf.data import load

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
    styler.cell_ids = False  # no id on every cell: the rules below are a column's, and a page carries several tables
    # short labels (a machine type, a service level) stay on one line; long text wraps. One rule a column (its
    # cells' class), not one a cell: a page carries several tables.
    labels = [c for c in columns if c not in numeric and styler.data[c].astype(str).str.len().max() <= _NOWRAP_CHARS]
    rules = [{"selector": f"td.col{columns.index(c)}", "props": "white-space: nowrap"} for c in labels]
    rules += [{"selector": f"{cell}.col{columns.index(c)}", "props": "text-align: right"}
              for c in numeric for cell in ("td", "th.col_heading")]
    return styler.set_table_styles(rules, overwrite=False) if rules else styler
