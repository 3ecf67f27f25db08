"""The bracket, quads and Scheveningen pages in headless Chromium, on a desktop and a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.chromium import ACCENT, screenshot
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

WINNER = (0xE3, 0xEE, 0xF6)  # .match .winner background
BLACK_CELL = (0x2B, 0x31, 0x38)  # a game with Black in a crosstable


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name in ("school-quads-2026", "scheveningen-2026", "grand-prix-2027"):
        target = tmp_path_factory.mktemp(name) / "_site"
        build_site(ROOT / "seasons" / name, target, pdf=False, cache_dir=target.parent / "c")
        out[name] = target
    return out


def _shot(page: Path, tmp_path: Path, width: int, height: int):  # noqa: ANN202
    image_mod = pytest.importorskip("PIL.Image")
    png = tmp_path / f"shot-{width}.png"
    screenshot(page, png, width, height)
    img = image_mod.open(png).convert("RGB")
    assert img.size == (width, height)
    assert img.getpixel((width - 3, 5)) == ACCENT  # the stylesheet was applied
    return img


def _runs(img, colour: tuple[int, int, int]) -> list[tuple[int, int, int]]:  # noqa: ANN001
    """Per pixel row: (y, first x, last x) of ``colour``."""
    w, h = img.size
    px = img.load()
    out = []
    for y in range(0, h, 2):
        xs = [x for x in range(0, w, 2) if px[x, y] == colour]
        if xs:
            out.append((y, xs[0], xs[-1]))
    return out


@pytest.mark.parametrize("width", [1280, 390])
def test_bracket_shows_winners_in_columns_or_stacked(built, tmp_path: Path, width: int) -> None:
    img = _shot(built["grand-prix-2027"] / "knockout" / "index.html", tmp_path, width, 1400)
    runs = _runs(img, WINNER)
    assert runs, "no winner highlighted"
    if width == 1280:
        # three rounds side by side: highlighted winners start in two different columns
        starts = {x0 // 100 for _, x0, _ in runs}
        assert len(starts) >= 2
    else:
        # on a phone the rounds stack: every winner box spans most of the screen, none clipped
        assert all(x1 - x0 > width * 0.75 for _, x0, x1 in runs)
        assert all(x1 < width - 4 for _, _, x1 in runs)


@pytest.mark.parametrize("width", [1280, 390])
def test_quads_page_shows_group_tables(built, tmp_path: Path, width: int) -> None:
    img = _shot(built["school-quads-2026"] / "quads" / "index.html", tmp_path, width, 2400)
    assert _runs(img, BLACK_CELL), "no crosstable cells drawn"
    colours = img.crop((0, 80, width, 2000)).getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 20


def test_scheveningen_page_on_a_phone(built, tmp_path: Path) -> None:
    img = _shot(built["scheveningen-2026"] / "match" / "index.html", tmp_path, 390, 1600)
    assert _runs(img, BLACK_CELL)
