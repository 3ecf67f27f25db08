"""The scores team tie-breaks read: each team's final and adjusted MP and GP (C.07 Art. 16).

In a Swiss a round a team chose not to play (a voluntary unplayed round, VUR: a match lost
by forfeit, or no pairing at all) is not a game; a PAB and a forfeit win are not VURs. The
score an opponent contributes is its *adjusted* score (16.3): VURs after its last round that
was not a VUR count as draws. Round robins (15.2) use the plain final score.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.results import ABSENT, FORFEIT, TeamRound, team_rounds

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
EDITIONS = ("2024", "2026")
MP = "MP"
GP = "GP"


def is_vur(r: TeamRound) -> bool:
    """A voluntary unplayed round (16.1): absent, or a match lost by forfeit."""
    return r.kind == ABSENT or (r.kind == FORFEIT and r.outcome != "W")


@dataclass(frozen=True, slots=True)
class Scores:
    """Everything the tie-break functions share, built once by :func:`scores_of`."""

    system: str
    edition: str
    rounds: int
    boards: int
    table: dict[int, tuple[TeamRound, ...]]
    final: dict[str, dict[int, Fraction]]  # MP/GP -> team -> final score
    adjusted: dict[str, dict[int, Fraction]]  # MP/GP -> team -> adjusted score (16.3)
    draw: dict[str, Fraction]  # MP/GP -> a drawn match's points

    @property
    def is_rr(self) -> bool:
        return self.system == ROUND_ROBIN

    def value(self, r: TeamRound, kind: str) -> Fraction:
        return r.mp if kind == MP else r.gp

    def counts_as_match(self, r: TeamRound) -> bool:
        """A meeting for BH/SB/DE: played ones; in a round robin every scheduled one."""
        return r.opponent is not None and (r.played or self.is_rr)


def scores_of(event: TeamEvent, system: str, edition: str = "2024",
              after_round: int | None = None) -> Scores:
    if system not in (SWISS, ROUND_ROBIN):
        raise ValueError(f"system must be {SWISS!r} or {ROUND_ROBIN!r}, not {system!r}")
    if edition not in EDITIONS:
        raise ValueError(f"rules must be one of {EDITIONS}, not {edition!r}")
    table = team_rounds(event, after_round)
    rounds = event.rounds_played if after_round is None else after_round
    draw = {MP: event.match_scoring.draw, GP: event.game_scoring.draw * event.boards}
    final: dict[str, dict[int, Fraction]] = {MP: {}, GP: {}}
    adjusted: dict[str, dict[int, Fraction]] = {MP: {}, GP: {}}
    for team, rs in table.items():
        last = max((r.round for r in rs if not is_vur(r)), default=0)
        for kind in (MP, GP):
            own = [r.mp if kind == MP else r.gp for r in rs]
            final[kind][team] = sum(own, Fraction(0))
            if system == ROUND_ROBIN:
                adjusted[kind][team] = final[kind][team]
            else:
                adjusted[kind][team] = sum(
                    (draw[kind] if r.round > last and r.opponent is None and is_vur(r) else v
                     for r, v in zip(rs, own, strict=True)), Fraction(0))
    return Scores(system, edition, rounds, event.boards, table, final, adjusted, draw)
