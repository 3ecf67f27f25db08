"""The Swiss section page in headless Chromium: styled, with the crosstable's colour cells."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import SWISS_DEMO

pytestmark = pytest.mark.browser

ACCENT = (0x1F, 0x5F, 0x8B)
BLACK_CELL = (0x2B, 0x31, 0x38)


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("headless Chromium not installed (Debian package 'chromium')")


def screenshot(page: Path, png: Path, width: int, height: int) -> None:
    profile = png.parent / f"profile-{png.stem}"
    subprocess.run(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--hide-scrollbars",
         f"--window-size={width},{height}", f"--screenshot={png}", page.as_uri()],
        check=True, capture_output=True, timeout=60,
    )


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
    screenshot(site / "open" / "index.html", png, width, 2600)
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
