"""Restricted drawing of pairing numbers for a round robin (Varma tables, FIDE C.05 Annex 2).

Why: when regulations ask that players of one federation (or club) should, if
possible, not meet in the last three rounds, the numbers are drawn so that
compatriots land in one *group* of numbers whose members meet each other early on
the Berger table. The annex's procedure, as implemented here:

1. The numbers of the table are split into four groups A, B, C, D (:data:`GROUPS`),
   each in its own envelope marked with how many numbers it holds. With an odd
   field the highest number of the even table is the free round and is not drawn.
2. Contingents draw in order: the largest first; equal sizes by the federation
   (or club) code in alphabetical order; inside a contingent, players by name.
   A player without a federation (club) is a contingent of one, after the coded
   ones of that size.
3. A contingent takes one envelope that still holds at least as many numbers as
   it has players, and each of its players draws a number from it. The numbers it
   leaves stay available to everybody else.
4. The next contingent does the same, until every number is drawn.

Which envelope a contingent takes is the drawing player's free choice in the
annex. The program makes that choice by lot (from the seeded ``random.Random``
passed in, so a recorded seed repeats the draw exactly), but only among the
envelopes that keep the most compatriots together over the *whole* draw: an
envelope that would later force a smaller contingent to split is not offered
when another one would not. The measure is the number of *separated pairs*
(two players of one contingent given numbers from different groups), minimised
over every way the later contingents could still choose.

**A contingent larger than every envelope left** (the annex is silent: it only
says the groups keep compatriots apart "if possible"): its players, in name
order, fill the envelope with the most numbers left, then the next largest, and
so on (ties by lot). This keeps as many of them together as the remaining
numbers allow; the pairs that end up in different groups may meet in any round.
The same rule applies when earlier contingents have used up the room a later
contingent would have needed; :attr:`VarmaDraw.split` names every contingent that
could not be kept inside one group.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from leaguegen.domain.model import Player

MIN_PLAYERS = 9
MAX_PLAYERS = 24
LETTERS = "ABCD"

# C.05 Annex 2, point 5: the groups for each even table size (9/10 players use 10, ...).
GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21),
             (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17),
             (12, 18, 23), (5, 24)),
}


@dataclass(frozen=True, slots=True)
class VarmaDraw:
    """The outcome of a restricted draw, indexed like the entrants passed in.

    ``numbers[i]`` is entrant ``i``'s pairing number and ``groups[i]`` the letter of
    the group it came from; ``order`` lists entrant indices in drawing order;
    ``split`` holds the code of each contingent spread over more than one group.
    """

    numbers: tuple[int, ...]
    groups: tuple[str, ...]
    order: tuple[int, ...]
    split: tuple[str, ...]

    def by_number(self) -> list[int]:
        """Entrant indices in pairing-number order (number 1 first)."""
        return sorted(range(len(self.numbers)), key=lambda i: self.numbers[i])


def groups_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The four groups A-D for a field of ``players``; an odd field drops the free number."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"the Varma tables cover {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    even = players + players % 2
    return tuple(tuple(n for n in g if n <= players) for g in GROUPS[even])


def contingents(entrants: Sequence[tuple[str, str | None]]) -> list[list[int]]:
    """Entrant indices grouped by code, in the annex's drawing order.

    ``entrants`` are ``(name, code)`` pairs; a ``None`` or empty code makes a
    contingent of one. Largest first, then by code (uncoded last), then by name;
    inside a contingent, by name (then by input position, for equal names).
    """
    by_code: dict[str, list[int]] = {}
    loose: list[list[int]] = []
    for i, (_, code) in enumerate(entrants):
        if code:
            by_code.setdefault(code.upper(), []).append(i)
        else:
            loose.append([i])
    for members in by_code.values():
        members.sort(key=lambda i: (entrants[i][0], i))

    def key(group: list[int]) -> tuple[int, int, str, str, int]:
        code = entrants[group[0]][1]
        return (-len(group), 0 if code else 1, (code or "").upper(), entrants[group[0]][0],
                group[0])

    return sorted([*by_code.values(), *loose], key=key)


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def _split_parts(caps: Sequence[int], size: int, order: Sequence[int]) -> list[tuple[int, int]]:
    """(envelope, how many) taken by a contingent that fits no envelope: largest first."""
    parts = []
    left = size
    for e in order:
        if left == 0:
            break
        take = min(caps[e], left)
        if take:
            parts.append((e, take))
            left -= take
    return parts


def _split_cost(parts: Sequence[tuple[int, int]], size: int) -> int:
    return _pairs(size) - sum(_pairs(t) for _, t in parts)


@lru_cache(maxsize=4096)
def _least_separated(sizes: tuple[int, ...], caps: tuple[int, ...]) -> int:
    """Fewest separated pairs the contingents ``sizes`` can end with, given room ``caps``.

    ``caps`` is sorted (the envelopes are interchangeable for counting). Each
    contingent must take an envelope with room when one exists (the annex gives it
    no other choice); otherwise it splits, largest envelopes first.
    """
    if not sizes or sizes[0] < 2:
        return 0
    size, rest = sizes[0], sizes[1:]
    options = {c for c in caps if c >= size}
    if not options:
        order = sorted(range(len(caps)), key=lambda e: -caps[e])
        parts = _split_parts(caps, size, order)
        after = list(caps)
        for e, t in parts:
            after[e] -= t
        return _split_cost(parts, size) + _least_separated(rest, tuple(sorted(after)))
    best = None
    for c in options:
        after = list(caps)
        after.remove(c)
        after.append(c - size)
        value = _least_separated(rest, tuple(sorted(after)))
        best = value if best is None else min(best, value)
    assert best is not None
    return best


def varma_draw(entrants: Sequence[tuple[str, str | None]], rng: random.Random) -> VarmaDraw:
    """Draw pairing numbers for ``entrants`` (``(name, code)`` pairs, 9 to 24 of them).

    Every random choice (which envelope, which number) comes from ``rng`` in a
    fixed order, so the same entrants and the same seed give the same numbers.
    """
    groups = groups_for(len(entrants))
    left = [list(g) for g in groups]
    order = contingents(entrants)
    sizes = [len(c) for c in order]
    numbers = [0] * len(entrants)
    letters = [""] * len(entrants)
    split: list[str] = []
    drawing: list[int] = []
    for index, members in enumerate(order):
        size = len(members)
        later = tuple(sizes[index + 1:])
        fitting = [e for e in range(len(left)) if len(left[e]) >= size]
        if fitting:
            def cost(e: int, size: int = size, later: tuple[int, ...] = later) -> int:
                caps = [len(x) for x in left]
                caps[e] -= size
                return _least_separated(later, tuple(sorted(caps)))

            costs = {e: cost(e) for e in fitting}
            least = min(costs.values())
            chosen = rng.choice([e for e in fitting if costs[e] == least])
            plan = [chosen] * size
        else:
            envelopes = list(range(len(left)))
            rng.shuffle(envelopes)
            envelopes.sort(key=lambda e: -len(left[e]))
            parts = _split_parts([len(x) for x in left], size, envelopes)
            plan = [e for e, take in parts for _ in range(take)]
            split.append(entrants[members[0]][1] or entrants[members[0]][0])
        for player, e in zip(members, plan, strict=True):
            number = left[e].pop(rng.randrange(len(left[e])))
            numbers[player] = number
            letters[player] = LETTERS[e]
            drawing.append(player)
    return VarmaDraw(tuple(numbers), tuple(letters), tuple(drawing), tuple(split))


BY = ("federation", "club")


def order_players(players: Sequence[Player], by: str, rng: random.Random) -> list[Player]:
    """``players`` in the pairing-number order of a Varma draw grouped ``by`` federation or club."""
    if by not in BY:
        raise ValueError(f"a Varma draw groups by {' or '.join(BY)}, not {by!r}")
    entrants = [(p.name, p.federation if by == "federation" else p.club) for p in players]
    draw = varma_draw(entrants, rng)
    return [players[i] for i in draw.by_number()]
