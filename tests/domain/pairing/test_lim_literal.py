"""Lim: the matching-based steps against a literal enumeration of the same readings.

The engine answers "the first choice in the text's order that still works" with
weighted matchings. Here the same readings are applied by trying every pairing
of a small group, with no matching theory:

- Article 4 with 5.2 (``LimRound.exchange``): among the complete pairings of the
  group, those giving the most players their due colour; among them, the
  scrutinised player (#1 downward, the last upward) takes the first opponent in
  the exchange order of 4.2-4.3, the rest is proposed anew and scrutinised the
  same way.
- 2.3 with Article 3 (``LimRound.pair_group``): as many floaters as the largest
  pairing of the group leaves over, chosen one at a time, each the first in the
  floater order whose transfer keeps that many pairings.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState
from leaguegen.domain.pairing.lim import DOWN, UP, LimPlayer, LimRound
from leaguegen.domain.pairing.lim_colours import misses
from leaguegen.domain.pairing.players import B, W


def _group(seed: int, n: int, played: int,
           skip: bool = True) -> tuple[LimRound, list[LimPlayer]]:
    """n players of one score (all lost to outsiders) with random colours and repeats."""
    rng = random.Random(seed)
    outsiders = n + 1
    players = []
    for i in range(1, n + 1):
        rounds = []
        for r in range(played):
            if rng.random() < 0.15:
                rounds.append(PastRound(None, None, 0, False, False))
            else:
                colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
                rounds.append(PastRound(outsiders + r, colour, 0, True, True))
        players.append(SwissPlayer(i, tuple(rounds)))
    for r in range(played):  # the outsiders, absent from this round
        won = (PastRound(None, None, 2, False, False),) * played
        players.append(SwissPlayer(outsiders + r, won, absent=True))
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    forbidden = frozenset(frozenset(p) for p in pairs if rng.random() < 0.3)
    rnd = LimRound(SwissState(tuple(players), played, played + 3, forbidden=forbidden),
                   skip=skip)
    return rnd, [p for p in rnd.players if p.tpn <= n]


def _matchings(items: tuple[LimPlayer, ...], ok) -> list[tuple[tuple[LimPlayer, LimPlayer], ...]]:  # noqa: ANN001
    if not items:
        return [()]
    first, rest = items[0], items[1:]
    out = []
    for k, q in enumerate(rest):
        if ok(first, q):
            for m in _matchings(rest[:k] + rest[k + 1:], ok):
                out.append(((first, q), *m))
    return out


def _literal_exchange(rnd: LimRound, players: list[LimPlayer], direction: str) -> set[frozenset]:
    order = tuple(sorted(players, key=lambda p: p.position))

    def good(a: LimPlayer, b: LimPlayer) -> int:
        return 2 - misses(a.side(), b.side(), rnd.initial, rnd.at_or_above_median(0))

    @cache
    def best(items: tuple[LimPlayer, ...]) -> int:
        ms = _matchings(items, rnd.compatible)
        return max((sum(good(a, b) for a, b in m) for m in ms), default=-1)

    target = best(order)
    assert target >= 0
    remaining, chosen, got = order, set(), 0
    while remaining:
        half = len(remaining) // 2
        if direction == DOWN:
            p, cands = remaining[0], remaining[half:] + remaining[1:half][::-1]
        else:
            p, cands = remaining[-1], remaining[:half][::-1] + remaining[half:-1]
        for q in cands:
            rest = tuple(x for x in remaining if x is not p and x is not q)
            if rnd.compatible(p, q) and best(rest) >= 0 \
                    and got + good(p, q) + best(rest) == target:
                chosen.add(frozenset((p.tpn, q.tpn)))
                got += good(p, q)
                remaining = rest
                break
        else:
            raise AssertionError("no literal choice")
    return chosen


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), half=st.integers(1, 4), played=st.integers(1, 5),
       up=st.booleans(), skip=st.booleans())
def test_exchange_is_the_literal_first_choice(seed: int, half: int, played: int, up: bool,
                                              skip: bool) -> None:
    rnd, players = _group(seed, 2 * half, played, skip)
    if not _matchings(tuple(players), rnd.compatible):
        return  # the group cannot be completed: never handed to the exchange step
    direction = UP if up else DOWN
    got = {frozenset((p.a.tpn, p.b.tpn)) for p in rnd.exchange(0, players, direction)}
    assert got == _literal_exchange(rnd, players, direction)


def _max_pairs(items: tuple[LimPlayer, ...], ok) -> int:  # noqa: ANN001
    if len(items) < 2:
        return 0
    first, rest = items[0], items[1:]
    best = _max_pairs(rest, ok)  # first left over
    for k, q in enumerate(rest):
        if ok(first, q):
            best = max(best, 1 + _max_pairs(rest[:k] + rest[k + 1:], ok))
    return best


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(2, 8), played=st.integers(1, 5),
       up=st.booleans())
def test_floaters_are_the_literal_first_choices(seed: int, n: int, played: int, up: bool) -> None:
    rnd, everyone = _group(seed, n + 2, played)
    members, dest = everyone[:n], everyone[n:]
    direction = UP if up else DOWN
    nu = _max_pairs(tuple(members), rnd.compatible)
    _, floaters = rnd.pair_group(0, members, [], direction, dest)
    assert len(floaters) == n - 2 * nu
    rest = list(members)
    for f in floaters:  # each the first in the floater order that keeps nu pairings
        whites = sum(1 for p in rest if p.due.colour == W)
        blacks = sum(1 for p in rest if p.due.colour == B)

        def key(p: LimPlayer, whites: int = whites, blacks: int = blacks) -> tuple:
            has = any(rnd.compatible(p, q) for q in dest)
            surplus = W if whites > blacks else B if blacks > whites else None
            colour = 0 if surplus is not None and p.due.colour == surplus else 1
            return (0 if has else 1, p.floated_last, colour,
                    -p.position if direction == DOWN else p.position)

        first = next(p for p in sorted(rest, key=key)
                     if _max_pairs(tuple(q for q in rest if q is not p), rnd.compatible) == nu)
        assert f.p is first
        rest.remove(first)
