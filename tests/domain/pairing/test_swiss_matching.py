"""The blossom matching against brute force, one-shot and after edits."""

from __future__ import annotations

import random

import pytest

from leaguegen.domain.pairing.matching import BlossomMatching, Matching, max_weight_matching


def _best(n: int, w: dict[tuple[int, int], int], gone: set[int]) -> int:
    best = 0

    def rec(avail: list[int], acc: int) -> None:
        nonlocal best
        if not avail:
            best = max(best, acc)
            return
        v, rest = avail[0], avail[1:]
        rec(rest, acc)
        for u in rest:
            x = w.get((min(u, v), max(u, v)), 0)
            if x:
                rec([y for y in rest if y != u], acc + x)

    rec([v for v in range(n) if v not in gone], 0)
    return best


def _weight(mate: list[int], w: dict[tuple[int, int], int], gone: set[int]) -> int:
    total = 0
    for v, u in enumerate(mate):
        if v in gone or u == v:
            continue
        assert mate[u] == v
        if v < u:
            assert w.get((v, u), 0) > 0
            total += w[(v, u)]
    return total


# ``greedy_stages`` (the Dutch engine's setting) only changes the route to an optimum.
GREEDY = pytest.mark.parametrize("greedy", [False, True], ids=["plain", "greedy-stages"])


@GREEDY
def test_one_shot_matches_brute_force(greedy: bool) -> None:
    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(1, 9)
        edges = [
            (i, j, rng.choice([1, 2, 3, 5, 8, 1 << 70]) * rng.randint(1, 4))
            for i in range(n) for j in range(i + 1, n) if rng.random() < 0.6
        ]
        if greedy:
            m = Matching(n, greedy_stages=True)
            for i, j, x in edges:
                m.set_weight(i, j, x)
            mate = [-1 if u == v else u for v, u in enumerate(m.solve())]
        else:
            mate = max_weight_matching(n, edges)
        w = {(i, j): x for i, j, x in edges}
        got = sum(w[(v, u)] for v, u in enumerate(mate) if u > v)
        assert got == _best(n, w, set())


@GREEDY
def test_reoptimising_after_edits_and_removals(greedy: bool) -> None:
    rng = random.Random(11)
    for _ in range(250):
        n = rng.randint(2, 9)
        m = Matching(n, greedy_stages=greedy)
        w: dict[tuple[int, int], int] = {}
        gone: set[int] = set()
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.6:
                    w[(i, j)] = x = rng.choice([1, 2, 3, 5, 8, 13, 100]) * rng.randint(1, 4)
                    m.set_weight(i, j, x)
        for _step in range(6):
            mate = m.solve()
            assert _weight(mate, w, gone) == _best(n, w, gone)
            alive = [v for v in range(n) if v not in gone]
            matched = [v for v in alive if mate[v] != v]
            if matched and rng.random() < 0.2:
                v = rng.choice(matched)
                u = mate[v]
                m.remove([v, u])
                gone |= {v, u}
                w = {k: x for k, x in w.items() if not (set(k) & {u, v})}
                continue
            if len(alive) < 2:
                break
            v = rng.choice(alive)
            for u in alive:
                if u != v and rng.random() < 0.6:
                    k = (min(u, v), max(u, v))
                    x = rng.choice([0, 1, 2, 3, 5, 8, 13, 100, 1000]) * rng.randint(1, 3)
                    if x:
                        w[k] = x
                    else:
                        w.pop(k, None)
                    m.set_weight(u, v, x)


@GREEDY
def test_the_algorithm_alone_solves_again_after_edits(greedy: bool) -> None:
    """``BlossomMatching`` (blossom.py, without warm.py's repairs) is a whole
    algorithm: an edit to a solved graph is solved again from scratch, to an
    optimum, and ``Matching`` re-optimising the same edits finds the same value."""
    rng = random.Random(13)
    for _ in range(200):
        n = rng.randint(2, 9)
        alone, warm = BlossomMatching(n, greedy_stages=greedy), Matching(n, greedy_stages=greedy)
        w: dict[tuple[int, int], int] = {}
        for _step in range(4):
            for i in range(n):
                for j in range(i + 1, n):
                    if rng.random() < 0.3:
                        x = rng.choice([0, 1, 2, 3, 5, 8, 13, 1 << 70]) * rng.randint(1, 3)
                        if x:
                            w[(i, j)] = x
                        else:
                            w.pop((i, j), None)
                        alone.set_weight(i, j, x)
                        warm.set_weight(i, j, x)
            best = _best(n, w, set())
            assert _weight(alone.solve(), w, set()) == best
            assert _weight(warm.solve(), w, set()) == best


@GREEDY
def test_raised_duals_before_a_reweighting(greedy: bool) -> None:
    """``raise_duals`` is only a warm start: any even raises, before any edits
    (including the per-vertex re-weighting it is meant for), keep it exact."""
    rng = random.Random(23)
    for _ in range(300):
        n = rng.randint(2, 10)
        m = Matching(n, greedy_stages=greedy)
        w: dict[tuple[int, int], int] = {}
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.7:
                    w[(i, j)] = x = rng.choice([1, 2, 3, 5, 8, 13, 100]) * rng.randint(1, 4)
                    m.set_weight(i, j, x)
        for _step in range(4):
            mate = m.solve()
            assert _weight(mate, w, set()) == _best(n, w, set())
            f = {v: rng.randint(-3, 6) for v in range(n)}
            if rng.random() < 0.5:
                # The Dutch remainder shape: each edge gains 2 f(lower index).
                m.raise_duals({v: 4 * f[v] for v in range(n) if f[v] > 0})
                for (i, j), x in list(w.items()):
                    w[(i, j)] = y = max(x + 2 * f[i], 0)
                    if not y:
                        del w[(i, j)]
                    m.set_weight(i, j, y)
            else:
                m.raise_duals({v: 2 * rng.randint(0, 20) for v in range(n)})
                for (i, j), x in list(w.items()):
                    if rng.random() < 0.3:
                        w[(i, j)] = y = x + rng.randint(0, 9)
                        m.set_weight(i, j, y)


def test_dense_ties_same_optimum_both_ways() -> None:
    """Dense graphs with few distinct wide weights (the Dutch brackets' shape), where
    blossoms and the greedy stages matter: the same optimum value either way, after
    re-weightings of whole rows and removals too."""
    rng = random.Random(31)
    for _ in range(12):
        n = rng.randint(20, 48)
        levels = [(1 << 200) + (rng.randint(0, 3) << 120) + rng.randint(0, 2) for _ in range(4)]
        w = {(i, j): rng.choice(levels) for i in range(n) for j in range(i + 1, n)
             if rng.random() < 0.8}
        plain, greedy = Matching(n), Matching(n, greedy_stages=True)
        gone: set[int] = set()
        for m in (plain, greedy):
            for (i, j), x in w.items():
                m.set_weight(i, j, x)
        for _step in range(8):
            a, b = plain.solve(), greedy.solve()
            assert _weight(a, w, gone) == _weight(b, w, gone)
            alive = [v for v in range(n) if v not in gone]
            v = rng.choice(alive)
            if rng.random() < 0.3 and b[v] != v:
                pair = [v, b[v]]
                for m in (plain, greedy):
                    m.remove(pair)
                gone |= set(pair)
                w = {k: x for k, x in w.items() if not (set(k) & gone)}
                continue
            for u in alive:
                k = (min(u, v), max(u, v))
                if u != v and k in w:
                    w[k] = x = w[k] + rng.randint(0, 3 * n)
                    for m in (plain, greedy):
                        m.set_weight(u, v, x)


def _full_slack(m: Matching, chains: list, a: int, b: int, w: int) -> int:
    z = 0
    ca, cb = chains[a], chains[b]
    if ca is not None and cb is not None:
        for x, y in zip(ca, cb, strict=False):
            if x[0] != y[0]:
                break
            z = x[1]
    return m.dualvar[a] + m.dualvar[b] - 2 * w + 2 * z


def test_full_slack_proves_an_edge_useless() -> None:
    """What the Dutch prune relies on: with the blossom duals counted
    (``blossom_chains``), every matched edge is tight and no slack is negative,
    and an edge with positive slack can go without lowering the optimum."""
    rng = random.Random(41)
    dropped = 0
    for _ in range(40):
        n = rng.choice([9, 11, 13, 15])  # odd: one vertex stays free, blossoms form
        levels = [rng.randint(20, 23) for _ in range(3)]
        w = {(i, j): rng.choice(levels) for i in range(n) for j in range(i + 1, n)
             if rng.random() < 0.85}
        m = Matching(n, greedy_stages=True)
        for (i, j), x in w.items():
            m.set_weight(i, j, x)
        mate = m.solve()
        best = _weight(mate, w, set())
        chains = m.blossom_chains()
        for (i, j), x in w.items():
            s = _full_slack(m, chains, i, j, x)
            assert s >= 0
            if mate[i] == j:
                assert s == 0
            elif s > 0:
                again = Matching(n)
                for k, y in w.items():
                    if k != (i, j):
                        again.set_weight(*k, y)
                assert _weight(again.solve(), w, set()) == best
                dropped += 1
        # ``drop_edges`` takes them all out at once and the solution stays optimal,
        # through later edits too.
        useless = [k for k, x in w.items() if _full_slack(m, chains, *k, x) > 0]
        m.drop_edges(useless)
        for k in useless:
            del w[k]
        assert m.solve() == mate
        for _step in range(3):
            v = rng.randrange(n)
            for (i, j), x in list(w.items()):
                if v in (i, j):
                    w[(i, j)] = x + rng.randint(0, 2)
                    m.set_weight(i, j, w[(i, j)])
            plain = Matching(n)
            for k, x in w.items():
                plain.set_weight(*k, x)
            assert _weight(m.solve(), w, set()) == _weight(plain.solve(), w, set())
    assert dropped > 50


def _assert_optimal(m: Matching, mate: list[int], w: dict[tuple[int, int], int],
                    gone: set[int]) -> None:
    """The dual solution proves ``mate`` optimal (complementary slackness): no edge with
    a negative slack (blossom duals counted), every matched edge tight, a free vertex at
    dual zero, every blossom with a positive dual matched inside but for its base."""
    n = m.n
    chains = m.blossom_chains()
    for (i, j), x in w.items():
        s = _full_slack(m, chains, i, j, x)
        assert s >= 0
        if mate[i] == j:
            assert s == 0
    for v in range(n):
        if v in gone:
            continue
        assert m.dualvar[v] >= 0
        if mate[v] == v:
            assert m.dualvar[v] == 0
    for b in range(n, 2 * n):
        if m.blossombase[b] < 0:
            continue
        assert m.dualvar[b] >= 0
        if m.dualvar[b] > 0:
            inside = set(m.leaves(b))
            paired = sum(1 for v in inside if mate[v] != v and mate[v] in inside)
            assert paired == len(inside) - 1


@pytest.mark.parametrize("greedy", [False, True], ids=["plain", "greedy-stages"])
def test_big_blossoms_optimal_by_their_duals(greedy: bool) -> None:
    """Odd, dense brackets where one blossom grows around most vertices: its leaves read
    only their edges leaving it, in the stages and for its best edges (``_stages``,
    ``_best_edges_of``). After every solve, through row re-weightings and removals,
    the duals prove the matching optimal, and it weighs what the other route finds."""
    rng = random.Random(53)
    for _ in range(6):
        n = rng.choice([41, 55, 67])
        levels = [(1 << 300) + (rng.randint(0, 2) << 150) + rng.randint(0, 1) for _ in range(3)]
        w = {(i, j): rng.choice(levels) for i in range(n) for j in range(i + 1, n)
             if rng.random() < 0.9}
        m, other = Matching(n, greedy_stages=greedy), Matching(n, greedy_stages=not greedy)
        for (i, j), x in w.items():
            m.set_weight(i, j, x)
            other.set_weight(i, j, x)
        gone: set[int] = set()
        for _step in range(6):
            mate = m.solve()
            _assert_optimal(m, mate, w, gone)
            assert _weight(mate, w, gone) == _weight(other.solve(), w, gone)
            alive = [v for v in range(n) if v not in gone]
            v = rng.choice(alive)
            if rng.random() < 0.3 and mate[v] != v:
                pair = [v, mate[v]]
                m.remove(pair)
                other.remove(pair)
                gone |= set(pair)
                w = {k: x for k, x in w.items() if not (set(k) & gone)}
                continue
            for u in alive:
                k = (min(u, v), max(u, v))
                if u != v and k in w:
                    w[k] = x = w[k] + rng.randint(0, 2 * n)
                    m.set_weight(u, v, x)
                    other.set_weight(u, v, x)


@pytest.mark.parametrize("greedy", [False, True], ids=["plain", "greedy-stages"])
def test_unpairing_a_blossom_base_keeps_the_duals_a_proof(greedy: bool) -> None:
    """Issue 26's hang: the Dutch engine zeroes a matched pair, which frees a vertex
    inside blossoms; the repair dissolves them, adding their duals (odd ones too) to
    the vertex's, and used to raise it by one for a parity it no longer had. The
    next stage then matched along an edge one short of tight (half an odd slack,
    rounded down): the matching still looked optimal by weight, but the duals no
    longer proved it, and the prune that trusts them dropped a pair the bracket
    needed. After every solve, through such unpairings, removals and re-weightings,
    the duals prove the matching optimal."""
    for seed in range(120):
        rng = random.Random(seed)
        n = rng.choice([7, 8, 9, 11])
        levels = [(1 << 40) + rng.randint(0, 3) * (1 << 20) + rng.randint(0, 1)
                  for _ in range(3)]
        w = {(i, j): rng.choice(levels) for i in range(n) for j in range(i + 1, n)
             if rng.random() < 0.7}
        m = Matching(n, greedy_stages=greedy)
        for k, x in w.items():
            m.set_weight(*k, x)
        gone: set[int] = set()
        for _step in range(8):
            mate = m.solve()
            _assert_optimal(m, mate, w, gone)
            matched = [v for v in range(n) if v not in gone and mate[v] != v]
            if not matched:
                break
            v = rng.choice(matched)
            u = mate[v]
            op = rng.random()
            if op < 0.5:  # the pair may no longer meet (a split's freeze, a prune)
                del w[(min(u, v), max(u, v))]
                m.set_weight(u, v, 0)
            elif op < 0.7:
                m.remove([u, v])
                gone |= {u, v}
                w = {k: x for k, x in w.items() if not (set(k) & gone)}
            else:
                for x in range(n):
                    k = (min(x, v), max(x, v))
                    if k in w:
                        w[k] += rng.randint(0, 3)
                        m.set_weight(*k, w[k])
