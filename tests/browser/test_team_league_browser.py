"""The team league demo in headless Chromium at desktop and phone widths: styled, and the
A-Z list, the fixtures and a match card fit a 390 px screen without sideways scrolling
(the division table and a team's squad may scroll inside their own boxes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.chromium import ACCENT, screenshot
from tests.browser.test_lists_browser import FITS, OVERFLOWS, PROBE
from tests.conftest import ROOT

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("team-league") / "_site"
    build_site(ROOT / "seasons" / "club-league-2026", out, pdf=False)
    return out


@pytest.mark.parametrize("page,width,must_fit", [
    ("division-1/index.html", 1280, True),
    ("division-1/index.html", 390, False),
    ("division-1/alphabetical-1.html", 390, True),
    ("division-2/alphabetical-1.html", 390, True),
    ("division-1/start-list.html", 390, True),
    ("division-1/rounds.html", 390, True),
    ("division-1/match-5-1-4.html", 390, True),
    ("division-1/team-6.html", 1280, True),
    ("division-1/team-6.html", 390, False),
])
def test_the_pages_are_styled_and_fit(site: Path, tmp_path: Path, page: str, width: int,
                                      must_fit: bool) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    png = tmp_path / "shot.png"
    screenshot(site / page, png, width, 900)
    assert image_mod.open(png).convert("RGB").getpixel((width - 3, 5)) == ACCENT
    probe = (site / page).with_name("probe-" + Path(page).name)
    shutil.copyfile(site / page, probe)
    probe.write_text(probe.read_text(encoding="utf-8").replace("</body>", PROBE),
                     encoding="utf-8")
    screenshot(probe, png, width, 900)
    corner = image_mod.open(png).convert("RGB").getpixel((1, 890))
    assert corner == FITS if must_fit else corner in (FITS, OVERFLOWS), (page, width)
