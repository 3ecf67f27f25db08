"""The Scheveningen kind: two teams, every player of one meets every player of the other.

The schedule is ``domain.schedule.scheveningen``; pairing numbers are A's boards
first, then B's. A match's facts are its individual crosstable (the 2n players,
an unplayed game pending until its round is reached, a withdrawn player's games
forfeits from then on, as in a round robin), the team match of every round
tallied from that crosstable, each player's individual score, the match totals
and the team ahead, and its progress.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from leaguegen.domain import planning, roundrobin
from leaguegen.domain.model import Code, Colour, Crosstable, PlayerRecord, RoundEntry
from leaguegen.domain.performance import performance_rating
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import scheveningen as sch
from leaguegen.domain.season import Section
from leaguegen.domain.sections import round_robin
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import (
    N_,
    Progress,
    ScheduledGame,
    SectionFacts,
    SectionKind,
    results_cut,
    table_games,
)
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


@dataclass(frozen=True, slots=True)
class Individual:
    """One player's own score in the match.

    ``units`` is the score in the scoring's units; ``played`` the games played
    over the board (a forfeit is not one), ``games`` the rounds scheduled so far
    (every round: nobody sits out); ``performance`` the FIDE rating performance
    over the rated games played, None without one.
    """

    number: int
    seat: sch.Seat
    units: int
    played: int
    games: int
    performance: int | None


@dataclass(frozen=True, slots=True)
class ScheveningenFacts(SectionFacts):
    """A match's facts: the crosstable (``table``) and what the team match makes of it.

    ``rounds`` are the scheduled team rounds (games by A's board) and ``score``
    their team matches, round by round, with the totals (board points in the
    scoring's units, match points once a round is complete). ``leader`` is the
    name of the team ahead on match points, then board points, once a result is
    entered; None while level.
    """

    _: KW_ONLY
    details: ScheveningenDetails
    rounds: tuple[sch.TeamRound, ...]
    score: sch.MatchScore
    individual: tuple[Individual, ...]
    leader: str | None


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


def scheveningen_facts(found: SectionFacts) -> ScheveningenFacts:
    """A section's facts (derived once per build, passed down) as a Scheveningen match's."""
    if not isinstance(found, ScheveningenFacts):
        raise TypeError(f"section '{found.section.id}' is not a Scheveningen section")
    return found


def crosstable(section: Section, details: ScheveningenDetails) -> Crosstable:
    """The match as a crosstable of 2n players (A's boards, then B's); unplayed = pending."""
    reached = roundrobin.last_round_reached(section)
    results = {(g.round, g.white, g.black): g.result for g in section.games}
    left_after = {w.player: w.after_round for w in section.withdrawals}
    rounds: list[list[RoundEntry]] = [[] for _ in section.players]
    plan = schedule(details)
    for r, boards in enumerate(plan, start=1):
        for p in boards:
            w, b = p.white, p.black
            assert b is not None  # nobody sits out in a team match
            wc, bc = roundrobin.game_codes(results.get((r, w, b)),
                                           r <= reached and left_after.get(w, r) < r,
                                           r <= reached and left_after.get(b, r) < r)
            rounds[w - 1].append(RoundEntry(b, Colour.WHITE, wc))
            rounds[b - 1].append(RoundEntry(w, Colour.BLACK, bc))
    records = tuple(PlayerRecord(i, p, tuple(rounds[i - 1]))
                    for i, p in enumerate(section.players, start=1))
    return Crosstable(records, len(plan), section.scoring)


def team_score(table: Crosstable, details: ScheveningenDetails,
               rounds: list[sch.TeamRound]) -> sch.MatchScore:
    """Every round's team match from the crosstable: a game counts once it has its codes."""
    results: dict[sch.TeamGame, sch.GameCodes] = {}
    for rnd in rounds:
        for g in rnd:
            codes = (table.record(details.number(g.white)).rounds[g.round - 1].code,
                     table.record(details.number(g.black)).rounds[g.round - 1].code)
            if Code.PENDING not in codes:
                results[g] = codes
    return sch.match_score(rounds, results, table.scoring, details.match_points)


def individual(table: Crosstable, details: ScheveningenDetails) -> tuple[Individual, ...]:
    s = table.scoring
    out = []
    for rec in table.records:
        rated = [(table.record(e.opponent).player.rating,
                  s.value(s.points(e.code)) / s.value(s.win))
                 for e in rec.rounds if e.played and e.opponent]
        perf = performance_rating([(r, sc) for r, sc in rated if r])
        out.append(Individual(rec.number, details.seat(rec.number), table.score(rec.number),
                              roundrobin.games_completed(table, rec.number), len(rec.rounds),
                              perf[0] if perf else None))
    return tuple(out)


def leader(details: ScheveningenDetails, score: sch.MatchScore) -> str | None:
    """The team ahead on match points, then board points; None while level (as before any
    result)."""
    a_key = (score.a_match_points, score.a_board_units)
    b_key = (score.b_match_points, score.b_board_units)
    if a_key == b_key:
        return None
    return details.team_a if a_key > b_key else details.team_b


def facts(section: Section) -> ScheveningenFacts:
    d = details(section)
    rounds = sch.scheveningen(d.size, d.double)
    table = crosstable(section, d)
    score = team_score(table, d, rounds)
    played = roundrobin.last_round_reached(section)
    finished = played == len(rounds) and all(r.complete for r in score.rounds)
    # the last round reached is in progress until all its boards have a result
    undecided = played and not score.rounds[played - 1].complete
    progress = Progress(played, len(rounds), finished, played if undecided else None,
                        next_date(section, played, finished))
    return ScheveningenFacts(section, KIND, progress, table, details=d, rounds=tuple(rounds),
                             score=score, individual=individual(table, d),
                             leader=leader(d, score))


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """Both teams together are the field; ``double`` (the section's or ``double_scheveningen``)
    plays the match twice."""
    double = details(section).double if section is not None else sizing.double
    return planning.scheveningen_shape(sizing.players, 2 if double else 1)


def scheduled_games(section: Section) -> list[ScheduledGame]:
    """The match's table: every player meets each of the other team."""
    return table_games(schedule(details(section)))


KIND = register(SectionKind(
    name="scheveningen", formats=("scheveningen",), labels={"scheveningen": N_("Scheveningen")},
    min_players=0, default_tiebreaks=round_robin.DEFAULT_TIEBREAKS, facts=facts,
    tiebreak_system=None, plan=plan, scheduled_games=scheduled_games,
    placings=None,  # a team's players finish in no order of their own (docs/club.md)
    cut=results_cut,
))
