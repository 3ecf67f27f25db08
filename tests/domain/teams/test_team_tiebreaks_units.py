"""Team tie-breaks on small events worked by hand (no shared corpus needed)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.teams.model import Board, Match, Team, TeamEvent
from leaguegen.domain.teams.tiebreaks import lookup, team_standings


def match(rnd: int, first: int, second: int, results: str, forfeit: str | None = None) -> Match:
    """``results``: one code per board from the first team's view (``1 = 0 + -``)."""
    boards = tuple(Board(i, None, None, r) for i, r in enumerate(results, start=1))
    return Match(rnd, first, second, boards, forfeit)


def event(matches: list[Match], teams: int = 4) -> TeamEvent:
    return TeamEvent("t", tuple(Team(n, f"T{n}") for n in range(1, teams + 1)),
                     tuple(matches), (), rounds=3, boards=4)


def values(ev: TeamEvent, codes: str, system: str, rules: str = "2024") -> dict[int, tuple]:
    return {r.team: tuple(float(v) for v in r.values) + (r.rank,)
            for r in team_standings(ev, codes.split(), system, rules)}


def test_round_robin_by_hand() -> None:
    """The README's hand computation: MP 3/5/1/3, GP 6/8½/4/5½, SB:MP 5/13/5/5, EMGSB
    14/21½/16/11½, EGGSB 31½/45¼/28½/28¼; T1 and T4 drew (DE 0), T1 ahead on GP."""
    ev = event([
        match(1, 1, 4, "10=="), match(1, 2, 3, "10=="),
        match(2, 1, 2, "0=0="), match(2, 3, 4, "0=0="),
        match(3, 1, 3, "1=1="), match(3, 2, 4, "111="),
    ])
    got = values(ev, "MPTS DE GPTS SB:MP EMGSB EGGSB", "round-robin")
    assert got == {
        2: (5, 0, 8.5, 13, 21.5, 45.25, 1),
        1: (3, 0, 6, 5, 14, 31.5, 2),
        4: (3, 0, 5.5, 5, 11.5, 28.25, 3),
        3: (1, 0, 4, 5, 16, 28.5, 4),
    }


def test_board_count_and_wins() -> None:
    ev = event([match(1, 1, 2, "1100"), match(1, 3, 4, "0011"),
                match(2, 1, 3, "+-==", None), match(2, 2, 4, "----", "-+")])
    got = values(ev, "MPTS BC WIN WON", "swiss")
    # T1: two 2-2 draws; BC r1 boards 1+2 = 3, r2 board 1 (a board forfeit) + ½·3 + ½·4
    assert got[1][:4] == (2, 7.5, 0, 0)
    # T4: a draw, then a match won by forfeit (every board a win): a WIN, not a WON
    assert got[4][:4] == (3, 3 + 10, 1, 0)
    assert got[2][:4] == (1, 3 + 4, 0, 0)


@pytest.mark.parametrize(("rules", "bh"), [("2024", 6), ("2026", 3)])
def test_swiss_forfeit_win_is_a_dummy_capped_in_2026(rules: str, bh: int) -> None:
    """T3 won round 1 by forfeit against T4 (0 MP in the end): the dummy is T3's own 3 MP
    in 2024, capped at T4's 0 in 2026; round 2's opponent T1 has 3."""
    ev = event([match(1, 1, 2, "1111"), match(1, 3, 4, "++++", "+-"),
                match(2, 1, 3, "10=="), match(2, 2, 4, "11=0")])
    got = values(ev, "MPTS BH:MP", "swiss", rules)
    assert got[3][:2] == (3, bh)


def test_unknown_code() -> None:
    with pytest.raises(ValueError, match="unknown team tie-break 'XYZ'"):
        lookup("XYZ")
    assert lookup("BH:MP/C1/V2")[0].cut_low == 1


def test_exact_fractions() -> None:
    ev = event([match(1, 1, 2, "1=0=")])
    row = team_standings(ev, ["GPTS"], "swiss")[0]
    assert row.values == (Fraction(2),)
