"""Property tests for Dubov and Lim: random events paired round by round stay legal.

Every round of a simulated event (random results, forfeits, half-point byes,
absences) is checked against rules written again here, independently of the
engines: everyone present paired once or given the PAB, no rematch, at most one
PAB per player and none after a round won without playing, colour difference
within +-2 and no third colour in a row (Lim: except same-score pairs in the last
round, Article 6), and for Dubov no two players with the same absolute colour
preference. When an engine reports no legal pairing, a brute-force search over
all pairings confirms that none exists.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.lim import LimRound
from leaguegen.errors import NoValidPairing

WHITE, BLACK = Colour.WHITE, Colour.BLACK


def _colours(rounds: list[PastRound]) -> list[Colour]:
    return [r.colour for r in rounds if r.played]


def _within_limits(cols: list[Colour], extra: Colour) -> bool:
    seq = [*cols, extra]
    diff = seq.count(WHITE) - seq.count(BLACK)
    return abs(diff) <= 2 and not (len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3])


def _absolute(cols: list[Colour]) -> Colour | None:
    diff = cols.count(WHITE) - cols.count(BLACK)
    if diff > 1:
        return BLACK
    if diff < -1:
        return WHITE
    if len(cols) >= 2 and cols[-1] == cols[-2]:
        return BLACK if cols[-1] is WHITE else WHITE
    return None


def _met(history: list[list[PastRound]], a: int, b: int) -> bool:
    return any(r.played and r.opponent == b + 1 for r in history[a])


def _may_have_bye(rounds: list[PastRound], win: int = 2) -> bool:
    return not any(not r.played and r.points >= win for r in rounds)


def _legal_pair(system: str, history: list[list[PastRound]], score: list[int], last: bool,
                a: int, b: int) -> bool:
    if _met(history, a, b):
        return False
    ca, cb = _colours(history[a]), _colours(history[b])
    if system == "dubov":
        pa, pb = _absolute(ca), _absolute(cb)
        return not (pa is not None and pa == pb)
    if last and score[a] == score[b]:
        return True
    return any(_within_limits(ca, c) and _within_limits(cb, BLACK if c is WHITE else WHITE)
               for c in (WHITE, BLACK))


def _some_legal_round(system: str, history: list[list[PastRound]], score: list[int],
                      present: list[int], last: bool) -> bool:
    """Brute force: a PAB (if the number is odd) and a complete legal pairing of the rest."""

    @cache
    def pairable(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        a = min(rest)
        return any(_legal_pair(system, history, score, last, a, b) and pairable(rest - {a, b})
                   for b in rest if b != a)

    everyone = frozenset(present)
    if len(present) % 2 == 0:
        return pairable(everyone)
    return any(_may_have_bye(history[x]) and pairable(everyone - {x}) for x in present)


def simulate(system: str, n: int, rounds: int, seed: int) -> int:
    """Pair a random event round by round; return the number of rounds paired."""
    rng = random.Random(seed)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    ratings = sorted((rng.randrange(1200, 2600) for _ in range(n)), reverse=True)
    for rnd in range(rounds):
        absent = {p for p in range(n) if rng.random() < 0.12}
        state = SwissState(
            players=tuple(SwissPlayer(i + 1, tuple(history[i]), i in absent, (),
                                      ratings[i] if rng.random() < 0.9 else None)
                          for i in range(n)),
            rounds_played=rnd, rounds_total=rounds,
            initial_colour=rng.choice([WHITE, BLACK]))
        score = [sum(r.points for r in history[i]) for i in range(n)]
        present = [i for i in range(n) if i not in absent]
        last = rnd == rounds - 1
        try:
            result = pair_round(state, system=system)
        except NoValidPairing:
            assert not _some_legal_round(system, history, score, present, last), (
                f"{system} found no pairing although one exists (seed {seed}, round {rnd + 1})")
            return rnd
        seen: set[int] = set()
        for white, black in result.boards:
            w, b = white - 1, black - 1
            assert {w, b}.isdisjoint(seen) and w != b
            seen |= {w, b}
            assert not _met(history, w, b), "no rematch (C.04.1 art. 2)"
            cw, cb = _colours(history[w]), _colours(history[b])
            if system == "dubov":
                assert not (_absolute(cw) and _absolute(cw) == _absolute(cb)), "Dubov C3"
            in_limits = _within_limits(cw, WHITE) and _within_limits(cb, BLACK)
            if system == "dubov" or not (last and score[w] == score[b]):
                assert in_limits, "colour difference within 2, no third colour in a row"
        if result.bye is not None:
            x = result.bye - 1
            assert x not in seen
            assert _may_have_bye(history[x]), "no second PAB, none after a forfeit win"
            seen.add(x)
        assert seen == set(present), "everyone present is paired or gets the PAB"
        assert (result.bye is not None) == (len(present) % 2 == 1)
        for white, black in result.boards:
            w, b = white - 1, black - 1
            kind = rng.random()
            if kind < 0.06:  # forfeit: not a game, the winner scores a win
                win_w = rng.random() < 0.5
                history[w].append(PastRound(black, WHITE, 2 if win_w else 0, False, True))
                history[b].append(PastRound(white, BLACK, 0 if win_w else 2, False, True))
                continue
            gap = (ratings[w] - ratings[b]) / 400
            p_white = 1 / (1 + 10 ** -gap)
            x = rng.random()
            pts = (2, 0) if x < p_white * 0.8 else (0, 2) if x > 1 - (1 - p_white) * 0.8 else (1, 1)
            history[w].append(PastRound(black, WHITE, pts[0], True, True))
            history[b].append(PastRound(white, BLACK, pts[1], True, True))
        if result.bye is not None:
            history[result.bye - 1].append(PastRound(None, None, 2, False, True))
        for i in absent:
            history[i].append(PastRound(None, None, rng.choice([0, 1]), False, False))
    return rounds


@settings(max_examples=120, deadline=None)
@given(n=st.integers(min_value=2, max_value=10), rounds=st.integers(min_value=1, max_value=7),
       seed=st.integers(min_value=0, max_value=10**6))
def test_dubov_events_stay_legal(n: int, rounds: int, seed: int) -> None:
    simulate("dubov", n, rounds, seed)


@settings(max_examples=120, deadline=None)
@given(n=st.integers(min_value=2, max_value=10), rounds=st.integers(min_value=1, max_value=7),
       seed=st.integers(min_value=0, max_value=10**6))
def test_lim_events_stay_legal(n: int, rounds: int, seed: int) -> None:
    simulate("lim", n, rounds, seed)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=6, max_value=16), rounds=st.integers(min_value=2, max_value=6),
       seed=st.integers(min_value=0, max_value=10**6))
def test_lim_skip_gives_the_same_pairing(n: int, rounds: int, seed: int) -> None:
    """The exchange step's solve-free shortcut (``LimRound(skip=...)``) changes nothing."""
    rng = random.Random(seed)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    for rnd in range(rounds):
        state = SwissState(tuple(SwissPlayer(i + 1, tuple(history[i])) for i in range(n)),
                           rnd, rounds)
        try:
            fast = pair_round(state, system="lim")
            plain = LimRound(state, skip=False).run()
        except NoValidPairing:
            return
        assert fast.lines() == plain.lines()
        for white, black in fast.boards:
            x = rng.choice([(2, 0), (1, 1), (0, 2)])
            history[white - 1].append(PastRound(black, WHITE, x[0], True, True))
            history[black - 1].append(PastRound(white, BLACK, x[1], True, True))
        if fast.bye:
            history[fast.bye - 1].append(PastRound(None, None, 2, False, True))
