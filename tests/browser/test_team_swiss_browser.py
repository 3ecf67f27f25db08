"""The team Swiss pages (tests/data/team-swiss-2026) as a visitor meets them: the key cells of
every table (rank, team, points; round, first team, result, second team; a squad's board
cells) inside the viewport on a phone and a desktop, no page wider than the screen, and
axe-core finding no violation, in English and in Arabic (right to left)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
EXAMPLE = ROOT / "tests" / "data" / "team-swiss-2026"
# one page of each template: the table, the rounds, a match card, a forfeited match, a team
PAGES = ("open/index.html", "open/rounds.html", "open/match-3-3-1.html",
         "open/match-1-1-7.html", "open/team-10.html")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("team-swiss-browser")
    season = base / "season"
    shutil.copytree(EXAMPLE, season)
    text = (season / "season.yaml").read_text(encoding="utf-8")
    (season / "season.yaml").write_text("languages: [en, ar]\n" + text, encoding="utf-8")
    build_site(season, base / "out", pdf=False, cache_dir=base / "cache")
    return base / "out"


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


def _urls(site: Path) -> list[Path]:
    out = []
    for rel in PAGES:
        out += [p for p in site.rglob(Path(rel).name) if p.parent.name == "open"]
    return sorted(set(out))


@pytest.mark.parametrize("width", [390, 1280])
def test_key_cells_inside_the_viewport(site: Path, chrome, width: int) -> None:  # noqa: ANN001
    page = chrome.new_page(viewport={"width": width, "height": 800})
    problems, tables = [], 0
    urls = _urls(site)
    for path in urls:
        got = key_cells(page, path.as_uri())
        tables += got["tables"]
        if got["outside"]:
            problems.append((str(path.relative_to(site)), got["outside"][:3]))
        if got["page_width"] > width + 1:
            problems.append((str(path.relative_to(site)), f"page is {got['page_width']} px"))
    page.close()
    assert len(urls) == 2 * len(PAGES) and tables >= 2 * (1 + 7 + 1 + 1)
    assert not problems, "\n".join(map(str, problems))


def test_axe_finds_no_violation(site: Path, chrome) -> None:  # noqa: ANN001
    source = axe_source()
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    found = []
    for path in _urls(site):
        for v in axe_violations(page, path.as_uri(), source):
            found.append((str(path.relative_to(site)), v["id"], v["nodes"][:2]))
    page.close()
    assert not found, "\n".join(map(str, found))
