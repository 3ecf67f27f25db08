"""The round-robin kind: single and double round robins on the FIDE Berger tables.

A round-robin section's details are mostly its own fields (``Section.format``
says single or double; ``swap_last_two`` the colour rule of the second cycle);
:class:`RoundRobinDetails` is set only for a round robin paired outside the FIDE
tables (``schedule: as_played``, e.g. imported from another program), whose
rounds are as written. Its facts are the crosstable built from the schedule and
the results, the standings under its tiebreaks and the 50 % withdrawal rule,
and its progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain import planning, roundrobin
from leaguegen.domain.model import Code, Crosstable
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Section
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import (
    FREE_NUMBER,
    N_,
    Chores,
    Progress,
    ScheduledGame,
    SectionFacts,
    SectionKind,
    games_as_written,
    table_games,
)
from leaguegen.domain.sections.registry import register
from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import DEFAULTS

DEFAULT_TIEBREAKS = DEFAULTS["round-robin"]


@dataclass(frozen=True, slots=True)
class RoundRobinDetails:
    """``as_played``: the rounds are as written, not the Berger table's."""

    as_played: bool = False


def progress(section: Section, table: Crosstable) -> Progress:
    """Rounds reached, and finished once every scheduled game has its result or forfeit.

    The last round reached is "in progress" while any game of it or of an earlier round
    waits for its result (a postponed game): a round is played once every game in it is
    decided, so round 8 is not "played" over a round-7 game still to come."""
    played = roundrobin.last_round_reached(section)
    pending_rounds = {r for rec in table.records
                      for r, e in enumerate(rec.rounds, start=1) if e.code is Code.PENDING}
    finished = bool(section.players) and played == table.rounds_total and not pending_rounds
    return Progress(played, table.rounds_total, finished,
                    played if any(r <= played for r in pending_rounds) else None,
                    next_date(section, played, finished))


@dataclass(frozen=True, slots=True)
class RoundRobinFacts(SectionFacts):
    """A round robin's facts and its rounds' boards (the Berger table, or the rounds as
    written), worked out once here for the crosstable, the pages and the feeds."""

    schedule: tuple[berger.Round, ...] = ()


def facts(section: Section) -> RoundRobinFacts:
    schedule = roundrobin.section_schedule(section)
    table = roundrobin.build_crosstable(section, schedule)
    excluded = roundrobin.withdrawn_unranked(section, table)
    standings = compute_standings(table, list(section.tiebreaks), system="round-robin",
                                  rules=section.tiebreak_rules, excluded=excluded)
    order = tuple(r.number for r in standings.rows)
    names = tuple(section.players[n - 1].name for n in order)
    return RoundRobinFacts(section, KIND, progress(section, table), table, standings, excluded,
                           order, ((section.id, names),), schedule=schedule)


def scheduled_games(section: Section) -> list[ScheduledGame]:
    """The Berger table's games (once or twice), or, rounds as played, the games written."""
    details = section.details
    if isinstance(details, RoundRobinDetails) and details.as_played:
        return games_as_written(section)
    return table_games(berger.schedule(len(section.players), section.double,
                                       section.swap_last_two))


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """The Berger table's rounds and games, once or (``double_round_robin``) twice."""
    double = sizing.double or sizing.format == "double_round_robin"
    return planning.round_robin_shape(sizing.players, 2 if double else 1)


KIND = register(SectionKind(
    name="round_robin",
    formats=("round_robin", "double_round_robin"),
    labels={"round_robin": N_("Round robin"), "double_round_robin": N_("Double round robin")},
    min_players=3,
    default_tiebreaks=DEFAULT_TIEBREAKS,
    facts=facts,
    tiebreak_system="round-robin",
    trf_type={"round_robin": "Round robin", "double_round_robin": "Double round robin"},
    feeds_stages=True, plan=plan, scheduled_games=scheduled_games, varma=True,
    free_round="free round",
    chores=Chores(withdraw=True, late_entry=FREE_NUMBER, computed_numbers=True),
    division=True,
))
