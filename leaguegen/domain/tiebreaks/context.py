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

All numbers here are in points as exact Fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.model import Code, Colour, Crosstable

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
SYSTEMS = (SWISS, ROUND_ROBIN)
EDITIONS = ("2024", "2026")

_NOT_VUR = frozenset({Code.PAIRING_BYE, Code.FULL_BYE, Code.FORFEIT_WIN})


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

    @property
    def pab(self) -> bool:
        return self.code is Code.PAIRING_BYE and not self.void


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

    @property
    def is_rr(self) -> bool:
        return self.system == ROUND_ROBIN

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
    slots: dict[int, tuple[Slot, ...]] = {}
    for number in numbers:
        record = by_number[number]
        row = []
        for rnd in range(1, rounds + 1):
            entry = record.entry(rnd)
            if entry is None:
                row.append(Slot(rnd, None, None, Code.ZERO_BYE, Fraction(0), False, True))
                continue
            if entry.code is Code.PENDING or entry.opponent in excluded:
                row.append(Slot(rnd, None, None, entry.code, Fraction(0), False, True, True))
                continue
            if entry.opponent is not None and entry.opponent not in by_number:
                raise ValueError(f"player {number}, round {rnd}: opponent {entry.opponent}"
                                 " is not in the table")
            played = entry.played
            vur = not played and entry.code not in _NOT_VUR
            points = scoring.points(entry.code) * unit
            row.append(Slot(rnd, entry.opponent, entry.colour, entry.code, points, played, vur))
        slots[number] = tuple(row)
    score = {n: sum((s.points for s in slots[n]), Fraction(0)) for n in numbers}
    draw = scoring.draw * unit
    last_not_vur = {n: max((s.round for s in slots[n] if not s.vur), default=0) for n in numbers}
    adjusted: dict[int, Fraction] = {}
    for n in numbers:
        if system == ROUND_ROBIN:
            adjusted[n] = score[n]
        else:
            adjusted[n] = sum(
                (s.points if s.round <= last_not_vur[n] or s.opponent is not None else draw
                 for s in slots[n]),
                Fraction(0),
            )
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
        win=scoring.win * unit,
        draw=draw,
    )
