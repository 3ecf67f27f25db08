"""Pages of a Swiss section: standings and crosstable, rounds index, a page per round
(with the explanation of its pairing), a page per player, and the PDF crosstable.

Nothing here depends on the page language: labels are ``N_``-marked msgids the templates
translate, and the pairing engine's structured explanations (``BoardExplanation``) become
:class:`BoardWhy`, names and msgids, so every sentence is worded by the template.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from leaguegen.domain.model import Code, Colour, Scoring
from leaguegen.domain.pairing import (
    BoardExplanation,
    ColourRule,
    FloatDirection,
    RelaxedKind,
    systems,
)
from leaguegen.domain.pairing.check import RoundPairing, compare_round
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections import swiss as ss
from leaguegen.domain.sections.swiss_record import Origin
from leaguegen.site import formatting as fmt
from leaguegen.site import urls
from leaguegen.site.pages.common import (
    BYE_LABELS,
    GAME_NOTES,
    N_,
    WITHDRAWN,
    Board,
    Frame,
    NoteView,
    PlayerGame,
    PlayerLink,
    PlayerPage,
    StandingRow,
    WithdrawalNote,
    frame,
    tiebreak_heads,
    tiebreak_views,
    withdrawal_note,
)
from leaguegen.site.pages.games import pgn_paths
from leaguegen.site.pages.rating_view import game_changes, rating_line
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer
from leaguegen.site.pages.round_robin import SectionData, standing_rows

SYSTEM_LABELS = {s.name: s.label for s in systems()}  # msgids from the pairing registry
# A withdrawn player's rounds (common.WITHDRAWN): in the crosstable the site's withdrawal
# mark, never the forfeit's "−".
WITHDREW_MARK = "⊘"  # partials/symbols.html's WITHDREW: "not played: a player withdrew"
# The engine's colour rules as msgids. Burstein's two own rules are not in the
# catalogues (as before: they are shown in English).
COLOUR_RULES = {
    ColourRule.BOTH_PREFERENCES: N_("both preferences granted"),
    ColourRule.PREFERENCE: N_("preference granted"),
    ColourRule.STRONGER_ABSOLUTE: N_("stronger (absolute) preference granted"),
    ColourRule.STRONGER_STRONG: N_("stronger (strong) preference granted"),
    ColourRule.ALTERNATE: N_("alternated from the latest round with different colours"),
    ColourRule.INITIAL_BY_NUMBER: N_("initial colour by the higher player's number"),
    ColourRule.HIGHER_RANKED_PREFERENCE: N_("higher-ranked player's preference granted"),
    ColourRule.INITIAL_BY_RANK: "initial colour by rank",
    ColourRule.HIGHER_INDEXED_PREFERENCE: "higher-indexed player's preference granted",
    # Lim's own rules, like Burstein's: shown in English until the catalogues have them.
    ColourRule.COLOUR_LIMIT: "the only colours within the limits",
    ColourRule.EQUALISATION: "equalising colours before alternating them",
    ColourRule.MEDIAN_HIGHER: "same histories: the higher-ranked player's due colour",
    ColourRule.MEDIAN_LOWER: "same histories: the lower-ranked player's due colour",
}
PREFERENCE_KINDS = {"absolute": N_("absolute"), "strong": N_("strong"), "mild": N_("mild")}
# a round's byes: the pairing-allocated one first, then those asked for, then the absent
_BYE_ORDER = {BYE_LABELS[c]: i for i, c in enumerate(
    (Code.PAIRING_BYE, Code.FULL_BYE, Code.HALF_BYE, Code.ZERO_BYE))}


def round_page_path(s: Section, number: int) -> str:
    return f"{s.id}/round-{number}.html"


# ---------------------------------------------------------------- dataclasses


@dataclass(frozen=True, slots=True)
class SwissCell:
    """One round of one player in the Swiss crosstable: ``12w1`` = against the player ranked
    12th, with White, won. A round without an opponent (a bye) has as ``result`` the points
    it scored, '1', '½' or '0', or '⊘' once the player has withdrawn: '+' and '−' are the
    forfeits' marks only, so each mark means one thing."""

    round: int
    opponent_rank: int | None
    opponent: str  # the opponent's name (a tooltip); "" for a bye
    colour: str  # "w", "b" or ""
    result: str  # '1', '½', '0', '+', '−', '⊘'; '' = not played yet or round not paired
    bye: str  # a BYE_LABELS msgid (or WITHDRAWN) for a bye, else ""


@dataclass(frozen=True, slots=True)
class RoundLink:
    number: int
    date: dt.date | None
    url: str
    paired: bool
    complete: bool
    results: int  # games with a result
    games: int


@dataclass(frozen=True, slots=True)
class ByeView:
    player: PlayerLink
    label: str  # a BYE_LABELS msgid
    points: Fraction


@dataclass(frozen=True, slots=True)
class SwissSectionPage(Frame):
    """A Swiss section: standings, Swiss crosstable, rounds (``<id>/index.html``); also the
    rounds index (``<id>/rounds.html``) and the PDF crosstable's source."""

    description: str
    system: str  # a SYSTEM_LABELS msgid
    baku: bool
    standings: tuple[StandingRow, ...]
    tiebreaks: tuple[tuple[str, str], ...]
    crosstable: tuple[tuple[SwissCell, ...], ...]  # each standings row's, one per round
    gone: frozenset[int]  # the players who withdrew, by number
    round_numbers: tuple[int, ...]  # 1..number_of_rounds
    rounds: tuple[RoundLink, ...]
    pdf_url: str
    withdrawals: tuple[WithdrawalNote, ...]
    requests: tuple[NoteView, ...]  # byes asked for rounds not paired yet
    tiebreaks_default: bool = False  # the format's default list (the organiser chose none)


@dataclass(frozen=True, slots=True)
class Relaxed:
    """A quality criterion a board does not meet. ``kind``: 'colour' (``detail`` = a
    PREFERENCE_KINDS msgid) or 'down' / 'up' (a float repeated from ``rounds`` ago)."""

    code: str
    kind: str
    name: str = ""
    detail: str = ""
    rounds: int = 0
    sex: str | None = None  # the player's, for the sentence's grammatical gender


@dataclass(frozen=True, slots=True)
class BoardWhy:
    board: int
    white: str
    black: str
    bracket: Fraction  # the score bracket, in points
    float_high: str  # the player floating down ("" = none) and their points
    float_high_points: Fraction | None
    float_low: str
    float_low_points: Fraction | None
    colour_rule: str  # a COLOUR_RULES msgid
    relaxed: tuple[Relaxed, ...]
    float_up: bool = False  # only the lower player floats (a Dubov or Lim upfloater)


@dataclass(frozen=True, slots=True)
class SwissRoundPage(Frame):
    """One round (``<id>/round-<n>.html``): boards, byes, and how the round was paired,
    from what ``pair`` stored (domain/sections/swiss_record.py); nothing is paired
    again here. ``explain``: 'explained' (the engine's own pairing, with the
    explanation it stored), 'unrecorded' (the engine's own, but its record is missing),
    'edited' (changed after pairing; ``engine_boards`` lists the engine's boards the
    round no longer has, when the record is there) or 'hand' (no marker: paired by hand
    or by another program)."""

    number: int
    date: dt.date | None
    boards: tuple[Board, ...]
    byes: tuple[ByeView, ...]
    complete: bool
    rounds: tuple[RoundLink, ...]
    explain: str
    why: tuple[BoardWhy, ...]
    bye_why: str  # the PAB's name when explained, else ""
    bye_why_points: Fraction | None
    system: str
    relaxed_pairs: tuple[tuple[str, str], ...] = ()  # avoid / keep_apart pairs given up
    # the engine's boards the round no longer has: (its board number, White, Black)
    engine_boards: tuple[tuple[int, str, str], ...] = ()
    engine_bye: str = ""  # the engine's PAB, when an edit changed it
    pgn_path: str = ""  # the round's PGN file from the site's root, when the season has one


# ---------------------------------------------------------------- building


def _link(data: SectionData, number: int, root: str) -> PlayerLink:
    link = data.links_of(root)[number]
    assert link is not None
    return link


def _after(data: SectionData) -> int:  # the round the standings are after
    facts = data.facts
    assert isinstance(facts, ss.SwissFacts) and facts.standings is not None
    return facts.after


def _frame(season: Season, data: SectionData, root: str) -> dict[str, Any]:
    """The page's frame (``common.frame``), the section's leader named once a round is in."""
    rows = data.standings.rows if data.standings else ()
    leader = data.section.players[rows[0].number - 1].name if _after(data) and rows else None
    return frame(season, data.facts, root, leader)


def _points_before(data: SectionData, number: int, round_no: int) -> Fraction:
    return data.table.scoring.value(data.table.score(number, round_no - 1))


def round_links(data: SectionData, root: str) -> tuple[RoundLink, ...]:
    s = data.section
    out = []
    for info in s.rounds:
        games = ss.games_of_round(s, info.number)
        done = sum(1 for g in games if g.result is not None)
        waiting = ss.unfinished_games(s, info.number)
        out.append(RoundLink(info.number, info.date, root + round_page_path(s, info.number),
                             bool(games), bool(games) and not waiting, done, len(games)))
    return tuple(out)


def bye_label(section: Section, number: int, round_no: int, code: Code) -> str:
    """What a round without an opponent is called: ``withdrawn`` once the player has left
    (their later rounds are zero-point byes to the pairing, but nobody sat them out), else
    the bye's own label."""
    if code is Code.ZERO_BYE and any(w.player == number and w.after_round < round_no
                                     for w in section.withdrawals):
        return WITHDRAWN
    return BYE_LABELS.get(code, "")


def _cell(data: SectionData, number: int, round_no: int) -> SwissCell:
    e = data.table.record(number).entry(round_no)
    if e is None or e.opponent is None:  # not paired yet, or a round without a game
        label = bye_label(data.section, number, round_no, e.code) if e else ""
        scoring = data.table.scoring
        mark = (WITHDREW_MARK if label == WITHDRAWN
                else fmt.units(scoring.points(e.code), scoring) if e and label else "")
        return SwissCell(round_no, None, "", "", mark, label)
    return SwissCell(round_no, data.ranks.get(e.opponent),
                     data.section.players[e.opponent - 1].name,
                     e.colour.value if e.colour else "", fmt.cell(e.code), "")


def section_page(season: Season, data: SectionData) -> SwissSectionPage:
    root = "../"
    s = data.section
    st = ss.settings(s)
    after = _after(data)
    standings = standing_rows(data, root, lambda n: sum(
        1 for e in data.table.record(n).rounds[:after] if e.played))
    crosstable = tuple(tuple(_cell(data, row.player.number, r)
                             for r in range(1, st.number_of_rounds + 1)) for row in standings)
    return SwissSectionPage(
        **_frame(season, data, root), description=s.description,
        system=SYSTEM_LABELS.get(st.pairing, st.pairing), baku=st.acceleration == "baku",
        standings=standings, tiebreaks=tiebreak_heads(s.tiebreaks), crosstable=crosstable,
        gone=frozenset(w.player for w in s.withdrawals),
        round_numbers=tuple(range(1, st.number_of_rounds + 1)),
        rounds=round_links(data, root), pdf_url=urls.pdf_name(s),
        withdrawals=tuple(withdrawal_note(s, w) for w in s.withdrawals),
        requests=_requests(s), tiebreaks_default=s.tiebreaks_default)


def _why(s: Section, board: int, ex: BoardExplanation, scoring: Scoring,
         points_before: Callable[[int], Fraction] | None = None) -> BoardWhy:
    """The page's view of one board's explanation: names for pairing numbers, points as
    fractions, and msgids for the rules (the template words them).

    A board where only one player floats (Dubov's upfloater, a Lim floater) names the
    other player with ``points_before`` (their points before the round)."""
    high = low = ""
    high_pts = low_pts = None
    float_up = False
    for f in ex.floats:
        if f.direction is FloatDirection.DOWN:
            high, high_pts = _name(s, f.player), scoring.value(f.points)
        else:
            low, low_pts = _name(s, f.player), scoring.value(f.points)
    if len(ex.floats) == 1 and points_before is not None:
        other = ex.black if ex.floats[0].player == ex.white else ex.white
        if high:
            low, low_pts = _name(s, other), points_before(other)
        else:
            high, high_pts, float_up = _name(s, other), points_before(other), True
    relaxed = []
    for r in ex.relaxed:
        if r.kind in (RelaxedKind.FLOAT_DOWN, RelaxedKind.FLOAT_UP):
            relaxed.append(Relaxed(r.code, r.kind.value, _name(s, r.player), rounds=r.rounds_ago,
                                   sex=_sex(s, r.player)))
        elif r.kind.value not in PREFERENCE_KINDS:
            continue  # Dubov's maximum upfloater (C8): the page has no words for it yet
        else:
            relaxed.append(Relaxed(r.code, "colour", _name(s, r.player),
                                   PREFERENCE_KINDS[r.kind.value], sex=_sex(s, r.player)))
    return BoardWhy(board, _name(s, ex.white), _name(s, ex.black), scoring.value(ex.bracket),
                    high, high_pts, low, low_pts,
                    COLOUR_RULES.get(ex.colour_rule, ex.colour_rule.value), tuple(relaxed),
                    float_up)


def round_page(season: Season, data: SectionData, round_no: int) -> SwissRoundPage:
    root = "../"
    s = data.section
    scoring = data.table.scoring
    boards = []
    for i, g in enumerate(ss.games_of_round(s, round_no), start=1):
        we = data.table.record(g.white).rounds[round_no - 1]
        be = data.table.record(g.black).rounds[round_no - 1]
        boards.append(Board(
            i, _link(data, g.white, root), _link(data, g.black, root),
            fmt.board_result(we.code, be.code), _points_before(data, g.white, round_no),
            _points_before(data, g.black, round_no),
            game_url=data.games_of(root).get((round_no, g.white, g.black), "")))
    byes = []
    for rec in data.table.records:
        e = rec.rounds[round_no - 1]
        if e.opponent is None:
            byes.append(ByeView(_link(data, rec.number, root),
                                bye_label(s, rec.number, round_no, e.code),
                                scoring.value(scoring.points(e.code))))
    byes.sort(key=lambda b: (_BYE_ORDER.get(b.label, 9), b.player.number))
    explain, why, bye_name, bye_pts = _how_paired(data, round_no)
    record = ss.usable_record(s, round_no)
    relaxed, engine_boards, engine_bye = (), (), ""
    if record is not None and explain == "explained":
        relaxed = tuple((_name(s, a), _name(s, b)) for a, b in record.relaxed)
    if record is not None and explain == "edited":
        engine = record.result
        found = ss.stored_pairing(s, round_no)
        diff = compare_round(round_no, engine, RoundPairing(found.boards, found.bye))
        engine_boards = tuple((d.board, _name(s, engine.boards[d.board - 1][0]),
                               _name(s, engine.boards[d.board - 1][1]))
                              for d in diff.differences if d.board is not None)
        if engine.bye != found.bye and engine.bye is not None:
            engine_bye = _name(s, engine.bye)
    info = s.rounds[round_no - 1]
    return SwissRoundPage(
        **_frame(season, data, root), number=round_no, date=info.date, boards=tuple(boards),
        byes=tuple(byes),
        complete=not ss.unfinished_games(s, round_no), rounds=round_links(data, root),
        explain=explain, why=why, bye_why=bye_name, bye_why_points=bye_pts,
        system=SYSTEM_LABELS.get(ss.settings(s).pairing, ""),
        relaxed_pairs=relaxed, engine_boards=engine_boards, engine_bye=engine_bye,
        pgn_path=pgn_paths(s).get(round_no, ""))


def _name(s: Section, tpn: int) -> str:
    return s.players[tpn - 1].name if 1 <= tpn <= len(s.players) else str(tpn)


def _sex(s: Section, tpn: int) -> str | None:
    return s.players[tpn - 1].sex if 1 <= tpn <= len(s.players) else None


def _requests(s: Section, number: int | None = None) -> tuple[NoteView, ...]:
    """The byes asked for rounds not paired yet: player ``number``'s, or everyone's."""
    paired = ss.paired_rounds(s)
    return tuple(NoteView(s.players[q.player - 1].name, q.round, BYE_LABELS[q.code])
                 for q in ss.settings(s).requests
                 if q.round > paired and number in (None, q.player))


def _how_paired(data: SectionData, round_no: int
                ) -> tuple[str, tuple[BoardWhy, ...], str, Fraction | None]:
    """The round's ``explain`` state and, for the engine's own round, its stored
    explanation as the page's views (boards by their published number)."""
    s = data.section
    how = ss.origin(s, round_no)
    record = ss.usable_record(s, round_no)
    if how is Origin.HAND:
        return "hand", (), "", None
    if how is Origin.EDITED:
        return "edited", (), "", None
    if record is None:
        return "unrecorded", (), "", None  # no record, or one that names other players now
    result = record.result
    scoring = data.table.scoring
    stored = {(g.white, g.black): i for i, g in enumerate(ss.games_of_round(s, round_no), start=1)}

    def before(tpn: int) -> Fraction:
        return _points_before(data, tpn, round_no)

    why = tuple(sorted((_why(s, stored.get((ex.white, ex.black), 0), ex, scoring, before)
                        for ex in result.explanation), key=lambda w: w.board))
    if result.bye is None:
        return "explained", why, "", None
    return "explained", why, _name(s, result.bye), before(result.bye)


def player_page(season: Season, data: SectionData, number: int) -> PlayerPage:
    root = "../../"
    s, t = data.section, data.table
    rec = t.record(number)
    changes = game_changes(data.facts, number)
    games_of = data.games_of(root)
    games = []
    for r, e in enumerate(rec.rounds, start=1):
        date = s.rounds[r - 1].date
        url = root + round_page_path(s, r)
        if e.opponent is None:
            games.append(PlayerGame(r, date, "", None,
                                    fmt.units(t.scoring.points(e.code), t.scoring),
                                    bye_label(s, number, r, e.code), round_url=url))
            continue
        games.append(PlayerGame(
            r, date, e.colour.value if e.colour else "", _link(data, e.opponent, root),
            fmt.cell(e.code), GAME_NOTES.get(e.code, ""), rating_change=changes.get(r),
            game_url=games_of.get((r, number, e.opponent) if e.colour is Colour.WHITE
                                  else (r, e.opponent, number), ""),
            opponent_points=t.scoring.value(t.score(e.opponent, _after(data))),
            round_url=url))
    perf = data.performance(number)
    return PlayerPage(
        **_frame(season, data, root), player=_link(data, number, root), games=tuple(games),
        score=t.scoring.value(t.score(number)),
        played=sum(1 for e in rec.rounds if e.played), rank=data.ranks.get(number),
        performance=perf[0], average_opponent=perf[1],
        withdrawal=next((withdrawal_note(s, w) for w in s.withdrawals if w.player == number),
                        None),
        requests=_requests(s, number),
        tiebreaks=tiebreak_views(data.standings, number, data.links_of(root),
                                 fmt.numbers(season.language, season.digits)),
        rating=rating_line(data.facts, number))


def swiss_pages(season: Season, facts: SectionFacts) -> SectionPages:
    section = facts.section
    assert facts.standings is not None
    data = SectionData(facts, {row.number: row.rank for row in facts.standings.rows})
    page = section_page(season, data)
    rounds = ((round_page_path(section, link.number), "swiss/round.html",
               round_page(season, data, link.number)) for link in page.rounds if link.paired)
    players = player_pages(section, "player.html",
                           lambda number: player_page(season, data, number))
    return SectionPages(page, itertools.chain(rounds, players))


register_renderer("swiss", swiss_pages, "swiss")
