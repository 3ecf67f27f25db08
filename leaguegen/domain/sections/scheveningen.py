"""The Scheveningen kind: two teams, every player of one meets every player of the other.

The schedule is ``domain.schedule.scheveningen``; pairing numbers are A's boards
first, then B's.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain import roundrobin
from leaguegen.domain.planning import Format
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import scheveningen as sch
from leaguegen.domain.season import Section
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import N_, Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import register


@dataclass(frozen=True, slots=True)
class ScheveningenDetails:
    """The two team names, team size, the schedule's shape and the match points."""

    team_a: str
    team_b: str
    size: int
    double: bool
    match_points: sch.MatchPoints = sch.DEFAULT_MATCH_POINTS

    def number(self, seat: sch.Seat) -> int:
        """A seat's pairing number in the section: A's boards first, then B's."""
        return seat.board if seat.team is sch.Team.A else self.size + seat.board

    def seat(self, number: int) -> sch.Seat:
        if number <= self.size:
            return sch.Seat(sch.Team.A, number)
        return sch.Seat(sch.Team.B, number - self.size)


def schedule(details: ScheveningenDetails) -> list[berger.Round]:
    """The match as Berger-style rounds of pairing numbers (what the result checker reads)."""
    return [
        tuple(berger.Pairing(details.number(g.white), details.number(g.black)) for g in rnd)
        for rnd in sch.scheveningen(details.size, details.double)
    ]


def details(section: Section) -> ScheveningenDetails:
    if not isinstance(section.details, ScheveningenDetails):
        raise TypeError(f"section '{section.id}' is not a Scheveningen section")
    return section.details


def facts(section: Section) -> SectionFacts:
    d = details(section)
    total = len(sch.scheveningen(d.size, d.double))
    played = roundrobin.last_round_reached(section)
    results = {(g.round, g.white, g.black) for g in section.games if g.result is not None}
    gone = {w.player: w.after_round for w in section.withdrawals}
    complete = all(
        (r, p.white, p.black) in results or gone.get(p.white, r) < r or gone.get(p.black, r) < r
        for r, rnd in enumerate(schedule(d), start=1) for p in rnd)
    finished = played == total and complete
    return SectionFacts(section, KIND, Progress(played, total, finished, None,
                                                next_date(section, played, finished)))


def plan(section: Section) -> tuple[Format, dict]:
    double = details(section).double
    return (Format.DOUBLE_SCHEVENINGEN if double else Format.SCHEVENINGEN), {}


KIND = register(SectionKind(
    name="scheveningen", formats=("scheveningen",), labels={"scheveningen": N_("Scheveningen")},
    min_players=0, default_tiebreaks=("DE", "SB", "WIN", "KS"), facts=facts,
    tiebreak_system=None, plan=plan,
))
