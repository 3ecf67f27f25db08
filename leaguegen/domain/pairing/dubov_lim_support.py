"""What the Dubov and Lim engines share: provisional ratings, colour facts, matching oracles.

Both systems are procedures ("take the first X in this order that still allows
Y"), so they ask the same two questions again and again: can these players
still all be paired, and how many pairs can this group make at most? The
answers come from the blossom matching in ``matching/`` with unit weights
(a maximum-cardinality matching), or with two-level weights when a count of
"good" pairs is to be maximised as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .matching import Matching
from .players import NONE, B, Entrant, W
from .state import SwissState

T = TypeVar("T")


def provisional_ratings(state: SwissState) -> dict[int, int]:
    """Every player's rating for pairing purposes, unrated players included (Dubov 1.1.2).

    The text leaves the provisional rating to the Chief Arbiter; a program has to
    choose. An unrated player takes the rating of the nearest rated player above
    them in the TPN order (the arbiter's initial order already placed them
    there), else of the nearest rated player below, else 0 when nobody is rated.
    This keeps the rating order consistent with the TPN order, which C.04.2
    builds from the ratings.
    """
    numbers = [p.number for p in state.players]
    given = {p.number: p.rating for p in state.players if p.rating}
    out: dict[int, int] = {}
    for i, n in enumerate(numbers):
        if n in given:
            out[n] = given[n]  # type: ignore[assignment]
            continue
        above = [given[m] for m in numbers[:i] if m in given]
        below = [given[m] for m in numbers[i + 1:] if m in given]
        out[n] = above[-1] if above else below[0] if below else 0
    return out


def colour_counts(e: Entrant) -> tuple[int, int]:
    """(whites, blacks) over the games actually played."""
    whites = e.colours.count(W)
    return whites, len(e.colours) - whites


def allowed_colour(e: Entrant, c: int) -> bool:
    """C.04.1 art. 6-7 for one more game with colour ``c``: |difference| <= 2, no third in a row."""
    whites, blacks = colour_counts(e)
    diff = whites - blacks + (1 if c == W else -1)
    if abs(diff) > 2:
        return False
    return not (len(e.colours) >= 2 and e.colours[-1] == e.colours[-2] == c)


def played_pairs(state: SwissState) -> set[frozenset[int]]:
    """Pairs of TPNs that may not meet: games played over the board (C1) and forbidden pairs.

    Forfeited pairings are not games, so their two players may meet again, as
    for the Dutch engine and bbpPairings.
    """
    out = set(state.forbidden)
    for p in state.players:
        for r in p.rounds:
            if r.played and r.opponent is not None:
                out.add(frozenset((p.number, r.opponent)))
    return out


def max_pairs(items: Sequence[T], ok: Callable[[T, T], bool]) -> int:
    """The largest number of disjoint pairs of ``items`` whose two members satisfy ``ok``."""
    n = len(items)
    if n < 2:
        return 0
    m = Matching(n)
    any_edge = False
    for i in range(n):
        for j in range(i + 1, n):
            if ok(items[i], items[j]):
                m.set_weight(i, j, 1)
                any_edge = True
    if not any_edge:
        return 0
    mate = m.solve()
    return sum(1 for v in range(n) if mate[v] != v and mate[v] >= 0) // 2


def perfectly_pairable(items: Sequence[T], ok: Callable[[T, T], bool]) -> bool:
    """True when all of ``items`` can be paired (an empty list can)."""
    return len(items) % 2 == 0 and 2 * max_pairs(items, ok) == len(items)


def best_pairs(
    items: Sequence[T], ok: Callable[[T, T], bool], good: Callable[[T, T], int]
) -> tuple[int, int, list[tuple[T, T]]]:
    """Most pairs first, then the largest total of ``good`` (small non-negative ints).

    Returns (pairs, total good, the pairs of one optimal matching).
    """
    n = len(items)
    if n < 2:
        return 0, 0, []
    top = 1
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if ok(items[i], items[j]):
                g = good(items[i], items[j])
                top = max(top, g + 1)
                edges.append((i, j, g))
    if not edges:
        return 0, 0, []
    base = top * (n + 1)
    m = Matching(n)
    for i, j, g in edges:
        m.set_weight(i, j, base + g)
    mate = m.solve()
    pairs = []
    total = 0
    for v in range(n):
        u = mate[v]
        if u != v and u > v:
            pairs.append((items[v], items[u]))
            total += good(items[v], items[u])
    return len(pairs), total, pairs


def middle_out(items: Sequence[T]) -> list[T]:
    """Dubov 4.3.3: sequence numbers from the (remaining) middle, the higher of two middles first.

    A B C D E F G -> D C E B F A G (the text's own example).
    """
    rest = list(items)
    out = []
    while rest:
        k = len(rest)
        i = k // 2 if k % 2 else k // 2 - 1
        out.append(rest.pop(i))
    return out


def colour_name(c: int) -> str:
    return "White" if c == W else "Black" if c == B else "none"


__all__ = [
    "NONE",
    "allowed_colour",
    "best_pairs",
    "colour_counts",
    "colour_name",
    "max_pairs",
    "middle_out",
    "perfectly_pairable",
    "played_pairs",
    "provisional_ratings",
]
