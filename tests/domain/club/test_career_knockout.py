"""A knockout's matches in the club's careers (#29): each regular game under its round,
with the opponent, colour and result, the score and performance over those games, the
FIDE change of a rated section, the head-to-head and the club rating list; the tie-break
games (rapid, armageddon) left out, as FIDE's rating leaves them out."""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.club.career import careers
from leaguegen.domain.club.club_rating import club_ratings
from leaguegen.domain.club.identity import roster
from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT


def _cup(path: str, section: str) -> dict:
    season = load_season(ROOT / path)
    facts = {"s": season_facts(season)}
    made = careers(roster({"s": season}, ["s"]), facts)
    return {c.member.name: (c, next(e for e in c.events if e.section == section))
            for c in made if any(e.section == section for e in c.events)}


def test_the_rated_cup_worked_by_hand() -> None:
    # tests/data/rated-kinds-2026: semi-finals Anna-Dan 2-0 and Boris-Cleo 1½-½, final
    # Anna-Boris 1½-½ (two games a match, no tie-break)
    cup = _cup("tests/data/rated-kinds-2026", "cup")
    anna, event = cup["Anna Alpha"]
    assert [(g.round, g.opponent, g.colour, g.code.name) for g in event.games] == [
        (1, "Dan Delta", "w", "WIN"), (1, "Dan Delta", "b", "WIN"),
        (2, "Boris Beta", "w", "WIN"), (2, "Boris Beta", "b", "DRAW")]
    assert (event.points, event.played) == (Fraction(7, 2), 4)
    # performance over the rated games only: 1½ of 2 against 1950, 75 %: 1950 + 193
    assert event.performance == 2143
    assert event.rating_change == Fraction(22, 5)  # the FIDE change, +4.4
    _, boris = cup["Boris Beta"]
    # 2 of 4 against 1600, 1600, 2050, 2050: 50 %, the average 1825
    assert (boris.points, boris.performance) == (2, 1825)
    h2h = {h.opponent: (h.wins, h.draws, h.losses) for h in anna.head_to_head}
    # with the quads' games (Anna beat Boris and Dan there): the cup's win and draw
    # against Boris, its two wins against Dan
    assert h2h["Boris Beta"] == (2, 1, 0) and h2h["Dan Delta"] == (3, 0, 0)


def test_the_cup_games_move_the_club_rating() -> None:
    season = load_season(ROOT / "tests" / "data" / "rated-kinds-2026")
    made = careers(roster({"s": season}, ["s"]), {"s": season_facts(season)})
    games = {r.name: r.games for r in club_ratings(made, ["s"])}
    # quads 3 (Boris: 3 over the board), Double-Swiss 2, the cup's regular games
    assert games == {"Anna Alpha": 3 + 2 + 4, "Boris Beta": 3 + 2 + 4,
                     "Cleo Gamma": 3 + 2 + 2, "Dan Delta": 3 + 2 + 2}


def test_tie_break_games_are_left_out() -> None:
    # seasons/grand-prix-2027: Camila Rojas - Isabel Fuentes, quarter-final: ½-½ twice,
    # then two rapid games and an armageddon, which a career does not list
    cup = _cup("seasons/grand-prix-2027", "knockout")
    _, camila = cup["Camila Rojas"]
    first = [(g.opponent, g.colour, g.code.name) for g in camila.games if g.round == 1]
    assert first == [("Isabel Fuentes", "w", "DRAW"), ("Isabel Fuentes", "b", "DRAW")]
    assert camila.points == Fraction(1) + sum(
        (Fraction({"WIN": 2, "DRAW": 1, "LOSS": 0}[g.code.name], 2)
         for g in camila.games if g.round > 1), Fraction(0))
