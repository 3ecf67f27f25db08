"""Checks of a Double-Swiss event: the basic rules on every match, then a re-pairing.

Why: ``check-pairings`` for a ``192 FIDE_DOUBLESWISS`` file, and the generated-event
tests, need the same verdicts. The basic rules (C.04.1 as C.04.5 applies them) are
checked on what was played; the pairing itself is re-made by the engine from the
matches before it (``check.compare_round``), as the checker of every other system.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.model import Code, Crosstable

from .check import RoundCheck, RoundPairing, check_event
from .double_swiss_event import match_entries, matches_done, state_from_games
from .double_swiss_rules import may_meet_again, pab_eligible


@dataclass(frozen=True, slots=True)
class RuleBreach:
    """One basic rule broken in match ``match`` (1-based), in words for the arbiter."""

    match: int
    rule: str  # the article: "C1", "C2", "1.6", "0"
    text: str


def match_pairing(table: Crosstable, match: int) -> RoundPairing:
    """Match ``match`` as it was paired: (White in game 1, Black in game 1) and the PAB."""
    boards = []
    bye = None
    for rec in table.records:
        g1, _ = match_entries(rec, match)
        if g1 is None:
            continue
        if g1.opponent is None:
            if g1.code is Code.PAIRING_BYE:
                bye = rec.number
            continue
        if g1.colour is not None and g1.colour.value == "w":
            boards.append((rec.number, g1.opponent))
    return RoundPairing(tuple(boards), bye)


def rule_breaches(table: Crosstable, rounds_total: int | None = None) -> list[RuleBreach]:
    """The basic rules on every complete match: one opponent per match, met over both
    games with colours reversed (0, 1.6), no rematch of a played match [C1], at most
    one PAB and none after a match won without playing [C2]."""
    out: list[RuleBreach] = []
    for k in range(1, matches_done(table) + 1):
        state = state_from_games(table, matches=k - 1, rounds_total=rounds_total)
        for rec in table.records:
            g1, g2 = match_entries(rec, k)
            assert g1 is not None and g2 is not None
            if g1.opponent != g2.opponent:
                out.append(RuleBreach(k, "0", f"player {rec.number} meets two opponents"))
                continue
            if g1.opponent is None:
                if g1.code is not g2.code:
                    out.append(RuleBreach(k, "0", f"player {rec.number}: a bye for one game only"))
                if g1.code is Code.PAIRING_BYE and not pab_eligible(state.player(rec.number),
                                                                   state):
                    out.append(RuleBreach(k, "C2", f"player {rec.number} may not get the PAB"))
                continue
            other, _ = match_entries(table.record(g1.opponent), k)
            if other is None or other.opponent != rec.number:
                out.append(RuleBreach(k, "0", f"player {rec.number}'s opponent does not agree"))
            if g1.colour is None or g2.colour is not g1.colour.opposite:
                out.append(RuleBreach(k, "1.6", f"player {rec.number}: colours not reversed"))
            if rec.number < g1.opponent and not may_meet_again(
                    state.player(rec.number), state.player(g1.opponent)):
                out.append(RuleBreach(k, "C1", f"players {rec.number} and {g1.opponent} "
                                               "met before"))
    return out


def check_double_event(table: Crosstable, absent_by_match: dict[int, set[int]] | None = None,
                       *, initial_colour=None, rounds_total: int | None = None,
                       system: str = "double-swiss") -> list[RoundCheck]:
    """Re-pair every complete match from the matches before it and compare.

    A player with no game and no PAB in a match was not paired: absent for that match
    (unless ``absent_by_match`` says otherwise).
    """
    from leaguegen.domain.model import Colour

    colour = initial_colour or Colour.WHITE
    rounds = []
    for k in range(1, matches_done(table) + 1):
        if absent_by_match is not None and k in absent_by_match:
            away = absent_by_match[k]
        else:
            away = {rec.number for rec in table.records
                    if (g := match_entries(rec, k)[0]) is not None and g.opponent is None
                    and g.code is not Code.PAIRING_BYE}
        state = state_from_games(table, matches=k - 1, rounds_total=rounds_total, absent=away,
                                 initial_colour=colour)
        rounds.append((k, state, match_pairing(table, k)))
    return check_event(rounds, system)
