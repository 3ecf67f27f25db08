"""Pages written into their frame (site/pages/frames.py, bodies.py) are the template's pages.

Every page of every demo season (four languages, three digit scripts, every kind of
section), rendered with the fast paths and with every page through its template alone
(``FAST_PAGES`` off), must be the same to the byte; and the fast paths must have been
taken, so that this test holds them and not the template against itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import render
from leaguegen.site.build import render_pages
from leaguegen.site.pages import bodies, frames

DEMOS = sorted(p for p in Path("seasons").iterdir() if (p / "season.yaml").exists())


def _both_ways(demo: Path, pdf_links: bool) -> tuple[dict, dict]:
    token = render.PDF_LINKS.set(pdf_links)
    try:
        fast, _ = render_pages(load_season(demo))
        off = frames.FAST_PAGES.set(False)
        try:
            slow, _ = render_pages(load_season(demo))
        finally:
            frames.FAST_PAGES.reset(off)
    finally:
        render.PDF_LINKS.reset(token)
    return fast, slow


@pytest.fixture
def stamped(monkeypatch) -> list:
    """The frames cut while rendering (template name per frame)."""
    seen = []
    stamp = frames.stamp

    def recording(template_name, *args, **kwargs):  # noqa: ANN001,ANN002,ANN003,ANN202
        frame = stamp(template_name, *args, **kwargs)
        if frame is not None:
            seen.append(template_name)
        return frame
    monkeypatch.setattr(bodies, "stamp", recording)
    return seen


@pytest.mark.parametrize("pdf_links", [True, False], ids=["pdf", "no-pdf"])
def test_every_demo_page_is_the_templates_page(stamped, pdf_links: bool) -> None:
    languages, compared = set(), 0
    for demo in DEMOS:
        fast, slow = _both_ways(demo, pdf_links)
        assert fast.keys() == slow.keys()
        for path, html in slow.items():
            assert fast[path] == html, f"{demo.name}/{path} differs from the template's"
        compared += len(slow)
        season = load_season(demo)
        languages.update(season.languages or (season.language,))
    assert {"en", "ru", "ar", "zh_Hans"} <= languages
    assert compared > 300
    # the fast paths were taken, in several languages
    assert stamped.count("player.html") >= 10
    assert stamped.count("lists/alphabetical.html") >= 10



def test_a_frame_is_cut_only_when_each_hole_comes_out_once() -> None:
    import dataclasses

    from leaguegen.site.pages import round_robin

    season = load_season(Path("seasons/riverside-2026"))
    section = next(s for s in season.sections if s.format == "round_robin")
    data = round_robin.section_data(section)
    round_robin.section_page(season, data)
    page = round_robin.player_page(season, data, 1, views=False)
    probe = dataclasses.replace(page, player=dataclasses.replace(
        page.player, name=frames.hole("name"), url=page.root + frames.hole("here")))
    frame = frames.stamp("player.html", probe, season.language, ("heading", "body"),
                         ("name", "here"))
    assert frame is not None
    assert frame.holes.count("heading") == 1 and frame.holes.count("body") == 1
    assert "name" in frame.holes  # the title
    # a block the template does not have, or a mark the caller did not name: not used
    assert frames.stamp("player.html", probe, season.language,
                        ("heading", "body", "no_such_block"), ("name", "here")) is None
    assert frames.stamp("player.html", probe, season.language, ("heading", "body"),
                        ("here",)) is None
