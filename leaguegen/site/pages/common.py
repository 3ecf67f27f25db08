"""What every page kind shares: links to players, table rows, the season frame, tiebreaks.

Each page kind's module beside this one has a frozen dataclass per page: everything a
template may show, already computed. Templates only lay it out (no arithmetic, no rules),
so what a page says can be tested without parsing HTML, and the rules live in ``domain/``.
Nothing here depends on the page language: scores are exact numbers (the ``pts`` filter),
sentences are data the template words with ``_()``, and fixed labels are English msgids
marked ``N_`` and translated in the template (docs/i18n.md).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from leaguegen.domain.model import Code
from leaguegen.domain.prizes.tables import has_prize_list
from leaguegen.domain.report_links import ReportSettings
from leaguegen.domain.season import Season, Section, Withdrawal
from leaguegen.domain.sections import SectionFacts, kind_of, label
from leaguegen.domain.sections.kind import N_
from leaguegen.domain.standings import Standings, StandingsRow
from leaguegen.domain.tiebreaks import lookup
from leaguegen.site import urls
from leaguegen.site.formatting import Numbers
from leaguegen.site.markdown import render_markdown
from leaguegen.site.pages.rating_view import RatingLine
from leaguegen.site.render import PDF_LINKS

TIEBREAK_NAMES = {
    "PTS": N_("Points"), "DE": N_("Direct encounter"), "SB": N_("Sonneborn-Berger"),
    "WIN": N_("Wins"), "WON": N_("Games won"), "KS": N_("Koya"), "BH": N_("Buchholz"),
    "BPG": N_("Games with Black"), "BWG": N_("Wins with Black"),
    "PS": N_("Progressive score"), "ARO": N_("Average rating of opponents"),
    "TPR": N_("Performance rating"), "REP": N_("Rounds elected to play"),
    "AOB": N_("Avg. opp. Buchholz"), "FB": N_("Fore Buchholz"),
    "PTP": N_("Perfect tournament performance"), "RTNG": N_("Rating"),
    "APRO": N_("Avg. perf. rating of opponents"), "APPO": N_("Avg. perfect perf. of opponents"),
    "STD": N_("Standard points"), "TPN": N_("Pairing number"),
}
# A game's note on a player's page, by its result code (round robins and Swiss)
GAME_NOTES = {Code.FORFEIT_WIN: N_("won by forfeit"), Code.FORFEIT_LOSS: N_("lost by forfeit"),
              Code.PENDING: N_("not played yet")}
# A round without a game: a bye's kind, by its code (Swiss pages, the A-Z lists)
BYE_LABELS = {
    Code.PAIRING_BYE: N_("pairing-allocated bye"), Code.HALF_BYE: N_("half-point bye"),
    Code.FULL_BYE: N_("full-point bye"), Code.ZERO_BYE: N_("not paired"),
}
# A round a withdrawn Swiss player is no longer paired in: "withdrawn", not "not paired"
WITHDRAWN = N_("withdrawn")
FREE_ROUND = N_("free round")  # a round robin's round without a game for a player


@dataclass(frozen=True, slots=True)
class PlayerLink:
    number: int
    name: str
    url: str
    rating: int | None
    federation: str | None
    title: str | None
    club: str | None = None  # shown on the player's page (a Swiss may keep clubs apart)
    sex: str | None = None  # m / w (f): sentences about the player agree with it (``gender``)
    family: str | None = None  # the family name (``family:``): an A-Z list puts it first


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int | None  # None: not ranked (withdrew under the 50 % rule)
    shared: bool
    player: PlayerLink
    points: Fraction  # in the season's scoring units (1½ = Fraction(3, 2)); ``pts`` filter
    played: int
    values: tuple[object, ...]  # tiebreak values as shown (``tb`` filter); None = n/a
    decided_by: str | None  # the code that put this player above the next on equal points
    withdrawn: bool
    provisional: tuple[bool, ...] = ()  # per value: could still change (DE, not all met)
    performance: int | None = None  # Rp over the games played (FIDE B.02 table); None: none
    # Rtg+/-: the event's FIDE rating change, exact (a rated section's, ``rating_view``);
    # None: the section is not rated or the player is unrated
    rating_change: Fraction | None = None
    # a division's place: "promotion", "relegation" or "" (domain/divisions.py)
    zone: str = ""


def shown_values(codes: tuple[str, ...], row: StandingsRow) -> tuple[tuple[object, ...],
                                                                     tuple[bool, ...]]:
    """Tiebreak values as a table shows them, and which are provisional.

    DE is shown as the points scored in the games among the players tied on points
    (the standings order them by it), blank where the player was not tied or DE did
    not separate the group; it is provisional while those players have not all met.
    """
    values, provisional = [], []
    for code, value, why in zip(codes, row.values, row.explanations, strict=True):
        if lookup(code)[0].name == "DE":
            split = value not in (0, None)
            values.append(why.extra.get("mutual_score") if split else "")
            provisional.append(split and why.extra.get("all_met") is False)
        else:
            values.append(value)
            provisional.append(False)
    return tuple(values), tuple(provisional)


@dataclass(frozen=True, slots=True)
class Cell:
    """One game in a crosstable cell: '1', '½', '0', '+', '−', or '' (not played yet): a
    symbol, the same in every language except for its digits."""

    text: str
    colour: str  # "w", "b" or ""
    round: int
    counted: bool = True  # False: a game of a player the 50 % rule keeps out of the standings
    withdrew: bool = False  # not played and never will be: a player withdrew before it


@dataclass(frozen=True, slots=True)
class CrossRow:
    player: PlayerLink
    cells: tuple[tuple[Cell, ...], ...]  # per opponent in number order; () on the diagonal
    total: Fraction
    rank: int | None
    withdrawn: bool
    void: bool = False  # a result in this row does not count in the standings (50 % rule)
    withdrew_cells: bool = False  # a cell of this row is a game lost to a withdrawal
    # the standings' points when they differ from ``total`` (results against a player the
    # 50 % rule keeps out do not count): the row says so beside its total, as the order
    # of the ranks (3½ below 3) needs a reason where it is read
    counted: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """A board of a round, with what a pairings list shows beside each name (the
    players' numbers and ratings are in the links; their points before the round here)."""

    number: int
    white: PlayerLink
    black: PlayerLink
    result: str
    white_points: Fraction | None = None  # before the round; None: not shown
    black_points: Fraction | None = None
    withdrew: bool = False  # not played and never will be: a player withdrew before it
    game_url: str = ""  # the game's page, when a PGN file has it (site/pages/games.py)


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """A row of a player page's games (round robins and Swiss; partials/games.html)."""

    round: int
    date: dt.date | None
    colour: str  # "w", "b", ""
    opponent: PlayerLink | None
    result: str  # a symbol as in the crosstable ('1', '½', '+'...) or the free round's score
    note: str  # an N_-marked msgid, translated by the template
    withdrew: bool = False  # not played and never will be: a player withdrew before it
    rating_change: Fraction | None = None  # this game's Rtg+/- (a rated section's)
    # the opponent's points so far (their score in the crosstable), as chess-results'
    # player card shows it beside the opponent's number and rating
    opponent_points: Fraction | None = None
    game_url: str = ""  # the game's page, when a PGN file has it
    round_url: str = ""  # a Swiss round's page


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    date: dt.date | None
    boards: tuple[Board, ...]
    sitting_out: PlayerLink | None
    complete: bool
    started: bool


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    name: str
    organiser: str
    venue: str
    time_control: str
    language: str
    description_html: str
    languages: tuple[str, ...] = ("en",)  # every language the site is published in
    digits: str = "western"
    reports: ReportSettings | None = None  # a "report the result" link on unplayed boards
    # the current round's printables are beside the pages (``printables: current`` and a
    # build that makes PDFs: site/printables/); the A-Z and Swiss round pages link them
    printables: bool = False


@dataclass(frozen=True, slots=True)
class SectionSummary:
    id: str
    name: str
    format_label: str
    url: str
    players: int
    rounds_played: int
    rounds_total: int
    leader: str | None
    next_date: dt.date | None
    finished: bool
    trf: bool = False  # a TRF export is published beside the section's data
    changes: int = 0  # changes logged in the season's history (the Changes page, if any)
    in_progress: int | None = None  # a round with some results but not all
    prizes: bool = False  # a prize list is published (site/pages/prizes.py)
    # the club table's title ("" the default one), None without one (pages/club_standings.py)
    clubs: str | None = None
    checkin: bool = False  # a check-in sheet of the next round (site/pages/checkin.py)


@dataclass(frozen=True, slots=True)
class Frame:
    """The fields every section page starts with: the way up to the site's root, and the
    season and section its frame (layouts/section.html) shows."""

    root: str
    season: SeasonInfo
    section: SectionSummary


@dataclass(frozen=True, slots=True)
class WithdrawalNote:  # a withdrawal, worded by the template
    name: str
    after_round: int
    counted: bool  # False: under the threshold (a Swiss's always count)
    threshold: float  # share of games, e.g. 0.5
    sex: str | None = None  # the player's, for the sentence's grammatical gender


def withdrawal_note(section: Section, w: Withdrawal, excluded: frozenset[int] = frozenset()
                    ) -> WithdrawalNote:
    """``w`` as a page says it; ``excluded``: the players the 50 % rule keeps out."""
    player = section.players[w.player - 1]
    return WithdrawalNote(player.name, w.after_round, w.player not in excluded,
                          section.withdrawal_threshold, player.sex)


@dataclass(frozen=True, slots=True)
class NoteView:  # a Swiss bye asked for in advance: a BYE_LABELS msgid, in round ``round``
    name: str
    round: int
    label: str


@dataclass(frozen=True, slots=True)
class PlayerPage(Frame):
    """One player's season in a round robin (a quads group, a Scheveningen team too) or a
    Swiss section (``<id>/players/<nn>-<slug>.html``, player.html)."""

    player: PlayerLink
    games: tuple[PlayerGame, ...]  # a Swiss's with their round_url
    score: Fraction
    played: int
    rank: int | None
    performance: int | None
    average_opponent: int | None
    withdrawal: WithdrawalNote | None
    tiebreaks: tuple[TiebreakView, ...]  # how each tiebreak was computed
    rating: RatingLine | None  # the event's rating change; None: not rated
    # the points the standings count, when the 50 % rule leaves some games out
    counted_score: Fraction | None = None
    # a Swiss's byes asked for rounds not paired yet; None: not a Swiss (whose rounds link
    # their pages, and whose byes' labels stand in the opponent's column)
    requests: tuple[NoteView, ...] | None = None


@dataclass(frozen=True, slots=True)
class TiebreakLine:
    """One element of a tiebreak: a round's opponent (or virtual opponent) and its share.

    The figures are plain text already written in the page's language and digits
    (``formatting.numbers``), "" where the element has none: a season has a hundred
    thousand of these rows, and a filter and a test per cell were most of their cost.
    """

    round: str  # the round's number
    kind: str  # a TIEBREAK_KINDS msgid (C.07 Art. 16.4's virtual opponent among them)
    opponent: PlayerLink | None
    score: str  # the opponent's score or rating, as a tiebreak value
    result: str  # the points the player took from it
    value: str  # what it adds to the tiebreak, as a tiebreak value
    cut: bool  # a modifier (/C1, /M1) removed it


@dataclass(frozen=True, slots=True)
class TiebreakView:
    code: str
    name: str  # an N_ msgid
    value: str  # written as a tiebreak value (``formatting.numbers``), as the lines' figures
    lines: tuple[TiebreakLine, ...]


TIEBREAK_KINDS = {
    "game": N_("game"),
    "forfeit": N_("forfeit, counted as a game"),
    "dummy": N_("unplayed round: virtual opponent"),
    "round": N_("round"),
    "rating": N_("rating"),
}


def tiebreak_heads(codes: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Each tiebreak code with its name (an N_ msgid), as a table's heading shows it."""
    return tuple((c, TIEBREAK_NAMES.get(c.split("/")[0], c)) for c in codes)


def season_info(season: Season) -> SeasonInfo:
    return SeasonInfo(
        name=season.name, organiser=season.organiser, venue=season.venue,
        time_control=season.time_control, language=season.language,
        description_html=render_markdown(season.description),
        languages=season.languages or (season.language,), digits=season.digits,
        reports=season.reports,
        printables=season.printables == "current" and PDF_LINKS.get(),
    )


def player_links(section: Section, root: str) -> tuple[PlayerLink | None, ...]:
    """Every player's link by number (index 0 unused). Made once per section and root and
    passed down: pages ask for each link hundreds of times, and ``urls.player`` reads the
    whole field's slugs each time."""
    pages = urls.players(section)
    return (None, *(PlayerLink(n, p.name, root + pages[n - 1], p.rating, p.federation,
                               p.title, p.club, p.sex, p.family)
                    for n, p in enumerate(section.players, start=1)))


def frame(season: Season, facts: SectionFacts, root: str = "../",
          leader: str | None = None) -> dict[str, Any]:
    """A section page's :class:`Frame` fields, as keywords for its page's dataclass."""
    return {"root": root, "season": season_info(season),
            "section": section_summary(facts, root, leader)}


def section_summary(facts: SectionFacts, root: str, leader: str | None,
                    rounds_played: int | None = None) -> SectionSummary:
    """What the home page and every page frame say of a section, from its facts."""
    from leaguegen.site.pages.checkin import sheet_round  # it imports this module

    s, progress = facts.section, facts.progress
    return SectionSummary(
        id=s.id, name=s.name, format_label=label(s.format), url=root + urls.section(s),
        players=len(s.players),
        rounds_played=progress.rounds_played if rounds_played is None else rounds_played,
        rounds_total=progress.rounds_total, leader=leader, next_date=progress.next_date,
        finished=progress.finished, trf=exports_trf(s), changes=len(s.changes),
        in_progress=progress.in_progress, prizes=has_prize_list(facts),
        clubs=s.club_standings.title if s.club_standings is not None else None,
        checkin=sheet_round(s) is not None)


def exports_trf(section: Section) -> bool:
    """Whether a TRF of the section is published: its kind has one and its players are known."""
    from leaguegen.domain.stages import PendingStage

    return bool(kind_of(section.format).trf_type) and not isinstance(section.stage,
                                                                      PendingStage)


def tiebreak_views(standings: Standings | None, number: int,
                   links: Sequence[PlayerLink | None], figures: Numbers
                   ) -> tuple[TiebreakView, ...]:
    """How each tiebreak of a ranked player was obtained, element by element; ``figures``:
    the page language's numbers (``formatting.numbers``)."""
    if standings is None:
        return ()
    try:
        row = standings.row(number)
    except KeyError:
        return ()  # not ranked (50 % rule): no tiebreaks
    whole, points, tiebreak = figures.number, figures.points, figures.tiebreak
    views = []
    for code, explanation in zip(standings.codes, row.explanations, strict=True):
        elements = [(item, cut)
                    for items, cut in ((explanation.items, False), (explanation.cut, True))
                    for item in items]
        elements.sort(key=lambda element: element[0].round)  # cut ones among the others
        lines = [
            TiebreakLine(
                round=whole(item.round), kind=TIEBREAK_KINDS.get(item.kind, item.kind),
                opponent=links[item.opponent] if item.opponent else None,
                score="" if item.score is None else tiebreak(item.score),
                result="" if item.result is None else points(item.result),
                value="" if item.value is None else tiebreak(item.value), cut=cut,
            )
            for item, cut in elements
        ]
        views.append(TiebreakView(code, TIEBREAK_NAMES.get(code.split("/")[0], code),
                                  tiebreak(explanation.value), tuple(lines)))
    return tuple(views)


