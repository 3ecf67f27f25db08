"""The quads kind: the field cut into small round robins (fours, with fives or sixes).

The grouping rule is ``domain.schedule.quads``; each group is a round-robin
:class:`Section` of its own (``<id>/group-<n>``), so its facts are a round
robin's. The quads section's facts hold every group's, and its progress is the
whole event's: every group plays event round k at the same time, and the
section is finished once every group is.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, replace

from leaguegen.domain import planning
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import quads as q
from leaguegen.domain.season import Section
from leaguegen.domain.sections import round_robin
from leaguegen.domain.sections.facts import derive_facts, next_date
from leaguegen.domain.sections.kind import (
    LATE_ENTRIES,
    N_,
    Chores,
    Placing,
    Progress,
    ScheduledGame,
    SectionFacts,
    SectionKind,
    results_cut,
    standings_placings,
    table_games,
)
from leaguegen.domain.sections.registry import register


@dataclass(frozen=True, slots=True)
class QuadsDetails:
    """A quads section: the grouping rule, the groups (round-robin sections) and the draw's story.

    ``moves`` lists players whose group changed between the first draw (the
    ``players`` list) and the final one (after late entries and withdrawals
    before round 1); ``late`` and ``withdrawn`` name those entrants.
    """

    rule: q.GroupingRule
    groups: tuple[Section, ...]  # the section's own games list repeats theirs, numbered 1..N
    moves: tuple[q.Move, ...] = ()
    late: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()

    @property
    def event_rounds(self) -> int:
        return max((len(g.rounds) for g in self.groups), default=0)

    @property
    def quad_rounds(self) -> int:
        """Rounds a group of four plays: each meets the other three, twice when double."""
        return 6 if self.rule.double else 3


def details(section: Section) -> QuadsDetails:
    if not isinstance(section.details, QuadsDetails):
        raise TypeError(f"section '{section.id}' is not a quads section")
    return section.details


@dataclass(frozen=True, slots=True)
class QuadsFacts(SectionFacts):
    """A quads section's facts: its details and one round robin's facts per group, in order."""

    group_facts: tuple[SectionFacts, ...] = ()
    _: KW_ONLY
    details: QuadsDetails

    def groups_in_round(self, round_no: int) -> tuple[int, ...]:
        """The groups (numbers, 1 first) that play event round ``round_no``.

        Group round k is event round k; a group that has played all its rounds
        (a quad after round 3 while a group of six plays on) has no boards.
        """
        return tuple(n for n, g in enumerate(self.group_facts, start=1)
                     if round_no <= g.progress.rounds_total)


def quads_facts(found: SectionFacts) -> QuadsFacts:
    """A section's facts (derived once per build, passed down) as a quads section's."""
    if not isinstance(found, QuadsFacts):
        raise TypeError(f"section '{found.section.id}' is not a quads section")
    return found


def facts(section: Section) -> QuadsFacts:
    d = details(section)
    groups = tuple(derive_facts(g) for g in d.groups)
    played = max((g.progress.rounds_played for g in groups), default=0)
    finished = bool(groups) and all(g.finished for g in groups)
    # event round k is played once every group that has a round k has played all of it:
    # one group's round 3 does not make the event's round 3 played
    undecided = played and any(g.progress.rounds_total >= played
                               and (g.progress.rounds_played < played
                                    or g.progress.in_progress == played) for g in groups)
    done = Progress(played, d.event_rounds, finished, played if undecided else None,
                    next_date(section, played, finished))
    rankings = tuple(r for g in groups for r in g.rankings)
    return QuadsFacts(section, KIND, done, rankings=rankings, group_facts=groups, details=d)


def placings(found: SectionFacts) -> tuple[Placing, ...]:
    """The order a series takes (docs/club.md): group after group, the top group first
    (its last player above the next group's first, as the draw put the strongest in it),
    each group by its own standings; none before the event's first result."""
    if not found.progress.rounds_played:  # (a stage still waiting for its players too)
        return ()
    f = quads_facts(found)
    number = {p.name: i for i, p in enumerate(f.section.players, start=1)}
    return tuple(Placing(number[group.section.players[p.number - 1].name], p.rank, p.score,
                         tier)
                 for tier, group in enumerate(f.group_facts)
                 for p in standings_placings(group, tier))


def cut(section: Section, after: int) -> Section:
    """The section after event round ``after``: every group cut to its rounds 1..``after``."""
    d = details(section)
    groups = tuple(results_cut(g, after) for g in d.groups)
    return replace(results_cut(section, after), details=replace(d, groups=groups))


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """The groups the section's rule (or the command line's) cuts the field into."""
    rule = details(section).rule if section is not None else sizing.grouping
    return planning.quads_shape(sizing.players, rule)


def scheduled_games(section: Section) -> list[ScheduledGame]:
    """Each group's Berger table, in the section's numbers."""
    number = {p.name: i for i, p in enumerate(section.players, start=1)}
    out: list[ScheduledGame] = []
    for group in details(section).groups:
        table = berger.schedule(len(group.players), group.double, group.swap_last_two)
        out += table_games(table, lambda n, g=group: number[g.players[n - 1].name])
    return out


KIND = register(SectionKind(
    name="quads", formats=("quads",), labels={"quads": N_("Quads")}, min_players=3,
    default_tiebreaks=round_robin.DEFAULT_TIEBREAKS, facts=facts,
    tiebreak_system="round-robin", feeds_stages=True, plan=plan,
    scheduled_games=scheduled_games,
    chores=Chores(withdraw=True, late_entry=LATE_ENTRIES),
    division=True, placings=placings, cut=cut,
))
