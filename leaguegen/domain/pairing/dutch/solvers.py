"""How the Dutch engine's matching problems are solved: the one interface, and the exact solver.

The engine (``engine.py``) settles a bracket by a sequence of edits to edge
weights and solves; a solver keeps the matching that answers them. Both solvers
give the same answers to every question the engine asks (the decisions are forced
by strictly ordered weights), so the engine never knows which one it has:

* :class:`GlobalSolver` (here): one maximum-weight matching over every player still
  to be paired. Exact and simple; its graph holds every compatible pair, so it is
  slow and big on large events.
* :class:`~.bracket_solver.BracketSolver`: a matching over the current bracket only,
  with a proof that its optimum is the global one (and the exact graph of the
  remaining players for a bracket where the proof fails).
"""

from __future__ import annotations

from typing import Protocol

from leaguegen.domain.pairing.matching import Matching
from leaguegen.errors import Message, NoValidPairing

from .criteria import Criteria, NextPairs, RowTypes


class Solver(Protocol):
    """What the bracket engine asks of a matching.

    Vertices are positions in the pairing order. ``final[v]``: ``v`` is paired for
    good; ``mate`` (returned by ``solve``) holds the current optimum, ``mate[v] == v``
    for a player left unpaired (the bye, or a player floating on).
    """

    final: list[bool]
    solves: int
    fallbacks: int

    def start(self) -> tuple[int, bool, dict[int, int]]:
        """Bye score, whether the top bracket floats a single player to the bye, and
        the C9 ranks; raises NoValidPairing when no pairing is legal."""
        ...

    def begin_bracket(self, pbi: list[int], it: int, nsgb: int, single: bool) -> None:
        """A new bracket: ``pbi`` its players and the next score group (the first
        ``nsgb`` are the bracket), ``it`` the first vertex below them."""
        ...

    def load_bracket(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]],
                     nxt: NextPairs, types: RowTypes | None = None) -> None:
        """Install the bracket's base weights: ``base[li][si]`` for the pairs of the
        bracket (``si < li < nsgb``), ``nxt`` for those into and inside the next
        score group; ``types``, when given, what ``base`` is made of."""
        ...

    def cut_next(self, v: int) -> None:
        """Bracket player ``v`` may no longer pair into the next score group."""
        ...

    def prune(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]]) -> int:
        """Optionally drop (zero in ``base`` and in the matching) bracket pairs that no
        optimum of the bracket can use; called right after the bracket's first solve."""
        ...

    def set_edge(self, a: int, b: int, weight: int) -> None: ...

    def cut_pairs(self, pairs: list[tuple[int, int]]) -> None:
        """``set_edge(a, b, 0)`` for each pair, right after a solve."""
        ...

    def cut_parts(self, pbi: list[int], parts: tuple[list[int], ...],
                  base: list[list[int]]) -> list[tuple[int, list[int]]] | None:
        """``cut_pairs`` of the pairs inside each part (positions in ``pbi``, in
        order) whose weight in ``base`` is not zero, higher first. May zero them in
        ``base`` too: it then returns the rows it changed as they were, ``(index,
        row)``, to be put back if the caller keeps the pairs after all."""
        ...

    def set_row(self, v: int, pairs: list[tuple[int, int]]) -> None:
        """``set_edge(v, u, w)`` for each ``(u, w)``: one call for a whole row."""
        ...

    def parts_restored(self) -> None:
        """The rows ``cut_parts`` zeroed were put back by the caller."""
        ...

    def raise_duals(self, deltas: dict[int, int]) -> None: ...
    def solve(self) -> list[int]: ...

    def value(self) -> tuple[int, int]:
        """The current optimum's value, with the identity of the problem it is
        measured in: two values compare only when that is the same (right after
        ``solve``)."""
        ...
    def finalize(self, a: int, b: int) -> None: ...

    def fix(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good between brackets: a bracket the engine
        settled without a solve (``direct.py``)."""
        ...


class GlobalSolver:
    """The exact method: one matching over every player still to be paired."""

    def __init__(self, crit: Criteria):
        self.crit = crit
        self.order = crit.order
        self.n = n = len(crit.order)
        self.matching = Matching(n, greedy_stages=True)
        self.final = [False] * n
        self.mate = list(range(n))
        self.solves = 0
        self.fallbacks = 0

    def start(self) -> tuple[int, bool, dict[int, int]]:
        crit, order, n = self.crit, self.order, self.n
        odd = n % 2 == 1
        top = order[0].score
        if odd:
            for i in range(n):
                p = order[i]
                for j in range(i):
                    o = order[j]
                    if crit.compatible(p, o):
                        self.set_edge(i, j, crit.bye_search_weight(p, o, top))
            self.matching.restart(crit.bye_search_duals(top))
        else:
            self.matching.restart(crit.completion_duals(0, False, {}))
            for i in range(n):
                for j in range(i):
                    self.set_edge(i, j, crit.weight(order[j], order[i], False, False, 0, False, {}))
        mate = self.solve()
        unmatched = [v for v in range(n) if mate[v] == v]
        if len(unmatched) > 1 or any(not order[v].eligible for v in unmatched):
            raise NoValidPairing(Message(
                "the players cannot all be paired while satisfying the absolute criteria"
            ))
        bye_score = 0
        single = False
        ranks: dict[int, int] = {}
        if odd:
            bye_score = order[unmatched[0]].score
            if bye_score >= top:
                single = True
                for v in range(n):
                    if order[v].score < top:
                        break
                    if order[mate[v]].score < top:
                        single = False
                        break
            counts = sorted(
                (p.played_games for p in order if p.score == bye_score), reverse=True)
            for r, c in enumerate(counts):
                ranks[c] = r
            self.matching.restart(crit.completion_duals(bye_score, single, ranks))
            for i in range(n):
                for j in range(i):
                    self.set_edge(
                        i, j,
                        crit.weight(order[j], order[i], False, False, bye_score, single, ranks))
            self.solve()  # from the tight start, before the first bracket's weights
        return bye_score, single, ranks

    def begin_bracket(self, pbi: list[int], it: int, nsgb: int, single: bool) -> None:
        pass  # every edge is already in the graph

    def load_bracket(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]],
                     nxt: NextPairs, types: RowTypes | None = None) -> None:
        setw = self.matching.set_weight
        weight = nxt.weight
        for li in range(sgb, len(pbi)):
            lv = pbi[li]
            if li < nsgb:
                for si, wt in enumerate(base[li]):
                    setw(lv, pbi[si], wt)
            else:
                for si in range(li):
                    setw(lv, pbi[si], weight(si, li))
        self.next_group = pbi[nsgb:]

    def cut_next(self, v: int) -> None:
        setw = self.matching.set_weight
        for g in self.next_group:
            setw(v, g, 0)

    def prune(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]]) -> int:
        return 0  # the reference method keeps every edge

    def set_edge(self, a: int, b: int, weight: int) -> None:
        self.matching.set_weight(a, b, weight)

    def cut_pairs(self, pairs: list[tuple[int, int]]) -> None:
        setw = self.matching.set_weight
        for a, b in pairs:
            setw(a, b, 0)

    def cut_parts(self, pbi: list[int], parts: tuple[list[int], ...],
                  base: list[list[int]]) -> list[tuple[int, list[int]]] | None:
        cut: list[tuple[int, int]] = []
        for part in parts:
            for b_i in range(1, len(part)):
                row = base[part[b_i]]
                a = pbi[part[b_i]]
                cut += [(a, pbi[pi2]) for pi2 in part[:b_i] if row[pi2]]
        self.cut_pairs(cut)
        return None

    def set_row(self, v: int, pairs: list[tuple[int, int]]) -> None:
        setw = self.matching.set_weight
        for u, w in pairs:
            setw(v, u, w)

    def parts_restored(self) -> None:
        pass  # (``cut_parts`` leaves the rows alone)

    def raise_duals(self, deltas: dict[int, int]) -> None:
        self.matching.raise_duals(deltas)

    def solve(self) -> list[int]:
        self.solves += 1
        mate = self.matching.solve()
        final, out = self.final, self.mate
        for v in range(self.n):
            if not final[v]:
                out[v] = mate[v]
        return out

    def value(self) -> tuple[int, int]:
        return id(self.matching), self.matching.value()

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a
        self.matching.remove([a, b])

    fix = finalize
