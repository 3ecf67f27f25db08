"""The shared vocabulary of every event: players, scoring, and one player's round.

Every format (round robin, quads, Swiss) and every reader (season YAML, TRF) ends
up producing a :class:`Crosstable`, which is what scoring, tiebreaks, TRF export
and the site consume. A crosstable is stored per player and per round, the way
FIDE's TRF records it, because tiebreak rules are phrased that way ("the
player's unplayed rounds", "the opponent's score").

Scores are exact integers in *units* of the section's scoring (two units per
point under the usual 1 / ½ / 0), so sums never drift; formatting happens in
templates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")


class Colour(Enum):
    WHITE = "w"
    BLACK = "b"

    # An Enum member's hash is Python code (``hash(self._name_)``), paid by every dict or
    # set lookup keyed by a member and by every frozen value holding one; members are
    # singletons compared by identity, so the identity hash (C) agrees with ``==``.
    __hash__ = object.__hash__

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Code(Enum):
    """A round's outcome for one player, using TRF's letters."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    # Games that lasted less than one move: count as games, are not rated.
    WIN_UNRATED = "W"
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAIRING_BYE = "U"
    ZERO_BYE = "Z"
    # Scheduled but not yet played (in-season data; never written to TRF).
    PENDING = "?"

    __hash__ = object.__hash__  # see Colour

    @property
    def played(self) -> bool:
        """A game took place over the board."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        return self in (Code.HALF_BYE, Code.FULL_BYE, Code.PAIRING_BYE, Code.ZERO_BYE)

    @property
    def is_forfeit(self) -> bool:
        return self in (Code.FORFEIT_WIN, Code.FORFEIT_LOSS)


_PLAYED = frozenset(
    {Code.WIN, Code.DRAW, Code.LOSS, Code.WIN_UNRATED, Code.DRAW_UNRATED, Code.LOSS_UNRATED}
)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points per outcome, in integer units; ``unit`` is what one unit is worth.

    The default is FIDE's 1 / ½ / 0 with a pairing-allocated bye worth a win
    and a round-robin free round worth nothing.
    """

    win: int = 2
    draw: int = 1
    loss: int = 0
    forfeit_win: int = 2
    forfeit_loss: int = 0
    half_bye: int = 1
    full_bye: int = 2
    pairing_bye: int = 2
    zero_bye: int = 0
    unit: Fraction = Fraction(1, 2)

    def points(self, code: Code) -> int:
        # one lookup of a module-level table (a dict built per call cost 14 enum hashes)
        name = _SCORING_FIELD[code]
        return getattr(self, name) if name else 0

    def value(self, units: int) -> Fraction:
        """Units as a number of points (Fraction, exact)."""
        return units * self.unit


_SCORING_FIELD = {
    Code.WIN: "win", Code.WIN_UNRATED: "win", Code.DRAW: "draw", Code.DRAW_UNRATED: "draw",
    Code.LOSS: "loss", Code.LOSS_UNRATED: "loss", Code.FORFEIT_WIN: "forfeit_win",
    Code.FORFEIT_LOSS: "forfeit_loss", Code.HALF_BYE: "half_bye", Code.FULL_BYE: "full_bye",
    Code.PAIRING_BYE: "pairing_bye", Code.ZERO_BYE: "zero_bye", Code.PENDING: "",
}

STANDARD_SCORING = Scoring()


@dataclass(frozen=True, slots=True)
class Player:
    """An entrant as the organiser wrote them; only the name is required."""

    name: str
    rating: int | None = None
    federation: str | None = None
    title: str | None = None
    fide_id: int | None = None
    sex: str | None = None
    birth: str | None = None
    club: str | None = None  # for a Varma draw by club (seeding: varma, varma_by: club)
    # The starting rank from another program's list (a TRF start number); pairing
    # numbers may differ (a round robin's Berger numbers are drawn).
    start: int | None = None
    # A fixed name for the player's page (letters, digits, hyphens) when the name
    # makes no readable or unique one.
    id: str | None = None
    # The club's own key for a member without a FIDE ID (a membership number), naming the
    # same person in every season of a folder of seasons (domain/club/identity.py).
    club_id: str | None = None
    # Other names this person is written under in other seasons (a name change, a typo
    # left in an old season): an explicit link, never a guess.
    aliases: tuple[str, ...] = ()
    # Where the entry is written (path, line, column), for a warning naming it; not part of
    # the player's value (two equal entries on other lines are the same player).
    source: tuple[str, int, int] | None = field(default=None, compare=False, repr=False)
    # The family name, a part of ``name`` (its first or last words): A-Z lists sort by it
    # and the TRF writes "Family, Given" (domain/names.family_given). None: a comma in
    # ``name`` ("Волков, Александр") marks it, else the name is sorted as written.
    family: str | None = None


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's round: who they faced (by number), with which colour, and the outcome.

    ``opponent`` is None for byes and absences; ``colour`` is the scheduled
    colour (kept for forfeits too, as TRF does).
    """

    opponent: int | None
    colour: Colour | None
    code: Code

    @property
    def played(self) -> bool:
        return self.code.played and self.opponent is not None


NOT_PAIRED = RoundEntry(None, None, Code.ZERO_BYE)


def quick_builder(cls: type[T]) -> Callable[..., T]:
    """A constructor for the frozen, slotted dataclass ``cls``: the same arguments, the same
    value (an instance of ``cls``, equal to ``cls(...)``, as frozen), made about four times
    quicker.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (about
    0.3 us a field); the facts of a season make some hundred thousand small values (a
    round's entry, a tie-break's slot and item), so their makers call this instead: a
    mutable twin with the same slots is filled by plain stores, then given ``cls`` as its
    class (allowed because the two layouts are the same)."""
    if not (dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
            and hasattr(cls, "__slots__")) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass without __post_init__")
    specs: list[Any] = []
    for f in dataclasses.fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} is not set by __init__")
        specs.append((f.name, f.type, dataclasses.field(default=f.default,
                                                         default_factory=f.default_factory)))
    twin = dataclasses.make_dataclass("_" + cls.__name__, specs, slots=True, eq=False,
                                      repr=False, match_args=False)
    if twin.__slots__ != cls.__slots__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: unexpected slots")

    def build(*args: Any, **kwargs: Any) -> T:
        value = twin(*args, **kwargs)
        value.__class__ = cls
        return value  # type: ignore[return-value]

    build.__doc__ = f"``{cls.__name__}(...)``, quicker (:func:`quick_builder`)."
    return build


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player with their pairing (start) number and round-by-round record."""

    number: int
    player: Player
    rounds: tuple[RoundEntry, ...]

    def entry(self, round_no: int) -> RoundEntry | None:
        """The entry for 1-based ``round_no``, or None if no data yet."""
        if 1 <= round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        return None


@dataclass(frozen=True, slots=True)
class Crosstable:
    """A whole event as per-player round records, numbered 1..n.

    ``rounds_total`` is the number of rounds planned; records may hold fewer
    while the event is in progress.
    """

    records: tuple[PlayerRecord, ...]
    rounds_total: int
    scoring: Scoring = field(default=STANDARD_SCORING)

    def record(self, number: int) -> PlayerRecord:
        return self.records[number - 1]

    @property
    def rounds_played(self) -> int:
        """Rounds with at least one result entered (not pending)."""
        best = 0
        pending = Code.PENDING
        for rec in self.records:
            rounds = rec.rounds
            i = len(rounds)
            while i > best and rounds[i - 1].code is pending:  # the last one entered
                i -= 1
            if i > best:
                best = i
        return best

    def score(self, number: int, upto_round: int | None = None) -> int:
        """Points in units over the first ``upto_round`` rounds (all by default)."""
        rounds = self.record(number).rounds
        if upto_round is not None:
            rounds = rounds[:upto_round]
        return sum(self.scoring.points(e.code) for e in rounds)
