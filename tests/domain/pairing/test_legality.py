"""C.04.1 legality (domain/pairing/legality.py): random legal rounds pass; each mutation into
a violation fails with that rule named.

The legal rounds are the rounds of random events paired by the Dutch engine (seeded, so
hypothesis can shrink and replay them); the mutations are made by hand from the rule
text, one per rule, on a round that is not the last (where no topscorer exception
applies).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Code, Colour
from leaguegen.domain.pairing import (
    PastRound,
    SwissPlayer,
    SwissState,
    get_system,
    state_from_crosstable,
)
from leaguegen.domain.pairing.legality import Rule, check_round, is_topscorer
from leaguegen.domain.pairing.random_event import EventSettings, random_event


def _event(seed: int, players: int, rounds: int, forfeits: float = 0.0):  # noqa: ANN202
    return random_event(EventSettings(players, rounds, forfeits=forfeits, half_byes=0.05),
                        random.Random(seed)).table


def _round(table, r: int):  # noqa: ANN001, ANN202
    """(state before round r, boards (White, Black), PAB receivers) of a generated event."""
    boards, byes, away = [], [], set()
    for rec in table.records:
        e = rec.rounds[r - 1]
        if e.opponent is not None and e.colour is Colour.WHITE:
            boards.append((rec.number, e.opponent))
        elif e.opponent is None and e.code is Code.PAIRING_BYE:
            byes.append(rec.number)
        elif e.opponent is None:
            away.add(rec.number)
    state = state_from_crosstable(table, rounds_played=r - 1, absent=away)
    return state, boards, byes


events = st.tuples(st.integers(0, 2**32 - 1), st.integers(6, 16), st.integers(3, 5))


def _errors(violations) -> set[Rule]:  # noqa: ANN001
    return {v.rule for v in violations if not v.allowed}


@settings(max_examples=30, deadline=None)
@given(events)
def test_engine_rounds_are_legal(event: tuple[int, int, int]) -> None:
    seed, players, rounds = event
    table = _event(seed, players, rounds, forfeits=0.05)
    for r in range(1, rounds + 1):
        state, boards, byes = _round(table, r)
        found = check_round(state, boards, byes)
        assert not _errors(found), (r, found)
        for v in found:  # whatever is allowed is the last round's topscorer exception
            assert v.rule in (Rule.COLOUR_DIFFERENCE, Rule.THIRD_COLOUR)
            assert r == rounds and any(is_topscorer(state, n) for n in v.players)


def _flip(boards: list[tuple[int, int]], player: int) -> list[tuple[int, int]]:
    return [(b, w) if player in (w, b) else (w, b) for w, b in boards]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(events, st.randoms(use_true_random=False))
def test_repeat(event: tuple[int, int, int], rng: random.Random) -> None:
    seed, players, rounds = event
    table = _event(seed, players, rounds)
    r = rng.randrange(2, rounds)
    state, boards, byes = _round(table, r)
    # a player meets, in round r, someone they played before
    seat = {p: i for i, pair in enumerate(boards) for p in pair}
    options = [(a, past.opponent) for a, i in seat.items()
               for past in state.player(a).rounds
               if past.played and past.opponent in seat and seat[past.opponent] != i]
    assume(options)
    a, x = rng.choice(options)
    i, j = seat[a], seat[x]
    b = next(p for p in boards[i] if p != a)
    y = next(p for p in boards[j] if p != x)
    mutated = [pair for k, pair in enumerate(boards) if k not in (i, j)] + [(a, x), (b, y)]
    found = check_round(state, mutated, byes, complete=False, colours=False)
    assert Rule.REPEAT in _errors(found)
    assert any(v.rule is Rule.REPEAT and set(v.players) == {a, x} for v in found)
    assert _errors(check_round(state, boards, byes, complete=False, colours=False)) == set()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.tuples(st.integers(0, 2**32 - 1), st.integers(8, 16), st.integers(4, 6)),
       st.randoms(use_true_random=False))
def test_third_colour_and_colour_difference(event: tuple[int, int, int],
                                            rng: random.Random) -> None:
    seed, players, rounds = event
    table = _event(seed, players, rounds)
    r = rng.randrange(3, rounds)  # a third game, and not the last round
    state, boards, _ = _round(table, r)
    # a player whose last two games had one colour gets it again
    culprits = []
    for w, b in boards:
        for me, mine in ((w, Colour.WHITE), (b, Colour.BLACK)):
            played = [p.colour for p in state.player(me).rounds if p.played]
            other = Colour.BLACK if mine is Colour.WHITE else Colour.WHITE
            if len(played) >= 2 and played[-1] is played[-2] is other:
                culprits.append(me)
    assume(culprits)
    me = rng.choice(culprits)
    found = check_round(state, _flip(boards, me), complete=False)
    assert any(v.rule is Rule.THIRD_COLOUR and v.players[0] == me and not v.allowed
               for v in found)


def test_colour_difference_of_three() -> None:
    """+2 after W B W W (a legal history) and White again: +3, an error; art. 7 too."""
    hist = (Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.WHITE)
    rounds = tuple(PastRound(10 + i, c, 1, True, True) for i, c in enumerate(hist))
    state = _state(rounds, total=8)
    found = check_round(state, [(1, 2)], complete=False)
    assert {v.rule for v in found if v.players[0] == 1} == {Rule.COLOUR_DIFFERENCE,
                                                           Rule.THIRD_COLOUR}
    assert next(v for v in found if v.rule is Rule.COLOUR_DIFFERENCE).value == 3
    assert not any(v.allowed for v in found)
    assert not [v for v in check_round(state, [(2, 1)], complete=False) if v.players[0] == 1]


def test_topscorer_exception_in_the_last_round_only() -> None:
    """The same history, last round: player 1 (4 wins of 4) is a topscorer: a warning."""
    hist = (Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.WHITE)
    rounds = tuple(PastRound(10 + i, c, 2, True, True) for i, c in enumerate(hist))
    last = _state(rounds, total=5)
    found = [v for v in check_round(last, [(1, 2)], complete=False) if v.players[0] == 1]
    assert found and all(v.allowed for v in found)
    assert "allowed for a topscorer" in found[0].words()
    earlier = _state(rounds, total=6)
    assert not any(v.allowed for v in check_round(earlier, [(1, 2)], complete=False))


@pytest.mark.parametrize(("system", "topscorer_vs_zero", "same_score"), [
    ("dutch", True, False),  # C.04.3 C10, C11: topscorers (or their opponents) only
    ("burstein", False, False),  # C.04.4.2 [C3]: absolute, no topscorer clause
    ("lim", False, True),  # C.04.4.3 art. 6: the same scores before the colour rules
    ("dubov", False, False),  # C.04.4.1 [C3] is absolute: no exception
])
def test_each_system_has_its_own_last_round_colour_exception(
        system: str, topscorer_vs_zero: bool, same_score: bool) -> None:
    """Player 1 (W B W W) gets White a third time in the last round, against player 2
    (no points): as a topscorer (four wins), and on the same score (four losses)."""
    exception = get_system(system).colour_exception
    hist = (Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.WHITE)
    for points, expected in ((2, topscorer_vs_zero), (0, same_score)):
        rounds = tuple(PastRound(10 + i, c, points, True, True) for i, c in enumerate(hist))
        last = _state(rounds, total=5)
        found = [v for v in check_round(last, [(1, 2)], complete=False, exception=exception)
                 if v.players[0] == 1]
        assert found and all(v.allowed is expected for v in found), (system, points)
        if expected:
            assert "; allowed for" in found[0].words()
        earlier = _state(rounds, total=6)  # not the last round: never allowed
        assert not any(v.allowed for v in check_round(earlier, [(1, 2)], complete=False,
                                                      exception=exception))


def _state(first: tuple[PastRound, ...], total: int) -> SwissState:
    """Player 1 with ``first``; players 2..12 with byes-free filler histories."""
    n = len(first)
    filler = tuple(PastRound(None, None, 0, False, False) for _ in range(n))
    players = [SwissPlayer(1, first)] + [SwissPlayer(k, filler) for k in range(2, 13)]
    return SwissState(tuple(players), n, total)


@settings(max_examples=40, deadline=None)
@given(events, st.randoms(use_true_random=False))
def test_pab_rules(event: tuple[int, int, int], rng: random.Random) -> None:
    seed, players, rounds = event
    table = _event(seed, players | 1, rounds, forfeits=0.1)  # odd: PABs happen
    r = rng.randrange(2, rounds + 1)
    state, boards, byes = _round(table, r)
    had_pab = [p.number for p in state.players if any(x.is_pab for x in p.rounds)]
    won_unplayed = [p.number for p in state.players if p.number not in had_pab
                    and any(not x.played and x.points >= state.win for x in p.rounds)]
    if had_pab:
        who = rng.choice(had_pab)
        rest = [b for b in boards if who not in b]
        found = check_round(state, rest, [who], complete=False)
        assert any(v.rule is Rule.SECOND_PAB and v.players == (who,) for v in found)
    if won_unplayed:
        who = rng.choice(won_unplayed)
        rest = [b for b in boards if who not in b]
        found = check_round(state, rest, [who], complete=False)
        assert any(v.rule is Rule.PAB_AFTER_WIN and v.players == (who,) for v in found)
    assume(boards)
    w, b = boards[0]
    found = check_round(state, boards[1:], [*byes, w, b] if not byes else [byes[0], w],
                        complete=False)
    assert Rule.TWO_PABS in _errors(found)


@settings(max_examples=30, deadline=None)
@given(events)
def test_forbidden_avoid_and_structure(event: tuple[int, int, int]) -> None:
    seed, players, rounds = event
    table = _event(seed, players, rounds)
    state, boards, byes = _round(table, rounds)
    pair = frozenset(boards[0])
    forbidden = replace(state, forbidden=frozenset({pair}))
    assert Rule.FORBIDDEN in _errors(check_round(forbidden, boards, byes))
    found = check_round(state, boards, byes, avoid={pair})
    assert [v.rule for v in found if v.rule is Rule.AVOID] == [Rule.AVOID]
    assert all(v.allowed for v in found if v.rule is Rule.AVOID)
    w, b = boards[0]
    assert Rule.UNPAIRED in _errors(check_round(state, boards[1:], byes))
    assert Rule.TWICE in _errors(check_round(state, [*boards, (w, b)], byes))
    assert Rule.PLAYER in _errors(check_round(state, [*boards[1:], (w, 99)], byes))
