"""The knockout kind: a seeded bracket of matches, each decided by games and tie-breaks.

The bracket rules are ``domain.schedule.knockout``; the section's details hold
the bracket with its results and the match format of each round.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.planning import Format
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Section
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import N_, Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import register


@dataclass(frozen=True, slots=True)
class KnockoutDetails:
    """The bracket with results, the match format per round, and notes for off-board decisions.

    Seeds are pairing numbers: ``section.players[seed - 1]``; when the players
    qualified from earlier sections, ``Section.stage`` says from where ("A1", "B2").
    """

    bracket: ko.Bracket
    formats: tuple[ko.MatchFormat, ...]
    reasons: tuple[tuple[tuple[int, int], str], ...] = ()


def details(section: Section) -> KnockoutDetails:
    if not isinstance(section.details, KnockoutDetails):
        raise TypeError(f"section '{section.id}' is not a knockout section")
    return section.details


def facts(section: Section) -> SectionFacts:
    d = details(section)
    bracket = d.bracket
    played = max((r for r, matches in enumerate(bracket.rounds, start=1)
                  if any(not m.bye and ((m.result is not None and m.result.games)
                                        or m.decided_by is not None) for m in matches)),
                 default=0)
    champion = bracket.champion
    finished = champion is not None
    ranking = (champion,) if champion else ()
    return SectionFacts(section, KIND, Progress(played, len(d.formats), finished, None,
                                                next_date(section, played, finished)),
                        ranking=ranking)


def plan(section: Section) -> tuple[Format, dict]:
    formats = details(section).formats
    return Format.KNOCKOUT, {"games_per_match": formats[0].stages[0].games if formats else 1}


KIND = register(SectionKind(
    name="knockout", formats=("knockout",), labels={"knockout": N_("Knockout")}, min_players=2,
    default_tiebreaks=("DE", "SB", "WIN", "KS"), facts=facts, tiebreak_system=None,
    plan=plan,
))
