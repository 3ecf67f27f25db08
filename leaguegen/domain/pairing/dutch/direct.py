"""The closed form of a homogeneous bracket: S1 against S2, when a proof says it is optimal.

Round 1 of every open, and any round where one score group holds everyone left, is
a single homogeneous bracket. There the article-4 order rules pick S1[i] against
S2[i] (S1 the first half in pairing order, S2 the rest, the last S2 player left
over when the count is odd) as soon as that candidate meets every criterion as
well as any pairing can (C.04.3 art. 4: a perfect candidate is accepted at once).
This module decides that from the weights themselves, in linear time, so the
engine pairs such a bracket without building its matching (a dense graph of
n²/2 edges: 12.5 million at 5,000 players).

Why the candidate is then what the engine's matching would choose. In a bracket
whose players all have the same score, a current-bracket weight is
``c + K + s(a) + s(b) + col(a, b)`` (``Criteria``: the completion constant, the
C6/C7 and float constants, a per-player part ``s`` = ``player_term`` + the
same-score float part, and the colour bits ``col <= colour_max``). For any
matching M with P pairs and unmatched set U,

    W(M) = P (c + K) + sum col + sum_all s - sum_U s.

The candidate has the most pairs, ``col = colour_max`` on each, and leaves
unmatched (odd count) a player of smallest ``s``; every term is then at its
maximum, so no matching weighs more. When the next score group G is the rest of
the round (nothing below it), a C player paired into G gains at most twice the
next-bracket term of its own score and loses more than the C6 bit, so the bound
still holds with G paired inside itself, which a greedy perfect matching shows.
Among the optimal matchings the engine's nudges then keep S1 = the first half
(no exchange) and give each S1 player in turn the lowest S2 number still
possible: the candidate's. The tests compare both ways on generated rounds and
the conformance corpus.
"""

from __future__ import annotations

from .completion import perfect
from .criteria import Criteria


def homogeneous_pairs(crit: Criteria, C: list[int], G: list[int], below: int,
                      bye_score: int, single: bool, ranks: dict[int, int],
                      cls: list[int]) -> list[tuple[int, int]] | None:
    """The S1-S2 pairs of bracket ``C`` (vertices, one score, no moved-down players)
    when they are provably the engine's, else None.

    ``G``: the next score group; ``below``: how many players are below it (the
    proof needs none). The pairs are (S1 player, S2 player).
    """
    if below or len(C) < 2:
        return None
    order = crit.order
    half = len(C) // 2
    pairs = [(C[i], C[half + i]) for i in range(half)]
    compatible, colour, cmax = crit.compatible, crit.colour_term, crit.colour_max
    for a, b in pairs:
        h, lo = order[a], order[b]
        if not compatible(h, lo) or colour(h, lo) != cmax:
            return None
    if not G:
        if len(C) % 2:
            # The player left over (the last of S2) must have the smallest own part.
            def own(v: int) -> int:
                p = order[v]
                return (crit.player_term(p, bye_score, single, ranks)
                        + crit.same_score_float(p)[1])

            u = C[-1]
            if not crit.is_bye_candidate(order[u], bye_score):
                return None
            least = own(u)
            if any(own(v) < least for v in C):
                return None
        return pairs
    if len(C) % 2:
        return None
    if len(G) % 2 == 0:
        return pairs if perfect(order, compatible, cls, G) is not None else None
    # One G player stays unpaired: a bye candidate with the smallest player term.
    terms = {g: crit.player_term(order[g], bye_score, single, ranks) for g in G}
    least = min(terms.values())
    tried = 0
    for u in reversed(G):
        if terms[u] != least or not crit.is_bye_candidate(order[u], bye_score):
            continue
        if perfect(order, compatible, cls, [g for g in G if g != u]) is not None:
            return pairs
        tried += 1
        if tried == 3:
            break
    return None
