"""A Double-Swiss event as a crosstable of games, and what pairing and standings read from it.

Why games, two per match: that is how the event is played, entered and reported
(TRF-2026 writes one round block per game, and TieBreakServer reads a
``192 FIDE_DOUBLESWISS`` file that way), and the tie-breaks are computed per game.
Rounds ``2k - 1`` and ``2k`` of the *game table* are the two games of match ``k``:
same opponent, colours reversed. The pairing reads one :class:`PastRound` per match
(:func:`state_from_games`).

The scoring counts quarter points so that the pairing-allocated bye (a win and a
draw, 1½, art. 1.4) splits into two equal game blocks (¾ each, TRF ``U``). A forfeited
single game of a match that was played counts as a game for standings and tie-breaks
(preface; :func:`for_tiebreaks`), so only a match forfeited whole is an unplayed round.
The random generator (:func:`random_double_event`) pairs each match with the
registered ``double-swiss`` system.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from leaguegen.domain.model import (
    Code,
    Colour,
    Crosstable,
    Player,
    PlayerRecord,
    RoundEntry,
    Scoring,
)
from leaguegen.errors import NoValidPairing

from .random_event import absentees, random_players
from .simulate import ResultsModel
from .state import PastRound, SwissPlayer, SwissState

#: Quarter points: game 1 / ½ / 0 is 4 / 2 / 0; the PAB is ¾ a game, 1½ a match.
DOUBLE_SWISS_SCORING = Scoring(win=4, draw=2, loss=0, forfeit_win=4, forfeit_loss=0,
                               half_bye=2, full_bye=4, pairing_bye=3, zero_bye=0,
                               unit=Fraction(1, 4))

_TO_PLAYED = {Code.FORFEIT_WIN: Code.WIN_UNRATED, Code.FORFEIT_LOSS: Code.LOSS_UNRATED}


def match_entries(record: PlayerRecord, match: int) -> tuple[RoundEntry | None, RoundEntry | None]:
    """The two game entries of 1-based ``match`` (None where not entered yet)."""
    return record.entry(2 * match - 1), record.entry(2 * match)


def match_forfeited(games: Iterable[RoundEntry | None]) -> bool:
    """Preface: a match ends by forfeit only when a player forfeits both games: seen from
    either side, both games are forfeits with the same outcome."""
    codes = [g.code for g in games if g is not None]
    return len(codes) == 2 and codes[0].is_forfeit and codes[0] is codes[1]


def matches_done(table: Crosstable) -> int:
    """Matches with both games entered for everyone (pending games count as not done)."""
    games = min((len(r.rounds) for r in table.records), default=0)
    done = 0
    for k in range(1, games // 2 + 1):
        if any(e is None or e.code is Code.PENDING
               for r in table.records for e in match_entries(r, k)):
            break
        done = k
    return done


def past_match(g1: RoundEntry | None, g2: RoundEntry | None, scoring: Scoring) -> PastRound:
    """One match as the pairing rules see it (see ``double_swiss_rules``)."""
    if g1 is None or g2 is None:
        return PastRound(None, None, 0, False, False)
    points = scoring.points(g1.code) + scoring.points(g2.code)
    opponent = g1.opponent if g1.opponent is not None else g2.opponent
    if opponent is None:
        return PastRound(None, None, points, False, g1.code is Code.PAIRING_BYE)
    colour = g1.colour if g1.colour is not None else (g2.colour.opposite if g2.colour else None)
    return PastRound(opponent, colour, points, not match_forfeited((g1, g2)), True)


def state_from_games(table: Crosstable, *, matches: int | None = None,
                     rounds_total: int | None = None,
                     absent: Iterable[int] = (), forbidden: Iterable[Iterable[int]] = (),
                     initial_colour: Colour = Colour.WHITE) -> SwissState:
    """The pairing input for match ``matches + 1`` (default: after every complete match).

    ``rounds_total`` counts matches (default: half the game table's planned rounds).
    """
    done = matches_done(table) if matches is None else matches
    away = set(absent)
    players = []
    for rec in table.records:
        rounds = tuple(past_match(*match_entries(rec, k), table.scoring)
                       for k in range(1, done + 1))
        players.append(SwissPlayer(rec.number, rounds, rec.number in away,
                                   rating=rec.player.rating))
    pairs = set()
    for group in forbidden:
        members = sorted(set(group))
        pairs.update(frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1:])
    return SwissState(tuple(players), done,
                      rounds_total if rounds_total is not None else table.rounds_total // 2,
                      initial_colour, frozenset(pairs), win=table.scoring.win,
                      loss=table.scoring.loss)


def for_tiebreaks(table: Crosstable) -> Crosstable:
    """The game table as standings and tie-breaks read it: a single game forfeited in
    a match that was played counts as played (``W`` / ``L``: a game, not rated)."""
    records = []
    for rec in table.records:
        out = list(rec.rounds)
        for k in range(1, len(out) // 2 + 1):
            pair = match_entries(rec, k)
            if pair[0] is None or pair[0].opponent is None or match_forfeited(pair):
                continue
            for i in (2 * k - 2, 2 * k - 1):
                code = _TO_PLAYED.get(out[i].code)
                if code is not None:
                    out[i] = replace(out[i], code=code)
        records.append(replace(rec, rounds=tuple(out)))
    return replace(table, records=tuple(records))


def match_points(record: PlayerRecord, scoring: Scoring, upto: int) -> tuple[int, int]:
    """(match points, game points in scoring units) over the first ``upto`` matches:
    2 for a match won on games, 1 for a tied match, 0 for a lost one (a PAB counts as
    won, a bye by its game points against a tied match's)."""
    mp = gp = 0
    tie = 2 * scoring.draw
    for k in range(1, upto + 1):
        g1, g2 = match_entries(record, k)
        if g1 is None or g2 is None:
            continue
        got = scoring.points(g1.code) + scoring.points(g2.code)
        gp += got
        mp += 2 if got > tie else 1 if got == tie else 0
    return mp, gp


# ------------------------------------------------------------------ the generator

@dataclass(frozen=True, slots=True)
class DoubleSettings:
    """What to generate: players, matches, and the rates of unplayed games."""

    players: int
    matches: int
    match_forfeits: float = 0.0  # a player forfeits both games
    game_forfeits: float = 0.0  # one game of a played match forfeited
    absences: float = 0.0  # a player is not paired for a match (zero-point bye)
    half_byes: float = 0.0  # a player asks for a half-point bye for a match (1 of 2)
    results: ResultsModel = ResultsModel()

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError("a tournament needs at least two players")
        if not 1 <= self.matches < self.players:
            raise ValueError("a Double-Swiss needs at least one match and fewer than players")
        if self.half_byes + self.absences > 1.0:
            raise ValueError("half_byes + absences must not exceed 1")


def random_double_event(settings: DoubleSettings, rng: random.Random,
                        system: str = "double-swiss") -> tuple[Crosstable, Colour]:
    """Generate and pair a whole Double-Swiss event (the game table, the initial colour)."""
    from .pairing import pair_round  # the registry is filled by the package's __init__

    players = random_players(settings.players, rng)
    colour = rng.choice((Colour.WHITE, Colour.BLACK))
    last: NoValidPairing | None = None
    for _ in range(20):
        games: list[list[RoundEntry]] = [[] for _ in players]
        try:
            for _ in range(settings.matches):
                table = _table(players, games, settings.matches)
                away = absentees(settings.half_byes, settings.absences, len(players), rng)
                state = state_from_games(table, absent=away, initial_colour=colour)
                result = pair_round(state, system)
                _record(settings, rng, players, games, result.boards, result.bye, away)
        except NoValidPairing as exc:
            last = exc
            continue
        return _table(players, games, settings.matches), colour
    assert last is not None
    raise last


_OTHER = {Code.WIN: Code.LOSS, Code.DRAW: Code.DRAW, Code.LOSS: Code.WIN,
          Code.FORFEIT_WIN: Code.FORFEIT_LOSS, Code.FORFEIT_LOSS: Code.FORFEIT_WIN}


def _record(settings: DoubleSettings, rng: random.Random, players: list[Player],
            games: list[list[RoundEntry]], boards: Iterable[tuple[int, int]], bye: int | None,
            away: dict[int, Code]) -> None:
    for n, code in away.items():
        games[n - 1] += [RoundEntry(None, None, code)] * 2
    if bye is not None:
        games[bye - 1] += [RoundEntry(None, None, Code.PAIRING_BYE)] * 2
    for white, black in boards:
        rw, rb = players[white - 1].rating or 0, players[black - 1].rating or 0
        if rng.random() < settings.match_forfeits:
            w = Code.FORFEIT_WIN if rng.random() < 0.5 else Code.FORFEIT_LOSS
            codes = [w, w]
        else:
            codes = [settings.results.game(rng, rw, rb)]
            codes.append(_OTHER[settings.results.game(rng, rb, rw)])
            if rng.random() < settings.game_forfeits:
                i = rng.randrange(2)
                codes[i] = Code.FORFEIT_WIN if rng.random() < 0.5 else Code.FORFEIT_LOSS
        games[white - 1] += [RoundEntry(black, Colour.WHITE, codes[0]),
                             RoundEntry(black, Colour.BLACK, codes[1])]
        games[black - 1] += [RoundEntry(white, Colour.BLACK, _OTHER[codes[0]]),
                             RoundEntry(white, Colour.WHITE, _OTHER[codes[1]])]


def _table(players: list[Player], games: list[list[RoundEntry]], matches: int) -> Crosstable:
    records = tuple(PlayerRecord(i + 1, p, tuple(games[i])) for i, p in enumerate(players))
    return Crosstable(records, 2 * matches, DOUBLE_SWISS_SCORING)
