"""Figures: the book's plotly theme, and how a figure reaches the static site.

* :func:`figure_html` turns a plotly figure into an HTML fragment that draws with the site's one shared copy of
  plotly.js (no CDN, no copy per page), with a stable element id so rebuilds and notebook checks are repeatable; on
  the site, the figure's numbers are a file of their own, loaded when the figure is drawn.
* Importing this module makes the book's template plotly's default and gives every figure the book's display
  (:func:`mimebundle`): in a kernel, plotly's native output (JupyterLab draws it) beside the site's HTML; when the
  notebook is executed for the site (:func:`for_site`), the HTML alone. The display is the one plotly's
  ``"plotly_mimetype"`` renderer gives plus the site's HTML (a test compares them), without plotly's renderer
  registry: importing that registry imports nbformat, whose jsonschema builds an RFC 3987 grammar on import, about
  1.5 s to 3 s in every kernel that shows a figure.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import os
import re
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from plotly.basedatatypes import BaseFigure
from plotly.utils import PlotlyJSONEncoder

#: Set to "1" in the environment of kernels that execute notebooks for the static site.
SITE_ENV = "STORAGEPERF_SITE"
#: Names, in a kernel that executes a notebook for the site, the folder each figure is written to as a file
#: (:func:`figure_html`).
FIGURES_ENV = "STORAGEPERF_SITE_FIGURES"
_CONFIG = {"displaylogo": False, "responsive": True}


def for_site():
    """True when a notebook is being executed to build the static site."""
    return os.environ.get(SITE_ENV) == "1"


def plain(obj):
    """A figure, trace or layout as plain JSON: typed arrays as lists, numbers to 6 significant digits, NaN and
    infinities as null.

    Six digits are plenty for a drawing, and lists of short numbers compress far better on the site than the
    base64 arrays plotly writes for numpy data.
    """
    if hasattr(obj, "to_plotly_json"):
        obj = obj.to_plotly_json()
    return _round(json.loads(json.dumps(obj, cls=PlotlyJSONEncoder)))


def _round(x):
    if isinstance(x, float):
        return float(f"{x:.6g}") if math.isfinite(x) else None  # JSON has no NaN; plotly.js draws null as a gap
    if isinstance(x, list):
        return [_round(v) for v in x]
    if isinstance(x, dict):
        if "bdata" in x and "dtype" in x:  # plotly's encoding of a numpy array
            array = np.frombuffer(base64.b64decode(x["bdata"]), dtype=np.dtype(x["dtype"]))
            if "shape" in x:
                array = array.reshape([int(n) for n in str(x["shape"]).split(",")])
            return _round(array.tolist())
        return {k: _round(v) for k, v in x.items()}
    return x


def figure_html(fig):
    """An HTML fragment that draws ``fig`` with the site's shared plotly.js.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure or dict

    Returns
    -------
    str
        A ``<div>`` the figure is drawn in, then the figure's text description (:func:`describe`); the id is a hash
        of the figure, so the same figure always gets the same HTML. In a notebook executed for the site with
        :data:`FIGURES_ENV` set, the figure (its data, layout and plotly configuration) is written to a file in
        that folder, named by its content, which the ``<div>`` names (``data-figure``) and ``lazy-draw.js`` loads
        when the figure nears the screen: the page carries the figure's words, not its numbers. Elsewhere a script
        after the ``<div>`` draws it. On the site, ``figures.js`` adds a button that downloads the numbers drawn as
        CSV.
    """
    fig = plain(fig)
    fig_json = json.dumps(fig, sort_keys=True)
    digest = hashlib.sha1(fig_json.encode()).hexdigest()
    div_id = "fig-" + digest[:12]
    drawn = pio.to_html(fig, include_plotlyjs=False, include_mathjax=False, full_html=False, div_id=div_id,
                        config=_CONFIG, validate=False)
    folder = os.environ.get(FIGURES_ENV) if for_site() else None
    if folder:
        name = f"{digest[:16]}.json"
        figure = {"data": fig.get("data", []), "layout": fig.get("layout", {}), "config": _CONFIG}
        Path(folder).mkdir(parents=True, exist_ok=True)
        text = json.dumps(figure, separators=(",", ":"), sort_keys=True, allow_nan=False)
        (Path(folder) / name).write_text(text, encoding="utf-8")
        drawn = re.sub(r"\s*<script>.*?</script>", "", drawn, flags=re.S)
        drawn = drawn.replace(f'<div id="{div_id}" ', f'<div id="{div_id}" data-figure="{name}" ', 1)
    else:
        # a module, so that it runs once the page is parsed, after the page's other modules
        drawn = drawn.replace("<script>", '<script type="module">', 1)
    return f'{drawn}<p class="figure-description" id="{div_id}-description">{html.escape(describe(fig))}</p>'


def plain_text(value):
    """A plotly text (a title, a trace name) as plain words: line breaks as spaces, no tags."""
    text = re.sub(r"<br\s*/?>", " ", str(value or ""), flags=re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def describe(fig):
    """A short text description of a figure: what each plot draws against what, and its series.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure or dict

    Returns
    -------
    str
        E.g. "Chart: lines and points of throughput [MiB/s] against quota [TiB]; series: Premium, Ultra."
    """
    fig = plain(fig)
    layout, data = fig.get("layout", {}), fig.get("data", [])

    def title(axis):
        return plain_text((layout.get(f"{axis[0]}axis{axis[1:]}") or {}).get("title", {}).get("text"))

    plots = []
    for trace in data:
        x, y = trace.get("xaxis", "x"), trace.get("yaxis", "y")
        kind = "bars" if trace.get("type") == "bar" else "lines and points"
        if trace.get("orientation") == "h":  # the values run along x, the categories along y
            x, y = y, x
        values, along = title(y), title(x)
        plot = (f"{kind} of {values or 'values'}" + (f" against {along}" if along else " by category")
                if values or along else kind)
        if plot not in plots:
            plots.append(plot)
    names = list(dict.fromkeys(plain_text(t.get("name")) for t in data if t.get("name") and t.get("visible", True)))
    what = "; ".join(plots) or "an empty chart"
    more = f" and {len(names) - 8} more" if len(names) > 8 else ""
    series = f"; series: {', '.join(names[:8])}{more}" if names else ""
    return f"Chart: {what}{series}."


def mimebundle(fig):
    """How a figure displays: the site's HTML, and in a kernel plotly's native output beside it.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure

    Returns
    -------
    dict
        ``text/html`` (:func:`figure_html`) and, outside a site build, ``application/vnd.plotly.v1+json`` (the
        figure with its template, as plotly's ``plotly_mimetype`` renderer gives it).
    """
    fig_dict = fig.to_dict()
    bundle = {"text/html": figure_html(fig_dict)}
    if not for_site():
        bundle["application/vnd.plotly.v1+json"] = json.loads(pio.to_json(fig_dict, validate=False,
                                                                          remove_uids=False))
    return bundle


def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
    return mimebundle(self)


def _ipython_display_(self):
    from IPython.display import display

    display(mimebundle(self), raw=True)


#: A small plotly template (a full built-in one adds about 8 kB to every figure on a page). On the site,
#: book/_static/dark-theme.js relays a figure out in the dark theme's colours while the page is dark, by what each of
#: these colours is for (its LIGHT): a colour changed here needs its entry there (tests/website/test_figures.py checks
#: each has one).
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
# Every figure displays through mimebundle(): JupyterLab draws the native output; the site needs only the HTML
# (myst-nb cannot render the native one).
BaseFigure._repr_mimebundle_ = _repr_mimebundle_
BaseFigure._ipython_display_ = _ipython_display_
