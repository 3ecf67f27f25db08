"""The Dutch bracket engine: article 4's decisions, one bracket at a time, by weighted matching.

The same decision procedure as bbpPairings, written afresh. With the weights of
``criteria.py`` a maximum-weight matching over all players still to be paired is
the best legal pairing of the current bracket that leaves the rest completable.
Within a bracket the order rules are then settled one decision at a time: nudge
one player's edges by a small amount in the free low bits, re-solve, and freeze
what the optimum chose (which MDPs are paired, who is exchanged between S1 and
S2, then each S1 player's opponent in BSN order).

Because each decision is forced by strictly ordered weights, the result does not
depend on how the matching breaks ties, nor on which solver (``solvers.py``)
answers: the engine only edits weights and reads the optimum.

``_run`` is the bracket loop; each procedure of C.04.3 art. 4 is one step below
it (``_choose_mdps``, ``_pair_mdps``, ``_split_remainder``, ``_exchange_in_s1``,
``_exchange_in_s2``, ``_freeze_split``, ``_pair_s1``, ``_float_down``...), sharing
state through ``bracket_loop.py``. The shortcuts, each proven to change nothing,
are switched by ``DutchOptions`` (``options.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from leaguegen.domain.pairing.guard import EngineStalled, bracket_words
from leaguegen.domain.pairing.players import Entrant, choose_colour, to_int
from leaguegen.domain.pairing.result import ColourRule
from leaguegen.domain.pairing.state import SwissState

from .bracket_loop import BracketLoop, BracketTurn
from .bracket_solver import BracketSolver, CannotProve
from .criteria import Criteria, NextPairs, RowTypes
from .direct import homogeneous_pairs
from .options import DutchOptions
from .solvers import GlobalSolver, Solver

DEFAULT_OPTIONS = DutchOptions()


class DutchEngine:
    """One pairing run; ``run()`` returns ``(pairs, bye)`` with pairs as Entrant tuples.

    ``options`` turns the engine's proven shortcuts on or off (``DutchOptions``).
    """

    def __init__(self, state: SwissState, entrants: list[Entrant], by_id: dict[int, Entrant],
                 options: DutchOptions = DEFAULT_OPTIONS):
        self.state = state
        self.options = options
        # Whether this run uses the bracket-local solver: ``options.fast`` until a
        # stall of that path (``run``).
        self.fast = options.fast
        self.played = state.rounds_played
        self.by_id = by_id
        # Pairing order: score (with acceleration) descending, then rank.
        self.order = sorted(entrants, key=lambda e: (-e.score, e.rank))
        self.n = len(self.order)
        self.crit = Criteria(state, self.order, by_id)
        self.solver: Solver | None = None
        self.swaps = 0  # S1 decisions taken by a weight-neutral swap instead of a solve
        self.cycles = 0  # S1 decisions proven by the duals and a cycle (``_s1_cycle``)
        self.floats = 0  # of which the candidate floated and ``v``'s partner floats instead
        self.row_types: RowTypes | None = None  # the last bracket rows' types (``_base_rows``)
        self.bracket_of: dict[int, int] = {}
        self.stalls: list[str] = []  # the fast path's stalls, each retried exactly (``run``)

    # ----------------------------------------------------------- for the explanation
    def colour(self, p: Entrant, o: Entrant) -> tuple[int, ColourRule]:
        """Colour for ``p`` (the lower pairing number) against ``o``, and the rule used."""
        return choose_colour(p, o, to_int(self.state.initial_colour))

    def orient(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
        return (a, b) if a.id < b.id else (b, a)

    def flt(self, p: Entrant, back: int) -> int:
        return self.crit.flt(p, back)

    # ----------------------------------------------------------- pairing
    def _start(self) -> tuple[Solver, int, bool, dict[int, int]]:
        """The solver, with the bye score, initial ``single`` and C9 ranks it established."""
        if self.fast:
            fast = BracketSolver(self.crit, flat_prune=self.options.flat_prune,
                                 sparse=self.options.sparse)
            try:
                return (fast, *fast.start())
            except CannotProve:
                pass  # the cheap start could not prove its answer: the exact method
        exact = GlobalSolver(self.crit)
        return (exact, *exact.start())

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
        final = self.solver.final  # type: ignore[union-attr]
        xi, yi = pos_of.get(x, -1), pos_of.get(y, -1)
        if (xi <= pi2 or yi < 0 or yi >= best or matched[x] or matched[y]
                or final[y] or final[x] or not s1_role(y) or s1_role(x)):
            return False
        old = base[xi][pi2] + base[best][yi]
        gain = base[best][pi2]
        if yi < xi:
            wxy = base[xi][yi]
            if wxy and gain + wxy == old:
                sm[v], sm[u], sm[x], sm[y] = u, v, y, x
                self.swaps += 1
                return True
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

    def _s1_cycle(self, sm: list[int], base: list[list[int]], pos_of: dict[int, int],
                  pbi: list[int], pi2: int, s1_role, matched: list[bool],  # noqa: ANN001
                  rem: list[int]) -> bool:
        """Whether S1 player ``v = pbi[pi2]``'s pick is proven without a solve by the
        reduced bracket's optimal duals (issue 33: in round 4 of 5,000 players 639 of
        2,489 S1 picks needed a solve after ``_s1_skip``, 18 ms each).

        The nudged solve pairs ``v`` with the first candidate (``rem`` order, the
        largest nudge first) that some optimum of the un-nudged weights pairs with
        ``v``: the nudges sum to less than a step of the base weights. The solver's
        duals are optimal for those weights and for ``sm`` (``optimal_duals``:
        complementary slackness checked on ``sm``), so a candidate whose pair with
        ``v`` has positive slack is in no optimum. The first tight one, ``u``, is the
        pick if an optimum pairs ``v`` with it: ``sm`` itself, or ``sm`` re-paired
        along an alternating cycle ``v``-``u``, ``y = sm[u]``-``t1``,
        ``sm[t1]``-``t2``, ..., ``z``-``x = sm[v]`` found among tight pairs (a search
        of a few dozen S1 players) and checked to keep the un-nudged weight exactly.
        Every re-pairing joins an S1 player to a higher-numbered S2 player, and the
        same players stay paired, so the roles and the completion are as before.
        ``u`` must have a nudge above zero (the pairs of ``v`` outside the nudged
        row keep theirs). Otherwise a solve is made.
        """
        duals = self.solver.optimal_duals(sm)  # type: ignore[union-attr]
        if duals is None:
            return False
        key, cut, c = duals
        final = self.solver.final  # type: ignore[union-attr]
        v = pbi[pi2]
        x = sm[v]
        kv, cv = key.get(v), cut.get(v)
        if kv is None or cv is None or x not in key:
            return False
        cands = [oi for oi in rem if oi > pi2 and not matched[pbi[oi]]]
        last = len(cands) - 1
        for idx, oi in enumerate(cands):
            wt = base[oi][pi2]
            if not wt:
                continue
            u = pbi[oi]
            ku = key.get(u)
            if ku is None:
                return False
            w2 = 2 * wt - c
            sl = kv + ku - w2
            if sl > 0:
                continue  # (in no optimum)
            if sl < 0 or w2 - cv - cut[u] <= 0 or idx == last:
                return False
            if u == x:
                self.cycles += 1
                return True
            y = sm[u]
            if y == u or y not in key:
                # ``u`` is left unpaired in C by the optimum: ``x`` floats instead.
                found = self.solver.float_instead(v, x, u, sm)  # type: ignore[union-attr]
                self.floats += found
                self.cycles += found
                return found
            found = self._tight_cycle(sm, base, pos_of, pbi, pi2, oi, s1_role, matched,
                                      final, rem, key, cut, c)
            if found:
                self.cycles += 1
            return found
        return False

    @staticmethod
    def _tight_cycle(sm: list[int], base: list[list[int]], pos_of: dict[int, int],
                     pbi: list[int], pi2: int, best: int, s1_role, matched: list[bool],  # noqa: ANN001
                     final: list[bool], rem: list[int], key: dict[int, int],
                     cut: dict[int, int], c: int, limit: int = 48) -> bool:
        """``_s1_cycle``'s search: an alternating cycle through the tight pair
        ``v = pbi[pi2]``-``u = pbi[best]`` that keeps the un-nudged weight; ``sm`` is
        re-paired along it when found. Breadth first from ``y = sm[u]`` over S1
        players, each taking a tight pair with a higher-numbered S2 player whose S1
        partner goes on, until ``x = sm[v]`` is taken (at most ``limit`` players)."""
        v, u = pbi[pi2], pbi[best]
        x, y = sm[v], sm[u]
        if (y in (u, v) or y not in key or not s1_role(y) or matched[y] or final[y]
                or matched[x] or final[x]):
            return False
        # The S2 players that can be taken: paired in ``sm`` with a live S1 player.
        s2 = []
        for ti in rem:
            t = pbi[ti]
            if t == u or matched[t] or final[t] or t not in key:
                continue
            s = sm[t]
            if s == t or s not in key or not s1_role(s) or sm[s] != t:
                continue
            s2.append((ti, t, key[t], cut[t]))
        parent: dict[int, tuple[int, int]] = {y: (-1, -1)}
        queue = [y]
        end = -1
        for z in queue:
            if len(parent) > limit or end >= 0:
                break
            zi = pos_of[z]
            kz, cz = key[z] + c, cut[z] + c
            for ti, t, kt, ct in s2:
                if ti <= zi or t <= z:
                    continue
                wt = base[ti][zi]
                if not wt or wt + wt != kz + kt or wt + wt - cz - ct <= 0:
                    continue
                if t == x:
                    end = z
                    break
                s = sm[t]
                if s in parent or s == v:
                    continue
                parent[s] = (z, t)
                queue.append(s)
        if end < 0:
            return False
        new = [(v, u), (end, x)]
        old = [(v, x), (y, u)]
        z = end
        while z != y:
            pz, t = parent[z]
            new.append((pz, t))
            old.append((z, t))
            z = pz

        def w(a: int, b: int) -> int:
            ia, ib = pos_of[a], pos_of[b]
            return base[ia][ib] if ia > ib else base[ib][ia]

        if sum(w(a, b) for a, b in new) != sum(w(a, b) for a, b in old):
            return False
        for a, b in new:
            sm[a], sm[b] = b, a
        return True

    def _mdp_skip(self, sm: list[int], base: list[list[int]], pos_of: dict[int, int],
                  pbi: list[int], pi: int, best: int, residents: tuple[int, int],
                  matched: list[bool]) -> bool:
        """Whether the chosen MDP ``pbi[pi]`` provably takes the resident ``pbi[best]``
        without a solve (``_pair_mdps``; issue 33: that one solve cost 3-7 s in the
        large brackets of rounds 3 and 4 of 5,000 players).

        ``_pair_mdps`` nudges every pair of the MDP ``v`` with a free resident, the
        largest nudge to ``u = pbi[best]``; every other pair of ``v`` keeps its weight.
        ``sm`` is an optimum of the un-nudged weights, under which ``v``'s pairs with
        residents weigh their base weights plus one constant (``_choose_mdps``) and a
        pair of residents its base weight. If an optimum of those weights pairs ``v``
        with ``u``, it is an optimum of the nudged weights, and every such optimum
        pairs ``v`` with ``u`` (the nudges are distinct): as in ``_s1_skip``, ``sm``
        pairing ``v``-``x`` and ``u``-``y`` (residents) is re-paired to ``v``-``u``,
        ``x``-``y``, or with a third pair of residents ``z``-``t`` to ``v``-``u``,
        ``y``-``t``, ``z``-``x``, when that keeps the un-nudged weight; ``sm`` is then
        updated to it. The residents paired in the bracket stay the same. Otherwise
        a solve is needed.
        """
        v, u = pbi[pi], pbi[best]
        x = sm[v]
        if x == u:
            return True
        sgb, nsgb = residents
        final = self.solver.final  # type: ignore[union-attr]
        y = sm[u]
        xi, yi = pos_of.get(x, -1), pos_of.get(y, -1)
        if (y == u or not sgb <= xi < nsgb or not sgb <= yi < nsgb or matched[x]
                or matched[y] or final[x] or final[y]):
            return False

        def w(i: int, j: int) -> int:
            return base[i][j] if i > j else base[j][i]

        old = base[xi][pi] + w(best, yi)
        gain = base[best][pi]
        wxy = w(xi, yi)
        if wxy and gain + wxy == old:
            sm[v], sm[u], sm[x], sm[y] = u, v, y, x
            self.swaps += 1
            return True
        for zi in range(sgb, nsgb):
            z = pbi[zi]
            if matched[z] or final[z] or z in (u, x, y):
                continue
            t = sm[z]
            ti = pos_of.get(t, -1)
            if (t == z or not sgb <= ti < nsgb or t in (u, x, y) or matched[t]
                    or final[t]):
                continue  # (``z`` single, or no pair of two free residents)
            wyt, wzx = w(yi, ti), w(zi, xi)
            if wyt and wzx and gain + wyt + wzx == old + w(zi, ti):
                sm[v], sm[u], sm[y], sm[t], sm[z], sm[x] = u, v, t, y, x, z
                self.swaps += 1
                return True
        return False

    def _base_rows(self, pbi: list[int], sgb: int, nsgb: int, bye_score: int, single: bool,
                   ranks: dict[int, int]) -> list[list[int]]:
        """The bracket's weights before any nudge: ``base[li][si]`` for every pair of
        the bracket (``si < li < nsgb``); the pairs with the next score group are
        ``NextPairs``.

        A current-bracket weight reads a pair's ids only for the forbidden check;
        otherwise it depends on the two players' types, so it is computed once per
        pair of types.
        """
        crit, order = self.crit, self.order
        base: list[list[int]] = [[] for _ in range(len(pbi))]
        players = [order[v] for v in pbi[:nsgb]]
        fl = crit.fl
        types: dict[tuple, int] = {}
        tid = [types.setdefault(crit.ptype(p, fl), len(types)) for p in players]
        rep: dict[int, Entrant] = {}  # one player of each type
        for t, p in zip(tid, players, strict=True):
            rep.setdefault(t, p)
        table: list[list[int | None]] = [[None] * len(types) for _ in types]  # [lower][higher]
        pos = {p.id: i for i, p in enumerate(players)}
        forbidden_of = crit.forbidden_of
        tw = crit.type_weight
        for li in range(sgb, nsgb):
            trow = table[tid[li]]
            row = [trow[t] for t in tid[:li]]
            if None in row:
                lp = rep[tid[li]]
                for si in range(li):
                    if row[si] is None:
                        t = tid[si]
                        wt = trow[t]
                        if wt is None:
                            wt = trow[t] = tw(rep[t], lp, True, False, bye_score, single, ranks)
                        row[si] = wt
            for other in forbidden_of.get(players[li].id, ()):
                si = pos.get(other, li)
                if si < li:
                    row[si] = 0
            base[li] = row  # type: ignore[assignment]
        # (Each position's type and the weight table by pair of types, for a solver
        # that leaves most of a dense bracket's pairs out of its matching.)
        self.row_types = RowTypes(tid, table)
        return base

    @staticmethod
    def _try_split(solver: Solver, base: list[list[int]], pbi: list[int], rem: list[int],
                   rp: int, sgb: int, nsgb: int, tight: bool = False) -> list[int] | None:
        """Freeze the split S1 = the first ``rp`` players of the remainder if an optimum
        of the current weights has it; returns that optimum (``mate``), or None.

        The remainder's step gives every pair a bonus for its higher player, largest
        for the first ``rp`` and falling with the index, and then freezes the split
        its optimum makes. That split is the first ``rp`` exactly when some optimum
        of the current weights pairs each of them with one of the rest: such a
        matching is best on the weights, has the largest bonus any matching can
        have (``rp`` pairs in the remainder, every optimum has that many: C6) and
        hence is an optimum of the bonused weights, all of whose optima then make
        that split. So: remove the pairs inside S1 and inside S2 (what the freeze
        removes), solve, and compare the optimum's value with the current one.
        Equal: the split holds, and the weights and the matching are those the
        freeze leaves (the bonus is gone from them again). Otherwise the weights
        are put back by the remainder's step, which sets every pair of the
        remainder. Either way the result is the same; the proof costs one solve
        instead of a re-weighting of the whole bracket, a solve and the freeze.
        With ``tight`` (``DutchOptions.cycle``) the optimum in hand is first turned
        into one with that split where the tight pairs allow
        (``BracketSolver.split_by_tight``), so the cut frees no one.
        """
        if sgb:
            # (The MDPs' pairs left the matching, which may have freed a blossom's base.)
            solver.solve()
        before = solver.value()
        # The pairs inside S1 and inside S2 (higher first).
        parts = (rem[:rp], rem[rp:])
        if tight and hasattr(solver, "split_by_tight"):
            solver.split_by_tight(pbi, parts)
        rows_before = solver.cut_parts(pbi, parts, base)
        sm = solver.solve()
        if solver.value() != before:
            for oi, row in rows_before or ():
                base[oi][:] = row
            solver.parts_restored()
            return None
        for part in parts:
            for b_i in range(1, len(part)):
                row = base[part[b_i]]
                for pi2 in part[:b_i]:
                    row[pi2] = 0
        # Under the frozen weights, as after the remainder's step (``DutchOptions.prune2``).
        solver.prune(pbi, sgb, nsgb, base)
        return sm

    def run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        """The round's pairs and bye.

        The bracket loop must pair someone or take in the next score group every
        time round (``_run``); when it does neither it stops with EngineStalled
        instead of going round for ever. A stall on the bracket-local solver's path
        is a fault of that path (issue 26's was in the matching under it): the
        round is paired again by the exact method, the reference the fast path is
        checked against, and the stall is kept in ``stalls``. A stall there too is
        raised: an internal error, never a guess.
        """
        try:
            return self._run()
        except EngineStalled as exc:
            if not self.fast:
                raise
            self.stalls.append(str(exc))
        self.fast = False
        self.solver = None
        self.swaps = 0
        self.bracket_of = {}
        return self._run()

    def _stalled(self, pbi: list[int], score: int) -> EngineStalled:
        """The error for a bracket turn that changed nothing: its score and its players
        (all still there: no one was paired) by pairing number."""
        where = bracket_words(score, self.state.win, [self.order[v].tpn for v in pbi])
        solver = "bracket-local" if self.fast else "exact"
        return EngineStalled(f"the Dutch engine made no progress in {where} ({solver} solver)")

    def _run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        """The bracket loop: each turn takes in the next score group and pairs the
        bracket by the steps of C.04.3 art. 4, in the order they are decided."""
        if self.n == 0:
            return [], None
        loop = self._begin_round()
        while len(loop.players) > 1 or loop.next_index < self.n:
            self._check_progress(loop)
            turn = self._take_in_next_group(loop)
            if self.options.direct and loop.mdps == 0 and self._pair_directly(loop, turn):
                continue
            self._start_bracket(loop, turn)
            self._choose_mdps(loop, turn)
            self._pair_mdps(loop, turn)
            self._split_remainder(loop, turn)
            if not turn.frozen:
                exchanges = self._count_exchanges(loop, turn)
                self._exchange_in_s1(loop, turn, exchanges)
                self._exchange_in_s2(loop, turn, exchanges)
                self._freeze_split(loop, turn)
            self._pair_s1(loop, turn)
            self._float_down(loop, turn)
        return self._result(loop)

    # ----------------------------------------------------------- the bracket loop's steps
    def _begin_round(self) -> BracketLoop:
        """The solver and the round's constants (bye score, ``single``, C9 ranks);
        the first bracket is the top score group."""
        order, n = self.order, self.n
        solver, bye_score, single, ranks = self._start()
        self.solver = solver
        self.bye_score = bye_score
        self.ranks = ranks
        top = order[0].score
        players: list[int] = []
        it = 0
        while it < n and order[it].score >= top:
            players.append(it)
            it += 1
        return BracketLoop(solver=solver, players=players, next_index=it, single=single,
                           matched=[False] * n, score=order[0].score)

    def _check_progress(self, loop: BracketLoop) -> None:
        """Stop (EngineStalled) when the last turn paired no one and took in no score
        group: this one would do the same, for ever (issue 26)."""
        if loop.last == (loop.next_index, len(loop.pairs)):
            raise self._stalled(loop.players, loop.score)
        loop.last = (loop.next_index, len(loop.pairs))

    def _take_in_next_group(self, loop: BracketLoop) -> BracketTurn:
        """Append the next score group to the bracket's players: the bracket proper
        (MDPs and residents) is ``players[:bracket_size]``, the next group the rest."""
        order, n = self.order, self.n
        bracket_size = len(loop.players)
        turn = BracketTurn(bracket_size=bracket_size,
                           group_end=loop.group_start + (bracket_size - loop.mdps),
                           next_group_start=loop.next_index)
        it = loop.next_index
        if it < n:
            s0 = order[it].score
            while it < n and order[it].score >= s0:
                loop.players.append(it)
                it += 1
        loop.next_index = it
        return turn

    def _pair_directly(self, loop: BracketLoop, turn: BracketTurn) -> bool:
        """A homogeneous bracket whose pairs follow from the order (``direct.py``):
        pair it without the solver. False when that is not proven."""
        crit, order, pbi, nsgb = self.crit, self.order, loop.players, turn.bracket_size
        direct = homogeneous_pairs(crit, pbi[:nsgb], pbi[nsgb:], self.n - loop.next_index,
                                   self.bye_score, loop.single, self.ranks, crit.cls)
        if direct is None:
            return False
        loop.score = order[pbi[0]].score
        matched, solver = loop.matched, loop.solver
        for v, mv in direct:
            matched[v] = matched[mv] = True
            solver.fix(v, mv)
            self._record(loop, v, mv)
        # (In every optimum the next group pairs inside itself, so ``single`` needs
        # no check of the matching.)
        sg_it = turn.next_group_start
        loop.single = (self.n % 2 == 1 and sg_it < self.n
                       and self.bye_score >= order[sg_it].score)
        loop.mdps = sum(1 for v in pbi[:nsgb] if not matched[v])
        loop.players = [v for v in pbi if not matched[v]]
        loop.group_start = turn.group_end
        return True

    def _start_bracket(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """Load the bracket's weights into the solver, solve, and prune the pairs no
        optimum of the bracket can use."""
        solver, pbi, sgb, nsgb = loop.solver, loop.players, loop.mdps, turn.bracket_size
        order = self.order
        solver.begin_bracket(pbi, loop.next_index, nsgb, loop.single)
        loop.score = order[pbi[sgb]].score if sgb < nsgb else order[pbi[0]].score
        turn.size = len(pbi)
        turn.base = self._base_rows(pbi, sgb, nsgb, self.bye_score, loop.single, self.ranks)
        solver.load_bracket(pbi, sgb, nsgb, turn.base,
                            NextPairs(self.crit, pbi, self.bye_score, loop.single, self.ranks),
                            self.row_types)
        turn.mate = solver.solve()
        if sgb or not (self.options.split and self.options.prune1_late):
            solver.prune(pbi, sgb, nsgb, turn.base)

    def _choose_mdps(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """Which moved-down players get paired in this bracket (M1 of them, the
        highest first): mark them ``matched`` and keep each one's pairs into the
        bracket raised so the later decisions keep it paired."""
        order, solver, matched = self.order, loop.solver, loop.matched
        pbi, sgb, nsgb, size = loop.players, loop.mdps, turn.bracket_size, turn.size
        base = turn.base
        group_start, group_end = loop.group_start, turn.group_end
        sm = turn.mate
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
                    if group_start <= sm[pbi[mi]] < group_end:
                        left_matched += 1
                    mi += 1
            if not left_matched:
                continue
            v = pbi[pi]
            if left <= left_matched:
                matched[v] = True
                continue
            left -= 1
            if not group_start <= sm[v] < group_end:
                for oi in range(sgb, nsgb):
                    wt = base[oi][pi]
                    if wt:
                        solver.set_edge(v, pbi[oi], wt | 1)
                sm = solver.solve()
            if group_start <= sm[v] < group_end:
                matched[v] = True
                left_matched -= 1
                for oi in range(sgb, nsgb):
                    wt = base[oi][pi]
                    if wt:
                        solver.set_edge(v, pbi[oi], (wt | (nsgb - sgb)) + 1)
        turn.mate = sm

    def _pair_mdps(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """Each chosen MDP, in order, takes its opponent: the lowest resident possible
        gets the largest nudge (the S2 transpositions of the MDP pairing)."""
        solver, matched, pbi, base = loop.solver, loop.matched, loop.players, turn.base
        sgb, nsgb, size = loop.mdps, turn.bracket_size, turn.size
        skip = self.options.skip
        pos_of = {x: i for i, x in enumerate(pbi)} if skip else {}
        for pi in range(sgb):
            v = pbi[pi]
            if not matched[v]:
                continue
            # (The resident whose nudge is largest: the first one still free.)
            best = next((oi for oi in range(sgb, nsgb)
                         if not matched[pbi[oi]] and base[oi][pi]), -1)
            if skip and best >= 0 and self._mdp_skip(turn.mate, base, pos_of, pbi, pi, best,
                                                     (sgb, nsgb), matched):
                sm = turn.mate
            else:
                add = size
                for oi in range(nsgb - 1, sgb - 1, -1):
                    ov = pbi[oi]
                    if matched[ov]:
                        continue
                    wt = base[oi][pi]
                    if wt:
                        solver.set_edge(v, ov, wt + add)
                        add += 1
                turn.mate = sm = solver.solve()
            mv = sm[v]
            matched[mv] = True
            solver.finalize(v, mv)
            self._record(loop, v, mv)

    def _split_remainder(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """The remainder (the residents the optimum pairs inside the bracket) and its
        S1/S2 split: S1 = its first ``s1_size`` players when one solve proves it
        (``_try_split``, the split then ``frozen``); otherwise every remainder pair
        gets a bonus for its higher player, largest for the first ``s1_size``, so the
        optimum puts the highest players it can in S1 (the exchanges settle which)."""
        solver, pbi, base, sm = loop.solver, loop.players, turn.base, turn.mate
        sgb, nsgb = loop.mdps, turn.bracket_size
        rem: list[int] = []
        rp = 0
        for pi in range(sgb, nsgb):
            v = pbi[pi]
            if sm[v] < loop.group_start:
                continue
            rem.append(pi)
            if sm[v] < v:
                rp += 1
        turn.rem, turn.s1_size = rem, rp
        # The split S1 = the first rp of the remainder, tried first: when it
        # holds, the S1 bonus and the exchanges below settle nothing.
        split = self._try_split(solver, base, pbi, rem, rp, sgb, nsgb,
                                self.options.cycle) if (
            self.options.split and rp > 0) else None
        turn.frozen = split is not None
        if split is not None:
            turn.mate = split
            return
        B = self.crit.B
        nrem = len(rem)
        # The remainder's weights below rise by 2 * f(higher player) per edge,
        # f(a) = [a in S1 size] << 2B - a (rem index); raising the doubled
        # duals of the first rp players by 4 f keeps every dual feasible and
        # every S1-S2 matched edge tight (a warm start only).
        solver.raise_duals({pbi[rem[a_i]]: (((1 << (2 * B)) - a_i) << 2)
                            for a_i in range(rp)})
        # (``_bonused``, row by row; a zero base weight is already zero in the solver.)
        bonus = [((int(a_i < rp) << (2 * B)) - a_i) << 1 for a_i in range(nrem)]
        rem_v = [pbi[pi2] for pi2 in rem]
        set_row = solver.set_row
        for b_i in range(1, nrem):
            row = base[rem[b_i]]
            items = []
            for a_i in range(b_i):
                wt = row[rem[a_i]]
                if wt:
                    items.append((rem_v[a_i], wt + bonus[a_i]))
            set_row(rem_v[b_i], items)
        turn.mate = solver.solve()
        if self.options.prune2:
            # Again, under the S1 bonus: every later optimum of the bracket is
            # an optimum of these weights too (the exchange nudges sit below
            # the bonus's lowest bit, and once the split is frozen every S1
            # player is paired, so the bonus is the same constant on all of
            # them), so a pair with positive slack now is never used again.
            solver.prune(pbi, sgb, nsgb, base)

    @staticmethod
    def _count_exchanges(loop: BracketLoop, turn: BracketTurn) -> int:
        """How many of the first ``s1_size`` remainder players the optimum puts in S2:
        the size of the exchange between the original S1 and S2."""
        pbi, sm, group_end = loop.players, turn.mate, turn.group_end
        rem = turn.rem
        exch = 0
        for pi2 in rem:
            if pi2 >= rem[turn.s1_size]:
                break
            v = pbi[pi2]
            exch += not (v < sm[v] < group_end)
        return exch

    @staticmethod
    def _bonused(base: list[list[int]], B: int, rp: int) -> Callable[[int, int, int], int]:  # noqa: N803
        """``ewc(si, li, si_rem)``: the S1-bonused weight of the pair ``base[li][si]``
        whose higher player is ``si_rem``-th in the remainder (as ``_split_remainder``
        set it: the remainder's S1 has ``rp`` players)."""

        def ewc(si: int, li: int, si_rem: int) -> int:
            r = base[li][si]
            if r:
                add = ((1 if si_rem < rp else 0) << (2 * B)) - si_rem
                r += add << 1
            return r

        return ewc

    def _exchange_in_s1(self, loop: BracketLoop, turn: BracketTurn, exchanges: int) -> None:
        """Exchange the lowest possible S1 players (C.04.3 art. 4.3, exchanges: the
        largest differing BSN moved out of S1): from the bottom of the original S1
        up, nudge each player towards S1 and freeze where the optimum puts it."""
        solver, pbi, base, rem, rp = loop.solver, loop.players, turn.base, turn.rem, turn.s1_size
        nrem, group_end = len(rem), turn.group_end
        ewc = self._bonused(base, self.crit.B, rp)
        left = exchanges
        pri = rp
        pos = rp
        while pos > 0 and left:
            pri -= 1
            pos -= 1
            pi2 = rem[pos]
            v = pbi[pi2]
            if v < turn.mate[v] < group_end:
                for op in range(pos + 1, nrem):
                    wt = ewc(pi2, rem[op], pri)
                    if wt:
                        solver.set_edge(v, pbi[rem[op]], wt - 1)
                turn.mate = solver.solve()
            ex = not (v < turn.mate[v] < group_end)
            left -= ex
            for op in range(pos + 1, nrem):
                if ex:
                    base[rem[op]][pi2] = 0
                solver.set_edge(v, pbi[rem[op]], ewc(pi2, rem[op], pri))

    def _exchange_in_s2(self, loop: BracketLoop, turn: BracketTurn, exchanges: int) -> None:
        """Exchange the highest possible S2 players (the smallest differing BSN moved
        in from S2): from the top of the original S2 down, nudge each towards S1; one
        that goes there is cut from every higher player and from the next group."""
        solver, pbi, base, rem, rp = loop.solver, loop.players, turn.base, turn.rem, turn.s1_size
        nrem, group_end = len(rem), turn.group_end
        ewc = self._bonused(base, self.crit.B, rp)
        left = exchanges
        ri = rp
        for pos in range(rp, nrem):
            if left <= 1:
                break
            pi2 = rem[pos]
            v = pbi[pi2]
            already = v < turn.mate[v] < group_end
            if not already:
                for op in range(pos + 1, nrem):
                    wt = ewc(pi2, rem[op], ri)
                    if wt:
                        solver.set_edge(v, pbi[rem[op]], wt + 1)
                turn.mate = solver.solve()
            if v < turn.mate[v] < group_end:
                left -= 1
                for op in range(pos):
                    base[pi2][rem[op]] = 0
                    solver.set_edge(v, pbi[rem[op]], 0)
                solver.cut_next(v)
            if not already:
                for op in range(pos + 1, nrem):
                    solver.set_edge(v, pbi[rem[op]], ewc(pi2, rem[op], ri))
            ri += 1

    @staticmethod
    def _freeze_split(loop: BracketLoop, turn: BracketTurn) -> None:
        """Freeze the S1/S2 split the optimum now makes: every pair inside S1 or
        inside S2 goes (in ``base`` and the solver), the rest lose the S1 bonus."""
        set_row, pbi, base, rem = loop.solver.set_row, loop.players, turn.base, turn.rem
        sm, group_end = turn.mate, turn.group_end
        nrem = len(rem)
        for a_i in range(nrem):
            pi2 = rem[a_i]
            v = pbi[pi2]
            v_s1 = v < sm[v] < group_end
            items = []
            for b_i in range(a_i + 1, nrem):
                oi = rem[b_i]
                row = base[oi]
                if not row[pi2]:
                    continue  # zero in the solver already
                ov = pbi[oi]
                if not v_s1 or ov < sm[ov] < group_end:
                    row[pi2] = 0
                items.append((ov, row[pi2]))
            set_row(v, items)

    def _pair_s1(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """Each S1 player, in BSN order, takes the best S2 opponent still possible
        (the transpositions of S2): the lowest S2 number gets the largest nudge.

        ``sm_ok``: the mate in hand is an optimum of the current (un-nudged)
        weights, true once a solve of this loop has run (the pair it fixed is then
        removed, which keeps the rest optimal). The nudges are set only when a
        solve needs them: a skipped decision (``_s1_skip``) pairs ``v`` and
        removes its edges.
        """
        solver, matched, pbi = loop.solver, loop.matched, loop.players
        base, rem, group_end, skip = turn.base, turn.rem, turn.group_end, self.options.skip
        cycle = self.options.cycle and hasattr(solver, "optimal_duals")
        set_row = solver.set_row
        sm = turn.mate

        def s1_role(v: int) -> bool:
            return v < sm[v] < group_end

        sm_ok = False
        pos_of = {x: i for i, x in enumerate(pbi)}
        for r_i, pi2 in enumerate(rem):
            v = pbi[pi2]
            if not s1_role(v):
                continue
            best = -1
            for oi in rem[r_i + 1:]:
                if not matched[pbi[oi]] and base[oi][pi2]:
                    best = oi
                    break
            if not (sm_ok and best >= 0 and skip and (self._s1_skip(
                    sm, base, pos_of, pbi, pi2, best, s1_role, matched, rem)
                    or cycle and self._s1_cycle(sm, base, pos_of, pbi, pi2, s1_role,
                                                matched, rem))):
                add = 0
                items = []
                for oi in reversed(rem):
                    ov = pbi[oi]
                    if oi <= pi2 or matched[ov]:
                        continue
                    wt = base[oi][pi2]
                    if wt:
                        items.append((ov, wt + add))
                    add += 1
                set_row(v, items)
                sm = solver.solve()
                sm_ok = True
            mv = sm[v]
            matched[v] = matched[mv] = True
            solver.finalize(v, mv)
            self._record(loop, v, mv)
        turn.mate = sm

    def _float_down(self, loop: BracketLoop, turn: BracketTurn) -> None:
        """The bracket's unpaired players float down into the next bracket, whose
        residents are the next score group; ``single`` for the next bracket."""
        order, n, pbi, matched, sm = self.order, self.n, loop.players, loop.matched, turn.mate
        nsgb, sg_it = turn.bracket_size, turn.next_group_start
        new_pbi: list[int] = []
        new_sgb = 0
        single = n % 2 == 1 and sg_it < n and self.bye_score >= order[sg_it].score
        for pi in range(turn.size):
            v = pbi[pi]
            if pi < nsgb and matched[v]:
                continue
            new_pbi.append(v)
            if pi < nsgb:
                new_sgb += 1
            if single and order[sm[v]].score < order[sg_it].score:
                single = False
        loop.single = single
        loop.players = new_pbi
        loop.mdps = new_sgb
        loop.group_start = turn.group_end

    def _record(self, loop: BracketLoop, v: int, mv: int) -> None:
        """A pair made in the current bracket (its score goes to the explanation)."""
        loop.pairs.append((v, mv))
        order = self.order
        self.bracket_of[order[v].id] = self.bracket_of[order[mv].id] = loop.score

    def _result(self, loop: BracketLoop) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        """The pairs as Entrants, and the one player left (the bye), if any."""
        order = self.order
        paired = {v for pr in loop.pairs for v in pr}
        rest = [v for v in range(self.n) if v not in paired]
        bye = order[rest[0]] if rest else None
        return [(order[a], order[b]) for a, b in loop.pairs], bye
