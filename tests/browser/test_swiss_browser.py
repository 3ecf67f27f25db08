"""The Swiss section page in headless Chromium: styled, with the crosstable's colour cells."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.chromium import ACCENT, screenshot
from tests.swiss_demo import SWISS_DEMO

pytestmark = pytest.mark.browser

BLACK_CELL = (0x2B, 0x31, 0x38)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("swiss-site") / "_site"
    build_site(SWISS_DEMO, out, pdf=False)
    return out


@pytest.mark.parametrize("width", [1280, 390])
def test_swiss_section_page(site: Path, tmp_path: Path, width: int) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    png = tmp_path / "swiss.png"
    # on a phone names wrap to keep the points in view, so the page is longer
    screenshot(site / "open" / "index.html", png, width, 2600 if width > 800 else 5000)
    img = image_mod.open(png).convert("RGB")
    assert img.getpixel((width - 3, 5)) == ACCENT  # the stylesheet was applied
    lower = img.crop((0, 1200, width, 2600)) if width > 800 else img
    colours = dict((c, n) for n, c in lower.getcolors(maxcolors=1 << 20))
    # the crosstable's games with Black are dark cells: dozens of them on screen
    assert colours.get(BLACK_CELL, 0) > 2000, "no dark crosstable cells drawn"


def test_round_page_explanation_boxes(site: Path, tmp_path: Path) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    png = tmp_path / "round.png"
    screenshot(site / "open" / "round-5.html", png, 1280, 1800)
    img = image_mod.open(png).convert("RGB")
    assert img.getpixel((1277, 5)) == ACCENT
    body = img.crop((0, 900, 1280, 1600))
    colours = body.getcolors(maxcolors=1 << 20)
    assert colours is None or len(colours) > 20  # the explanation is drawn, not blank
