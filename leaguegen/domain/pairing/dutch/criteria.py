"""The FIDE Dutch criteria (C.04.3, 2026) as one integer edge weight, as bbpPairings does.

Every criterion is a bit field of the weight of a pair, the highest priority in
the highest bits, so a maximum-weight matching is the pairing that is best on the
first criterion, then on the second, and so on. The fields, from the top:

======  =====  ==============================================================
field   width  what it counts (for the pair ``h`` higher, ``lo`` lower)
======  =====  ==============================================================
COMPL   open   1 for a pair (completion, C4) + 1 per player of it who could not
               take the bye (C5: keep the bye candidates free)
C6      B      1 if the pair is in the current bracket (number of pairs)
C7      S      the higher player's score bit, in the current bracket (C7)
C8      B      1 if the pair is in the next bracket (C8: pairs there)
C8S     S      the higher player's score bit, in the next bracket (C8: scores)
C9      2B     the played-games rank of a bye-score player (C9), when the
               bracket may float a single player to the bye
C10     B      not two topscorers' absolute colour imbalances clashing
C11     B      no topscorer (or opponent) gets a colour three times running
C12     B      colour preferences compatible
C13     B      strong colour preferences compatible
C14/15  B, B   floats one round ago (one pair of fields per round back:
C16/17  B, B   two rounds ago;  present only when that round was played)
C18-21  S each the scores of the same four groups
ORDER   3B+1   free, for the order rules of article 4 (which MDPs, which
               exchanges, which transposition; the engine nudges these bits)
======  =====  ==============================================================

``B`` holds a count of players of one score group, ``S`` holds one bit per score
group (``shift[score]``). Every field is a sum of terms, so the weight is the sum
of the terms below shifted into place; that is what makes the completion-only and
the next-bracket weights separable (a constant plus one term per player), which
the bracket-local solver relies on.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.pairing.players import (
    FLOAT_DOWN,
    FLOAT_UP,
    NONE,
    Entrant,
    float_of,
    invert,
    prefs_compatible,
)
from leaguegen.domain.pairing.state import SwissState


def bits(x: int) -> int:
    return x.bit_length()


class Criteria:
    """Weights for one round: the bit layout, compatibility (C1, C3) and float history.

    ``order`` is the pairing order (score with virtual points, then rank); vertex ``v``
    of every matching is ``order[v]``.
    """

    def __init__(self, state: SwissState, order: list[Entrant], by_id: dict[int, Entrant]):
        self.state = state
        self.order = order
        self.by_id = by_id
        self.played = state.rounds_played
        n = len(order)
        # Score-group shifts, assigned from the lowest group upwards: each group
        # gets enough bits to count its players in the S-wide score fields.
        shifts: dict[int, int] = {}
        total = 0
        biggest = 0
        i = n - 1
        run = 0
        while i >= 0:
            run += 1
            s = order[i].score
            if i == 0 or s < order[i - 1].score:
                shifts[s] = total
                biggest = max(biggest, run)
                total += bits(run)
                run = 0
            i -= 1
        self.shift = shifts
        self.S = total
        self.B = B = bits(biggest)
        S = total
        self.forbidden = self._forbidden()
        self.forbidden_of: dict[int, set[int]] = {}  # id -> ids it may not meet
        for a, b in self.forbidden:
            self.forbidden_of.setdefault(a, set()).add(b)
            self.forbidden_of.setdefault(b, set()).add(a)
        self.last_round = self.played >= state.rounds_total - 1
        self.top_threshold = (self.played * state.win) >> 1
        self._floats: dict[tuple[int, int], int] = {}
        # Absolute colour (0 white, 1 black) or 2 per vertex: the greedy completions
        # meet absolute preferences with their opposites first.
        self.cls = [(p.pref if p.absolute else 2) for p in order]
        # (float one round ago, two rounds ago) of every player, by id (index 0 unused).
        self.fl = {
            p.id: (0, *(self.flt(p, back) if self.played >= back else 0 for back in (1, 2)))
            for p in order
        }
        # Field offsets, from the lowest bit up.
        backs = min(self.played, 2)
        self.o_order = 0
        o = 3 * B + 1
        self.o_scores: list[tuple[int, int]] = [(0, 0)] * 3  # [back] -> (down, up) offsets
        for back in range(backs, 0, -1):
            self.o_scores[back] = (o + S, o)
            o += 2 * S
        self.o_floats: list[tuple[int, int]] = [(0, 0)] * 3  # [back] -> (down, up) offsets
        for back in range(backs, 0, -1):
            self.o_floats[back] = (o + B, o)
            o += 2 * B
        self.o_c13 = o
        self.o_c12 = o + B
        self.o_c11 = o + 2 * B
        self.o_c10 = o + 3 * B
        self.o_c9 = o + 4 * B
        self.o_c8s = self.o_c9 + 2 * B
        self.o_c8 = self.o_c8s + S
        self.o_c7 = self.o_c8 + B
        self.o_c6 = self.o_c7 + S
        self.o_compl = self.o_c6 + B
        self.pair_constant = 1 << self.o_compl  # C4: one more pair

    # ------------------------------------------------------------ absolute criteria
    def _forbidden(self) -> set[tuple[int, int]]:
        """C1 (no second game, forfeits aside) and the organiser's forbidden pairs."""
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

    def clashes(self, p: Entrant) -> bool:
        """C3: ``p``'s absolute colour preference rules out an opponent with the same
        one (except topscorers when the last round is paired)."""
        return p.absolute and not (self.last_round and p.score > self.top_threshold)

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """C1 and C3: ``a`` and ``b`` may meet this round."""
        fo = self.forbidden_of.get(a.id)  # (``forbidden`` by player: no pair to build)
        if fo is not None and b.id in fo:
            return False
        if not (a.absolute and b.absolute and a.pref == b.pref):
            return True
        return self.last_round and (
            a.score > self.top_threshold or b.score > self.top_threshold
        )

    def flt(self, p: Entrant, back: int) -> int:
        """Float direction of ``p`` ``back`` rounds ago (cached)."""
        key = (p.id, back)
        v = self._floats.get(key)
        if v is None:
            v = float_of(p, back, self.played, self.by_id, self.state.loss)
            self._floats[key] = v
        return v

    @staticmethod
    def is_bye_candidate(p: Entrant, bye_score: int) -> bool:
        """C2 and C5: ``p`` may take the bye and is not above the bye score."""
        return p.eligible and p.score <= bye_score

    # ------------------------------------------------------------ the weight, term by term
    def player_term(self, p: Entrant, bye_score: int, single: bool, ranks: dict[int, int]) -> int:
        """What one player adds to any pair it is in (whatever the pair's bracket)."""
        # C5: a pair that uses up a player who could take the bye is worth less.
        t = (not (p.eligible and p.score <= bye_score)) << self.o_compl
        # C9: when the bracket floats a single player to the bye, the bye-score
        # player with the most played games should be paired (``ranks``).
        if single and p.score == bye_score:
            t += ranks[p.played_games] << self.o_c9
        return t

    def next_term(self, h: Entrant) -> int:
        """C8: a pair made in the next bracket (``h`` the higher player)."""
        return (1 << self.o_c8) + (1 << (self.o_c8s + self.shift[h.score]))

    def bracket_term(self, h: Entrant, lo: Entrant) -> int:
        """C6, C7 and the quality criteria C10-C21 of a pair in the current bracket."""
        # C6: one more pair in this bracket; C7: the score paired (the higher one's).
        return ((1 << self.o_c6) + (1 << (self.o_c7 + self.shift[h.score]))
                + self.colour_term(h, lo) + self.float_term(h, lo))

    def colour_term(self, h: Entrant, lo: Entrant) -> int:
        """C10-C13, one bit each (``colour_max`` when every colour criterion is met)."""
        # ``p`` the lower and ``o`` the higher player.
        p, o = lo, h
        # C10: two topscorers whose colour difference would pass 2.
        w = (not p.abs_imb or not o.abs_imb or p.pref != o.pref) << self.o_c10
        # C11: a topscorer (or opponent) getting the same colour three times running.
        # When both have the same absolute preference, the one with the smaller
        # imbalance (``q``) gets the other colour: a third time only if that is
        # the colour it just repeated.
        if not p.absolute or not o.absolute or p.pref != o.pref:
            bit = True
        elif p.imb == o.imb:
            bit = p.rep == NONE or p.rep != o.rep
        else:
            q = o if p.imb > o.imb else p
            bit = q.rep != invert(p.pref)
        w += bit << self.o_c11
        # C12: both colour preferences can be granted.
        w += prefs_compatible(p.pref, o.pref) << self.o_c12
        # C13: no strong preference is denied (at most one side has a strong one).
        w += ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
              or (p.absolute and o.absolute) or p.pref != o.pref) << self.o_c13
        return w

    @property
    def colour_max(self) -> int:
        return (1 << self.o_c10) + (1 << self.o_c11) + (1 << self.o_c12) + (1 << self.o_c13)

    def float_term(self, h: Entrant, lo: Entrant) -> int:
        """C14-C21: the float history of the pair's players, one and two rounds back."""
        sh = self.shift
        hs, ls = h.score, lo.score
        fh, flo = self.fl[h.id], self.fl[lo.id]
        w = 0
        for back in (1, 2):
            if self.played < back:
                continue
            down, up = self.o_floats[back]
            # C14 / C16: resident downfloaters who floated down ``back`` rounds ago
            # as well (pairing ``lo`` here keeps it from floating down again; an
            # equal-score ``h`` counts the same way).
            w += ((flo[back] == FLOAT_DOWN) + (hs <= ls and fh[back] == FLOAT_DOWN)) << down
            # C15 / C17: an MDP's opponent who floated up ``back`` rounds ago as well.
            w += (not (hs > ls and flo[back] == FLOAT_UP)) << up
        for back in (1, 2):
            if self.played < back:
                continue
            down, up = self.o_scores[back]
            # C18 / C20: the scores of the players counted by C14 / C16.
            w += ((flo[back] == FLOAT_DOWN) << (down + sh[ls])) + (
                (fh[back] == FLOAT_DOWN) << (down + sh[hs]))
            # C19 / C21: the scores of the pairs counted by C15 / C17.
            if not (flo[back] == FLOAT_UP and hs > ls):
                w += 1 << (up + sh[hs])
        return w

    def same_score_float(self, p: Entrant) -> tuple[int, int]:
        """``float_term`` of two players with the same score is separable: a constant
        plus one part per player. Returns (the constant, ``p``'s part)."""
        sh = self.shift[p.score]
        fp = self.fl[p.id]
        const = part = 0
        for back in (1, 2):
            if self.played < back:
                continue
            down, up = self.o_floats[back]
            part += (fp[back] == FLOAT_DOWN) << down
            const += 1 << up
            down, up = self.o_scores[back]
            part += (fp[back] == FLOAT_DOWN) << (down + sh)
            const += 1 << (up + sh)
        return const, part

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
        """Edge weight between higher ``h`` and lower ``lo`` (0: they may not meet).

        ``in_cur``: both are in the bracket being paired; ``in_next``: both are in
        it or the next score group (C8). Otherwise only completion and the bye count.
        """
        if (min(h.id, lo.id), max(h.id, lo.id)) in self.forbidden:
            return 0
        return self.type_weight(h, lo, in_cur, in_next, bye_score, single, ranks)

    def type_weight(
        self,
        h: Entrant,
        lo: Entrant,
        in_cur: bool,
        in_next: bool,
        bye_score: int,
        single: bool,
        ranks: dict[int, int],
    ) -> int:
        """:meth:`weight` without the forbidden-pair check: a function of the two
        players' types (``ptype``) only."""
        if h.absolute and lo.absolute and h.pref == lo.pref and not (
                self.last_round and (h.score > self.top_threshold
                                     or lo.score > self.top_threshold)):
            return 0  # C3
        w = (self.pair_constant + self.player_term(h, bye_score, single, ranks)
             + self.player_term(lo, bye_score, single, ranks))
        if in_next:
            w += self.next_term(h)
        if in_cur:
            w += self.bracket_term(h, lo)
        return w

    @staticmethod
    def ptype(p: Entrant, fl: dict[int, tuple[int, ...]]) -> tuple:
        """Everything a current-bracket weight reads from a player besides its id: two
        pairs of players with the same types have the same weight (forbidden pairs aside)."""
        return (p.absolute, p.pref, p.score, p.eligible, p.played_games, p.abs_imb,
                p.imb, p.rep, p.strong, fl[p.id])

    # ------------------------------------------------------------ derived forms
    def completion_duals(self, bye_score: int, single: bool, ranks: dict[int, int]) -> list[int]:
        """Doubled duals making every compatible pair tight under the completion-only
        weights, which are a constant plus one term per player (a warm start)."""
        c = self.pair_constant
        return [c + 2 * self.player_term(p, bye_score, single, ranks) for p in self.order]

    def bye_search_weight(self, p: Entrant, o: Entrant, top: int) -> int:
        """The start of an odd round (exact method): a pairing of everyone but one
        player that is best on C2 (pairs first), C5 (the unpaired player has the
        lowest score: the pair's shift sum is largest) and keeps the top group paired."""
        w = 1 + (not p.eligible) + (not o.eligible)
        w = (w << self.S) | (self.shift[p.score] + self.shift[o.score])
        return (w << self.B) | (p.score >= top)

    def bye_search_duals(self, top: int) -> list[int]:
        """Doubled duals for :meth:`bye_search_weight` (feasible; tight for most pairs)."""
        S, B = self.S, self.B
        c = 1 << (S + B)
        return [c + (((not p.eligible) << (S + B)) + (self.shift[p.score] << B)) * 2
                + (p.score >= top) for p in self.order]


class NextPairs:
    """The weights of a bracket's pairs into and inside its next score group.

    Such a pair weighs ``Criteria.weight(h, lo, in_next=True)``: completion plus
    ``next_term`` of the higher player when they may meet, which is a sum of one
    part per player (``high`` for the higher end, ``low`` for the lower). Kept as
    those parts, not as a table of every pair: positions are in the bracket's
    list ``pbi`` (its players, then the next score group).
    """

    def __init__(self, crit: Criteria, pbi: list[int], bye_score: int, single: bool,
                 ranks: dict[int, int]):
        order = crit.order
        self.pbi = pbi
        self.pos = {v: i for i, v in enumerate(pbi)}
        players = [order[v] for v in pbi]
        self.ids = [p.id for p in players]
        self.prefs = [p.pref for p in players]
        self.clash = [crit.clashes(p) for p in players]
        self.low = [crit.player_term(p, bye_score, single, ranks) for p in players]
        self.high = [crit.pair_constant + t + crit.next_term(p)
                     for t, p in zip(self.low, players, strict=True)]
        self.forbidden = crit.forbidden

    def ok(self, si: int, li: int) -> bool:
        """C1 and C3 between the players at positions ``si`` and ``li``."""
        a, b = self.ids[si], self.ids[li]
        if ((a, b) if a < b else (b, a)) in self.forbidden:
            return False
        return not (self.clash[si] and self.clash[li] and self.prefs[si] == self.prefs[li])

    def weight(self, si: int, li: int) -> int:
        """The pair of positions ``si`` (higher) and ``li``; 0 when they may not meet."""
        return self.high[si] + self.low[li] if self.ok(si, li) else 0


@dataclass(frozen=True, slots=True)
class RowTypes:
    """The types behind a bracket's rows (``DutchEngine._base_rows``): a current-bracket
    pair's weight depends only on its two players' types, except that a forbidden
    pair weighs 0. ``of[i]``: the type of the bracket's ``i``-th player;
    ``table[lower][higher]``: the weight of a pair by the types of its lower and
    higher player (None: no such pair was met)."""

    of: list[int]
    table: list[list[int | None]]

    def bound(self) -> list[list[int]]:
        """The largest weight a pair of each two types can have, either way round."""
        t = self.table
        k = len(t)
        return [[max(t[a][b] or 0, t[b][a] or 0) for b in range(k)] for a in range(k)]
