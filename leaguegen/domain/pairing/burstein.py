"""Burstein system (C.04.4.2) on the same matching machinery, as bbpPairings pairs it.

Order inside a score group is by an index: Sonneborn-Berger, then Buchholz,
then median Buchholz, then rank (unplayed rounds count as games against a
virtual opponent). Score groups that cannot be paired are merged with the next
one. Then, from the top of each group, every player takes the lowest-indexed
opponent that still leaves a complete pairing; one player may float down.

Without explicit virtual points the engine accelerates rounds 1 and 2: the top
half of the round-1 participants (by pairing number) get a win's value.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cmp_to_key

from leaguegen.errors import Message, NoValidPairing

from .matching import Matching
from .players import NONE, Entrant, invert, neutral_colour, prefs_compatible
from .result import ColourRule
from .state import SwissState

_P = 9998  # weight scales as in the reference engine (room for 9999 players)
_COLOUR = _P
_SAME_GROUP = _P * 5000
_COMPATIBLE = _SAME_GROUP * 5000


def default_acceleration(state: SwissState) -> SwissState:
    """Rounds 1-2 acceleration used when no virtual points are given."""
    if state.rounds_played >= 2 or any(p.acceleration for p in state.players):
        return state

    def took_part(p) -> bool:  # noqa: ANN001
        return (not p.rounds and not p.absent) or (bool(p.rounds) and p.rounds[0].paired)

    bound = sum(1 for p in state.players if took_part(p))
    if bound <= 1:
        return state
    chosen = set()
    for p in state.players:
        chosen.add(p.number)
        if took_part(p):
            bound -= 2
            if bound <= 1:
                break
    values = (state.win,) * (state.rounds_played + 1)
    players = tuple(
        replace(p, acceleration=values) if p.number in chosen else p for p in state.players
    )
    return replace(state, players=players)


class _Metric:
    __slots__ = ("score", "sb", "bh", "med", "rank")

    def __init__(self, score: int, sb: int, bh: int, med: int, rank: int):
        self.score, self.sb, self.bh, self.med, self.rank = score, sb, bh, med, rank


def _less(a: _Metric, b: _Metric) -> bool:
    if a.score == b.score:
        return (a.sb, a.bh, a.med, b.rank) < (b.sb, b.bh, b.med, a.rank)
    return (a.sb, a.bh * a.score, a.med * a.score, b.rank) < (
        b.sb, b.bh * b.score, b.med * b.score, a.rank)


class BursteinEngine:
    def __init__(self, state: SwissState, entrants: list[Entrant], by_id: dict[int, Entrant]):
        self.state = state
        self.played = state.rounds_played
        self.by_id = by_id
        self.entrants = entrants
        self.draw = state.win // 2
        self.forbidden: set[tuple[int, int]] = set()
        for e in by_id.values():
            for r in e.rounds:
                if r.played and r.opponent is not None:
                    a, b = e.id, r.opponent - 1
                    self.forbidden.add((min(a, b), max(a, b)))
        for pair in state.forbidden:
            a, b = sorted(pair)
            self.forbidden.add((a - 1, b - 1))
        self.metric = self._metrics()
        self.order: list[Entrant] = []
        self.bracket_of: dict[int, int] = {}

    # ------------------------------------------------------------ indices
    def _accel(self, e: Entrant) -> int:
        return e.accel[self.played] if self.played < len(e.accel) else 0

    def _metrics(self) -> dict[int, _Metric]:
        played, draw, win = self.played, self.draw, self.state.win
        adjusted: dict[int, int] = {}
        for e in self.by_id.values():
            adj = 0
            if getattr(e, "valid", True):
                adj = self._accel(e) + sum(
                    r.points if r.played else draw for r in e.rounds[:played])
            adjusted[e.id] = adj

        def virtual_opponent(e: Entrant, r) -> int:  # noqa: ANN001
            if r.points == 0 or (r.points < draw):
                return win
            if r.points < win:
                return draw
            return 0

        metrics: dict[int, _Metric] = {}
        for e in self.by_id.values():
            sb = bh = med = 0
            if getattr(e, "valid", True) and played:
                virtual = (played - 1) * draw + self._accel(e)
                lo: int | None = None
                hi = 0
                for r in e.rounds[:played]:
                    if r.played:
                        opp = adjusted[r.opponent - 1]  # type: ignore[operator]
                        sb += opp * r.points
                        adj = opp
                    else:
                        adj = virtual + virtual_opponent(e, r)
                        sb += r.points * adj
                    bh += adj
                    lo = adj if lo is None else min(lo, adj)
                    hi = max(hi, adj)
                    virtual += r.points - draw
                med = 0 if played <= 2 else bh - (lo or 0) - hi
            metrics[e.id] = _Metric(e.score, sb, bh, med, e.rank)
        return metrics

    def weight(self, a: Entrant, b: Entrant, same: bool, due: bool) -> int:
        if (min(a.id, b.id), max(a.id, b.id)) in self.forbidden:
            return 0
        if a.absolute and b.absolute and a.pref == b.pref:
            return 0
        return (_COMPATIBLE + same * _SAME_GROUP
                + (same and due and prefs_compatible(a.pref, b.pref)) * _COLOUR)

    def colour(self, p: Entrant, o: Entrant) -> tuple[int, ColourRule]:
        initial = 0 if self.state.initial_colour.value == "w" else 1
        c, why = neutral_colour(p, o)
        if why is not None:
            return c, why
        if p.pref == NONE:
            by_rank = ColourRule.INITIAL_BY_RANK
            if p.rank < o.rank:
                return (invert(initial) if p.rank & 1 else initial), by_rank
            return (initial if o.rank & 1 else invert(initial)), by_rank
        if _less(self.metric[p.id], self.metric[o.id]):
            return invert(o.pref), ColourRule.HIGHER_INDEXED_PREFERENCE
        return p.pref, ColourRule.HIGHER_INDEXED_PREFERENCE

    def orient(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
        return a, b

    def flt(self, p: Entrant, back: int) -> int:
        return 2  # Burstein keeps no float history

    # ------------------------------------------------------------ pairing
    def run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        """The round's pairs and bye: the order, the bye, the score groups grown (and
        merged from the bottom) until a pairing completes, then each group paired."""
        ordered = self._ordered()
        self.order = ordered
        bye = self._bye(ordered)
        vl = [e for e in ordered if e is not bye]
        mc = Matching(len(vl))
        sg = self._groups(vl, mc)
        return self._pair_groups(vl, mc, sg), bye

    def _ordered(self) -> list[Entrant]:
        """Score descending, then the index (``metric``) descending."""
        met = self.metric

        def cmp(a: Entrant, b: Entrant) -> int:
            if a.score != b.score:
                return -1 if a.score > b.score else 1
            if _less(met[b.id], met[a.id]):
                return -1
            if _less(met[a.id], met[b.id]):
                return 1
            return 0

        return sorted(self.entrants, key=cmp_to_key(cmp))

    def _bye(self, ordered: list[Entrant]) -> Entrant | None:
        """The lowest player without an earlier PAB (or unplayed win), when odd."""
        if not len(ordered) % 2:
            return None
        win = self.state.win
        for cand in reversed(ordered):
            if not any(r.is_pab or (r.paired and not r.played and r.points >= win)
                       for r in cand.rounds):  # a PAB of any value (pab_score)
                return cand
        raise NoValidPairing(Message("no player may receive the pairing-allocated bye"))

    @staticmethod
    def _completable(mate: list[int], sg: list[int], V: int) -> bool:  # noqa: N803
        """Whether the matching pairs every group's players inside it or with the
        group below, at most one floater per group (two when its end is odd)."""
        it = 0
        unmatched = 0
        begin = 0
        for v in range(V):
            if v >= sg[-1]:
                return True
            if v >= sg[it]:
                unmatched = 0
                begin = v
                while v >= sg[it]:
                    it += 1
            m = mate[v]
            if m == v and v < sg[-2]:
                return False
            if m == v or m < begin or m >= sg[it]:
                unmatched += 1
                if unmatched > (2 if sg[it] & 1 else 1):
                    return False
        return True

    def _groups(self, vl: list[Entrant], mc: Matching) -> list[int]:
        """The score groups' bounds in ``vl``: each grown by the next score until the
        pairing so far completes, then merged from the bottom while it does not."""
        V = len(vl)
        sg = [0, 0]
        valid = True
        while sg[-1] < V:
            sg.append(sg[-1])
            while True:
                begin = sg[-1]
                while True:
                    x = sg[-1]
                    for vi in range(sg[-3], x):
                        mc.set_weight(x, vi, self.weight(vl[vi], vl[x], vi >= sg[-2], False))
                    sg[-1] += 1
                    if not (sg[-1] < V and vl[begin].score == vl[sg[-1]].score):
                        break
                if sg[-1] & 1:
                    for vi in range(sg[-2], sg[-1]):
                        mc.set_weight(sg[-1], vi, _COMPATIBLE)
                valid = self._completable(mc.solve(), sg, V)
                if not (sg[-1] < V and not valid):
                    break
            if sg[-1] < V and not sg[-1] & 1:
                sg.append(sg[-1])
        while len(sg) > 3 and not valid:
            sg.pop()
            boundary = sg.pop()
            begin = sg.pop()
            for outer in range(sg[-1], boundary):
                for inner in range(boundary, V):
                    mc.set_weight(outer, inner, self.weight(vl[outer], vl[inner],
                                                            outer >= begin, False))
            mate = mc.solve()
            sg.append(begin)
            sg.append(V)
            valid = self._completable(mate, sg, V)
        if not valid:
            raise NoValidPairing(Message(
                "the players cannot all be paired while satisfying the absolute criteria"))
        return sg

    def _pair_groups(self, vl: list[Entrant], mc: Matching,
                     sg: list[int]) -> list[tuple[Entrant, Entrant]]:
        """Each group in turn, by index descending: each player takes the best
        opponent still possible (or floats to the next group)."""
        met = self.metric
        partner: dict[int, int] = {}
        pairs: list[tuple[Entrant, Entrant]] = []
        begin = sg[0]
        floater = -1

        def key_desc(i: int) -> object:
            return cmp_to_key(lambda a, b: -1 if _less(met[vl[b].id], met[vl[a].id])
                              else 1 if _less(met[vl[a].id], met[vl[b].id]) else 0)(i)

        for end in sg[1:]:
            if begin == end:
                continue
            full = list(range(begin, end))
            if floater >= 0:
                full.append(floater)
                floater = -1
            full.sort(key=key_desc)
            for i, v in enumerate(full):
                for nb in full[i + 1:]:
                    mc.set_weight(v, nb, self.weight(vl[v], vl[nb], True, True))
            for i, v in enumerate(full):
                if v in partner:
                    continue
                prio = 1
                for nb in full[i + 1:]:
                    if nb in partner:
                        continue
                    w = self.weight(vl[v], vl[nb], True, True)
                    if w:
                        mc.set_weight(v, nb, w + prio)
                        prio += 1
                mate = mc.solve()
                m = mate[v]
                if m >= end:
                    floater = v
                else:
                    partner[v] = m
                    partner[m] = v
                    pairs.append((vl[v], vl[m]))
                    mc.remove([v, m])
                    self.bracket_of[vl[v].id] = self.bracket_of[vl[m].id] = vl[begin].score
            begin = end
        return pairs
