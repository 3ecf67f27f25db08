"""The alphabetical pairing list of each round (site/pages/alphabetical.py), and the
language-aware order of names it uses."""

from __future__ import annotations

import re

from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.alphabetical import (
    alphabetical_page,
    alphabetical_pages,
    collation_key,
    current_round,
)
from tests.conftest import ROOT


def sort_names(names: list[str], language: str) -> list[str]:
    return sorted(names, key=lambda n: collation_key(n, language))

SWISS = load_season(ROOT / "seasons" / "thursday-swiss-2026")
OPEN = SWISS.section("open")


def test_latin_names_ignore_case_and_accents_first() -> None:
    names = ["Zoë Adams", "mateo Fernández", "Émile Zola", "Mei Lin", "Ëric", "eva",
             "Mateo Fernandez"]
    assert sort_names(names, "en") == ["Émile Zola", "Ëric", "eva", "Mateo Fernandez",
                                       "mateo Fernández", "Mei Lin", "Zoë Adams"]


def test_russian_names_in_alphabet_order_with_yo_beside_ye() -> None:
    names = ["Яковлев", "Ёлкин", "Борисов", "Елисеев", "Алексеев", "Жуков", "Ерёмин"]
    assert sort_names(names, "ru") == ["Алексеев", "Борисов", "Елисеев", "Ёлкин", "Ерёмин",
                                       "Жуков", "Яковлев"]


def test_chinese_names_by_pinyin() -> None:
    season = load_season(ROOT / "seasons" / "chunhui-2026-zh")
    names = [p.name for s in season.sections for p in s.players][:7]
    # chén, lǐ, liú, wáng, yáng, zhāng, zhào
    assert sort_names(names, "zh_Hans") == ["陈静怡", "李思雨", "刘子轩", "王浩然", "杨梓涵",
                                            "张伟", "赵一鸣"]


def test_arabic_names_in_alphabet_order_hamza_forms_with_alif() -> None:
    """إبراهيم (alif, ba) before أحمد (alif, ha): the hamza is not a letter of its own."""
    names = ["يوسف الحسن", "مريم العلي", "عمر خليل", "أحمد سالم", "ليلى حداد", "خالد منصور",
             "سارة يوسف", "إبراهيم نور"]
    assert sort_names(names, "ar") == ["إبراهيم نور", "أحمد سالم", "خالد منصور", "سارة يوسف",
                                       "عمر خليل", "ليلى حداد", "مريم العلي", "يوسف الحسن"]


def test_every_player_once_with_board_colour_and_opponent_as_paired() -> None:
    facts = derive_facts(OPEN)
    for r in range(1, 6):
        page = alphabetical_page(SWISS, facts, r, f"open/alphabetical-{r}.html")
        names = [row.player.name for row in page.rows]
        assert sorted(names) == sorted(p.name for p in OPEN.players)
        assert names == sort_names(names, "en")
        by_name = {row.player.name: row for row in page.rows}
        games = [g for g in OPEN.games if g.round == r]
        for board, g in enumerate(games, start=1):
            white = by_name[OPEN.players[g.white - 1].name]
            black = by_name[OPEN.players[g.black - 1].name]
            assert (white.board, white.colour, white.opponent.name) == (
                board, "w", OPEN.players[g.black - 1].name)
            assert (black.board, black.colour, black.opponent.name) == (
                board, "b", OPEN.players[g.white - 1].name)
        assert len([row for row in page.rows if row.opponent]) == 2 * len(games)


def test_players_without_a_game_say_why() -> None:
    page = alphabetical_page(SWISS, derive_facts(OPEN), 3, "open/alphabetical-3.html")
    notes = {row.player.name: row.note for row in page.rows if not row.opponent}
    assert notes == {"Nadia Haddad": "pairing-allocated bye", "Yuki Tanaka": "half-point bye"}
    page = alphabetical_page(SWISS, derive_facts(OPEN), 4, "open/alphabetical-4.html")
    notes = {row.player.name: row.note for row in page.rows if not row.opponent}
    assert notes == {"Ben Whitaker": "pairing-allocated bye", "Jack Thornton": "withdrawn"}


def test_a_round_robin_free_round() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    odd = next(s for s in season.sections if len(s.players) % 2 and s.format == "round_robin")
    page = alphabetical_page(season, derive_facts(odd), 1, "x")
    assert [row.note for row in page.rows if not row.opponent] == ["free round"]


def test_the_current_round_is_the_wall_page() -> None:
    assert current_round(derive_facts(OPEN)) == 5  # the last paired round
    pages = alphabetical_pages(SWISS, derive_facts(OPEN))
    assert set(pages) == {f"open/alphabetical-{r}.html" for r in range(1, 6)} | {
        "open/alphabetical.html"}
    strip = re.compile(r'<link rel="alternate" hreflang.*?>|aria-current="page"')
    wall, five = pages["open/alphabetical.html"], pages["open/alphabetical-5.html"]
    assert strip.sub("", wall).count("<tr>") == strip.sub("", five).count("<tr>") == 25
    assert '<a href="alphabetical-5.html" aria-current="page">5</a>' in wall


def test_the_html_row_of_a_player(demo_site) -> None:  # noqa: ANN001
    pages = alphabetical_pages(SWISS, derive_facts(OPEN))
    html = pages["open/alphabetical-1.html"]
    row = re.search(r'<tr>\s*<td class="name"><a href="[^"]*">Aisha Okonkwo</a></td>(.*?)</tr>',
                    html, flags=re.S)
    assert row is not None
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                  row.group(1), flags=re.S)]
    assert cells == ["6", "White", "Yuki Tanaka"]
    out, _ = demo_site
    assert '<a href="../premier/alphabetical.html">Pairings A–Z</a>' in (
        out / "premier" / "index.html").read_text(encoding="utf-8")
