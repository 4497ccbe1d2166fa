"""No page has a serious accessibility violation (axe), in light or dark mode."""

import pytest

from website.browsing import open_page


@pytest.mark.parametrize("colour_scheme", ["light", "dark"])
def test_no_page_has_a_serious_accessibility_violation(browser, server, pages, colour_scheme):
    # axe-core (bundled by axe-playwright-python, so it runs offline) over every page, in the reader's colour scheme
    from axe_playwright_python.sync_playwright import Axe

    axe, found = Axe(), {}
    for name in pages:
        page, loading = open_page(browser, f"{server}/{name}", colour_scheme=colour_scheme)
        page.wait_for_timeout(500)  # the figures drawn
        problems = list(loading)  # what the page did (axe-core then fetches stylesheets its own way)
        violations = axe.run(page).response["violations"]
        page.close()
        serious = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in violations
                   if v["impact"] in ("serious", "critical")]
        if serious or problems:
            found[name] = serious + problems
    assert not found, found
