"""The alphabetical pairing list of each round, for the wall (``<id>/alphabetical-N.html``).

Every player of the section once, A to Z in the page language's order, with their
board, colour and opponent (or why they have no game), so a player finds their
board without scanning the pairings. ``<id>/alphabetical.html`` is the current
round's list (the first round with a game still to play; a Swiss: the last
paired round) at an address the organiser can print from every week.

Names are sorted by the language's collation, computed here without ICU: letters
of any alphabet compare without their accents and case first (``Ölz`` with
``Olsen``, ``Ёлкин`` with ``Елисеев``, Arabic letters with their hamza forms),
then exactly; Chinese names by their Hanyu Pinyin, tones included (the order
of zh's CLDR collation; ``pypinyin`` supplies the readings).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.names import family_first
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections import swiss as ss
from leaguegen.domain.sections.round_robin import RoundRobinFacts
from leaguegen.domain.sections.team_league import TeamLeagueFacts
from leaguegen.site import urls
from leaguegen.site.pages.common import (
    BYE_LABELS,
    FREE_ROUND,
    WITHDRAWN,
    Frame,
    PlayerLink,
    SectionSummary,
    player_links,
    season_info,
    section_summary,
)
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.pages.start_list import has_lists, team_links
from leaguegen.site.render import kept_page, render

# --------------------------------------------------------------------------- collation

@lru_cache(maxsize=4096)
def _pinyin(ch: str) -> str:
    from pypinyin import Style, lazy_pinyin

    reading = lazy_pinyin(ch, style=Style.TONE3, neutral_tone_with_five=True)
    return reading[0] if reading else ch


def _base(text: str) -> str:
    """The letters without accents or case: the primary strength of a collation."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@lru_cache(maxsize=65536)  # a section's names are sorted again for each of its rounds
def collation_key(name: str, language: str) -> tuple[str, str, str]:
    """A sort key for a player's name in ``language`` (en, ru, zh_Hans, ar...).

    Chinese characters are replaced by their pinyin (every language sorts a Han
    name that way here; in a Chinese page Latin names sort among them by their
    letters). Ties on the base letters fall back to the accented form, then to
    the exact text, so the order is total and the same on every machine.
    """
    spelled = "".join(f"{_pinyin(c)} " if "CJK UNIFIED IDEOGRAPH" in unicodedata.name(c, "")
                      else c for c in name)
    return (_base(spelled), unicodedata.normalize("NFC", spelled).casefold(), name)


# --------------------------------------------------------------------------- the page

@dataclass(frozen=True, slots=True)
class WallRow:
    """One player's line: ``colour`` "w"/"b", or "" with ``note`` saying why there is no game."""

    player: PlayerLink
    board: int | None
    colour: str
    opponent: PlayerLink | None
    note: str  # an N_ msgid: a bye's kind, the free round
    team: str = ""  # a team league: the player's team


@dataclass(frozen=True, slots=True)
class AlphabeticalPage(Frame):
    """``<id>/alphabetical-N.html`` (and ``alphabetical.html``, the current round's).

    ``number`` None: no round is paired yet (a Swiss before round 1).
    ``here`` is the page's own path from the site root (the language links).
    """

    number: int | None
    date: dt.date | None
    rows: tuple[WallRow, ...]
    rounds: tuple[tuple[int, str], ...]  # the pager: (round, its list's file name)
    here: str
    teams: bool = False  # a team league's list: a column of the players' teams
    screen: bool = False  # the section has a venue screen (site/pages/screen.py) to link


def _per(facts: SectionFacts) -> int:
    """The games of one pairing: a kind whose pairing is a match of games (a Double-Swiss,
    ``Chores.games_per_pairing``) lists each match on one line, its rounds are matches."""
    return facts.kind.chores.games_per_pairing


def listed_rounds(facts: SectionFacts) -> tuple[int, ...]:
    """The rounds with pairings: every round of a round robin, a Swiss's paired ones (a
    Double-Swiss's paired matches)."""
    section = facts.section
    paired = facts.kind.chores.paired_rounds
    if _per(facts) > 1 and paired is not None:
        return tuple(range(1, paired(section) // _per(facts) + 1))
    if isinstance(section.details, ss.SwissSettings):
        return tuple(range(1, ss.paired_rounds(section) + 1))
    return tuple(range(1, facts.progress.rounds_total + 1))


def current_round(facts: SectionFacts) -> int | None:
    """The round on the wall: the first with a game still to play, else the last."""
    rounds = listed_rounds(facts)
    if not rounds:
        return None
    section = facts.section
    if isinstance(section.details, ss.SwissSettings):
        return rounds[-1]
    table = facts.table
    assert table is not None
    per = _per(facts)
    for r in rounds:
        if any((e := rec.entry(g)) is not None and e.code is Code.PENDING
               for rec in table.records for g in range(per * (r - 1) + 1, per * r + 1)):
            return r
    return rounds[-1]


def _boards(facts: SectionFacts, table: Crosstable, r: int) -> dict[int, int]:
    """Board number of each player with a game in round ``r`` (a round robin's boards are
    its schedule's, worked out once with its facts)."""
    section = facts.section
    if isinstance(section.details, ss.SwissSettings):
        pairs = [(g.white, g.black) for g in ss.games_of_round(section, r)]
    elif isinstance(facts, RoundRobinFacts):
        pairs = [(p.white, p.black) for p in facts.schedule[r - 1] if p.black is not None]
    else:  # any other kind: the games it expects in that round, in its own order
        pairs = [(w, b) for rnd, w, b in facts.kind.scheduled_games(section) if rnd == r]
    out = {}
    board = 0
    for white, black in pairs:
        e = table.record(white).entry(r)
        if e is None or e.opponent != black:
            continue  # a game the player never joined (a free round for the other)
        board += 1
        out[white] = out[black] = board
    return out


@dataclass(frozen=True, slots=True)
class Shared:
    """What every round's A-Z page of a section shares, made once per section: the pager's
    round links, the section's summary, each player's link by number (index 0 unused) and
    the table's records in A-Z order (their indexes: a stable sort by the names' collation
    keys, so every round lists the players in the same order)."""

    rounds: tuple[tuple[int, str], ...]
    info: SectionSummary
    players: tuple[PlayerLink | None, ...]
    order: list[int]


def alphabetical_page(season: Season, facts: SectionFacts, r: int | None,
                      here: str, root: str = "../", *, shared: Shared | None = None
                      ) -> AlphabeticalPage:
    """A round's A-Z page; ``shared``: what the section's pages share (:func:`shared_of`),
    when the caller has it already."""
    section, table = facts.section, facts.table
    assert table is not None
    known = shared or shared_of(facts, root, season.language)
    links, info = known.rounds, known.info
    if r is None:
        return AlphabeticalPage(root, season_info(season), info, None, None, (), links, here)
    players, order = known.players, known.order
    rows = tuple(WallRow(players[number], board, colour,
                         players[opponent] if opponent else None, note)
                 for number, board, colour, opponent, note
                 in round_lines(facts, r, order))
    return AlphabeticalPage(root, season_info(season), info, r,
                            _date(section, _per(facts) * (r - 1) + 1), rows, links, here,
                            screen=True)


def _date(section: Section, r: int) -> dt.date | None:
    return next((x.date for x in section.rounds if x.number == r), None)


def _pager(section: Section, rounds: Iterable[int]) -> tuple[tuple[int, str], ...]:
    return tuple((n, urls.alphabetical(section, n).removeprefix(f"{section.id}/"))
                 for n in rounds)


def round_lines(facts: SectionFacts, r: int, order: list[int]
                ) -> list[tuple[int, int | None, str, int | None, str]]:
    """Each row of round ``r``'s list, A to Z (``order``: the records' indexes, from
    :func:`shared_of`): (number, board, colour, opponent, note) as a WallRow holds them,
    with the players by number. A match of games is one line, its colours one letter a
    game ("wb": White in game 1, Black in game 2)."""
    section, table = facts.section, facts.table
    assert table is not None
    per = _per(facts)
    r, match = per * (r - 1) + 1, r  # the match's first game round
    boards = _boards(facts, table, r)
    free = FREE_ROUND if not isinstance(section.details, ss.SwissSettings) and per == 1 \
        else ""
    records = table.records
    white = Colour.WHITE
    gone = {w.player for w in section.withdrawals if w.after_round < r}
    rows = []
    for index in order:  # A to Z: the same order in every round
        rec = records[index]
        number = rec.number
        entries = rec.rounds
        e = entries[r - 1] if 0 < r <= len(entries) else None  # rec.entry(r), inline
        if e is not None and e.opponent is not None:
            colour = "w" if e.colour is white else "b"
            if per > 1:
                colour = "".join("w" if (g := rec.entry(n)) is not None and g.colour is white
                                 else "b" for n in range(r, per * match + 1))
            rows.append((number, boards.get(number), colour, e.opponent, ""))
            continue
        code = e.code if e is not None else Code.ZERO_BYE
        note = (free if free and code is not Code.PAIRING_BYE
                else WITHDRAWN if code is Code.ZERO_BYE and number in gone
                else BYE_LABELS.get(code, ""))
        rows.append((number, None, "", None, note))
    return rows


def shared_of(facts: SectionFacts, root: str, language: str) -> Shared:
    """The :class:`Shared` of a section's A-Z pages in ``language``."""
    section, table = facts.section, facts.table
    assert table is not None
    links = player_links(section, root)
    records = table.records
    players = section.players
    order = sorted(range(len(records)), key=lambda i: collation_key(
        family_first(players[records[i].number - 1].name,
                     players[records[i].number - 1].family), language))
    return Shared(_pager(section, listed_rounds(facts)), section_summary(facts, root, None),
                  links, order)


# --------------------------------------------------------------------------- team leagues

def team_alphabetical_page(season: Season, facts: TeamLeagueFacts, r: int, here: str,
                           root: str = "../") -> AlphabeticalPage:
    """Round ``r`` of a team league A to Z: every player a team may field, with their team,
    and where a match card of the round seats them (entered, even with boards to come)
    their board, colour and opponent; a team's free round is said."""
    section, d = facts.section, facts.details
    links = team_links(facts, root)
    seated: dict[tuple[int, int], tuple[int, str, tuple[int, int]]] = {}
    for m in d.matches:
        if m.round != r or facts.expunged & {m.host, m.guest}:
            continue
        for b in m.boards:
            if b.host is not None and b.guest is not None:
                hw = d.home_is_white(b.number)
                seated[(m.host, b.host)] = (b.number, "w" if hw else "b", (m.guest, b.guest))
                seated[(m.guest, b.guest)] = (b.number, "b" if hw else "w", (m.host, b.host))
    free = facts.free.get(r)
    rows = []
    for key in sorted(links, key=lambda k: collation_key(links[k].name, season.language)):
        t = key[0]
        at = seated.get(key)
        if at is not None:
            rows.append(WallRow(links[key], at[0], at[1], links[at[2]], "", d.teams[t - 1].name))
        else:
            rows.append(WallRow(links[key], None, "", None, FREE_ROUND if t == free else "",
                                d.teams[t - 1].name))
    pager = _pager(section, range(1, facts.progress.rounds_total + 1))
    return AlphabeticalPage(root, season_info(season), section_summary(facts, root, None), r,
                            _date(section, r), tuple(rows), pager, here, teams=True)


def team_current_round(facts: TeamLeagueFacts) -> int:
    """The round on the wall: the first with a match still to be completed, else the last."""
    due = [f for f in facts.fixtures if not facts.expunged & {f.host, f.guest}]
    open_rounds = [f.round for f in due if (f.round, f.host, f.guest) not in facts.results]
    return min(open_rounds, default=facts.progress.rounds_total)


def alphabetical_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    """Each round's list, then the current round's at ``alphabetical.html``."""
    section = facts.section
    if not has_lists(section):
        return {}
    if isinstance(facts, TeamLeagueFacts):
        rounds: Iterable[int] = range(1, facts.progress.rounds_total + 1)
        current: int | None = team_current_round(facts)
        page = partial(team_alphabetical_page, season, facts)
    elif facts.table is None:
        return {}
    else:
        rounds, current = listed_rounds(facts), current_round(facts)
        page = partial(alphabetical_page, season, facts,
                       shared=shared_of(facts, "../", season.language))
    pages = {}
    for r, path in [*((r, urls.alphabetical(section, r)) for r in rounds),
                    (current, urls.alphabetical(section))]:
        made = page(r, path)  # a save makes again only the lists whose rows it changed
        pages[path] = kept_page(path, made, partial(render, "lists/alphabetical.html", made,
                                                    season.language))
    return pages


register_section_pages(alphabetical_pages)
