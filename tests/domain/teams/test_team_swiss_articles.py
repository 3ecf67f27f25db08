"""C.04.6 article by article, on small events built by hand (no shared corpus needed).

The whole-round expectations (pairs, board-1 colours, PAB) were also given to the oracle
(gacrux 1.11.65's pairing checker, on these events written as TRF-2026): it agrees on each."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.teams.model import Board, Bye, Match, Team, TeamEvent
from leaguegen.domain.teams.swiss import pair_team_round
from leaguegen.domain.teams.swiss_bracket import pair_bracket
from leaguegen.domain.teams.swiss_colours import Preference, allocate, preference
from leaguegen.domain.teams.swiss_state import TeamState, settings_of
from leaguegen.errors import NoValidPairing


def event(teams: int, rounds: list[list[tuple[int, int, str]]], byes: dict[int, int] | None = None,
          code: str = "FIDE_TEAM_TYPEA_MP_GP", first: str = "w", total: int = 5) -> TeamEvent:
    """``rounds[r]``: (team with White on board 1, other team, board results of two boards
    from the first's view, e.g. ``"1="``; ``"++"``/``"--"`` with a ``+-``/``-+`` forfeit)."""
    matches = []
    for rnd, row in enumerate(rounds, start=1):
        for a, b, res in row:
            forfeit = {"++": "+-", "--": "-+"}.get(res) if res in ("++", "--") else None
            boards = tuple(Board(i, None, None, r) for i, r in enumerate(res, start=1))
            matches.append(Match(rnd, a, b, boards, forfeit))
    pabs = tuple(Bye(r, t, Fraction(1), Fraction(1)) for r, t in (byes or {}).items())
    return TeamEvent("t", tuple(Team(n, f"T{n}") for n in range(1, teams + 1)),
                     tuple(matches), pabs, rounds=total, boards=2, type_code=code,
                     first_colour=first)


def test_round_one_natural_pairing_and_initial_colour() -> None:
    """3.6.3: the first identifier is 1-4, 2-5, 3-6; 4.3.1: the first-team with an odd TPN
    takes the initial colour, an even one the other (record 152)."""
    assert pair_team_round(event(6, [])).matches == ((1, 4), (5, 2), (3, 6))
    assert pair_team_round(event(6, [], first="b")).matches == ((4, 1), (2, 5), (6, 3))


def test_pab_goes_to_the_largest_tpn_of_the_lowest_score() -> None:
    """3.4.2-3.4.4 in round 1: everybody on 0 with no match: the largest TPN."""
    got = pair_team_round(event(5, []))
    assert got.bye == 5 and got.matches == ((1, 3), (4, 2))


def test_pab_to_the_team_with_more_matches_played() -> None:
    """3.4.3: 2 and 3 are lowest on 0 MP; 2 played its match, 3 lost by forfeit: 2."""
    ev = event(5, [[(1, 2, "11"), (3, 4, "--")]], byes={1: 5})
    got = pair_team_round(ev)
    assert got.bye == 2 and set(got.matches) == {(4, 1), (5, 3)}


def test_pab_never_twice_nor_after_a_forfeit_win() -> None:
    """[C2]: 3 (lowest, 1 MP) had the PAB and 2 won by forfeit, so the PAB goes to 1."""
    ev = event(3, [[(1, 2, "--")], [(1, 3, "11")]], byes={1: 3})
    got = pair_team_round(ev)
    assert got.bye == 1 and got.matches == ((3, 2),)


def test_no_rematch_but_a_forfeited_match_is_no_meeting() -> None:
    """[C1]; C.04.2 3.5: 1 and 2 did not play (forfeit), so they may meet again."""
    ev = event(4, [[(1, 2, "++"), (3, 4, "11")]])
    assert set(pair_team_round(ev).matches) == {(1, 3), (4, 2)}  # 1 and 3 lead on 2 MP
    ev = event(4, [[(1, 2, "11"), (3, 4, "11")]])
    assert {frozenset(p) for p in pair_team_round(ev).matches} == {
        frozenset((1, 3)), frozenset((2, 4))}


def test_identifier_order_with_history() -> None:
    """All drew round 1 (1-3, 4-2): one bracket of four, 1-3 and 2-4 already met; the first
    identifier is (1, 2 | 4, 3). Colours: 4.3.8 alternates the first-team (1: White last)."""
    ev = event(4, [[(1, 3, "10"), (4, 2, "10")]])
    assert set(pair_team_round(ev).matches) == {(4, 1), (2, 3)}


def test_upfloater_is_the_first_legal_in_tpn_order() -> None:
    """3.5: 1 alone on 2 MP needs one upfloater from the teams on 1 MP; 2 met it, so 3."""
    ev = event(4, [[(1, 2, "1="), (3, 4, "==")]])
    assert set(pair_team_round(ev).matches) == {(3, 1), (4, 2)}


def test_no_legal_pairing_is_refused() -> None:
    ev = event(2, [[(1, 2, "11")]])
    with pytest.raises(NoValidPairing):
        pair_team_round(ev)


def _state(colours: str) -> TeamState:
    cs = tuple(None if c == "-" else c for c in colours)
    return TeamState(1, Fraction(0), Fraction(0), cs, frozenset(), True, len(colours), False)


@pytest.mark.parametrize(("history", "type_a", "type_b"), [
    ("", None, None),
    ("w", None, ("b", False)),  # CD +1: mild in B only
    ("wb", None, ("w", False)),  # CD 0, Black last: mild White in B only
    ("ww", ("b", True), ("b", True)),  # CD +2
    ("bwbb", ("w", True), ("w", True)),  # CD -2
    ("wbb", ("w", True), ("w", True)),  # CD -1, Black in the last two played
    ("wb-b", ("w", True), ("w", True)),  # the last two *played* matches
])
def test_colour_preferences(history: str, type_a, type_b) -> None:
    """1.7.1 (type A) and 1.7.2 (type B), not in the last round."""
    a = settings_of(event(2, [], code="FIDE_TEAM_TYPEA_MP_GP"))
    b = settings_of(event(2, [], code="FIDE_TEAM_TYPEB_MP_GP"))

    def as_pair(p: Preference) -> tuple[str, bool] | None:
        return None if p.colour is None else (p.colour, p.strong)

    assert as_pair(preference(_state(history), a, False)) == type_a
    assert as_pair(preference(_state(history), b, False)) == type_b


def test_type_b_mild_preference_vanishes_in_the_last_round() -> None:
    b = settings_of(event(2, [], code="FIDE_TEAM_TYPEB_MP_GP"))
    assert preference(_state("wb"), b, True) == Preference(None)


def test_colour_history_is_compared_match_by_match() -> None:
    """4.3.6 (t0006 round 7 of the corpus): T6 (first-team, ``bwbwb-``) and T13
    (``-wbbwb``) both want White mildly with CD -1. Round by round, round 5 differs first
    (T13 White): T6 would get White. The oracle walks back over each team's *played*
    matches: the fourth from last differs (T13 Black), so T13 gets White."""
    settings = settings_of(event(2, [], code="FIDE_TEAM_TYPEB_MP_GP"))
    t6 = TeamState(6, Fraction(4), Fraction(9), tuple("bwbwb") + (None,), frozenset(),
                   False, 5, False)
    t13 = TeamState(13, Fraction(3), Fraction(7), (None,) + tuple("wbbwb"), frozenset(),
                    False, 5, False)
    p6, p13 = preference(t6, settings, False), preference(t13, settings, False)
    assert p6 == p13 == Preference("w")
    assert allocate(t6, t13, p6, p13, settings) == (13, 6)


def test_bracket_prefers_fulfilled_colours_over_identifier() -> None:
    """[C8] outranks 3.6.3: with 1 and 3 both wanting White the first identifier
    (1-3, 2-4) leaves one preference unfulfilled, so (1-4, 2-3) is taken."""
    wants = {1: "w", 2: "b", 3: "w", 4: "b"}

    def penalty(a: int, b: int) -> tuple[int, int, int]:
        return (int(wants[a] == wants[b]), 0, 0)

    assert pair_bracket([1, 2, 3, 4], lambda a, b: True, penalty) == [(1, 4), (2, 3)]
    assert pair_bracket([1, 2, 3, 4], lambda a, b: True, lambda a, b: (0, 0, 0)) == [
        (1, 3), (2, 4)]
