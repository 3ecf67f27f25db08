"""Pages of a knockout section: the bracket (``index.html`` and the PDF), every match's
games (``rounds.html``) and a page per player (each match, its games and how it ended)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.knockout import MatchFacts, knockout_facts
from leaguegen.domain.sections.stages import Origin
from leaguegen.site import formatting as fmt
from leaguegen.site import urls
from leaguegen.site.pages import common
from leaguegen.site.pages.common import N_, Frame
from leaguegen.site.pages.rating_view import RatingLine, rating_line, round_changes
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer
from leaguegen.site.planning_view import PlanningView, planning_view

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
    url: str = ""  # the player's page in this section


@dataclass(frozen=True, slots=True)
class StageScore:
    label: str  # an N_ msgid for the usual stages, else the organiser's word
    top: Fraction
    bottom: Fraction
    armageddon: bool


@dataclass(frozen=True, slots=True)
class GameView:
    stage: str
    white: common.PlayerLink
    black: common.PlayerLink
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
class KnockoutPage(Frame):  # the bracket page, the matches page and the bracket PDF
    description: str
    rounds: tuple[BracketRound, ...]
    champion: str | None
    match_format: FormatView
    final_format: FormatView | None  # only when the final differs
    qualified: bool  # players came from earlier stages
    pdf_url: str
    planning: PlanningView | None = None  # figures while no result is entered


def round_name(players: int) -> str:  # a msgid, from the round's number of slots
    return ROUND_NAMES.get(players, ROUND_OF)


def _format_view(f: ko.MatchFormat) -> FormatView:
    first, *rest = f.stages
    return FormatView(first.games, tuple((STAGE_LABELS.get(s.label, s.label), s.games,
                                          s.armageddon) for s in rest))


def _match_view(m: MatchFacts, section: Section, origins: Mapping[int, Origin],
                links: Sequence[common.PlayerLink | None]) -> MatchView:
    """``links``: the players' from the page (``common.player_links``)."""
    value = section.scoring.value

    def slot(seed: int | None, score: Fraction | None) -> SlotView:
        link = links[seed] if seed is not None else None
        if link is None:
            return SlotView(None, "", None, "", None, None, None, False)
        origin = origins.get(link.number)
        group, place, number = (origin.source, origin.place, origin.group) if origin else \
            ("", None, None)
        return SlotView(link.number, link.name, link.rating, group, place, number, score,
                        m.winner is not None and m.winner == seed, link.url)

    regular = m.regular
    games = tuple(GameView(STAGE_LABELS.get(g.stage, g.stage), links[g.white], links[g.black],
                           fmt.board_result(*g.codes))
                  for g in m.games)
    tiebreaks = tuple(StageScore(STAGE_LABELS.get(t.label, t.label), value(t.top),
                                 value(t.bottom), t.armageddon) for t in m.tiebreaks)
    return MatchView(
        number=m.index, top=slot(m.top, value(regular.top) if regular else None),
        bottom=slot(m.bottom, value(regular.bottom) if regular else None),
        bye=m.bye, decided_by=STAGE_LABELS.get(m.decided_by or "", m.decided_by),
        reason=m.reason, tiebreaks=tiebreaks, games=games, started=m.started)


def knockout_page(season: Season, found: SectionFacts) -> KnockoutPage:
    facts = knockout_facts(found)
    section = facts.section
    links = common.player_links(section, "../")
    rounds = tuple(
        BracketRound(r.number, round_name(r.players), r.players, r.date,
                     tuple(_match_view(m, section, facts.origins, links) for m in r.matches),
                     _format_view(r.format))
        for r in facts.rounds)
    champion = section.players[facts.champion - 1].name if facts.champion else None
    first, last = rounds[0].format, rounds[-1].format  # a bracket has at least a final
    return KnockoutPage(
        **common.frame(season, facts, leader=champion), description=section.description,
        rounds=rounds, champion=champion, match_format=first,
        final_format=last if last != first else None, qualified=bool(facts.origins),
        pdf_url=urls.pdf_name(section), planning=planning_view(season, section))


@dataclass(frozen=True, slots=True)
class PlayerMatch:  # one of a player's matches, from the player's side
    round_name: str  # msgid, as BracketRound.name
    players: int
    date: dt.date | None
    opponent: common.PlayerLink | None  # None: a bye, or not known yet
    score: Fraction | None  # the player's points in the regular games
    opponent_score: Fraction | None
    outcome: str  # "won", "lost", "bye", "" (not decided yet)
    games: tuple[GameView, ...]
    started: bool  # a game of the match has a result (undecided: "in progress")
    # the match's Rtg+/- (a rated section's): its regular games' changes added up (tie-break
    # games are not rated, B.02 5.3); None: no game of it counts, or the player is unrated
    rating_change: Fraction | None = None


@dataclass(frozen=True, slots=True)
class KnockoutPlayerPage(Frame):  # a player's way through the bracket
    player: common.PlayerLink
    origin_group: str  # the section the player qualified from, "" when seeded by rating
    origin_place: int | None
    matches: tuple[PlayerMatch, ...]
    rating: RatingLine | None = None  # the event's rating change; None: not rated


def player_page(season: Season, found: SectionFacts, number: int,
                links: tuple[common.PlayerLink | None, ...]) -> KnockoutPlayerPage:
    """``links``: the section's from a player page, made once for all of them."""
    facts = knockout_facts(found)
    section = facts.section
    root = "../../"
    matches = []
    changes = round_changes(found, number)  # a match's games share its round
    for r in facts.rounds:
        for m in r.matches:
            if number not in (m.top, m.bottom):
                continue
            other = m.bottom if m.top == number else m.top
            view = _match_view(m, section, facts.origins, links)
            mine, theirs = (view.top, view.bottom) if m.top == number else (view.bottom, view.top)
            outcome = ("bye" if m.bye else "won" if m.winner == number
                       else "lost" if m.winner is not None else "")
            matches.append(PlayerMatch(
                round_name(r.players), r.players, r.date,
                links[other] if other else None,
                mine.score, theirs.score, outcome, view.games, view.started,
                changes.get(r.number)))
    origin = facts.origins.get(number)
    return KnockoutPlayerPage(
        **common.frame(season, facts, root), player=links[number],
        origin_group=origin.source if origin else "",
        origin_place=origin.place if origin else None,
        matches=tuple(matches), rating=rating_line(found, number))


def knockout_pages(season: Season, facts: SectionFacts) -> SectionPages:
    links = common.player_links(facts.section, "../../")
    return SectionPages(knockout_page(season, facts), player_pages(
        facts.section, "knockout/player.html",
        lambda number: player_page(season, facts, number, links)))


register_renderer("knockout", knockout_pages, "knockout")
