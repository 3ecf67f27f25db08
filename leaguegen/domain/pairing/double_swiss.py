"""The FIDE Double-Swiss system (C.04.5, applied from 1 February 2026).

Why its own engine: the article does not use the Dutch machinery. Its pairing
process (3.3-3.6) is the top-scoregroup procedure it shares with the Swiss Team
system (C.04.6): the pairing-allocated bye first (3.4), then, while players are
left, the top scoregroup of the players still unpaired plus the *set of upfloaters*
chosen by [C3]-[C7] (3.5), paired by the first *pairing identifier* in
lexicographic order that meets [C8] best (3.6). Colours (art. 4) are given per match:
the colour of game 1; game 2 is the other way round.

Every rule is digested, article by article, in ``docs/swiss.md`` ("Double-Swiss").
Pure: a :class:`SwissState` in, a :class:`PairingResult` out; matches are read as
``double_swiss_rules`` describes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from leaguegen.domain.model import Colour
from leaguegen.errors import Message, NoValidPairing

from . import dubov as _one_game_systems_first  # noqa: F401  (registry order: Dutch first,
from . import lim as _then_dubov_and_lim  # noqa: F401  Double-Swiss last)
from .double_swiss_rules import (
    match_colours,
    matches_played,
    may_meet_again,
    pab_eligible,
    pab_units,
    upfloated,
)
from .matching import max_weight_matching
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
from .state import SwissPlayer, SwissState
from .system import N_, PairingSystem, register

#: Art. 4.3, as the shared ``ColourRule`` names them (stored values, worded elsewhere).
COLOUR_RULES = {
    "4.3.1": ColourRule.INITIAL_BY_NUMBER,  # neither has played: initial colour by TPN
    "4.3.2": ColourRule.EQUALISATION,  # fewer Whites gets White
    "4.3.3": ColourRule.ALTERNATE,  # alternate from the latest round they differed
    "4.3.4": ColourRule.HIGHER_RANKED_PREFERENCE,  # alternate the higher-ranked player
    "4.3.5": ColourRule.PREFERENCE,  # only the other has played: alternate theirs
}

Cost = Callable[[int, int], int]


class _Field:
    """The players to pair this round and what the criteria ask of them (by TPN)."""

    def __init__(self, state: SwissState) -> None:
        self.state = state
        self.players = {p.number: p for p in state.players if not p.absent}
        self.score = {n: p.score for n, p in self.players.items()}
        self.last_round = state.rounds_played + 1 >= state.rounds_total
        back = state.rounds_played - 1
        self.floated = {n for n, p in self.players.items() if upfloated(state, p, back)}
        self._compat: dict[tuple[int, int], bool] = {}
        self._perfect: dict[frozenset[int], bool] = {}

    def compatible(self, a: int, b: int) -> bool:
        """[C1] and the forbidden pairs (TRF ``XXP``)."""
        key = (a, b) if a < b else (b, a)
        got = self._compat.get(key)
        if got is None:
            got = (may_meet_again(self.players[a], self.players[b])
                   and frozenset(key) not in self.state.forbidden)
            self._compat[key] = got
        return got

    def pairable(self, nodes: Iterable[int]) -> bool:
        """Do these players have a pairing meeting the absolute criteria?"""
        key = frozenset(nodes)
        got = self._perfect.get(key)
        if got is None:
            got = min_cost(self, sorted(key), lambda a, b: True, None) is not None
            self._perfect[key] = got
        return got


def min_cost(field: _Field, nodes: Sequence[int], allowed: Callable[[int, int], bool],
             cost: Cost | None, budget: int | None = None) -> int | None:
    """The least total ``cost`` of a pairing of all ``nodes`` (sorted TPNs) using only
    compatible, ``allowed`` pairs (``a < b``); None when there is none.

    The natural pairing (first half against second half, as 3.6 enumerates first) is
    tried before the blossom: it settles most brackets at once. With ``budget`` the
    natural pairing is accepted when it costs no more.
    """
    n = len(nodes)
    if n == 0:
        return 0
    if n % 2:
        return None
    half = n // 2
    natural = 0
    for a, b in zip(nodes[:half], nodes[half:], strict=True):
        if not (allowed(a, b) and field.compatible(a, b)):
            natural = -1
            break
        natural += cost(a, b) if cost else 0
    if natural == 0 or (natural > 0 and budget is not None and natural <= budget):
        return natural
    big = 4 * n + 8
    edges = []
    for i in range(n):
        a = nodes[i]
        for j in range(i + 1, n):
            b = nodes[j]
            if allowed(a, b) and field.compatible(a, b):
                edges.append((i, j, big - (cost(a, b) if cost else 0)))
    mate = max_weight_matching(n, edges)
    if any(m < 0 for m in mate):
        return None
    if cost is None:
        return 0
    return sum(cost(nodes[i], nodes[m]) for i, m in enumerate(mate) if i < m)


def choose_bye(field: _Field, nodes: list[int]) -> int:
    """Art. 3.4: among the players [C2] allows, the one leaving a legal pairing (3.4.1)
    with the lowest score (3.4.2), the most matches played (3.4.3), the largest TPN."""
    state = field.state
    candidates = [n for n in nodes if pab_eligible(field.players[n], state)]
    candidates.sort(key=lambda n: (field.score[n], -matches_played(field.players[n]), -n))
    for n in candidates:
        if field.pairable(m for m in nodes if m != n):
            return n
    raise NoValidPairing(Message("no player can receive the pairing-allocated bye and leave a"
                                 " legal pairing for the others (C.04.5 art. 3.4.1)"))


def _following_need(field: _Field, rest: list[int], following: int | None) -> int:
    """[C6]: how many more upfloaters than parity the following scoregroup would need."""
    if following is None:
        return 0
    residents = [n for n in rest if field.score[n] == following]
    if not residents:
        return 0
    lower = sorted((n for n in rest if field.score[n] < following),
                   key=lambda n: (-field.score[n], n))
    parity = len(residents) % 2
    for k in range(parity, len(lower) + 1, 2):
        for combo in combinations(lower, k):
            taken = set(residents) | set(combo)
            if field.pairable(taken) and field.pairable(n for n in rest if n not in taken):
                return k - parity
    return len(lower) + 1


def choose_upfloaters(field: _Field, residents: list[int],
                      remaining: list[int]) -> tuple[int, ...]:
    """Art. 3.5: the legal sets (bracket pairable [C1], the rest pairable [C3]) with the
    fewest upfloaters [C4], their scores highest taken in ascending order [C5], the
    following scoregroup needing the fewest extra upfloaters [C6], the fewest who
    upfloated last round [C7] (not in the last round), then the first in the order of
    3.5.4 (candidates by descending score, then TPN; sets lexicographically)."""
    top = field.score[residents[0]]
    lower = sorted((n for n in remaining if field.score[n] < top),
                   key=lambda n: (-field.score[n], n))
    scores_below = sorted({field.score[n] for n in lower}, reverse=True)
    following = scores_below[0] if scores_below else None
    parity = len(residents) % 2
    for k in range(parity, len(lower) + 1, 2):
        legal = []
        for combo in combinations(lower, k):
            bracket = set(residents) | set(combo)
            if field.pairable(bracket) and field.pairable(
                    n for n in remaining if n not in bracket):
                legal.append(combo)
        if legal:
            break
    else:
        raise NoValidPairing(
            Message("no set of upfloaters leaves a legal pairing (C.04.5 art. 3.5)"))

    def c5(combo: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(-s for s in sorted(field.score[n] for n in combo))

    best5 = min(c5(c) for c in legal)
    legal = [c for c in legal if c5(c) == best5]
    if len(legal) > 1:
        def c6(combo: tuple[int, ...]) -> int:
            taken = set(residents) | set(combo)
            return _following_need(field, [n for n in remaining if n not in taken], following)

        needs = [c6(c) for c in legal]
        legal = [c for c, need in zip(legal, needs, strict=True) if need == min(needs)]
    if len(legal) > 1 and not field.last_round:
        repeats = [sum(1 for n in c if n in field.floated) for c in legal]
        legal = [c for c, r in zip(legal, repeats, strict=True) if r == min(repeats)]
    return legal[0]


def pair_bracket(field: _Field, bracket: list[int],
                 upfloaters: tuple[int, ...]) -> list[tuple[int, int]]:
    """Art. 3.6: the pairing whose identifier (the smaller TPN of each pair in ascending
    order, then each one's partner) comes first, among those meeting [C8] best: the
    fewest upfloaters' opponents who upfloated last round (not in the last round)."""
    nodes = sorted(bracket)
    ups = set(upfloaters)
    cost: Cost | None = None
    if ups and not field.last_round and field.floated & set(nodes):
        floated = field.floated

        def cost(a: int, b: int) -> int:
            return int(a in ups and b in floated) + int(b in ups and a in floated)

    best = min_cost(field, nodes, lambda a, b: True, cost)
    if best is None:
        raise NoValidPairing(Message("a bracket has no legal pairing (C.04.5 art. 3.6)"))
    tops: set[int] = set()
    bottoms: set[int] = set()

    def roles_ok(a: int, b: int) -> bool:
        return a not in bottoms and b not in tops

    def fits(rest: Sequence[int], allowed: Callable[[int, int], bool], budget: int) -> bool:
        got = min_cost(field, rest, allowed, cost, budget)
        return got is not None and got <= budget

    for n in nodes:
        tops.add(n)
        if len(tops) > len(nodes) // 2 or not fits(nodes, roles_ok, best):
            tops.discard(n)
            bottoms.add(n)
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    spent = 0
    for t in sorted(tops):
        used.add(t)
        for b in sorted(bottoms - used):
            if b < t or not field.compatible(t, b):
                continue
            c = cost(t, b) if cost else 0
            rest = [n for n in nodes if n not in used and n != b]
            if fits(rest, roles_ok, best - spent - c):
                pairs.append((t, b))
                used.add(b)
                spent += c
                break
        else:  # pragma: no cover - the role checks above guarantee a partner
            raise NoValidPairing(Message("a bracket lost its pairing (C.04.5 art. 3.6)"))
    return pairs


def allocate_colours(state: SwissState, a: SwissPlayer, b: SwissPlayer,
                     score: dict[int, int]) -> tuple[int, int, str]:
    """Art. 4: (White in game 1, Black in game 1, the rule that decided).

    The higher-ranked player (HRP) has the higher score, then the smaller TPN (4.2).
    """
    hrp, opp = (a, b) if (score[a.number], -a.number) > (score[b.number], -b.number) else (b, a)
    sh, so = match_colours(hrp), match_colours(opp)

    def hrp_gets(colour: Colour, rule: str) -> tuple[int, int, str]:
        if colour is Colour.WHITE:
            return hrp.number, opp.number, rule
        return opp.number, hrp.number, rule

    if not sh and not so:
        odd = hrp.number % 2 == 1
        initial = state.initial_colour
        return hrp_gets(initial if odd else initial.opposite, "4.3.1")
    wh, wo = sh.count(Colour.WHITE), so.count(Colour.WHITE)
    if wh != wo:
        return hrp_gets(Colour.WHITE if wh < wo else Colour.BLACK, "4.3.2")
    for ch, co in zip(reversed(sh), reversed(so), strict=False):
        if ch is not co:
            return hrp_gets(ch.opposite, "4.3.3")
    if sh:
        return hrp_gets(sh[-1].opposite, "4.3.4")
    return hrp_gets(so[-1], "4.3.5")


def pair(state: SwissState) -> PairingResult:
    """Pair round ``state.rounds_played + 1`` by C.04.5; ``NoValidPairing`` when the
    absolute criteria cannot all be met (3.3.3: the Chief Arbiter decides)."""
    field = _Field(state)
    remaining = sorted(field.players)
    bye = None
    bye_explanation = None
    if len(remaining) % 2:
        bye = choose_bye(field, remaining)
        remaining.remove(bye)
        bye_explanation = ByeExplanation(bye, field.score[bye],
                                         ByeReason.LOWEST_SCORE_MOST_GAMES)
    elif remaining and not field.pairable(remaining):
        raise NoValidPairing(Message("no pairing meets C.04.5 [C1] for the players to be paired"))
    made: list[tuple[int, int, int, tuple[int, ...]]] = []  # a, b, bracket score, upfloaters
    while remaining:
        top = max(field.score[n] for n in remaining)
        residents = [n for n in remaining if field.score[n] == top]
        ups = choose_upfloaters(field, residents, remaining)
        bracket = residents + list(ups)
        for a, b in pair_bracket(field, bracket, ups):
            made.append((a, b, top, ups))
        remaining = [n for n in remaining if n not in set(bracket)]
    return _result(state, field, made, bye, bye_explanation)


def _result(state: SwissState, field: _Field, made: list[tuple[int, int, int, tuple[int, ...]]],
            bye: int | None, bye_explanation: ByeExplanation | None) -> PairingResult:
    score = field.score
    boards = []
    for a, b, top, ups in made:
        white, black, rule = allocate_colours(state, field.players[a], field.players[b], score)
        floats = tuple(Float(n, score[n], FloatDirection.UP, FloatReason.UPFLOATER)
                       for n in (a, b) if n in ups)
        relaxed = tuple(Relaxed("C7", n, RelaxedKind.FLOAT_UP, 1)
                        for n in (a, b) if n in ups and n in field.floated
                        and not field.last_round)
        boards.append(BoardExplanation(white, black, top, floats, COLOUR_RULES[rule], relaxed))

    def order(ex: BoardExplanation) -> tuple[int, int, int]:
        hi, lo = sorted((ex.white, ex.black), key=lambda n: (-score[n], n))
        return (-score[hi], -score[lo], hi)

    boards.sort(key=order)
    return PairingResult(
        boards=tuple((ex.white, ex.black) for ex in boards),
        bye=bye,
        explanation=tuple(boards),
        bye_explanation=bye_explanation,
        win=state.win,
    )


#: The value the season and the TRF give the pairing-allocated bye (art. 1.4).
PAB_UNITS = pab_units

SYSTEM = register(PairingSystem("double-swiss", N_("Double-Swiss system"), "C.04.5", pair,
                                colour_exception="none"))
