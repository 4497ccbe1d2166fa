"""The site on paper: a chapter printed, the cheat sheet on one page, the handouts and the participant's PDF."""
import re
import zipfile
from urllib.parse import urlparse

import pytest

from website.browsing import (
    CHROMIUM,
    FLAGS,
    ROOT,
    STUDIO,
    built_commit,
    chapters_open,
    open_page,
    open_studio,
    page_text,
    pdf_text,
    quiz_spec,
    serving,
)

# What paper must show: each figure's title lines, each solution's first words, each folded answer's first words.
_PRINTED = """({
  titles: [...document.querySelectorAll('.js-plotly-plot .gtitle')].flatMap(t =>
    t.querySelectorAll('tspan.line').length ? [...t.querySelectorAll('tspan.line')].map(l => l.textContent) : [t.textContent]),
  solutions: [...document.querySelectorAll('.solution section p')].map(p => p.textContent).filter(t => t.trim()).slice(0, 3),
  answers: [...document.querySelectorAll('details.sd-dropdown .sd-summary-content p')].map(p => p.textContent),
  calculators: document.querySelectorAll('.calculator .js-plotly-plot').length,
})"""


def test_a_chapter_prints_its_figures_and_solutions(browser, server, html_dir, pages):
    # Chromium's print-to-PDF, from a page in the dark theme: every figure (a calculator as drawn, its default state)
    # with its title, every solution and answer open, no code toggles; the page is as it was afterwards
    for name, page in chapters_open(browser, server, html_dir, pages, colour_scheme="dark"):
        expected = page.evaluate(_PRINTED)
        text = pdf_text(page.pdf(format="A4"))
        after = page.evaluate("[document.documentElement.dataset.theme, document.querySelectorAll('svg[viewBox].main-svg')"
                              ".length, document.querySelectorAll('details.sd-dropdown[open]').length]")
        # a chapter has a calculator; the workshop's page of the room's answers draws charts only
        assert expected["titles"] and (expected["calculators"] or name.startswith("book/workshop/")), \
            f"{name}: {expected}"
        for kind in ("titles", "solutions", "answers"):
            for words in expected[kind]:
                words = " ".join(words.split())[:60]
                assert words in text, f"{name}: the printed page lacks the {kind[:-1]} {words!r}"
        assert "Show code cell source" not in text and "Click to" not in text, name
        assert after == ["dark", 0, 0], f"{name}: after printing {after}"


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_cheat_sheet_prints_on_one_page(browser, server, paper):
    import io

    from pypdf import PdfReader

    page, problems = open_page(browser, f"{server}/book/workshop/cheat-sheet.html", draw_all=False)
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=False)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert "Little" in pdf_text(pdf)
    assert problems == []
    page.close()


def test_the_handouts_are_the_whole_site_offline_and_the_book_on_paper(browser, html_dir, tmp_path):
    from pypdf import PdfReader

    from storageperf_book.handouts import book_pdf, offline_zip, toc_pages

    pages = toc_pages(ROOT)
    archive = offline_zip(html_dir, tmp_path / "guide-offline.zip")
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "offline")
    assert "guide/README.txt" in names and all(f"guide/{p}" in names for p in pages)
    readme = (tmp_path / "offline" / "guide" / "README.txt").read_text(encoding="utf-8")
    # opened with a double click first (test_the_offline_copy_works_opened_from_the_file_system); served, if preferred
    assert readme.index("Double-click index.html") < readme.index("python3 -m http.server")
    assert "python3 -m http.server" in readme and "py -m http.server" in readme  # macOS and Linux; Windows
    # served by a plain static server from the unzipped folder, the studio answers and a calculator's page loads clean
    with serving(tmp_path / "offline" / "guide") as served:
        page, problems = open_studio(browser, served)
        assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
        page.close()
        page, problems = open_page(browser, f"{served}/book/cool-access.html")
        assert problems == []
        page.close()
    from storageperf.platforms import azure_netapp_files as anf
    from storageperf_book.handouts import build_facts

    facts = build_facts(ROOT)
    count = book_pdf(html_dir, ROOT, tmp_path / "guide.pdf", CHROMIUM, FLAGS, browser=browser, facts=facts)
    assert count >= len(pages)
    import html as htmllib

    pdf = PdfReader(tmp_path / "guide.pdf")
    text = pdf_text((tmp_path / "guide.pdf").read_bytes())
    titles = []
    at = -1
    for name in pages:   # each page's title, in the order of the table of contents
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", (html_dir / name).read_text(encoding="utf-8"), re.S)
        title = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).replace("#", "").split())
        titles.append(title)
        found = text.find(title[:40], at + 1)
        assert found > at, f"{name}: {title[:40]!r} not in the PDF after the page before it"
        at = found
    assert len(pdf.pages) == count
    # a title page: when and from which commit it was built, and the date of the prices
    first = page_text(pdf.pages[0])
    commit = built_commit()
    assert facts["built"] in first and anf.PRICE_SNAPSHOT_DATE in first
    assert (commit and f"commit {commit}" in first) or (not commit and "no commit known" in first), first
    # a bookmark for each page, in order, with its sections under it
    def flat(items, depth=0):
        for item in items:
            yield from flat(item, depth + 1) if isinstance(item, list) else [(depth, item.title)]
    marks = list(flat(pdf.outline))
    squeeze = lambda t: re.sub(r"\W+", "", t).lower()  # noqa: E731  (a bookmark's text loses a line break's space)
    tops = [squeeze(t) for depth, t in marks if depth == 0]
    assert [next((i for i, t in enumerate(tops) if squeeze(title)[:30] in t), None) for title in titles] == list(
        range(len(titles))), tops
    assert sum(depth == 1 for depth, _ in marks) > 2 * len(titles)
    # every sheet numbered through; every link between pages lands inside the PDF; none names a local address
    for i, sheet in enumerate(pdf.pages, start=1):
        assert page_text(sheet).endswith(f"{i} / {count}"), i
    links = [a.get_object() for sheet in pdf.pages for a in sheet.get("/Annots") or []]
    uris = [a["/A"]["/URI"] for a in links if "/A" in a and a["/A"].get("/S") == "/URI"]
    inside = [a for a in links if "/Dest" in a or ("/A" in a and a["/A"].get("/S") == "/GoTo")]
    assert not [u for u in uris if urlparse(str(u)).hostname in ("127.0.0.1", "localhost")]
    assert len(inside) > len(titles)
    # tagged for screen readers, and every figure drawn
    root = pdf.trailer["/Root"]
    assert "/StructTreeRoot" in root and root["/MarkInfo"]["/Marked"]
    assert "drawn once the page is scrolled" not in text


def test_the_offline_copy_works_opened_from_the_file_system(browser, html_dir, tmp_path):
    # unzipped and opened with a double click (a file:// address, where Chromium runs no module script and fetches no
    # file): the pages load clean, every figure draws, a calculator answers its control, a knowledge check answers
    # back, and the sizing studio ranks its options
    from storageperf_book.handouts import offline_zip

    with zipfile.ZipFile(offline_zip(html_dir, tmp_path / "guide-offline.zip")) as z:
        z.extractall(tmp_path / "offline")
    guide = tmp_path / "offline" / "guide"
    page, problems = open_page(browser, (guide / "index.html").as_uri(), draw_all=False)
    assert page.url == (guide / "book" / "intro.html").as_uri() and problems == []
    page.close()
    page, problems = open_page(browser, (guide / "book" / "cool-access.html").as_uri())
    drawn = page.evaluate("[...document.querySelectorAll('.plotly-graph-div')].filter(d => d._fullLayout).length")
    assert drawn == page.locator(".plotly-graph-div").count() > 0
    assert page.locator("script[type=module][src]").count() == 0
    calc = page.locator(".calculator").first
    answer, control = calc.locator(".calculator-answer"), calc.locator(".calculator-controls input[type=range]").first
    before = answer.text_content()
    control.focus()
    page.keyboard.press("End" if control.evaluate("e => e.value !== e.max") else "Home")
    page.wait_for_function("([e, before]) => e.textContent !== before", arg=[answer.element_handle(), before],
                           timeout=10_000)
    assert calc.locator(".calculator-status").text_content() == ""
    form = page.locator("form.quiz").first
    key = quiz_spec(html_dir, form)
    if key["kind"] == "choice":
        for letter in key["correct"]:
            form.locator(f'input[value="{letter}"]').check()
    else:
        form.locator("input[type=text]").fill(str(key["answer"]))
    form.locator("button.quiz-check").click()
    feedback = form.locator(".quiz-feedback")
    page.wait_for_function("e => e.textContent !== ''", arg=feedback.element_handle(), timeout=10_000)
    assert feedback.text_content().startswith("Right. "), feedback.text_content()
    page.close()
    assert problems == []
    page, problems = open_studio(browser, (guide / STUDIO).as_uri().removesuffix(f"/{STUDIO}"))
    assert page.locator("#studio-options tbody tr").count() > 1 and problems == []
    page.close()
