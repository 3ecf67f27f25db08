"""The club's pages in Russian (the root: the newest season's language), English and Arabic
(right to left) in headless Chromium, at a phone's and a desktop's width: never scrolling
sideways, the key cells in view, the Arabic pages laid out right to left with the
switcher in the header, the career's promotion and relegation words on screen, and
axe-core finding no violation (tests/site/test_club_languages.py builds the same folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.site.test_club_languages import site  # noqa: F401  # the built folder

pytestmark = pytest.mark.browser

PAGES = ("ar/index.html", "ar/club/index.html", "ar/club/oliver-grant.html",
         "ar/club/ratings.html", "club/index.html", "club/oliver-grant.html",
         "en/club/oliver-grant.html")

LAYOUT = """() => {
  const nav = document.querySelector('nav.languages').getBoundingClientRect();
  const zones = [...document.querySelectorAll('.career-event .zone')].map(z => {
    const b = z.getBoundingClientRect();
    return {text: z.textContent.trim(), visible: b.width > 0 && b.height > 0 &&
            b.left >= 0 && b.right <= innerWidth};
  });
  return {dir: getComputedStyle(document.documentElement).direction,
          nav: nav.width > 0 && nav.height > 0 && nav.right <= innerWidth, zones};
}"""


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("rel", PAGES[1:])
def test_pages_fit_at_phone_and_desktop_width(site: Path, chrome, rel: str,  # noqa: ANN001, F811
                                              width: int) -> None:
    page = chrome.new_page(viewport={"width": width, "height": 900})
    got = key_cells(page, (site / rel).as_uri())
    layout = page.evaluate(LAYOUT)
    page.close()
    assert not got["outside"] and got["page_width"] <= width + 1, got  # no sideways scroll
    assert layout["dir"] == ("rtl" if rel.startswith("ar/") else "ltr")
    assert layout["nav"]  # the switcher, in view
    if rel.endswith("oliver-grant.html"):
        assert len(layout["zones"]) == 3 and all(z["visible"] for z in layout["zones"])


def test_axe_finds_no_violation(site: Path, chrome) -> None:  # noqa: ANN001, F811
    source = axe_source()
    found = {}
    for width in (390, 1280):
        page = chrome.new_page(viewport={"width": width, "height": 900})
        found.update({(rel, width): axe_violations(page, (site / rel).as_uri(), source)
                      for rel in PAGES})
        page.close()
    assert found == {key: [] for key in found}
