"""The planning figures (``leaguegen plan``) on the pages of a season not yet played:
a section's rounds, games, games per player, how long a round can last and how many
evenings it takes, and on the home page the whole season's plan, until the first result.

``domain.planning`` and ``domain.season_plan`` compute them; this reads the time control
as ``plan`` does (any spelling it reads gives timings, anything else leaves them out) and
``partials/planning.html`` writes the sentences. Facts only: whether they fit the club's
evenings is advice ``leaguegen plan`` gives in the terminal, against an evening length the
organiser names. A section's own ``time_control`` wins; withdrawn players do not count.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain import planning as pl
from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_plan import has_results, own_time_control, plan_season, playing
from leaguegen.domain.sections import kind_of


@dataclass(frozen=True, slots=True)
class PlanningView:
    """What a section will need, shown until its first result is entered."""

    players: int
    rounds: int
    games: int
    per_player: tuple[int, int]  # fewest, most games for one player
    time_control: str  # as the section (or the season) writes it; "" = no timing
    game_minutes: int | None  # worst case for one game
    round_minutes: int | None  # plus changeover
    changeover: int
    evenings: int


def planning_view(season: Season, section: Section) -> PlanningView | None:
    """Figures for a section with players and no result yet; None otherwise."""
    players = playing(section)
    if players < 2 or any(g.result is not None for g in section.games):
        return None
    kind = kind_of(section.format)
    try:
        shape = kind.plan(pl.Sizing(section.format, players), section) if kind.plan else None
    except ValueError:
        shape = None
    if shape is None:
        return None
    written = section.time_control or season.time_control
    tc = own_time_control(written)
    session = pl.Session()
    plan = pl.plan(shape, tc, session) if tc else None
    return PlanningView(
        players=players, rounds=shape.rounds, games=shape.games,
        per_player=shape.games_per_player, time_control=written if tc else "",
        game_minutes=plan.game_minutes if plan else None,
        round_minutes=plan.round_minutes if plan else None,
        changeover=session.changeover_minutes,
        evenings=plan.evenings if plan else shape.rounds)


# ---------------------------------------------------------------- the season's plan


@dataclass(frozen=True, slots=True)
class SectionPlanRow:
    """One section in the season's plan: its figures and the sittings it takes (1-based)."""

    name: str
    format_label: str  # msgid, translated by the template
    players: int
    pending: bool  # the players are still to be decided (the count is what will qualify)
    rounds: int
    games: int
    first: int
    last: int
    after: tuple[str, ...]  # names of the sections it takes its players from


@dataclass(frozen=True, slots=True)
class SeasonPlanView:
    """The season's plan, shown on its home page until the first result is entered.
    ``days``: played on days (a congress), not club evenings; ``longest`` the longest
    sitting in minutes (None without a time control)."""

    sections: tuple[SectionPlanRow, ...]
    rounds: int
    games: int
    sittings: int
    days: bool
    time_control: str  # the longest sitting's, as written; "" = no timing
    longest: int | None
    changeover: int


def season_plan_view(season: Season) -> SeasonPlanView | None:
    """The plan of a season with no result yet (the same as ``leaguegen plan SEASON_DIR``)."""
    if has_results(season.sections):
        return None
    tc = own_time_control(season.time_control)
    session = pl.Session()
    plan = plan_season(season.sections, tc, session)
    if not plan.sections:
        return None
    names = {s.id: s.name for s in season.sections}
    rows = tuple(SectionPlanRow(
        p.name, kind_of(p.format).labels[p.format], p.players, p.pending, p.shape.rounds,
        p.shape.games, p.start + 1, p.end, tuple(names[s] for s in p.sources))
        for p in plan.sections)
    longest = plan.longest
    written = ""
    if longest is not None:  # the time control of the longest sitting, as written
        written = season.section(longest.id).time_control or season.time_control
    return SeasonPlanView(
        rows, plan.rounds, plan.games, plan.sittings, plan.days, written,
        longest.longest_sitting if longest else None, session.changeover_minutes)
