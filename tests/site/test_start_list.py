"""The start rank list (site/pages/start_list.py): every player by number, FIDE profiles linked."""

from __future__ import annotations

import re
from dataclasses import replace

from leaguegen.domain.model import Player
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.stages import PendingStage
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.start_list import start_list_page, start_list_pages
from tests.conftest import ROOT

RIVERSIDE = load_season(ROOT / "seasons" / "riverside-2026")
PREMIER = RIVERSIDE.section("premier")


def _rows(html: str) -> list[list[str]]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return [[re.sub(r"<[^>]+>", "", cell).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)]


def test_every_player_in_number_order_with_what_the_season_says() -> None:
    page = start_list_page(RIVERSIDE, derive_facts(PREMIER))
    assert [r.player.number for r in page.rows] == list(range(1, len(PREMIER.players) + 1))
    assert [r.player.name for r in page.rows] == [p.name for p in PREMIER.players]
    first = page.rows[0]
    assert (first.player.title, first.player.name, first.player.rating, first.player.federation,
            first.fide_id) == (
        PREMIER.players[0].title, PREMIER.players[0].name, PREMIER.players[0].rating,
        PREMIER.players[0].federation, PREMIER.players[0].fide_id)
    assert page.columns == ("title", "federation", "fide")  # nobody has a club


def test_the_page_links_each_fide_id_to_the_fide_profile() -> None:
    html = start_list_pages(RIVERSIDE, derive_facts(PREMIER))["premier/start-list.html"]
    links = re.findall(
        r'<a href="(https://ratings\.fide\.com/profile/\d+)" rel="external">(\d+)</a>', html)
    ids = [p.fide_id for p in PREMIER.players if p.fide_id]
    assert links == [(f"https://ratings.fide.com/profile/{i}", str(i)) for i in ids]
    rows = _rows(html)
    assert rows[0] == ["1", "FM", "Eleanor Whitfield", "2198", "ENG", "2412345"]
    assert '<th scope="col">Club</th>' not in html


def test_a_club_column_when_a_player_has_a_club() -> None:
    players = list(PREMIER.players)
    players[1] = replace(players[1], club="Riverside CC")
    section = replace(PREMIER, players=tuple(players))
    page = start_list_page(RIVERSIDE, derive_facts(section))
    assert page.columns == ("title", "federation", "fide", "club")
    rows = _rows(start_list_pages(RIVERSIDE, derive_facts(section))["premier/start-list.html"])
    assert [r[-1] for r in rows[:3]] == ["", "Riverside CC", ""]


def test_a_player_without_a_fide_id_has_no_link() -> None:
    players = (*PREMIER.players[:-1], Player("New Member", rating=None))
    section = replace(PREMIER, players=players)
    row = start_list_page(RIVERSIDE, derive_facts(section)).rows[-1]
    assert row.fide_url is None and row.player.rating is None


def test_only_round_robins_and_swiss_sections_have_one() -> None:
    seen = set()
    for folder in ("school-quads-2026", "scheveningen-2026", "grand-prix-2027"):
        season = load_season(ROOT / "seasons" / folder)
        for s in season.sections:
            listed = (s.format in ("round_robin", "double_round_robin", "swiss")
                      and not isinstance(s.stage, PendingStage))
            assert bool(start_list_pages(season, derive_facts(s))) == listed, s.id
            seen.add((s.format, listed))
    assert ("quads", False) in seen and ("scheveningen", False) in seen
    assert ("knockout", False) in seen and ("round_robin", True) in seen


def test_the_section_tabs_link_it(demo_site) -> None:  # noqa: ANN001
    out, _ = demo_site
    html = (out / "premier" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../premier/start-list.html">Start list</a>' in html
    page = (out / "premier" / "start-list.html").read_text(encoding="utf-8")
    assert '<a href="../premier/start-list.html" aria-current="page">Start list</a>' in page
