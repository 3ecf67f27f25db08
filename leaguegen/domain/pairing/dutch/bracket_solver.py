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

from leaguegen.domain.pairing.matching import GONE, Matching

from .completion import perfect
from .criteria import Criteria, NextPairs


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


class BracketSolver:
    """Bracket-local matching with a completion proof (see the module docstring)."""

    def __init__(self, crit: Criteria, flat_prune: bool = True):
        self.crit = crit
        # Prune by one pass over the matching's edges where it can (``DutchOptions``).
        self.flat_prune = flat_prune
        self.order = crit.order
        self.n = n = len(crit.order)
        self.final = [False] * n
        self.mate = list(range(n))
        self.solves = 0
        self.fallbacks = 0  # brackets handed to the exact graph of the remaining players
        self.pruned = 0  # pairs dropped by ``prune``
        self.fmode = 0  # 0: the bracket is everyone left; 1: reduced (see the docstring)
        self.fex: Matching | None = None
        self.floc: dict[int, int] = {}
        self.fperfect: dict[tuple, dict[int, int] | None] = {}  # ``_perfect``'s answers

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
        self.fc = crit.pair_constant
        self.init_single = single
        self.bye_score, self.ranks = bye_score, ranks
        self.phi = [crit.player_term(p, bye_score, single, ranks) for p in order]
        # Un-relaxed weights of the pairs edited so far, by key ``a * n + b`` (a < b).
        # ``flazy``: the bracket's loaded rows are not in it (``load_bracket``).
        self.wx: dict[int, int] = {}
        self.flazy = False
        return bye_score, single, ranks

    def _completion_weight(self, a: int, b: int) -> int:
        if not self.crit.compatible(self.order[a], self.order[b]):
            return 0
        return self.fc + self.phi[a] + self.phi[b]

    # ------------------------------------------------------------ a bracket
    def begin_bracket(self, pbi: list[int], it: int, nsgb: int, single: bool) -> None:
        P = list(pbi)
        R = list(range(it, self.n))
        self.fP, self.fR = P, R
        keep = set(P)
        N = self.n
        if self.flazy:
            self.wx = self._carried(keep)
        else:
            self.wx = {k: w for k, w in self.wx.items() if k // N in keep and k % N in keep}
        self.flazy = False
        self.fcache: dict[tuple, dict[int, int] | None] = {}
        self.fex = None
        self.fsingle = single
        self.cut: set[int] = set()  # bracket players that may not pair into G any more
        if R:
            self._reduced_begin(P[:nsgb], P[nsgb:], R, single)
            return
        self.fmode = 0
        self.floc = {v: i for i, v in enumerate(P)}
        self.rm = Matching(len(P), greedy_stages=True)
        wx = self.wx
        for key, w in list(wx.items()):
            self._set(*divmod(key, self.n), w)
        for i in range(len(P)):
            a = P[i]
            for j in range(i):
                b = P[j]
                if (a * N + b if a < b else b * N + a) not in wx:
                    self.rm.set_weight(i, j, self._completion_weight(a, b))

    def _reduced_begin(self, C: list[int], G: list[int], R: list[int], single: bool) -> None:
        self.fmode = 1
        order, phi, crit = self.order, self.phi, self.crit
        self.fC, self.fG = C, G
        self.floc = {v: i for i, v in enumerate(C)}
        nc = len(C)
        odd = (len(C) + len(G) + len(R)) % 2 == 1
        self.fbeta = nc if odd else -1
        self.rm = Matching(nc + odd, greedy_stages=True)
        self.fp0 = (len(C) + len(G)) % 2 == 1
        bye_score, ranks = self.bye_score, self.ranks
        # The C9 terms of this bracket's ``single`` against the start's.
        self.fd = {v: crit.player_term(order[v], bye_score, single, ranks) - phi[v]
                   for v in C + G}
        # A next-group pair (h, lo) weighs completion + next_term(h) + the C9 change:
        # split as nu(h) + nu(lo), with half of a G player's next term on each G end.
        half = crit.next_term(order[G[0]]) >> 1
        nu = {}
        for g in G:
            nu[g] = half + self.fd[g]
        for v in C:
            nu[v] = crit.next_term(order[v]) - half + self.fd[v]
        self.fnu = nu
        self.fm = min(nu[g] for g in G)
        self.fflip = self.fm if self.fp0 else 0
        self.flow = min(min(phi[r] for r in R), min(phi[g] for g in G))
        self.fS = [r for r in R if phi[r] == self.flow]
        self.fon = dict.fromkeys(C, 0)  # 1: has a pair into G (set by load_bracket)
        self.fdirty: set[int] = set()  # pair keys (as in ``wx``) to re-relax
        self.fdirtyv: set[int] = set(C)
        self.fall = True  # the first solve builds every edge in one pass
        self.fsgb = 0  # MDPs at the head of C (``load_bracket``)
        self.fstart: list[int] | None = None  # the first solve's start duals, if not the usual
        self.fbase: list[list[int]] | None = None  # the loaded rows, until the first solve
        wx = self.wx
        for key, w in list(wx.items()):
            self._set(*divmod(key, self.n), w)

    def load_bracket(self, pbi: list[int], sgb: int, nsgb: int, base: list[list[int]],
                     nxt: NextPairs) -> None:
        self.nxt = nxt
        self.fGpos = range(nsgb, len(pbi))
        self.fsgb = sgb
        if self.fmode == 1:
            # Pairs into and inside the next score group stay implicit (completion +
            # next term, when compatible): a bracket player only needs to know
            # whether it has one.
            if self.fall and all(pbi[i] < pbi[i + 1] for i in range(nsgb - 1)):
                # The rows stay where they are: ``wx`` holds the pairs among the
                # MDPs (carried from the bracket before) and, from now on, every
                # pair edited; any other pair of C weighs what its row says
                # (``_wget``). The engine changes a row only with an edit of the
                # same pair, so the two never disagree.
                self.fbase = self.frows = base
                self.fcarried = list(self.wx)
                self.flazy = True
            else:
                for li in range(sgb, nsgb):
                    self.set_row(pbi[li], list(zip(pbi, base[li], strict=False)))
            on, ok = self.fon, nxt.ok
            for ci in range(nsgb):
                if any(ok(ci, gi) for gi in self.fGpos):
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
        """A pair's weight in ``wx``, or (``flazy``) in the loaded rows."""
        w = self.wx.get(key)
        if w is None and self.flazy:
            a, b = divmod(key, self.n)
            loc = self.floc
            la, lb = loc.get(a), loc.get(b)
            if la is not None and lb is not None:
                if la < lb:
                    la, lb = lb, la
                if la >= self.fsgb:
                    return self.frows[la][lb]
        return w

    def _full_wx(self, keep: set[int] | None = None) -> dict[int, int]:
        """``wx`` as it would be with the loaded rows written into it (``flazy``),
        in the same order (the carried pairs, then the rows' pairs row by row), for
        the pairs among ``keep`` (all when None)."""
        wx, frows, N = self.wx, self.frows, self.n
        C = self.fC
        out: dict[int, int] = {}
        for key in self.fcarried:
            if keep is None or (key // N in keep and key % N in keep):
                out[key] = wx[key]
        pos = [i for i, v in enumerate(C) if keep is None or v in keep]
        for hi_i, li in enumerate(pos):
            if li < self.fsgb:
                continue
            row = frows[li]
            b = C[li]
            for si in pos[:hi_i]:
                key = C[si] * N + b  # (C is in vertex order)
                w = wx.get(key)
                out[key] = row[si] if w is None else w
        return out

    def _carried(self, keep: set[int]) -> dict[int, int]:
        """The pairs of ``wx`` among ``keep`` for the next bracket, from a lazy one."""
        return self._full_wx(keep)

    def cut_next(self, v: int) -> None:
        self.cut.add(v)
        G = self.fP[self.fGpos.start:]
        if self.fex is not None:
            loc = self.fexloc
            for g in G:
                self.wx[v * self.n + g if v < g else g * self.n + v] = 0
                self.fex.set_weight(loc[v], loc[g], 0)
        elif self.fmode == 0:
            for g in G:
                self._set(v, g, 0)
        elif self.fon[v]:
            self.fon[v] = 0
            self.fdirtyv.add(v)

    # ------------------------------------------------------------ edits
    def set_edge(self, a: int, b: int, w: int) -> None:
        if self.fmode == 1 and self.fex is None:
            # The common case of ``_set``, first: a pair inside C.
            loc = self.floc
            if a in loc and b in loc:
                key = a * self.n + b if a < b else b * self.n + a
                self.wx[key] = w
                self.fdirty.add(key)
                return
        self._set(a, b, w)

    def set_row(self, v: int, pairs: list[tuple[int, int]]) -> None:
        """``set_edge(v, u, w)`` for every ``(u, w)`` of ``pairs``, in one pass.

        The engine re-weights whole brackets (the remainder's S1 bonus, the frozen
        split, each S1 player's nudges). For pairs inside the reduced bracket the
        relaxed weight goes straight to the matching (the value ``_reduced_flush``
        would compute: a later change of an end's ``on`` re-flushes its pairs).
        """
        if self.fmode != 1 or self.fex is not None or v not in self.floc:
            for u, w in pairs:
                self.set_edge(v, u, w)
            return
        loc, wx, N = self.floc, self.wx, self.n
        if self.fall:
            # Before the bracket's first solve: every pair is built from ``wx``.
            for u, w in pairs:
                if u not in loc:
                    self._set(v, u, w)
                    continue
                wx[v * N + u if v < u else u * N + v] = w
            return
        final, phi, on, nu, flip = self.final, self.phi, self.fon, self.fnu, self.fflip
        pending, lv, m = self.rm.pending, loc[v], self.rm.n
        vfinal = final[v]
        cut_v = self.fc + phi[v] + (nu[v] if on[v] else flip)
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
        key = a * self.n + b if a < b else b * self.n + a
        if self.fex is not None:
            self.wx[key] = w
            self.fex.set_weight(self.fexloc[a], self.fexloc[b], w)
            return
        if self.fmode == 0:
            self.wx[key] = w
            self.rm.set_weight(self.floc[a], self.floc[b], w)
            return
        # fmode 1: only pairs inside C are edited (the next group: ``cut_next``).
        assert a in self.floc and b in self.floc, "a pair outside the reduced bracket"
        self.wx[key] = w
        self.fdirty.add(key)

    def cut_parts(self, pbi: list[int], parts: tuple[list[int], ...],
                  base: list[list[int]]) -> list[tuple[int, list[int]]] | None:
        """``cut_pairs`` of every pair inside each part (positions in ``pbi``, in
        order) whose row weight is not zero, higher first; in the reduced bracket,
        whose vertex ``i`` is ``pbi[i]``, straight from the positions.

        With the rows not in ``wx`` (``flazy``) the pairs are zeroed in ``base``
        itself, as the split's freeze does, instead of in ``wx``; returns the rows
        as they were, for the caller to put back if the split does not hold (None:
        ``base`` was not changed)."""
        nsgb = len(self.floc)
        if not (self.fex is None and self.fmode == 1 and self.fC == pbi[:nsgb]
                and not self.fdirty and not self.rm.pending):
            cut: list[tuple[int, int]] = []
            for part in parts:
                for b_i in range(1, len(part)):
                    oi = part[b_i]
                    row = base[oi]
                    a = pbi[oi]
                    cut += [(a, pbi[pi2]) for pi2 in part[:b_i] if row[pi2]]
            self.cut_pairs(cut)
            return None
        m, wx, N, lazy = self.rm, self.wx, self.n, self.flazy
        nb, mate, edges, free_ids = m.nb, m.mate, m.edges, m.free_ids
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
        if self.fex is not None:
            for a, b in pairs:
                self._set(a, b, 0)
            return
        m, loc, wx, N = self.rm, self.floc, self.wx, self.n
        nb, mate, pending, edges, free_ids = m.nb, m.mate, m.pending, m.edges, m.free_ids
        cycle = m.cycle_edges()
        dirty = self.fdirty if self.fmode == 1 else ()
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
        if self.fex is not None:
            loc = self.fexloc
            self.fex.raise_duals({loc[v]: d for v, d in deltas.items() if v in loc})
        else:
            loc = self.floc
            self.rm.raise_duals({loc[v]: d for v, d in deltas.items() if v in loc})

    def fix(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good between brackets (no matching holds them)."""
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a
        if self.fex is not None:
            self.fex.remove([self.fexloc[a], self.fexloc[b]])
        else:
            self.rm.remove([self.floc[a], self.floc[b]])

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
        if self.fex is not None:
            m, loc = self.fex, self.fexloc
        else:
            m, loc = self.rm, self.floc
        dv, nb, edges = m.dualvar, m.nb, m.edges
        chains = m.blossom_chains()
        wx, N = self.wx, self.n
        drop: list[tuple[int, int]] = []
        lpos = [loc.get(v) for v in pbi[:nsgb]]
        if (self.flat_prune and self.fex is None and self.fmode == 1
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
    def _reduced_flush(self) -> None:
        loc, final, rm = self.floc, self.final, self.rm
        C = self.fC
        on, nu, flip, phi = self.fon, self.fnu, self.fflip, self.phi
        dirty = self.fdirty
        N = self.n
        if self.fall:
            # First solve of the bracket: every C-C edge, in one pass.
            self.fall = False
            live = [v for v in C if not final[v]]
            wx, fc = self.wx, self.fc
            bl = {v: phi[v] + (nu[v] if on[v] else flip) for v in live}
            # (Straight into the fresh matching's edge table: ``Matching.fresh_arrays``.)
            edges, endpoint, nb = rm.fresh_arrays()
            m = rm.n
            top = [0] * m
            nmdp = self.fsgb
            # With MDPs: a resident's heaviest pair is usually with an MDP (C7 counts
            # the higher score), so under the heaviest-edge start every resident sits
            # at that weight and nearly all stay free. Start instead from each
            # resident's heaviest pair with another resident, and twice each MDP's
            # heaviest pair (feasible on every pair it is in): the residents then
            # start as a bracket without MDPs does. Without MDPs: the heaviest edges.
            mdp = {loc[v] for v in C[:nmdp]}
            # The loaded rows are the weights in ``wx`` of every pair with a resident
            # (``load_bracket``), read without a lookup per pair.
            rows, self.fbase = self.fbase, None
            if len(live) != len(C):
                rows = None
            # The MDPs' rows first (their pairs among themselves, from ``wx``),
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
                    for lb in range(nmdp, la):
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
            self.fstart = top
            dirty.clear()
        else:
            for v in self.fdirtyv:
                if final[v]:
                    continue
                for u in C:
                    if u != v and not final[u]:
                        dirty.add(u * N + v if u < v else v * N + u)
        start, self.fstart = self.fstart, None
        if self.fbeta >= 0:
            beta = self.fbeta
            for v in self.fdirtyv:
                if not final[v]:
                    g = self.flow - phi[v] + flip - (nu[v] if on[v] else flip)
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
        self.fdirtyv = set()
        # The relaxed weight of a C-C pair: its excess over completion, less each
        # end's nu (or the flip count). The same formula as the first pass above,
        # written out here because this loop runs over whole brackets.
        wx, fc, setw = self.wx, self.fc, rm.set_weight
        wget = self._wget if self.flazy else wx.get
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
        self.solves += 1
        mate, final = self.mate, self.final
        if self.fex is None and self.fmode == 0:
            ml = self.rm.solve()
            P = self.fP
            for i, v in enumerate(P):
                if not final[v]:
                    mate[v] = P[ml[i]]
            return mate
        if self.fex is None:
            self._reduced_flush()
            ml = self.rm.solve()
            C = self.fC
            beta, on = self.fbeta, self.fon
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
            tight = flips <= 1 if self.fp0 else flips % 2 == 0
            real = self._realize(yon, yoff, bye_in_c) if tight else None
            if real is not None:
                for v, u in real.items():
                    mate[v] = u
                return mate
        if self.fex is None:
            self._exact()
        assert self.fex is not None
        ml = self.fex.solve()
        V = self.fexV
        for i, v in enumerate(V):
            if not final[v]:
                mate[v] = V[ml[i]]
        return mate

    def value(self) -> tuple[int, int]:
        """The optimum's value in the matching now in use (the reduced bracket's
        relaxed weights, or the exact graph's): see ``Solver.value``. A reduced
        optimum is accepted only when a completion reaches its bound, so two of
        them compare as the global optima do."""
        m = self.fex if self.fex is not None else self.rm
        return id(m), m.value()

    def _realize(self, yon: list[int], yoff: list[int], bye_in_c: bool) -> dict[int, int] | None:
        """A completion reaching the relaxed value: every on-player of Y paired into
        G, G paired inside except (parity) one player with nu = m, everyone else
        paired with the rest R, the bye (unless in C) on a smallest-phi player of R."""
        key = (tuple(yon), tuple(yoff), bye_in_c)
        cache = self.fcache
        if key in cache:
            res = cache[key]
            # Still valid if no player it pairs into G has been cut off from G.
            if res is None or not self.cut.intersection(yon):
                return res
        cache[key] = res = self._realize_uncached(yon, yoff)
        return res

    def _realize_uncached(self, yon: list[int], yoff: list[int]) -> dict[int, int] | None:
        G, R = self.fG, self.fR
        if len(yon) > len(G):
            return None
        out: dict[int, int] = {}
        used: set[int] = set()
        ok, pos = self.nxt.ok, self.nxt.pos
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
        drops: list[int | None] = [None]
        if len(rest) % 2:
            drops = [g for g in rest if self.fnu[g] == self.fm][::-1][:3]  # type: ignore[assignment]
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
                for s in self.fS[::-1][:3]:
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
        self.fallbacks += 1
        if self.flazy:
            self.wx = self._full_wx()
            self.flazy = False
        V = [v for v in self.fP if not self.final[v]] + self.fR
        loc = {v: i for i, v in enumerate(V)}
        ex = Matching(len(V), greedy_stages=True)
        wx, nxt, cut, N = self.wx, self.nxt, self.cut, self.n
        pos, ngroup = nxt.pos, self.fGpos.start
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
        self.fex, self.fexV, self.fexloc = ex, V, loc

    def _perfect(self, verts: list[int], ys: set[int] | None = None) -> dict[int, int] | None:
        """``completion.perfect``, remembered: it depends only on its arguments (the
        compatibility graph is the round's), and a bracket's proofs ask for the same
        completions of the players below it again and again (93 calls, 19 distinct,
        in round 6 of 1,000). The answers are read, never changed."""
        key = (tuple(verts), frozenset(ys) if ys else None)
        memo = self.fperfect
        if key in memo:
            return memo[key]
        res = memo[key] = perfect(self.order, self.crit.compatible, self.crit.cls, verts, ys)
        return res
