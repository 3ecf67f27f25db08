"""The club's career page in a browser (#29): at a phone's and a desktop's width the page
never scrolls sideways, the rating chart is drawn across the column with its points where
the page context put them, the key cells of the games tables are in view, and axe-core
finds no violation on the club index or a career page. The screenshots are written to
the test's folder (docs/screenshots holds the two looked at when this was made)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.chromium import screenshot
from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

CLUB = ROOT / "tests" / "data" / "club-seasons"

CHART = """() => {
  const svg = document.querySelector('.rating-chart svg');
  const line = svg.querySelector('polyline').getBoundingClientRect();
  const points = [...svg.querySelectorAll('circle.point')].map(c => {
    const b = c.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2];
  });
  const box = svg.getBoundingClientRect();
  return {width: box.width, left: box.left, top: box.top, line: [line.width, line.height],
          points, scale: box.width / 640};
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    out = tmp_path_factory.mktemp("club") / "site"
    build_seasons(CLUB, out, pdf=False, cache_dir=out.parent / "cache")
    return out


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


@pytest.mark.parametrize("width", [390, 1280])
def test_career_page_at_phone_and_desktop_width(site: Path, chrome, width: int,  # noqa: ANN001
                                                tmp_path: Path) -> None:
    page = chrome.new_page(viewport={"width": width, "height": 900})
    url = (site / "club" / "maria-lopez-grant.html").as_uri()
    got = key_cells(page, url)
    assert got["tables"] >= 3 and not got["outside"]
    assert got["page_width"] <= width + 1  # never scrolls sideways
    chart = page.evaluate(CHART)
    assert chart["width"] > 0.8 * min(width - 32, 704)  # the column's width (44rem at most)
    assert chart["line"][0] > 0.8 * 568 * chart["scale"]  # drawn from the first to the last
    # the points where the context put them (52,102; 469.6,84.4; 620,84.4), scaled
    expected = [(52, 102), (469.6, 84.4), (620, 84.4)]
    for (x, y), (ex, ey) in zip(chart["points"], expected, strict=True):
        assert abs(x - (chart["left"] + ex * chart["scale"])) < 1.5
        assert abs(y - (chart["top"] + ey * chart["scale"])) < 1.5
    page.close()
    png = tmp_path / f"career-{width}.png"
    screenshot(site / "club" / "maria-lopez-grant.html", png, width, 1400)
    assert png.stat().st_size > 10_000


def test_axe_finds_no_violation_on_the_club_pages(site: Path, chrome) -> None:  # noqa: ANN001
    source = axe_source()
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    found = {rel: axe_violations(page, (site / rel).as_uri(), source)
             for rel in ("index.html", "club/index.html", "club/maria-lopez-grant.html",
                         "club/sam-patel-2.html", "club/ratings.html")}
    page.close()
    assert found == {rel: [] for rel in found}
