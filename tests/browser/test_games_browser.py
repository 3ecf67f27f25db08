"""A game's page of the Swiss demo in headless Chromium, on a phone and a desktop: styled,
the board drawn (its squares and its pieces, no script), the page never scrolling sideways,
and axe-core finding nothing on it, on a round page linking games and on a player's page,
in English and in Arabic (right to left)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.browser.chromium import ACCENT, screenshot
from tests.browser.driver import axe_source, axe_violations, browser
from tests.swiss_demo import SWISS_DEMO

pytestmark = pytest.mark.browser

FITS = (0, 200, 0)
PROBE = ("<script>const ok=document.documentElement.scrollWidth <= window.innerWidth + 1;"
         "document.documentElement.style.background=document.body.style.background="
         "ok ? 'rgb(0,200,0)' : 'rgb(200,0,0)';</script></body>")
LIGHT, DARK = (0xEE, 0xEE, 0xD2), (0x8C, 0xA2, 0xAD)  # the board's squares (style.css)
GAME = "open/games/round-1-board-2.html"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("chess")
    out = tmp_path_factory.mktemp("games-browser")
    build_site(SWISS_DEMO, out / "en", pdf=False, cache_dir=out / "cache-en")
    folder = out / "season-ar"
    shutil.copytree(SWISS_DEMO, folder)
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    (folder / "season.yaml").write_text(text.replace("organiser:", "language: ar\norganiser:",
                                                     1), encoding="utf-8")
    assert dataclasses.asdict(load_season(folder))["language"] == "ar"
    build_site(folder, out / "ar", pdf=False, cache_dir=out / "cache-ar")
    return out


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_game_page_draws_its_board_and_fits(site: Path, tmp_path: Path, width: int,
                                                lang: str) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    page = site / lang / GAME
    png = tmp_path / "game.png"
    screenshot(page, png, width, 1600)
    img = image_mod.open(png).convert("RGB")
    assert img.getpixel((width - 3, 5)) == ACCENT  # the stylesheet was applied
    colours = {c: n for n, c in img.getcolors(maxcolors=1 << 20)}
    # 32 light and 32 dark squares, each at least 30 px wide at either width
    assert colours.get(LIGHT, 0) > 32 * 500 and colours.get(DARK, 0) > 32 * 500
    # the pieces are drawn: black pixels on the board (30 pieces in the final position)
    board = _board_box(img)
    inked = sum(n for n, c in img.crop(board).getcolors(maxcolors=1 << 20)
                if max(c) < 60)
    assert inked > 30 * 40, f"no pieces drawn on the board ({inked} dark pixels)"
    probe = page.with_name("probe.html")
    shutil.copyfile(page, probe)
    probe.write_text(probe.read_text(encoding="utf-8").replace("</body>", PROBE),
                     encoding="utf-8")
    screenshot(probe, png, width, 900)
    assert image_mod.open(png).convert("RGB").getpixel((1, 890)) == FITS, \
        f"{GAME} ({lang}) scrolls sideways at {width} px"


def _board_box(img) -> tuple[int, int, int, int]:  # noqa: ANN001 - a PIL image
    """The bounding box of the board's square colours in a screenshot."""
    xs, ys = [], []
    width, height = img.size
    pixels = img.load()
    for y in range(0, height, 4):
        for x in range(0, width, 4):
            if pixels[x, y] in (LIGHT, DARK):
                xs.append(x)
                ys.append(y)
    assert xs, "no board on the page"
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def test_axe_finds_nothing_on_the_game_round_and_player_pages(site: Path) -> None:
    source = axe_source()
    found = []
    with browser() as chrome:
        for width in (390, 1280):
            page = chrome.new_page(viewport={"width": width, "height": 900})
            for lang in ("en", "ar"):
                for rel in (GAME, "open/games/round-3-board-4.html", "open/round-1.html",
                            "open/players/rohan-mehta.html"):
                    for v in axe_violations(page, (site / lang / rel).as_uri(), source):
                        found.append((lang, rel, width, v["id"], v["nodes"]))
            page.close()
    assert not found, "\n".join(map(str, found))
