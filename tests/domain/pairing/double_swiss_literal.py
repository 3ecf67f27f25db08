"""A literal reading of C.04.5 art. 3.4-3.6 and 4, by exhaustion, for small fields.

Test-only: it shares no search with the engine (``double_swiss``). It tries every
set of upfloaters and every pairing of a bracket, in the orders the text defines, and
ranks them by the criteria in their priority. On small fields it must agree with the
engine exactly; where the two agree, what is left to argue about is the reading,
which both state in ``docs/swiss.md``.
"""

from __future__ import annotations

from itertools import combinations

from leaguegen.domain.pairing.double_swiss import allocate_colours
from leaguegen.domain.pairing.double_swiss_rules import (
    matches_played,
    may_meet_again,
    pab_eligible,
    upfloated,
)
from leaguegen.domain.pairing.state import SwissState


def _ok(state: SwissState, a: int, b: int) -> bool:
    return (may_meet_again(state.player(a), state.player(b))
            and frozenset((a, b)) not in state.forbidden)


def pairings(state: SwissState, nodes: list[int]) -> list[list[tuple[int, int]]]:
    """Every pairing of ``nodes`` meeting [C1], pairs as (smaller, larger)."""
    nodes = sorted(nodes)
    if not nodes:
        return [[]]
    first, rest = nodes[0], nodes[1:]
    out = []
    for i, b in enumerate(rest):
        if _ok(state, first, b):
            for tail in pairings(state, rest[:i] + rest[i + 1:]):
                out.append([(first, b), *tail])
    return out


def pairable(state: SwissState, nodes: list[int]) -> bool:
    return len(nodes) % 2 == 0 and bool(pairings(state, nodes))


def literal_pair(state: SwissState) -> tuple[set[tuple[int, int]], int | None]:
    """(the set of (White, Black) boards, the PAB) by exhaustion."""
    present = sorted(p.number for p in state.players if not p.absent)
    score = {n: state.player(n).score for n in present}
    last = state.rounds_played + 1 >= state.rounds_total
    floated = {n for n in present if upfloated(state, state.player(n), state.rounds_played - 1)}
    bye = None
    if len(present) % 2:
        order = sorted((n for n in present if pab_eligible(state.player(n), state)),
                       key=lambda n: (score[n], -matches_played(state.player(n)), -n))
        bye = next(n for n in order if pairable(state, [m for m in present if m != n]))
        present.remove(bye)
    boards = set()
    remaining = present
    while remaining:
        top = max(score[n] for n in remaining)
        residents = [n for n in remaining if score[n] == top]
        lower = sorted((n for n in remaining if score[n] < top), key=lambda n: (-score[n], n))
        below = sorted({score[n] for n in lower}, reverse=True)
        candidates = []
        for k in range(len(lower) + 1):
            for combo in combinations(lower, k):
                bracket = residents + list(combo)
                rest = [n for n in remaining if n not in bracket]
                if not (pairable(state, bracket) and pairable(state, rest)):
                    continue
                c5 = tuple(-s for s in sorted(score[n] for n in combo))
                c6 = _need(state, rest, below[0] if below else None, score)
                c7 = 0 if last else sum(1 for n in combo if n in floated)
                candidates.append(((k, c5, c6, c7), combo))
        ups = min(candidates, key=lambda c: c[0])[1]  # stable: 3.5.4's order breaks ties
        bracket = residents + list(ups)

        def key(p: list[tuple[int, int]], ups: tuple[int, ...] = ups) -> tuple:
            c8 = 0 if last else sum(int(a in ups and b in floated) + int(b in ups and a in floated)
                                    for a, b in p)
            p = sorted(p)
            return (c8, tuple(a for a, _ in p) + tuple(b for _, b in p))

        chosen = min(pairings(state, bracket), key=key)
        for a, b in chosen:
            w, bl, _ = allocate_colours(state, state.player(a), state.player(b), score)
            boards.add((w, bl))
        remaining = [n for n in remaining if n not in bracket]
    return boards, bye


def _need(state: SwissState, rest: list[int], following: int | None, score: dict) -> int:
    if following is None:
        return 0
    residents = [n for n in rest if score[n] == following]
    if not residents:
        return 0
    lower = [n for n in rest if score[n] < following]
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for combo in combinations(lower, k):
            taken = residents + list(combo)
            if pairable(state, taken) and pairable(state, [n for n in rest if n not in taken]):
                return k - len(residents) % 2
    return len(lower) + 1
