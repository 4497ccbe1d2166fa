"""Getting around: search, links that restore a calculator or the studio, report an error."""
import json

from website.browsing import FORK, SHARED, STUDIO, open_page, open_studio


def test_search_finds_a_word_and_the_page_found_marks_it(browser, server, html_dir):
    # the chapters load no search scripts (the theme's search-as-you-type is off): the search page does the search
    chapter = (html_dir / "book" / "cool-access.html").read_text(encoding="utf-8")
    assert "searchtools.js" not in chapter and "searchindex.js" not in chapter
    page, problems = open_page(browser, f"{server}/search.html?q=coolness", draw_all=False)
    page.wait_for_selector("#search-results li a", timeout=20_000)
    found = page.eval_on_selector_all("#search-results li a", "links => links.map(a => a.getAttribute('href'))")
    assert any("cool-access" in href for href in found)
    assert problems == []
    page.close()
    page, problems = open_page(browser, f"{server}/book/cool-access.html?highlight=coolness", draw_all=False)
    page.wait_for_timeout(300)
    assert page.locator("span.highlighted").count() >= 1
    page.close()


# ---- links that land, and a guide a reader can correct ----------------------------------------------------------
def _in_view(page, selector):
    """Whether the top of the element is on screen, in the upper half of the window, and the page was scrolled."""
    return page.evaluate(f"""() => {{ const top = document.querySelector({json.dumps(selector)}).getBoundingClientRect().top;
        return top >= 0 && top < innerHeight / 2 && scrollY > 0; }}""")


def _copied(page):
    """Clicks the first "Copy link" of the page and returns what it copied (the clipboard as the page sees it)."""
    page.evaluate("() => { window.copiedLink = null; navigator.clipboard.writeText = async (t) => { window.copiedLink = t; }; }")
    return page


def test_a_shared_studio_link_opens_at_the_studio_and_copy_link_gives_that_link(browser, server):
    page, problems = open_studio(browser, server, {**SHARED, "mibps": "3000"})
    page.wait_for_timeout(300)
    assert _in_view(page, "#studio-app"), page.evaluate("[scrollY, document.getElementById('studio-app').getBoundingClientRect().top]")
    answer = page.inner_text("#studio-answer")
    # "Copy link" beside the answer copies the link to these inputs, which opens the studio at this answer
    share = page.locator("#studio-answer + .studio-share button.copy-link")
    assert share.inner_text() == "Copy link"
    _copied(page)
    share.click()
    page.wait_for_function("window.copiedLink !== null")
    link = page.evaluate("window.copiedLink")
    assert "mibps=3000" in link and page.inner_text(".studio-share [role=status]") == "Link copied."
    again, more = open_page(browser, link, draw_all=False)
    again.wait_for_function("window.studioReady === true")
    again.wait_for_timeout(300)
    assert again.inner_text("#studio-answer") == answer and _in_view(again, "#studio-app")
    # opened without inputs, the page starts at its top
    plain, _ = open_page(browser, f"{server}/{STUDIO}", draw_all=False)
    plain.wait_for_function("window.studioReady === true")
    assert plain.evaluate("scrollY") == 0
    for p in (page, again, plain):
        p.close()
    assert problems == [] and more == []


def _calculator(page, n):
    return page.locator(".calculator").nth(n - 1)


def _positions(calc):
    return calc.evaluate("c => [...c.querySelectorAll('.calculator-controls input, .calculator-controls select')]"
                         ".map(e => e.value)")


def test_a_calculators_link_restores_its_controls_and_scrolls_to_it(browser, server):
    page, problems = open_page(browser, f"{server}/book/cool-access.html", draw_all=False)
    calc = _calculator(page, 2)
    calc.scroll_into_view_if_needed()
    slider, menu = calc.locator("input[type=range]").first, calc.locator("select").first
    answer = calc.locator(".calculator-answer")
    before = answer.text_content()
    slider.focus()
    page.keyboard.press("End")
    menu.select_option(index=1)
    page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before])
    page.wait_for_timeout(300)
    moved, shown = _positions(calc), answer.text_content()
    link = page.evaluate("location.href")
    assert "calc=2" in link and f"{slider.get_attribute('name')}=" in link, link
    _copied(page)
    calc.locator("button.copy-link").click()
    page.wait_for_function("window.copiedLink !== null")
    assert page.evaluate("window.copiedLink") == link
    # the link, opened: that calculator in view, its controls where they were (not their defaults), the same answer
    again, more = open_page(browser, link, draw_all=False)
    restored = _calculator(again, 2)
    again.wait_for_function("([e, shown]) => e.textContent === shown",
                            arg=[restored.locator(".calculator-answer").element_handle(), shown])
    defaults = [str(i["default"]) for i in json.loads(restored.get_attribute("data-calculator"))["inputs"]]
    assert _positions(restored) == moved != defaults
    top = restored.evaluate("c => c.getBoundingClientRect().top")
    assert 0 <= top < 450 and again.evaluate("scrollY") > 0, top
    # a value that is not a position is named, and its input left at its default
    odd, _ = open_page(browser, f"{server}/book/cool-access.html?calc=2&{slider.get_attribute('name')}=7", draw_all=False)
    assert "is not a position of this calculator" in _calculator(odd, 2).locator(".calculator-share").inner_text()
    assert _positions(_calculator(odd, 2)) == defaults
    for p in (page, again, odd):
        p.close()
    assert problems == [] and more == []


def test_a_calculators_link_on_the_studios_page_is_not_read_as_the_studios_inputs(browser, server):
    page, problems = open_page(browser, f"{server}/{STUDIO}?calc=1&mibps=1000", draw_all=False)
    page.wait_for_function("window.studioReady === true")
    page.wait_for_timeout(300)
    assert page.input_value("#studio-mibps") == "2000"  # the studio's own default
    assert _calculator(page, 1).locator("output").first.text_content() == "1000 MiB/s"
    assert page.evaluate("location.search") == "?calc=1&mibps=1000"
    page.close()
    assert problems == []


def test_report_an_error_opens_an_issue_naming_the_page_and_the_section(browser, server):
    from urllib.parse import parse_qs, urlsplit

    page, problems = open_page(browser, f"{server}/book/cool-access.html", draw_all=False)
    heading = page.locator("article section[id] > h2").nth(2)
    section, name = heading.evaluate("h => h.parentElement.id"), heading.evaluate("h => h.textContent.replace(/#\\s*$/, '').trim()")
    heading.evaluate("h => h.scrollIntoView()")
    page.wait_for_timeout(200)
    # the repository's menu, opened with the mouse where the reader is (the header stays at the top of the window),
    # and the pointer pressed on its first item
    for selector in (".dropdown-source-buttons .dropdown-toggle", "a.btn-report-error-button"):
        box = page.locator(selector).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        if "toggle" in selector:
            page.mouse.up()
    link = page.locator("a.btn-report-error-button")
    assert link.inner_text().strip() == "Report an error on this page"
    url = urlsplit(link.get_attribute("href"))
    query = parse_qs(url.query)
    title = page.locator("article h1").first.evaluate("h => h.textContent.replace(/#\\s*$/, '').trim()")
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{FORK}/issues/new"
    assert query["title"] == [f'Error on "{title}", section "{name}"']
    assert f"Section: {name} ({server}/book/cool-access.html#{section})" in query["body"][0]
    # text selected in another section: that section, and the words quoted
    words = page.locator("article section[id] > p").nth(6)
    chosen = words.evaluate("p => { const r = document.createRange(); r.selectNodeContents(p); getSelection().removeAllRanges();"
                            " getSelection().addRange(r); return p.closest('section[id]').id; }")
    link.dispatch_event("pointerdown")
    body = parse_qs(urlsplit(link.get_attribute("href")).query)["body"][0]
    assert f"#{chosen})" in body and "Text: > " + " ".join(words.text_content().split())[:60] in body
    edit = page.locator("a.btn-source-edit-button")
    assert edit.get_attribute("href") == f"{FORK}/edit/main/book/cool-access.ipynb" and "Suggest an edit" in edit.inner_text()
    page.close()
    assert problems == []
