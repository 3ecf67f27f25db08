"""The planning figures (``leaguegen plan``) on the page of a section with no results yet.

Before the first round an organiser (and the players) want to know what the
section means: rounds, games, games per player, how long a round can last and
how many club evenings it takes. ``domain.planning`` computes that; this turns
it into a page block. The season's ``time_control`` is free text, so the usual
spellings ("90+30", "90 minutes + 30 seconds a move") are recognised and
anything else simply leaves the timing out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from leaguegen.domain import planning as pl
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.site.pages.common import N_

ADVICE = {
    pl.Advice.FASTER_TIME_CONTROL: N_("With the same increment, %(minutes)s minutes each would fit"
                                      " an evening."),
    pl.Advice.QUADS: N_("Quads would take %(rounds)s rounds."),
    pl.Advice.SWISS: N_("A Swiss of %(rounds)s rounds would fit."),
    pl.Advice.DOUBLE_SESSION: N_("Two rounds a sitting: %(evenings)s sittings of %(minutes)s"
                                 " minutes."),
}
_WORDS = re.compile(r"^\s*(\d+)\s*(?:min(?:ute)?s?|')\s*(?:\+\s*(\d+)\s*(?:s|sec(?:ond)?s?)"
                    r"(?:\s*(?:a|per|/)\s*move)?)?\s*$", re.I)


@dataclass(frozen=True, slots=True)
class PlanSuggestion:
    advice: str  # msgid with %(rounds)s, %(evenings)s, %(minutes)s
    rounds: int
    evenings: int
    minutes: int | None


@dataclass(frozen=True, slots=True)
class PlanningView:
    """What a section will need, shown until its first result is entered."""

    players: int
    rounds: int
    games: int
    per_player: tuple[int, int]  # fewest, most games for one player
    time_control: str  # as understood, e.g. "90+30"; "" = not understood (no timing)
    game_minutes: int | None  # worst case for one game
    round_minutes: int | None  # plus changeover
    changeover: int
    evening_minutes: int
    evenings: int
    fits_evening: bool | None
    suggestions: tuple[PlanSuggestion, ...]


def time_control(text: str) -> pl.TimeControl | None:
    """The season's time control if it reads as one: '90+30', '90 minutes + 30 seconds a move'."""
    if not text:
        return None
    try:
        return pl.parse_time_control(text)
    except ValueError:
        pass
    m = _WORDS.match(text)
    if m:
        return pl.parse_time_control(f"{m.group(1)}+{m.group(2) or 0}")
    return None


def _format(section: Section) -> tuple[pl.Format, dict] | None:
    kind = kind_of(section.format)
    return kind.plan(section) if kind.plan is not None else None


def planning_view(season: Season, section: Section) -> PlanningView | None:
    """Figures for a section with players and no result yet; None otherwise."""
    if len(section.players) < 2 or any(g.result is not None for g in section.games):
        return None
    fmt = _format(section)
    if fmt is None:
        return None
    kind, options = fmt
    tc = time_control(season.time_control)
    session = pl.Session()
    try:
        shape = pl.shape(kind, len(section.players), **options)
        plan = pl.plan(kind, len(section.players), tc, session, **options) if tc else None
    except ValueError:
        return None
    suggestions = tuple(PlanSuggestion(ADVICE[s.advice], s.rounds, s.evenings, s.minutes)
                        for s in (plan.suggestions if plan else ()))
    return PlanningView(
        players=len(section.players), rounds=shape.rounds, games=shape.games,
        per_player=shape.games_per_player,
        time_control=season.time_control if tc else "",
        game_minutes=plan.game_minutes if plan else None,
        round_minutes=plan.round_minutes if plan else None,
        changeover=session.changeover_minutes, evening_minutes=session.evening_minutes,
        evenings=plan.evenings if plan else shape.rounds,
        fits_evening=plan.fits_evening if plan else None, suggestions=suggestions)
