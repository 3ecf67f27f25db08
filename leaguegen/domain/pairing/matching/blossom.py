"""Maximum-weight matching in a general graph: Edmonds' blossom algorithm, alone.

Primal-dual algorithm in the formulation of Galil (1986), with integer arithmetic
only: vertex duals are stored doubled, so every quantity stays an integer when
the edge weights are integers (Python ints, so the very wide weights the Dutch
engine builds are exact). It knows nothing of chess: vertices, weights, a
matching.

:class:`BlossomMatching` holds the graph (edits wait in ``pending`` until the next
``solve``) and the primal and dual solution. ``solve`` grows alternating trees
from the free vertices one stage at a time. A stage ends with an augmentation,
with a free root reaching dual zero (it may stay single), or with a matched
vertex in a tree reaching dual zero, in which case the path from the root to it
is flipped. All roots of a stage share the parity of their dual, which keeps the
halving step exact. Here an edit to a solved graph means a solve from scratch;
re-optimising after edits (repairing the duals, warm starts, removing vertices)
is ``warm.py``'s :class:`Matching`, the class the engines use.

``max_weight_matching(n, edges)`` is the one-shot form: ``mate[v]`` is v's
partner or ``-1``. Zero-weight edges are absent edges.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Sequence

from leaguegen.domain.pairing.guard import check_bound

# A deleted edge's slot in ``edges`` until ``free_ids`` gives it out again (one
# shared tuple: nothing reads a free slot's ends, and a new tuple per deleted edge cost
# an allocation for each of about two million in round 6 of 5,000).
GONE = (0, 0, 0)


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    m = BlossomMatching(n)
    for i, j, w in edges:
        m.set_weight(i, j, w)
    mate = m.solve()
    return [-1 if mate[v] == v else mate[v] for v in range(n)]


class BlossomMatching:
    """A weighted graph on vertices ``0..n-1`` and a maximum-weight matching of it."""

    def __init__(self, n: int, greedy_stages: bool = False):
        self.n = n
        # Pair free singletons along tight edges before every stage, not only the
        # first (``_greedy_tight``): on dense graphs with many equal weights one
        # dual change makes many pairs tight at once. It changes only which of
        # several optima is found, so it is for callers whose answers do not
        # depend on that (the Dutch engine).
        self.greedy_stages = greedy_stages
        # (i, j, 2 w) tuples: the weight doubled, as the duals are (every slack is
        # ``dualvar[i] + dualvar[j] - edges[k][2]``, one big-int operation fewer);
        # immutable, so the cyclic garbage collector stops tracking them (it walked
        # hundreds of thousands of [i, j, w] lists again and again).
        self.edges: list[tuple[int, int, int]] = []
        self.free_ids: list[int] = []
        self.endpoint: list[int] = []
        self.nb: list[dict[int, int]] = [{} for _ in range(n)]  # v -> {w: endpoint index of w}
        # The solution (as ``_clear_solution`` sets it again).
        self.mate = [-1] * n  # remote endpoint index, or -1
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(2 * n - 1, n - 1, -1))
        self.dualvar = [0] * (2 * n)
        self.allowedge = bytearray()
        self.queue: deque[int] = deque()
        self.bsl = [0] * (2 * n)  # cached slack of bestedge[x] ...
        self.bph = [0] * (2 * n)  # ... valid while bph[x] == phase
        self.phase = 0
        # Edits not yet applied, by pair key ``a * n + b`` (``a < b``; ``key``).
        self.pending: dict[int, int] = {}
        self.fresh = True  # no solution yet: the next solve starts from the duals
        self.stages = 0
        self.removed: set[int] = set()
        self.lazy_best: list[int] = []  # new blossoms, best edges unknown

    def _clear_solution(self) -> None:
        """No matching, no blossom, every dual zero: the next solve starts afresh."""
        n = self.n
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges = [None] * (2 * n)
        self.unusedblossoms = list(range(2 * n - 1, n - 1, -1))
        self.dualvar = [0] * (2 * n)
        self.fresh = True

    # ------------------------------------------------------------ graph edits
    def key(self, a: int, b: int) -> int:
        """The pair's key in ``pending`` (an int: cheaper to hash than a tuple)."""
        return a * self.n + b if a < b else b * self.n + a

    def edge_index(self, a: int, b: int) -> int | None:
        """Index in ``edges`` of the edge between ``a`` and ``b``, if there is one."""
        p = self.nb[a].get(b)
        return None if p is None else p >> 1

    def value(self) -> int:
        """Total weight of the matched edges (after ``solve``: pending edits are not
        counted)."""
        edges, endpoint = self.edges, self.endpoint
        total = 0
        for v, p in enumerate(self.mate):
            if p >= 0 and v < endpoint[p]:
                total += edges[p >> 1][2]
        return total >> 1

    def weight(self, a: int, b: int) -> int:
        key = self.key(a, b)
        if key in self.pending:
            return self.pending[key]
        k = self.edge_index(a, b)
        return 0 if k is None else self.edges[k][2] >> 1

    def set_weight(self, a: int, b: int, w: int) -> None:
        if a in self.removed or b in self.removed:
            return
        self.pending[a * self.n + b if a < b else b * self.n + a] = w

    def _apply(self, key: int, w: int) -> None:
        a, b = divmod(key, self.n)
        p = self.nb[a].get(b)
        k = None if p is None else p >> 1
        if k is None:
            if w == 0:
                return
            if self.free_ids:
                k = self.free_ids.pop()
                self.edges[k] = (a, b, 2 * w)
                self.endpoint[2 * k] = a
                self.endpoint[2 * k + 1] = b
            else:
                k = len(self.edges)
                self.edges.append((a, b, 2 * w))
                self.endpoint.extend((a, b))
            self.nb[a][b] = 2 * k + 1
            self.nb[b][a] = 2 * k
            return
        if w == 0:
            del self.nb[a][b]
            del self.nb[b][a]
            self.free_ids.append(k)
            self.edges[k] = GONE
            return
        e = self.edges[k]
        self.edges[k] = (e[0], e[1], 2 * w)

    def _repair(self) -> None:
        """Apply the pending edits. Here a solved graph that was edited is solved again
        from scratch (``Matching`` in ``warm.py`` repairs the solution instead); a
        fresh graph starts from each vertex's heaviest edge as its dual."""
        pending, self.pending = self.pending, {}
        if pending and not self.fresh:
            self._clear_solution()
        if not self.fresh:
            return
        for key, w in pending.items():
            self._apply(key, w)
        dv = self.dualvar
        for i, j, w2 in self.edges:
            w = w2 >> 1
            if w > dv[i]:
                dv[i] = w
            if w > dv[j]:
                dv[j] = w
        # Every free vertex's dual even: the roots of a stage share its parity.
        for v in range(self.n):
            if dv[v] & 1:
                dv[v] += 1
        self.fresh = False

    # ------------------------------------------------------------ the algorithm
    def _greedy_tight(self) -> None:
        """Pair free singletons along tight edges before growing any tree.

        Valid between stages: the duals stay as they are, the new matched edges
        are tight, and no blossom changes. After a repair that freed many
        vertices (a bracket re-weighted at once) this saves one stage per pair.
        """
        mate, inb, dv, edges = self.mate, self.inblossom, self.dualvar, self.edges
        for v in range(self.n):
            if mate[v] >= 0 or inb[v] != v or dv[v] <= 0:
                continue
            dvv = dv[v]
            for w, p in self.nb[v].items():
                if mate[w] < 0 and inb[w] == w and dvv + dv[w] == edges[p >> 1][2]:
                    mate[v] = p
                    mate[w] = p ^ 1
                    break

    def _greedy_paths(self) -> int:
        """Augment along tight paths free - matched - matched - free of singletons,
        as many vertex-disjoint ones as one scan finds; returns how many.

        Valid between stages, like ``_greedy_tight``: the duals stay, every matched
        edge is tight, no blossom changes. A stage finds one augmenting path and
        then forgets its trees; in a dense bracket with hundreds of free vertices
        each stage scans every free vertex's edges, so this one scan replaces many
        stages (only the shortest paths: the stages find the rest).
        """
        mate, inb, dv, edges, nb, endpoint = (
            self.mate, self.inblossom, self.dualvar, self.edges, self.nb, self.endpoint)
        free = [v for v in range(self.n) if mate[v] < 0 and inb[v] == v and dv[v] > 0]
        if len(free) < 2:
            return 0
        # reach[x]: for a matched singleton x, the endpoint (seen from x) of a tight
        # edge to a free singleton.
        reach: dict[int, int] = {}
        for y in free:
            dy = dv[y]
            for x, p in nb[y].items():
                if (mate[x] >= 0 and x not in reach and inb[x] == x
                        and dy + dv[x] == edges[p >> 1][2]):
                    reach[x] = p ^ 1
        if not reach:
            return 0
        made = 0
        for v in free:
            if mate[v] >= 0:
                continue
            dvv = dv[v]
            for w, p in nb[v].items():
                mw = mate[w]
                if mw < 0 or inb[w] != w:
                    continue
                x = endpoint[mw]
                q = reach.get(x)
                if q is None:
                    continue
                y = endpoint[q]
                if y == v or mate[y] >= 0 or dvv + dv[w] != edges[p >> 1][2]:
                    continue
                mate[v] = p
                mate[w] = p ^ 1
                mate[x] = q
                mate[y] = q ^ 1
                made += 1
                break
        return made

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dualvar[i] + self.dualvar[j] - w

    def leaves(self, b: int) -> list[int]:
        """The vertices inside ``b`` (``[b]`` for a vertex), in a list: every caller
        reads them all, and a list is built faster than a generator yields."""
        n = self.n
        if b < n:
            return [b]
        out: list[int] = []
        stack = [b]
        childs = self.blossomchilds
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                stack.extend(childs[t])  # type: ignore[arg-type]
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                if b < self.n:
                    self.queue.append(b)
                else:
                    self.queue.extend(self.leaves(b))
                return
            base = self.blossombase[b]
            mb = self.mate[base]
            w, t, p = self.endpoint[mb], 1, mb ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        label, labelend, inblossom, endpoint = (
            self.label, self.labelend, self.inblossom, self.endpoint)
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _wt = self.edges[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dualvar[b] = 0
        for leaf in self.leaves(b):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b
        # Its least-slack edges to the other S-blossoms are needed only if the
        # stage reaches a dual change: ``_blossom_best_edges`` then.
        self.bestedge[b] = -1
        self.lazy_best.append(b)

    def _blossom_best_edges(self) -> None:
        """The least-slack edge from each new top-level S-blossom to every other
        S-blossom (for the next dual change), from its sub-blossoms' lists or
        their leaves' edges, as Galil's algorithm keeps them."""
        lazy, self.lazy_best = self.lazy_best, []
        inblossom, blossomparent = self.inblossom, self.blossomparent
        for b in lazy:
            if blossomparent[b] != -1 or self.label[b] != 1 or self.blossombase[b] < 0:
                continue  # inside a newer blossom, which reads its leaves
            self._best_edges_of(b, self.blossomchilds[b], inblossom)  # type: ignore[arg-type]

    def _best_edges_of(self, b: int, path: list[int], inblossom: list[int]) -> None:
        label, dualvar, edges, nb = self.label, self.dualvar, self.edges, self.nb
        bestedgeto: dict[int, tuple[int, int]] = {}
        # The vertices in other S-blossoms, when few: a leaf reads its edges to them,
        # not every edge (most join two leaves of ``b`` when it holds most vertices;
        # the same edges in the same order when ``nb`` is in vertex order).
        others: list[int] | None = None
        for sub in path:
            known = self.blossombestedges[sub]
            if known is None:
                for leaf in self.leaves(sub):
                    dl = dualvar[leaf]
                    nbl = nb[leaf]
                    scan = nbl.items()
                    if len(nbl) > 32:
                        if others is None:
                            others = [u for u in range(self.n)
                                      if inblossom[u] != b and label[inblossom[u]] == 1]
                        if 2 * len(others) < len(nbl):
                            scan = [(w, p) for w in others if (p := nbl.get(w)) is not None]
                    for w, p in scan:
                        bj = inblossom[w]
                        if bj == b or label[bj] != 1:
                            continue
                        kk = p >> 1
                        sl = dl + dualvar[w] - edges[kk][2]
                        cur = bestedgeto.get(bj)
                        if cur is None or sl < cur[0]:
                            bestedgeto[bj] = (sl, kk)
            else:
                for kk in known:
                    i, j, wt = edges[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj == b or label[bj] != 1:
                        continue
                    sl = dualvar[i] + dualvar[j] - wt
                    cur = bestedgeto.get(bj)
                    if cur is None or sl < cur[0]:
                        bestedgeto[bj] = (sl, kk)
            self.blossombestedges[sub] = None
            self.bestedge[sub] = -1
        self.blossombestedges[b] = [kk for _sl, kk in bestedgeto.values()]
        if bestedgeto:
            sl, kk = min(bestedgeto.values())
            self.bestedge[b] = kk
            self.bsl[b] = sl
            self.bph[b] = self.phase
        else:
            self.bestedge[b] = -1

    def expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        label, labelend, endpoint, inblossom = (
            self.label, self.labelend, self.endpoint, self.inblossom)
        childs = self.blossomchilds[b]
        assert childs is not None
        for s in childs:
            self.blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    inblossom[leaf] = s
        if (not endstage) and label[b] == 2:
            endps = self.blossomendps[b]
            assert endps is not None
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                self.assign_label(endpoint[p ^ 1], 2, p)
                self.allowedge[endps[j - endptrick] >> 1] = 1
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p >> 1] = 1
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for leaf in self.leaves(bv):
                    if label[leaf] != 0:
                        found = leaf
                        break
                if found != -1:
                    label[found] = 0
                    label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self.assign_label(found, 2, labelend[found])
                j += jstep
        label[b] = labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.dualvar[b] = 0
        self.unusedblossoms.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        n = self.n
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= n:
            self.augment_blossom(t, v)
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        endpoint, mate = self.endpoint, self.mate
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= n:
                self.augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= n:
                self.augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]  # type: ignore[index]

    def augment_side(self, s: int, p: int) -> None:
        """Flip the tree path from S-vertex ``s`` to its root; ``s`` gets mate ``p``."""
        n = self.n
        inblossom, labelend, endpoint, mate = (
            self.inblossom, self.labelend, self.endpoint, self.mate)
        while True:
            bs = inblossom[s]
            if bs >= n:
                self.augment_blossom(bs, s)
            mate[s] = p
            if labelend[bs] == -1:
                break
            t = endpoint[labelend[bs]]
            bt = inblossom[t]
            s = endpoint[labelend[bt]]
            j = endpoint[labelend[bt] ^ 1]
            if bt >= n:
                self.augment_blossom(bt, j)
            mate[j] = labelend[bt]
            p = labelend[bt] ^ 1

    def solve(self) -> list[int]:
        """Re-optimise; return ``mate`` with ``mate[v] == v`` for unmatched vertices."""
        fresh = self.fresh
        self._repair()
        if not fresh or not self.greedy_stages:
            # (A fresh start has just paired greedily along tight edges itself.)
            self._greedy_tight()
        # Blossoms nest as deep as about half the vertices (thousands in a dense bracket of
        # a 5,000-player round), and augmenting or expanding one recurses once per level:
        # past Python's default limit of 1,000 that raised RecursionError. Since Python
        # 3.11 these pure-Python calls use no C stack, so a limit sized to the graph is safe.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 3 * self.n + 1000))
        try:
            self._stages()
        finally:
            sys.setrecursionlimit(limit)
        return [self.endpoint[m] if m >= 0 else v for v, m in enumerate(self.mate)]

    def _dual_change(self) -> tuple[int, int, int, int]:
        """The largest dual change that keeps every dual feasible, applied: S-vertices
        down, T-vertices up, S-blossoms up, T-blossoms down (doubled duals). Returns
        what stopped it: ``(1, vertex, -1, -1)`` an S-vertex's dual reached zero;
        ``(2, -1, edge, -1)`` an edge from S to a free vertex became tight;
        ``(3, -1, edge, -1)`` an edge between two S-blossoms did; ``(4, -1, -1,
        blossom)`` a T-blossom's dual reached zero."""
        n = self.n
        n2 = 2 * n
        label, inblossom, dualvar, edges = self.label, self.inblossom, self.dualvar, self.edges
        bestedge, blossomparent, blossombase = self.bestedge, self.blossomparent, self.blossombase
        deltatype = 1
        delta = -1
        deltavertex = -1
        for v in range(n):
            if label[inblossom[v]] == 1 and (delta < 0 or dualvar[v] < delta):
                delta = dualvar[v]
                deltavertex = v
        deltaedge = -1
        deltablossom = -1
        for v in range(n):
            be = bestedge[v]
            if be != -1 and label[inblossom[v]] == 0:
                e = edges[be]
                d = dualvar[e[0]] + dualvar[e[1]] - e[2]
                if d < delta:
                    delta = d
                    deltatype = 2
                    deltaedge = be
        for b in range(n2):
            be = bestedge[b]
            if be != -1 and blossomparent[b] == -1 and label[b] == 1:
                e = edges[be]
                d = (dualvar[e[0]] + dualvar[e[1]] - e[2]) // 2
                if d < delta:
                    delta = d
                    deltatype = 3
                    deltaedge = be
        for b in range(n, n2):
            if (label[b] == 2 and blossombase[b] >= 0 and blossomparent[b] == -1
                    and dualvar[b] < delta):
                delta = dualvar[b]
                deltatype = 4
                deltablossom = b
        for v in range(n):
            lb = label[inblossom[v]]
            if lb == 1:
                dualvar[v] -= delta
            elif lb == 2:
                dualvar[v] += delta
        for b in range(n, n2):
            if blossombase[b] >= 0 and blossomparent[b] == -1:
                if label[b] == 1:
                    dualvar[b] += delta
                elif label[b] == 2:
                    dualvar[b] -= delta
        return deltatype, deltavertex, deltaedge, deltablossom

    def _end_stage(self) -> bool:
        """Expand every top-level S-blossom whose dual reached zero; whether any was."""
        n, label, dualvar = self.n, self.label, self.dualvar
        blossomparent, blossombase = self.blossomparent, self.blossombase
        expanded = False
        for b in range(n, 2 * n):
            if (blossomparent[b] == -1 and blossombase[b] >= 0
                    and label[b] == 1 and dualvar[b] == 0):
                self.expand_blossom(b, True)
                expanded = True
        return expanded

    def _stages(self) -> None:
        """Grow alternating trees and augment until the matching is optimal."""
        n = self.n
        n2 = 2 * n
        label, inblossom, dualvar = self.label, self.inblossom, self.dualvar
        edges = self.edges
        nb, mate = self.nb, self.mate
        blossombase, labelend = self.blossombase, self.labelend
        bestedge, bsl, bph = self.bestedge, self.bsl, self.bph
        blossombestedges = self.blossombestedges
        first = True
        paths = self.greedy_stages
        # Whether the last stage changed the duals or expanded a blossom. A stage that
        # only augmented (one phase, no expansion) makes no tight edge between two
        # free singletons, and ``_greedy_tight`` left none before it: the next one
        # would scan every free vertex's edges for nothing.
        moved = True
        zeros, minus, nones = [0] * n2, [-1] * n2, [None] * n
        # Bounds no correct run comes near (guard.py): each stage ends in an
        # augmentation or takes a free vertex's dual to zero, so it leaves fewer free
        # vertices with a positive dual (at most n stages); each dual change of a stage
        # labels a vertex, makes or expands a blossom, or ends it (O(n) of them).
        stage_bound, phase_bound = 2 * n + 10, 20 * n + 50
        stages = 0
        while True:
            if not first and self.greedy_stages and moved:
                self._greedy_tight()
            first = False
            if paths:
                # (until a scan finds none: the stages' dual changes make few new ones)
                paths = self._greedy_paths() > 0
            # A new stage: labels and best edges cleared, every free vertex with a
            # positive dual a root (S); none left: the matching is optimal.
            label[:] = zeros
            bestedge[:] = minus
            blossombestedges[n:] = nones
            self.allowedge = allowedge = bytearray(len(edges))
            self.queue = deque()
            self.lazy_best = []
            for v in range(n):
                if mate[v] == -1 and dualvar[v] > 0 and label[inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            if not self.queue:
                break
            self.stages += 1
            stages += 1
            check_bound(stages, stage_bound, "the matching's stage loop")
            phases = 0
            # The vertices outside each S-blossom whose leaves were scanned, by blossom
            # (an S-blossom keeps its leaves until the stage ends: it only joins
            # bigger ones, under a new number, and a T-blossom expanded meanwhile
            # was never scanned). A leaf of a blossom around most of the bracket
            # reads its edges to those vertices, not every edge: in an odd bracket
            # the optimum often sits in one blossom around nearly everyone, and
            # then about half of all the edges read joined two of its leaves.
            outside: dict[int, list[int]] = {}
            done = False
            moved = False
            while not done:
                self.phase += 1
                phase = self.phase
                phases += 1
                check_bound(phases, phase_bound, "a stage of the matching")
                queue = self.queue
                while queue and not done:
                    v = queue.popleft()  # breadth first: short augmenting paths
                    bv = inblossom[v]
                    dv = dualvar[v]
                    nbv = nb[v]
                    scan = nbv.items()
                    if bv >= n:
                        out = outside.get(bv)
                        if out is None:
                            out = outside[bv] = [u for u in range(n) if inblossom[u] != bv]
                        if 2 * len(out) < len(nbv):
                            # (the same edges in the same order when ``nb[v]`` is in
                            # vertex order, as a bracket's rows build it)
                            scan = [(w, p) for w in out if (p := nbv.get(w)) is not None]
                    for w, p in scan:
                        bw = inblossom[w]
                        if bv == bw:
                            continue
                        lbw = label[bw]
                        if lbw == 2 and label[w]:
                            # A T-vertex (or a marked leaf of a T-blossom): nothing to
                            # learn from the edge (tight, it stays tight while its ends
                            # are S and T; otherwise it is no best edge).
                            continue
                        k = p >> 1
                        if allowedge[k] or (kslack := dv + dualvar[w] - edges[k][2]) <= 0:
                            allowedge[k] = 1
                            if lbw == 0:
                                if mate[blossombase[bw]] < 0:
                                    # A free vertex that needs no partner: augment to it.
                                    self.augment_side(v, p)
                                    if bw >= n:
                                        self.augment_blossom(bw, w)
                                    mate[w] = p ^ 1
                                    done = True
                                    break
                                self.assign_label(w, 2, p ^ 1)
                            elif lbw == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                    bv = inblossom[v]
                                else:
                                    self.augment_side(v, p)
                                    self.augment_side(w, p ^ 1)
                                    done = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                labelend[w] = p ^ 1
                        else:
                            # Remember the least-slack edge; cached slacks are valid
                            # until the duals change (the phase counter moves).
                            if lbw == 1:
                                x = bv
                            elif label[w] == 0:
                                x = w
                            else:
                                continue
                            be = bestedge[x]
                            if be == -1:
                                bestedge[x] = k
                                bsl[x] = kslack
                                bph[x] = phase
                                continue
                            if bph[x] != phase:
                                e = edges[be]
                                bsl[x] = dualvar[e[0]] + dualvar[e[1]] - e[2]
                                bph[x] = phase
                            if kslack < bsl[x]:
                                bestedge[x] = k
                                bsl[x] = kslack
                if done:
                    break
                if self.lazy_best:
                    self._blossom_best_edges()
                deltatype, deltavertex, deltaedge, deltablossom = self._dual_change()
                moved = True
                if deltatype == 1:
                    if mate[deltavertex] >= 0:
                        self.augment_side(deltavertex, -1)
                    break
                if deltatype == 2:
                    allowedge[deltaedge] = 1
                    i, j, _w = edges[deltaedge]
                    if label[inblossom[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    allowedge[deltaedge] = 1
                    i, j, _w = edges[deltaedge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            moved = self._end_stage() or moved

