"""The demo club of three seasons (riverside-2024, -2025, -2026) in headless Chromium: the
club's index, a career that went up and down the divisions, and a division's standings with
its promotion and relegation marks, at a phone's and a desktop's width: never scrolling
sideways, the key cells of every table in view, the place's words on screen beside the
name, and axe-core finding no violation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.site.test_riverside_club import club_folder

pytestmark = pytest.mark.browser

PAGES = ("index.html", "club/index.html", "club/oliver-grant.html",
         "riverside-2025/premier/index.html", "riverside-2025/major/index.html",
         "riverside-2026/premier/index.html")

ZONES = """() => [...document.querySelectorAll('tr.promotion, tr.relegation')].map(tr => {
  const z = tr.querySelector('.zone').getBoundingClientRect();
  const n = tr.querySelector('td.name a').getBoundingClientRect();
  return {text: tr.querySelector('.zone').textContent.trim(), visible: z.width > 0 &&
          z.height > 0, right: z.right, top: z.top, nameTop: n.top,
          rule: getComputedStyle(tr.querySelector('td')).borderInlineStartWidth};
})"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    base = tmp_path_factory.mktemp("riverside-club-browser")
    out = base / "site"
    build_seasons(club_folder(base), out, pdf=False, cache_dir=base / "cache")
    return out


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("rel", PAGES[1:])
def test_pages_fit_at_phone_and_desktop_width(site: Path, chrome, rel: str,  # noqa: ANN001
                                              width: int) -> None:
    page = chrome.new_page(viewport={"width": width, "height": 900})
    got = key_cells(page, (site / rel).as_uri())
    page.close()
    # the club index's table is not one of the key tables (a name and counts)
    assert got["tables"] >= (rel != "club/index.html") and not got["outside"], got
    assert got["page_width"] <= width + 1  # never scrolls sideways


@pytest.mark.parametrize("width", [390, 1280])
def test_the_finished_divisions_say_who_went_up_and_down(site: Path, chrome,  # noqa: ANN001
                                                         width: int) -> None:
    page = chrome.new_page(viewport={"width": width, "height": 900})
    page.goto((site / "riverside-2025" / "premier" / "index.html").as_uri())
    premier = page.evaluate(ZONES)
    page.goto((site / "riverside-2025" / "major" / "index.html").as_uri())
    major = page.evaluate(ZONES)
    page.close()
    assert [z["text"] for z in premier] == ["↓ relegated", "↓ relegated"]
    assert [z["text"] for z in major] == ["↑ promoted", "↑ promoted"]
    for z in premier + major:
        assert z["visible"] and z["right"] <= width  # the words, in view
        assert z["rule"] == "3px"  # and the rule at the row's start, not colour alone


def test_axe_finds_no_violation(site: Path, chrome) -> None:  # noqa: ANN001
    source = axe_source()
    found = {}
    for width in (390, 1280):
        page = chrome.new_page(viewport={"width": width, "height": 900})
        found.update({(rel, width): axe_violations(page, (site / rel).as_uri(), source)
                      for rel in PAGES})
        page.close()
    assert found == {key: [] for key in found}
