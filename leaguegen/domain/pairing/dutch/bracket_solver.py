"""The Dutch engine's fast solver: one bracket at a time, with a proof of optimality.

The global matching has one structure this exploits: an edge with an end outside
the current bracket's players P (MDPs, score group, next score group) still has
its completion-only weight, which is separable: ``c + phi(a) + phi(b)``
(``Criteria.player_term``). For any pairing M_PP inside P, the best completion is
therefore at most "everyone else paired, the bye (if any) on the smallest phi".
Subtracting that bound gives a matching problem on P alone (plus one vertex
standing for "the bye is in P"). Its optimum, when a completion that reaches the
bound exists (checked greedily on the real compatibility graph), is an optimum of
the global problem. If the check fails, the bracket is solved on the exact global
graph of the remaining players.

The reduced bracket (players below the bracket exist): only the bracket's own
players C (MDPs and score group) are matched. Next-group pairs (C-G and G-G
edges) carry completion + ``Criteria.next_term`` (+ the C9 change), which is
nu(a) + nu(b) per vertex; G and the rest R absorb C's unpaired players. Upper
bound for a C matching: its edges' excess over completion, plus nu of every
absorbed C player that has an edge into G ("on"), minus the parity loss m when
Y_on + G is odd (one G player without a next-group pair), plus the bye gain.
Y_on's parity is that of C, flipped by the bye being in C and by each absorbed
"off" player; the encoding counts a flip as +m when C + G is odd and as 0
otherwise (never below the truth), and a solution whose flips make that count
differ from the truth is not accepted. A completion reaching the bound proves
optimality.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from leaguegen.domain.pairing.matching import GONE, Matching

from .completion import perfect
from .criteria import Criteria, NextPairs, RowTypes

# A bracket of at least this many residents starts its matching with the pairs of
# each resident with the ``BAND`` residents above it and the ``2 * BAND + 1`` around
# its place in the other half (``_band``); the rest are priced (``_price``).
SPARSE_FROM = 96
BAND = 12
BIG_BLOSSOM = 16  # outermost blossoms of at least this many residents are classes in pricing
PRICE_EACH = 3  # pairs a resident takes in per pricing, per class, the most uncovered first


class CannotProve(Exception):
    """The fast start could not prove its answer; the exact method runs instead."""



def _tight_in_blossoms(sl: int, ca: list[tuple[int, int]] | None,
                       cb: list[tuple[int, int]] | None) -> bool:
    """Whether a pair whose ends' duals leave it tight (vertex slack ``sl`` ≤ 0) stays
    tight once the blossoms around both ends count: it does unless both ends sit in
    one outermost blossom (``ca``, ``cb``: ``Matching.blossom_chains`` of each end,
    outermost first, each entry a blossom and its running dual total) whose common
    duals lift the slack above zero. At least the outermost's dual counts, at most
    either end's total; between them, the blossoms the two chains share."""
    if ca is None or cb is None or ca[0][0] != cb[0][0]:
        return True
    if sl + 2 * ca[0][1] > 0:
        return False
    za, zb = ca[-1][1], cb[-1][1]
    if ca is cb:
        z = za
    elif sl + 2 * (za if za < zb else zb) <= 0:
        return True
    else:
        z = 0
        for x, y in zip(ca, cb, strict=False):
            if x[0] != y[0]:
                break
            z = x[1]
    return sl + 2 * z <= 0


def _shared_dual(ca: list[tuple[int, int]], cb: list[tuple[int, int]]) -> int:
    """The duals of the blossoms holding both ends of a pair (``Matching.blossom_chains``
    of each end): up to the innermost blossom the two chains share. They count twice
    in the pair's slack."""
    if ca is cb:
        return ca[-1][1]
    # The chains agree on a prefix (from the outermost in): its last entry, found
    # by bisection (nested blossoms make chains hundreds long).
    lo, hi = 0, min(len(ca), len(cb))  # ca[:lo] == cb[:lo]; they differ at hi or end there
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if ca[mid][0] == cb[mid][0]:
            lo = mid
        else:
            hi = mid
    if hi == lo + 1 and ca[lo][0] == cb[lo][0]:
        lo = hi
    return ca[lo - 1][1] if lo else 0


@dataclass(slots=True)
class Bracket:
    """What the solver holds for the bracket being paired (``begin_bracket``)."""

    players: list[int]
    """The bracket's players (MDPs, residents, next score group), by index in the
    pairing order, as the engine's ``players``."""
    rest: list[int]
    """Everyone below them, still to be paired in later brackets."""
    local: dict[int, int]
    """Player -> vertex in ``matching``."""
    matching: Matching
    """The bracket-local matching: all of ``players`` when ``rest`` is empty (the
    full mode), else the reduced problem on the bracket's own players (see the
    module docstring and ``ReducedBracket``)."""
    single: bool
    """The engine's ``single`` for this bracket (C9's terms)."""
    cut_from_next: set[int] = field(default_factory=set)
    """Bracket players that may not pair into the next score group any more
    (``cut_next``: an S2 player exchanged into S1)."""
    realized: dict[tuple, dict[int, int] | None] = field(default_factory=dict)
    """``_realize``'s answers, by which players it had to place where."""
    exact: Matching | None = None
    """The exact matching over every remaining player, once the reduced optimum
    could not be proven (``_exact``); it then answers for the rest of the bracket."""
    exact_players: list[int] = field(default_factory=list)
    """The vertices of ``exact``: the bracket's unpaired players, then ``rest``."""
    exact_local: dict[int, int] = field(default_factory=dict)
    """Player -> vertex in ``exact``."""
    next_pairs: NextPairs | None = None
    """The weights of the pairs into and inside the next score group (``load_bracket``)."""
    next_positions: range = range(0)
    """Positions in ``players`` of the next score group."""

    def in_use(self) -> tuple[Matching, dict[int, int]]:
        """The matching that answers now (``exact`` once there is one) and its vertex
        of each player."""
        if self.exact is not None:
            return self.exact, self.exact_local
        return self.matching, self.local


@dataclass(slots=True)
class ReducedBracket:
    """The reduced problem's terms (module docstring): only the bracket's own players
    C are matched; the next group G and the rest R absorb C's unpaired players.
    None in the solver while the bracket is everyone left (the full mode)."""

    own: list[int]
    """C: the bracket's own players (MDPs, then residents), vertex ``i`` is ``own[i]``."""
    next_group: list[int]
    """G: the next score group."""
    bye_vertex: int
    """The extra vertex standing for "the bye is in C" (-1: no bye this round)."""
    odd_with_next: bool
    """Whether C + G is odd (one G player is then left without a next-group pair)."""
    single_change: dict[int, int]
    """Per player of C and G: its C9 term under this bracket's ``single`` less the
    start's (``phi``)."""
    nu: dict[int, int]
    """Per player of C and G: its share of a next-group pair's excess over completion."""
    least_next_nu: int
    """m: the least ``nu`` in G (the parity loss when Y_on + G is odd)."""
    flip: int
    """What the encoding counts for a parity flip: m when C + G is odd, else 0."""
    least_phi: int
    """The least ``phi`` in G and R (where the bye goes, unless in C)."""
    least_phi_rest: list[int]
    """The players of R with that ``phi`` (the bye's candidates there)."""
    has_next_pair: dict[int, int]
    """Per player of C: 1 when it has a pair into G ("on"), else 0."""
    dirty_players: set[int]
    """Players whose every pair in C must be relaxed again (their ``on`` changed)."""
    bye_takers: list[int] = field(default_factory=list)
    """With no one below G (R empty) in a round with a bye: the players of G that can
    take the bye at the bound's cost (eligible, ``phi`` and ``nu`` both the least in G);
    the G player left out of G's pairs is then the bye (``_realize``)."""
    bye_in_c_only: bool = False
    """Neither G nor R (the round's last bracket, with the bye): the bye is in C, on an
    eligible player; the bye vertex's pairs weigh a constant above every pair's, less
    ``phi`` (``_reduced_flush``)."""
    dirty_pairs: set[int] = field(default_factory=set)
    """Pair keys (as in ``weights``) edited since the last solve, to relax again."""
    first_solve: bool = True
    """Before the bracket's first solve, which builds every C-C edge in one pass."""
    mdps: int = 0
    """How many MDPs head ``own`` (``load_bracket``)."""
    start_duals: list[int] | None = None
    """The first solve's start duals, when not the usual heaviest-edge ones."""
    unread_rows: list[list[int]] | None = None
    """The rows loaded by ``load_bracket``, until the first solve reads them."""
    rows: list[list[int]] = field(default_factory=list)
    """The engine's rows, read in place while ``BracketSolver.rows_lazy``."""
    carried: list[int] = field(default_factory=list)
    """The pair keys in ``weights`` when the rows were loaded (pairs among the MDPs)."""
    types: RowTypes | None = None
    """The rows' types, while the matching holds only some of the residents' pairs
    (``BracketSolver.sparse``): the others are priced after every solve."""
    bound: list[list[int]] = field(default_factory=list)
    """``types.bound()``: the largest row weight of a pair by its ends' types."""
    side: list[int] | None = None
    """Per position in C, after ``cut_parts``: which part it is in (-1: none); two
    players of one part are no pair (their rows are zeroed)."""
    priced: dict[int, tuple[int, object]] | None = None
    """After a pricing that added nothing: per resident position, its key and its
    blossoms' signature then (``_price`` reads again only the pairs of those that
    changed)."""


class BracketSolver:
    """Bracket-local matching with a completion proof (see the module docstring).

    Round-wide state: ``final``/``mate`` (the pairs fixed and the latest optimum,
    by player), ``phi`` (each player's completion term) and ``pair_constant`` (the
    completion weight is ``pair_constant + phi[a] + phi[b]``), ``weights`` (the
    un-relaxed weight of every pair edited so far), ``completions`` (``_perfect``'s
    answers). Per bracket: ``bracket`` (``Bracket``) and, in the reduced mode,
    ``reduced`` (``ReducedBracket``).
    """

    def __init__(self, crit: Criteria, flat_prune: bool = True, sparse: bool = True):
        self.crit = crit
        # Prune by one pass over the matching's edges where it can (``DutchOptions``).
        self.flat_prune = flat_prune
        # A large bracket's matching starts with a few pairs per player, the rest
        # priced after each solve (``_price``; ``DutchOptions.sparse``).
        self.sparse = sparse
        self.order = crit.order
        self.n = n = len(crit.order)
        self.final = [False] * n
        self.mate = list(range(n))
        self.solves = 0
        self.fallbacks = 0  # brackets handed to the exact graph of the remaining players
        self.pruned = 0  # pairs dropped by ``prune``
        self.bracket = Bracket([], [], {}, Matching(0), False)
        self.reduced: ReducedBracket | None = None
        self.completions: dict[tuple, dict[int, int] | None] = {}  # ``_perfect``'s answers
        # The reduced matching's duals are those of its last solve, which was accepted,
        # with only fixed pairs removed since (``optimal_duals``).
        self.duals_ok = False
        # ``optimal_duals``' answer, by the solve it was made after.
        self.duals_of: tuple[int, tuple[dict[int, int], dict[int, int], int] | None] = (-1, None)

    # ------------------------------------------------------------ start
    def start(self) -> tuple[int, bool, dict[int, int]]:
        """Bye score, initial ``single`` and C9 ranks, each proven by a completion."""
        order, n = self.order, self.n
        top = order[0].score
        ranks: dict[int, int] = {}
        single = False
        if n % 2 == 0:
            if self._perfect(list(range(n))) is None:
                raise CannotProve
            bye_score = 0
        else:
            elig = [v for v in range(n) if order[v].eligible]
            if not elig:
                raise CannotProve
            bye_score = min(order[v].score for v in elig)
            cands = [v for v in reversed(elig) if order[v].score == bye_score][:4]
            proven = False
            if bye_score >= top:
                tops = [v for v in range(n) if order[v].score >= top]
                if len(tops) % 2 == 1:
                    rest = [v for v in range(n) if order[v].score < top]
                    if self._perfect(rest) is None:
                        raise CannotProve
                    for x in cands:
                        if self._perfect([v for v in tops if v != x]) is not None:
                            single = proven = True
                            break
                    if not single:
                        raise CannotProve
            if not proven:
                for x in cands:
                    if self._perfect([v for v in range(n) if v != x]) is not None:
                        proven = True
                        break
                if not proven:
                    raise CannotProve
            counts = sorted(
                (p.played_games for p in order if p.score == bye_score), reverse=True)
            for r, cnt in enumerate(counts):
                ranks[cnt] = r
        crit = self.crit
        self.pair_constant = crit.pair_constant
        self.init_single = single
        self.bye_score, self.ranks = bye_score, ranks
        self.phi = [crit.player_term(p, bye_score, single, ranks) for p in order]
        # Un-relaxed weights of the pairs edited so far, by key ``a * n + b`` (a < b).
        # ``rows_lazy``: the bracket's loaded rows are not in it (``load_bracket``).
        self.weights: dict[int, int] = {}
        self.rows_lazy = False
        return bye_score, single, ranks

    def _completion_weight(self, a: int, b: int) -> int:
        if not self.crit.compatible(self.order[a], self.order[b]):
            return 0
        return self.pair_constant + self.phi[a] + self.phi[b]

    # ------------------------------------------------------------ a bracket
    def begin_bracket(self, pbi: list[int], it: int, nsgb: int, single: bool) -> None:
        """A new bracket: ``pbi`` its players (the bracket proper is ``pbi[:nsgb]``),
        everyone from ``it`` on in the pairing order below it. The weights carried
        over are those among its players. Reduced mode when anyone is below, or
        when the next score group is the last one and the round has no bye (issue
        33: the bracket above the last group then matched every player of both,
        the last group's dense pairs included; the reduced problem's bound holds
        with R empty, and ``_realize`` proves it by pairing the next group inside
        itself, as it does anyway)."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        P = list(pbi)
        R = list(range(it, self.n))
        keep = set(P)
        N = self.n
        if self.rows_lazy:
            self.weights = self._carried(keep)
        else:
            self.weights = {k: w for k, w in self.weights.items()
                            if k // N in keep and k % N in keep}
        self.rows_lazy = False
        if R or len(P) % 2 == 0 or self.sparse:
            # (With the bye and no one below, issue 33: ``_reduced_begin`` puts the bye
            # in G, or in C when G is empty too; ``sparse`` off keeps the full mode.)
            self._reduced_begin(P, nsgb, R, single)
            return
        self.reduced = None
        self.bracket = Bracket(P, R, {v: i for i, v in enumerate(P)},
                               Matching(len(P), greedy_stages=True), single)
        wx = self.weights
        for key, w in list(wx.items()):
            self._set(*divmod(key, self.n), w)
        for i in range(len(P)):
            a = P[i]
            for j in range(i):
                b = P[j]
                if (a * N + b if a < b else b * N + a) not in wx:
                    self.bracket.matching.set_weight(i, j, self._completion_weight(a, b))

    def _reduced_begin(self, P: list[int], nsgb: int, R: list[int], single: bool) -> None:
        """The reduced problem of the bracket ``P[:nsgb]`` (C), next group ``P[nsgb:]``
        (G) and rest ``R``: its terms (module docstring) and its matching."""
        order, phi, crit = self.order, self.phi, self.crit
        C, G = P[:nsgb], P[nsgb:]
        nc = len(C)
        odd = (len(C) + len(G) + len(R)) % 2 == 1
        self.bracket = Bracket(P, R, {v: i for i, v in enumerate(C)},
                               Matching(nc + odd, greedy_stages=True), single)
        odd_with_next = (len(C) + len(G)) % 2 == 1
        bye_score, ranks = self.bye_score, self.ranks
        # The C9 terms of this bracket's ``single`` against the start's.
        change = {v: crit.player_term(order[v], bye_score, single, ranks) - phi[v]
                  for v in C + G}
        # A next-group pair (h, lo) weighs completion + next_term(h) + the C9 change:
        # split as nu(h) + nu(lo), with half of a G player's next term on each G end.
        # (The last bracket of a round without a bye has neither G nor R: nothing
        # absorbs a player of C, so only a perfect matching of C is accepted.)
        half = crit.next_term(order[G[0]]) >> 1 if G else 0
        nu = {}
        for g in G:
            nu[g] = half + change[g]
        for v in C:
            nu[v] = crit.next_term(order[v]) - half + change[v]
        least_nu = min((nu[g] for g in G), default=0)
        least_phi = min((phi[v] for v in R + G), default=0)
        takers: list[int] = []
        alone = odd and not R and not G
        if odd and not R:
            if G:
                takers = [g for g in G if order[g].eligible and phi[g] == least_phi
                          and nu[g] == least_nu]
            else:
                # The bye is in C: its vertex's pair with an eligible player weighs
                # more than any pair (so every optimum has it), less that player's phi.
                least_phi = self.pair_constant << 2
        self.reduced = ReducedBracket(
            own=C, next_group=G, bye_vertex=nc if odd else -1, odd_with_next=odd_with_next,
            single_change=change, nu=nu, least_next_nu=least_nu,
            flip=least_nu if odd_with_next else 0, least_phi=least_phi,
            least_phi_rest=[r for r in R if phi[r] == least_phi],
            has_next_pair=dict.fromkeys(C, 0), dirty_players=set(C), bye_takers=takers,
            bye_in_c_only=alone)
        wx = self.weights
        for key, w in list(wx.items()):
            self._set(*divmod(key, self.n), w)

    def load_bracket(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]],
                     nxt: NextPairs, types: RowTypes | None = None) -> None:
        """The bracket's weights: ``base`` (the engine's rows) and ``nxt`` (the pairs
        into and inside the next score group); ``types``: what ``base`` is made of
        (a large bracket's matching then starts with a few pairs per player)."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        self.bracket.next_pairs = nxt
        self.bracket.next_positions = range(nsgb, len(pbi))
        red = self.reduced
        if red is not None:
            red.mdps = sgb
            # Pairs into and inside the next score group stay implicit (completion +
            # next term, when compatible): a bracket player only needs to know
            # whether it has one.
            if red.first_solve and all(pbi[i] < pbi[i + 1] for i in range(nsgb - 1)):
                # The rows stay where they are: ``weights`` holds the pairs among the
                # MDPs (carried from the bracket before) and, from now on, every
                # pair edited; any other pair of C weighs what its row says
                # (``_wget``). The engine changes a row only with an edit of the
                # same pair, so the two never disagree.
                red.unread_rows = red.rows = base
                red.carried = list(self.weights)
                self.rows_lazy = True
                if types is not None and self.sparse and nsgb - sgb >= SPARSE_FROM:
                    red.types = types
                    red.bound = types.bound()
            else:
                for li in range(sgb, nsgb):
                    self.set_row(pbi[li], list(zip(pbi, base[li], strict=False)))
            on, ok = red.has_next_pair, nxt.ok
            for ci in range(nsgb):
                if any(ok(ci, gi) for gi in self.bracket.next_positions):
                    on[pbi[ci]] = 1
            return
        weight = nxt.weight
        for li in range(sgb, len(pbi)):
            lv = pbi[li]
            if li < nsgb:
                for si, wt in enumerate(base[li]):
                    self.set_edge(lv, pbi[si], wt)
            else:
                for si in range(li):
                    self.set_edge(lv, pbi[si], weight(si, li))

    def _wget(self, key: int) -> int | None:
        """A pair's weight in ``weights``, or (``rows_lazy``) in the loaded rows."""
        w = self.weights.get(key)
        if w is None and self.rows_lazy:
            a, b = divmod(key, self.n)
            loc = self.bracket.local
            la, lb = loc.get(a), loc.get(b)
            if la is not None and lb is not None:
                if la < lb:
                    la, lb = lb, la
                red = self.reduced
                assert red is not None
                if la >= red.mdps:
                    return red.rows[la][lb]
        return w

    def _full_weights(self, keep: set[int] | None = None) -> dict[int, int]:
        """``weights`` as it would be with the loaded rows written into it
        (``rows_lazy``), in the same order (the carried pairs, then the rows' pairs
        row by row), for the pairs among ``keep`` (all when None)."""
        red = self.reduced
        assert red is not None
        wx, frows, N = self.weights, red.rows, self.n
        C = red.own
        out: dict[int, int] = {}
        for key in red.carried:
            if keep is None or (key // N in keep and key % N in keep):
                out[key] = wx[key]
        pos = [i for i, v in enumerate(C) if keep is None or v in keep]
        for hi_i, li in enumerate(pos):
            if li < red.mdps:
                continue
            row = frows[li]
            b = C[li]
            for si in pos[:hi_i]:
                key = C[si] * N + b  # (C is in vertex order)
                w = wx.get(key)
                out[key] = row[si] if w is None else w
        return out

    def _carried(self, keep: set[int]) -> dict[int, int]:
        """The pairs of ``weights`` among ``keep`` for the next bracket, from a lazy one."""
        return self._full_weights(keep)

    def cut_next(self, v: int) -> None:
        """No pair of ``v`` into the next score group any more."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        br, red = self.bracket, self.reduced
        br.cut_from_next.add(v)
        G = br.players[br.next_positions.start:]
        if br.exact is not None:
            loc = br.exact_local
            for g in G:
                self.weights[v * self.n + g if v < g else g * self.n + v] = 0
                br.exact.set_weight(loc[v], loc[g], 0)
        elif red is None:
            for g in G:
                self._set(v, g, 0)
        elif red.has_next_pair[v]:
            red.has_next_pair[v] = 0
            red.dirty_players.add(v)

    # ------------------------------------------------------------ edits
    def set_edge(self, a: int, b: int, w: int) -> None:
        """The (un-relaxed) weight of the pair ``a``-``b`` is ``w`` from now on."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        red = self.reduced
        if red is not None and self.bracket.exact is None:
            # The common case of ``_set``, first: a pair inside C.
            loc = self.bracket.local
            if a in loc and b in loc:
                key = a * self.n + b if a < b else b * self.n + a
                self.weights[key] = w
                red.dirty_pairs.add(key)
                return
        self._set(a, b, w)

    def set_row(self, v: int, pairs: list[tuple[int, int]]) -> None:
        """``set_edge(v, u, w)`` for every ``(u, w)`` of ``pairs``, in one pass.

        The engine re-weights whole brackets (the remainder's S1 bonus, the frozen
        split, each S1 player's nudges). For pairs inside the reduced bracket the
        relaxed weight goes straight to the matching (the value ``_reduced_flush``
        would compute: a later change of an end's ``on`` re-flushes its pairs).
        """
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        br, red = self.bracket, self.reduced
        if red is None or br.exact is not None or v not in br.local:
            for u, w in pairs:
                self.set_edge(v, u, w)
            return
        loc, wx, N = br.local, self.weights, self.n
        if red.first_solve:
            # Before the bracket's first solve: every pair is built from ``weights``.
            for u, w in pairs:
                if u not in loc:
                    self._set(v, u, w)
                    continue
                wx[v * N + u if v < u else u * N + v] = w
            return
        final, phi, on, nu, flip = self.final, self.phi, red.has_next_pair, red.nu, red.flip
        pending, lv, m = br.matching.pending, loc[v], br.matching.n
        vfinal = final[v]
        cut_v = self.pair_constant + phi[v] + (nu[v] if on[v] else flip)
        for u, w in pairs:
            lu = loc.get(u)
            if lu is None:
                self._set(v, u, w)
                continue
            wx[v * N + u if v < u else u * N + v] = w
            if vfinal or final[u]:
                continue
            if w:
                w -= cut_v + phi[u] + (nu[u] if on[u] else flip)
                if w < 0:
                    w = 0
            pending[lv * m + lu if lv < lu else lu * m + lv] = w  # (``Matching.key``)

    def _set(self, a: int, b: int, w: int) -> None:
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        key = a * self.n + b if a < b else b * self.n + a
        br, red = self.bracket, self.reduced
        self.weights[key] = w
        if br.exact is not None:
            br.exact.set_weight(br.exact_local[a], br.exact_local[b], w)
            return
        if red is None:
            br.matching.set_weight(br.local[a], br.local[b], w)
            return
        # Reduced: only pairs inside C are edited (the next group: ``cut_next``).
        assert a in br.local and b in br.local, "a pair outside the reduced bracket"
        red.dirty_pairs.add(key)

    def cut_parts(self, pbi: list[int], parts: tuple[list[int], ...],
                  base: list[list[int]]) -> list[tuple[int, list[int]]] | None:
        """``cut_pairs`` of every pair inside each part (positions in ``pbi``, in
        order) whose row weight is not zero, higher first; in the reduced bracket,
        whose vertex ``i`` is ``pbi[i]``, straight from the positions.

        With the rows not in ``weights`` (``rows_lazy``) the pairs are zeroed in ``base``
        itself, as the split's freeze does, instead of in ``weights``; returns the rows
        as they were, for the caller to put back if the split does not hold (None:
        ``base`` was not changed)."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        br, red = self.bracket, self.reduced
        nsgb = len(br.local)
        if not (br.exact is None and red is not None and red.own == pbi[:nsgb]
                and not red.dirty_pairs and not br.matching.pending):
            cut: list[tuple[int, int]] = []
            for part in parts:
                for b_i in range(1, len(part)):
                    oi = part[b_i]
                    row = base[oi]
                    a = pbi[oi]
                    cut += [(a, pbi[pi2]) for pi2 in part[:b_i] if row[pi2]]
            self.cut_pairs(cut)
            return None
        m, wx, N, lazy = self.bracket.matching, self.weights, self.n, self.rows_lazy
        nb, mate, edges, free_ids = m.nb, m.mate, m.edges, m.free_ids
        if lazy and red.types is not None:
            side = [-1] * nsgb
            for k, part in enumerate(parts):
                for la in part:
                    side[la] = k
            red.side = side
        cycle = m.cycle_edges()
        slow: list[tuple[int, int]] = []
        saved: list[tuple[int, list[int]]] = []
        for part in parts:
            for b_i in range(1, len(part)):
                la = part[b_i]
                row = base[la]
                if lazy:
                    saved.append((la, row[:]))
                nba = nb[la]
                for lb in part[:b_i]:
                    if not row[lb]:
                        continue
                    p = nba.get(lb)
                    if lazy:
                        row[lb] = 0
                        if p is None:
                            continue  # (not in the matching: nothing else to do)
                    else:
                        a, b = pbi[la], pbi[lb]
                        if p is None:
                            slow.append((a, b))
                            continue
                        wx[a * N + b if a < b else b * N + a] = 0
                    if mate[la] == p or (p >> 1) in cycle:
                        slow.append((pbi[la], pbi[lb]))
                        continue
                    del nba[lb]  # (as in ``cut_pairs``)
                    del nb[lb][la]
                    k = p >> 1
                    free_ids.append(k)
                    edges[k] = GONE
        for a, b in slow:
            self.set_edge(a, b, 0)
        return saved if lazy else None

    def cut_pairs(self, pairs: list[tuple[int, int]]) -> None:
        """``set_edge(a, b, 0)`` for every pair of the bracket in ``pairs``, right after a
        solve. A pair that is neither matched nor on a blossom's cycle leaves the
        matching at once (``Matching.drop_edges``: its solution stays valid and
        nothing is freed); the others go through the usual repair."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        if self.bracket.exact is not None:
            for a, b in pairs:
                self._set(a, b, 0)
            return
        m, loc, wx, N = self.bracket.matching, self.bracket.local, self.weights, self.n
        nb, mate, pending, edges, free_ids = m.nb, m.mate, m.pending, m.edges, m.free_ids
        cycle = m.cycle_edges()
        dirty = self.reduced.dirty_pairs if self.reduced is not None else ()
        check = bool(dirty) or bool(pending)  # (both empty right after a solve)
        slow: list[tuple[int, int]] = []
        for a, b in pairs:
            key = a * N + b if a < b else b * N + a
            la = loc[a]
            lb = loc[b]
            nba = nb[la]
            p = nba.get(lb)
            if p is None or check and (key in dirty or m.key(la, lb) in pending):
                slow.append((a, b))
                continue
            wx[key] = 0
            if mate[la] == p or (p >> 1) in cycle:
                slow.append((a, b))
                continue
            # Out of the matching (``Matching.drop_edges``, inlined).
            del nba[lb]
            del nb[lb][la]
            k = p >> 1
            free_ids.append(k)
            edges[k] = GONE
        for a, b in slow:
            self.set_edge(a, b, 0)

    def raise_duals(self, deltas: dict[int, int]) -> None:
        """Warm-start hint for a re-weighting: see ``Matching.raise_duals``."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        m, loc = self.bracket.in_use()
        m.raise_duals({loc[v]: d for v, d in deltas.items() if v in loc})

    def fix(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good between brackets (no matching holds them)."""
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a

    def finalize(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good: out of the matching in use."""
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a
        m, loc = self.bracket.in_use()
        m.remove([loc[a], loc[b]])

    def prune(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]]) -> int:
        """Drop the bracket's pairs that no optimum of this bracket can use: those with
        positive slack under the optimal duals of its first solve. Zeroes them in
        ``base`` (the engine then skips them) and in the matching; returns how many.

        Why no later solve of the bracket needs them: every later weight is a base
        weight plus a nudge in the free low bits (or 0), and the nudges of a matching
        sum to less than the step between two base weights, so every later optimum is
        an optimum of the base weights on the edges still there. The engine only
        zeroes edges the current optimum does not use, so that base optimum keeps its
        first value. A pair with positive slack is in no matching of that value (its
        weight falls short of the dual bound), in the reduced problem and hence in
        the global one. The slack counts the duals of the blossoms holding both ends
        (``Matching.blossom_chains``): in an odd bracket the optimum often sits in
        one blossom around nearly everyone, where the vertex duals alone leave every
        pair tight.
        """
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        m, loc = self.bracket.in_use()
        dv, nb, edges = m.dualvar, m.nb, m.edges
        chains = m.blossom_chains()
        wx, N = self.weights, self.n
        drop: list[tuple[int, int]] = []
        lpos = [loc.get(v) for v in pbi[:nsgb]]
        if (self.flat_prune and self.bracket.exact is None and self.reduced is not None
                and lpos == list(range(nsgb))):
            # The reduced bracket, whose vertex ``i`` is ``pbi[i]``: one pass over the
            # matching's edges (``(i, j, 2 w)``, ``i < j``) instead of every pair
            # of the rows; the same pairs dropped, in the rows' order.
            for i, j, w2 in edges:
                if not w2 or j >= nsgb or j < sgb:
                    continue  # (a dropped edge, the bye's vertex, two MDPs)
                sl = dv[i] + dv[j] - w2
                if sl <= 0:
                    # (``_tight_in_blossoms``' first answers, without the call)
                    cj = chains[j]
                    if cj is None:
                        continue
                    ci = chains[i]
                    if ci is None or ci[0][0] != cj[0][0] or (
                            ci is cj and sl + 2 * ci[0][1] <= 0 and sl + 2 * ci[-1][1] <= 0) or (
                            ci is not cj and _tight_in_blossoms(sl, cj, ci)):
                        continue
                if base[j][i]:
                    drop.append((j, i))
            drop.sort()
            for j, i in drop:
                base[j][i] = 0
                a, b = pbi[j], pbi[i]
                wx[a * N + b if a < b else b * N + a] = 0
            m.drop_edges(drop)
            self.pruned += len(drop)
            return len(drop)
        for li in range(sgb, nsgb):
            la = lpos[li]
            if la is None:
                continue
            a = pbi[li]
            row = base[li]
            da = dv[la]
            nba = nb[la]
            for si, wt in enumerate(row):
                if not wt:
                    continue
                lb = lpos[si]
                if lb is None:
                    continue
                p = nba.get(lb)
                if p is None:
                    continue
                sl = da + dv[lb] - edges[p >> 1][2]  # (weights stored doubled)
                if sl <= 0 and _tight_in_blossoms(sl, chains[la], chains[lb]):
                    continue
                row[si] = 0
                b = pbi[si]
                wx[a * N + b if a < b else b * N + a] = 0
                drop.append((la, lb))
        # Out of the matching at once: the solution stays optimal without them.
        m.drop_edges(drop)
        pruned = len(drop)
        self.pruned += pruned
        return pruned

    # ------------------------------------------------------------ solving
    def _build_reduced(self, red: ReducedBracket) -> None:
        """The bracket's first solve: every C-C edge relaxed into the fresh matching
        in one pass, from ``weights`` and the loaded rows, with start duals that
        suit a bracket with MDPs (below)."""
        loc, final, rm = self.bracket.local, self.final, self.bracket.matching
        C = red.own
        on, nu, flip, phi = red.has_next_pair, red.nu, red.flip, self.phi
        N = self.n
        # First solve of the bracket: every C-C edge, in one pass.
        red.first_solve = False
        live = [v for v in C if not final[v]]
        wx, fc = self.weights, self.pair_constant
        bl = {v: phi[v] + (nu[v] if on[v] else flip) for v in live}
        # (Straight into the fresh matching's edge table: ``Matching.fresh_arrays``.)
        edges, endpoint, nb = rm.fresh_arrays()
        m = rm.n
        top = [0] * m
        nmdp = red.mdps
        # With MDPs: a resident's heaviest pair is usually with an MDP (C7 counts
        # the higher score), so under the heaviest-edge start every resident sits
        # at that weight and nearly all stay free. Start instead from each
        # resident's heaviest pair with another resident, and twice each MDP's
        # heaviest pair (feasible on every pair it is in): the residents then
        # start as a bracket without MDPs does. Without MDPs: the heaviest edges.
        mdp = {loc[v] for v in C[:nmdp]}
        # The loaded rows are the weights in ``weights`` of every pair with a resident
        # (``load_bracket``), read without a lookup per pair.
        rows, red.unread_rows = red.unread_rows, None
        if len(live) != len(C):
            rows = None
        # The MDPs' rows first (their pairs among themselves, from ``weights``),
        # then the residents', in C's order.
        live_rows = live[:nmdp] if rows is not None else live
        for i, a in enumerate(live_rows):
            la, ba = loc[a], bl[a] + fc
            nba = nb[la]
            a_mdp = la in mdp
            ta = top[la]
            earlier = live[:i]
            ws = [wx.get(b * N + a if b < a else a * N + b) for b in earlier]
            for b, w in zip(earlier, ws, strict=True):
                if w:
                    e = w - ba - bl[b]
                    if e > 0:
                        lb = loc[b]  # (< la: ``live`` is in C's order)
                        k = len(edges)
                        edges.append((lb, la, e + e))
                        endpoint.append(lb)
                        endpoint.append(la)
                        nb[lb][la] = 2 * k + 1
                        nba[lb] = 2 * k
                        if nmdp and (a_mdp or lb in mdp):
                            e += e
                            if a_mdp and e > ta:
                                ta = e
                            if lb in mdp and e > top[lb]:
                                top[lb] = e
                            continue
                        if e > ta:
                            ta = e
                        if e > top[lb]:
                            top[lb] = e
            top[la] = ta
        if rows is not None:
            # Every player live: ``loc`` is the position in C, the rows are
            # read with lists (no dict lookup per pair) and the edges numbered
            # as they are made.
            bll = [bl[v] for v in live]
            k2 = 2 * len(edges)
            eappend, pappend = edges.append, endpoint.append
            starts = None
            if not nmdp:
                starts = [0] * (len(live) + 1)  # (``Matching.set_rows``)
            band = self._band(nmdp, len(live)) if red.types is not None else None
            for la in range(nmdp, len(live)):
                if starts is not None:
                    starts[la] = k2 >> 1
                ba = bll[la] + fc
                nba = nb[la]
                ta = top[la]
                ws = rows[la]
                for lb in range(nmdp):
                    # (an MDP: its heaviest pair counts twice at its end)
                    w = ws[lb]
                    if w:
                        e = w - ba - bll[lb]
                        if e > 0:
                            eappend((lb, la, e + e))
                            pappend(lb)
                            pappend(la)
                            nb[lb][la] = k2 + 1
                            nba[lb] = k2
                            k2 += 2
                            if e + e > top[lb]:
                                top[lb] = e + e
                for lb in (range(nmdp, la) if band is None else band(la)):
                    w = ws[lb]
                    if w:
                        e = w - ba - bll[lb]
                        if e > 0:
                            eappend((lb, la, e + e))
                            pappend(lb)
                            pappend(la)
                            nb[lb][la] = k2 + 1
                            nba[lb] = k2
                            k2 += 2
                            if e > ta:
                                ta = e
                            if e > top[lb]:
                                top[lb] = e
                top[la] = ta
            if starts is not None:
                starts[len(live)] = k2 >> 1
                rm.set_rows(starts)
        red.start_duals = top
        red.dirty_pairs.clear()

    @staticmethod
    def _band(first: int, end: int) -> Callable[[int], Iterable[int]]:
        """The residents (positions ``first`` to ``end - 1``) a resident's matching
        starts with, lower positions only, ascending: the ``BAND`` above it and those
        around its place in the other half (where S1-S2 pairs are)."""
        half = (end - first) // 2

        def band(la: int) -> Iterable[int]:
            near = max(first, la - BAND)
            lo, hi = max(first, la - half - BAND), min(near, la - half + BAND + 1)
            if hi <= lo:
                return range(near, la)
            if hi >= near:
                return range(lo, la)
            return itertools.chain(range(lo, hi), range(near, la))

        return band

    def _price(self, red: ReducedBracket) -> int:
        """Add to the matching every resident pair it leaves out whose relaxed weight
        the optimal duals do not cover (``BracketSolver.sparse``); returns how many.

        The pairs left out weigh what their rows say. A row weight is at most
        ``red.bound`` of its ends' types, so a pair with ``key[a] + key[b] >=
        2 (bound - c)``, ``key[v]`` being ``v``'s doubled dual plus twice what the
        relaxation takes off at ``v``, is covered without reading its row: per pair
        of classes (type, part) the residents are sorted by key and only the pairs
        below the threshold are read. Blossom duals are left out of the test (they
        only add to a pair's slack), so a pair may be added that was covered. When
        nothing is added the duals are feasible on every pair: the optimum of the
        pairs in the matching is the optimum of the whole bracket."""
        br = self.bracket
        m = br.matching
        dv, nb = m.dualvar, m.nb
        C, rows, final, N = red.own, red.rows, self.final, self.n
        on, nu, flip, phi = red.has_next_pair, red.nu, red.flip, self.phi
        fc, wx = self.pair_constant, self.weights
        of, bound, side = red.types.of, red.bound, red.side  # type: ignore[union-attr]
        chains = m.blossom_chains()
        # A large outermost blossom is a class of its own: its dual counts twice on
        # every pair inside it, so such pairs meet a lower threshold.
        outer_size: dict[int, int] = {}
        for ch in chains:
            if ch is not None:
                outer_size[ch[0][0]] = outer_size.get(ch[0][0], 0) + 1
        big = {b: 2 * m.dualvar[b] for b, k in outer_size.items() if k >= BIG_BLOSSOM}
        groups: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        cut = [0] * len(C)  # (what the relaxation takes off at each position, doubled)
        for la in range(red.mdps, len(C)):
            v = C[la]
            if final[v]:
                continue
            c2 = 2 * (phi[v] + (nu[v] if on[v] else flip))
            cut[la] = c2
            ch = chains[la]
            cls = (of[la], side[la] if side is not None else -1,
                   ch[0][0] if ch is not None and ch[0][0] in big else -1)
            groups.setdefault(cls, []).append((dv[la] + c2, la))
        for g in groups.values():
            g.sort()
        classes = list(groups)
        # Since the last pricing that added nothing, a pair's slack can only have
        # fallen if one of its ends' key fell or the blossoms around it changed (a
        # blossom's dual changes only while it is outermost, and then every member's
        # running total with it; blossoms are made and expanded at dual zero): only
        # the pairs of those residents are read again, when they are few.
        sig = {la: (len(ch), ch[-1]) if ch is not None else None
               for g in groups.values() for _k, la in g for ch in (chains[la],)}
        keys = {la: k for g in groups.values() for k, la in g}
        before = red.priced
        sources: list[tuple[tuple[int, int, int], list[tuple[int, int]], list, bool]] = []
        if before is not None:
            moved: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
            count = 0
            for c1, g in groups.items():
                for k, la in g:
                    old = before.get(la)
                    if old is None or k < old[0] or sig[la] != old[1]:
                        moved.setdefault(c1, []).append((k, la))
                        count += 1
            if count * 4 > len(keys):
                before = None
            else:
                sources = [(c1, g, classes, False) for c1, g in moved.items()]
        if before is None:
            sources = [(c1, groups[c1], classes[i:], True) for i, c1 in enumerate(classes)]
        shared: dict[tuple[int, int], int] = {}  # (``_shared_dual`` by pair of chains)
        added = 0
        setw = m.set_weight
        for c1, g1, others, once in sources:
            for c2 in others:
                if c1[1] >= 0 and c1[1] == c2[1]:
                    continue  # (one part: no pair)
                w = bound[c1[0]][c2[0]]
                if not w:
                    continue
                thr = 2 * (w - fc)
                if c1[2] >= 0 and c1[2] == c2[2]:
                    thr -= big[c1[2]]
                g2 = groups[c2]
                if g1[0][0] + g2[0][0] >= thr:
                    continue
                least2 = g2[0][0]
                for ka, la in g1:
                    if ka + least2 >= thr:
                        break
                    nba, rowa, a = nb[la], rows[la], C[la]
                    room = PRICE_EACH
                    for kb, lb in g2:
                        if not room:
                            break
                        if ka + kb >= thr:
                            break
                        if lb == la or lb in nba or (once and c1 == c2 and lb < la):
                            continue
                        b = C[lb]
                        if (a * N + b if a < b else b * N + a) in wx:
                            continue  # (edited: in the matching as edited)
                        wt = rowa[lb] if lb < la else rows[lb][la]
                        if not wt:
                            continue
                        e = wt - fc - ((cut[la] + cut[lb]) >> 1)
                        sl = dv[la] + dv[lb] - e - e
                        if sl >= 0 or e <= 0:
                            continue
                        ca, cb = chains[la], chains[lb]
                        if ca is not None and cb is not None and ca[0][0] == cb[0][0]:
                            # (the blossoms around both ends: their duals count twice)
                            ka2 = (id(ca), id(cb))
                            z = shared.get(ka2)
                            if z is None:
                                z = shared[ka2] = _shared_dual(ca, cb)
                            if sl + 2 * z >= 0:
                                continue
                        setw(la, lb, e)
                        added += 1
                        room -= 1
        red.priced = None if added else {la: (k, sig[la]) for la, k in keys.items()}
        return added

    def parts_restored(self) -> None:
        """The rows ``cut_parts`` zeroed are back as they were (the split did not
        hold): two players of one part may pair again."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        if self.reduced is not None:
            self.reduced.side = None
            self.reduced.priced = None  # (their pairs were never priced)

    def _reduced_flush(self) -> None:
        """Bring the reduced matching up to date before a solve: relax the pairs
        edited since the last one, and every pair and the bye vertex's pair of a
        player whose ``on`` changed (the first solve builds everything at once)."""
        red = self.reduced
        assert red is not None
        loc, final, rm = self.bracket.local, self.final, self.bracket.matching
        C = red.own
        on, nu, flip, phi = red.has_next_pair, red.nu, red.flip, self.phi
        dirty = red.dirty_pairs
        N = self.n
        if red.first_solve:
            self._build_reduced(red)
        else:
            for v in red.dirty_players:
                if final[v]:
                    continue
                for u in C:
                    if u != v and not final[u]:
                        dirty.add(u * N + v if u < v else v * N + u)
        start, red.start_duals = red.start_duals, None
        if red.bye_vertex >= 0:
            beta = red.bye_vertex
            order = self.order
            for v in red.dirty_players:
                if not final[v]:
                    g = red.least_phi - phi[v] + flip - (nu[v] if on[v] else flip)
                    if red.bye_in_c_only and not order[v].eligible:
                        g = 0
                    rm.set_weight(loc[v], beta, g if g > 0 else 0)
                    if start is not None and g > 0:
                        # (the bye vertex's pairs: heaviest-edge duals at both ends)
                        lv = loc[v]
                        if g > start[lv]:
                            start[lv] = g
                        if g > start[beta]:
                            start[beta] = g
        if start is not None:
            rm.set_start(start)
        red.dirty_players = set()
        # The relaxed weight of a C-C pair: its excess over completion, less each
        # end's nu (or the flip count). The same formula as the first pass above,
        # written out here because this loop runs over whole brackets.
        wx, fc, setw = self.weights, self.pair_constant, rm.set_weight
        wget = self._wget if self.rows_lazy else wx.get
        for key in dirty:
            a, b = divmod(key, N)
            if final[a] or final[b]:
                continue
            w = wget(key)
            if w:
                w -= (fc + phi[a] + phi[b] + (nu[a] if on[a] else flip)
                      + (nu[b] if on[b] else flip))
                if w < 0:
                    w = 0
            else:
                w = 0
            setw(loc[a], loc[b], w)
        dirty.clear()

    def solve(self) -> list[int]:
        """The optimum of the current weights: ``mate[v]`` is ``v``'s partner (``v``
        itself: single). Reduced: accepted only when ``_realize`` finds a
        completion reaching its bound; otherwise the exact matching answers."""
        self.solves += 1
        mate, final = self.mate, self.final
        br, red = self.bracket, self.reduced
        if br.exact is None and red is None:
            ml = br.matching.solve()
            P = br.players
            for i, v in enumerate(P):
                if not final[v]:
                    mate[v] = P[ml[i]]
            return mate
        if br.exact is None:
            assert red is not None
            self._reduced_flush()
            ml = br.matching.solve()
            if red.types is not None:
                while self._price(red):
                    ml = br.matching.solve()
            C = red.own
            beta, on = red.bye_vertex, red.has_next_pair
            yon: list[int] = []
            yoff: list[int] = []
            bye_in_c = False
            for i, v in enumerate(C):
                if final[v]:
                    continue
                j = ml[i]
                if j == i:
                    (yon if on[v] else yoff).append(v)
                elif j == beta:
                    mate[v] = v
                    bye_in_c = True
                else:
                    mate[v] = C[j]
            flips = len(yoff) + bye_in_c
            tight = flips <= 1 if red.odd_with_next else flips % 2 == 0
            real = self._realize(yon, yoff, bye_in_c) if tight else None
            if real is not None:
                for v, u in real.items():
                    mate[v] = u
                self.duals_ok = True
                return mate
        if br.exact is None:
            self._exact()
        assert br.exact is not None
        ml = br.exact.solve()
        V = br.exact_players
        for i, v in enumerate(V):
            if not final[v]:
                mate[v] = V[ml[i]]
        return mate

    def optimal_duals(self, mate: list[int]) -> tuple[dict[int, int], dict[int, int], int] | None:
        """Optimal duals of the reduced bracket for the weights as they are, proven
        for the optimum ``mate`` (the last solve's, or one of equal value with the
        same players paired): per live player of C its key (doubled dual plus twice
        what the relaxation takes off at it, as in ``_price``) and that cut, and twice
        the completion constant. A pair ``a``-``b`` of un-relaxed weight ``w`` then
        has the slack ``key[a] + key[b] - (2 w - c)`` (``c`` the third value), its
        relaxed (doubled) weight being ``2 w - c - cut[a] - cut[b]``.

        Why they are optimal: the last solve left duals feasible on every pair of
        C (``_price`` adds every pair they do not cover) and accepted its optimum;
        since then only fixed pairs were removed (``finalize``), which drops
        constraints and dissolves blossoms by raising their leaves' duals, so the
        duals stay feasible (any edit clears ``duals_ok``). Feasible duals under
        which ``mate`` is complementary-slack (no blossom around a live player,
        every pair of ``mate`` tight, every unpaired player at dual zero or paired
        with the bye vertex by a tight edge, the bye vertex at zero when free) are
        optimal, and then every optimum uses only tight pairs: a pair with positive
        slack is in no optimum. None when that cannot be shown.

        The answer is made once per solve: the keys of the players paired since are
        left in it. Until the next solve ``mate`` changes only to other optima (each
        then complementary-slack under the same optimal duals) and by removing
        fixed pairs, which changes no live player's dual when no blossom holds one."""
        br, red = self.bracket, self.reduced
        if not self.duals_ok or red is None or br.exact is not None:
            return None
        at, made = self.duals_of
        if at == self.solves:
            return made
        made = self._optimal_duals(mate)
        self.duals_of = (self.solves, made)
        return made

    def _optimal_duals(self, mate: list[int]) -> tuple[dict[int, int], dict[int, int], int] | None:
        """``optimal_duals``, made and checked."""
        br, red = self.bracket, self.reduced
        assert red is not None
        m = br.matching
        if m.pending or red.dirty_pairs or red.dirty_players:
            return None
        final, loc, phi, inb, dv = self.final, br.local, self.phi, m.inblossom, m.dualvar
        on, nu, flip = red.has_next_pair, red.nu, red.flip
        keys: dict[int, int] = {}
        cuts: dict[int, int] = {}
        for la, v in enumerate(red.own):
            if final[v]:
                continue
            if inb[la] != la:
                return None
            c2 = 2 * (phi[v] + (nu[v] if on[v] else flip))
            keys[v] = dv[la] + c2
            cuts[v] = c2
        beta = red.bye_vertex
        if beta >= 0:
            if inb[beta] != beta:
                return None
            p = m.mate[beta]
            if p < 0:
                if dv[beta]:
                    return None
            else:
                # (its partner: a live player that ``mate`` leaves unpaired, by a tight pair)
                la = m.endpoint[p]
                v = red.own[la] if la < len(red.own) else -1
                if (v not in keys or (mate[v] != v and mate[v] in keys)
                        or dv[la] + dv[beta] != m.edges[p >> 1][2]):
                    return None
        c = 2 * self.pair_constant
        wget = self._wget if self.rows_lazy else self.weights.get
        N = self.n
        for v in keys:
            u = mate[v]
            if u == v or u not in keys:
                # (left unpaired by the reduced optimum: the bye, or absorbed below)
                la = loc[v]
                if dv[la]:
                    p = m.mate[la]
                    if beta < 0 or p < 0 or m.endpoint[p] != beta:
                        return None  # (its tightness: checked from the bye vertex)
            elif v < u:
                w = wget(v * N + u) or 0
                w2 = 2 * w - c
                if keys[v] + keys[u] != w2 or w2 - cuts[v] - cuts[u] <= 0:
                    return None
        return keys, cuts, c

    def float_instead(self, v: int, x: int, u: int, mate: list[int]) -> bool:
        """Re-pair the optimum ``mate`` (``optimal_duals`` proven for it) with
        ``v``-``u`` instead of ``v``-``x``, where the reduced optimum leaves ``u``
        unpaired in C (floating down, or absorbed below) and ``x`` is left so
        instead, when that is still an optimum: ``True`` and ``mate`` updated, else
        ``False`` and nothing changed.

        The caller has checked that ``v``-``u`` is tight. ``u``'s dual is zero
        (complementary slackness for ``mate``); with ``x``'s dual zero too the new
        reduced matching is complementary-slack under the same duals, so it is an
        optimum of the reduced problem, and it is accepted as the solve accepts
        one: the parity of its unpaired players fits and a completion reaching the
        bound exists for them (``_realize``), whose pairs go into ``mate``."""
        red, br = self.reduced, self.bracket
        if red is None or br.exact is not None:
            return False
        m, loc, final, on = br.matching, br.local, self.final, red.has_next_pair
        lx = loc.get(x)
        if lx is None or m.dualvar[lx] or final[u] or final[x]:
            return False
        beta = red.bye_vertex
        yon: list[int] = []
        yoff: list[int] = []
        bye_in_c = False
        for la, p in enumerate(red.own):
            if final[p] or p in (u, v):
                continue
            q = mate[p]
            if p != x and q != p and q in loc and not final[q]:
                continue  # (paired in C)
            if beta >= 0 and p != x:
                k = m.mate[la]
                if k >= 0 and m.endpoint[k] == beta:
                    bye_in_c = True
                    continue
            (yon if on[p] else yoff).append(p)
        lu = loc[u]
        k = m.mate[lu]
        if beta >= 0 and k >= 0 and m.endpoint[k] == beta:
            return False  # (``u`` took the bye: the bye vertex would move)
        flips = len(yoff) + bye_in_c
        if not (flips <= 1 if red.odd_with_next else flips % 2 == 0):
            return False
        real = self._realize(yon, yoff, bye_in_c)
        if real is None:
            return False
        mate[v], mate[u], mate[x] = u, v, x
        for a, b in real.items():
            mate[a] = b
        return True

    def split_by_tight(self, pbi: list[int], parts: tuple[list[int], list[int]],
                       limit: int = 160) -> bool:
        """Before ``cut_parts``: make the reduced matching an optimum that pairs every
        player of the first part (positions in ``pbi``) with one of the second, if
        one is found among the pairs tight under the current duals; True then.

        Issue 33: in round 4 of 5,000 players the split's solve of a bracket of
        1,268 residents cost 0.9 s (the optimum in hand paired 502 of its 633 S1
        players inside S1; the cut freed them all). Under optimal duals
        (``optimal_duals``: no blossom, complementary slackness for ``mate``) a
        matching of tight pairs on the players ``mate`` pairs in C is an optimum
        too. Its pairs are found by augmenting paths from ``mate``'s own S1-S2
        pairs over the tight pairs in the matching's graph, then over every tight
        pair (read from the rows) for those left (at most ``limit`` players read
        so), and put in the matching (``Matching.install``): the cut then frees
        no one and the split's solve has nothing to do. False, nothing changed,
        when no such matching is found."""
        br, red = self.bracket, self.reduced
        if red is None or br.exact is not None or red.own != pbi[:len(red.own)]:
            return False
        duals = self.optimal_duals(self.mate)
        if duals is None:
            return False
        keys, cuts, c = duals
        mate, loc, m = self.mate, br.local, br.matching
        s1 = [pbi[i] for i in parts[0]]
        in_s1 = set(s1)
        p2 = [pbi[i] for i in parts[1] if mate[pbi[i]] in keys and mate[pbi[i]] != pbi[i]]
        paired = [v for v in keys if mate[v] != v and mate[v] in keys]
        if len(p2) != len(s1) or len(paired) != 2 * len(s1) or not in_s1.issubset(paired):
            return False
        lp2 = {loc[u]: u for u in p2}
        dv, nb, edges = m.dualvar, m.nb, m.edges
        # Augmenting paths (Kuhn) from the S1-S2 pairs in hand.
        to2: dict[int, int] = {}  # S1 vertex -> S2 vertex
        to1: dict[int, int] = {}
        for v in s1:
            u = mate[v]
            if loc[u] in lp2:
                to2[loc[v]], to1[loc[u]] = loc[u], loc[v]
        adj: dict[int, list[int]] = {}
        for v in s1:
            la = loc[v]
            dva = dv[la]
            adj[la] = [lb for lb, p in nb[la].items()
                       if lb in lp2 and dva + dv[lb] == edges[p >> 1][2]]

        def augment(a: int, seen: set[int]) -> bool:
            stack = [(a, iter(adj[a]))]
            path: list[tuple[int, int]] = []
            while stack:
                x, it = stack[-1]
                for b in it:
                    if b in seen:
                        continue
                    seen.add(b)
                    path.append((x, b))
                    nxt = to1.get(b)
                    if nxt is None:
                        for y, z in path:
                            to2[y], to1[z] = z, y
                        return True
                    stack.append((nxt, iter(adj[nxt])))
                    break
                else:
                    stack.pop()
                    if path:
                        path.pop()
            return False

        full_done: set[int] = set()
        wget = self._wget if self.rows_lazy else self.weights.get
        N = self.n
        C = red.own

        def full(la: int) -> None:
            """Every tight pair of S1 vertex ``la`` with the second part (the rows)."""
            if la in full_done:
                return
            full_done.add(la)
            a = C[la]
            ka, ca = keys[a] + c, cuts[a] + c
            out = []
            for lb, b in lp2.items():
                w = wget(a * N + b if a < b else b * N + a)
                if w and w + w == ka + keys[b] and w + w - ca - cuts[b] > 0:
                    out.append(lb)
            adj[la] = out

        left = [loc[v] for v in s1 if loc[v] not in to2]
        for la in left:
            augment(la, set())
        left = [la for la in left if la not in to2]
        if left:
            # The pairs the matching's graph lacks (not priced in): every tight
            # pair of the S1 players left, and of the S2 players left (read from
            # the S1 side), then augmenting paths again.
            if 2 * len(left) > limit:
                return False
            for la in left:
                full(la)
            ends = [lb for lb in lp2 if lb not in to1]
            for la in adj:
                if la in full_done:
                    continue
                a = C[la]
                ka, ca = keys[a] + c, cuts[a] + c
                for lb in ends:
                    b = C[lb]
                    w = wget(a * N + b if a < b else b * N + a)
                    if (w and w + w == ka + keys[b] and w + w - ca - cuts[b] > 0
                            and lb not in adj[la]):
                        adj[la].append(lb)
            for la in left:
                if not augment(la, set()):
                    return False
        if len(to2) != len(s1):
            return False
        fc = self.pair_constant
        pairs = []
        for la, lb in to2.items():
            a, b = C[la], C[lb]
            w = wget(a * N + b if a < b else b * N + a) or 0
            e2 = 2 * (w - fc) - cuts[a] - cuts[b]
            if keys[a] + keys[b] != 2 * w - c or e2 <= 0:
                return False  # (cannot happen: every pair above is tight)
            pairs.append((la, lb, e2 >> 1) if la < lb else (lb, la, e2 >> 1))
        m.install(pairs)
        for la, lb in to2.items():
            mate[C[la]], mate[C[lb]] = C[lb], C[la]
        return True

    def value(self) -> tuple[int, int]:
        """The optimum's value in the matching now in use (the reduced bracket's
        relaxed weights, or the exact graph's): see ``Solver.value``. A reduced
        optimum is accepted only when a completion reaches its bound, so two of
        them compare as the global optima do."""
        m, _loc = self.bracket.in_use()
        return id(m), m.value()

    def _realize(self, yon: list[int], yoff: list[int], bye_in_c: bool) -> dict[int, int] | None:
        """A completion reaching the relaxed value: every on-player of Y paired into
        G, G paired inside except (parity) one player with nu = m, everyone else
        paired with the rest R, the bye (unless in C) on a smallest-phi player of R."""
        key = (tuple(yon), tuple(yoff), bye_in_c)
        cache = self.bracket.realized
        if key in cache:
            res = cache[key]
            # Still valid if no player it pairs into G has been cut off from G.
            if res is None or not self.bracket.cut_from_next.intersection(yon):
                return res
        cache[key] = res = self._realize_uncached(yon, yoff)
        return res

    def _realize_uncached(self, yon: list[int], yoff: list[int]) -> dict[int, int] | None:
        red, nxt = self.reduced, self.bracket.next_pairs
        assert red is not None and nxt is not None
        G, R = red.next_group, self.bracket.rest
        if len(yon) > len(G):
            return None
        out: dict[int, int] = {}
        used: set[int] = set()
        ok, pos = nxt.ok, nxt.pos
        for y in yon:
            yi = pos[y]
            for g in G:
                if g not in used and ok(yi, pos[g]):
                    used.add(g)
                    out[y] = g
                    out[g] = y
                    break
            else:
                return None
        rest = [g for g in G if g not in used]
        if not R and len(rest) % 2:
            # No one below G: the G player left out of its pairs takes the bye, and
            # every player of C the optimum leaves out must pair into G.
            if yoff:
                return None
            for d in [g for g in red.bye_takers if g not in used][::-1][:3]:
                inner = self._perfect([g for g in rest if g != d])
                if inner is not None:
                    out.update(inner)
                    out[d] = d
                    return out
            return None
        drops: list[int | None] = [None]
        if len(rest) % 2:
            least = red.least_next_nu
            drops = [g for g in rest if red.nu[g] == least][::-1][:3]  # type: ignore[assignment]
        for d in drops:
            inner = self._perfect([g for g in rest if g != d])
            if inner is None:
                continue
            outside = yoff + ([d] if d is not None else []) + R
            ys = set(outside[: len(outside) - len(R)])
            if len(outside) % 2 == 0:
                tail = self._perfect(outside, ys)
            else:
                tail = None
                for s in red.least_phi_rest[::-1][:3]:
                    tail = self._perfect([v for v in outside if v != s], ys)
                    if tail is not None:
                        break
            if tail is not None:
                out.update(inner)
                out.update(tail)
                return out
        return None

    def _exact(self) -> None:
        """Switch this bracket to the exact matching over every remaining player."""
        self.duals_ok = False  # (an edit: see ``optimal_duals``)
        self.fallbacks += 1
        if self.rows_lazy:
            self.weights = self._full_weights()
            self.rows_lazy = False
        br = self.bracket
        V = [v for v in br.players if not self.final[v]] + br.rest
        loc = {v: i for i, v in enumerate(V)}
        ex = Matching(len(V), greedy_stages=True)
        wx, nxt, cut, N = self.weights, br.next_pairs, br.cut_from_next, self.n
        assert nxt is not None
        pos, ngroup = nxt.pos, br.next_positions.start
        for i in range(len(V)):
            a = V[i]
            pa = pos.get(a, -1)
            for j in range(i):
                b = V[j]
                w = wx.get(b * N + a if b < a else a * N + b)
                if w is None:
                    pb = pos.get(b, -1)
                    if pa >= 0 and pb >= 0 and (pa >= ngroup or pb >= ngroup):
                        # Into or inside the next group (``cut_next`` may have cut it).
                        hi, lo = (pa, pb) if pa < pb else (pb, pa)
                        w = 0 if hi < ngroup and nxt.pbi[hi] in cut else nxt.weight(hi, lo)
                    else:
                        w = self._completion_weight(a, b)
                if w:
                    ex.set_weight(i, j, w)
        br.exact, br.exact_players, br.exact_local = ex, V, loc

    def _perfect(self, verts: list[int], ys: set[int] | None = None) -> dict[int, int] | None:
        """``completion.perfect``, remembered: it depends only on its arguments (the
        compatibility graph is the round's), and a bracket's proofs ask for the same
        completions of the players below it again and again (93 calls, 19 distinct,
        in round 6 of 1,000). The answers are read, never changed."""
        key = (tuple(verts), frozenset(ys) if ys else None)
        memo = self.completions
        if key in memo:
            return memo[key]
        res = memo[key] = perfect(self.order, self.crit.compatible, self.crit.cls, verts, ys)
        return res
