"""The Lim system (FIDE C.04.4.3, effective 1 February 2026), as a procedure.

Lim is not an optimisation over criteria but a sequence of "take the first in
this order" steps:

1. The PAB to the lowest-ranked player of the lowest scoregroup (1.1); in round 1
   to the lowest-rated player (7.1).
2. Scoregroups from the top down to just above the Median Scoregroup (score =
   half the rounds played), then from the bottom up to just below it, the
   Median Scoregroup last, paired downward (2.2).
3. Before a group is paired, the players it cannot pair are transferred as
   floaters to the neighbouring group towards the median (2.3, 3.2.1): as many
   as a maximum pairing of the group leaves over, chosen one at a time by the
   floater rules (3.9.2 type a/b/c avoided, 3.10 not a floater of the previous
   round, 3.2.2 the colour that evens the due colours, 3.2.4 the lowest-ranked
   player when pairing downward and the highest-ranked when pairing upward).
4. Incoming floaters are paired first (3.6, 3.7): a downfloater with the
   highest-ranked available player due the alternate colour, an upfloater with
   the lowest-ranked one (3.8).
5. The rest is proposed top half against bottom half (2.4) and scrutinised
   (4.1): pairing downward from the top player, whose opponents are tried in
   the exchange order of 4.2-4.3 (the bottom half in order, then the top half
   from the bottom up), pairing upward the same from the bottom player,
   mirrored; the first choice that keeps the group complete wins, and among
   complete pairings the one giving most players their due colour (5.2,
   "further exchanges ... to allow alternation or equalisation").
6. A Median Scoregroup that cannot be paired cracks the last pairing of the
   side that sent fewer floaters (2.6) until it can.
7. Colours by Article 5 (``lim_colours``).

Readings where the text leaves a choice (repeated in docs/swiss.md):

- Compatibility (2.1) is checked on games played over the board; forfeited
  pairings may be repeated, as in the Dutch engine.
- In the last round two players of the same score are compatible even against
  the colour limits (Article 6); all other pairs keep them.
- "Highest numbered" is #1, the top of the group (4.2), also in 3.8.
- A previous-round floater is a player whose opponent of the previous round had
  another score; "already floated" (3.9.1) is an incoming floater of this round.
- The PAB goes to the first player in the order of 1.1 (7.1 in round 1) who may
  have it (C.04.1 art. 4) and whose absence leaves the round pairable.
- The Median Scoregroup exists even without residents: it then holds only the
  floaters of both sides.
- Maxi-tournaments (3.2.3, 3.8, 5.7) are not declared by any input leaguegen
  reads, so their 100-point limits are not applied.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.errors import Message, NoValidPairing

from . import pairing as _dutch_and_burstein_first  # noqa: F401  (registry order: Dutch first)
from .dubov_lim_support import (
    allowed_colour,
    max_pairs,
    perfectly_pairable,
    played_pairs,
    provisional_ratings,
)
from .guard import check_shrank
from .lim_colours import (
    ALTERNATE,
    EQUALISE,
    FORCED,
    NONE,
    Due,
    Side,
    allocate,
    due_colour,
    misses,
)
from .matching import Matching
from .players import B, Entrant, W, invert
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

DOWN, UP = "down", "up"


@dataclass(eq=False)
class LimPlayer:
    e: Entrant
    tpn: int
    rating: int
    score: int
    position: int  # 1-based rank among the players to be paired: score, then TPN
    due: Due
    floated_last: bool
    eligible: bool

    def side(self) -> Side:
        return Side(self.e, self.due, self.position)


@dataclass(eq=False)
class Floater:
    """A player transferred out of the group it was in (2.3), and why."""

    p: LimPlayer
    direction: str  # DOWN (towards lower scores) or UP
    origin: int  # score of the group it left
    why: FloatReason


@dataclass
class _Pair:
    a: LimPlayer
    b: LimPlayer
    group: int  # score of the group where the pair was made
    floater: Floater | None = None


class LimRound:
    """One round paired by C.04.4.3; ``run`` returns the result.

    ``skip`` (default on) lets the exchange step keep a player's first
    candidate without a new solve when the optimum in hand proves it; the
    tests compare it with the plain method.
    """

    def __init__(self, state: SwissState, skip: bool = True):
        self.state = state
        self.skip = skip
        self.blocked = played_pairs(state)
        self.last_round = state.rounds_played + 1 >= state.rounds_total
        self.initial = W if state.initial_colour.value == "w" else B
        self.median2 = state.rounds_played * state.win  # twice the median score, in units
        ratings = provisional_ratings(state)
        played = state.rounds_played
        for p in state.players:
            if len(p.rounds) != played:
                raise ValueError(
                    f"player {p.number} has {len(p.rounds)} rounds, expected {played}")
        ents = {p.number: Entrant(p, i, state) for i, p in enumerate(state.players)}
        present = [p for p in state.players if not p.absent]
        present.sort(key=lambda p: (-ents[p.number].score, p.number))
        self.players = []
        for pos, p in enumerate(present, start=1):
            e = ents[p.number]
            last = p.rounds[-1] if p.rounds else None
            floated = False
            if last is not None and last.opponent is not None and last.paired:
                floated = e.score_back(1, played) != ents[last.opponent].score_back(1, played)
            self.players.append(LimPlayer(e, p.number, ratings[p.number], e.score, pos,
                                          due_colour(e), floated, e.eligible))
        self.pairs: list[_Pair] = []
        self.bye: LimPlayer | None = None
        self.bye_reason = ByeReason.LOWEST_RANKED

    # ------------------------------------------------------------ 2.1
    def compatible(self, a: LimPlayer, b: LimPlayer) -> bool:
        """2.1: not met before, and some colours keep both within 5.1 (Article 6 aside)."""
        if frozenset((a.tpn, b.tpn)) in self.blocked:
            return False
        if self.last_round and a.score == b.score:
            return True  # Article 6: the same score comes before the colour limits
        return any(allowed_colour(a.e, c) and allowed_colour(b.e, invert(c)) for c in (W, B))

    def at_or_above_median(self, score: int) -> bool:
        return 2 * score >= self.median2

    # ------------------------------------------------------------ 1.1, 7.1
    def assign_bye(self, pool: list[LimPlayer]) -> list[LimPlayer]:
        if self.state.rounds_played == 0:
            order = sorted(pool, key=lambda p: (p.rating, -p.tpn))
            reason = ByeReason.LOWEST_RATED  # 7.1
        else:
            order = sorted(pool, key=lambda p: -p.position)
            reason = ByeReason.LOWEST_RANKED  # 1.1
        for p in order:
            if not p.eligible:
                continue
            rest = [q for q in pool if q is not p]
            if perfectly_pairable(rest, self.compatible):
                self.bye = p
                self.bye_reason = reason
                return rest
        raise NoValidPairing(Message(
            "no player may receive the pairing-allocated bye while the others can all be paired"
            " (Lim 1.1, C.04.1 art. 4)"))

    # ------------------------------------------------------------ 2.2
    def run(self) -> PairingResult:
        pool = list(self.players)
        if len(pool) % 2:
            pool = self.assign_bye(pool)
        elif not perfectly_pairable(pool, self.compatible):
            raise NoValidPairing(Message(
                "the players cannot all be paired with compatible opponents (Lim 2.1: no"
                " rematch, no third colour in a row, no surplus of three)"))
        scores = sorted({p.score for p in pool}, reverse=True)
        above = [s for s in scores if 2 * s > self.median2]
        below = sorted(s for s in scores if 2 * s < self.median2)
        residents = {s: [p for p in pool if p.score == s] for s in scores}
        median = self.median2 // 2 if self.median2 % 2 == 0 else None
        median_residents = [p for p in pool if 2 * p.score == self.median2]

        stack_down: list[_Pair] = []
        carried: list[Floater] = []
        for i, s in enumerate(above):
            nxt = above[i + 1] if i + 1 < len(above) else None
            dest = residents[nxt] if nxt is not None else median_residents
            pairs, carried = self.pair_group(s, residents[s], carried, DOWN, dest)
            stack_down.extend(pairs)
        down_floaters = carried

        stack_up: list[_Pair] = []
        carried = []
        for i, s in enumerate(below):
            nxt = below[i + 1] if i + 1 < len(below) else None
            dest = residents[nxt] if nxt is not None else median_residents
            pairs, carried = self.pair_group(s, residents[s], carried, UP, dest)
            stack_up.extend(pairs)
        up_floaters = carried

        group_score = median if median is not None else self.median2 // 2
        self.pair_median(group_score, median_residents, down_floaters, up_floaters,
                         stack_down, stack_up)
        self.pairs = stack_down + stack_up + self.pairs
        return self.result()

    # ------------------------------------------------------------ 2.6
    def pair_median(self, score: int, residents: list[LimPlayer], downs: list[Floater],
                    ups: list[Floater], stack_down: list[_Pair], stack_up: list[_Pair]) -> None:
        downs, ups = list(downs), list(ups)
        while True:
            members = residents + [f.p for f in downs] + [f.p for f in ups]
            if perfectly_pairable(members, self.compatible):
                break
            # 2.6.1: more floaters came from above: crack the last pairing below; 2.6.2: else
            # the last pairing above. A side with nothing left to crack hands over to the other.
            take_below = (len(downs) > len(ups) and bool(stack_up)) or not stack_down
            if take_below and stack_up:
                pr = stack_up.pop()
                for p in (pr.a, pr.b):
                    ups.append(Floater(p, UP, p.score, FloatReason.CRACKED))  # 2.6.1
            elif stack_down:
                pr = stack_down.pop()
                for p in (pr.a, pr.b):
                    downs.append(Floater(p, DOWN, p.score, FloatReason.CRACKED))  # 2.6.2
            else:
                raise NoValidPairing(Message("the Median Scoregroup cannot be paired (Lim 2.6)"))
        pairs, left = self.pair_group(score, residents, downs + ups, DOWN, [], median=True)
        if left:
            raise NoValidPairing(Message("the Median Scoregroup cannot be paired (Lim 2.6)"))
        self.pairs.extend(pairs)

    # ------------------------------------------------------------ 2.3, 3, 4
    def pair_group(self, score: int, residents: list[LimPlayer], incoming: list[Floater],
                   direction: str, dest: list[LimPlayer], median: bool = False
                   ) -> tuple[list[_Pair], list[Floater]]:
        """Pair one scoregroup with its incoming floaters; return its pairs and its floaters."""
        by_id = {id(f.p): f for f in incoming}
        members = residents + [f.p for f in incoming]
        nu = max_pairs(members, self.compatible)
        out: list[Floater] = []
        rest = list(members)
        for _ in range(len(members) - 2 * nu):
            chosen = self.choose_floater(rest, nu, by_id, direction, dest)
            rest = [p for p in rest if p is not chosen]
            others = [q for q in members if q is not chosen]
            if not any(self.compatible(chosen, q) for q in others):
                why = FloatReason.NO_OPPONENT  # 2.3.1-2.3.3
            elif (len(members) - 2 * nu) == 1 and len(members) % 2:
                why = FloatReason.EVEN_NUMBER  # 2.3.4
            else:
                why = FloatReason.GROUP_INCOMPLETE  # 2.3
            out.append(Floater(chosen, direction, score, why))
        pairs = self.pair_floaters_first(score, rest, by_id, median)
        paired = {id(p) for pr in pairs for p in (pr.a, pr.b)}
        left = [p for p in rest if id(p) not in paired]
        pairs += self.exchange(score, left, direction)
        return pairs, out

    def floater_type(self, p: LimPlayer, incoming: bool, dest: list[LimPlayer]) -> int:
        """3.9.1: a (re-floated, no opponent in the next group), b, c, d (least disadvantaged)."""
        has = any(self.compatible(p, q) for q in dest if q is not p)
        if incoming:
            return 2 if has else 3  # b, a
        return 0 if has else 1  # d, c

    def choose_floater(self, rest: list[LimPlayer], nu: int, by_id: dict[int, Floater],
                       direction: str, dest: list[LimPlayer]) -> LimPlayer:
        whites = sum(1 for p in rest if p.due.colour == W)
        blacks = sum(1 for p in rest if p.due.colour == B)
        surplus = W if whites > blacks else B if blacks > whites else NONE

        def key(p: LimPlayer) -> tuple[int, int, int, int]:
            kind = self.floater_type(p, id(p) in by_id, dest)  # 3.9.2
            colour = 0 if surplus != NONE and p.due.colour == surplus else 1  # 3.2.2
            place = -p.position if direction == DOWN else p.position  # 3.2.4
            return (kind, 1 if p.floated_last else 0, colour, place)  # 3.10 second

        for p in sorted(rest, key=key):
            others = [q for q in rest if q is not p]
            if max_pairs(others, self.compatible) == nu:
                return p
        raise NoValidPairing(Message("no floater keeps the group's pairings (internal)"))

    def pair_floaters_first(self, score: int, rest: list[LimPlayer],
                            by_id: dict[int, Floater], median: bool) -> list[_Pair]:
        """3.6-3.8: incoming floaters first, each with its 3.8 opponent."""
        floaters = [by_id[id(p)] for p in rest if id(p) in by_id]
        downs = sorted((f for f in floaters if f.direction == DOWN),
                       key=lambda f: (-f.p.score, f.p.position))  # 3.6.1-3.6.2
        ups = sorted((f for f in floaters if f.direction == UP),
                     key=lambda f: (f.p.score, -f.p.position))  # 3.7.1-3.7.2
        order = downs + ups if median or not ups else ups + downs  # 3.6.3, 3.7.3
        free = list(rest)
        pairs = []
        for f in order:
            if not any(x is f.p for x in free):
                continue
            others = [q for q in free if q is not f.p]
            wanted = invert(f.p.due.colour) if f.p.due.colour != NONE else NONE

            def rank(q: LimPlayer, f: Floater = f, wanted: int = wanted) -> tuple[int, int, int]:
                resident = 0 if id(q) not in by_id else 1
                colour = 0 if wanted == NONE or q.due.colour in (wanted, NONE) else 1
                place = q.position if f.direction == DOWN else -q.position
                return (resident, colour, place)

            for q in sorted(others, key=rank):
                if not self.compatible(f.p, q):
                    continue
                remaining = [x for x in others if x is not q]
                if perfectly_pairable(remaining, self.compatible):
                    pairs.append(_Pair(f.p, q, score, floater=f))
                    free = remaining
                    break
            else:
                raise NoValidPairing(Message("an incoming floater cannot be paired (internal)"))
        return pairs

    def exchange(self, score: int, players: list[LimPlayer], direction: str) -> list[_Pair]:
        """2.4, 2.5, Article 4 and 5.2 on a group that can be paired completely.

        One matching holds the group; an edge is worth a large base, plus the
        number of due colours the pair grants (5.2), plus in its lowest bits the
        scrutinised player's exchange order. Each step solves, takes the
        scrutinised player's partner and removes the two.
        """
        order = sorted(players, key=lambda p: p.position)
        n = len(order)
        if n == 0:
            return []
        above = self.at_or_above_median(score)
        idx = {id(p): i for i, p in enumerate(order)}

        def good(a: LimPlayer, b: LimPlayer) -> int:
            return 2 - misses(a.side(), b.side(), self.initial, above)

        spacing = n + 2
        base = (n // 2 + 1) * (3 * spacing) + 1
        m = Matching(n)
        weights: dict[tuple[int, int], int] = {}
        for i in range(n):
            for j in range(i + 1, n):
                if self.compatible(order[i], order[j]):
                    w = base + good(order[i], order[j]) * spacing
                    weights[(i, j)] = w
                    m.set_weight(i, j, w)
        remaining = list(order)
        pairs = []
        cur: dict[int, int] = {}  # an optimal matching of ``remaining`` once one is known
        while remaining:
            k = len(remaining)
            natural = list(zip(remaining[: k // 2], remaining[k // 2:], strict=True))
            if all(self.compatible(a, b) and good(a, b) == 2 for a, b in natural):
                # 2.4: the proposed pairings are compatible and grant every due colour, so
                # every scrutiny keeps its proposed opponent (the same pairs either way).
                pairs.extend(_Pair(a, b, score) for a, b in natural)
                break
            half = k // 2
            if direction == DOWN:
                p = remaining[0]
                cands = remaining[half:] + remaining[1:half][::-1]
            else:
                p = remaining[-1]
                cands = remaining[:half][::-1] + remaining[half:-1]
            i = idx[id(p)]
            first = next((q for q in cands if self.compatible(p, q)), None)
            j = -1
            if cur and first is not None and self.skip:
                # Without a solve when the optimum in hand already pairs p with its first
                # candidate, or does so after one weight-neutral swap of partners.
                j1, x = idx[id(first)], cur[i]
                if x == j1:
                    j = j1
                else:
                    y = cur[j1]
                    kxy = (min(x, y), max(x, y))
                    if kxy in weights and (weights[(min(i, j1), max(i, j1))] + weights[kxy]
                                           == weights[(min(i, x), max(i, x))]
                                           + weights[(min(j1, y), max(j1, y))]):
                        cur[x], cur[y] = y, x
                        j = j1
            if j < 0:
                for prio, q in enumerate(reversed(cands), start=1):
                    jq = idx[id(q)]
                    key = (min(i, jq), max(i, jq))
                    if key in weights:
                        m.set_weight(i, jq, weights[key] + prio)
                mate = m.solve()
                live = {idx[id(x)] for x in remaining}
                cur = {v: mate[v] for v in live}
                j = mate[i]
                if j == i or j < 0 or j not in live:
                    raise NoValidPairing(Message("a scoregroup could not be completed (internal)"))
            q = order[j]
            pairs.append(_Pair(p, q, score))
            m.remove([i, j])
            cur.pop(i, None)
            cur.pop(j, None)
            left = [x for x in remaining if x is not p and x is not q]
            check_shrank(len(remaining), len(left), "the Lim scrutiny loop")
            remaining = left
        return pairs

    # ------------------------------------------------------------ result
    def result(self) -> PairingResult:
        placed = []
        for pr in self.pairs:
            above = self.at_or_above_median(pr.group)
            c, rule = allocate(pr.a.side(), pr.b.side(), self.initial, above)
            white, black = (pr.a, pr.b) if c == W else (pr.b, pr.a)
            placed.append((white, black, rule, pr))

        def order(item: tuple[LimPlayer, LimPlayer, ColourRule, _Pair]) -> tuple[int, int, int]:
            w, b = item[0], item[1]
            hi, lo = (w, b) if (w.e.raw, -w.tpn) > (b.e.raw, -b.tpn) else (b, w)
            return (-hi.e.raw, -lo.e.raw, hi.tpn)

        placed.sort(key=order)
        return PairingResult(
            boards=tuple((w.tpn, b.tpn) for w, b, _, _ in placed),
            bye=self.bye.tpn if self.bye else None,
            explanation=tuple(self.explain(w, b, rule, pr) for w, b, rule, pr in placed),
            bye_explanation=(ByeExplanation(self.bye.tpn, self.bye.score, self.bye_reason)
                             if self.bye else None),
            win=self.state.win,
        )

    def explain(self, w: LimPlayer, b: LimPlayer, rule: ColourRule,
                pr: _Pair) -> BoardExplanation:
        """The one place that turns a Lim pair into a BoardExplanation.

        The floater (if any) with the direction it moved and why (2.3, 2.6); a due
        colour not granted is relaxed under the code "5", its kind by the claim (a colour
        limit as absolute, equalising as strong, alternating as mild).
        """
        floats: tuple[Float, ...] = ()
        f = pr.floater
        if f is not None:
            direction = FloatDirection.DOWN if f.direction == DOWN else FloatDirection.UP
            floats = (Float(f.p.tpn, f.p.score, direction, f.why),)
        kinds = {FORCED: RelaxedKind.ABSOLUTE, EQUALISE: RelaxedKind.STRONG,
                 ALTERNATE: RelaxedKind.MILD}
        relaxed = tuple(Relaxed("5", p.tpn, kinds[p.due.claim])
                        for p, got in ((w, W), (b, B)) if p.due.colour not in (NONE, got))
        return BoardExplanation(white=w.tpn, black=b.tpn, bracket=pr.group, floats=floats,
                                colour_rule=rule, relaxed=relaxed)


def pair(state: SwissState) -> PairingResult:
    """Pair round ``state.rounds_played + 1`` by the Lim system (C.04.4.3, 2026)."""
    return LimRound(state).run()


register(PairingSystem("lim", N_("Lim system"), "C.04.4.3", pair,
                        colour_exception="same-score"))
