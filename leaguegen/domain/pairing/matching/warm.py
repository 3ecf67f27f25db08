"""Re-optimising the blossom matching: warm starts, repairs after edits, removals.

The Dutch engine solves one bracket many times, each time after changing a few
weights (a nudge, a frozen decision, a pair fixed for good). :class:`Matching`
keeps its primal and dual solution between calls, so that changing a few edge
weights and calling ``solve`` again costs a few augmenting stages instead of a
full solve. After a change the dual solution is repaired locally (blossoms around
a changed edge are dissolved, duals raised where an edge became infeasible,
matched edges that stopped being tight are released); the freed vertices, whose
duals may now differ, are grown as alternating trees by the algorithm
(``blossom.py``), which this module does not change.

The warm starts: a caller that knows feasible duals gives them (``restart``,
``set_start``, ``raise_duals``), and a first solve pairs greedily along the tight
edges they make (``_fresh_start``); a dense graph can be written straight into
the edge table (``fresh_arrays``, ``set_rows``). For pruning, the solution's duals
are read back (``blossom_chains``, ``cycle_edges``) and edges no optimum uses are
dropped without a repair (``drop_edges``).
"""

from __future__ import annotations

from itertools import islice

from .blossom import GONE, BlossomMatching


class Matching(BlossomMatching):
    """:class:`BlossomMatching` that re-optimises after edits instead of starting over."""

    def __init__(self, n: int, greedy_stages: bool = False):
        super().__init__(n, greedy_stages)
        self.hint: list[int] | None = None  # see ``restart``
        self.start: list[int] | None = None  # see ``set_start``
        self.rows: list[int] | None = None  # see ``set_rows``
        self.recheck: set[int] = set()  # raised vertices whose matched edge may be slack

    def fresh_arrays(self) -> tuple[list[tuple[int, int, int]], list[int], list[dict[int, int]]]:
        """``edges``, ``endpoint`` and ``nb`` of a new, empty graph, for a caller that
        builds a dense graph in one pass (a bracket's every pair) and then gives
        its start duals (``set_start``). Edge ``k`` is ``(a, b, 2 * w)`` (the weight
        doubled) with ``a < b`` and ``w > 0``, ``endpoint[2k] = a``, ``endpoint[2k + 1] = b``,
        ``nb[a][b] = 2k + 1``, ``nb[b][a] = 2k``; each pair once."""
        assert self.fresh and not self.edges and not self.removed and not self.free_ids
        return self.edges, self.endpoint, self.nb

    def set_start(self, duals: list[int]) -> None:
        """Doubled duals for the first solve of a graph built from empty, used as the
        heaviest-edge start is (``_fresh_start``): the caller vouches that they are
        feasible (``duals[a] + duals[b] >= 2 w`` on every edge). For graphs where one
        vertex's heaviest edges are everyone's (a higher-scored player in a bracket)
        and the heaviest-edge duals leave nearly every vertex free."""
        self.start = duals

    def set_rows(self, starts: list[int]) -> None:
        """With ``fresh_arrays``: the edges were made row by row, vertex ``v``'s
        edges to lower vertices being ``edges[starts[v]:starts[v + 1]]`` in
        ascending order, before any edge to a higher one (so they are the first
        entries of ``nb[v]``), for ``v < len(starts) - 1``. The fresh start then reads
        them from the table without a lookup per edge."""
        self.rows = starts

    def restart(self, duals: list[int] | None = None) -> None:
        """Forget the current solution; the next solve starts afresh.

        ``duals`` (doubled vertex duals) may be given when the caller knows a
        feasible dual solution, e.g. ``w(a, b) <= (duals[a] + duals[b]) / 2`` with
        equality for most edges: the start then matches greedily along tight
        edges and only a few augmenting stages remain.
        """
        self._clear_solution()
        self.recheck = set()
        self.hint = duals

    def _fresh_start(self, heaviest_edges: list[int] | None = None) -> None:
        """Start duals and a greedy matching (``heaviest_edges``: each vertex's
        heaviest edge weight, when the caller has it)."""
        n, edges, mate = self.n, self.edges, self.mate
        hint, self.hint = self.hint, None
        if hint is not None:
            ok = all(hint[i] + hint[j] >= w2 for i, j, w2 in edges)
            if not ok:
                hint = None
        heaviest = hint is None
        if heaviest_edges is not None:
            hint = heaviest_edges
        elif hint is None:
            # Each vertex's heaviest edge as its (doubled) dual: feasible, tight where
            # both ends agree.
            hint = [0] * n
            for i, j, w2 in edges:
                w = w2 >> 1
                if w > hint[i]:
                    hint[i] = w
                if w > hint[j]:
                    hint[j] = w
        dv = self.dualvar
        for v in range(n):
            dv[v] = hint[v]
        # Greedy matching along tight edges, in vertex order.
        removed, nb, endpoint = self.removed, self.nb, self.endpoint
        # Under the heaviest-edge duals a pair is tight only where both ends' heaviest
        # edges are the same weight: in a dense bracket that is a few dozen pairs of
        # thousands of vertices, and this pass scanned every edge to find them. With
        # ``greedy_stages`` (callers that take any optimum) the pass below pairs
        # along those tight edges itself, in the same scan that lowers the duals.
        merged = heaviest and self.greedy_stages
        if merged:
            pass  # (the pairs are made below)
        elif heaviest:
            # Each dual is at least every weight at that vertex: an edge is tight
            # exactly when its weight equals both duals (no sums to form).
            for v in range(n):
                if mate[v] >= 0 or v in removed:
                    continue
                dvv = dv[v]
                for w, p in nb[v].items():
                    if mate[w] < 0 and dv[w] == dvv and edges[p >> 1][2] == 2 * dvv:
                        mate[v] = p
                        mate[w] = p ^ 1
                        break
        else:
            for v in range(n):
                if mate[v] >= 0 or v in removed:
                    continue
                for w, p in nb[v].items():
                    if mate[w] < 0 and dv[v] + dv[w] == edges[p >> 1][2]:
                        mate[v] = p
                        mate[w] = p ^ 1
                        break
        # Second pass: lower each free vertex's dual to the least feasible value
        # (one edge becomes tight, or the dual reaches 0) and pair it along a
        # tight edge to a free vertex if there is one.
        # One scan per vertex: the least feasible value is the largest need, and
        # the edges made tight are those whose need equals it (the first free
        # one in neighbour order is taken).
        rows, self.rows = self.rows, None
        nrows = len(rows) - 1 if rows is not None and merged else 0
        for v in range(n):
            if mate[v] >= 0 or v in removed or dv[v] <= 0:
                continue
            low = 0
            pick = -1
            nbv = nb[v]
            if v < nrows:
                # The first entries of ``nb[v]``, from the table (``set_rows``) ...
                ks, ke = rows[v], rows[v + 1]  # type: ignore[index]
                for w, _v, w2 in edges[ks:ke]:
                    need = w2 - dv[w]
                    if need >= low:
                        if need > low:
                            low = need
                            pick = nbv[w] if mate[w] < 0 else -1
                        elif pick < 0 and mate[w] < 0:
                            pick = nbv[w]
                # ... then the rest, as below.
                rest = islice(nbv.items(), ke - ks, None)
            else:
                rest = nbv.items()
            for w, p in rest:
                need = edges[p >> 1][2] - dv[w]
                if need >= low:  # (one comparison for the many edges below the largest)
                    if need > low:
                        low = need
                        pick = p if mate[w] < 0 else -1
                    elif pick < 0 and mate[w] < 0:
                        pick = p
            if low >= dv[v]:
                if merged and pick >= 0 and low == dv[v]:
                    # (a tight edge to a free vertex at the dual as it is)
                    mate[v] = pick
                    mate[endpoint[pick]] = pick ^ 1
                continue
            dv[v] = low
            if pick >= 0:
                mate[v] = pick
                mate[endpoint[pick]] = pick ^ 1
        for v in range(n):
            if mate[v] < 0 and dv[v] & 1:
                dv[v] += 1
        self.fresh = False

    def _repair(self) -> None:
        """Make the stored solution dual-feasible again after weight changes."""
        pending, self.pending = self.pending, {}
        if self.fresh:
            edges, endpoint, nb, n = self.edges, self.endpoint, self.nb, self.n
            start, self.start = self.start, None
            if self.hint is None and start is not None:
                # A graph built at once (``fresh_arrays``, these edits), from the
                # caller's start duals.
                for key, w in pending.items():
                    a, b = divmod(key, n)
                    if b in nb[a]:
                        self.rows = None  # (an edge of the rows changed)
                        self._apply(key, w)
                    elif w:
                        k = len(edges)
                        edges.append((a, b, 2 * w))
                        endpoint.append(a)
                        endpoint.append(b)
                        nb[a][b] = 2 * k + 1
                        nb[b][a] = 2 * k
                self._fresh_start(start)
                return
            if self.hint is None and not edges:
                # An empty graph built at once: each vertex's heaviest edge (the
                # start's duals) in the same pass.
                top = [0] * n
                for key, w in pending.items():
                    if w:
                        a, b = divmod(key, n)
                        k = len(edges)
                        edges.append((a, b, 2 * w))
                        endpoint.append(a)
                        endpoint.append(b)
                        nb[a][b] = 2 * k + 1
                        nb[b][a] = 2 * k
                        if w > top[a]:
                            top[a] = w
                        if w > top[b]:
                            top[b] = w
                self._fresh_start(top)
                return
            for key, w in pending.items():
                a, b = divmod(key, n)
                if w and not self.free_ids and b not in nb[a]:
                    # A new edge at the end of the table (``_apply``, inlined).
                    k = len(edges)
                    edges.append((a, b, 2 * w))
                    endpoint.append(a)
                    endpoint.append(b)
                    nb[a][b] = 2 * k + 1
                    nb[b][a] = 2 * k
                else:
                    self._apply(key, w)
            self._fresh_start()
            return
        dv = self.dualvar
        inb = self.inblossom
        changed = []
        edges, n, nb = self.edges, self.n, self.nb
        mate, endpoint = self.mate, self.endpoint
        for key, w in pending.items():
            a, b = divmod(key, n)
            p = nb[a].get(b)
            if p is None:
                if not w:
                    continue
                e = None
            else:
                k = p >> 1
                e = edges[k]
                if e[2] == 2 * w:
                    continue
            ia = inb[a]
            if ia == inb[b] and ia >= n:
                self._singleton(a)
                self._singleton(b)
            if w and e is not None:
                edges[k] = (e[0], e[1], 2 * w)  # an existing edge re-weighted (as _apply does)
            else:
                if w == 0 and self._mate_vertex(a) == b:
                    self._unmatch(a)
                self._apply(key, w)
            if w:
                changed.append((a, b, w))
        # (Each pair is pending once, so ``changed`` holds the stored weights.)
        for a, b, w in changed:
            s = dv[a] + dv[b] - 2 * w
            ma = mate[a]
            if ma >= 0 and endpoint[ma] == b:
                if s > 0:
                    # Lower one end so the matched edge is tight again, if its other
                    # edges have room; otherwise let the pair go.
                    for x, y in ((a, b), (b, a)):
                        if inb[x] == x and dv[x] >= s and self._room(x, y) >= s:
                            dv[x] -= s
                            break
                    else:
                        self._unmatch(a)
                elif s < 0:
                    x = a if inb[a] == a else b
                    self._singleton(x)
                    dv[x] -= s
                continue
            if s >= 0:
                continue
            # Raise one endpoint by the deficit; its partner, if any, gives the same
            # amount back when its other edges have room. Otherwise free the pair.
            d = -s
            done = False
            for x, y in ((a, b), (b, a)):
                if inb[x] != x:
                    continue
                if self.mate[x] < 0:
                    dv[x] += d
                    done = True
                    break
                p = self._mate_vertex(x)
                if p != y and inb[p] == p and dv[p] >= d and self._room(p, x) >= d:
                    dv[x] += d
                    dv[p] -= d
                    done = True
                    break
            if not done:
                x = a if inb[a] == a or inb[b] != b else b
                self._singleton(x)
                dv[x] += d
                if self.mate[x] >= 0:
                    self._unmatch(x)
        recheck, self.recheck = self.recheck, set()
        for v in recheck:
            u = self._mate_vertex(v)
            if u >= 0 and dv[v] + dv[u] != 2 * self.weight(v, u):
                self._unmatch(v)
        # Roots must share the parity of their duals: a dual change that makes an
        # edge between two trees tight is half its slack, exact only when that slack
        # is even. Dissolving the blossoms around a free vertex adds their duals to
        # its own, which may change its parity: read it again afterwards (raising
        # an even dual by one made it odd, and the next stage then matched along
        # an edge one short of tight: a pair lost, a bracket never paired).
        for v in range(self.n):
            if self.mate[v] < 0 and dv[v] > 0 and dv[v] & 1:
                self._singleton(v)
                if self.mate[v] < 0 and dv[v] & 1:
                    dv[v] += 1

    def raise_duals(self, deltas: dict[int, int]) -> None:
        """Raise the (doubled) duals of some vertices by even amounts, now.

        A warm start for a re-weighting the caller can cover with per-vertex
        terms: called before the new weights are solved, it keeps tight the
        matched edges whose weight rises by the two ends' raises. Blossoms around
        a raised vertex are dissolved and a matched edge that stops being tight
        (checked in the next repair, under the new weights) is released, so the
        stored solution stays valid whatever the amounts; ``solve`` repairs the
        rest as usual.
        """
        if self.fresh:
            return
        dv = self.dualvar
        for v, d in deltas.items():
            if d <= 0 or d & 1 or v in self.removed:
                continue
            self._singleton(v)
            dv[v] += d
        self.recheck.update(deltas)

    def _room(self, x: int, skip: int) -> int:
        """Smallest slack over the edges of singleton ``x`` other than to ``skip``."""
        dv = self.dualvar
        edges = self.edges
        base = dv[x]
        room = base
        for w, p in self.nb[x].items():
            if w == skip:
                continue
            sl = base + dv[w] - edges[p >> 1][2]
            if sl < room:
                room = sl
        return room

    def _singleton(self, v: int) -> None:
        while self.inblossom[v] >= self.n:
            self._dissolve_top(self.inblossom[v])

    def _dissolve_top(self, b: int) -> None:
        """Expand top-level blossom ``b`` whatever its dual, keeping the duals feasible."""
        n = self.n
        z = self.dualvar[b]
        if z:
            for leaf in self.leaves(b):
                self.dualvar[leaf] += z
            base = self.blossombase[b]
            if self.mate[base] >= 0:
                self._unmatch(base)
        childs = self.blossomchilds[b]
        assert childs is not None
        for s in childs:
            self.blossomparent[s] = -1
            if s < n:
                self.inblossom[s] = s
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.dualvar[b] = 0
        self.unusedblossoms.append(b)

    def _mate_vertex(self, v: int) -> int:
        m = self.mate[v]
        return -1 if m < 0 else self.endpoint[m]

    def _unmatch(self, v: int) -> None:
        u = self._mate_vertex(v)
        self.mate[v] = -1
        if u >= 0:
            self.mate[u] = -1

    def remove(self, verts: list[int]) -> None:
        """Take vertices out of the problem for good (e.g. a pair that is now fixed)."""
        gone = set(verts)
        self.removed |= gone
        n = self.n
        for key in [k for k in self.pending if k // n in gone or k % n in gone]:
            del self.pending[key]
        for v in verts:
            self._singleton(v)
        # Drop every edge of the removed vertices (``_apply(key, 0)``, inlined).
        edges, nb, free_ids = self.edges, self.nb, self.free_ids
        for v in verts:
            for w, p in nb[v].items():
                k = p >> 1
                del nb[w][v]
                free_ids.append(k)
                edges[k] = GONE
            nb[v] = {}
        for v in verts:
            if self.mate[v] >= 0:
                self._unmatch(v)
            self.dualvar[v] = 0
    def blossom_chains(self) -> list[list[tuple[int, int]] | None]:
        """Per vertex, its blossoms from the outermost in: ``(blossom, z)`` with ``z``
        the sum of the (doubled-slack) duals of that blossom and those around it;
        None outside every blossom. The full slack of an edge inside blossoms is
        ``dualvar[a] + dualvar[b] - 2 w + 2 z`` of the innermost blossom holding both.
        """
        n, parent, dual = self.n, self.blossomparent, self.dualvar
        chains: list[list[tuple[int, int]] | None] = [None] * n
        known: dict[int, list[tuple[int, int]]] = {}
        for v in range(n):
            b = parent[v]
            if b == -1:
                continue
            chain = known.get(b)
            if chain is None:
                up = []
                x = b
                while x != -1 and x not in known:
                    up.append(x)
                    x = parent[x]
                chain = known[x] if x != -1 else []
                for x in reversed(up):
                    z = (chain[-1][1] if chain else 0) + dual[x]
                    chain = [*chain, (x, z)]
                    known[x] = chain
            chains[v] = chain
        return chains

    def drop_edges(self, pairs: list[tuple[int, int]]) -> None:
        """Delete edges that are not matched and on no blossom's cycle, such as those
        with positive slack, blossom duals counted (``blossom_chains``), under the
        current optimal duals.

        Without such an edge the solution is as valid as before (one dual
        constraint fewer, the matching and the blossoms untouched): unlike a weight
        change through ``set_weight``, nothing is dissolved or freed. It stays
        optimal when the edge was in no optimum (positive slack); otherwise the next
        ``solve`` goes on from it.
        """
        edges, nb, free_ids = self.edges, self.nb, self.free_ids
        for a, b in pairs:
            p = nb[a].pop(b)
            del nb[b][a]
            k = p >> 1
            free_ids.append(k)
            edges[k] = GONE

    def install(self, pairs: list[tuple[int, int, int]]) -> None:
        """Match ``a``-``b`` for every ``(a, b, w)`` of ``pairs`` instead of what those
        vertices were matched to, adding the pair's edge at weight ``w`` where the
        graph lacks it. The caller vouches that the result is an optimum under the
        current duals: no edit pending, no blossom around these vertices, each pair
        tight, and the vertices the same as those matched among themselves before
        (so no other vertex loses its partner). For a caller that found another
        optimum of the same graph by itself (``BracketSolver.split_by_tight``)."""
        assert not self.pending
        nb, mate = self.nb, self.mate
        n = self.n
        for a, b, w in pairs:
            if b not in nb[a]:
                self._apply(a * n + b if a < b else b * n + a, w)
        for a, b, _w in pairs:
            mate[a] = nb[a][b]
            mate[b] = nb[b][a]

    def cycle_edges(self) -> set[int]:
        """Indices of the edges that join the children of a blossom."""
        out: set[int] = set()
        for endps in self.blossomendps[self.n:]:
            if endps is not None:
                out.update(p >> 1 for p in endps)
        return out

