"""Grand prix series pages in a browser (#29): at a phone's and a desktop's width the
page never scrolls sideways and each row's rank, name and points are in view (the events'
columns scroll inside the table's box), and axe-core finds no violation on a season's
series page or a folder's (club.yaml)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browser.driver import MEASURE, axe_source, axe_violations, browser
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

SEASON = ROOT / "tests" / "data" / "series-2026"
CLUB = ROOT / "tests" / "data" / "club-seasons"
CLUB_YAML = """\
series:
  - id: club-gp
    name: Club Grand Prix
    events: [autumn-2025/club, spring-2026/championship, spring-2026/blitz]
    points: [10, 8, 6, 4, 2]
    best: 2
    minimum: 2
    tiebreaks: [played, best, last]
"""
KEYS = [["table.series", ["td:first-child", "td.name", "td.pts"]]]


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    from leaguegen.site.build import build_seasons, build_site

    base = tmp_path_factory.mktemp("series-browser")
    build_site(SEASON, base / "season", pdf=False, cache_dir=base / "c1")
    folder = base / "club"
    shutil.copytree(CLUB, folder)
    (folder / "club.yaml").write_text(CLUB_YAML, encoding="utf-8")
    build_seasons(folder, base / "folder", pdf=False, cache_dir=base / "c2")
    # the demo folder's Premier series: three seasons' columns and a ten-place table
    build_seasons(ROOT / "seasons", base / "demo", pdf=False, cache_dir=base / "c3")
    return {"season": base / "season" / "series-rapid-gp.html",
            "folder": base / "folder" / "club" / "series-club-gp.html",
            "demo": base / "demo" / "club" / "series-premier-gp.html"}


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("which", ["season", "folder", "demo"])
def test_rank_name_and_points_in_view(sites: dict[str, Path], chrome, which: str,  # noqa: ANN001
                                      width: int) -> None:
    page = chrome.new_page(viewport={"width": width, "height": 900})
    page.goto(sites[which].as_uri())
    got = page.evaluate(MEASURE, KEYS)
    page.close()
    assert got["tables"] == 1 and not got["outside"], got
    assert got["page_width"] <= width + 1  # never scrolls sideways


def test_axe_finds_no_violation(sites: dict[str, Path], chrome) -> None:  # noqa: ANN001
    source = axe_source()
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    found = {which: axe_violations(page, path.as_uri(), source) for which, path in sites.items()}
    page.close()
    assert found == {"season": [], "folder": [], "demo": []}
