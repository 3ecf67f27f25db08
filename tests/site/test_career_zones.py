"""A career page says, under each event of a division, that the member was promoted or
relegated from it (or stands in the zone while it is played): the same mark the division's
standings show, from the same rule (``domain/divisions.zones``), on the demo club's three
seasons of a Premier above a Major (seasons/riverside-*)."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from tests.site.test_riverside_club import SEASONS, club_folder


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    base = tmp_path_factory.mktemp("career-zones")
    out = base / "site"
    build_seasons(club_folder(base), out, pdf=False, cache_dir=base / "cache")
    return out


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _standings_marks(page: Path) -> dict[str, str]:
    """Each marked player of a division's standings: name -> the mark's words."""
    html = page.read_text(encoding="utf-8")
    rows = re.findall(r'<a href="[^"]*players/([^"/]+)\.html">[^<]*</a> '
                      r'<span class="zone">([^<]*)</span>', html)
    return {slug: mark for slug, mark in rows}


def _career_marks(site: Path, slug: str) -> dict[tuple[str, str], str]:
    """Each event of a career page with a mark: (season path, section id) -> its words."""
    html = (site / "club" / f"{slug}.html").read_text(encoding="utf-8")
    out = {}
    for section in re.findall(r'<section class="career-event">.*?</section>', html, re.S):
        link = re.search(r'<h3><a href="\.\./([^/]+)/index\.html">.*?<a href="\.\./[^/]+/'
                         r'([^/]+)/index\.html">', section, re.S)
        assert link, section[:300]
        mark = re.search(r'<span class="zone">([^<]*)</span>', section)
        if mark:
            out[(link.group(1), link.group(2))] = _text(mark.group(1))
    return out


def test_each_division_event_of_a_career_carries_the_standings_mark(site: Path) -> None:
    expected: dict[str, dict[tuple[str, str], str]] = {}
    for season in SEASONS:
        for division in ("premier", "major"):
            for slug, mark in _standings_marks(site / season / division / "index.html").items():
                expected.setdefault(slug, {})[(season, division)] = _text(mark)
    assert sum(map(len, expected.values())) == 12  # two up and two down each year
    members = [p.stem for p in (site / "club").glob("*.html")
               if p.stem not in ("index", "ratings") and not p.stem.startswith("series-")]
    got = {slug: marks for slug in members if (marks := _career_marks(site, slug))}
    assert got == expected


def test_oliver_grant_up_down_and_up(site: Path) -> None:
    """Won the Major 2024/25 (promoted), last of the Premier 2025/26 (relegated), first of
    the Major 2026/27 (promoted)."""
    assert _career_marks(site, "oliver-grant") == {
        ("riverside-2024", "major"): "↑ promoted",
        ("riverside-2025", "premier"): "↓ relegated",
        ("riverside-2026", "major"): "↑ promoted"}


def test_the_zone_survives_the_seasons_share_in_the_cache() -> None:
    """A season not built again stands in by its share (JSON in the build's cache): its
    events keep their marks, so a career page made from it says the same."""
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.season_share import from_json, share_of, to_json
    from tests.conftest import ROOT

    season = load_season(ROOT / "seasons" / "riverside-2025")
    share = share_of("riverside-2025", season, season_facts(season))
    zones = {k: e.zone for k, e in share.events.items() if e.zone}
    assert sorted(zones.values()) == ["promoted", "promoted", "relegated", "relegated"]
    again = from_json(to_json(share), "riverside-2025")
    assert again is not None and again.events == share.events
