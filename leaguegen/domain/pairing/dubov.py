"""The Dubov system (FIDE C.04.4.1, effective 1 February 2026), article by article.

The aim of the system is to equalise the average rating of the opponents (ARO)
inside each scoregroup: a bracket is split into White seekers (G1) and the rest
(G2); G1 is sorted by ascending ARO and G2 by ascending TPN, and the first
legal transposition of G2 pairs the White seeker who has met the weakest
opposition with the strongest Black seeker.

One round (1.9.2): the pairing-allocated bye first (3.1), then brackets from the
top score down. A bracket is the remaining players of the top scoregroup plus
the fewest upfloaters from below (3.2.1); which upfloaters is settled by the
criteria C5-C10 and then by the order of 4.2 (3.2.2). Everything that must
hold for the rest of the round (C4) is checked with a maximum matching over all
players still to be paired, so a bracket never leaves an unpairable remainder.

Readings where the text leaves a choice (each repeated in docs/swiss.md):

- Provisional ratings (1.1.2): see ``dubov_lim_support.provisional_ratings``.
- "Upfloated" (1.8, C8-C10) is not defined by the text: a player upfloated in a
  round when paired (game played or forfeited) against an opponent whose score
  before that round was higher. The PAB and unpaired rounds are no upfloat.
- C9 counts, over the chosen upfloaters who are maximum upfloaters, their
  earlier upfloats added together.
- 3.2.4 step 2 takes its shifters from the players who were in the larger
  subgroup from the start, never back from the players step 1 has just moved
  (moving one back would undo a shift step 1 found unavoidable).
- 3.2.6 asks only for a legal transposition; with the shifts of 3.2.4 every
  legal transposition gives the same (best) number of colour preferences,
  which is proved in the digest, so nothing is lost.
- 5.2.1 gives the higher-ranked player the initial colour when their TPN is
  odd, as written, also when players with lower TPNs are absent.
- Scores are pairing scores (virtual points of C.04.7 included); the last round
  (C8-C10 off) is the round numbered ``rounds_total``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from leaguegen.errors import Message, NoValidPairing

from . import pairing as _dutch_and_burstein_first  # noqa: F401  (registry order: Dutch first)
from .dubov_lim_support import (
    best_pairs,
    middle_out,
    perfectly_pairable,
    played_pairs,
    provisional_ratings,
)
from .guard import check_shrank
from .matching import Matching
from .players import NONE, B, Entrant, W, first_colour_difference, invert
from .result import (
    BoardExplanation,
    ByeExplanation,
    ByeReason,
    ColourRule,
    Float,
    FloatDirection,
    FloatReason,
    PairingResult,
    Relaxed,
    RelaxedKind,
)
from .state import SwissState
from .system import N_, PairingSystem, register

ABSOLUTE, STRONG, MILD = 3, 2, 1


@dataclass(eq=False)
class DubovPlayer:
    """One player to be paired, with every fact the Dubov articles read."""

    e: Entrant
    tpn: int
    rating: int
    score: int  # pairing score in units (virtual points included)
    aro: int  # 1.7
    pref: int  # 1.6: W or B; never NONE (1.6.4: no games = mild Black)
    strength: int  # ABSOLUTE / STRONG / MILD
    games: int
    upfloats: int  # times upfloated so far (1.8)
    up_last: bool  # upfloated in the previous round (C10)
    eligible: bool  # may receive the PAB (C2)

    @property
    def absolute(self) -> bool:
        return self.strength == ABSOLUTE


def max_t(rounds_total: int) -> int:
    """1.8.2: MaxT = 2 + [Rnds/5]."""
    return 2 + rounds_total // 5


def aro(opponent_ratings: Sequence[int]) -> int:
    """1.7: average rating of the opponents met over the board, rounded half up; 0 with none."""
    if not opponent_ratings:
        return 0
    n = len(opponent_ratings)
    return (2 * sum(opponent_ratings) + n) // (2 * n)


def _players(state: SwissState) -> tuple[list[DubovPlayer], dict[int, Entrant]]:
    ratings = provisional_ratings(state)
    ents = {p.number: Entrant(p, i, state) for i, p in enumerate(state.players)}
    played = state.rounds_played
    out = []
    for p in state.players:
        if len(p.rounds) != played:
            raise ValueError(f"player {p.number} has {len(p.rounds)} rounds, expected {played}")
    for p in state.players:
        if p.absent:
            continue
        e = ents[p.number]
        opp = [ratings[r.opponent] for r in p.rounds if r.played and r.opponent is not None]
        ups = 0
        up_last = False
        for i, r in enumerate(p.rounds):
            if r.opponent is None or not r.paired:
                continue
            back = played - i
            if e.score_back(back, played) < ents[r.opponent].score_back(back, played):
                ups += 1
                up_last = up_last or i == played - 1
        if e.pref == NONE:
            pref, strength = B, MILD
        else:
            pref = e.pref
            strength = ABSOLUTE if e.absolute else STRONG if e.strong else MILD
        out.append(DubovPlayer(e, p.number, ratings[p.number], e.score, aro(opp), pref,
                               strength, e.played_games, ups, up_last, e.eligible))
    return out, ents


@dataclass
class _Board:
    a: DubovPlayer
    b: DubovPlayer
    bracket: int
    upfloater: DubovPlayer | None = None


class DubovRound:
    """One round paired by C.04.4.1; ``run`` returns the result."""

    def __init__(self, state: SwissState):
        self.state = state
        self.players, self.ents = _players(state)
        self.blocked = played_pairs(state)
        self.last_round = state.rounds_played + 1 >= state.rounds_total
        self.maxt = max_t(state.rounds_total)
        self.initial = W if state.initial_colour.value == "w" else B
        self.boards: list[_Board] = []
        self.bye: DubovPlayer | None = None

    # ------------------------------------------------------------ criteria
    def ok(self, a: DubovPlayer, b: DubovPlayer) -> bool:
        """C1 (and forbidden pairs) and C3: may these two meet?"""
        if frozenset((a.tpn, b.tpn)) in self.blocked:
            return False
        return not (a.absolute and b.absolute and a.pref == b.pref)

    # ------------------------------------------------------------ 3.1
    def assign_bye(self, pool: list[DubovPlayer]) -> list[DubovPlayer]:
        """3.1: the PAB goes to the first eligible player (3.1.3-3.1.5) leaving a full pairing."""
        order = sorted((p for p in pool if p.eligible),
                       key=lambda p: (p.score, -p.games, -p.tpn))
        for p in order:
            rest = [q for q in pool if q is not p]
            if perfectly_pairable(rest, self.ok):
                self.bye = p
                return rest
        raise NoValidPairing(Message(
            "no player may receive the pairing-allocated bye while the others can all be paired"
            " (Dubov 3.1, C2 and C4)"))

    # ------------------------------------------------------------ 3.2.1-3.2.2
    def upfloaters(self, residents: list[DubovPlayer],
                   lower: list[DubovPlayer]) -> list[DubovPlayer]:
        """The set of upfloaters of 3.2.1-3.2.2, from one maximum-weight perfect matching.

        Every remaining player is a vertex; an edge's weight encodes, from the
        most significant digit down: completion (all players paired, C4), C5
        (a resident-upfloater edge costs one upfloater), C6 (the upfloater's
        score level), C7 (the two want the same colour), C8-C10 and finally
        the 4.2 order (a bonus 2^(P-1-seq), so the optimum is the
        lexicographically first set, 4.1.3). Edges among the lower players carry
        completion only: the rest of the round merely has to be pairable.
        """
        if not lower:
            return []
        nodes = residents + lower
        n = len(nodes)
        res_ids = {id(p) for p in residents}
        levels = sorted({p.score for p in lower}, reverse=True)
        level = {s: i for i, s in enumerate(levels)}
        seq = {id(p): i for i, p in enumerate(sorted(lower, key=lambda q: (-q.score, q.tpn)))}
        width = n + 1
        f6 = width ** len(levels)
        f9 = n * (max(p.upfloats for p in lower) + 1) + 1
        fl = 1 << len(lower)
        apply_limits = not self.last_round

        def key(a: DubovPlayer, b: DubovPlayer) -> int:
            ra, rb = id(a) in res_ids, id(b) in res_ids
            if not ra and not rb:
                return 0
            same = 1 if a.pref == b.pref else 0
            if ra and rb:
                c5 = c6 = c8 = c9 = c10 = lex = 0
            else:
                u = b if ra else a
                c5 = 1
                c6 = width ** level[u.score]
                is_max = apply_limits and u.upfloats >= self.maxt
                c8 = 1 if is_max else 0
                c9 = u.upfloats if is_max else 0
                c10 = 1 if apply_limits and u.up_last else 0
                lex = 1 << (len(lower) - 1 - seq[id(u)])
            k = c5
            k = k * f6 + c6
            k = k * width + same
            k = k * width + c8
            k = k * f9 + c9
            k = k * width + c10
            return k * fl - lex

        edges = []
        top = 0
        for i in range(n):
            for j in range(i + 1, n):
                if self.ok(nodes[i], nodes[j]):
                    k = key(nodes[i], nodes[j])
                    top = max(top, k)
                    edges.append((i, j, k))
        base = (n // 2 + 1) * (top + 1) + 1
        m = Matching(n)
        for i, j, k in edges:
            m.set_weight(i, j, base - k)
        mate = m.solve()
        chosen = []
        for i in range(len(residents), n):
            j = mate[i]
            if j == i or j < 0:
                raise NoValidPairing(Message("the remaining players cannot all be paired (C4)"))
            if j < len(residents):
                chosen.append(nodes[i])
        if any(mate[i] == i for i in range(len(residents))):
            raise NoValidPairing(Message("the remaining players cannot all be paired (C4)"))
        return sorted(chosen, key=lambda q: (-q.score, q.tpn))

    # ------------------------------------------------------------ 3.2.3-3.2.6
    def pair_bracket(self, bracket: list[DubovPlayer]
                     ) -> tuple[list[tuple[DubovPlayer, DubovPlayer]], dict[int, int]]:
        """3.2.3-3.2.6: G1/G2, the shifts, S1 by ARO, the first legal transposition of G2.

        Returns the pairs (S1 player, T2 player) and, by TPN, the step of 3.2.4 (1 or 2)
        that shifted a player.
        """
        shifted: dict[int, int] = {}
        if all(p.games == 0 for p in bracket):
            order = sorted(bracket, key=lambda p: p.tpn)
            half = len(order) // 2
            g1, g2 = order[:half], order[half:]
        else:
            g1 = [p for p in bracket if p.pref == W]
            g2 = [p for p in bracket if p.pref != W]
        small_is_g1 = len(g1) <= len(g2)
        small, large = (g1, g2) if small_is_g1 else (g2, g1)
        small_ids = {id(p) for p in small}

        def cross(a: DubovPlayer, b: DubovPlayer) -> int:
            return 1 if (id(a) in small_ids) != (id(b) in small_ids) else 0

        pairs_n, cross_n, _ = best_pairs(bracket, self.ok, cross)
        if 2 * pairs_n != len(bracket):
            raise NoValidPairing(
                Message("a bracket could not be paired (internal: C4 was checked)"))
        x = (len(small) - cross_n) // 2
        best_cross = cross_n

        def shifter_pool(side: list[DubovPlayer], white_side: bool) -> list[DubovPlayer]:
            if white_side:
                ordered = sorted(side, key=lambda p: (p.aro, p.tpn))  # 4.3.2 White seekers
            else:
                ordered = sorted(side, key=lambda p: p.tpn)  # 4.3.2 Black seekers
            return middle_out(ordered)  # 4.3.3

        # 3.2.4 step 1: the players of the smaller subgroup that must be paired together.
        def feasible_x(inc: set[int], exc: set[int]) -> bool:
            def allowed(a: DubovPlayer, b: DubovPlayer) -> bool:
                if not self.ok(a, b):
                    return False
                sa, sb = id(a) in small_ids, id(b) in small_ids
                if sa and sb:
                    if id(a) in inc and id(b) in inc:
                        return False
                    return not (id(a) in exc and id(b) in exc)
                return not (sa and id(a) in inc or sb and id(b) in inc)
            n_pairs, n_cross, _ = best_pairs(bracket, allowed, cross)
            return 2 * n_pairs == len(bracket) and n_cross == best_cross

        xs = _first_set(shifter_pool(small, small_is_g1), x, feasible_x) if x else []
        x_ids = {id(p) for p in xs}
        shifted.update((p.tpn, 1) for p in xs)

        # 3.2.4 step 2: equalise the subgroups from the larger one.
        t = (len(large) - len(small)) // 2 + x
        rest_small = [p for p in small if id(p) not in x_ids]
        rest_small_ids = {id(p) for p in rest_small}

        def feasible_y(inc: set[int], exc: set[int]) -> bool:
            def allowed(a: DubovPlayer, b: DubovPlayer) -> bool:
                if not self.ok(a, b):
                    return False
                for u, v in ((a, b), (b, a)):
                    if id(u) in x_ids and id(v) not in rest_small_ids:
                        return False
                    if id(u) in inc and (id(v) in small_ids):
                        return False
                if id(a) in rest_small_ids and id(b) in rest_small_ids:
                    return False
                if id(a) in inc and id(b) in inc:
                    return False
                return not (id(a) in exc and id(b) in exc)
            return perfectly_pairable(bracket, allowed)

        ys = _first_set(shifter_pool(large, not small_is_g1), t, feasible_y) if t else []
        y_ids = {id(p) for p in ys}
        shifted.update((p.tpn, 2) for p in ys)
        rest_large = [p for p in large if id(p) not in y_ids]
        if small_is_g1:
            new_g1, new_g2 = rest_small + ys, rest_large + xs
        else:
            new_g1, new_g2 = rest_large + xs, rest_small + ys

        s1 = sorted(new_g1, key=lambda p: (p.aro, p.tpn))  # 3.2.5
        g2_order = sorted(new_g2, key=lambda p: p.tpn)  # 4.4.2
        t2 = _first_transposition(s1, g2_order, self.ok)  # 3.2.6
        if t2 is None:
            raise NoValidPairing(Message("no legal transposition (internal: shifts were checked)"))
        return list(zip(s1, t2, strict=True)), shifted

    # ------------------------------------------------------------ 5
    def colour(self, p: DubovPlayer, q: DubovPlayer) -> tuple[int, ColourRule]:
        """Article 5: p's colour against q and the rule that decided."""
        if p.games == 0 and q.games == 0:
            hi = p if _above(p, q) else q
            c_hi = self.initial if hi.tpn % 2 == 1 else invert(self.initial)
            c = c_hi if hi is p else invert(c_hi)
            return c, ColourRule.INITIAL_BY_NUMBER  # 5.2.1
        if p.pref != q.pref:
            return p.pref, ColourRule.BOTH_PREFERENCES  # 5.2.2
        if p.strength != q.strength:
            strong = p if p.strength > q.strength else q
            c = p.pref if strong is p else invert(q.pref)
            rule = (ColourRule.STRONGER_ABSOLUTE if strong.strength == ABSOLUTE
                    else ColourRule.STRONGER_STRONG)
            return c, rule  # 5.2.3
        pc, qc = first_colour_difference(p.e, q.e)
        if pc != NONE and qc != NONE:
            return qc, ColourRule.ALTERNATE  # 5.2.4
        hi = p if _above(p, q) else q
        c = p.pref if hi is p else invert(q.pref)
        return c, ColourRule.HIGHER_RANKED_PREFERENCE  # 5.2.5

    # ------------------------------------------------------------ round
    def run(self) -> PairingResult:
        pool = list(self.players)
        if len(pool) % 2:
            pool = self.assign_bye(pool)
        elif not perfectly_pairable(pool, self.ok):
            raise NoValidPairing(Message(
                "the players cannot all be paired without a rematch or two players with the"
                " same absolute colour preference meeting (Dubov C1, C3)"))
        while pool:
            top = max(p.score for p in pool)
            residents = sorted((p for p in pool if p.score == top), key=lambda p: p.tpn)
            lower = [p for p in pool if p.score != top]
            ups = self.upfloaters(residents, lower)
            bracket = residents + ups
            pairs, _ = self.pair_bracket(bracket)
            up_ids = {id(u) for u in ups}
            for a, b in pairs:
                board = _Board(a, b, top)
                if id(a) in up_ids or id(b) in up_ids:
                    board.upfloater = a if id(a) in up_ids else b
                self.boards.append(board)
            taken = {id(p) for p in bracket}
            left = [p for p in pool if id(p) not in taken]
            check_shrank(len(pool), len(left), "the Dubov bracket loop")
            pool = left
        return self.result()

    def result(self) -> PairingResult:
        placed = []
        for bd in self.boards:
            c, rule = self.colour(bd.a, bd.b)
            white, black = (bd.a, bd.b) if c == W else (bd.b, bd.a)
            placed.append((white, black, rule, bd))

        def order(item: tuple[DubovPlayer, DubovPlayer, ColourRule, _Board]
                  ) -> tuple[int, int, int]:
            w, b = item[0], item[1]
            hi, lo = (w, b) if (w.e.raw, -w.tpn) > (b.e.raw, -b.tpn) else (b, w)
            return (-hi.e.raw, -lo.e.raw, hi.tpn)

        placed.sort(key=order)
        explanation = tuple(self.explain(w, b, rule, bd) for w, b, rule, bd in placed)
        bye_ex = None
        if self.bye is not None:
            bye_ex = ByeExplanation(self.bye.tpn, self.bye.score,
                                    ByeReason.LOWEST_SCORE_MOST_GAMES)
        return PairingResult(
            boards=tuple((w.tpn, b.tpn) for w, b, _, _ in placed),
            bye=self.bye.tpn if self.bye else None,
            explanation=explanation,
            bye_explanation=bye_ex,
            win=self.state.win,
        )

    def explain(self, w: DubovPlayer, b: DubovPlayer, rule: ColourRule,
                bd: _Board) -> BoardExplanation:
        """The one place that turns a Dubov board into a BoardExplanation.

        Only the upfloater floats (1.3.2: the Dubov system has no downfloaters). Relaxed:
        C7 for a colour preference not granted, C8/C9 for a maximum upfloater, C10 for
        an upfloater who upfloated in the previous round.
        """
        floats: tuple[Float, ...] = ()
        relaxed: list[Relaxed] = []
        u = bd.upfloater
        if u is not None:
            floats = (Float(u.tpn, u.score, FloatDirection.UP, FloatReason.UPFLOATER),)
            if not self.last_round and u.upfloats >= self.maxt:
                relaxed.append(Relaxed("C8", u.tpn, RelaxedKind.MAX_UPFLOATER))
            if not self.last_round and u.up_last:
                relaxed.append(Relaxed("C10", u.tpn, RelaxedKind.FLOAT_UP, 1))
        if not (w.games == 0 and b.games == 0):
            for p, got in ((w, W), (b, B)):
                if p.pref != got:
                    kind = {ABSOLUTE: RelaxedKind.ABSOLUTE, STRONG: RelaxedKind.STRONG,
                            MILD: RelaxedKind.MILD}[p.strength]
                    relaxed.append(Relaxed("C7", p.tpn, kind))
        return BoardExplanation(white=w.tpn, black=b.tpn, bracket=bd.bracket, floats=floats,
                                colour_rule=rule, relaxed=tuple(relaxed))


def _above(p: DubovPlayer, q: DubovPlayer) -> bool:
    """5.2.1: p is ranked higher: more points, or equal points and a smaller TPN."""
    return (p.score, -p.tpn) > (q.score, -q.tpn)


def _first_set(pool: list[DubovPlayer], size: int,
               feasible: Callable[[set[int], set[int]], bool]) -> list[DubovPlayer]:
    """4.1.3: the first feasible set of ``size`` players (smallest differing sequence number).

    Greedy over the pool in sequence order: include a player when a feasible set
    still exists with every decision so far, otherwise exclude it. That yields
    the lexicographically first feasible set without listing the sets.
    """
    inc: set[int] = set()
    exc: set[int] = set()
    chosen = []
    for p in pool:
        if len(chosen) == size:
            break
        if feasible(inc | {id(p)}, exc):
            inc.add(id(p))
            chosen.append(p)
        else:
            exc.add(id(p))
    if len(chosen) != size:
        raise NoValidPairing(Message("no set of shifters gives a legal pairing (internal)"))
    return chosen


def _first_transposition(s1: list[DubovPlayer], g2: list[DubovPlayer],
                         ok: Callable[[DubovPlayer, DubovPlayer], bool]
                         ) -> list[DubovPlayer] | None:
    """4.4 and 3.2.6: the first transposition of ``g2`` (ascending TPN) pairing each S1 legally."""
    free = list(g2)
    out = []
    for i, s in enumerate(s1):
        for cand in free:
            if not ok(s, cand):
                continue
            rest = [c for c in free if c is not cand]
            if _bipartite_perfect(s1[i + 1:], rest, ok):
                out.append(cand)
                free = rest
                break
        else:
            return None
    return out


def _bipartite_perfect(left: list[DubovPlayer], right: list[DubovPlayer],
                       ok: Callable[[DubovPlayer, DubovPlayer], bool]) -> bool:
    """Kuhn's augmenting paths: can every ``left`` player get a distinct ``right`` partner?"""
    if len(left) != len(right):
        return False
    adj = [[j for j, r in enumerate(right) if ok(lp, r)] for lp in left]
    match_r = [-1] * len(right)

    def augment(i: int, seen: list[bool]) -> bool:
        for j in adj[i]:
            if seen[j]:
                continue
            seen[j] = True
            if match_r[j] < 0 or augment(match_r[j], seen):
                match_r[j] = i
                return True
        return False

    return all(augment(i, [False] * len(right)) for i in range(len(left)))


def pair(state: SwissState) -> PairingResult:
    """Pair round ``state.rounds_played + 1`` by the Dubov system (C.04.4.1, 2026)."""
    return DubovRound(state).run()


register(PairingSystem("dubov", N_("Dubov system"), "C.04.4.1", pair,
                        colour_exception="none"))
