"""One call shows a calculator, live in a kernel and without one on the site.

A chapter describes a calculator by a drawing function and its controls::

    calc = Calculator(draw, [Slider("quota_tib", "Quota", 1, 100, 1, 10, "TiB"),
                             Choice("service_level", "Service level", SERVICE_LEVELS, "Premium")])
    calc                      # the last expression of a cell

``draw(**values)`` calls the model and returns a plotly figure whose title states the answer. Shown in a live
kernel (JupyterLab, Binder, VS Code), ``calc`` is an ipywidgets panel that redraws through the model at every
change. Executed for the static site (see :mod:`storageperf_book.sphinx_ext`), the same object renders a plotly
figure with
a slider over the first :class:`Slider` and a menu over the first :class:`Choice`, every position computed by the
same model at build time, so the site never shows a control that does nothing. Bad input, in the panel or in a
call, shows a one-line message naming the parameter, the value and what is allowed.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
from plotly.utils import PlotlyJSONEncoder

from storageperf import _checks

from . import figures

#: Most positions a site slider may have: each position costs a few hundred bytes of page.
MAX_STEPS = 41


@dataclass(frozen=True)
class Slider:
    """A numeric input: its name (the ``draw`` keyword), label, range, step, default and unit."""

    name: str
    label: str
    min: float
    max: float
    step: float
    default: float
    unit: str = ""

    def __post_init__(self):
        if not self.min <= self.default <= self.max or self.step <= 0:
            raise ValueError(f"Slider {self.name}: need min <= default <= max and step > 0")

    def grid(self):
        """The positions the site's slider offers: min to max by step."""
        n = int(round((self.max - self.min) / self.step)) + 1
        return [self._tidy(v) for v in np.linspace(self.min, self.max, n)]

    def _tidy(self, v):
        v = round(float(v), 10)
        return int(v) if float(v).is_integer() and float(self.step).is_integer() else v

    def check(self, value):
        return self._tidy(_checks.in_range(self.name, value, self.min, self.max, self.unit))


@dataclass(frozen=True)
class Choice:
    """A categorical input: its name (the ``draw`` keyword), label, options and default."""

    name: str
    label: str
    options: tuple
    default: str

    def check(self, value):
        if isinstance(value, (list, dict, set)) or value not in self.options:
            raise ValueError(f"{self.name} must be one of {', '.join(map(str, self.options))}; got {value!r}")
        return value


class Calculator:
    """A model-driven figure with controls; see the module docstring.

    Parameters
    ----------
    draw : callable
        ``draw(**values) -> plotly.graph_objects.Figure``; may raise ``ValueError`` for inputs the model rejects.
    controls : list of Slider and Choice
    """

    def __init__(self, draw, controls):
        self.draw = draw
        self.controls = {c.name: c for c in controls}
        sliders = [c for c in controls if isinstance(c, Slider)]
        if not sliders:
            raise ValueError("a Calculator needs at least one Slider")
        self._slider = sliders[0]
        if len(self._slider.grid()) > MAX_STEPS:
            raise ValueError(f"Slider {self._slider.name}: {len(self._slider.grid())} positions on the site, at most "
                             f"{MAX_STEPS} allowed; use a larger step")
        if self._slider.check(self._slider.default) not in self._slider.grid():
            raise ValueError(f"Slider {self._slider.name}: the default must be one of its positions on the site")
        self._choice = next((c for c in controls if isinstance(c, Choice)), None)

    def defaults(self):
        return {name: c.default for name, c in self.controls.items()}

    def figure(self, **values):
        """The figure for these inputs (defaults for the rest); raises ValueError naming a bad input."""
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ValueError(f"{unknown[0]} is not an input of this calculator; inputs are "
                             f"{', '.join(self.controls)}")
        merged = {**self.defaults(), **values}
        checked = {name: self.controls[name].check(v) for name, v in merged.items()}
        return self.draw(**checked)

    def show(self, **values):
        """Display the figure for these inputs, or the one-line message if an input is not allowed."""
        from IPython.display import HTML, display

        try:
            display(self.figure(**values))
        except (ValueError, TypeError) as err:
            display(HTML(_message_html(err)))

    # -- live: an ipywidgets panel --------------------------------------------------------------------------
    def widget(self):
        """An ipywidgets panel: one control per input, a message line, and the figure, redrawn on change."""
        import ipywidgets as widgets
        from IPython.display import display

        style = {"description_width": "initial"}
        inputs = {}
        for name, c in self.controls.items():
            if isinstance(c, Slider):
                whole = all(isinstance(v, int) for v in (c.min, c.max, c.step))
                cls = widgets.IntSlider if whole else widgets.FloatSlider
                label = f"{c.label} [{c.unit}]" if c.unit else c.label
                inputs[name] = cls(value=c.default, min=c.min, max=c.max, step=c.step, description=label,
                                   continuous_update=False, style=style, layout={"width": "420px"})
            else:
                inputs[name] = widgets.Dropdown(options=list(c.options), value=c.default, description=c.label,
                                                style=style)
        message = widgets.HTML()
        out = widgets.Output()

        def redraw(_=None):
            try:
                fig = self.figure(**{n: w.value for n, w in inputs.items()})
            except (ValueError, TypeError) as err:
                message.value = _message_html(err)
                return
            message.value = ""
            with out:
                out.clear_output(wait=True)
                display(fig)

        for w in inputs.values():
            w.observe(redraw, "value")
        redraw()
        return widgets.VBox([widgets.HBox(list(inputs.values()), layout={"flex_flow": "row wrap"}), message, out])

    # -- static: a plotly figure with a slider and a menu over precomputed positions -----------------------
    def to_html(self):
        """The kernel-free figure: a slider over the first Slider, a menu over the first Choice."""
        fig = self.static_figure()
        fixed = [f"{c.label} {c.default}{' ' + c.unit if getattr(c, 'unit', '') else ''}"
                 for n, c in self.controls.items() if c not in (self._slider, self._choice)]
        note = ("Other inputs are fixed here at " + ", ".join(fixed) +
                "; run this page as a notebook (launch button above) to change them.") if fixed else ""
        caption = f'<p class="calculator-note">{html.escape(note)}</p>' if note else ""
        return figures.figure_html(fig) + caption

    def static_figure(self):
        """The plotly figure behind :meth:`to_html`: every slider and menu position drawn by ``draw``.

        When every position draws the same traces in the same order (the usual case), a slider step restyles
        only the traces that move with the slider, and a menu button restyles all of them; otherwise each step
        switches the visibility of traces drawn once each.
        """
        s, c = self._slider, self._choice
        options = list(c.options) if c else [None]
        positions = s.grid()
        default = (options.index(c.default) if c else 0, positions.index(s.check(s.default)))
        figs = {}
        for ci, option in enumerate(options):
            for si, value in enumerate(positions):
                values = {**self.defaults(), s.name: value, **({c.name: option} if c else {})}
                try:
                    figs[ci, si] = self.figure(**values)
                except (ValueError, TypeError) as err:
                    figs[ci, si] = go.Figure(layout={"title": {"text": html.escape(str(err))}})
        data = {k: [_plain(t) for t in f.data] for k, f in figs.items()}
        layouts = {k: _changing_layout(f) for k, f in figs.items()}
        shapes = {tuple(t.get("type") for t in d) for d in data.values()}
        step_args = _restyle_args if len(shapes) == 1 else _visibility_args
        steps, buttons, traces = step_args(data, len(options), len(positions), default)

        def moving_layout(ci, si):  # only what changes along this slider
            return {k: v for k, v in layouts[ci, si].items()
                    if any(layouts[ci, j][k] != layouts[ci, 0][k] for j in range(len(positions)))}

        sliders = [{
            "active": default[1], "visible": ci == default[0], "pad": {"t": 60},
            "currentvalue": {"prefix": f"{s.label}: ", "suffix": f" {s.unit}" if s.unit else ""},
            "steps": [{"label": f"{v:g}", "method": "update", "args": [steps[ci, si][0], moving_layout(ci, si),
                                                                      *steps[ci, si][1:]]}
                      for si, v in enumerate(positions)],
        } for ci in range(len(options))]
        menus = []
        if c:
            menus = [{"type": "dropdown", "active": default[0], "x": 0, "xanchor": "left", "y": 1.03,
                      "yanchor": "bottom", "showactive": True, "pad": {"l": 0},
                      "buttons": [{"label": f"{c.label}: {option}", "method": "update",
                                   "args": [buttons[ci][0],
                                            {**layouts[ci, default[1]], f"sliders[{ci}].active": default[1],
                                             **{f"sliders[{k}].visible": k == ci for k in range(len(options))}},
                                            *buttons[ci][1:]]}
                                  for ci, option in enumerate(options)]}]
        out = go.Figure(data=traces, layout=figs[default].layout)
        # room above the plot for the title and the menu: the figure's own top margin when it asks for more
        out.update_layout(sliders=sliders, updatemenus=menus, margin={"t": max(120, out.layout.margin.t or 0)},
                          title={"yref": "container", "y": 0.97, "yanchor": "top"})
        return out

    def _repr_mimebundle_(self, include=None, exclude=None):
        plain = {"text/plain": f"<Calculator: {', '.join(self.controls)}>"}
        if figures.for_site():
            return {"text/html": self.to_html(), **plain}
        # In a kernel the panel is the calculator; a front end without widgets shows the default state only, so the
        # kernel does not compute every slider position the site needs.
        snapshot = (figures.figure_html(self.figure()) + '<p class="calculator-note">The inputs\' defaults; run the '
                    'notebook with widgets enabled to change them.</p>')
        return {"text/html": snapshot, **plain, **self.widget()._repr_mimebundle_()}


def _changing_layout(fig):
    """The layout entries a slider step or menu button sets: the title (the answer) and the marks."""
    layout = fig.layout
    return {"title.text": layout.title.text or "",
            "shapes": [s.to_plotly_json() for s in layout.shapes],
            "annotations": [a.to_plotly_json() for a in layout.annotations]}


def _message_html(err):
    return f'<p class="calculator-error" style="color:#b00020">{html.escape(str(err))}</p>'


def _plain(trace):
    """A trace as plain JSON data, numbers rounded to 6 significant digits (plenty for a figure, and small)."""
    return _round(json.loads(json.dumps(trace.to_plotly_json(), cls=PlotlyJSONEncoder)))


def _round(x):
    if isinstance(x, float):
        return float(f"{x:.6g}")
    if isinstance(x, list):
        return [_round(v) for v in x]
    if isinstance(x, dict):
        return {k: _round(v) for k, v in x.items()}
    return x


def _restyle_args(data, n_options, n_positions, default):
    """Same traces everywhere: steps restyle the traces that move with the slider; buttons restyle all."""
    n = len(data[default])

    def restyle(ci, si, slots, keys):
        return [{key: [data[ci, si][k].get(key) for k in slots] for key in sorted(keys)}, slots]

    steps, buttons = {}, {}
    for ci in range(n_options):
        row = [data[ci, si] for si in range(n_positions)]
        moving = [k for k in range(n) if any(d[k] != row[0][k] for d in row)]
        keys = {key for k in moving for d in row for key in d[k] if d[k].get(key) != row[0][k].get(key)}
        for si in range(n_positions):
            steps[ci, si] = restyle(ci, si, moving, keys) if moving else [{}, []]
        every = {key for t in data[ci, default[1]] for key in t} - {"type"}
        buttons[ci] = restyle(ci, default[1], list(range(n)), every)
    return steps, buttons, [go.Figure(data=[t]).data[0] for t in data[default]]


def _visibility_args(data, n_options, n_positions, default):
    """Traces differ between positions: draw each distinct trace once and switch visibility."""
    traces, index, shown = [], {}, {}
    for key, trace_list in data.items():
        shown[key] = []
        for t in trace_list:
            k = json.dumps(t, sort_keys=True)
            if k not in index:
                index[k] = len(traces)
                traces.append(t)
            shown[key].append(index[k])

    def visible(key):
        return [{"visible": [i in shown[key] for i in range(len(traces))]}]

    steps = {(ci, si): visible((ci, si)) for ci in range(n_options) for si in range(n_positions)}
    buttons = {ci: visible((ci, default[1])) for ci in range(n_options)}
    objects = [go.Figure(data=[{**t, "visible": i in shown[default]}]).data[0] for i, t in enumerate(traces)]
    return steps, buttons, objects
