"""C.04.6 Art. 3.6: pairing one bracket.

The article orders every pairing of the bracket by its *identifier* (the top members' TPNs
in ascending order, then their bottom members' TPNs; in a pair the smaller TPN is the top
member) and takes the first one that complies with [C1] and, as far as possible, with
[C8], [C9] and [C10]. Those three are minimisations, so "complies" means: reaches the least
(C8, C9, C10) any legal pairing of the bracket reaches. Enumerating pairings is hopeless
for a bracket of forty teams (39!! of them), so the engine asks the weighted matching (the
project's blossom, through its public one-shot API) twice over: once for the least
penalty, then, deciding team after team in TPN order, whether a pairing with that least
penalty still exists with the decision made. Deciding "top" before "bottom" for each team
in ascending TPN gives the smallest sequence of top members; then each top member in turn
takes the smallest bottom member that still leaves such a pairing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from leaguegen.domain.pairing.matching import max_weight_matching
from leaguegen.errors import Message, NoValidPairing

Penalty = Callable[[int, int], tuple[int, int, int]]


class _Graph:
    """The bracket's legal edges with their weights: a big constant (so a perfect matching
    always beats a larger penalty) less the penalty weighed C8 over C9 over C10."""

    def __init__(self, teams: Sequence[int], legal: Callable[[int, int], bool],
                 penalty: Penalty):
        self.teams = sorted(teams)
        n = len(self.teams)
        step = n + 1
        self.big = 3 * step ** 4
        self.weights: dict[tuple[int, int], int] = {}
        for i, a in enumerate(self.teams):
            for b in self.teams[i + 1:]:
                if legal(a, b):
                    c8, c9, c10 = penalty(a, b)
                    self.weights[(a, b)] = self.big - (c8 * step * step + c9 * step + c10)

    def value(self, keep: Callable[[int, int], bool], without: frozenset[int] = frozenset(),
              ) -> int:
        """The weight of the best matching on the edges ``keep`` accepts."""
        nodes = [t for t in self.teams if t not in without]
        index = {t: i for i, t in enumerate(nodes)}
        edges = [(index[a], index[b], w) for (a, b), w in self.weights.items()
                 if a in index and b in index and keep(a, b)]
        mate = max_weight_matching(len(nodes), edges)
        weight = dict(((i, j), w) for i, j, w in edges)
        return sum(weight.get((i, j), 0) for i, j in enumerate(mate) if i < j)


def pair_bracket(teams: Sequence[int], legal: Callable[[int, int], bool],
                 penalty: Penalty) -> list[tuple[int, int]]:
    """The pairs (top, bottom) of the first pairing in identifier order with the least
    penalty; NoValidPairing when the bracket has no perfect legal pairing."""
    graph = _Graph(teams, legal, penalty)
    everything = graph.value(lambda a, b: True)
    if everything < graph.big * (len(graph.teams) // 2) - graph.big // 3:
        raise NoValidPairing(Message("the bracket {teams} cannot be paired",
                                     teams=str(sorted(teams))))
    role: dict[int, str] = {}

    def keep(a: int, b: int) -> bool:  # a < b: a is top, b is bottom
        return role.get(a) != "bottom" and role.get(b) != "top"

    for team in graph.teams:
        role[team] = "top"
        if graph.value(keep) != everything:
            role[team] = "bottom"
    tops = [t for t in graph.teams if role[t] == "top"]
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    so_far = 0
    for top in tops:
        used.add(top)
        for bottom in graph.teams:
            if bottom <= top or bottom in used or role[bottom] != "bottom":
                continue
            w = graph.weights.get((top, bottom))
            if w is None:
                continue
            rest = graph.value(keep, frozenset(used | {bottom}))
            if so_far + w + rest == everything:
                pairs.append((top, bottom))
                used.add(bottom)
                so_far += w
                break
        else:
            raise AssertionError(f"no bottom member for {top}: the matching is inconsistent")
    return pairs


def perfect(teams: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """Whether ``teams`` can all be paired legally (an even count and a perfect matching)."""
    nodes = sorted(teams)
    if len(nodes) % 2:
        return False
    if not nodes:
        return True
    edges = [(i, j, 1) for i in range(len(nodes)) for j in range(i + 1, len(nodes))
             if legal(nodes[i], nodes[j])]
    mate = max_weight_matching(len(nodes), edges)
    return all(m >= 0 for m in mate)
