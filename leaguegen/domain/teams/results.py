"""Each team's rounds, normalised once: what tie-breaks, standings and pairing read.

A round of a team is one of: a match played over the board (``played``), a match forfeited
as a whole (``forfeit``: won or lost without playing), a pairing-allocated bye (``bye``,
worth what record 320 says), or nothing (``absent``: not paired, no points). Match points
and game points come from the boards and the event's scoring; a PAB's from its record.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.teams.model import Match, TeamEvent

PLAYED = "played"
FORFEIT = "forfeit"
BYE = "bye"
ABSENT = "absent"


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round. ``outcome`` is ``W``/``D``/``L`` (None when absent); ``colour``
    the team's board-1 colour in a played match."""

    round: int
    kind: str
    opponent: int | None
    mp: Fraction
    gp: Fraction
    outcome: str | None
    colour: str | None = None
    match: Match | None = None

    @property
    def played(self) -> bool:
        return self.kind == PLAYED

    @property
    def unplayed(self) -> bool:
        return self.kind != PLAYED


def team_rounds(event: TeamEvent,
                after_round: int | None = None) -> dict[int, tuple[TeamRound, ...]]:
    """Rounds 1..``after_round`` (default: the rounds played) of every team."""
    last = event.rounds_played if after_round is None else after_round
    ms, gs = event.match_scoring, event.game_scoring
    slots: dict[int, dict[int, TeamRound]] = {t: {} for t in event.numbers}
    for m in event.matches:
        if m.round > last:
            continue
        kind = PLAYED if m.played else FORFEIT
        for team in m.teams():
            outcome = m.outcome(team, gs)
            slots[team][m.round] = TeamRound(m.round, kind, m.opponent(team), ms.of(outcome),
                                             m.game_points(team, gs), outcome,
                                             m.colour(team), m)
    for b in event.byes:
        if b.round > last:
            continue
        outcome = "W" if b.mp >= ms.win else "D" if b.mp >= ms.draw else "L"
        slots[b.team][b.round] = TeamRound(b.round, BYE, None, b.mp, b.gp, outcome)
    out: dict[int, tuple[TeamRound, ...]] = {}
    zero = Fraction(0)
    for team, by_round in slots.items():
        out[team] = tuple(by_round.get(r) or TeamRound(r, ABSENT, None, zero, zero, None)
                          for r in range(1, last + 1))
    return out


def totals(rounds: dict[int, tuple[TeamRound, ...]]) -> dict[int, tuple[Fraction, Fraction]]:
    """Each team's (match points, game points)."""
    return {t: (sum((r.mp for r in rs), Fraction(0)), sum((r.gp for r in rs), Fraction(0)))
            for t, rs in rounds.items()}
