"""The start list and the A-Z wall lists in headless Chromium, on a phone and a desktop:
styled, and the wall list fits a 390 px screen without sideways scrolling."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.chromium import ACCENT, screenshot
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

FITS, OVERFLOWS = (0, 200, 0), (200, 0, 0)
# painted over the page after layout: green when every table fits its box, red when not
PROBE = ("<script>const ok=[...document.querySelectorAll('table')].every("
         "t => t.scrollWidth <= t.parentElement.clientWidth + 1);"
         "document.documentElement.style.background=document.body.style.background="
         "ok ? 'rgb(0,200,0)' : 'rgb(200,0,0)';</script></body>")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("lists") / "_site"
    for demo in ("thursday-swiss-2026", "amman-2026-ar", "riverside-2026"):
        build_site(ROOT / "seasons" / demo, out / demo, pdf=False,
                   cache_dir=out.parent / "cache" / demo)
    return out


@pytest.mark.parametrize("page,width", [
    ("thursday-swiss-2026/open/alphabetical-3.html", 390),
    ("thursday-swiss-2026/open/alphabetical.html", 1280),
    ("amman-2026-ar/alnukhba/alphabetical.html", 390),
    ("riverside-2026/premier/start-list.html", 390),
    ("riverside-2026/premier/start-list.html", 1280),
])
def test_the_lists_are_styled_and_fit(site: Path, tmp_path: Path, page: str, width: int) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    png = tmp_path / "shot.png"
    screenshot(site / page, png, width, 900)
    img = image_mod.open(png).convert("RGB")
    assert img.getpixel((width - 3, 5)) == ACCENT  # the stylesheet was applied
    probe = site / page
    probe = probe.with_name("probe-" + probe.name)
    shutil.copyfile(site / page, probe)
    probe.write_text(probe.read_text(encoding="utf-8").replace("</body>", PROBE),
                     encoding="utf-8")
    screenshot(probe, png, width, 900)
    corner = image_mod.open(png).convert("RGB").getpixel((1, 890))
    if page.endswith("start-list.html") and width == 390:
        assert corner in (FITS, OVERFLOWS)  # a wide table may scroll in its own box
    else:
        assert corner == FITS, f"{page} at {width} px: a table is wider than its box"
