"""The event as tie-breaks see it: every ranked player's rounds 1..R, normalised once.

Building a :class:`Context` applies, in one place, everything C.07 and the
section's rules say about which rounds count and how:

- rounds after ``after_round`` are ignored; rounds missing from a record are
  absences (zero-point byes);
- ``PENDING`` games count for nothing yet, and games against players removed
  by the 50 % withdrawal rule (``excluded``) count for nobody: both become
  *void* rounds with no opponent and no points;
- Swiss (Art. 16): each round is classified as a voluntary unplayed round
  (VUR: half/zero-point bye, absence, forfeit loss) or not, and each player
  gets the *adjusted score* seen by opponents (16.3: bye rounds after the last
  non-VUR round count as draws);
- round robin (Art. 15.2): every scheduled game with an opponent, forfeits
  included, is a game for DE, SB and KS; a free round counts nowhere.

All numbers here are in points as exact Fractions, and beside them in the scoring's
integer units (``Slot.units``, ``Context.score_units``...): the tie-breaks add and
multiply the integers and turn a total into points once (:meth:`Context.points`,
:meth:`Context.products`), the same Fraction the Fraction sums give, for a fraction of
the cost (Fraction arithmetic is Python code).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from leaguegen.domain.model import Code, Colour, Crosstable, quick_builder

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
SYSTEMS = (SWISS, ROUND_ROBIN)
EDITIONS = ("2024", "2026")

_NOT_VUR = frozenset({Code.PAIRING_BYE, Code.FULL_BYE, Code.FORFEIT_WIN})
_PLAYED = frozenset(code for code in Code if code.played)


@dataclass(frozen=True, slots=True)
class Slot:
    """One player's round after normalisation (points in points, not units)."""

    round: int
    opponent: int | None
    colour: Colour | None
    code: Code
    points: Fraction
    played: bool  # an over-the-board game against ``opponent``
    vur: bool  # voluntary unplayed round (Art. 16.1)
    void: bool = False  # pending, or against an excluded player
    units: int = 0  # ``points`` in the scoring's units

    @property
    def pab(self) -> bool:
        return self.code is Code.PAIRING_BYE and not self.void


new_slot = quick_builder(Slot)


@dataclass(frozen=True, slots=True)
class Context:
    """Everything a tie-break function needs; built by :func:`build_context`."""

    system: str
    edition: str
    rounds: int
    numbers: tuple[int, ...]
    slots: dict[int, tuple[Slot, ...]]
    score: dict[int, Fraction]
    adjusted: dict[int, Fraction]
    last_not_vur: dict[int, int]
    ratings: dict[int, int | None]
    win: Fraction
    draw: Fraction
    # the same in the scoring's units (``unit`` points each)
    unit: Fraction = Fraction(1, 2)
    score_units: dict[int, int] = field(default_factory=dict)
    adjusted_units: dict[int, int] = field(default_factory=dict)
    win_units: int = 2
    draw_units: int = 1
    # False: the tie-breaks give each player's value and extras only, without the elements
    # and notes that explain it (a table of values: the standings after an earlier round)
    explain: bool = True
    _values: dict[int, Fraction] = field(default_factory=dict, repr=False, compare=False)
    _products: dict[int, Fraction] = field(default_factory=dict, repr=False, compare=False)

    @property
    def is_rr(self) -> bool:
        return self.system == ROUND_ROBIN

    def points(self, units: int) -> Fraction:
        """``units`` as points: ``units * unit``, one Fraction per distinct value."""
        value = self._values.get(units)
        if value is None:
            value = self._values[units] = units * self.unit
        return value

    def products(self, units: int) -> Fraction:
        """A product of two unit values (SB: a score times a result) as points²."""
        value = self._products.get(units)
        if value is None:
            value = self._products[units] = units * self.unit * self.unit
        return value

    def counts_as_game(self, slot: Slot, predetermined: bool = False) -> bool:
        """A game against an opponent for BH/SB/DE: forfeits too in round robins."""
        if slot.opponent is None:
            return False
        return slot.played or self.is_rr or predetermined


def build_context(
    table: Crosstable,
    system: str,
    edition: str = "2024",
    after_round: int | None = None,
    excluded: frozenset[int] = frozenset(),
    explain: bool = True,
) -> Context:
    if system not in SYSTEMS:
        raise ValueError(f"system must be one of {SYSTEMS}, not {system!r}")
    if edition not in EDITIONS:
        raise ValueError(f"rules must be one of {EDITIONS}, not {edition!r}")
    scoring = table.scoring
    unit = scoring.unit
    rounds = table.rounds_played if after_round is None else after_round
    by_number = {r.number: r for r in table.records}
    numbers = tuple(sorted(n for n in by_number if n not in excluded))
    values, products, made = _tables(unit)

    def points_of(units: int) -> Fraction:
        value = values.get(units)
        if value is None:
            value = values[units] = units * unit
        return value

    zero = points_of(0)
    # per code: its units, its points, whether it is a game's result, whether it is not a
    # VUR when unplayed (one lookup per round)
    code_info = {code: (scoring.points(code), points_of(scoring.points(code)),
                        code in _PLAYED, code in _NOT_VUR) for code in Code}
    pending = Code.PENDING
    slots: dict[int, tuple[Slot, ...]] = {}
    score_units: dict[int, int] = {}
    for number in numbers:
        record = by_number[number]
        entries = record.rounds
        row = []
        total = 0
        for rnd, entry in enumerate(entries[:max(rounds, 0)], start=1):
            code = entry.code
            opponent = entry.opponent
            if code is pending or (opponent is not None and opponent in excluded):
                row.append(new_slot(rnd, None, None, code, zero, False, True, True))
                continue
            units, points, is_game, not_vur = code_info[code]
            if opponent is not None and opponent not in by_number:
                raise ValueError(f"player {number}, round {rnd}: opponent {opponent}"
                                 " is not in the table")
            total += units
            key = (rnd, opponent, entry.colour, code, units)
            slot = made.get(key)
            if slot is None:  # what the key names decides the rest
                played = opponent is not None and is_game  # entry.played
                slot = made[key] = new_slot(rnd, opponent, entry.colour, code, points, played,
                                            not played and not not_vur, False, units)
            row.append(slot)
        for rnd in range(len(row) + 1, rounds + 1):  # rounds missing from the record
            row.append(new_slot(rnd, None, None, Code.ZERO_BYE, zero, False, True))
        slots[number] = tuple(row)
        score_units[number] = total
    score = {n: points_of(score_units[n]) for n in numbers}
    draw_units = scoring.draw
    draw = points_of(draw_units)
    last_not_vur = {n: max((s.round for s in slots[n] if not s.vur), default=0) for n in numbers}
    adjusted_units: dict[int, int] = {}
    for n in numbers:
        if system == ROUND_ROBIN:
            adjusted_units[n] = score_units[n]
        else:
            last = last_not_vur[n]
            adjusted_units[n] = sum(
                s.units if s.round <= last or s.opponent is not None else draw_units
                for s in slots[n])
    adjusted = {n: points_of(adjusted_units[n]) for n in numbers}
    return Context(
        system=system,
        edition=edition,
        rounds=rounds,
        numbers=numbers,
        slots=slots,
        score=score,
        adjusted=adjusted,
        last_not_vur=last_not_vur,
        ratings={n: by_number[n].player.rating for n in numbers},
        win=points_of(scoring.win),
        draw=draw,
        unit=unit,
        score_units=score_units,
        adjusted_units=adjusted_units,
        win_units=scoring.win,
        draw_units=draw_units,
        explain=explain,
        _values=values,
        _products=products,
    )


# unit -> (units -> points, units² -> points², the slots made): the few values a season's
# sections share
_Tables = tuple[dict[int, Fraction], dict[int, Fraction], dict[tuple, Slot]]
_TABLES: dict[tuple[int, int], _Tables] = {}


def _tables(unit: Fraction) -> _Tables:
    """The Fractions already made for ``unit`` (shared by every context of that unit:
    Fractions are immutable), so most sections make none; and the slots, by (round,
    opponent, colour, code, units): frozen values, so the sections of a season share
    them too (its round robins of one size have the same few thousand)."""
    key = (unit.numerator, unit.denominator)
    tables = _TABLES.get(key)
    if tables is None or len(tables[0]) + len(tables[1]) + len(tables[2]) > 65536:
        if len(_TABLES) > 64:
            _TABLES.clear()
        tables = _TABLES[key] = ({}, {}, {})
    return tables
