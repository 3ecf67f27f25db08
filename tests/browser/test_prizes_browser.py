"""The prize list page and the quads demo's school table in headless Chromium, on a phone
and a desktop: styled, and the page never scrolls sideways (a wide table may scroll in
its own box)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.chromium import ACCENT, screenshot
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

FITS = (0, 200, 0)
# painted over the page after layout: green when the page does not scroll sideways
PROBE = ("<script>const ok=document.documentElement.scrollWidth <= window.innerWidth + 1;"
         "document.documentElement.style.background=document.body.style.background="
         "ok ? 'rgb(0,200,0)' : 'rgb(200,0,0)';</script></body>")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("prizes") / "_site"
    for demo in ("thursday-swiss-2026", "school-quads-2026"):
        build_site(ROOT / "seasons" / demo, out / demo, pdf=False,
                   cache_dir=out.parent / "cache" / demo)
    return out


@pytest.mark.parametrize("path,width", [
    ("thursday-swiss-2026/open/prizes.html", 390),
    ("thursday-swiss-2026/open/prizes.html", 1280),
    ("school-quads-2026/quads/clubs.html", 390),
    ("school-quads-2026/quads/clubs.html", 1280),
])
def test_the_pages_are_styled_and_fit(site: Path, tmp_path: Path, path: str,
                                      width: int) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    page = site / path
    png = tmp_path / "shot.png"
    screenshot(page, png, width, 1400)
    img = image_mod.open(png).convert("RGB")
    assert img.getpixel((width - 3, 5)) == ACCENT  # the stylesheet was applied
    probe = page.with_name("probe-" + page.name)
    shutil.copyfile(page, probe)
    probe.write_text(probe.read_text(encoding="utf-8").replace("</body>", PROBE),
                     encoding="utf-8")
    screenshot(probe, png, width, 900)
    assert image_mod.open(png).convert("RGB").getpixel((1, 890)) == FITS, \
        f"{path} scrolls sideways at {width} px"
