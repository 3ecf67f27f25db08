"""Pages of a knockout section: the bracket and every match's games.

Output: ``<id>/index.html`` (the bracket: rounds as columns, seeds, byes, match
scores, tie-break notes, the winner of each match highlighted; on a phone the
rounds stack), ``<id>/rounds.html`` (each match game by game) and the bracket
as an A4 landscape PDF. Knockouts have no player pages: the bracket is the page.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.model import Code
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.schedule.scheveningen import game_codes
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import label
from leaguegen.domain.sections.knockout import KnockoutDetails
from leaguegen.domain.stages import StageInfo
from leaguegen.site import formatting as fmt
from leaguegen.site import urls
from leaguegen.site.pages import common
from leaguegen.site.pages.common import N_, SeasonInfo, SectionSummary
from leaguegen.site.pages.registry import SectionOutput, register_renderer
from leaguegen.site.planning_view import PlanningView, planning_view
from leaguegen.site.render import render

STAGE_LABELS = {"regular": N_("regular"), "rapid": N_("rapid"), "blitz": N_("blitz"),
                "armageddon": N_("armageddon")}
ROUND_NAMES = {2: N_("Final"), 4: N_("Semi-finals"), 8: N_("Quarter-finals")}
ROUND_OF = N_("Round of %(n)s")


@dataclass(frozen=True, slots=True)
class SlotView:
    """One side of a match. ``seed`` None = not known yet (or the empty side of a bye)."""

    seed: int | None
    name: str
    rating: int | None
    group: str  # where a qualified player came from (a section's name), "" otherwise
    place: int | None
    group_number: int | None  # the group of a quads section it came from
    score: Fraction | None  # points in the regular games
    winner: bool


@dataclass(frozen=True, slots=True)
class StageScore:
    label: str  # an N_ msgid for the usual stages, else the organiser's word
    top: Fraction
    bottom: Fraction
    armageddon: bool


@dataclass(frozen=True, slots=True)
class GameView:
    stage: str
    white: str
    black: str
    result: str


@dataclass(frozen=True, slots=True)
class MatchView:
    number: int
    top: SlotView
    bottom: SlotView
    bye: bool
    decided_by: str | None  # stage label, "decision" (off the board), "bye", or None
    reason: str  # what the organiser wrote for an off-board decision
    tiebreaks: tuple[StageScore, ...]  # the stages after the regular games that were played
    games: tuple[GameView, ...]
    started: bool


@dataclass(frozen=True, slots=True)
class FormatView:
    games: int
    tiebreaks: tuple[tuple[str, int, bool], ...]  # (label, games, armageddon)


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    name: str  # msgid; ``%(n)s`` is the number of players in the round
    players: int
    date: dt.date | None
    matches: tuple[MatchView, ...]
    format: FormatView


@dataclass(frozen=True, slots=True)
class KnockoutPage:
    """The bracket page (``<id>/index.html``), the matches page and the bracket PDF."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    rounds: tuple[BracketRound, ...]
    champion: str | None
    match_format: FormatView
    final_format: FormatView | None  # only when the final differs
    qualified: bool  # players came from earlier stages
    pdf_url: str
    planning: PlanningView | None = None  # figures while no result is entered


def round_name(entrants: int, number: int) -> str:
    return ROUND_NAMES.get(ko.players_in_round(entrants, number), ROUND_OF)


def _format_view(f: ko.MatchFormat) -> FormatView:
    first, *rest = f.stages
    return FormatView(first.games, tuple((STAGE_LABELS.get(s.label, s.label), s.games,
                                          s.armageddon) for s in rest))


def _points(codes: tuple[Code, Code], section: Section) -> tuple[Fraction, Fraction]:
    s = section.scoring
    return s.value(s.points(codes[0])), s.value(s.points(codes[1]))


def knockout_page(season: Season, section: Section) -> KnockoutPage:
    details: KnockoutDetails = section.details  # type: ignore[assignment]
    root = "../"
    bracket = details.bracket
    n = len(section.players)
    origins = {}
    if isinstance(section.stage, StageInfo):  # in the section: its fingerprint covers them
        origins = {e.seed: (e.source_name or e.source, e.place, e.group)
                   for e in section.stage.entries}
    reasons = dict(details.reasons)

    def slot(seed: int | None, score: Fraction | None, winner: bool) -> SlotView:
        if seed is None:
            return SlotView(None, "", None, "", None, None, None, False)
        p = section.players[seed - 1]
        group, place, number = origins.get(seed, ("", None, None))
        return SlotView(seed, p.name, p.rating, group, place, number, score, winner)

    rounds = []
    for r, matches in enumerate(bracket.rounds, start=1):
        fmt_r = details.formats[r - 1]
        views = []
        for m in matches:
            stage_pts: dict[str, list[Fraction]] = {}
            games = []
            result = m.result or ko.MatchResult()
            for g in result.games:
                codes = game_codes(g.result)
                wp, bp = _points(codes, section)
                pts = stage_pts.setdefault(g.stage, [Fraction(0), Fraction(0)])
                if g.white == m.top:
                    pts[0] += wp
                    pts[1] += bp
                else:
                    pts[0] += bp
                    pts[1] += wp
                games.append(GameView(STAGE_LABELS.get(g.stage, g.stage),
                                      section.players[g.white - 1].name,
                                      section.players[g.black - 1].name,
                                      fmt.board_result(*codes)))
            regular = stage_pts.get(fmt_r.stages[0].label)
            tiebreaks = tuple(
                StageScore(STAGE_LABELS.get(s.label, s.label), stage_pts[s.label][0],
                           stage_pts[s.label][1], s.armageddon)
                for s in fmt_r.stages[1:] if s.label in stage_pts)
            top_score = regular[0] if regular else None
            bottom_score = regular[1] if regular else None
            decided = m.decided_by
            views.append(MatchView(
                number=m.index,
                top=slot(m.top, top_score, m.winner is not None and m.winner == m.top),
                bottom=slot(m.bottom, bottom_score,
                            m.winner is not None and m.winner == m.bottom),
                bye=m.bye, decided_by=STAGE_LABELS.get(decided or "", decided),
                reason=reasons.get((r, m.index), ""), tiebreaks=tiebreaks,
                games=tuple(games), started=bool(games) or decided is not None))
        info = section.rounds[r - 1] if r <= len(section.rounds) else None
        rounds.append(BracketRound(r, round_name(n, r), ko.players_in_round(n, r),
                                   info.date if info else None, tuple(views),
                                   _format_view(fmt_r)))
    champion = bracket.champion
    played = max((r.number for r in rounds if any(m.started and not m.bye for m in r.matches)),
                 default=0)
    upcoming = [r for r in section.rounds if r.number > played and r.date]
    summary = SectionSummary(
        id=section.id, name=section.name, format_label=label(section.format),
        url=root + urls.section(section), players=n, rounds_played=played,
        rounds_total=len(rounds),
        leader=section.players[champion - 1].name if champion else None,
        next_date=upcoming[0].date if upcoming and champion is None else None,
        finished=champion is not None)
    first = _format_view(details.formats[0])
    last = _format_view(details.formats[-1])
    return KnockoutPage(
        root=root, season=common.season_info(season), section=summary,
        description=section.description, rounds=tuple(rounds),
        champion=summary.leader, match_format=first,
        final_format=last if last != first else None,
        qualified=isinstance(section.stage, StageInfo),
        pdf_url=urls.pdf_name(section), planning=planning_view(season, section))


def render_knockout(season: Season, section: Section) -> SectionOutput:
    lang = season.language
    page = knockout_page(season, section)
    pages = {
        urls.section(section): render("knockout/section.html", page, lang),
        urls.rounds(section): render("knockout/rounds.html", page, lang),
    }
    return SectionOutput(pages, urls.pdf(section), render("knockout/pdf.html", page, lang),
                         page.section)


register_renderer("knockout", render_knockout)
