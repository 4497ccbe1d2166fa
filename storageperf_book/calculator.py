"""One call shows a calculator, live in a kernel and without one on the site.

A chapter describes a calculator by a drawing function and its controls::

    calc = Calculator(draw, [Slider("quota_tib", "Quota", 1, 100, 1, 10, "TiB"),
                             Choice("service_level", "Service level", SERVICE_LEVELS, "Premium")],
                      title="Throughput limit by quota")
    calc                      # the last expression of a cell

``draw(**values)`` calls the model and returns ``(figure, answer)``: a plotly figure, untitled, and the answer as
plain text, a line each. The calculator shows the answer as text, a visible line above the figure in a live region
(a screen reader reads it out when it changes), and titles the figure ``title``, a short statement of what is drawn.
Shown in a live kernel (JupyterLab, Binder, VS Code), ``calc`` is an ipywidgets panel that redraws through the model
at every change. Executed for the static site (see :mod:`storageperf_book.sphinx.calculators`), the same object
renders the answer and the figure of its default inputs, and a description of the inputs the site moves: the first
:class:`Slider`, the first :class:`Choice`, and the next inputs in order while every combination of their positions
stays within :data:`STATE_BUDGET`. The figure of every combination, drawn by the same model at build time, goes to
a state file of the site (:data:`STATES_ENV`), which the page's script (``book/_static/calculator.js``, native
controls) loads when a reader first moves a control: no number is computed in the browser. Bad input, in the
panel or in a call, shows a one-line message naming the parameter, the value and what is allowed.
"""
from __future__ import annotations

import hashlib
import html
import itertools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import plotly.graph_objects as go

from storageperf import checks

from . import figures

#: Most positions the first slider may have: the site offers every one.
MAX_STEPS = 41

#: Most combinations of input positions a calculator's state file may hold: each is one figure drawn by the model at
#: build time (tens of milliseconds) and a few kilobytes of file, loaded when a reader first moves a control.
STATE_BUDGET = 400

#: Environment variable naming the folder where a site build collects the calculators' state files.
STATES_ENV = "STORAGEPERF_SITE_STATES"


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
        return self._tidy(checks.in_range(self.name, value, self.min, self.max, self.unit))


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
        ``draw(**values) -> (plotly.graph_objects.Figure, str)``: the figure and the answer (plain text, a line
        each); may raise ``ValueError`` for inputs the model rejects.
    controls : list of Slider and Choice
    title : str
        The figure's title: what it draws (the answer is text above it).
    prices : tuple of str, optional
        The platforms whose prices the answer rests on, of :data:`PRICES`: each answer ends with their dates.
    """

    def __init__(self, draw, controls, title="", prices=()):
        if not isinstance(title, str):
            raise TypeError(f"title must be a string (what the figure draws), got {title!r}")
        if isinstance(prices, str) or not all(p in PRICES for p in prices):
            raise ValueError(f"prices must be a tuple of {', '.join(PRICES)}; got {prices!r}")
        self.draw = draw
        self.title = title
        self.prices = tuple(prices)
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

    def answered(self, **values):
        """The answer (plain text, a line each) and the figure (titled :attr:`title`) for these inputs (defaults for
        the rest); raises ValueError naming a bad input."""
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ValueError(f"{unknown[0]} is not an input of this calculator; inputs are "
                             f"{', '.join(self.controls)}")
        merged = {**self.defaults(), **values}
        checked = {name: self.controls[name].check(v) for name, v in merged.items()}
        drawn = self.draw(**checked)
        if not (isinstance(drawn, tuple) and len(drawn) == 2 and isinstance(drawn[0], go.Figure)
                and isinstance(drawn[1], str)):
            kinds = [type(x).__name__ for x in drawn] if isinstance(drawn, tuple) else None
            got = f"({', '.join(kinds)})" if kinds is not None else type(drawn).__name__
            raise TypeError(f"draw must return (figure, answer), a plotly Figure and a string; got {got}")
        fig, answer = drawn
        if self.prices:
            answer += "\nPrices: " + "; ".join(price_dates(p) for p in self.prices) + "."
        fig.update_layout(title_text=self.title)
        return answer, fig

    def answer(self, **values):
        """The answer for these inputs, as plain text (a line each)."""
        return self.answered(**values)[0]

    def figure(self, **values):
        """The figure for these inputs, titled :attr:`title`."""
        return self.answered(**values)[1]

    def show(self, **values):
        """Display the answer and the figure for these inputs, or the one-line message if an input is not allowed."""
        from IPython.display import HTML, display

        try:
            answer, fig = self.answered(**values)
        except (ValueError, TypeError) as err:
            display(HTML(_message_html(err)))
            return
        display(HTML(_answer_html(answer)))
        display(fig)

    # -- live: an ipywidgets panel --------------------------------------------------------------------------
    def widget(self):
        """An ipywidgets panel: one control per input, a message line, the answer, and the figure, redrawn on
        change."""
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
        answer = widgets.HTML()
        out = widgets.Output()

        def redraw(_=None):
            try:
                text, fig = self.answered(**{n: w.value for n, w in inputs.items()})
            except (ValueError, TypeError) as err:
                message.value = _message_html(err)
                return
            message.value = ""
            answer.value = _answer_html(text)
            with out:
                out.clear_output(wait=True)
                display(fig)

        for w in inputs.values():
            w.observe(redraw, "value")
        redraw()
        return widgets.VBox([widgets.HBox(list(inputs.values()), layout={"flex_flow": "row wrap"}), message, answer,
                             out])

    # -- static: the default figure, native controls, and a state file of every position ----------------------
    def site_inputs(self):
        """The inputs the site moves: the first Slider and the first Choice, then the others in order while every
        combination of their positions stays within :data:`STATE_BUDGET`."""
        chosen = [c for c in (self._slider, self._choice) if c]
        count = len(self._slider.grid()) * (len(self._choice.options) if self._choice else 1)
        for c in self.controls.values():
            n = len(_positions(c))
            on_grid = not isinstance(c, Slider) or c.check(c.default) in c.grid()
            if c not in chosen and on_grid and count * n <= STATE_BUDGET:
                chosen.append(c)
                count *= n
        return [c for c in self.controls.values() if c in chosen]  # in the chapter's order

    def site_states(self):
        """Every combination of the site's input positions, drawn by the model, as plain JSON.

        Returns
        -------
        dict
            ``traces``: each distinct trace once; ``states``: for each combination (its positions' indices joined
            by commas) the indices of its traces, its layout changes (marks, axis ranges) and its answer.
        """
        inputs = self.site_inputs()
        positions = [_positions(c) for c in inputs]
        traces, index, states = [], {}, {}
        for combo in itertools.product(*(range(len(p)) for p in positions)):
            values = {c.name: p[i] for c, p, i in zip(inputs, positions, combo)}
            try:
                answer, fig = self.answered(**values)
            except (ValueError, TypeError) as err:
                answer, fig = str(err), go.Figure()
            ids = []
            for t in fig.data:
                plain = figures.plain(t)
                key = json.dumps(plain, sort_keys=True)
                if key not in index:
                    index[key] = len(traces)
                    traces.append(plain)
                ids.append(index[key])
            states[",".join(map(str, combo))] = {"traces": ids, "layout": _changing_layout(fig), "answer": answer}
        return {"traces": traces, "states": states}

    def to_html(self):
        """The kernel-free calculator: its answer as visible live text over the default figure, the site's inputs
        described for ``calculator.js``, and a state file of every position written to the folder :data:`STATES_ENV`
        names."""
        inputs = self.site_inputs()
        answer, fig = self.answered()
        states = json.dumps(self.site_states(), separators=(",", ":"), sort_keys=True)
        name = hashlib.sha1(states.encode()).hexdigest()[:16] + ".json"
        folder = os.environ.get(STATES_ENV)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_text(states, encoding="utf-8")
        spec = {"states": name if folder else None, "inputs": [_describe(c) for c in inputs]}
        fixed = [f"{c.label} {c.default}{' ' + c.unit if getattr(c, 'unit', '') else ''}"
                 for c in self.controls.values() if c not in inputs]
        note = ("Other inputs are fixed here at " + ", ".join(fixed) + "; to change them, run this page as a "
                "notebook (the launch button above) or download the runnable chapter (the download button: the way "
                "on a copy of the site built without its repository's address, which has no launch button).") \
            if fixed else ""
        caption = f'<p class="calculator-note">{html.escape(note)}</p>' if note else ""
        return (f'<div class="calculator" data-calculator="{html.escape(json.dumps(spec, separators=(",", ":")))}">'
                f'<div class="calculator-controls"></div>{_answer_html(answer)}'
                f'{figures.figure_html(fig)}{caption}</div>')

    def _repr_mimebundle_(self, include=None, exclude=None):
        plain = {"text/plain": f"<Calculator: {', '.join(self.controls)}>"}
        if figures.for_site():
            return {"text/html": self.to_html(), **plain}
        # In a kernel the panel is the calculator; a front end without widgets shows the default state only, so the
        # kernel does not compute every slider position the site needs.
        answer, fig = self.answered()
        snapshot = (_answer_html(answer) + figures.figure_html(fig) + '<p class="calculator-note">The inputs\' '
                    'defaults; run the notebook with widgets enabled to change them.</p>')
        return {"text/html": snapshot, **plain, **self.widget()._repr_mimebundle_()}


def _changing_layout(fig):
    """The layout a state sets, as a nested partial layout: the marks, the axis ranges."""
    layout = fig.layout.to_plotly_json()
    out = {"shapes": figures.plain(layout.get("shapes", [])),
           "annotations": figures.plain(layout.get("annotations", []))}
    for key, axis in layout.items():
        if re.fullmatch(r"[xy]axis\d*", key) and isinstance(axis, dict) and axis.get("range") is not None:
            out[key] = {"range": figures.plain(list(axis["range"]))}
    return out


#: The platforms a calculator's prices come from (:class:`Calculator`, ``prices``).
PRICES = ("azure", "google")


def price_dates(platform):
    """When a platform's prices were read, in words, from the data package: what a priced answer says.

    Examples
    --------
    >>> price_dates("azure")
    'Azure Retail Prices snapshot of 2026-01-29'
    """
    from storageperf import data
    from storageperf.platforms import azure_netapp_files as anf

    checks.choice("platform", platform, PRICES)
    if platform == "azure":
        return f"Azure Retail Prices snapshot of {anf.PRICE_SNAPSHOT_DATE}"
    dates = data.load("documents").set_index("id")["date"]
    used = dates.reindex(sorted(set(data.load("google_cloud_prices")["document"])))
    dated = sorted(str(d) for d in used.dropna().unique() if str(d).strip())
    undated = int(used.isna().sum() + (used.astype(str).str.strip() == "").sum())
    return ("Google Cloud prices read " + ", ".join(dated)
            + (f" and from {undated} undated page{'s' if undated > 1 else ''}" if undated else ""))


def _answer_html(answer):
    """The answer as a visible line (or lines) of text in a live region: read out when it changes."""
    return f'<p class="calculator-answer" role="status" aria-live="polite">{html.escape(answer)}</p>'


def _positions(control):
    """The values a control offers on the site: a Slider's grid, a Choice's options."""
    return control.grid() if isinstance(control, Slider) else list(control.options)


def _describe(control):
    """A control as ``calculator.js`` builds it: its kind, label, positions (as values and as labels), default."""
    values = _positions(control)
    default = values.index(control.check(control.default) if isinstance(control, Slider) else control.default)
    unit = getattr(control, "unit", "")
    return {"name": control.name, "kind": "range" if isinstance(control, Slider) else "select",
            "label": f"{control.label} [{unit}]" if unit and isinstance(control, Slider) else control.label,
            "labels": [f"{v:g}{' ' + unit if unit else ''}" if isinstance(v, (int, float)) and not isinstance(v, bool)
                       else str(v) for v in values], "default": default}


def _message_html(err):
    return f'<p class="calculator-error" style="color:#b00020">{html.escape(str(err))}</p>'
