"""What C.04.6 needs to know of each team before a round is paired.

Read from the event's results (no I/O): the primary and secondary score (match points and
game points by default, Art. 1.2), the colours it *had* (only in matches actually played,
its board-1 colour, 1.6.1), the teams it met (a match forfeited as a whole is no meeting,
C.04.2 3.5), whether it may still get the PAB ([C2]: not after a PAB or a match won by
forfeit), how many matches it played (3.4.3) and whether it floated last round ([C7],
[C10]: it met a team with another score).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.results import BYE, FORFEIT, PLAYED, team_rounds

TYPE_A = "A"
TYPE_B = "B"
NO_COLOURS = "none"


@dataclass(frozen=True, slots=True)
class TeamState:
    tpn: int
    score: Fraction
    secondary: Fraction
    colours: tuple[str | None, ...]  # per round: 'w', 'b' or None (no colour had)
    met: frozenset[int]
    may_get_bye: bool
    matches_played: int
    floated_last_round: bool

    @property
    def played_colours(self) -> tuple[str, ...]:
        return tuple(c for c in self.colours if c is not None)

    @property
    def colour_difference(self) -> int:
        """1.6.2: matches had with White minus matches had with Black."""
        cs = self.played_colours
        return cs.count("w") - cs.count("b")


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """Read from record 192 (``FIDE_TEAM_TYPEA_MP_GP``...) and 142/152."""

    colour_type: str = TYPE_A
    primary: str = "MP"
    use_secondary: bool = True
    rounds: int = 0
    initial_colour: str = "w"  # 4.1: the board-1 colour of the first-team with odd TPN


def settings_of(event: TeamEvent) -> SwissSettings:
    """The settings a 192 code names; colours type A, MP primary, GP secondary by default."""
    code = event.type_code.upper()
    colour_type = TYPE_A
    if "TYPEB" in code:
        colour_type = TYPE_B
    elif code.startswith("FIDE_TEAM_") and "TYPEA" not in code and code != "FIDE_TEAM":
        colour_type = NO_COLOURS
    parts = code.replace("_BAKU", "").split("_")
    scores = [p for p in parts if p in ("MP", "GP")]
    primary = scores[0] if scores else "MP"
    use_secondary = len(scores) != 1
    return SwissSettings(colour_type, primary, use_secondary, event.rounds,
                         event.first_colour or "w")


def states_of(event: TeamEvent, settings: SwissSettings) -> dict[int, TeamState]:
    """Each team's state after the rounds in ``event`` (the round to pair is the next)."""
    rounds = team_rounds(event)
    last = event.rounds_played
    before_last = team_rounds(event, last - 1) if last else {}

    def score_of(rs, primary: bool) -> Fraction:
        mp = settings.primary == "MP"
        use_mp = mp if primary else not mp
        return sum((r.mp if use_mp else r.gp for r in rs), Fraction(0))

    out: dict[int, TeamState] = {}
    for team, rs in rounds.items():
        floated = False
        if last:
            r = rs[-1]
            if r.opponent is not None and r.kind == PLAYED:
                floated = (score_of(before_last[team], True)
                           != score_of(before_last[r.opponent], True))
        out[team] = TeamState(
            team, score_of(rs, True), score_of(rs, False), tuple(r.colour for r in rs),
            frozenset(r.opponent for r in rs if r.kind == PLAYED and r.opponent is not None),
            not any(r.kind == BYE or (r.kind == FORFEIT and r.outcome == "W") for r in rs),
            sum(1 for r in rs if r.kind == PLAYED), floated)
    return out
