"""The knockout kind: a seeded bracket of matches, each decided by games and tie-breaks.

The bracket rules are ``domain.schedule.knockout``. A knockout section's details
hold what the organiser declared: the match format of each round, the games of
each match (and off-board decisions, with their reasons); the seeds are the
section's players in order. Everything else is derived here, once, as the
section's :class:`KnockoutFacts`: the bracket with the players of every later
round, each match's score stage by stage, who goes through and the winner.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from leaguegen.domain import planning
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Section
from leaguegen.domain.sections import stages
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import N_, Placing, Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import register
from leaguegen.errors import Message

MatchKey = tuple[int, int]  # (round, match index), both 1-based, top of the bracket first


@dataclass(frozen=True, slots=True)
class KnockoutDetails:
    """What the organiser declared: match formats, results and reasons for off-board decisions.

    Seeds are pairing numbers: ``section.players[seed - 1]``; when the players
    qualified from earlier sections, ``Section.stage`` says from where ("A1", "B2").
    ``formats`` has one match format per round (the final's may differ);
    ``results`` the games (or the decision) of each match with any, by
    :data:`MatchKey`; ``reasons`` what the organiser wrote for a decision.
    """

    formats: tuple[ko.MatchFormat, ...]
    results: tuple[tuple[MatchKey, ko.MatchResult], ...] = ()
    reasons: tuple[tuple[MatchKey, str], ...] = ()


def details(section: Section) -> KnockoutDetails:
    if not isinstance(section.details, KnockoutDetails):
        raise TypeError(f"section '{section.id}' is not a knockout section")
    return section.details


def bracket(section: Section) -> ko.Bracket:
    """The bracket of the section's seeds with its results and the winners carried forward."""
    d = details(section)
    return ko.knockout_bracket(len(section.players), dict(d.results), d.formats, section.scoring)


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """One match of the bracket. ``top``/``bottom`` are seeds (None: not known yet, or the
    empty side of a bye); ``decided_by`` is the stage that decided it, ``"decision"``
    (away from the board, ``reason`` says why), ``"bye"`` or None while undecided.

    ``regular`` is the score of the regular games (None before any has a result);
    ``tiebreaks`` the scores of the tie-break stages played, in the format's order.
    """

    round: int
    index: int
    top: int | None
    bottom: int | None
    bye: bool
    winner: int | None
    decided_by: str | None
    reason: str
    games: tuple[ko.MatchGame, ...]
    regular: ko.StagePoints | None
    tiebreaks: tuple[ko.StagePoints, ...]

    @property
    def started(self) -> bool:
        """A game has a result, or the match is decided (a bye is)."""
        return bool(self.games) or self.decided_by is not None


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """A round of the bracket: ``players`` is its slot count (2 = the final)."""

    number: int
    players: int
    date: dt.date | None
    format: ko.MatchFormat
    matches: tuple[MatchFacts, ...]


@dataclass(frozen=True, slots=True)
class KnockoutFacts(SectionFacts):
    """A knockout's facts: every round's matches, the winner (a seed; None until the final
    is decided) and, for qualified players, where each seed came from."""

    rounds: tuple[RoundFacts, ...] = ()
    champion: int | None = None
    origins: Mapping[int, stages.Origin] = field(default_factory=dict)


def _match(m: ko.Match, fmt: ko.MatchFormat, section: Section, reason: str) -> MatchFacts:
    result = m.result or ko.MatchResult()
    scores: tuple[ko.StagePoints, ...] = ()
    if m.top is not None and m.bottom is not None:
        scores = result.stage_points(m.top, m.bottom, fmt, section.scoring)
    regular = fmt.stages[0].label
    return MatchFacts(
        m.round, m.index, m.top, m.bottom, m.bye, m.winner, m.decided_by, reason, result.games,
        next((s for s in scores if s.label == regular), None),
        tuple(s for s in scores if s.label != regular))


def facts(section: Section) -> KnockoutFacts:
    d = details(section)
    drawn = bracket(section)
    reasons = dict(d.reasons)
    n = len(section.players)
    rounds = tuple(
        RoundFacts(r, ko.players_in_round(n, r),
                   section.rounds[r - 1].date if r <= len(section.rounds) else None,
                   d.formats[r - 1],
                   tuple(_match(m, d.formats[r - 1], section, reasons.get((r, m.index), ""))
                         for m in matches))
        for r, matches in enumerate(drawn.rounds, start=1))
    played = max((r.number for r in rounds
                  if any(m.started and not m.bye for m in r.matches)), default=0)
    champion = drawn.champion
    finished = champion is not None
    # a round is played once every match in it has a winner: a semi-final level at ½-½
    # leaves its round in progress, however many other matches are over
    undecided = played and any(m.winner is None and not m.bye
                               for m in rounds[played - 1].matches)
    progress = Progress(played, len(rounds), finished, played if undecided else None,
                        next_date(section, played, finished))
    return KnockoutFacts(section, KIND, progress, ranking=(champion,) if champion else (),
                         rounds=rounds, champion=champion, origins=stages.origins(section))


def knockout_facts(found: SectionFacts) -> KnockoutFacts:
    """A section's facts (derived once per build, passed down) as a knockout's."""
    if not isinstance(found, KnockoutFacts):
        raise TypeError(f"section '{found.section.id}' is not a knockout section")
    return found


def placings(found: SectionFacts) -> tuple[Placing, ...]:
    """The order a series takes (docs/club.md): by the round a player went out, later
    first: the winner, the final's loser, the semi-finals' losers sharing 3rd-4th (the
    bracket has no third-place match), the quarter-finals' sharing 5th-8th, ...; while
    the event runs, the players still in share the best places not yet decided."""
    if not found.progress.rounds_played:  # (a stage still waiting for its players too)
        return ()
    f = knockout_facts(found)
    last = len(f.rounds)
    tier = dict.fromkeys(range(1, len(f.section.players) + 1), 0)  # still in: 0
    for rnd in f.rounds:
        for m in rnd.matches:
            if m.winner is not None and not m.bye:
                tier[m.bottom if m.winner == m.top else m.top] = last - rnd.number + 1
    above = {t: sum(1 for u in tier.values() if u < t) for t in set(tier.values())}
    return tuple(Placing(n, 1 + above[t], Fraction(0), t)
                 for n, t in sorted(tier.items(), key=lambda item: (item[1], item[0])))


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """The bracket's rounds, each match counted by its regular games (the section's match
    and final formats, or the command line's)."""
    if sizing.double:
        raise ValueError(Message("a knockout has no double form (play longer matches instead)"))
    if section is not None:
        games = tuple(f.stages[0].games for f in details(section).formats) or (1,)
    else:
        rounds = ko.round_count(sizing.players) if sizing.players >= 2 else 1
        final = sizing.final_games or sizing.games_per_match
        games = (sizing.games_per_match,) * (rounds - 1) + (final,)
    return planning.knockout_shape(sizing.players, games)


KIND = register(SectionKind(
    name="knockout", formats=("knockout",), labels={"knockout": N_("Knockout")}, min_players=2,
    default_tiebreaks=("DE", "SB", "WIN", "KS"), facts=facts, tiebreak_system=None,
    plan=plan, placings=placings,
))
