"""Colours in the Lim system (C.04.4.3, 2026, Article 5 and 7.2).

A player's *due colour* is what Article 5 asks for next: the colour a limit of
5.1 leaves (5.1.1 no third colour in a row, 5.1.2 no surplus of three; 5.3),
else the equalising colour when the colours are unequal (5.1, 5.5, 5.6), else
the alternate of the last colour played (5.1). A pair gets, in this order: the
only colours within the limits; both due colours; the stronger claim
(forced, then equalising, then alternating); the alternation from the latest
round in which the two had different colours (5.4); and with identical
histories the median rule of 5.4 (at or above the Median Scoregroup the
higher-ranked player gets the due colour, below it the lower-ranked player).
Two players who have never played: the higher-ranked takes the colour drawn
for round 1 when their position in the ranking is odd, as 7.2 does for round 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dubov_lim_support import allowed_colour, colour_counts
from .players import NONE, B, Entrant, W, first_colour_difference, invert
from .result import ColourRule

FORCED, EQUALISE, ALTERNATE, NO_CLAIM = 3, 2, 1, 0


@dataclass(frozen=True, slots=True)
class Due:
    colour: int  # W, B or NONE
    claim: int  # FORCED / EQUALISE / ALTERNATE / NO_CLAIM


def due_colour(e: Entrant) -> Due:
    """Article 5: the colour the player is due in the round being paired."""
    if not e.colours:
        return Due(NONE, NO_CLAIM)
    ok_w, ok_b = allowed_colour(e, W), allowed_colour(e, B)
    if ok_w != ok_b:
        return Due(W if ok_w else B, FORCED)
    whites, blacks = colour_counts(e)
    if whites != blacks:
        return Due(B if whites > blacks else W, EQUALISE)
    return Due(invert(e.colours[-1]), ALTERNATE)


@dataclass(frozen=True, slots=True)
class Side:
    """What colour allocation needs to know about one player of a pair."""

    e: Entrant
    due: Due
    position: int  # 1-based place in the ranking (score, then TPN)


def allocate(p: Side, q: Side, initial: int, at_or_above_median: bool) -> tuple[int, ColourRule]:
    """p's colour against q, and the article that decided."""
    legal = [c for c in (W, B) if allowed_colour(p.e, c) and allowed_colour(q.e, invert(c))]
    if len(legal) == 1:
        return legal[0], ColourRule.COLOUR_LIMIT  # 5.1, 5.3
    pd, qd = p.due, q.due
    if pd.colour == NONE and qd.colour == NONE:
        hi = p if p.position < q.position else q
        c_hi = initial if hi.position % 2 == 1 else invert(initial)
        c = c_hi if hi is p else invert(c_hi)
        return c, ColourRule.INITIAL_BY_NUMBER  # 7.2
    if pd.colour == NONE:
        return invert(qd.colour), ColourRule.PREFERENCE  # the only player with a due colour
    if qd.colour == NONE:
        return pd.colour, ColourRule.PREFERENCE
    if pd.colour != qd.colour:
        return pd.colour, ColourRule.BOTH_PREFERENCES  # 5.2
    if pd.claim != qd.claim:
        strong = p if pd.claim > qd.claim else q
        c = pd.colour if strong is p else invert(qd.colour)
        rule = (ColourRule.COLOUR_LIMIT if strong.due.claim == FORCED
                else ColourRule.EQUALISATION)
        return c, rule  # 5.3 (a limit, only in the last round), 5.6 (equalise first)
    pc, qc = first_colour_difference(p.e, q.e)
    if pc != NONE and qc != NONE:
        return qc, ColourRule.ALTERNATE  # 5.4
    if at_or_above_median:
        winner = p if p.position < q.position else q
        rule = ColourRule.MEDIAN_HIGHER
    else:
        winner = p if p.position > q.position else q
        rule = ColourRule.MEDIAN_LOWER
    c = pd.colour if winner is p else invert(qd.colour)
    return c, rule  # 5.4: identical histories


def misses(p: Side, q: Side, initial: int, at_or_above_median: bool) -> int:
    """How many of the two do not get their due colour (0, 1 or 2)."""
    c, _ = allocate(p, q, initial, at_or_above_median)
    out = 0
    if p.due.colour != NONE and p.due.colour != c:
        out += 1
    if q.due.colour != NONE and q.due.colour != invert(c):
        out += 1
    return out
