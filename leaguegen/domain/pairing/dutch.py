"""FIDE Dutch system (C.04.3, 2026) by weighted matching, bracket by bracket.

How it works (the same decision procedure as bbpPairings, written afresh):

* Every quality criterion is one bit field of an integer edge weight, highest
  priority in the highest bits: completion and bye eligibility (C1-C5), pairs
  and scores in the current bracket (C6-C7), pairs and scores in the next
  bracket (C8), unplayed games of the PAB receiver (C9), colours (C10-C13),
  floats (C14-C21), and low bits left free for the order rules (article 4:
  which MDPs, which exchanges, which transposition).
* A maximum-weight matching over all players still to be paired is then the
  best legal pairing of the current bracket that leaves the rest completable.
* Within a bracket the order rules are settled one decision at a time: nudge
  one player's edges by a small amount in the free low bits, re-solve, and
  freeze what the optimum chose (which MDPs are paired, who is exchanged
  between S1 and S2, then each S1 player's opponent in BSN order).

Because each decision is forced by strictly ordered weights, the result does
not depend on how the matching routine breaks ties.
"""

from __future__ import annotations

from leaguegen.errors import NoValidPairing

from .matching import Matching
from .players import (
    FLOAT_DOWN,
    FLOAT_UP,
    NONE,
    Entrant,
    choose_colour,
    float_of,
    invert,
    prefs_compatible,
    to_int,
)
from .state import SwissState


def _bits(x: int) -> int:
    return x.bit_length()


class _Fallback(Exception):
    """The fast start could not prove its answer; the exact method runs instead."""


_SCAN = 200  # partners tried per pool by the greedy completion check


class DutchEngine:
    """One pairing run; ``run()`` returns ``(pairs, bye)`` with pairs as Entrant tuples."""

    use_fast = True  # bracket-local matching with a completion proof (False: global only)
    use_skip = True  # S1 decisions without a solve when the optimum provably holds

    def __init__(self, state: SwissState, entrants: list[Entrant], by_id: dict[int, Entrant]):
        self.state = state
        self.played = state.rounds_played
        self.by_id = by_id
        # Pairing order: score (with acceleration) descending, then rank.
        self.order = sorted(entrants, key=lambda e: (-e.score, e.rank))
        n = len(self.order)
        self.n = n
        # Score-group shifts, assigned from the lowest group upwards.
        shifts: dict[int, int] = {}
        total = 0
        biggest = 0
        i = n - 1
        run = 0
        while i >= 0:
            run += 1
            s = self.order[i].score
            if i == 0 or s < self.order[i - 1].score:
                shifts[s] = total
                biggest = max(biggest, run)
                total += _bits(run)
                run = 0
            i -= 1
        self.shift = shifts
        self.S = total
        self.B = _bits(biggest)
        self.forbidden = self._forbidden()
        thr = (self.played * state.win) >> 1
        self.last_round = self.played >= state.rounds_total - 1
        self.top_threshold = thr
        self._floats: dict[tuple[int, int], int] = {}
        # Matching state.
        self.matching = Matching(n)
        self.final = [False] * n
        self.mate = list(range(n))
        self.solves = 0
        self.fast = self.use_fast
        self.fmode = 0  # fast path: 0 bracket is everyone left, 1 reduced (see _fast_begin)
        self.fex: Matching | None = None
        self.floc: dict[int, int] = {}
        self.swaps = 0  # S1 decisions taken by a weight-neutral swap instead of a solve
        self.fallbacks = 0  # brackets (or starts) the fast path handed to the exact method

    # ----------------------------------------------------------- criteria
    def _forbidden(self) -> set[tuple[int, int]]:
        bad: set[tuple[int, int]] = set()
        for e in self.order:
            for r in e.rounds:
                if r.played and r.opponent is not None:
                    a, b = e.id, r.opponent - 1
                    bad.add((min(a, b), max(a, b)))
        for pair in self.state.forbidden:
            a, b = sorted(pair)
            bad.add((a - 1, b - 1))
        return bad

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        if (min(a.id, b.id), max(a.id, b.id)) in self.forbidden:
            return False
        if not (a.absolute and b.absolute and a.pref == b.pref):
            return True
        return self.last_round and (
            a.score > self.top_threshold or b.score > self.top_threshold
        )

    def flt(self, p: Entrant, back: int) -> int:
        key = (p.id, back)
        v = self._floats.get(key)
        if v is None:
            v = float_of(p, back, self.played, self.by_id, self.state.loss)
            self._floats[key] = v
        return v

    def is_bye_candidate(self, p: Entrant, bye_score: int) -> bool:
        return p.eligible and p.score <= bye_score

    def weight(
        self,
        h: Entrant,
        lo: Entrant,
        in_cur: bool,
        in_next: bool,
        bye_score: int,
        single: bool,
        ranks: dict[int, int],
    ) -> int:
        """Edge weight between higher ``h`` and lower ``lo`` (0: may not meet)."""
        if not self.compatible(h, lo):
            return 0
        B, S, sh = self.B, self.S, self.shift
        w = 1 + (not self.is_bye_candidate(h, bye_score)) + (
            not self.is_bye_candidate(lo, bye_score))
        w = (w << B) | in_cur
        w <<= S
        if in_cur:
            w |= 1 << sh[h.score]
        w = (w << B) | in_next
        w <<= S
        if in_next:
            w |= 1 << sh[h.score]
        w <<= 2 * B
        if single:
            if h.score == bye_score:
                w += ranks[h.played_games]
            if lo.score == bye_score:
                w += ranks[lo.played_games]
        # Colours (player = lower, opponent = higher), only inside the bracket.
        p, o = lo, h
        m = in_cur
        w = (w << B) | (m and (not p.abs_imb or not o.abs_imb or p.pref != o.pref))
        if m and (not p.absolute or not o.absolute or p.pref != o.pref):
            bit = True
        elif m:
            if p.imb == o.imb:
                bit = p.rep == NONE or p.rep != o.rep
            else:
                q = o if p.imb > o.imb else p
                bit = q.rep != invert(p.pref)
        else:
            bit = False
        w = (w << B) | bit
        w = (w << B) | (m and prefs_compatible(p.pref, o.pref))
        w = (w << B) | (m and (
            (not p.strong and not p.absolute) or (not o.strong and not o.absolute)
            or (p.absolute and o.absolute) or p.pref != o.pref))
        played = self.played
        hs, ls = h.score, lo.score
        for back in (1, 2):
            if played < back:
                continue
            w <<= B
            if in_cur:
                w |= self.flt(lo, back) == FLOAT_DOWN
                w += hs <= ls and self.flt(h, back) == FLOAT_DOWN
            w <<= B
            if in_cur:
                w |= not (hs > ls and self.flt(lo, back) == FLOAT_UP)
        for back in (1, 2):
            if played < back:
                continue
            w <<= S
            if in_cur:
                w += (self.flt(lo, back) == FLOAT_DOWN) << sh[ls]
                w += (self.flt(h, back) == FLOAT_DOWN) << sh[hs]
            w <<= S
            if in_cur and not (self.flt(lo, back) == FLOAT_UP and hs > ls):
                w |= 1 << sh[hs]
        return w << (3 * B + 1)

    @staticmethod
    def _ptype(p: Entrant, fl: dict[int, tuple[int, ...]]) -> tuple:
        """Everything ``cur_weight`` reads from a player besides its id."""
        return (p.absolute, p.pref, p.score, p.eligible, p.played_games, p.abs_imb,
                p.imb, p.rep, p.strong, fl[p.id])

    def cur_weight(
        self, h: Entrant, lo: Entrant, bye_score: int, single: bool, ranks: dict[int, int]
    ) -> int:
        """``weight(h, lo, True, False, ...)``, the same number computed faster
        (the fast path's hot loop; the tests compare the two)."""
        a, b = h.id, lo.id
        if ((a, b) if a < b else (b, a)) in self.forbidden:
            return 0
        p, o = lo, h
        pa, oa, pp, op = p.absolute, o.absolute, p.pref, o.pref
        if pa and oa and pp == op and not (self.last_round and (
                h.score > self.top_threshold or lo.score > self.top_threshold)):
            return 0
        B, S, sh = self.B, self.S, self.shift
        hs, ls = h.score, lo.score
        w = 1 + (not (h.eligible and hs <= bye_score)) + (not (lo.eligible and ls <= bye_score))
        w = (((((w << B) | 1) << S) | (1 << sh[hs])) << (B + S + 2 * B))
        if single:
            if hs == bye_score:
                w += ranks[h.played_games]
            if ls == bye_score:
                w += ranks[lo.played_games]
        w = (w << B) | (not p.abs_imb or not o.abs_imb or pp != op)
        if not pa or not oa or pp != op:
            bit = True
        elif p.imb == o.imb:
            bit = p.rep == NONE or p.rep != o.rep
        else:
            q = o if p.imb > o.imb else p
            bit = q.rep != invert(pp)
        w = (w << B) | bit
        w = (w << B) | (pp != op or pp == NONE or op == NONE)
        w = (w << B) | (
            (not p.strong and not pa) or (not o.strong and not oa)
            or (pa and oa) or pp != op)
        played = self.played
        fl = self._fl
        fh, flo = fl[a], fl[b]
        for back in (1, 2):
            if played < back:
                continue
            w <<= B
            w |= flo[back] == FLOAT_DOWN
            w += hs <= ls and fh[back] == FLOAT_DOWN
            w <<= B
            w |= not (hs > ls and flo[back] == FLOAT_UP)
        for back in (1, 2):
            if played < back:
                continue
            w <<= S
            w += (flo[back] == FLOAT_DOWN) << sh[ls]
            w += (fh[back] == FLOAT_DOWN) << sh[hs]
            w <<= S
            if not (flo[back] == FLOAT_UP and hs > ls):
                w |= 1 << sh[hs]
        return w << (3 * B + 1)

    def colour(self, p: Entrant, o: Entrant) -> tuple[int, str]:
        """Colour for ``p`` (the lower pairing number) against ``o``, and the rule used."""
        return choose_colour(p, o, to_int(self.state.initial_colour))

    def orient(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
        return (a, b) if a.id < b.id else (b, a)

    # ----------------------------------------------------------- matching
    def set_edge(self, a: int, b: int, weight: int) -> None:
        if self.fast:
            if self.fmode == 1 and self.fex is None:
                # The common case of ``_fast_set``, inlined: a pair inside C.
                loc = self.floc
                if a in loc and b in loc:
                    key = (a, b) if a < b else (b, a)
                    self.wx[key] = weight
                    self.fdirty.add(key)
                    return
            self._fast_set(a, b, weight)
            return
        self.matching.set_weight(a, b, weight)

    def solve(self) -> list[int]:
        self.solves += 1
        if self.fast:
            return self._fast_solve()
        mate = self.matching.solve()
        for v in range(self.n):
            if not self.final[v]:
                self.mate[v] = mate[v]
        return self.mate

    def _raise_duals(self, deltas: dict[int, int]) -> None:
        """Warm-start hint for a re-weighting: see ``Matching.raise_duals``."""
        if not self.fast:
            self.matching.raise_duals(deltas)
        elif self.fex is not None:
            loc = self.fexloc
            self.fex.raise_duals({loc[v]: d for v, d in deltas.items() if v in loc})
        else:
            loc = self.floc
            self.rm.raise_duals({loc[v]: d for v, d in deltas.items() if v in loc})

    def finalize(self, a: int, b: int) -> None:
        self.final[a] = self.final[b] = True
        self.mate[a], self.mate[b] = b, a
        if self.fast:
            self._fast_remove(a, b)
            return
        self.matching.remove([a, b])

    def _completion_duals(self, bye_score: int, single: bool, ranks: dict[int, int]) -> list[int]:
        """Doubled duals making every compatible pair tight under the completion-only
        weights, which are a constant plus one term per player (a warm start)."""
        B, S, played = self.B, self.S, self.played
        x1 = B + S + B + S + 2 * B
        x2 = 4 * B + 3 * B + 1
        for back in (1, 2):
            if played >= back:
                x2 += 2 * B + 2 * S
        c = 1 << (x1 + x2)
        out = []
        for p in self.order:
            nc = not self.is_bye_candidate(p, bye_score)
            r = ranks[p.played_games] if single and p.score == bye_score else 0
            out.append(c + 2 * ((nc << (x1 + x2)) + (r << x2)))
        return out


    # ----------------------------------------------------------- fast path
    # The global matching has one structure the fast path exploits: an edge with
    # an end outside the current bracket's players P (MDPs, score group, next
    # score group) still has its completion-only weight, which is separable:
    # c + phi(a) + phi(b). For any pairing M_PP inside P, the best completion is
    # therefore at most "everyone else paired, the bye (if any) on the smallest
    # phi". Subtracting that bound gives a matching problem on P alone (plus one
    # vertex standing for "the bye is in P"). Its optimum, when a completion
    # that reaches the bound exists (checked greedily on the real compatibility
    # graph), is an optimum of the global problem. If the check fails, the
    # bracket is solved on the exact global graph of the remaining players.

    def _s1_skip(self, sm: list[int], base: list[list[int]], pos_of: dict[int, int],
                 pbi: list[int], pi2: int, best: int, s1_role, matched: list[bool],  # noqa: ANN001
                 rem: list[int]) -> bool:
        """Whether S1 player ``pbi[pi2]`` provably takes ``pbi[best]`` without a solve.

        ``sm`` is an optimum of the un-nudged weights (``base``), and the nudge gives
        the edge to ``pbi[best]`` the largest bonus of all ``v``'s edges. If ``sm``
        pairs ``v`` with it, ``sm`` is an optimum of the nudged weights too, and every
        such optimum pairs ``v`` with it (the bonuses are distinct). If ``sm`` pairs
        ``v``-``x`` and ``y``-``u`` (``u = pbi[best]``) and re-pairing to ``v``-``u``,
        ``y``-``x`` keeps the un-nudged weight, the new matching is such an optimum;
        likewise with a third pair ``z``-``t`` re-paired to ``v``-``u``, ``y``-``t``,
        ``z``-``x``. ``sm`` is then updated to it. Otherwise a solve is needed. Every
        re-pairing joins an S1 player to a higher-numbered S2 player, so the roles
        stay as they are.
        """
        v, u = pbi[pi2], pbi[best]
        x = sm[v]
        if x == u:
            return True
        y = sm[u]
        xi, yi = pos_of.get(x, -1), pos_of.get(y, -1)
        if (xi <= pi2 or yi < 0 or yi >= best or matched[x] or matched[y]
                or self.final[y] or self.final[x] or not s1_role(y) or s1_role(x)):
            return False
        old = base[xi][pi2] + base[best][yi]
        gain = base[best][pi2]
        if yi < xi:
            wxy = base[xi][yi]
            if wxy and gain + wxy == old:
                sm[v], sm[u], sm[x], sm[y] = u, v, y, x
                self.swaps += 1
                return True
        final = self.final
        for zi in rem:
            if zi >= xi:
                break
            z = pbi[zi]
            if z in (v, y) or matched[z] or final[z] or not s1_role(z):
                continue
            t = sm[z]
            ti = pos_of.get(t, -1)
            if ti <= yi or t in (u, x) or final[t]:
                continue
            wyt, wzx = base[ti][yi], base[xi][zi]
            if wyt and wzx and gain + wyt + wzx == old + base[ti][zi]:
                sm[v], sm[u], sm[y], sm[t], sm[z], sm[x] = u, v, t, y, x, z
                self.swaps += 1
                return True
        return False

    def _fast_start(self) -> tuple[int, bool, dict[int, int]]:
        """Bye score, initial ``single`` and C9 ranks, each proven by a completion."""
        order, n = self.order, self.n
        top = order[0].score
        self.fcls = [
            (p.pref if p.absolute else 2) for p in order
        ]
        ranks: dict[int, int] = {}
        single = False
        if n % 2 == 0:
            if self._perfect(list(range(n))) is None:
                raise _Fallback
            bye_score = 0
        else:
            elig = [v for v in range(n) if order[v].eligible]
            if not elig:
                raise _Fallback
            bye_score = min(order[v].score for v in elig)
            cands = [v for v in reversed(elig) if order[v].score == bye_score][:4]
            proven = False
            if bye_score >= top:
                tops = [v for v in range(n) if order[v].score >= top]
                if len(tops) % 2 == 1:
                    rest = [v for v in range(n) if order[v].score < top]
                    if self._perfect(rest) is None:
                        raise _Fallback
                    for x in cands:
                        if self._perfect([v for v in tops if v != x]) is not None:
                            single = proven = True
                            break
                    if not single:
                        raise _Fallback
            if not proven:
                for x in cands:
                    if self._perfect([v for v in range(n) if v != x]) is not None:
                        proven = True
                        break
                if not proven:
                    raise _Fallback
            counts = sorted(
                (p.played_games for p in order if p.score == bye_score), reverse=True)
            for r, cnt in enumerate(counts):
                ranks[cnt] = r
        B, S, played = self.B, self.S, self.played
        x1 = B + S + B + S + 2 * B
        x2 = 4 * B + 3 * B + 1
        for back in (1, 2):
            if played >= back:
                x2 += 2 * B + 2 * S
        self.fc = 1 << (x1 + x2)
        self.fx2 = x2
        self.init_single = single
        self.bye_score, self.ranks = bye_score, ranks
        self.fbad = False
        self.phi = [
            ((not self.is_bye_candidate(p, bye_score)) << (x1 + x2))
            + ((ranks[p.played_games] if single and p.score == bye_score else 0) << x2)
            for p in order
        ]
        self.wx: dict[tuple[int, int], int] = {}
        self._fl = {
            p.id: (0, *(self.flt(p, back) if played >= back else 0 for back in (1, 2)))
            for p in order
        }
        return bye_score, single, ranks

    def _completion_weight(self, a: int, b: int) -> int:
        if not self.compatible(self.order[a], self.order[b]):
            return 0
        return self.fc + self.phi[a] + self.phi[b]

    def _fast_begin(self, pbi: list[int], it: int, nsgb: int, single: bool) -> None:
        P = list(pbi)
        R = list(range(it, self.n))
        self.fP, self.fR = P, R
        keep = set(P)
        self.wx = {k: w for k, w in self.wx.items() if k[0] in keep and k[1] in keep}
        self.fcache: dict[tuple, dict[int, int] | None] = {}
        self.fex = None
        self.fsingle = single
        self.fbad = False
        if R:
            self._reduced_begin(P[:nsgb], P[nsgb:], R, single)
            return
        self.fmode = 0
        self.floc = {v: i for i, v in enumerate(P)}
        self.rm = Matching(len(P))
        wx = self.wx
        for key, w in list(wx.items()):
            self._fast_set(key[0], key[1], w)
        for i in range(len(P)):
            a = P[i]
            for j in range(i):
                b = P[j]
                if (min(a, b), max(a, b)) not in wx:
                    self.rm.set_weight(i, j, self._completion_weight(a, b))

    # The reduced bracket (players below the bracket exist): only the bracket's
    # own players C (MDPs and score group) are matched. Next-group pairs (C-G
    # and G-G edges) carry completion + K + S(higher) + C9 terms, which is
    # nu(a) + nu(b) per vertex; G and the rest R absorb C's unpaired players.
    # Upper bound for a C matching: its edges' excess over completion, plus nu
    # of every absorbed C player that has an edge into G ("on"), minus the
    # parity loss m when Y_on + G is odd (one G player without a next-group
    # pair), plus the bye gain. Y_on's parity is that of C, flipped by the bye
    # being in C and by each absorbed "off" player; the encoding counts a flip
    # as +m when C + G is odd and as 0 otherwise (never below the truth), and
    # a solution whose flips make that count differ from the truth is not
    # accepted. A completion reaching the bound proves optimality.
    def _reduced_begin(self, C: list[int], G: list[int], R: list[int], single: bool) -> None:
        self.fmode = 1
        order, phi = self.order, self.phi
        self.fC, self.fG = C, G
        self.floc = {v: i for i, v in enumerate(C)}
        self.fGset = set(G)
        nc = len(C)
        odd = (len(C) + len(G) + len(R)) % 2 == 1
        self.fbeta = nc if odd else -1
        self.rm = Matching(nc + odd)
        self.fp0 = (len(C) + len(G)) % 2 == 1
        B, S, x2 = self.B, self.S, self.fx2
        bye_score, ranks = self.bye_score, self.ranks

        def c9(p: Entrant, sing: bool) -> int:
            return ranks[p.played_games] if sing and p.score == bye_score else 0

        self.fd = {v: (c9(order[v], single) - c9(order[v], self.init_single)) << x2
                   for v in C + G}
        self.fK = 1 << (x2 + 2 * B + S)
        sh = self.shift
        gscore = order[G[0]].score
        sg = 1 << (x2 + 2 * B + sh[gscore])
        nu = {}
        for g in G:
            nu[g] = (self.fK >> 1) + (sg >> 1) + self.fd[g]
        for v in C:
            nu[v] = (self.fK >> 1) + (1 << (x2 + 2 * B + sh[order[v].score])) - (sg >> 1) \
                + self.fd[v]
        self.fnu = nu
        self.fm = min(nu[g] for g in G)
        self.fflip = self.fm if self.fp0 else 0
        self.flow = min(min(phi[r] for r in R), min(phi[g] for g in G))
        self.fS = [r for r in R if phi[r] == self.flow]
        self.fon = dict.fromkeys(C, 0)
        self.fdirty: set[tuple[int, int]] = set()
        self.fdirtyv: set[int] = set(C)
        self.fall = True  # the first solve builds every edge in one pass
        wx = self.wx
        for key, w in list(wx.items()):
            self._fast_set(key[0], key[1], w)

    def _next_excess(self, h: int, lo: int) -> int:
        """Weight of a next-group pair over its completion weight (``h`` placed higher)."""
        sh = self.shift
        return (self.fK + (1 << (self.fx2 + 2 * self.B + sh[self.order[h].score]))
                + self.fd[h] + self.fd[lo])

    def _fast_set(self, a: int, b: int, w: int) -> None:
        key = (a, b) if a < b else (b, a)
        if self.fex is not None:
            self.wx[key] = w
            self.fex.set_weight(self.fexloc[a], self.fexloc[b], w)
            return
        if self.fmode == 0:
            self.wx[key] = w
            self.rm.set_weight(self.floc[a], self.floc[b], w)
            return
        loc, gs = self.floc, self.fGset
        if a in loc and b in loc:
            self.wx[key] = w
            self.fdirty.add(key)
            return
        if a in gs and b in gs:
            return  # next-group pair: implicit (completion + excess when compatible)
        c = a if a in loc else b
        old = self.wx.get(key, 0)
        if w and old and w != old:
            # Only the base weight (completion + excess, set at the bracket's
            # start) or 0 is expected here; anything else breaks the reduction.
            self.fbad = True
        self.wx[key] = w
        on = self.fon
        before = on[c] > 0
        on[c] += (w > 0) - (old > 0)
        if (on[c] > 0) != before:
            self.fdirtyv.add(c)

    def _fast_next_row(self, g: int, pbi: list[int], row: list[int]) -> None:
        """``set_edge`` for one next-group player's base row, at the bracket's start
        (nothing solved yet, so only the weights and the on-counts change)."""
        wx, on = self.wx, self.fon
        for si, w in enumerate(row):
            c = pbi[si]
            wx[(c, g) if c < g else (g, c)] = w
            if w > 0:
                on[c] += 1

    def _reduced_edge(self, a: int, b: int) -> int:
        """Relaxed weight of the C-C pair (a, b)."""
        w = self.wx.get((a, b) if a < b else (b, a))
        if not w:
            return 0
        on, nu, flip = self.fon, self.fnu, self.fflip
        e = (w - self.fc - self.phi[a] - self.phi[b] - (nu[a] if on[a] else flip)
             - (nu[b] if on[b] else flip))
        return e if e > 0 else 0

    def _reduced_flush(self) -> None:
        loc, final, rm = self.floc, self.final, self.rm
        C = self.fC
        on, nu, flip, phi = self.fon, self.fnu, self.fflip, self.phi
        dirty = self.fdirty
        if self.fall:
            # First solve of the bracket: every C-C edge, in one pass.
            self.fall = False
            live = [v for v in C if not final[v]]
            wx, fc = self.wx, self.fc
            bl = {v: phi[v] + (nu[v] if on[v] else flip) for v in live}
            setw = rm.set_weight
            for i, a in enumerate(live):
                la, ba = loc[a], bl[a] + fc
                for b in live[:i]:
                    w = wx.get((b, a) if b < a else (a, b))
                    if w:
                        e = w - ba - bl[b]
                        if e > 0:
                            setw(la, loc[b], e)
            dirty.clear()
        else:
            for v in self.fdirtyv:
                if final[v]:
                    continue
                for u in C:
                    if u != v and not final[u]:
                        dirty.add((u, v) if u < v else (v, u))
        if self.fbeta >= 0:
            for v in self.fdirtyv:
                if not final[v]:
                    g = self.flow - phi[v] + flip - (nu[v] if on[v] else flip)
                    rm.set_weight(loc[v], self.fbeta, g if g > 0 else 0)
        self.fdirtyv = set()
        # ``_reduced_edge`` inlined: this loop runs over whole brackets.
        wx, fc, setw = self.wx, self.fc, rm.set_weight
        for a, b in dirty:
            if final[a] or final[b]:
                continue
            w = wx.get((a, b) if a < b else (b, a))
            if w:
                w -= (fc + phi[a] + phi[b] + (nu[a] if on[a] else flip)
                      + (nu[b] if on[b] else flip))
                if w < 0:
                    w = 0
            else:
                w = 0
            setw(loc[a], loc[b], w)
        dirty.clear()

    def _fast_remove(self, a: int, b: int) -> None:
        if self.fex is not None:
            self.fex.remove([self.fexloc[a], self.fexloc[b]])
        else:
            self.rm.remove([self.floc[a], self.floc[b]])

    def _fast_solve(self) -> list[int]:
        mate, final = self.mate, self.final
        if self.fex is None and self.fmode == 0:
            ml = self.rm.solve()
            P = self.fP
            for i, v in enumerate(P):
                if not final[v]:
                    mate[v] = P[ml[i]]
            return mate
        if self.fex is None and not self.fbad:
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
            self._fast_exact()
        assert self.fex is not None
        ml = self.fex.solve()
        V = self.fexV
        for i, v in enumerate(V):
            if not final[v]:
                mate[v] = V[ml[i]]
        return mate

    def _realize(self, yon: list[int], yoff: list[int], bye_in_c: bool) -> dict[int, int] | None:
        """A completion reaching the relaxed value: every on-player of Y paired into
        G, G paired inside except (parity) one player with nu = m, everyone else
        paired with the rest R, the bye (unless in C) on a smallest-phi player of R."""
        key = (tuple(yon), tuple(yoff), bye_in_c)
        cache = self.fcache
        if key in cache:
            res = cache[key]
            # Still valid if every next-group edge it uses is still there.
            wx = self.wx
            if res is None or all(
                    wx.get((y, res[y]) if y < res[y] else (res[y], y), 0) > 0 for y in yon):
                return res
        cache[key] = res = self._realize_uncached(yon, yoff)
        return res

    def _realize_uncached(self, yon: list[int], yoff: list[int]) -> dict[int, int] | None:
        G, R, wx = self.fG, self.fR, self.wx
        if len(yon) > len(G):
            return None
        out: dict[int, int] = {}
        used: set[int] = set()
        for y in yon:
            for g in G:
                if g not in used and wx.get((y, g) if y < g else (g, y), 0) > 0:
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

    def _fast_exact(self) -> None:
        """Switch this bracket to the exact matching over every remaining player."""
        self.fallbacks += 1
        V = [v for v in self.fP if not self.final[v]] + self.fR
        loc = {v: i for i, v in enumerate(V)}
        ex = Matching(len(V))
        wx = self.wx
        for i in range(len(V)):
            a = V[i]
            for j in range(i):
                b = V[j]
                key = (b, a) if b < a else (a, b)
                w = wx.get(key)
                if w is None:
                    if self.fmode == 1 and a in self.fGset and b in self.fGset:
                        w = self.weight(self.order[key[0]], self.order[key[1]], False, True,
                                        self.bye_score, self.fsingle, self.ranks)
                    else:
                        w = self._completion_weight(a, b)
                if w:
                    ex.set_weight(i, j, w)
        self.fex, self.fexV, self.fexloc = ex, V, loc

    def _perfect(self, verts: list[int], ys: set[int] | None = None) -> dict[int, int] | None:
        """A perfect matching of ``verts`` in the compatibility graph, found greedily
        (no two of ``ys`` together), or None when the greedy search fails."""
        if len(verts) % 2:
            return None
        order, compat, cls = self.order, self.compatible, self.fcls
        ys = ys or set()
        pools: tuple[list[int], list[int], list[int]] = ([], [], [])
        first: list[int] = []
        for v in verts:
            if v in ys:
                first.append(v)
            else:
                pools[cls[v]].append(v)
        pairs: list[tuple[int, int]] = []
        stuck: list[int] = []

        def take(u: int, prefs: tuple[int, ...]) -> None:
            pu = order[u]
            for k in prefs:
                pool = pools[k]
                i = len(pool) - 1
                stop = max(-1, i - _SCAN)
                while i > stop:
                    w = pool[i]
                    if compat(pu, order[w]):
                        pool[i] = pool[-1]
                        pool.pop()
                        pairs.append((u, w))
                        return
                    i -= 1
            stuck.append(u)

        def free_prefs() -> tuple[int, ...]:
            return (0, 2, 1) if len(pools[0]) >= len(pools[1]) else (1, 2, 0)

        for u in first:
            c = cls[u]
            take(u, (1, 2, 0) if c == 0 else (0, 2, 1) if c == 1 else free_prefs())
        while pools[0] and pools[1]:
            big = 0 if len(pools[0]) >= len(pools[1]) else 1
            take(pools[big].pop(), (1 - big, 2, big))
        for k in (0, 1):
            while pools[k]:
                take(pools[k].pop(), (2, 1 - k, k))
        while pools[2]:
            take(pools[2].pop(), (2, 0, 1))

        def ok(x: int, y: int) -> bool:
            return not (x in ys and y in ys) and compat(order[x], order[y])

        while stuck:
            u = stuck.pop()
            for idx, w in enumerate(stuck):
                if ok(u, w):
                    stuck.pop(idx)
                    pairs.append((u, w))
                    break
            else:
                if not stuck:
                    return None
                w = stuck.pop()
                for idx, (a, b) in enumerate(pairs):
                    if ok(u, a) and ok(w, b):
                        pairs[idx] = (u, a)
                        pairs.append((w, b))
                        break
                    if ok(u, b) and ok(w, a):
                        pairs[idx] = (u, b)
                        pairs.append((w, a))
                        break
                else:
                    return None
        out: dict[int, int] = {}
        for a, b in pairs:
            out[a] = b
            out[b] = a
        return out

    # ----------------------------------------------------------- pairing
    def run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        if self.fast:
            try:
                return self._run()
            except _Fallback:
                # The cheap start could not prove its answer: redo it all exactly.
                self.fast = False
                self.final = [False] * self.n
                self.mate = list(range(self.n))
                self.matching = Matching(self.n)
        return self._run()

    def _run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        order, n = self.order, self.n
        if n == 0:
            return [], None
        odd = n % 2 == 1
        top = order[0].score
        if self.fast:
            bye_score, single, ranks = self._fast_start()
        elif odd:
            for i in range(n):
                p = order[i]
                for j in range(i):
                    o = order[j]
                    if not self.compatible(p, o):
                        continue
                    w = 1 + (not p.eligible) + (not o.eligible)
                    w = (w << self.S) | (self.shift[p.score] + self.shift[o.score])
                    w = (w << self.B) | (p.score >= top)
                    self.set_edge(i, j, w)
            S, B = self.S, self.B
            c = 1 << (S + B)
            self.matching.restart([
                c + (((not p.eligible) << (S + B)) + (self.shift[p.score] << B)) * 2
                + (p.score >= top) for p in order])
        else:
            self.matching.restart(self._completion_duals(0, False, {}))
            for i in range(n):
                for j in range(i):
                    self.set_edge(i, j, self.weight(order[j], order[i], False, False, 0, False, {}))
        if not self.fast:
            mate = self.solve()
            unmatched = [v for v in range(n) if mate[v] == v]
            if len(unmatched) > 1 or any(not order[v].eligible for v in unmatched):
                raise NoValidPairing(
                    "the players cannot all be paired while satisfying the absolute criteria"
                )
            bye_score = 0
            single = False
            ranks: dict[int, int] = {}
        if odd and not self.fast:
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
            self.matching.restart(self._completion_duals(bye_score, single, ranks))
            for i in range(n):
                for j in range(i):
                    self.set_edge(
                        i, j,
                        self.weight(order[j], order[i], False, False, bye_score, single, ranks))
            self.solve()  # from the tight start, before the first bracket's weights
        self.bye_score = bye_score
        self.ranks = ranks
        self.bracket_of: dict[int, int] = {}

        pbi: list[int] = []
        it = 0
        while it < n and order[it].score >= top:
            pbi.append(it)
            it += 1
        matched = [False] * n
        sgb = 0
        sgbv = 0
        pairs: list[tuple[int, int]] = []
        while len(pbi) > 1 or it < n:
            nsgb = len(pbi)
            nsgbv = sgbv + (nsgb - sgb)
            sg_it = it
            if it < n:
                s0 = order[it].score
                while it < n and order[it].score >= s0:
                    pbi.append(it)
                    it += 1
            # Next-group pairs (both in the next score group) are never read back
            # from ``base``; the reduced fast path does not need them at all.
            skip_next = False
            if self.fast:
                self._fast_begin(pbi, it, nsgb, single)
                skip_next = self.fmode == 1
            bracket_score = order[pbi[sgb]].score if sgb < nsgb else order[pbi[0]].score
            size = len(pbi)
            base: list[list[int]] = [[] for _ in range(size)]
            wcache: dict[tuple, int] = {}
            ptype: list[tuple] = []
            if self.fast:
                fl = self._fl
                ptype = [self._ptype(order[v], fl) for v in pbi]
            if skip_next:
                hplayers = [order[pbi[si]] for si in range(nsgb)]
                hclash = [hp.absolute and not (self.last_round
                                               and hp.score > self.top_threshold)
                          for hp in hplayers]
                x2b = self.fx2 + 2 * self.B
                hterm = [self.phi[v] + self.fK + (1 << (x2b + self.shift[order[v].score]))
                         + self.fd[v] for v in pbi[:nsgb]]
            for li in range(sgb, size):
                lp = order[pbi[li]]
                in_cur = li < nsgb
                row = base[li]
                if skip_next and not in_cur:
                    # Bracket-to-next-group pairs: completion + next-group excess
                    # (the same number ``weight`` gives; see the fast-path tests).
                    # (``_completion_weight`` + ``_next_excess`` inlined: the
                    # per-player parts are summed once per bracket in ``hterm``.)
                    lv = pbi[li]
                    lid = lp.id
                    lterm = self.fc + self.phi[lv] + self.fd[lv]
                    lclash = lp.absolute and not (self.last_round
                                                  and lp.score > self.top_threshold)
                    lpref = lp.pref
                    forb = self.forbidden
                    for si in range(nsgb):
                        hp = hplayers[si]
                        hid = hp.id
                        if ((hid, lid) if hid < lid else (lid, hid)) in forb or (
                                lclash and hclash[si] and hp.pref == lpref):
                            row.append(0)
                        else:
                            row.append(hterm[si] + lterm)
                    continue
                if self.fast and in_cur:
                    # ``cur_weight`` reads a pair's ids only for the forbidden
                    # check; otherwise it depends on the two players' types, so
                    # it is computed once per pair of types in this bracket.
                    cw = self.cur_weight
                    forb = self.forbidden
                    lt = ptype[li]
                    lid = lp.id
                    for si in range(li):
                        hp = order[pbi[si]]
                        hid = hp.id
                        if ((hid, lid) if hid < lid else (lid, hid)) in forb:
                            row.append(0)
                            continue
                        tk = (ptype[si], lt)
                        wt = wcache.get(tk)
                        if wt is None:
                            wt = wcache[tk] = cw(hp, lp, bye_score, single, ranks)
                        row.append(wt)
                    continue
                for si in range(li):
                    row.append(self.weight(
                        order[pbi[si]], lp, in_cur, not in_cur, bye_score, single, ranks))
            for li in range(sgb, size):
                lv = pbi[li]
                if skip_next and li >= nsgb:
                    self._fast_next_row(lv, pbi, base[li])
                    continue
                for si, wt in enumerate(base[li]):
                    self.set_edge(lv, pbi[si], wt)

            B = self.B

            # The helpers below are used only within this bracket's iteration.
            def ewc(si: int, li: int, si_rem: int, rem_pairs: int) -> int:
                r = base[li][si]  # noqa: B023
                if r:
                    add = ((1 if si_rem < rem_pairs else 0) << (2 * B)) - si_rem  # noqa: B023
                    r += add << 1
                return r

            sm = self.solve()

            def in_bracket(x: int) -> bool:
                return sgbv <= x < nsgbv  # noqa: B023

            # Which moved-down players get paired in this bracket.
            md_score = None
            left = left_matched = 0
            for pi in range(sgb):
                if pi == 0 or order[pbi[pi]].score < md_score:  # type: ignore[operator]
                    md_score = order[pbi[pi]].score
                    left_matched = 0
                    left = 0
                    mi = pi
                    while mi < size and order[pbi[mi]].score >= md_score:
                        left += 1
                        if in_bracket(sm[pbi[mi]]):
                            left_matched += 1
                        mi += 1
                if not left_matched:
                    continue
                v = pbi[pi]
                if left <= left_matched:
                    matched[v] = True
                    continue
                left -= 1
                if not in_bracket(sm[v]):
                    for oi in range(sgb, nsgb):
                        wt = base[oi][pi]
                        if wt:
                            self.set_edge(v, pbi[oi], wt | 1)
                    sm = self.solve()
                if in_bracket(sm[v]):
                    matched[v] = True
                    left_matched -= 1
                    for oi in range(sgb, nsgb):
                        wt = base[oi][pi]
                        if wt:
                            self.set_edge(v, pbi[oi], (wt | (nsgb - sgb)) + 1)

            # Opponents of the moved-down players.
            for pi in range(sgb):
                v = pbi[pi]
                if not matched[v]:
                    continue
                add = size
                for oi in range(nsgb - 1, sgb - 1, -1):
                    ov = pbi[oi]
                    if matched[ov]:
                        continue
                    wt = base[oi][pi]
                    if wt:
                        self.set_edge(v, ov, wt + add)
                        add += 1
                sm = self.solve()
                mv = sm[v]
                matched[mv] = True
                self.finalize(v, mv)
                pairs.append((v, mv))
                self.bracket_of[order[v].id] = self.bracket_of[order[mv].id] = bracket_score

            # The remainder (homogeneous part).
            rem: list[int] = []
            rp = 0
            for pi in range(sgb, nsgb):
                v = pbi[pi]
                if sm[v] < sgbv:
                    continue
                rem.append(pi)
                if sm[v] < v:
                    rp += 1
            nrem = len(rem)
            # The remainder's weights below rise by 2 * f(higher player) per edge,
            # f(a) = [a in S1 size] << 2B - a (rem index); raising the doubled
            # duals of the first rp players by 4 f keeps every dual feasible and
            # every S1-S2 matched edge tight (a warm start only).
            self._raise_duals({pbi[rem[a_i]]: (((1 << (2 * B)) - a_i) << 2)
                               for a_i in range(rp)})
            for b_i in range(nrem):
                oi = rem[b_i]
                ov = pbi[oi]
                for a_i in range(nrem):
                    pi2 = rem[a_i]
                    if oi <= pi2:
                        break
                    self.set_edge(pbi[pi2], ov, ewc(pi2, oi, a_i, rp))
            sm = self.solve()

            def s1_role(v: int) -> bool:
                return v < sm[v] < nsgbv  # noqa: B023

            exch = 0
            for pi2 in rem:
                if pi2 >= rem[rp]:
                    break
                v = pbi[pi2]
                exch += not s1_role(v)

            # Exchange the lowest possible S1 players.
            left = exch
            pri = rp
            pos = rp
            while pos > 0 and left:
                pri -= 1
                pos -= 1
                pi2 = rem[pos]
                v = pbi[pi2]
                if s1_role(v):
                    for op in range(pos + 1, nrem):
                        wt = ewc(pi2, rem[op], pri, rp)
                        if wt:
                            self.set_edge(v, pbi[rem[op]], wt - 1)
                    sm = self.solve()
                ex = not s1_role(v)
                left -= ex
                for op in range(pos + 1, nrem):
                    if ex:
                        base[rem[op]][pi2] = 0
                    self.set_edge(v, pbi[rem[op]], ewc(pi2, rem[op], pri, rp))

            # Exchange the highest possible S2 players.
            left = exch
            ri = rp
            for pos in range(rp, nrem):
                if left <= 1:
                    break
                pi2 = rem[pos]
                v = pbi[pi2]
                already = s1_role(v)
                if not already:
                    for op in range(pos + 1, nrem):
                        wt = ewc(pi2, rem[op], ri, rp)
                        if wt:
                            self.set_edge(v, pbi[rem[op]], wt + 1)
                    sm = self.solve()
                if s1_role(v):
                    left -= 1
                    for op in range(pos):
                        base[pi2][rem[op]] = 0
                        self.set_edge(v, pbi[rem[op]], 0)
                    for oi in range(nsgb, size):
                        base[oi][pi2] = 0
                        self.set_edge(v, pbi[oi], 0)
                if not already:
                    for op in range(pos + 1, nrem):
                        self.set_edge(v, pbi[rem[op]], ewc(pi2, rem[op], ri, rp))
                ri += 1

            # Freeze the S1/S2 split.
            for a_i in range(nrem):
                pi2 = rem[a_i]
                v = pbi[pi2]
                for b_i in range(a_i + 1, nrem):
                    oi = rem[b_i]
                    ov = pbi[oi]
                    if not s1_role(v) or s1_role(ov):
                        base[oi][pi2] = 0
                    self.set_edge(v, ov, base[oi][pi2])

            # Each S1 player takes the best S2 opponent still possible, in order.
            # ``sm_ok``: ``sm`` is an optimum of the current (un-nudged) weights,
            # true once a solve of this loop has run (the pair it fixed is then
            # removed, which keeps the rest optimal).
            sm_ok = False
            pos_of = {x: i for i, x in enumerate(pbi)}
            for pi2 in rem:
                v = pbi[pi2]
                if s1_role(v):
                    add = 0
                    best = -1
                    for oi in reversed(rem):
                        ov = pbi[oi]
                        if oi <= pi2 or matched[ov]:
                            continue
                        wt = base[oi][pi2]
                        if wt:
                            self.set_edge(v, ov, wt + add)
                            best = oi
                        add += 1
                    if not (sm_ok and best >= 0 and self.use_skip and self._s1_skip(
                            sm, base, pos_of, pbi, pi2, best, s1_role, matched, rem)):
                        sm = self.solve()
                        sm_ok = True
                    mv = sm[v]
                    matched[v] = matched[mv] = True
                    self.finalize(v, mv)
                    pairs.append((v, mv))
                    self.bracket_of[order[v].id] = self.bracket_of[order[mv].id] = bracket_score

            # Next bracket: the unpaired players float down.
            new_pbi: list[int] = []
            new_sgb = 0
            single = odd and sg_it < n and bye_score >= order[sg_it].score
            for pi in range(size):
                v = pbi[pi]
                if pi < nsgb and matched[v]:
                    continue
                new_pbi.append(v)
                if pi < nsgb:
                    new_sgb += 1
                if single and order[sm[v]].score < order[sg_it].score:
                    single = False
            pbi = new_pbi
            sgb = new_sgb
            sgbv = nsgbv

        paired = {v for pr in pairs for v in pr}
        rest = [v for v in range(n) if v not in paired]
        bye = order[rest[0]] if rest else None
        return [(order[a], order[b]) for a, b in pairs], bye
