"""Text in another language than its page's is drawn in a font that has its letters.

The index of a folder of seasons is in the newest season's language; a Chinese season's card
on it carries ``lang="zh-Hans"``. The stylesheet gave the bundled Chinese font only to a page
whose ``body`` is Chinese, and Chromium did not reach it as a fallback further down the
body's list: the card's title showed as empty boxes on a machine without a Chinese system font
(as Debian's Chromium here, and many phones' browsers with a set of their own). Chromium says
which fonts drew a node's text (DevTools' ``CSS.getPlatformFontsForNode``); an element of a
Chinese or Arabic text must be drawn with the bundled font of its script (a web font,
``isCustomFont``), as the season's own pages are.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.site.build import build_seasons
from tests.browser.driver import browser
from tests.conftest import ROOT

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def club_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("club") / "site"
    build_seasons(ROOT / "seasons", out, pdf=False)
    return out


def _fonts_by_element(page, selector: str) -> list[tuple[str, str, list[dict]]]:  # noqa: ANN001
    """(lang, text, the fonts that drew it) for every element matching ``selector``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    found = []
    for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]:
        attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
        lang = dict(zip(attrs[::2], attrs[1::2], strict=True)).get("lang", "")
        text = cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        found.append((lang, text, fonts))
    return found


def _bundled(fonts: list[dict]) -> bool:
    """Whether the bundled font of the script (an ``@font-face`` of the stylesheet, from the
    visitor's own copy or the site's file) drew some of the text. Without it, the letters
    fell to whatever the system has: DejaVu Sans has Arabic but no Chinese, and Chinese
    drawn by it is a row of boxes (the last resort's .notdef, counted to the plain font)."""
    return any(f["isCustomFont"] for f in fonts)


def test_a_chinese_and_an_arabic_card_on_the_seasons_index_have_their_letters(
        club_site: Path) -> None:
    with browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        page.goto((club_site / "index.html").as_uri())
        page.evaluate("document.fonts.ready.then(() => true)")
        checked = _fonts_by_element(page, "[lang|=zh], [lang|=ar]")
        page.close()
    langs = {lang.split("-")[0] for lang, _, _ in checked}
    assert langs == {"zh", "ar"}, checked  # the demos have one season in each
    boxes = [(lang, text[:80], [f["familyName"] for f in fonts])
             for lang, text, fonts in checked if not _bundled(fonts)]
    assert not boxes
