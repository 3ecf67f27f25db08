"""The standings after an earlier round (#29) of each kind beyond the round robin and the
Swiss, in headless Chromium at desktop and phone widths: axe finds nothing, the page does
not scroll sideways (a wide table scrolls in its own box) and a standings table's key
cells are on screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.conftest import ROOT
from tests.site.test_standings_after_kinds import DOUBLE_SWISS

pytestmark = pytest.mark.browser

# (season, its folder or None for the Double Swiss's text, a page after an earlier round)
PAGES = (
    ("school-quads-2026", ROOT / "seasons" / "school-quads-2026", "quads/standings-2.html"),
    ("club-league-2026", ROOT / "seasons" / "club-league-2026", "division-1/standings-3.html"),
    ("scheveningen-2026", ROOT / "seasons" / "scheveningen-2026", "match/standings-2.html"),
    ("team-swiss-2026", ROOT / "tests" / "data" / "team-swiss-2026", "open/standings-4.html"),
    ("double-swiss", None, "ds/standings-1.html"),
)


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("after-kinds")
    out = {}
    for name, folder, _ in PAGES:
        if folder is None:
            folder = tmp / name
            folder.mkdir()
            (folder / "season.yaml").write_text(DOUBLE_SWISS, encoding="utf-8")
        out[name] = tmp / f"{name}-site"
        build_site(folder, out[name], pdf=False)
    return out


def test_axe_finds_nothing_and_the_pages_fit(sites: dict[str, Path]) -> None:
    source = axe_source()
    found = []
    with browser() as chrome:
        for width in (1280, 390):
            page = chrome.new_page(viewport={"width": width, "height": 900})
            for name, _, rel in PAGES:
                url = (sites[name] / rel).as_uri()
                found += [(rel, width, v["id"], v["nodes"])
                          for v in axe_violations(page, url, source)]
                measured = key_cells(page, url)
                if measured["page_width"] > width:
                    found.append((rel, width, "scrolls sideways", measured["page_width"]))
                if "team-" not in name:  # a team table may scroll in its box on a phone
                    found += [(rel, width, "off screen", *o) for o in measured["outside"]]
            page.close()
    assert not found, "\n".join(map(str, found))
