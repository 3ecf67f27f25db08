"""Standings after any round as pages (the round selector chess-results has) and the
player card's opponent columns (pairing number, rating, points), #29.

tests/data/rated-2026's "open" round robin, worked by hand (scores as the results give
them; tie-breaks [DE, SB, WIN, KS], the default):

    after round 1: Anna 1 (beat Dan), Boris 1 (beat Cleo), Cleo 0, Dan 0
    after round 2: Anna 2 (beat Boris), Cleo 1 (beat Dan), Boris 1, Dan 0
    after round 3: Anna 2½, Boris 2 (won by forfeit v Dan), Cleo 1½, Dan 0 (the section page)
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

RATED = ROOT / "tests" / "data" / "rated-2026"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("after") / "site"
    build_site(RATED, out, pdf=False, cache_dir=out.parent / "cache")
    return out


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _table(html: str, table_class: str) -> list[list[str]]:
    start = html.index(f'<table class="{table_class}"')
    body = html[html.index("<tbody>", start):html.index("</table>", start)]
    return [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr.*?</tr>", body, re.S)]


def _ranking(html: str) -> list[tuple[str, str, str]]:
    """(rank, name, points) of each standings row."""
    return [(r[0], r[1].split(" ")[0] + " " + r[1].split(" ")[1], r[3])
            for r in _table(html, "standings")]


def test_a_page_per_earlier_round(site: Path) -> None:
    one = (site / "open" / "standings-1.html").read_text(encoding="utf-8")
    assert "Standings after round 1" in one
    assert [(n, p) for _, n, p in _ranking(one)] == [
        ("Anna Alpha", "1"), ("Boris Beta", "1"), ("Cleo Gamma", "0"), ("Dan Delta", "0")]
    two = (site / "open" / "standings-2.html").read_text(encoding="utf-8")
    got = _ranking(two)
    assert got[0] == ("1", "Anna Alpha", "2")
    assert sorted((n, p) for _, n, p in got[1:3]) == [("Boris Beta", "1"), ("Cleo Gamma", "1")]
    assert got[3][1:] == ("Dan Delta", "0")
    # the last round's standings are the section page's: no page of their own
    assert not (site / "open" / "standings-3.html").exists()
    section = (site / "open" / "index.html").read_text(encoding="utf-8")
    assert [(n, p) for _, n, p in _ranking(section)] == [
        ("Anna Alpha", "2½"), ("Boris Beta", "2"), ("Cleo Gamma", "1½"), ("Dan Delta", "0")]


def test_the_round_selector(site: Path) -> None:
    section = (site / "open" / "index.html").read_text(encoding="utf-8")
    nav = section[section.index('<nav class="section-nav round-selector"'):]
    nav = nav[:nav.index("</nav>")]
    assert re.findall(r'href="([^"]+)"', nav) == ["standings-1.html", "standings-2.html",
                                                  "index.html"]
    assert '<a href="index.html" aria-current="page">3</a>' in nav
    two = (site / "open" / "standings-2.html").read_text(encoding="utf-8")
    assert '<a href="standings-2.html" aria-current="page">2</a>' in two
    # a section with one round played has no selector and no page
    friendly = (site / "friendly" / "index.html").read_text(encoding="utf-8")
    assert "round-selector" not in friendly
    assert not list((site / "friendly").glob("standings-*.html"))


def test_the_player_card_shows_each_opponent_s_number_rating_and_points(site: Path) -> None:
    cleo = (site / "open" / "players" / "cleo-gamma.html").read_text(encoding="utf-8")
    head = cleo[cleo.index('<table class="games"'):]
    head = _text(head[:head.index("</thead>")])
    assert "No. Opponent Rating Pts Result" in head
    rows = _table(cleo, "games")
    # round, date, colour, No., opponent, rating, the opponent's points, result, Rtg+/-
    assert [r[3:8] for r in rows] == [
        ["2", "Boris Beta", "1950", "2", "0"],
        ["4", "Dan Delta", "", "0", "1"],
        ["1", "Anna Alpha", "2050", "2½", "½"],
    ]
