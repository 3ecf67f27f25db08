"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm).

Primal-dual O(n^3) algorithm in the formulation of Galil (1986), with integer
arithmetic only: vertex duals are stored doubled, so every quantity stays an
integer when the edge weights are integers (Python ints, so the very wide
weights the Dutch engine builds are exact).

``max_weight_matching(n, edges)`` takes vertices ``0..n-1`` and a list of
``(u, v, weight)`` with positive integer weights; it returns ``mate`` where
``mate[v]`` is v's partner or ``-1``. Zero-weight edges are simply not passed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    if not edges:
        return [-1] * n
    return _Solver(n, edges).solve()


class _Solver:
    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]):
        self.n = n
        self.edges = list(edges)
        ne = len(self.edges)
        self.endpoint = [0] * (2 * ne)
        neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _w) in enumerate(self.edges):
            self.endpoint[2 * k] = i
            self.endpoint[2 * k + 1] = j
            neighbend[i].append(2 * k + 1)
            neighbend[j].append(2 * k)
        self.neighbend = neighbend
        maxweight = max(w for _i, _j, w in self.edges)
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [maxweight] * n + [0] * n
        self.allowedge = [False] * ne
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dualvar[i] + self.dualvar[j] - 2 * w

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(self.blossomchilds[t])  # type: ignore[arg-type]

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
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
        bestedgeto: dict[int, int] = {}
        for sub in path:
            if self.blossombestedges[sub] is None:
                nblists = [[p // 2 for p in self.neighbend[leaf]] for leaf in self.leaves(sub)]
            else:
                nblists = [self.blossombestedges[sub]]  # type: ignore[list-item]
            for nblist in nblists:
                for kk in nblist:
                    i, j, _w = self.edges[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (bj != b and self.label[bj] == 1 and (
                            bj not in bestedgeto
                            or self.slack(kk) < self.slack(bestedgeto[bj]))):
                        bestedgeto[bj] = kk
            self.blossombestedges[sub] = None
            self.bestedge[sub] = -1
        best = list(bestedgeto.values())
        self.blossombestedges[b] = best
        self.bestedge[b] = -1
        for kk in best:
            if self.bestedge[b] == -1 or self.slack(kk) < self.slack(self.bestedge[b]):
                self.bestedge[b] = kk

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
                self.allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p // 2] = True
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

    def augment_matching(self, k: int) -> None:
        v, w, _wt = self.edges[k]
        n = self.n
        inblossom, labelend, endpoint, mate = (
            self.inblossom, self.labelend, self.endpoint, self.mate)
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
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
        n = self.n
        label, inblossom, dualvar = self.label, self.inblossom, self.dualvar
        endpoint = self.endpoint
        for _stage in range(n):
            for i in range(2 * n):
                label[i] = 0
                self.bestedge[i] = -1
            for i in range(n, 2 * n):
                self.blossombestedges[i] = None
            self.allowedge = [False] * len(self.edges)
            allowedge = self.allowedge
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and label[inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            augmented = False
            while True:
                queue = self.queue
                while queue and not augmented:
                    v = queue.pop()
                    bv = inblossom[v]
                    dv = dualvar[v]
                    for p in self.neighbend[v]:
                        k = p >> 1
                        w = endpoint[p]
                        bw = inblossom[w]
                        if bv == bw:
                            continue
                        if not allowedge[k]:
                            kslack = dv + dualvar[w] - 2 * self.edges[k][2]
                            if kslack <= 0:
                                allowedge[k] = True
                        if allowedge[k]:
                            if label[bw] == 0:
                                self.assign_label(w, 2, p ^ 1)
                            elif label[bw] == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                    bv = inblossom[v]
                                else:
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                self.labelend[w] = p ^ 1
                        elif label[bw] == 1:
                            if self.bestedge[bv] == -1 or kslack < self.slack(self.bestedge[bv]):
                                self.bestedge[bv] = k
                        elif label[w] == 0 and (
                                self.bestedge[w] == -1 or kslack < self.slack(self.bestedge[w])):
                            self.bestedge[w] = k
                if augmented:
                    break
                deltatype = 1
                delta = min(dualvar[:n])
                deltaedge = -1
                deltablossom = -1
                for v in range(n):
                    if label[inblossom[v]] == 0 and self.bestedge[v] != -1:
                        d = self.slack(self.bestedge[v])
                        if d < delta:
                            delta = d
                            deltatype = 2
                            deltaedge = self.bestedge[v]
                for b in range(2 * n):
                    if self.blossomparent[b] == -1 and label[b] == 1 and self.bestedge[b] != -1:
                        d = self.slack(self.bestedge[b]) // 2
                        if d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = self.bestedge[b]
                for b in range(n, 2 * n):
                    if (self.blossombase[b] >= 0 and self.blossomparent[b] == -1
                            and label[b] == 2 and dualvar[b] < delta):
                        delta = dualvar[b]
                        deltatype = 4
                        deltablossom = b
                for v in range(n):
                    lb = label[inblossom[v]]
                    if lb == 1:
                        dualvar[v] -= delta
                    elif lb == 2:
                        dualvar[v] += delta
                for b in range(n, 2 * n):
                    if self.blossombase[b] >= 0 and self.blossomparent[b] == -1:
                        if label[b] == 1:
                            dualvar[b] += delta
                        elif label[b] == 2:
                            dualvar[b] -= delta
                if deltatype == 1:
                    break
                if deltatype == 2:
                    allowedge[deltaedge] = True
                    i, j, _w = self.edges[deltaedge]
                    if label[inblossom[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    allowedge[deltaedge] = True
                    i, j, _w = self.edges[deltaedge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (self.blossomparent[b] == -1 and self.blossombase[b] >= 0
                        and label[b] == 1 and dualvar[b] == 0):
                    self.expand_blossom(b, True)
        return [endpoint[m] if m >= 0 else -1 for m in self.mate]
