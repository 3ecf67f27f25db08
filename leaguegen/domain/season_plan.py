"""A whole season planned before it is played: every section, stages in order, and totals.

Each section is sized by its kind (``SectionKind.plan``), a stage still waiting
for its players from the count its ``players: {from:, top:}`` will bring (the
top ``top`` of each source table: a quads source sends that many from each
group) and its format word alone: its own settings (a knockout's match format)
are only read once its players are known, so until then a knockout counts one
game a match. Sections run side by side unless one feeds another: a stage starts
once all its sources have finished, so groups then a knockout, or a qualifier
then a final, follow each other, while the divisions of a club season share
their evenings.

A section's rhythm is read from the dates its rounds already have: the most
rounds (knockout games) sharing a date is how many it plays a sitting, and
sittings a few days apart are the days of a congress rather than club
evenings. A section with no dates plays one round a sitting (or what the
caller says). Its longest sitting is that many worst-case rounds under the
time control (``domain.planning``).

Totals: rounds and sittings along the longest chain of stages, games summed
over every section, and the longest sitting of any section (sections side by
side play at the same time, so their sittings do not add up).
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from statistics import median

from leaguegen.domain import planning
from leaguegen.domain.planning import Session, Shape, Sizing, TimeControl
from leaguegen.domain.season import Section
from leaguegen.domain.sections.registry import kind_of
from leaguegen.domain.stages import PendingStage
from leaguegen.errors import Message

# Sittings at most this many days apart (as a rule) are the days of one event.
CONGRESS_GAP_DAYS = 3
# One date holding this many rounds is a one-day event (a rapid day), not an evening.
ONE_DAY_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Rhythm:
    """How a section is played: rounds a sitting, and whether its sittings are days."""

    rounds_per_sitting: int = 1
    days: bool = False
    from_dates: bool = False  # read from the section's dated rounds


@dataclass(frozen=True, slots=True)
class SectionPlan:
    """One section's figures in the season's plan.

    ``sources`` are the sections a stage waits for; ``pending`` says its players
    are still to be decided (``players`` is then the count that will qualify);
    ``start`` and ``round_start`` are the sittings and rounds of the season
    before its first; ``time_control``, ``game_minutes`` (the worst case of one
    game), ``round_minutes`` (plus the changeover) and ``longest_sitting`` (its
    rounds a sitting of those) are None when the time control is not known.
    """

    id: str
    name: str
    format: str
    players: int
    shape: Shape
    rhythm: Rhythm
    sittings: int
    start: int = 0
    round_start: int = 0
    sources: tuple[str, ...] = ()
    pending: bool = False
    time_control: TimeControl | None = None
    game_minutes: int | None = None
    round_minutes: int | None = None

    @property
    def sitting_rounds(self) -> int:
        """Rounds in its fullest sitting."""
        return min(self.rhythm.rounds_per_sitting, self.shape.rounds)

    @property
    def longest_sitting(self) -> int | None:
        """Minutes its fullest sitting can take: that many worst-case rounds."""
        return None if self.round_minutes is None else self.sitting_rounds * self.round_minutes

    @property
    def longest_play(self) -> int | None:
        """Minutes of play in its fullest sitting (games only, no changeovers)."""
        return None if self.game_minutes is None else self.sitting_rounds * self.game_minutes

    @property
    def end(self) -> int:
        return self.start + self.sittings

    @property
    def round_end(self) -> int:
        return self.round_start + self.shape.rounds


@dataclass(frozen=True, slots=True)
class SeasonPlan:
    """Every plannable section in file order, and the season's totals.

    ``unplanned`` lists (section id, why) for sections that cannot be sized
    (a stage whose sources are unknown, a kind without planning figures).
    """

    sections: tuple[SectionPlan, ...]
    session: Session
    unplanned: tuple[tuple[str, str], ...] = field(default=())

    @property
    def rounds(self) -> int:
        """Rounds along the longest chain of stages (side-by-side sections share theirs)."""
        return max((s.round_end for s in self.sections), default=0)

    @property
    def games(self) -> int:
        return sum(s.shape.games for s in self.sections)

    @property
    def sittings(self) -> int:
        """Evenings (or days) from the first sitting to the last, stages in order."""
        return max((s.end for s in self.sections), default=0)

    @property
    def days(self) -> bool:
        """The season is played on days (a congress), not club evenings."""
        return any(s.rhythm.days for s in self.sections)

    @property
    def longest_sitting(self) -> int | None:
        known = [s.longest_sitting for s in self.sections if s.longest_sitting is not None]
        return max(known) if known else None

    def too_long(self, p: SectionPlan) -> bool:
        """``p``'s fullest sitting is longer than the evening the organiser gave, or holds
        more play than a day may (``Session.day_minutes``); False without a time control,
        and for evenings when no evening length was given."""
        if p.longest_sitting is None or p.longest_play is None:
            return False
        if self.days:
            return p.longest_play > self.session.day_minutes
        evening = self.session.evening_minutes
        return evening is not None and p.longest_sitting > evening

    @property
    def fits_budget(self) -> bool | None:
        """Whether the sittings fit the evenings the season has (None: not given)."""
        budget = self.session.evenings_available
        return None if budget is None else self.sittings <= budget

    @property
    def fits(self) -> bool:
        return not any(self.too_long(p) for p in self.sections) and self.fits_budget is not False

    @property
    def longest(self) -> SectionPlan | None:
        """The section whose sitting is the longest (the first of equals)."""
        known = [s for s in self.sections if s.longest_sitting is not None]
        return max(known, key=lambda s: s.longest_sitting or 0) if known else None


def own_time_control(text: str) -> TimeControl | None:
    """A section's own ``time_control`` (its rapid day, its blitz final), if it reads as
    one; None leaves the section without timings rather than at the season's pace."""
    try:
        return planning.parse_time_control(text)
    except ValueError:
        return None


def playing(section: Section) -> int:
    """The players a section's plan counts: the field less those who have withdrawn (a
    withdrawal before round 1 is a player who never joined; after it, the rounds left are
    played without them)."""
    gone = {w.player for w in section.withdrawals}
    return len(section.players) - len(gone)


def has_results(sections: Sequence[Section]) -> bool:
    """Whether any game of the season has a result (a season's plan is shown until one has)."""
    return any(g.result is not None for s in sections for g in s.games) or any(
        entered(s) for s in sections if (entered := kind_of(s.format).results_entered))


def rhythm_of(section: Section, round_games: Sequence[int]) -> Rhythm | None:
    """The rhythm the section's dated rounds show, or None when no round has a date.

    ``round_games`` are the games a player plays in each of the section's rounds
    (a knockout match of two games is two); dates on the same day add up.
    """
    per_date: Counter[dt.date] = Counter()
    for info in section.rounds:
        if info.date is not None:
            games = round_games[info.number - 1] if info.number <= len(round_games) else 1
            per_date[info.date] += games
    if not per_date:
        return None
    most = max(per_date.values())
    dates = sorted(per_date)
    gaps = [(b - a).days for a, b in zip(dates, dates[1:], strict=False)]
    days = median(gaps) <= CONGRESS_GAP_DAYS if gaps else most >= ONE_DAY_ROUNDS
    return Rhythm(most, days, from_dates=True)


def plan_season(sections: Sequence[Section], time_control: TimeControl | None,
                session: Session | None = None, rounds_per_sitting: int | None = None,
                time_controls: Mapping[str, TimeControl] | None = None) -> SeasonPlan:
    """The plan of ``sections`` (a season's, in file order).

    ``time_control`` is the season's (None: unknown, the plan has no timing); a
    section's own ``time_control`` (a rapid section of a classical season) replaces it,
    and ``time_controls`` (by id, the command line's) replaces both. ``rounds_per_sitting``,
    when given, overrides every section's rhythm; otherwise undated sections
    play ``session``'s ``rounds_per_evening``.
    """
    session = session or Session()
    planned: dict[str, SectionPlan] = {}
    unplanned: list[tuple[str, str]] = []
    for section in sections:
        kind = kind_of(section.format)
        if kind.plan is None:
            unplanned.append((section.id, Message("{format} has no planning figures",
                                                  format=section.format)))
            continue
        stage = section.stage
        sources = stage.source.sources if stage is not None else ()
        missing = [s for s in sources if s not in planned]
        if missing:
            unplanned.append((section.id, Message("its players come from {sources}, which"
                                                  " cannot be planned",
                                                  sources=", ".join(missing))))
            continue
        pending = isinstance(stage, PendingStage)
        players, sized = playing(section), section
        if pending:
            tables = sum(max(1, len(planned[s].shape.groups)) for s in sources)
            players, sized = stage.source.top * tables, None
        try:
            shape = kind.plan(Sizing(section.format, players), sized)
        except ValueError as exc:
            reason = exc.args[0] if len(exc.args) == 1 else None
            unplanned.append((section.id, reason if isinstance(reason, Message) else str(exc)))
            continue
        round_games = shape.round_games or (1,) * shape.rounds
        rhythm = rhythm_of(section, round_games) or Rhythm(session.rounds_per_evening)
        if rounds_per_sitting is not None:
            rhythm = Rhythm(rounds_per_sitting, rhythm.days)
        sittings = math.ceil(shape.rounds / rhythm.rounds_per_sitting)
        tc = (time_controls or {}).get(section.id, time_control)
        if section.id not in (time_controls or {}) and section.time_control:
            tc = own_time_control(section.time_control)
        game = round_minutes = None
        if tc is not None:
            game, round_minutes = planning.worst_round_minutes(tc, session)
        planned[section.id] = SectionPlan(
            section.id, section.name, section.format, players, shape, rhythm, sittings,
            start=max((planned[s].end for s in sources), default=0),
            round_start=max((planned[s].round_end for s in sources), default=0),
            sources=sources, pending=pending, time_control=tc, game_minutes=game,
            round_minutes=round_minutes)
    plans = tuple(planned.values())
    if any(p.rhythm.days for p in plans):  # undated sections of a congress play days too
        plans = tuple(replace(p, rhythm=replace(p.rhythm, days=True)) for p in plans)
    return SeasonPlan(plans, session, tuple(unplanned))
