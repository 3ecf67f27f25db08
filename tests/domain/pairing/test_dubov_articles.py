"""Dubov (C.04.4.1, 2026): every numbered article has a hand-worked case or a unit test.

The cases are TRF files in tests/data/dubov with the reasoning in their comments
(see ``dubov_lim_cases``); the unit tests below cover the definitions and the
sorting rules, including the text's own examples (4.1.3, 4.3.3, 4.4.2).
"""

from __future__ import annotations

import itertools
import random

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.dubov import (
    ABSOLUTE,
    MILD,
    STRONG,
    DubovRound,
    _first_set,
    _first_transposition,
    aro,
    max_t,
)
from leaguegen.domain.pairing.dubov_lim_support import middle_out, provisional_ratings
from leaguegen.domain.pairing.players import B, W
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.test_dubov_lim_cases import load_cases

CASES = load_cases("dubov")

# Every numbered article of the 2026 text (the preface 0 has no rule).
_ARTICLE_TEXT = """
1.1.1 1.1.2 1.2.1 1.2.2 1.3.1 1.3.2 1.4 1.5 1.6.1 1.6.2 1.6.3 1.6.4 1.7.1 1.7.2 1.7.3
1.8.1 1.8.2 1.9.1 1.9.2 1.9.3 2.1.1 2.1.2 2.1.3 2.2.1 2.3.1 2.3.2 2.3.3 2.3.4 2.3.5 2.3.6
3.1.1 3.1.2 3.1.3 3.1.4 3.1.5 3.2.1 3.2.2 3.2.3 3.2.4 3.2.5 3.2.6 4.1.1 4.1.2 4.1.3 4.2.1
4.2.2 4.2.3 4.3.1 4.3.2 4.3.3 4.4.1 4.4.2 5.1 5.2.1 5.2.2 5.2.3 5.2.4 5.2.5
"""
ARTICLES = tuple(_ARTICLE_TEXT.split())

# Articles covered by the unit tests of this module (beyond the TRF cases).
UNIT_TESTED = {"1.5", "1.6.1", "1.6.2", "1.6.3", "1.6.4", "1.7.1", "1.7.2", "1.7.3", "1.8.2",
               "2.3.4", "2.3.5", "4.1.3", "4.3.3", "4.4.2"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.stem)
def test_hand_worked_case(case) -> None:
    state = case.state()
    if case.boards is None:
        with pytest.raises(NoValidPairing):
            pair_round(state, system="dubov")
        return
    result = pair_round(state, system="dubov")
    assert result.boards == case.boards, f"{case.path.name}: see the reasoning in the file"
    assert result.bye == case.bye


def test_every_article_has_a_test() -> None:
    covered = {a for c in CASES for a in c.articles} | UNIT_TESTED
    assert set(ARTICLES) - covered == set()
    assert covered - set(ARTICLES) == set(), "a case names an article the text does not have"


# ------------------------------------------------------------------ definitions


def _state(histories: dict[int, list[PastRound]], ratings: dict[int, int | None] | None = None,
           total: int = 5) -> SwissState:
    played = max((len(h) for h in histories.values()), default=0)
    players = tuple(
        SwissPlayer(n, tuple(histories[n]), False, (), (ratings or {}).get(n, 2000 - n))
        for n in sorted(histories))
    assert all(len(p.rounds) == played for p in players)
    return SwissState(players, played, total)


def _game(opp: int, colour: str, points: int) -> PastRound:
    return PastRound(opp, Colour.WHITE if colour == "w" else Colour.BLACK, points, True, True)


def test_colour_difference_and_preferences() -> None:
    # 1.5: Whites minus Blacks over games played; 1.6.1-1.6.4 the three strengths.
    st = _state({
        1: [_game(2, "w", 2), _game(3, "w", 2)],   # WW: absolute Black (1.6.1)
        2: [_game(1, "b", 0), _game(4, "w", 0)],   # BW, difference 0: mild Black (1.6.3)
        3: [_game(4, "b", 1), _game(1, "b", 0)],   # BB: absolute White (1.6.1)
        4: [_game(3, "w", 1), _game(2, "b", 2)],   # WB: mild White (1.6.3)
        5: [_game(6, "w", 2), PastRound(None, None, 0, False, False)],  # W: strong Black
        6: [_game(5, "b", 0), PastRound(None, None, 2, False, True)],   # B: strong White
        7: [PastRound(None, None, 0, False, False)] * 2,  # no game: mild Black (1.6.4)
    })
    by = {p.tpn: p for p in DubovRound(st).players}
    assert (by[1].pref, by[1].strength) == (B, ABSOLUTE)
    assert (by[2].pref, by[2].strength) == (B, MILD)
    assert (by[3].pref, by[3].strength) == (W, ABSOLUTE)
    assert (by[4].pref, by[4].strength) == (W, MILD)
    assert (by[5].pref, by[5].strength) == (B, STRONG)
    assert (by[6].pref, by[6].strength) == (W, STRONG)
    assert (by[7].pref, by[7].strength) == (B, MILD)


def test_aro_rounding_and_played_games_only() -> None:
    # 1.7.1: rounded to the nearest integer, the higher on .5; only games played count.
    assert aro([2000, 2001]) == 2001
    assert aro([2000, 2002, 2003]) == 2002  # 2001.67
    assert aro([1999, 2000, 2000, 2000]) == 2000  # 1999.75
    assert aro([]) == 0  # 1.7.3
    st = _state({
        1: [_game(2, "w", 2), PastRound(3, Colour.BLACK, 2, False, True)],  # forfeit win vs 3
        2: [_game(1, "b", 0), PastRound(None, None, 2, False, True)],
        3: [PastRound(None, None, 0, False, False), PastRound(1, Colour.WHITE, 0, False, True)],
    }, ratings={1: 2100, 2: 1901, 3: 1500})
    by = {p.tpn: p for p in DubovRound(st).players}
    assert by[1].aro == 1901  # 1.7.2: the forfeit opponent does not count
    assert by[3].aro == 0  # 1.7.3: no game yet


def test_provisional_rating_follows_the_tpn_order() -> None:
    st = _state({n: [] for n in range(1, 6)},
                ratings={1: 2100, 2: None, 3: 1900, 4: None, 5: None})
    assert provisional_ratings(st) == {1: 2100, 2: 2100, 3: 1900, 4: 1900, 5: 1900}
    st = _state({n: [] for n in range(1, 3)}, ratings={1: None, 2: 1800})
    assert provisional_ratings(st) == {1: 1800, 2: 1800}


def test_max_t() -> None:
    # 1.8.2: MaxT = 2 + [Rnds/5].
    assert [max_t(r) for r in (4, 5, 9, 10, 11, 15)] == [2, 3, 3, 4, 4, 5]


# ------------------------------------------------------------------ sorting


def test_middle_out_example_of_4_3_3() -> None:
    assert "".join(middle_out("ABCDEFG")) == "DCEBFAG"
    assert "".join(middle_out("ABCDEF")) == "CDBEAF"
    assert middle_out("A") == ["A"]


@pytest.mark.parametrize("seed", range(40))
def test_first_set_is_the_first_feasible_set_in_4_1_3_order(seed: int) -> None:
    """4.1.3: {#1,#2} < {#1,#3} < ... < {#1,#P} < {#2,#3}: the greedy finds the first."""
    rng = random.Random(seed)
    pool = list(range(rng.randint(2, 7)))
    size = rng.randint(1, len(pool))
    allowed = [s for s in itertools.combinations(pool, size) if rng.random() < 0.3]
    if not allowed:
        allowed = [tuple(rng.sample(pool, size))]
    allowed_sets = [set(s) for s in allowed]

    def feasible(inc: set[int], exc: set[int]) -> bool:
        return any(inc <= s and not (exc & s) for s in allowed_sets)

    players = [type("P", (), {})() for _ in pool]
    ids = {id(p): i for i, p in enumerate(players)}
    got = _first_set(players, size,
                     lambda inc, exc: feasible({ids[i] for i in inc}, {ids[i] for i in exc}))
    first = min(tuple(sorted(s)) for s in allowed)  # combinations order = sorted tuples
    assert tuple(ids[id(p)] for p in got) == first


def test_transposition_order_of_the_4_4_2_note() -> None:
    """{A,B,C} {A,C,B} {B,A,C} {B,C,A} {C,A,B} {C,B,A}: the first legal one is chosen."""
    a, b, c = "ABC"
    s1 = ["x", "y", "z"]
    forbidden_sets = [set(), {("x", "A")}, {("x", "A"), ("y", "C")},
                      {("x", "A"), ("x", "B"), ("z", "B")}]
    for forbidden in forbidden_sets:
        def ok(s: str, g: str, forbidden: set = forbidden) -> bool:
            return (s, g) not in forbidden
        got = _first_transposition(s1, [a, b, c], ok)
        expect = next(list(t) for t in itertools.permutations([a, b, c])
                      if all(ok(s, g) for s, g in zip(s1, t, strict=True)))
        assert got == expect


def test_c8_comes_before_c9() -> None:
    """2.3.4 before 2.3.5: fewer maximum upfloaters beats fewer upfloats of them.

    Residents 1 and 2 (3 points) have met, so two upfloaters come from 3-6 (2 points).
    Forbidden pairs leave two possible sets: {3, 4} (3 is a maximum upfloater with 7
    upfloats) and {5, 6} (two maximum upfloaters, 3 upfloats each). C8 picks {3, 4};
    C9 alone would pick {5, 6}.
    """
    won = PastRound(None, None, 2, False, True)
    hist = {n: [won] * 2 if n <= 2 else [won, PastRound(None, None, 0, False, False)]
            for n in range(1, 7)}
    st = _state(hist, total=9)  # MaxT = 3
    rnd = DubovRound(st)
    by = {p.tpn: p for p in rnd.players}
    for n, count in ((3, 7), (4, 0), (5, 3), (6, 3)):
        by[n].upfloats = count
    rnd.blocked = {frozenset(p) for p in ((1, 2), (4, 6), (4, 5), (3, 6), (3, 5))}
    chosen = rnd.upfloaters([by[1], by[2]], [by[n] for n in (3, 4, 5, 6)])
    assert sorted(p.tpn for p in chosen) == [3, 4]
