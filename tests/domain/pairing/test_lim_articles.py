"""Lim (C.04.4.3, 2026): every numbered article has a hand-worked case or a unit test.

The cases are TRF files in tests/data/lim, the reasoning in their comments. The
article numbers are those of the 2026 text as far as they could be read (see the
Lim section of docs/swiss.md for which passages were read verbatim).
"""

from __future__ import annotations

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.lim import DOWN, UP, Floater, LimRound
from leaguegen.domain.pairing.lim_colours import ALTERNATE, EQUALISE, FORCED, due_colour
from leaguegen.domain.pairing.players import B, Entrant, W
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.test_dubov_lim_cases import load_cases

CASES = load_cases("lim")

_ARTICLE_TEXT = """
1.1 2.1 2.2 2.3.1 2.3.2 2.3.3 2.3.4 2.4 2.5 2.6.1 2.6.2 3.1 3.2.1 3.2.2 3.2.3 3.2.4 3.3 3.4
3.5 3.6.1 3.6.2 3.6.3 3.7.1 3.7.2 3.7.3 3.8 3.9.1 3.9.2 3.10 4.1 4.2 4.3 4.4 4.4.1 4.4.2 5.1.1
5.1.2 5.2 5.3 5.4 5.5 5.6 5.7 6 7.1 7.2 8
"""
ARTICLES = tuple(_ARTICLE_TEXT.split())

UNIT_TESTED = {"2.1", "2.3.2", "2.4", "3.6.1", "3.6.2", "3.7.1", "3.7.2", "3.9.2", "3.10", "4.1",
               "4.2", "4.3", "5.1.1", "5.1.2", "5.5", "5.6"}
# The text's own worked examples, in test_lim_text_examples.py.
TEXT_EXAMPLES = {"4.2", "4.3", "4.4.1", "4.4.2", "7.1", "7.2"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.stem)
def test_hand_worked_case(case) -> None:
    state = case.state()
    if case.boards is None:
        with pytest.raises(NoValidPairing):
            pair_round(state, system="lim")
        return
    result = pair_round(state, system="lim")
    assert result.boards == case.boards, f"{case.path.name}: see the reasoning in the file"
    assert result.bye == case.bye


def test_every_article_has_a_test() -> None:
    covered = {a for c in CASES for a in c.articles} | UNIT_TESTED | TEXT_EXAMPLES
    assert set(ARTICLES) - covered == set()
    assert covered - set(ARTICLES) == set()


def _game(opp: int, colour: str, points: int = 1) -> PastRound:
    return PastRound(opp, Colour.WHITE if colour == "w" else Colour.BLACK, points, True, True)


def _state(hist: dict[int, list[PastRound]], total: int = 7) -> SwissState:
    played = len(next(iter(hist.values())))
    return SwissState(tuple(SwissPlayer(n, tuple(hist[n])) for n in sorted(hist)), played, total)


def _filler(n: int) -> list[PastRound]:
    return [PastRound(None, None, 0, False, False)] * n


def test_compatibility_and_colour_limits() -> None:
    """2.1, 5.1.1, 5.1.2 and 2.3.2: compatible = not met and some colours within the limits."""
    hist = {
        1: [_game(9, "w"), _game(10, "b"), _game(11, "w"), _game(12, "w")],  # +2, WW
        2: [_game(10, "w"), _game(9, "w"), _game(12, "b"), _game(11, "w")],  # +2, not WW
        3: [_game(11, "b"), _game(12, "w"), _game(9, "b"), _game(10, "w")],  # level
        4: [_game(12, "w"), _game(11, "b"), _game(10, "w"), _game(9, "w")],  # +2, WW
    }
    for n in range(5, 13):
        hist[n] = _filler(4)
    rnd = LimRound(_state(hist))
    by = {p.tpn: p for p in rnd.players}
    assert by[1].due.colour == B and by[1].due.claim == FORCED
    # 2 has two more Whites (2.3.2): a third White would make three more (5.1.2).
    assert by[2].due.colour == B and by[2].due.claim == FORCED
    assert not rnd.compatible(by[1], by[2])  # both need Black
    assert not rnd.compatible(by[2], by[4])
    assert rnd.compatible(by[1], by[3])  # 3 can take White
    # In the last round the same score comes first (Article 6): the limits give way.
    last = LimRound(_state(hist, total=5))
    lb = {p.tpn: p for p in last.players}
    assert last.compatible(lb[1], lb[2])


def test_due_colour_odd_and_even_rounds() -> None:
    """5.1, 5.5, 5.6: equalise when the colours are unequal, otherwise alternate.

    In an odd round (here round 5 after a bye) W W B would alternate to White and end
    +2, more than the one colour 5.5 allows, so the equalising Black is due; in an even
    round the colours are levelled (5.6).
    """
    st = SwissState((
        SwissPlayer(1, (_game(2, "w"), _game(3, "w"), _game(4, "b"),
                        PastRound(None, None, 2, False, True))),
        SwissPlayer(2, (_game(1, "b"), _game(4, "w"), PastRound(None, None, 0, False, False),
                        _game(3, "b"))),
    ), 4, 7)
    one, two = (Entrant(p, i, st) for i, p in enumerate(st.players))
    assert due_colour(one).colour == B and due_colour(one).claim == EQUALISE
    assert due_colour(two).colour == W and due_colour(two).claim == EQUALISE
    st2 = SwissState((SwissPlayer(1, (_game(2, "w"), _game(3, "b"))),
                      SwissPlayer(2, (_game(1, "b"), _game(3, "w")))), 2, 5)
    e = Entrant(st2.players[0], 0, st2)
    assert due_colour(e).colour == W and due_colour(e).claim == ALTERNATE


def test_downfloaters_are_paired_highest_score_first() -> None:
    """3.6.1-3.6.2: of two downfloaters the higher score chooses first (here: the top player).

    Group (2 points): residents 5 and 6, both due Black; downfloaters 1 (4 points) and
    2 (3 points), both due White. Either order completes the group, so the order alone
    decides who meets the higher-ranked resident 5 (3.8).
    """
    won, lost = PastRound(None, None, 2, False, True), PastRound(None, None, 0, False, False)
    hist = {
        1: [won, won, _game(9, "b", 0)],
        2: [won, won, _game(10, "b", 0)],
        5: [won, lost, _game(11, "w", 0)],
        6: [won, lost, _game(12, "w", 0)],
    }
    for n in (3, 4, 7, 8, 9, 10, 11, 12):
        hist[n] = [lost, lost, lost]
    for n, (opp, col) in {9: (1, "w"), 10: (2, "w"), 11: (5, "b"), 12: (6, "b")}.items():
        hist[n] = [lost, lost, _game(opp, col, 2)]
    st = SwissState(tuple(SwissPlayer(n, tuple(hist[n]), n not in (1, 2, 5, 6))
                          for n in range(1, 13)), 3, 7)
    rnd = LimRound(st)
    by = {p.tpn: p for p in rnd.players}
    floaters = {id(by[1]): Floater(by[1], DOWN, by[1].score, ""),
                id(by[2]): Floater(by[2], DOWN, by[2].score, "")}
    pairs = rnd.pair_floaters_first(4, [by[2], by[1], by[5], by[6]], floaters, False)
    assert {(p.a.tpn, p.b.tpn) for p in pairs} == {(1, 5), (2, 6)}
    ups = {id(by[1]): Floater(by[1], UP, by[1].score, ""),
           id(by[2]): Floater(by[2], UP, by[2].score, "")}
    pairs = rnd.pair_floaters_first(4, [by[2], by[1], by[5], by[6]], ups, False)
    # 3.7: upfloaters from the lowest score first, each with the lowest-ranked player.
    assert {(p.a.tpn, p.b.tpn) for p in pairs} == {(2, 6), (1, 5)}


def _fresh(n: int, forbidden: list[tuple[int, int]], played: int = 1, total: int = 5) -> LimRound:
    """n players with equal scores and no game yet (all colours free), some pairs forbidden."""
    st = SwissState(tuple(SwissPlayer(i, tuple(_filler(played))) for i in range(1, n + 1)),
                    played, total, forbidden=frozenset(frozenset(p) for p in forbidden))
    return LimRound(st)


def _exchange(rnd: LimRound, direction: str) -> set[tuple[int, int]]:
    pairs = rnd.exchange(0, list(rnd.players), direction)
    return {tuple(sorted((p.a.tpn, p.b.tpn))) for p in pairs}


def test_exchange_order_downward() -> None:
    """4.1-4.3 downward: #1 tries the bottom half in order, then the top half from the bottom."""
    assert _exchange(_fresh(6, []), DOWN) == {(1, 4), (2, 5), (3, 6)}  # 2.4 proposed pairs
    # 1-4 a repeat: 1 takes 5, the rest is proposed again (2-4, 3-6).
    assert _exchange(_fresh(6, [(1, 4)]), DOWN) == {(1, 5), (2, 4), (3, 6)}
    # The whole bottom half used up for 1: next the top half from the bottom up, 3 before 2.
    assert _exchange(_fresh(6, [(1, 4), (1, 5), (1, 6)]), DOWN) == {(1, 3), (2, 5), (4, 6)}


def test_exchange_order_upward() -> None:
    """4.1 upward, the mirror: the lowest player first, tried against #3, #2, #1, then #4, #5."""
    assert _exchange(_fresh(6, []), UP) == {(1, 4), (2, 5), (3, 6)}
    assert _exchange(_fresh(6, [(3, 6)]), UP) == {(2, 6), (3, 5), (1, 4)}
    assert _exchange(_fresh(6, [(3, 6), (2, 6), (1, 6)]), UP) == {(4, 6), (2, 5), (1, 3)}


def test_floater_type_before_previous_float() -> None:
    """3.9.2 before 3.10: a type d who floated last round floats before a type c who did not.

    Group 1.5: 1 2 3, all compatible; the next group is 6 alone. 1 and 3 floated in
    round 2, 2 did not; 2 may not meet 6 (forbidden), so 2 is of type c, 1 and 3 of
    type d. Pairing downward the lowest-ranked of the type d players, 3, floats.
    """
    half, nil = PastRound(None, None, 1, False, False), PastRound(None, None, 0, False, False)
    hist = {
        1: [half, _game(5, "w", 2)], 5: [nil, _game(1, "b", 0)],   # 1 (1) met 5 (0): floated
        2: [half, _game(7, "w", 2)], 7: [half, _game(2, "b", 0)],  # equal scores: no float
        3: [half, _game(4, "w", 2)], 4: [nil, _game(3, "b", 0)],   # floated
        6: [half, nil],
    }
    st = SwissState(tuple(SwissPlayer(n, tuple(hist[n])) for n in range(1, 8)), 2, 5,
                    forbidden=frozenset({frozenset((2, 6))}))
    rnd = LimRound(st)
    by = {p.tpn: p for p in rnd.players}
    assert (by[1].floated_last, by[2].floated_last, by[3].floated_last) == (True, False, True)
    chosen = rnd.choose_floater([by[1], by[2], by[3]], 1, {}, DOWN, [by[6]])
    assert chosen.tpn == 3
