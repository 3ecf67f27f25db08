"""The Double-Swiss kind (``format: double_swiss``, FIDE C.04.5, 2026).

Why a kind of its own and not ``format: swiss`` with another ``pairing:``: a round of
a Double-Swiss is a match of two games, so what the season holds, what the pairing
reads and what the pages show differ from a one-game Swiss at every step. The section
keeps the *games*: match ``k`` is game rounds ``2k - 1`` and ``2k`` (the layout of
``domain/pairing/double_swiss_event.py``, of the TRF and of the tie-breaks), so the
crosstable, the standings and the TRF export are the games'; the matches are derived
(:func:`matches`) for the pages and for pairing the next match (:func:`pair_next`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from leaguegen.domain import planning
from leaguegen.domain.model import Code, Colour, Crosstable, PlayerRecord, RoundEntry
from leaguegen.domain.pairing import PairingResult, pair_round
from leaguegen.domain.pairing.double_swiss_event import (
    for_tiebreaks,
    match_points,
    matches_done,
    state_from_games,
)
from leaguegen.domain.pairing.renumber import from_tpn, is_identity, to_tpn
from leaguegen.domain.roundrobin import game_codes
from leaguegen.domain.season import Game, GameResult, Section
from leaguegen.domain.sections.kind import (
    N_,
    PLAYERS,
    Chores,
    Progress,
    SectionFacts,
    SectionKind,
    results_cut,
)
from leaguegen.domain.sections.registry import register
from leaguegen.domain.sections.swiss import ByeRequest
from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import DEFAULTS
from leaguegen.errors import Message

FORMAT = "double_swiss"
SYSTEM = "double-swiss"
_NOT_PAIRED = RoundEntry(None, None, Code.ZERO_BYE)


@dataclass(frozen=True, slots=True)
class DoubleSwissDetails:
    """``matches``: the rounds (two-game matches) planned; the initial colour (art. 4.3.1);
    the byes asked for before their match was paired (``ByeRequest.round`` is the match:
    a bye is for a whole match, both its games)."""

    matches: int
    initial_colour: Colour = Colour.WHITE
    requests: tuple[ByeRequest, ...] = ()
    # late entries placed in the initial order (C.04.2 art. 2.4): (player, before)
    placements: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Match:
    """One pairing: the player with White in game 1, the other, and both games' results
    (from each game's White's side; None: not played yet)."""

    number: int  # the match (round) number
    white: int
    black: int
    game1: GameResult | None
    game2: GameResult | None


def details(section: Section) -> DoubleSwissDetails:
    d = section.details
    if not isinstance(d, DoubleSwissDetails):
        raise TypeError(f"section '{section.id}' is not a Double-Swiss section")
    return d


def matches(section: Section) -> list[Match]:
    """Every match written, in match and board order (two games each)."""
    second = {(g.round, g.white, g.black): g.result for g in section.games if g.round % 2 == 0}
    return [Match((g.round + 1) // 2, g.white, g.black, g.result,
                  second.get((g.round + 1, g.black, g.white)))
            for g in section.games if g.round % 2 == 1]


def paired_matches(section: Section) -> int:
    return max(((g.round + 1) // 2 for g in section.games), default=0)


def paired_game_rounds(section: Section) -> int:
    """The last game round paired (the kind's rounds are game rounds: ``Chores``)."""
    return 2 * paired_matches(section)


def pairing_order(section: Section) -> tuple[int, ...]:
    """The players' numbers in pairing (TPN) order, as a Swiss keeps them
    (``swiss.pairing_order``): a late entry placed before a player; the rest in number
    order."""
    order = list(range(1, len(section.players) + 1))
    for player, before in details(section).placements:
        order.remove(player)
        order.insert(order.index(before), player)
    return tuple(order)


def absent_for(section: Section, match: int) -> set[int]:
    """Not to be paired in ``match``: a bye asked for it, or withdrawn before its first
    game (``Withdrawal.after_round`` counts game rounds)."""
    asked = {q.player for q in details(section).requests if q.round == match}
    return asked | {w.player for w in section.withdrawals if w.after_round < 2 * match - 1}


def build_crosstable(section: Section) -> Crosstable:
    """The game table: two columns per paired match (games, then byes)."""
    last = 2 * paired_matches(section)
    columns: list[dict[int, RoundEntry]] = [{} for _ in range(last)]
    for g in section.games:
        wc, bc = game_codes(g.result, False, False)
        columns[g.round - 1][g.white] = RoundEntry(g.black, Colour.WHITE, wc)
        columns[g.round - 1][g.black] = RoundEntry(g.white, Colour.BLACK, bc)
    for b in section.byes:
        if b.round <= last:
            columns[b.round - 1][b.player] = RoundEntry(None, None, b.code)
    for q in details(section).requests:  # a bye asked for: both games of its match
        for r in (2 * q.round - 1, 2 * q.round):
            if r <= last:
                columns[r - 1].setdefault(q.player, RoundEntry(None, None, q.code))
    records = tuple(PlayerRecord(n, p, tuple(col.get(n, _NOT_PAIRED) for col in columns))
                    for n, p in enumerate(section.players, start=1))
    return Crosstable(records, 2 * details(section).matches, section.scoring)


def matches_with_results(section: Section) -> int:
    """The last match with any result entered."""
    return max(((g.round + 1) // 2 for g in section.games if g.result is not None), default=0)


@dataclass(frozen=True, slots=True)
class DoubleSwissFacts(SectionFacts):
    """The facts, with each player's (match points, game points in units) after ``after``
    matches; ``progress`` counts matches."""

    after: int = 0
    scores: tuple[tuple[int, int], ...] = ()  # index 0 unused


def facts(section: Section) -> DoubleSwissFacts:
    table = build_crosstable(section)
    after = matches_with_results(section)
    standings = compute_standings(for_tiebreaks(table), list(section.tiebreaks),
                                  system="swiss", rules=section.tiebreak_rules,
                                  after_round=2 * after if after else None)
    order = tuple(r.number for r in standings.rows)
    names = tuple(section.players[n - 1].name for n in order)
    scores = ((0, 0), *(match_points(rec, table.scoring, after) for rec in table.records))
    total = details(section).matches
    paired = paired_matches(section)
    pending = any(e.code is Code.PENDING for rec in table.records for e in rec.rounds)
    when = section.rounds[2 * paired - 1].date if pending and paired else None
    progress = Progress(after, total, paired == total and not pending,
                        paired if pending else None, when)
    return DoubleSwissFacts(section, KIND, progress, table, standings, frozenset(), order,
                            ((section.id, names),), after=after, scores=scores)


def cut(section: Section, after: int) -> Section:
    """The section after match ``after`` (game rounds 1..2 × ``after``; the byes asked for
    later matches left out)."""
    d = details(section)
    asked = tuple(q for q in d.requests if q.round <= after)
    return dataclasses.replace(results_cut(section, 2 * after),
                               details=dataclasses.replace(d, requests=asked))


def pair_next(section: Section) -> PairingResult:
    """The next match's pairing by C.04.5 from the matches played (NoValidPairing when
    none meets the absolute criteria). Every match before it must be complete."""
    table = build_crosstable(section)
    done = matches_done(table)
    d = details(section)
    state = state_from_games(table, matches=done, rounds_total=d.matches,
                             absent=absent_for(section, done + 1),
                             initial_colour=d.initial_colour)
    order = pairing_order(section)
    if is_identity(order):
        return pair_round(state, SYSTEM)
    return from_tpn(pair_round(to_tpn(state, order), SYSTEM), order)


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """A Swiss of the section's matches (or the command line's rounds), each two games:
    twice the Swiss's rounds of play and games, the guides' verdict on the matches."""
    if sizing.double:
        raise ValueError(Message("a Double-Swiss has no double form (add rounds instead)"))
    one = planning.swiss_shape(sizing.players,
                               details(section).matches if section is not None else sizing.rounds)
    low, high = one.games_per_player
    return dataclasses.replace(one, rounds=2 * one.rounds, games=2 * one.games,
                               games_per_player=(2 * low, 2 * high))


def trf_type(section: Section) -> str:
    return "Individual: Double-Swiss System"


KIND = register(SectionKind(
    name=FORMAT, formats=(FORMAT,), labels={FORMAT: N_("Double-Swiss")}, min_players=4,
    default_tiebreaks=DEFAULTS["swiss"], facts=facts, tiebreak_system="swiss",
    trf_type={FORMAT: "Individual: Double-Swiss System"}, trf_type_of=trf_type, plan=plan,
    # a match is one line of the file's round and two of the section's (game) rounds
    chores=Chores(withdraw=True, late_entry=PLAYERS, accepts_byes=True,
                  computed_numbers=True, paired_rounds=paired_game_rounds, games_per_pairing=2,
                  pairing_order=pairing_order),
    cut=cut,
))

#: a game result read from the other side (game 2 is written from game 1's White's side)
FLIPPED = {GameResult.WHITE_WINS: GameResult.BLACK_WINS,
           GameResult.BLACK_WINS: GameResult.WHITE_WINS, GameResult.DRAW: GameResult.DRAW,
           GameResult.WHITE_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
           GameResult.BLACK_FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN,
           GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT}


def match_games(number: int, white: int, black: int, first: GameResult | None,
                second: GameResult | None) -> tuple[Game, Game]:
    """A match's two games from results written from game 1's White's side."""
    return (Game(2 * number - 1, white, black, first),
            Game(2 * number, black, white, FLIPPED[second] if second is not None else None))
