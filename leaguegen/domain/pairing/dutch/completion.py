"""A greedy perfect matching on the compatibility graph: the fast solver's proof step.

It only ever proves that a completion exists; when it fails to find one the caller
takes the exact route, so a miss costs time, never correctness.
"""

from __future__ import annotations

from collections.abc import Callable

from leaguegen.domain.pairing.players import Entrant

SCAN = 200  # partners tried per pool


def perfect(order: list[Entrant], compat: Callable[[Entrant, Entrant], bool], cls: list[int],
            verts: list[int], ys: set[int] | None = None) -> dict[int, int] | None:
    """A perfect matching of ``verts`` in the compatibility graph, found greedily
    (no two of ``ys`` together), or None when the greedy search fails.

    ``cls[v]`` is ``v``'s absolute colour (0 white, 1 black) or 2: players are drawn
    from the pools so that absolute colours meet their opposites first.
    """
    if len(verts) % 2:
        return None
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
            stop = max(-1, i - SCAN)
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
