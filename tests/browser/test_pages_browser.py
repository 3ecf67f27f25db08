"""The pages that matter, opened in headless Chromium as a visitor would see them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.chromium import ACCENT, screenshot

pytestmark = pytest.mark.browser



@pytest.mark.parametrize("page,width", [
    ("index.html", 1280), ("premier/index.html", 1280), ("premier/index.html", 390),
    ("rapid/rounds.html", 390), ("premier/players/eleanor-whitfield.html", 1280),
])
def test_page_renders_with_its_styles(demo_site, tmp_path: Path, page: str, width: int) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    out, _ = demo_site
    png = tmp_path / "shot.png"
    screenshot(out / page, png, width, 900)
    img = image_mod.open(png).convert("RGB")
    assert img.size == (width, 900)
    # the header band is drawn in the theme colour: the stylesheet was found and applied
    assert img.getpixel((width - 3, 5)) == ACCENT
    # below the header there is text, not an empty page
    body = img.crop((0, 80, width, 600))
    colours = body.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 20
