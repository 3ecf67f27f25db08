"""The pure input of a Swiss pairing: who is in, what they did, what they may not do.

A :class:`SwissState` is built either from a :class:`~leaguegen.domain.model.Crosstable`
(the season workflow, :func:`state_from_crosstable`) or from a TRF file by the
adapter in ``leaguegen.formats.swiss_input``. Scores are integer units of the
section's scoring (two per point under 1 / ½ / 0).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from leaguegen.domain.model import Code, Colour, Crosstable, RoundEntry, Scoring


@dataclass(frozen=True, slots=True)
class PastRound:
    """One completed round of one player, as the pairing rules see it.

    ``played``: a game took place over the board (forfeits are not games).
    ``paired``: the player took part in that round's pairing (a game, a
    forfeit, or the pairing-allocated bye); requested byes and absences are not.
    A pairing-allocated bye is ``opponent=None, paired=True``.
    """

    opponent: int | None
    colour: Colour | None
    points: int
    played: bool
    paired: bool

    @property
    def is_pab(self) -> bool:
        return self.opponent is None and self.paired


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player by pairing number (TPN), with every completed round."""

    number: int
    rounds: tuple[PastRound, ...]
    absent: bool = False  # known not to play the round being paired
    acceleration: tuple[int, ...] = ()  # virtual units, index 0 = round 1
    rating: int | None = None  # the rating systems such as Dubov pair on; None = unrated

    @property
    def score(self) -> int:
        return sum(r.points for r in self.rounds)


@dataclass(frozen=True, slots=True)
class SwissState:
    """Everything needed to pair round ``rounds_played + 1``."""

    players: tuple[SwissPlayer, ...]  # in TPN order, numbers 1..n
    rounds_played: int
    rounds_total: int
    initial_colour: Colour = Colour.WHITE
    forbidden: frozenset[frozenset[int]] = field(default_factory=frozenset)
    win: int = 2  # units for a win: bye eligibility and topscorer threshold
    loss: int = 0  # units for a played loss: who floats after an unplayed round

    def player(self, number: int) -> SwissPlayer:
        return self.players[number - 1]


# (Module constants: the members' attribute lookups and ``Code.played``'s set, whose
# Enum hash is a Python call, cost a few microseconds per round of a 5,000-player file.)
_PENDING = Code.PENDING
_PAIRING_BYE = Code.PAIRING_BYE
_PLAYED_CODES = tuple(c for c in Code if c.played)


def past_round(entry: RoundEntry | None, scoring: Scoring) -> PastRound:
    """Translate one crosstable entry into what the pairing rules need."""
    if entry is None:
        return PastRound(None, None, 0, False, False)
    code = entry.code
    if code is _PENDING:
        return PastRound(None, None, 0, False, False)
    points = scoring.points(code)
    opponent = entry.opponent
    if opponent is not None:
        # (``entry.played``: a game over the board, the opponent being known here)
        return PastRound(opponent, entry.colour, points, code in _PLAYED_CODES, True)
    return PastRound(None, None, points, False, code is _PAIRING_BYE)


def past_rounds_reader(
        scoring: Scoring) -> Callable[[tuple[RoundEntry | None, ...], int], tuple[PastRound, ...]]:
    """A function giving ``past_round`` of each of a player's first ``done`` entries
    (None past the end), for a whole file under one ``scoring``.

    The same records, read faster: each code's points and kind looked up once, by the
    code's letter (a Code is hashed by a Python call), and the empty rounds one shared
    record (frozen)."""
    table = {c._value_: (None if c is _PENDING else scoring.points(c), c in _PLAYED_CODES,
                         c is _PAIRING_BYE) for c in Code}
    empty = _EMPTY

    def read(entries: tuple[RoundEntry | None, ...], done: int) -> tuple[PastRound, ...]:
        out = []
        for i in range(done):
            entry = entries[i] if i < len(entries) else None
            if entry is None:
                out.append(empty)
                continue
            points, played, pab = table[entry.code._value_]
            if points is None:
                out.append(empty)
            elif entry.opponent is not None:
                out.append(PastRound(entry.opponent, entry.colour, points, played, True))
            else:
                out.append(PastRound(None, None, points, False, pab))
        return tuple(out)

    return read


_EMPTY = PastRound(None, None, 0, False, False)


def state_from_crosstable(
    table: Crosstable,
    *,
    rounds_played: int | None = None,
    absent: Iterable[int] = (),
    acceleration: Mapping[int, tuple[int, ...]] | None = None,
    forbidden: Iterable[Iterable[int]] = (),
    initial_colour: Colour = Colour.WHITE,
) -> SwissState:
    """Build the pairing input for the round after ``rounds_played`` (default: all entered).

    ``absent`` lists TPNs not to be paired (requested byes, withdrawals);
    ``acceleration`` gives virtual units per round for some TPNs;
    ``forbidden`` lists groups of TPNs that must not meet each other.
    """
    done = table.rounds_played if rounds_played is None else rounds_played
    away = set(absent)
    accel = dict(acceleration or {})
    players = []
    for rec in table.records:
        rounds = tuple(
            past_round(rec.rounds[i] if i < len(rec.rounds) else None, table.scoring)
            for i in range(done)
        )
        players.append(
            SwissPlayer(rec.number, rounds, rec.number in away, tuple(accel.get(rec.number, ())),
                        rec.player.rating)
        )
    groups = set()
    for group in forbidden:
        members = sorted(set(group))
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                groups.add(frozenset((a, b)))
    return SwissState(
        players=tuple(players),
        rounds_played=done,
        rounds_total=table.rounds_total,
        initial_colour=initial_colour,
        forbidden=frozenset(groups),
        win=table.scoring.win,
        loss=table.scoring.loss,
    )
