"""Every figure drawn, whole on a phone and a wide screen, in both colour schemes, described and downloadable."""
import csv
import functools
import http.server
import json
import re
import threading

from storageperf_book import plotly_bundle
from storageperf_book.sphinx.plotly import PLOTLY_JS
from website.browsing import PHONE, ROOT, chapter_pages, chapters_open, luminance, open_page, page_figures, switch_theme


def test_the_served_plotly_js_has_every_trace_type_a_figure_draws(browser, html_dir, pages):
    # what the served bundle registers, as a browser loads it; against every trace of every figure on every page and
    # of every calculator position
    page = browser.new_page()
    page.add_script_tag(path=str(html_dir / "_static" / PLOTLY_JS))
    registered = set(page.evaluate("Object.keys(Plotly.PlotSchema.get().traces)"))
    page.close()
    used = {}  # trace type -> the pages that draw it
    for name in chapter_pages(html_dir, pages):
        for traces, _ in page_figures(html_dir, name):
            for t in traces:
                used.setdefault(t.get("type") or "scatter", set()).add(name)  # plotly.js's default type
    # and every position of every calculator, drawn from its state file
    for states in (html_dir / "_static" / "calculators").glob("*.json"):
        for t in json.loads(states.read_text(encoding="utf-8"))["traces"]:
            used.setdefault(t.get("type") or "scatter", set()).add(f"_static/calculators/{states.name}")
    missing = {kind: sorted(names) for kind, names in used.items() if kind not in registered}
    assert used and not missing, (f"figures draw trace types {plotly_bundle.PACKAGE} lacks: {missing}; it has "
                                  f"{sorted(registered)}: pin a bundle that has them in storageperf_book/plotly_bundle.py")


def test_a_first_visit_to_any_chapter_is_within_the_budget(browser, html_dir, pages):
    # as tools/benchmark.py counts it: every byte Chromium receives, served gzip-compressed, until the network is idle
    from tools import benchmark as bench

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(bench.GzipHandler,
                                                                                directory=str(html_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        heavy = {}
        for name in chapter_pages(html_dir, pages):
            received = sum(n for _, n in bench.transfer(browser, f"http://127.0.0.1:{httpd.server_address[1]}/{name}"))
            if received > bench.FIRST_VISIT_BUDGET:
                heavy[name] = received
    finally:
        httpd.shutdown()
    assert not heavy, f"first visits over {bench.FIRST_VISIT_BUDGET:,} bytes: {heavy}"
    # the theme's live-code script is left out: no launch button uses it
    assert not [n for n in pages if "thebe" in (html_dir / n).read_text(encoding="utf-8").lower()]


def test_every_page_loads_without_errors_or_foreign_requests(browser, server, pages):
    for name in pages:
        page, problems = open_page(browser, f"{server}/{name}")
        page.close()
        assert not problems, f"{name}: {problems}"


def test_every_figure_draws(browser, server, html_dir, pages):
    chapters = chapter_pages(html_dir, pages)
    assert chapters, "no page has a figure"
    for name in chapters:
        page, problems = open_page(browser, f"{server}/{name}")
        expected = page.locator(".plotly-graph-div").count()
        page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot .main-svg').length >= {expected}")
        drawn = page.evaluate("[...document.querySelectorAll('.plotly-graph-div')]"
                              ".filter(d => d.querySelector('.main-svg') && d.data && d.data.length > 0).length")
        squashed = page.evaluate(_SQUASHED_AXES)
        page.close()
        assert drawn == expected and not problems, f"{name}: {drawn}/{expected} drawn; {problems}"
        assert not squashed, f"{name}: data squashed into a sliver of the axis: {squashed}"


# Every figure title (a calculator's answer) that reaches past its figure's edges: plotly does not wrap titles.
_TITLES_CUT = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) => {
  const box = gd.getBoundingClientRect();
  return [...gd.querySelectorAll('.gtitle')].map(t => t.getBoundingClientRect())
    .filter(b => b.width > 0 && (b.left < box.left - 1 || b.right > box.right + 1))
    .map(b => `figure ${i}: title spans ${Math.round(b.left - box.left)}..${Math.round(b.right - box.left)} of ${Math.round(box.width)} px`);
})"""


# Every figure wider than the viewport, and the page itself if it scrolls sideways.
_TOO_WIDE = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) => {
  const box = gd.getBoundingClientRect();
  return box.left < -0.5 || box.right > innerWidth + 0.5 ? [`figure ${i}: ${Math.round(box.left)}..${Math.round(box.right)}`] : [];
}).concat(document.documentElement.scrollWidth > innerWidth ? [`page ${document.documentElement.scrollWidth} px`] : [])"""


# Every figure title drawn in a font smaller than the figure's tick labels (13 px, storageperf_book.figures.TEMPLATE).
_TITLES_TOO_SMALL = """[...document.querySelectorAll('.js-plotly-plot .gtitle')]
  .map(t => parseFloat(getComputedStyle(t).fontSize)).filter(size => size < 13)"""


# Every two level tick labels of one axis that overlap (plotly turns crowded labels, unless a chapter fixes their
# angle; turned labels, whose boxes overlap though their letters do not, are plotly's own fitting).
_TICKS_OVERLAP = """[...document.querySelectorAll('.js-plotly-plot')].flatMap((gd, i) =>
  [...gd.querySelectorAll('g.xaxislayer-above, g.yaxislayer-above')].flatMap(layer => {
    const level = t => !/rotate\\((?!0[,)])/.test(t.getAttribute('transform') || '');
    const boxes = [...layer.querySelectorAll('text')].filter(level).map(t => [t.textContent, t.getBoundingClientRect()])
      .filter(([, b]) => b.width > 0);
    return boxes.slice(1).flatMap(([text, b], k) => {
      const [other, a] = boxes[k];
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      return overlap ? [`figure ${i}: ticks ${other} and ${text} overlap`] : [];
    });
  }))"""


def test_figure_titles_are_whole_on_a_phone(browser, server, html_dir, pages):
    # a figure takes the phone's width; figures.js fits its title (a smaller font, then more lines) and its layout,
    # before and after a control sets a new title (each calculator's first slider moved to its end)
    for name in chapter_pages(html_dir, pages):
        page, problems = open_page(browser, f"{server}/{name}", width=PHONE)
        page.wait_for_selector(".js-plotly-plot .main-svg")
        wide, cut, small = page.evaluate(_TOO_WIDE), page.evaluate(_TITLES_CUT), page.evaluate(_TITLES_TOO_SMALL)
        wide += page.evaluate(_TICKS_OVERLAP)
        for slider in page.locator(".calculator input[type=range]").all():
            slider.focus()
            page.keyboard.press("End")
        page.wait_for_timeout(600)
        cut += page.evaluate(_TITLES_CUT) + page.evaluate(_TOO_WIDE)
        page.close()
        assert not wide and not cut and not small and not problems, f"{name}: {wide} {cut} {small} {problems}"


def test_a_figure_keeps_its_layout_on_a_wide_screen(browser, server, html_dir, pages):
    # the narrow layout is for narrow figures only: at a desktop's width a figure whose title fits is drawn as written
    name = chapter_pages(html_dir, pages)[0]
    page, problems = open_page(browser, f"{server}/{name}")
    page.wait_for_selector(".js-plotly-plot .main-svg")
    fitted = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                           ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    figures = page.locator(".js-plotly-plot").count()
    page.set_viewport_size({"width": PHONE, "height": 900})
    page.wait_for_timeout(600)
    narrowed = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                             ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(900)
    widened = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')]"
                            ".filter(gd => gd.layout.margin && gd.layout.margin.l === 12).length")
    # and each figure is as wide as its column again (plotly alone can measure the column mid-way through the
    # theme's sidebar sliding back)
    misfit = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')].map(gd => "
                           "Math.round(gd._fullLayout.width - gd.parentElement.clientWidth)).filter(d => d !== 0)")
    page.close()
    assert (fitted, narrowed, widened) == (0, figures, 0) and not problems, (fitted, narrowed, widened, problems)
    assert not misfit, misfit


# Each figure's background (its first layer's) and the colour of its title, as drawn.
_FIGURE_COLOURS = """[...document.querySelectorAll('.js-plotly-plot')].map(gd => [
  getComputedStyle(gd.querySelector('.main-svg')).backgroundColor,
  getComputedStyle(gd.querySelector('.gtitle') || gd.querySelector('.xtick text')).fill])"""


def test_figures_follow_the_colour_scheme(browser, server, html_dir, pages):
    # in a dark colour scheme every figure is dark with light text; the theme button re-colours them both ways
    for name, page in chapters_open(browser, server, html_dir, pages, colour_scheme="dark"):
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", name
        dark = page.evaluate(_FIGURE_COLOURS)
        # the mode bar lies over the title's end even while its buttons are hidden: nothing of it may dim the title
        veils = page.evaluate("[...document.querySelectorAll('.js-plotly-plot .modebar')]"
                              ".map(m => getComputedStyle(m).backgroundColor).filter(c => c !== 'rgba(0, 0, 0, 0)')")
        switch_theme(page, "light")
        light = page.evaluate(_FIGURE_COLOURS)
        switch_theme(page, "dark")
        again = page.evaluate(_FIGURE_COLOURS)
        assert dark and not veils, f"{name}: {veils}"
        for i, ((bg, text), (light_bg, light_text)) in enumerate(zip(dark, light)):
            assert luminance(bg) < 0.2 and luminance(text) > 0.6, f"{name} figure {i} in the dark theme: {bg}, {text}"
            assert luminance(light_bg) > 0.9 and luminance(light_text) < 0.3, f"{name} figure {i} toggled to light"
        assert again == dark, f"{name}: toggled back to dark, the figures are {again}"


def test_the_dark_theme_recolours_every_colour_of_the_template():
    # one script relays the figures out in the dark theme's colours, by what each colour of the template is for; no
    # stylesheet rule matches plotly's inline colours
    from storageperf_book.figures import TEMPLATE

    script = (ROOT / "book" / "_static" / "dark-theme.js").read_text()
    light = dict(re.findall(r'"([^"]+)": "(background|text|line|grid|brown)"', script[script.index("LIGHT = {"):]))
    layout = TEMPLATE.layout
    colours = {"background": layout.paper_bgcolor, "plot": layout.plot_bgcolor, "font": layout.font.color,
               "grid": layout.xaxis.gridcolor, "axis line": layout.xaxis.linecolor, "brown": layout.colorway[5],
               "black": "black"}
    for what, colour in colours.items():
        assert colour in light, f"{what} {colour}: the dark theme does not recolour it"
    css = (ROOT / "book" / "_static" / "book.css").read_text()
    assert "[style*=" not in css and ".modebar-btn" not in css  # (print hides the mode bar: not a colour)


# Each mark drawn in black or the template's brown, which a dark page would hide.
_HIDDEN_MARKS = """[...document.querySelectorAll('.js-plotly-plot path, .js-plotly-plot text')].flatMap(e => {
  const s = e.style, shown = (opacity) => opacity === '' || Number(opacity) > 0;
  const painted = [shown(s.fillOpacity) && s.fill, shown(s.strokeOpacity) && s.strokeWidth !== '0px' && s.stroke];
  return painted.filter(c => ['rgb(0, 0, 0)', 'rgb(140, 86, 75)', 'rgb(34, 34, 34)'].includes(c))
    .map(c => `${e.getAttribute('class') || e.tagName} ${c}`);
})"""


def test_a_figure_stays_dark_as_its_calculator_moves(browser, server, html_dir, pages):
    # a calculator's new position comes in the template's colours: recoloured as it is drawn, black marks and lines
    # and the brown included; then light again with the theme
    for name, page in chapters_open(browser, server, html_dir, pages, colour_scheme="dark"):
        hidden = page.evaluate(_HIDDEN_MARKS)
        for slider in page.locator(".calculator input[type=range]").all():
            slider.focus()
            page.keyboard.press("End")
        page.wait_for_timeout(600)
        moved, hidden_after = page.evaluate(_FIGURE_COLOURS), page.evaluate(_HIDDEN_MARKS)
        switch_theme(page, "light")
        light = page.evaluate(_FIGURE_COLOURS)
        assert not hidden and not hidden_after, f"{name}: {hidden[:3]} {hidden_after[:3]}"
        for i, ((bg, text), (light_bg, light_text)) in enumerate(zip(moved, light)):
            assert luminance(bg) < 0.2 and luminance(text) > 0.6, f"{name} figure {i} moved: {bg}, {text}"
            assert luminance(light_bg) > 0.9 and luminance(light_text) < 0.3, f"{name} figure {i} toggled to light"


# Every numeric axis whose traces' data (with zero, on a linear axis) spread over less than 2 % of the axis range.
# A figure can draw and still show nothing: an annotation placed in the wrong units, say, stretches the axis
# until the data is a line. Calculators fix their ranges over all slider steps, so a step's data may be small.
_SQUASHED_AXES = """[...document.querySelectorAll('.plotly-graph-div')].flatMap((gd, i) => {
  const layout = gd._fullLayout, found = [];
  for (const name of Object.keys(layout).filter(k => /^[xy]axis[0-9]*$/.test(k))) {
    const ax = layout[name], letter = name[0];
    if (!['linear', 'log'].includes(ax.type)) continue;
    let lo = ax.type === 'linear' ? 0 : Infinity, hi = ax.type === 'linear' ? 0 : -Infinity;
    for (const t of gd._fullData) {
      if (t.visible !== true || t[letter + 'axis'] !== ax._id) continue;
      for (const v of (t[letter] || [])) {
        const l = ax.d2l(v);
        if (Number.isFinite(l)) { lo = Math.min(lo, l); hi = Math.max(hi, l); }
      }
    }
    const span = Math.abs(ax.range[1] - ax.range[0]);
    if (hi > lo && (hi - lo) / span < 0.02) found.push(`figure ${i} ${name}: data ${lo}..${hi}, range ${ax.range}`);
  }
  return found;
})"""


def test_every_figure_is_described_and_its_numbers_download_as_csv(browser, server, html_dir, pages):
    for name, page in chapters_open(browser, server, html_dir, pages):
        figures = page.locator(".js-plotly-plot")
        described = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')].filter(gd => "
                                  "/^Chart: (lines and points|bars) of .+/.test(document.getElementById(gd.id + '-description')"
                                  "?.textContent || '')).length")
        assert described == figures.count(), f"{name}: {described} of {figures.count()} figures described"
        # the last figure's numbers: every point of every visible trace, one row each, as drawn
        last = figures.last
        last.scroll_into_view_if_needed()
        with page.expect_download() as download:
            page.locator(f"#{last.get_attribute('id')}-description button").click()
        rows = list(csv.reader(open(download.value.path(), encoding="utf-8")))
        drawn = last.evaluate("gd => gd._fullData.filter(t => t.visible === true && t.x && t.y)"
                              ".map(t => [t.name, Math.min(t.x.length, t.y.length), String(t.y[0])])")
        assert sum(n for _, n, _ in drawn) == sum(r[0] != "series" for r in rows), name
        firsts = [r for r in rows if r[0] != "series"]
        assert [firsts[0][0], firsts[0][2]] == [drawn[0][0], drawn[0][2]], name


def test_a_figure_is_drawn_when_the_reader_nears_it(browser, server, html_dir, pages):
    # figures far below the first screen wait: the page is ready sooner, and each draws as the reader scrolls to it
    name = max(chapter_pages(html_dir, pages),
               key=lambda n: (html_dir / n).read_text(encoding="utf-8").count('class="plotly-graph-div"'))
    page, problems = open_page(browser, f"{server}/{name}", draw_all=False)
    total = page.locator(".plotly-graph-div").count()
    drawn = page.evaluate("document.querySelectorAll('.js-plotly-plot').length")
    last = page.locator(".plotly-graph-div").last
    assert not last.evaluate("d => Boolean(d._fullLayout)"), f"{name}: the last figure was drawn before it was near"
    last.scroll_into_view_if_needed()
    last.locator(".main-svg").first.wait_for(timeout=10_000)
    page.close()
    assert drawn < total and not problems, f"{name}: {drawn} of {total} figures drawn at load; {problems}"
