"""Per-player facts the Swiss criteria read: scores, colour preference, floats, bye rights.

Colour codes inside the engine are small ints: ``W`` 0, ``B`` 1, ``NONE`` 2.
"""

from __future__ import annotations

from leaguegen.domain.model import Colour

from .result import ColourRule
from .state import PastRound, SwissPlayer, SwissState

W, B, NONE = 0, 1, 2
FLOAT_DOWN, FLOAT_UP, FLOAT_NONE = 0, 1, 2


def invert(c: int) -> int:
    return NONE if c == NONE else 1 - c


def to_int(c: Colour | None) -> int:
    if c is None:
        return NONE
    return W if c is Colour.WHITE else B


class Entrant:
    """A player taking part in the round being paired, with derived pairing data."""

    __slots__ = (
        "id", "tpn", "rank", "raw", "score", "rounds", "accel", "imb", "pref", "rep",
        "strong", "absolute", "abs_imb", "eligible", "played_games", "colours", "valid",
    )

    def __init__(self, p: SwissPlayer, rank: int, state: SwissState):
        self.id = p.number - 1
        self.tpn = p.number
        self.rank = rank
        self.valid = True
        self.rounds: tuple[PastRound, ...] = p.rounds
        self.accel = p.acceleration
        self.raw = sum(r.points for r in p.rounds)
        self.score = self.score_back(0, state.rounds_played)
        whites = blacks = 0
        consecutive = 0
        rep = NONE
        colours: list[int] = []
        for r in p.rounds:
            if r.played:
                c = to_int(r.colour)
                colours.append(c)
                if c == W:
                    whites += 1
                else:
                    blacks += 1
                if not consecutive or c != rep:
                    consecutive = 1
                else:
                    consecutive += 1
                rep = c
        self.colours = colours  # colours of played games, oldest first
        self.played_games = len(colours)
        lower = B if whites > blacks else W
        self.imb = abs(whites - blacks)
        if self.imb > 1:
            self.pref = lower
        elif consecutive > 1:
            self.pref = invert(rep)
        elif self.imb > 0:
            self.pref = lower
        elif consecutive:
            self.pref = invert(rep)
        else:
            self.pref = NONE
        self.rep = rep if consecutive > 1 else NONE
        self.abs_imb = self.imb > 1
        self.absolute = self.abs_imb or self.rep != NONE
        self.strong = not self.absolute and self.imb > 0
        # C2 (C.04.1 art. 4): no second PAB, whatever the PAB is worth (pab_score), and
        # none after any round scored as a win without playing.
        self.eligible = not any(
            r.is_pab or ((not r.played) and r.points >= state.win) for r in p.rounds
        )

    def score_back(self, back: int, played: int) -> int:
        """Score including acceleration as it stood ``back`` rounds ago."""
        score = self.raw
        idx = played
        for _ in range(back):
            idx -= 1
            score -= self.rounds[idx].points
        return score + (self.accel[idx] if idx < len(self.accel) else 0)


def float_of(p: Entrant, back: int, played: int, by_id: dict[int, Entrant], loss: int) -> int:
    """Float direction of ``p`` in the round ``back`` rounds before this one."""
    r = p.rounds[played - back]
    if not r.played:
        return FLOAT_DOWN if r.is_pab or r.points > loss else FLOAT_NONE  # a PAB always
    mine = p.score_back(back, played)
    theirs = by_id[r.opponent - 1].score_back(back, played)  # type: ignore[operator]
    if mine > theirs:
        return FLOAT_DOWN
    if mine < theirs:
        return FLOAT_UP
    return FLOAT_NONE


def prefs_compatible(a: int, b: int) -> bool:
    return a != b or a == NONE or b == NONE


def first_colour_difference(p: Entrant, o: Entrant) -> tuple[int, int]:
    """Colours of both in the latest played round (aligned from the end) where they differed."""
    i, j = len(p.colours) - 1, len(o.colours) - 1
    while i >= 0 and j >= 0 and p.colours[i] == o.colours[j]:
        i -= 1
        j -= 1
    return (p.colours[i] if i >= 0 else NONE), (o.colours[j] if j >= 0 else NONE)


def neutral_colour(p: Entrant, o: Entrant) -> tuple[int, ColourRule | None]:
    """Colour for ``p`` by the preference rules (5.2.1-5.2.3), or NONE; plus the rule used."""
    if prefs_compatible(p.pref, o.pref):
        if p.pref != NONE:
            return p.pref, (ColourRule.BOTH_PREFERENCES if o.pref != NONE
                            else ColourRule.PREFERENCE)
        if o.pref != NONE:
            return invert(o.pref), ColourRule.PREFERENCE
        return NONE, None
    if p.absolute and (p.imb > o.imb or not o.absolute):
        return p.pref, ColourRule.STRONGER_ABSOLUTE
    if o.absolute and (o.imb > p.imb or not p.absolute):
        return invert(o.pref), ColourRule.STRONGER_ABSOLUTE
    if p.strong and not o.strong:
        return p.pref, ColourRule.STRONGER_STRONG
    if o.strong and not p.strong:
        return invert(o.pref), ColourRule.STRONGER_STRONG
    pc, oc = first_colour_difference(p, o)
    if pc != NONE and oc != NONE:
        return oc, ColourRule.ALTERNATE
    return NONE, None


def ranks_above(p: Entrant, o: Entrant) -> bool:
    """``p`` is placed above ``o`` in the pairing order (score, then rank)."""
    return (p.score, -p.rank) > (o.score, -o.rank)


def choose_colour(p: Entrant, o: Entrant, initial: int) -> tuple[int, ColourRule]:
    """Colour for ``p`` against ``o`` (C.04.3 art. 5.2), plus the deciding rule."""
    c, why = neutral_colour(p, o)
    if why is not None:
        return c, why
    p_lower = not ranks_above(p, o)
    if p.pref == NONE:
        higher = o if p_lower else p
        hc = initial if higher.rank % 2 == 0 else invert(initial)
        return (invert(hc) if p_lower else hc), ColourRule.INITIAL_BY_NUMBER
    if p_lower:
        return invert(o.pref), ColourRule.HIGHER_RANKED_PREFERENCE
    return p.pref, ColourRule.HIGHER_RANKED_PREFERENCE
