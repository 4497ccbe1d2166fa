"""What a chapter shows besides figures: numbers for the prose, tables, and the source's discrepancies."""
from __future__ import annotations

import html

import numpy as np

#: The mime-type prefix myst-nb's ``glue`` gives a value that is stored but not shown (papermill's record format).
GLUE_PREFIX = "application/papermill.record/"


def put(name, value, display=False):
    """Glue a number or object for the prose to cite with the ``glue:text`` role, numpy scalars as plain numbers.

    Parameters
    ----------
    name : str
        The key the prose cites.
    value : object
        A number, string or displayable object (e.g. a table from :func:`table`).
    display : bool
        Whether to show the value where it is glued, too.

    Notes
    -----
    Writes the output ``myst_nb.glue`` writes (its display data under the record prefix, with ``scrapbook``
    metadata), without importing myst-nb and, through it, Sphinx into every reader's kernel; a test checks that
    the two outputs are the same.
    """
    from IPython.core.formatters import format_display_data
    from IPython.display import display as show

    value = value.item() if isinstance(value, np.generic) else value
    bundle, metadata = format_display_data(value)
    prefix = "" if display else GLUE_PREFIX
    metadata["scrapbook"] = {"name": name, "mime_prefix": prefix}
    show({prefix + k: v for k, v in bundle.items()}, raw=True, metadata=metadata)


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
    # short labels (a machine type, a service level) stay on one line; long text wraps
    labels = [c for c in columns if c not in numeric and styler.data[c].astype(str).str.len().max() <= _NOWRAP_CHARS]
    if labels:
        styler = styler.set_properties(subset=labels, **{"white-space": "nowrap"})
    if numeric:
        styler = styler.set_properties(subset=numeric, **{"text-align": "right"}).set_table_styles(
            [{"selector": f"th.col_heading.col{columns.index(c)}", "props": "text-align: right"} for c in numeric],
            overwrite=False)
    return styler
