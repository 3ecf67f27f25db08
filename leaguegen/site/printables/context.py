"""What each printable shows: one frozen context per round of a section, made from the
section's facts (the same round lines as the A-Z wall page, ``pages/alphabetical``), so a
sheet and the page it links to cannot disagree on a board or a colour."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections import swiss as ss
from leaguegen.errors import Message
from leaguegen.site import formatting, i18n, urls
from leaguegen.site.pages.alphabetical import (
    WallRow,
    current_round,
    listed_rounds,
    round_lines,
    shared_of,
)
from leaguegen.site.pages.start_list import has_lists
from leaguegen.site.pages.swiss import round_page_path
from leaguegen.site.printables.kinds import (
    TEAMS,
    Board,
    Group,
    TeamCard,
    groups,
    kind_printables,
    kind_rounds,
    team_cards,
)

# Every printable, in the order ``all`` makes them; each is ``print/<name>.html``.
PRINTABLES = ("pairings", "alphabetical", "slips", "scoresheets", "cards", "wallchart")
# The wall chart's mark of a bye (a game's is the crosstable's, ``formatting.cell``).
_BYES = {Code.FULL_BYE: "1", Code.HALF_BYE: "½", Code.PAIRING_BYE: "1", Code.ZERO_BYE: "0"}


class NotPrintable(ValueError):
    """The section or round has no printables (a kind without round lists, a round not
    paired yet); the message says which."""


@dataclass(frozen=True, slots=True)
class ChartRow:
    """A wall chart line: ``rank`` None for a player the standings leave out; each cell is
    the opponent's number, the colour letter and the result mark (``12w1``), or a bye's
    points."""

    rank: int | None
    number: int
    name: str
    rating: int | None
    cells: tuple[str, ...]
    points: Fraction


@dataclass(frozen=True, slots=True)
class PrintPage:
    """One printable of one round (``what``: one of :data:`PRINTABLES`). ``url`` is the
    round's page on the published site and ``qr`` its QR code (a data URL); both "" when
    the season names no ``site_url``."""

    what: str
    season: Season  # in the language being printed (``render`` reads its ``digits``)
    section: str
    round: int
    date: dt.date | None
    time_control: str
    url: str
    qr: str
    boards: tuple[Board, ...]
    rows: tuple[WallRow, ...] = ()  # the A-Z list (the wall page's rows)
    chart_rounds: tuple[int, ...] = ()
    chart: tuple[ChartRow, ...] = ()
    groups: tuple[Group, ...] = ()  # quads, a knockout's matches (kinds.py); else one
    cards: tuple[TeamCard, ...] = ()  # a team round's match cards

    @property
    def template(self) -> str:
        """The sheet's template: a team round's are its own (``print/team_*.html``)."""
        return f"print/team_{self.what}.html" if self.cards else f"print/{self.what}.html"


def printable_rounds(facts: SectionFacts) -> tuple[int, ...]:
    """The rounds that have printables: those with pairings (the A-Z pages' rounds; for
    quads, Scheveningen, a knockout and the team kinds, ``kinds.kind_rounds``)."""
    if kind_printables(facts):
        return kind_rounds(facts)
    if facts.table is None or not has_lists(facts.section):
        return ()
    return listed_rounds(facts)


def section_printables(facts: SectionFacts) -> tuple[str, ...]:
    """The printables of a section's rounds: all of them for round lists, fewer for the
    kinds of ``kinds.py`` (no A-Z list or wall chart of a quads round, no place cards of a
    knockout's games, a team round's match list and cards)."""
    return kind_printables(facts) or (PRINTABLES if printable_rounds(facts) else ())


def default_round(facts: SectionFacts) -> int | None:
    """The round ``print`` prints when none is named, whose sheets a build writes too: for
    round lists the round on the wall (the A-Z page's current round), for the kinds of
    ``kinds.py`` the first not played yet (else the last)."""
    rounds = printable_rounds(facts)
    if not rounds or not kind_printables(facts):
        return current_round(facts) if rounds else None
    return next((r for r in rounds if r > facts.progress.rounds_played), rounds[-1])


def round_url(season: Season, facts: SectionFacts, number: int) -> str:
    """The round's page (a Swiss round's own page, else the round on the section's rounds
    page) as :func:`site_address` gives it."""
    section = facts.section
    if isinstance(section.details, ss.SwissSettings):
        return site_address(season, round_page_path(section, number))
    return site_address(season, f"{urls.rounds(section)}#round-{number}")


def site_address(season: Season, path: str) -> str:
    """A page's absolute address (``path`` from the site's root) in the language being
    printed, "" without the season's ``site_url``."""
    if not season.site_url:
        return ""
    return f"{season.site_url}/{i18n.prefix(season.language, season.languages)}{path}"


@lru_cache(maxsize=256)  # one code per round and language, asked for by each printable
def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an SVG data URL: segno (pure Python) draws it, and
    WeasyPrint keeps the vectors, sharp at any printer's resolution (``data:`` is the one
    scheme the PDF fetcher allows besides the templates, ``site/pdf.check_url``). Error
    correction M: a sheet pinned on a wall gets creased and written on; a quiet zone of
    four modules, as the standard asks."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return code.svg_data_uri(scale=1, border=4, omitsize=True, dark="#000", light="#fff")


def print_page(season: Season, facts: SectionFacts, number: int, what: str) -> PrintPage:
    """The context of printable ``what`` for round ``number`` (``season``: in the language
    being printed)."""
    if what not in PRINTABLES:
        raise NotPrintable(Message("no printable called '{what}' (one of {choices})",
                                   what=what, choices=", ".join(PRINTABLES)))
    section, kind = facts.section, kind_printables(facts)
    rounds = printable_rounds(facts)
    if not rounds:
        raise NotPrintable(Message("section '{id}' ({format}) has no round lists to print",
                                   id=section.id, format=section.format))
    if number not in rounds:
        raise NotPrintable(Message("round {number} of section '{id}' is not paired (rounds"
                                   " with pairings: {first}-{last})", number=number,
                                   id=section.id, first=rounds[0], last=rounds[-1]))
    if what not in section_printables(facts):
        raise NotPrintable(Message("section '{id}' ({format}) has no '{what}' sheet (it has"
                                   " {sheets})", id=section.id, format=section.format,
                                   what=what, sheets=", ".join(section_printables(facts))))
    rows: tuple[WallRow, ...] = ()
    found, cards = (), ()
    if kind == TEAMS:
        cards = team_cards(facts, number)
    elif kind:
        found = groups(facts, number)
    else:
        rows, found = _lists(season, facts, number)
    per = 1 if kind else facts.kind.chores.games_per_pairing  # a Double-Swiss match: 2 games
    date = next((r.date for r in section.rounds if r.number == per * (number - 1) + 1), None)
    url = round_url(season, facts, number)
    chart = _chart(facts) if what == "wallchart" else ((), ())
    return PrintPage(what, season, section.name, number, date,
                     section.time_control or season.time_control, url,
                     qr_data_uri(url) if url else "", tuple(b for g in found for b in g.boards),
                     rows, *chart, found, cards)


def _lists(season: Season, facts: SectionFacts, number: int
           ) -> tuple[tuple[WallRow, ...], tuple[Group, ...]]:
    """A round's A-Z lines and its boards (one group without a name) from the wall list."""
    shared = shared_of(facts, "", season.language)
    names = [p.name if p else "" for p in shared.players]
    lines = round_lines(facts, number, shared.order)
    links = shared.players
    rows = tuple(WallRow(links[n], board, colour, links[opp] if opp else None, note)
                 for n, board, colour, opp, note in lines)
    players = facts.section.players
    boards = sorted((Board(board, names[n], names[opp], players[n - 1].rating,
                           players[opp - 1].rating)
                     for n, board, colour, opp, _ in lines
                     if opp and board and colour[:1] == "w"), key=lambda b: b.number)
    return rows, (Group("", 0, tuple(boards)),)


def _chart(facts: SectionFacts) -> tuple[tuple[int, ...], tuple[ChartRow, ...]]:
    """The crosstable in rank order (then the players the standings leave out)."""
    section, table, standings = facts.section, facts.table, facts.standings
    assert table is not None
    rounds = tuple(range(1, max((len(rec.rounds) for rec in table.records), default=0) + 1))
    ranked = [(row.rank, row.number, row.points)
              for row in standings.rows] if standings else []
    seen = {n for _, n, _ in ranked}
    ranked += [(None, rec.number, table.score(rec.number))
               for rec in table.records if rec.number not in seen]
    out = []
    for rank, number, units in ranked:
        rec, player = table.record(number), section.players[number - 1]
        out.append(ChartRow(rank, number, player.name, player.rating,
                            tuple(_cell(rec.entry(r)) for r in rounds),
                            section.scoring.value(units)))
    return rounds, tuple(out)


def _cell(entry: RoundEntry | None) -> str:
    if entry is None:
        return ""
    mark = formatting.cell(entry.code) or _BYES.get(entry.code, "")
    if entry.opponent is None:
        return mark
    return f"{entry.opponent}{'w' if entry.colour is Colour.WHITE else 'b'}{mark}"
