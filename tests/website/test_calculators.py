"""The chapters' calculators: keyboard, visible answer text, the guide version they answer from."""
import re

from website.browsing import FOCUS_BEFORE, built_commit, chapters_open, open_page

# What a calculator shows: its answer (the visible live text) and its figure's data and title.
_SHOWN = """el => el.querySelector('.calculator-answer').textContent + JSON.stringify(
  el.querySelector('.js-plotly-plot').data.map(t => [t.x, t.y, t.visible])) + el.querySelector('.gtitle').textContent"""


def test_every_calculator_control_works_from_the_keyboard(browser, server, html_dir, pages):
    # each control of each calculator: reached with Tab, named by its label, moved with an arrow key; the figure
    # and the answer (a live region) change to the model's figure for the new position
    moved = 0
    for name, page in chapters_open(browser, server, html_dir, pages):
        for calc in page.locator(".calculator").all():
            controls = calc.locator(".calculator-controls input, .calculator-controls select").all()
            assert controls, f"{name}: a calculator without controls"
            assert calc.locator("[role=status][aria-live=polite]").count() == 1
            for control in controls:
                control.scroll_into_view_if_needed()
                assert control.evaluate(FOCUS_BEFORE), name
                page.keyboard.press("Tab")
                assert control.evaluate("e => e === document.activeElement"), \
                    f"{name}: Tab reaches {page.evaluate('document.activeElement.outerHTML')[:200]}, not a control"
                label = control.evaluate("e => e.labels.length ? e.labels[0].textContent : ''")
                assert label, f"{name}: a control without a label"
                at_end = control.evaluate("e => e.tagName === 'SELECT' ? e.selectedIndex === e.options.length - 1"
                                          " : e.value === e.max")
                slider = control.evaluate("e => e.type") == "range"
                before = calc.evaluate(_SHOWN)
                page.keyboard.press(("ArrowLeft" if at_end else "ArrowRight") if slider else
                                    ("ArrowUp" if at_end else "ArrowDown"))
                try:
                    page.wait_for_function(f"([el, before]) => ({_SHOWN})(el) !== before",
                                           arg=[calc.element_handle(), before], timeout=10_000)
                except Exception:
                    raise AssertionError(f"{name}: {label!r} moved from the keyboard left the calculator as it "
                                         "was") from None
                moved += 1
    assert moved >= 20


# Why an element is not seen: hidden by a class, a style or a clip (the ways screen-reader-only text is written).
_UNSEEN = """e => {
  const s = getComputedStyle(e), box = e.getBoundingClientRect();
  return [e.closest('.visually-hidden, .sr-only') && 'a hidden class', s.visibility !== 'visible' && s.visibility,
    Number(s.opacity) === 0 && 'opacity 0', s.position === 'absolute' && 'taken out of the flow',
    !['auto', ''].includes(s.clip) && `clip ${s.clip}`, s.clipPath !== 'none' && `clip-path ${s.clipPath}`,
    (box.width < 20 || box.height < 10) && `a box of ${box.width} x ${box.height} px`].filter(Boolean);
}"""


def test_a_calculators_answer_is_visible_text_that_follows_its_controls(browser, server, html_dir, pages):
    # the answer is a line of text over the figure, in a live region, read and seen; the figure's title says what is
    # drawn, in one line, and stays when a control moves the answer
    answered = 0
    for name, page in chapters_open(browser, server, html_dir, pages):
        for calc in page.locator(".calculator").all():
            answer = calc.locator(".calculator-answer")
            assert answer.count() == 1 and answer.get_attribute("role") == "status" \
                and answer.get_attribute("aria-live") == "polite", name
            calc.scroll_into_view_if_needed()
            assert not answer.evaluate(_UNSEEN), f"{name}: the answer is not seen: {answer.evaluate(_UNSEEN)}"
            above = answer.evaluate("e => e.getBoundingClientRect().bottom <= "
                                    "e.closest('.calculator').querySelector('.js-plotly-plot').getBoundingClientRect().top")
            title = calc.locator(".gtitle")
            lines = title.evaluate("t => t.querySelectorAll('tspan.line').length || 1")
            before, heading = answer.text_content(), title.text_content()
            assert above and before.strip() and lines == 1 and before.split("\n")[0] not in heading, \
                f"{name}: answer {before!r} over the figure: {above}; title {heading!r} in {lines} lines"
            control = calc.locator(".calculator-controls input[type=range]").first
            control.focus()
            page.keyboard.press("End" if control.evaluate("e => e.value !== e.max") else "Home")
            page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before],
                                   timeout=10_000)
            assert title.text_content() == heading and not answer.evaluate(_UNSEEN), name
            answered += 1
    assert answered >= 20


def test_each_calculator_says_which_guide_its_answer_comes_from(browser, server, html_dir):
    # every page carries the build's version in its head; calculator.js says it under each calculator's answer
    from storageperf_book.version import version_text

    commit = built_commit()
    meta = re.compile(r'<meta name="guide-version" content="Guide built (\d{4}-\d\d-\d\d) from ([^"]+)\.">')
    with_calculators = []
    for path in sorted((html_dir / "book").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        said = meta.search(text)
        assert said and said[2] == (f"commit {commit}" if commit else "a copy without its history"), path.name
        if 'class="calculator"' in text:
            with_calculators.append((path.name, version_text({"commit": commit or None, "built": said[1]})))
    name, want = with_calculators[0]
    page, problems = open_page(browser, f"{server}/book/{name}", draw_all=False)
    shown = page.evaluate("[...document.querySelectorAll('.calculator')].map(c => c.querySelector('.calculator-share').textContent)")
    assert len(shown) == (html_dir / "book" / name).read_text(encoding="utf-8").count('class="calculator"'), name
    assert shown and all(s.endswith(want) for s in shown) and problems == [], (name, shown)
    page.close()
