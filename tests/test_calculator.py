"""The one-call calculator: a panel in a kernel, a precomputed figure on the site, a clear message on bad input."""
import html as htmllib
import json
import re

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

from storageperf.platforms import azure_netapp_files as anf
from storageperf_book import Calculator, Choice, Slider, figures, put, table, v
from storageperf_book.calculator import STATE_BUDGET, STATES_ENV


def draw(quota_tib, service_level, volume_type="regular"):
    tp = anf.volume_throughput_mibps(quota_tib, service_level, volume_type)
    fig = go.Figure(go.Scatter(x=[0, 100], y=[0, anf.volume_ceiling_mibps(service_level, volume_type)], name="line"))
    fig.add_scatter(x=[quota_tib], y=[tp], name="point")
    return fig, f"{tp:.0f} MiB/s"


@pytest.fixture
def calc():
    return Calculator(draw, [Slider("quota_tib", "Quota", 10, 100, 10, 10, "TiB"),
                             Choice("service_level", "Service level", anf.SERVICE_LEVELS, "Premium"),
                             Choice("volume_type", "Volume type", anf.VOLUME_TYPES, "regular")],
                      title="Throughput by quota")


def _spec(html):
    return json.loads(htmllib.unescape(re.search(r'data-calculator="([^"]*)"', html).group(1)))


def test_the_site_moves_every_input_within_the_budget_and_holds_the_models_answer_for_each_position(calc):
    assert [c.name for c in calc.site_inputs()] == ["quota_tib", "service_level", "volume_type"]  # 10 x 3 x 4 states
    states = calc.site_states()
    assert len(states["states"]) == 10 * len(anf.SERVICE_LEVELS) * len(anf.VOLUME_TYPES) <= STATE_BUDGET
    premium, regular = anf.SERVICE_LEVELS.index("Premium"), anf.VOLUME_TYPES.index("regular")
    answers = [states["states"][f"{q},{premium},{regular}"]["answer"] for q in range(10)]
    assert answers == [f"{anf.volume_throughput_mibps(q, 'Premium'):.0f} MiB/s" for q in range(10, 101, 10)]
    # a state's figure is its traces, each distinct trace kept once: the line of a level is shared by its 10 states
    first = states["states"][f"0,{premium},{regular}"]
    drawn = [states["traces"][i] for i in first["traces"]]
    assert [t["name"] for t in drawn] == ["line", "point"] and drawn[1]["x"] == [10]
    assert len(states["traces"]) < 2 * len(states["states"])


def test_inputs_beyond_the_budget_stay_fixed_and_the_page_says_so():
    def draw_extra(quota_tib, service_level, extra):
        return draw(quota_tib, service_level)

    calc = Calculator(draw_extra, [Slider("quota_tib", "Quota", 10, 100, 10, 10, "TiB"),
                                   Choice("service_level", "Service level", anf.SERVICE_LEVELS, "Premium"),
                                   Slider("extra", "Extra", 0, 100, 1, 0)])  # 101 positions: 3,030 states
    assert [c.name for c in calc.site_inputs()] == ["quota_tib", "service_level"]
    assert "Other inputs are fixed here at Extra 0" in htmllib.unescape(calc.to_html())


def test_the_page_carries_the_default_state_and_a_state_file_named_by_its_content(calc, tmp_path, monkeypatch):
    monkeypatch.setenv(STATES_ENV, str(tmp_path))
    html = calc.to_html()
    assert "plotly.js v" not in html and "<script src" not in html
    assert html == calc.to_html()  # stable ids and names: a rebuild gives the same page
    spec = _spec(html)
    written = tmp_path / spec["states"]
    assert json.loads(written.read_text()) == calc.site_states()
    assert [i["name"] for i in spec["inputs"]] == ["quota_tib", "service_level", "volume_type"]
    assert spec["inputs"][0]["labels"][:2] == ["10 TiB", "20 TiB"] and spec["inputs"][0]["default"] == 0
    assert spec["inputs"][1]["default"] == anf.SERVICE_LEVELS.index("Premium")
    # the answer is visible text in a live region, over the figure
    assert re.search(r'<div class="calculator-controls"></div><p class="calculator-answer" role="status" '
                     rf'aria-live="polite">{anf.volume_throughput_mibps(10, "Premium"):.0f} MiB/s</p><div',
                     html)
    assert "visually-hidden" not in html
    assert len(html) < len(written.read_text())  # the page holds one state, the file all of them


def test_the_answer_is_text_and_the_figure_is_titled_by_what_it_draws(calc):
    answer, fig = calc.answered(quota_tib=30)
    assert answer == f"{anf.volume_throughput_mibps(30, 'Premium'):.0f} MiB/s" == calc.answer(quota_tib=30)
    assert fig.layout.title.text == calc.figure(quota_tib=30).layout.title.text == "Throughput by quota"
    # a state on the site sets its traces, marks and ranges and its answer; the title stays
    state = next(iter(calc.site_states()["states"].values()))
    assert "title" not in state["layout"] and state["answer"].endswith("MiB/s")

    def draw_lines(x):
        return go.Figure(go.Scatter(x=[x], y=[x])), f"{x} units;\ntwice that is {2 * x}"

    lines = Calculator(draw_lines, [Slider("x", "X", 1, 3, 1, 2)], title="X against itself")
    answer, fig = lines.answered()
    assert answer == "2 units;\ntwice that is 4"  # a line each, as drawn
    assert fig.layout.title.text == "X against itself"
    with pytest.raises(TypeError, match="title must be a string"):
        Calculator(draw_lines, [Slider("x", "X", 1, 3, 1, 2)], title=3)


def test_a_draw_that_returns_no_answer_is_refused_by_name():
    def figure_only(x):
        return go.Figure(go.Scatter(x=[x], y=[x]))

    def answer_first(x):
        return f"{x} units", go.Figure()

    for draw_wrongly, got in ((figure_only, "got Figure"), (answer_first, "got (str, Figure)")):
        calc = Calculator(draw_wrongly, [Slider("x", "X", 1, 3, 1, 2)])
        with pytest.raises(TypeError, match=re.escape(f"draw must return (figure, answer), a plotly Figure and a "
                                                      f"string; {got}")):
            calc.answered()


def test_invalid_positions_show_the_message(calc):
    states = calc.site_states()["states"]
    large = f"0,{anf.SERVICE_LEVELS.index('Premium')},{anf.VOLUME_TYPES.index('large')}"
    assert "quota_tib must be between 50 and 1024 TiB for a large volume, got 10" in states[large]["answer"]


def test_mimebundle_live_and_site(calc, monkeypatch):
    monkeypatch.setenv(figures.SITE_ENV, "1")
    assert set(calc._repr_mimebundle_()) == {"text/html", "text/plain"}
    monkeypatch.delenv(figures.SITE_ENV)
    bundle = calc._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and "text/html" in bundle
    assert "sliders" not in bundle["text/html"]  # in a kernel the fallback is the default state, not every position


def test_widget_redraws_through_the_model_and_reports_bad_input(calc):
    panel = calc.widget()
    controls, message, answer, out = panel.children
    quota, level, vtype = controls.children
    assert quota.description == "Quota [TiB]" and level.value == "Premium"
    vtype.value = "large"  # 10 TiB is too small for a large volume
    assert "quota_tib must be between 50 and 1024 TiB for a large volume, got 10" in message.value
    quota.value = 60
    assert message.value == ""
    # the answer: a line of text over the figure, in a live region, that follows the controls
    assert 'role="status" aria-live="polite"' in answer.value
    assert f">{anf.volume_throughput_mibps(60, 'Premium', 'large'):.0f} MiB/s<" in answer.value
    quota.value = 100
    assert f">{anf.volume_throughput_mibps(100, 'Premium', 'large'):.0f} MiB/s<" in answer.value


@pytest.mark.parametrize("values, words", [
    ({"quota_tib": -5}, "quota_tib must be between 10 and 100 TiB, got -5"),
    ({"quota_tib": "lots"}, "quota_tib must be a number, got 'lots'"),
    ({"service_level": "Gold"}, "service_level must be one of Standard, Premium, Ultra; got 'Gold'"),
    ({"colour": "red"}, "colour is not an input of this calculator; inputs are quota_tib, service_level, volume_type"),
])
def test_bad_calculator_input_is_one_clear_line(calc, values, words):
    with pytest.raises((ValueError, TypeError), match=re.escape(words)):
        calc.figure(**values)


def test_show_displays_the_message_instead_of_a_traceback(calc, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    calc.show(quota_tib=1000)
    assert "quota_tib must be between 10 and 100 TiB, got 1000" in shown[0].data
    calc.show(quota_tib=20)
    assert f"{anf.volume_throughput_mibps(20, 'Premium'):.0f} MiB/s" in shown[1].data
    assert isinstance(shown[2], go.Figure) and shown[2].layout.title.text == "Throughput by quota"


def test_slider_definition_is_checked():
    with pytest.raises(ValueError, match="at most 41 allowed"):
        Calculator(draw, [Slider("quota_tib", "Quota", 0, 1000, 1, 5)])
    with pytest.raises(ValueError, match="default must be one of its positions"):
        Calculator(draw, [Slider("quota_tib", "Quota", 10, 100, 20, 15)])
    with pytest.raises(ValueError, match="min <= default <= max"):
        Slider("x", "X", 0, 10, 1, 50)


def test_a_table_takes_the_themes_style_with_numbers_right_aligned():
    import pandas as pd

    levels = pd.DataFrame({"service level": list(anf.SERVICE_LEVELS),
                           "rate [MiB/s per TiB]": [anf.throughput_per_tib_mibps(s) for s in anf.SERVICE_LEVELS]})
    html = table(levels.style.hide(axis="index")).to_html()
    assert 'class="table"' in html
    css = html[:html.index("</style>")]
    right = " ".join(re.findall(r"([^{}]+)\{\s*text-align: right;", css))  # the selectors aligned right
    assert "th.col_heading.col1" in right and "td.col1" in right  # the rate, a number
    assert "col0" not in right  # the service level, a name
    nowrap = " ".join(re.findall(r"([^{}]+)\{\s*white-space: nowrap;", css))
    assert "td.col0" in nowrap and "col1" not in nowrap  # a short name stays on one line
    with pytest.raises(TypeError, match="styler must be a pandas Styler"):
        table(levels)


def test_put_keeps_a_value_that_v_formats_as_plain_text():
    from storageperf_book import put, v
    from storageperf_book.display import VALUES

    put("rate", np.float64(1562.7))
    assert type(VALUES["rate"]) is float  # a numpy scalar is kept as a plain number
    assert v("rate", ",.0f") == "1,563" and repr(v("rate", ",.0f")) == "1,563"  # shown without quotes
    put("level", "Premium")
    assert repr(v("level")) == "Premium"
    put("rate", 42)  # a name put again takes the new value
    assert v("rate", "g") == "42"
    styler = table(pd.DataFrame({"a": [1.5]}).style)
    put("a_table", styler)
    shown = v("a_table")._repr_html_()  # a table in a block of its own, which the site scrolls sideways when wide
    assert shown.startswith('<div class="output') and styler.to_html() in shown


def test_v_names_what_is_missing():
    from storageperf_book import v

    with pytest.raises(ValueError, match="name 'never_put' has not been put"):
        v("never_put")


def _put_x_then_v(name, spec):
    put("x", 1.5)
    return v(name, spec)


BAD_INPUT = [
    (put, {"name": "x", "value": 1.0}, "name", [("1x", "got '1x'"), ("a b", "letters, digits and underscores"),
                                               (3, "got 3")]),
    (_put_x_then_v, {"name": "x", "spec": ",.1f"}, "spec", [("d", "'d'"), ("5s", "'5s'")]),
]


def test_bad_input(bad_input):
    bad_input.check()


def test_a_figure_displays_as_plotlys_mimetype_renderer_plus_the_sites_html(monkeypatch):
    import plotly.io as pio

    monkeypatch.delenv(figures.SITE_ENV, raising=False)
    fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 1]))
    bundle = fig._repr_mimebundle_()
    native = pio.renderers._build_mime_bundle(fig.to_dict(), "plotly_mimetype")
    assert bundle["application/vnd.plotly.v1+json"] == native["application/vnd.plotly.v1+json"]
    assert bundle["text/html"] == figures.figure_html(fig.to_dict())
    monkeypatch.setenv(figures.SITE_ENV, "1")
    assert set(fig._repr_mimebundle_()) == {"text/html"}


def test_on_the_site_a_figures_numbers_are_a_file_its_html_names(monkeypatch, tmp_path):
    import json

    import numpy as np

    fig = go.Figure(go.Scatter(x=[0, 1, 2], y=np.array([0.123456789, np.nan, 1])), layout={"height": 300})
    monkeypatch.setenv(figures.SITE_ENV, "1")
    monkeypatch.setenv(figures.FIGURES_ENV, str(tmp_path / "figures"))
    html = figures.figure_html(fig)
    (written,) = (tmp_path / "figures").iterdir()
    assert f'data-figure="{written.name}"' in html and "<script" not in html and "0.123457" not in html
    assert 'class="plotly-graph-div"' in html and "height:300px" in html and "-description\">Chart: lines" in html
    figure = json.loads(written.read_text())
    assert figure["data"] == figures.plain(fig)["data"] and figure["data"][0]["y"] == [0.123457, None, 1]  # JSON
    assert figure["layout"]["height"] == 300 and figure["config"]["displaylogo"] is False
    assert figures.figure_html(fig) == html and len(list((tmp_path / "figures").iterdir())) == 1  # named by content
    monkeypatch.delenv(figures.FIGURES_ENV)
    assert "Plotly.newPlot" in figures.figure_html(fig)  # no folder: the page draws it itself


def test_a_figure_is_described_by_what_it_plots_against_what_and_its_series():
    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4], name="Premium<br>level"),
                    layout={"xaxis": {"title": {"text": "quota [TiB]"}}, "yaxis": {"title": {"text": "rate [MiB/s]"}}})
    assert figures.describe(fig) == "Chart: lines and points of rate [MiB/s] against quota [TiB]; series: Premium level."
    bars = go.Figure(go.Bar(y=["a", "b"], x=[1, 2], orientation="h", name="error"),
                     layout={"xaxis": {"title": {"text": "error [%]"}}})
    assert figures.describe(bars) == "Chart: bars of error [%] by category; series: error."
    assert 'id="fig-' in figures.figure_html(fig) and "-description\">Chart: lines" in figures.figure_html(fig)


def test_a_priced_answer_says_when_its_prices_were_read():
    import plotly.graph_objects as go

    from storageperf.platforms import azure_netapp_files as anf
    from storageperf_book.calculator import Calculator, Slider

    def draw(x):
        return go.Figure(), f"{x:g} USD a month"

    priced = Calculator(draw, [Slider("x", "X", 1, 3, 1, 2)], prices=("azure",))
    assert priced.answer(x=3).splitlines() == ["3 USD a month",
                                               f"Prices: Azure Retail Prices snapshot of {anf.PRICE_SNAPSHOT_DATE}."]
    assert Calculator(draw, [Slider("x", "X", 1, 3, 1, 2)]).answer() == "2 USD a month"
    with pytest.raises(ValueError, match="prices must be a tuple of azure, google; got 'azure'"):
        Calculator(draw, [Slider("x", "X", 1, 3, 1, 2)], prices="azure")


def test_every_calculator_whose_answer_has_a_cost_says_the_prices_date():
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    costed = 0
    for chapter in sorted((root / "book").glob("[!_]*.ipynb")):
        code = "\n".join("".join(c["source"]) for c in json.loads(chapter.read_text())["cells"]
                         if c["cell_type"] == "code")
        for call in re.finditer(r"Calculator\((draw_\w+),", code):
            body = re.search(rf"def {call.group(1)}\(.*?(?=\ndef |\nCalculator\(|\Z)", code, re.S).group(0)
            if re.search(r"usd|cost\b|price", body, re.I):
                costed += 1
                end, depth = call.end(), 1   # the call's closing parenthesis
                while depth:
                    depth += {"(": 1, ")": -1}.get(code[end], 0)
                    end += 1
                assert "prices=(" in code[call.start():end], \
                    f"{chapter.stem}: {call.group(1)} answers with a cost but not its prices' date"
    assert costed >= 10
