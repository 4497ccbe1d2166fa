"""Figures: the book's plotly theme, and how a figure reaches the static site.

* :func:`figure_html` turns a plotly figure into an HTML fragment that draws with the site's one shared copy of
  plotly.js (no CDN, no copy per page), with a stable element id so rebuilds and notebook checks are repeatable.
* Importing this module registers a plotly renderer, ``"storageperf"``, and the book's template, and makes both
  the default: with ``plotly_mimetype`` beside the renderer in a kernel (JupyterLab shows its native figure),
  alone when the notebook is executed for the site (:func:`for_site`).
"""
from __future__ import annotations

import hashlib
import json
import os

import plotly.graph_objects as go
import plotly.io as pio
from plotly.io.base_renderers import MimetypeRenderer
from plotly.utils import PlotlyJSONEncoder

#: Set to "1" in the environment of kernels that execute notebooks for the static site.
SITE_ENV = "STORAGEPERF_SITE"
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
