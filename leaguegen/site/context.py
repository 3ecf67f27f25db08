"""One documented dataclass per page: everything a template may show, already computed.

Templates only lay out what is here (no arithmetic, no rules), so what a page
says can be tested without parsing HTML, and the rules live in ``domain/``.

Nothing here depends on the page language: scores are exact numbers (formatted by
the template's ``pts`` filter), sentences are structured data the template words
with ``_()``, and fixed labels are English msgids marked ``N_`` for extraction and
translated in the template (``_(label)``). See docs/i18n.md.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from fractions import Fraction

import markdown as md
import nh3

from leaguegen.domain import roundrobin
from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.performance import performance_rating
from leaguegen.domain.season import Season, Section
from leaguegen.domain.standings import Standings, compute_standings
from leaguegen.site import formatting as fmt
from leaguegen.site import urls


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks a msgid for extraction; the template translates it with ``_()``."""
    return message


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


@dataclass(frozen=True, slots=True)
class PlayerLink:
    number: int
    name: str
    url: str
    rating: int | None
    federation: str | None
    title: str | None


@dataclass(frozen=True, slots=True)
class StandingRow:
    """``rank`` None = not ranked (withdrew under the 50 % rule)."""

    rank: int | None
    shared: bool
    player: PlayerLink
    points: Fraction  # in the season's scoring units (1½ = Fraction(3, 2)); ``pts`` filter
    played: int
    values: tuple[object, ...]  # raw tiebreak values (``tb`` filter); None = not applicable
    decided_by: str | None
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class Cell:
    """One game in a crosstable cell: '1', '½', '0', '+', '−', or '' (not played yet).

    The text is a symbol, the same in every language except for its digits.
    """

    text: str
    colour: str  # "w", "b" or ""
    round: int


@dataclass(frozen=True, slots=True)
class CrossRow:
    player: PlayerLink
    cells: tuple[tuple[Cell, ...], ...]  # per opponent in number order; () on the diagonal
    total: Fraction
    rank: int | None
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    white: PlayerLink
    black: PlayerLink
    result: str


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


@dataclass(frozen=True, slots=True)
class NewsView:
    title: str
    date: dt.date | None
    html: str


@dataclass(frozen=True, slots=True)
class SeasonPage:
    """The season's home page (``index.html``)."""

    root: str
    season: SeasonInfo
    sections: tuple[SectionSummary, ...]
    news: tuple[NewsView, ...]


@dataclass(frozen=True, slots=True)
class WithdrawalNote:
    """A withdrawal, worded by the template: ``counted`` False = under the threshold."""

    name: str
    after_round: int
    counted: bool
    threshold: float  # share of games, e.g. 0.5


@dataclass(frozen=True, slots=True)
class SectionPage:
    """A section: standings, crosstable, rounds (``<id>/index.html``)."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    standings: tuple[StandingRow, ...]
    tiebreaks: tuple[tuple[str, str], ...]  # (code, name)
    crosstable: tuple[CrossRow, ...]
    rounds: tuple[RoundView, ...]
    pdf_url: str
    double: bool
    free_round_points: Fraction | None  # what a free round scores; None = even field
    withdrawals: tuple[WithdrawalNote, ...]
    generated: str = ""
    planning: object | None = None  # planning_view.PlanningView while no result is entered
    tiebreaks_default: bool = False


@dataclass(frozen=True, slots=True)
class PlayerGame:
    round: int
    date: dt.date | None
    colour: str  # "w", "b", ""
    opponent: PlayerLink | None
    result: str  # a symbol as in the crosstable ('1', '½', '+'...) or the free round's score
    note: str  # an N_-marked msgid, translated by the template


@dataclass(frozen=True, slots=True)
class TiebreakLine:
    """One element of a tiebreak: a round's opponent (or virtual opponent) and its share.

    ``kind`` is the (translatable) label of the element: a game, a forfeit counted
    as played, an own unplayed round scored against a virtual opponent (C.07
    Art. 16.4), a per-round count or a rating. ``cut`` marks an element a
    modifier (/C1, /M1) removed.
    """

    round: int
    kind: str
    opponent: PlayerLink | None
    score: Fraction | int | None
    result: Fraction | None
    value: Fraction | int | None
    cut: bool


@dataclass(frozen=True, slots=True)
class TiebreakView:
    code: str
    name: str
    value: Fraction | int | None
    lines: tuple[TiebreakLine, ...]


TIEBREAK_KINDS = {
    "game": N_("game"),
    "forfeit": N_("forfeit, counted as a game"),
    "dummy": N_("unplayed round: virtual opponent"),
    "round": N_("round"),
    "rating": N_("rating"),
}


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """One player's season in a section (``<id>/players/<slug>.html``)."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    player: PlayerLink
    games: tuple[PlayerGame, ...]
    score: Fraction
    played: int
    rank: int | None
    performance: int | None
    average_opponent: int | None
    withdrawal: WithdrawalNote | None
    tiebreaks: tuple[TiebreakView, ...] = ()


@dataclass(slots=True)
class SectionData:
    """Everything derived for one section, computed once and shared by its pages."""

    section: Section
    table: Crosstable
    excluded: frozenset[int]
    ranks: dict[int, int | None] = field(default_factory=dict)
    page: SectionPage | None = None
    standings: Standings | None = None


FORMAT_LABELS = {
    "round_robin": N_("Round robin"),
    "double_round_robin": N_("Double round robin"),
}
GAME_NOTES = {
    Code.FORFEIT_WIN: N_("won by forfeit"), Code.FORFEIT_LOSS: N_("lost by forfeit"),
    Code.PENDING: N_("not played yet"),
}
FREE_ROUND = N_("free round")


def season_info(season: Season) -> SeasonInfo:
    return SeasonInfo(
        name=season.name, organiser=season.organiser, venue=season.venue,
        time_control=season.time_control, language=season.language,
        description_html=render_markdown(season.description),
        languages=season.languages or (season.language,), digits=season.digits,
    )


# What news and descriptions may contain once rendered: Markdown's own output, links
# and images to web, mail or relative addresses only (no javascript:, data:, vbscript:).
_ALLOWED_TAGS = {"a", "abbr", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5",
                 "h6", "hr", "img", "li", "ol", "p", "pre", "strong", "table", "tbody", "td",
                 "th", "thead", "tr", "ul"}
_ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title"},
                       "th": {"align"}, "td": {"align"}, "ol": {"start"}}
_URL_SCHEMES = {"http", "https", "mailto"}


def render_markdown(text: str) -> str:
    """Markdown to HTML that cannot carry script into the page.

    Raw HTML in the text is escaped before Markdown sees it, and the result goes
    through nh3 (the maintained Rust ``ammonia`` sanitiser) with an allow-list of
    tags, attributes and URL schemes, so a ``[x](javascript:...)`` link loses its
    target on every host, whatever headers the host sends.
    """
    if not text:
        return ""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    html = md.markdown(escaped, extensions=["sane_lists"], output_format="html")
    return nh3.clean(html, tags=_ALLOWED_TAGS, attributes=_ALLOWED_ATTRIBUTES,
                     url_schemes=_URL_SCHEMES, link_rel="noopener noreferrer")


def _link(section: Section, number: int, root: str) -> PlayerLink:
    p = section.players[number - 1]
    return PlayerLink(number, p.name, root + urls.player(section, number), p.rating,
                      p.federation, p.title)




def summary(data: SectionData, root: str, leader: str | None) -> SectionSummary:
    s, t = data.section, data.table
    played = roundrobin.last_round_reached(s)
    pending = [r for r in s.rounds if r.number > played and r.date]
    finished = played == t.rounds_total and not any(
        e.code is Code.PENDING for rec in t.records for e in rec.rounds)
    return SectionSummary(
        id=s.id, name=s.name, format_label=FORMAT_LABELS.get(s.format, s.format),
        url=root + urls.section(s), players=len(s.players), rounds_played=played,
        rounds_total=t.rounds_total, leader=leader,
        next_date=pending[0].date if pending and not finished else None, finished=finished,
    )


def section_data(section: Section) -> SectionData:
    table = roundrobin.build_crosstable(section)
    excluded = roundrobin.withdrawn_unranked(section, table)
    return SectionData(section, table, excluded)


def section_page(season: Season, data: SectionData, root: str = "../") -> SectionPage:
    """``root``: the way up to the site's root from the page (deeper for a quads group)."""
    s, t = data.section, data.table
    codes = list(s.tiebreaks)
    result = compute_standings(t, codes, system="round-robin", rules=s.tiebreak_rules,
                               excluded=data.excluded)
    data.standings = result
    rows = []
    rank_counts: dict[int, int] = {}
    for row in result.rows:
        if row.rank is not None:
            rank_counts[row.rank] = rank_counts.get(row.rank, 0) + 1
    for row in result.rows:
        number = row.number
        data.ranks[number] = row.rank
        rows.append(StandingRow(
            rank=row.rank,
            shared=row.rank is not None and rank_counts.get(row.rank, 0) > 1,
            player=_link(s, number, root),
            points=t.scoring.value(row.points),
            played=roundrobin.games_completed(t, number),
            values=tuple(row.values),
            decided_by=row.decided_by,
            withdrawn=number in data.excluded,
        ))
    for number in sorted(data.excluded):
        data.ranks[number] = None
        rows.append(StandingRow(
            rank=None, shared=False, player=_link(s, number, root),
            points=t.scoring.value(t.score(number)),
            played=roundrobin.games_completed(t, number),
            values=tuple("" for _ in codes), decided_by=None, withdrawn=True,
        ))
    leader = rows[0].player.name if rows and roundrobin.last_round_reached(s) else None
    info = summary(data, root, leader)
    withdrawals = tuple(_withdrawal(s, w, data) for w in s.withdrawals)
    free_points = t.scoring.value(s.free_round_units) if len(s.players) % 2 else None
    return SectionPage(
        root=root, season=season_info(season), section=info, description=s.description,
        standings=tuple(rows),
        tiebreaks=tuple((c, TIEBREAK_NAMES.get(c.split("/")[0], c)) for c in codes),
        crosstable=_crosstable(data, root), rounds=_rounds(data, root),
        pdf_url=urls.pdf_name(s), double=s.double, free_round_points=free_points,
        withdrawals=withdrawals, tiebreaks_default=s.tiebreaks_default,
    )


def _withdrawal(s: Section, w, data: SectionData) -> WithdrawalNote:  # noqa: ANN001
    return WithdrawalNote(name=s.players[w.player - 1].name, after_round=w.after_round,
                          counted=w.player not in data.excluded,
                          threshold=s.withdrawal_threshold)


def _crosstable(data: SectionData, root: str) -> tuple[CrossRow, ...]:
    s, t = data.section, data.table
    n = len(s.players)
    out = []
    for rec in t.records:
        cells: list[list[Cell]] = [[] for _ in range(n)]
        for r, e in enumerate(rec.rounds, start=1):
            if e.opponent is None:
                continue
            colour = e.colour.value if e.colour else ""
            cells[e.opponent - 1].append(Cell(fmt.cell(e.code), colour, r))
        out.append(CrossRow(
            player=_link(s, rec.number, root),
            cells=tuple(tuple(c) for c in cells),
            total=t.scoring.value(t.score(rec.number)),
            rank=data.ranks.get(rec.number),
            withdrawn=any(w.player == rec.number for w in s.withdrawals),
        ))
    return tuple(out)


def _rounds(data: SectionData, root: str) -> tuple[RoundView, ...]:
    s, t = data.section, data.table
    views = []
    for info in s.rounds:
        r = info.number
        boards = []
        out = None
        for pairing in roundrobin.section_schedule(s)[r - 1]:
            if pairing.black is None:
                out = _link(s, pairing.white, root)
                continue
            we = t.record(pairing.white).rounds[r - 1]
            be = t.record(pairing.black).rounds[r - 1]
            boards.append(Board(len(boards) + 1, _link(s, pairing.white, root),
                                _link(s, pairing.black, root), fmt.board_result(we.code, be.code)))
        views.append(RoundView(
            number=r, date=info.date, boards=tuple(boards), sitting_out=out,
            complete=all(b.result for b in boards), started=any(b.result for b in boards),
        ))
    return tuple(views)


def player_page(season: Season, data: SectionData, number: int,
                root: str = "../../") -> PlayerPage:
    s, t = data.section, data.table
    rec = t.record(number)
    games = []
    for r, e in enumerate(rec.rounds, start=1):
        date = s.rounds[r - 1].date if r <= len(s.rounds) else None
        if e.opponent is None:
            games.append(PlayerGame(r, date, "", None, fmt.units(t.scoring.points(e.code),
                                                                 t.scoring), FREE_ROUND))
            continue
        note = GAME_NOTES.get(e.code, "")
        games.append(PlayerGame(
            r, date, e.colour.value if e.colour else "", _link(s, e.opponent, root),
            fmt.cell(e.code), note))
    rated = [
        (t.record(e.opponent).player.rating, t.scoring.value(t.scoring.points(e.code))
         / t.scoring.value(t.scoring.win))
        for e in rec.rounds if e.played and e.opponent
    ]
    perf = performance_rating([(r, sc) for r, sc in rated if r])
    withdrawal = next((_withdrawal(s, w, data) for w in s.withdrawals if w.player == number),
                      None)
    return PlayerPage(
        root=root, season=season_info(season), section=summary(data, root, None),
        player=_link(s, number, root), games=tuple(games),
        score=t.scoring.value(t.score(number)),
        played=roundrobin.games_completed(t, number), rank=data.ranks.get(number),
        performance=perf[0] if perf else None, average_opponent=perf[1] if perf else None,
        withdrawal=withdrawal, tiebreaks=tiebreak_views(data, number, root),
    )


def tiebreak_views(data: SectionData, number: int, root: str) -> tuple[TiebreakView, ...]:
    """How each tiebreak of a ranked player was obtained, element by element."""
    if data.standings is None:
        return ()
    try:
        row = data.standings.row(number)
    except KeyError:
        return ()  # not ranked (50 % rule): no tiebreaks
    s = data.section
    views = []
    for code, explanation in zip(data.standings.codes, row.explanations, strict=True):
        lines = [
            TiebreakLine(
                round=item.round, kind=TIEBREAK_KINDS.get(item.kind, item.kind),
                opponent=_link(s, item.opponent, root) if item.opponent else None,
                score=item.score, result=item.result, value=item.value, cut=cut,
            )
            for items, cut in ((explanation.items, False), (explanation.cut, True))
            for item in items
        ]
        lines.sort(key=lambda line: line.round)
        views.append(TiebreakView(code, TIEBREAK_NAMES.get(code.split("/")[0], code),
                                  explanation.value, tuple(lines)))
    return tuple(views)


def season_page(season: Season, summaries: list[SectionSummary]) -> SeasonPage:
    """The home page; section summaries come from the section pages (cached or fresh)."""
    root = ""
    sums = [replace(s, url=root + s.url.removeprefix("../")) for s in summaries]
    news = tuple(NewsView(n.title, n.date, render_markdown(n.markdown)) for n in season.news)
    return SeasonPage(root=root, season=season_info(season), sections=tuple(sums), news=news)


__all__ = ["Colour", "SeasonPage", "SectionPage", "PlayerPage"]
