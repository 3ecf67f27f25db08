"""Standings: points, then a list of tie-breaks applied in order, with competition ranks.

The list is applied the FIDE way (C.07 Art. 2): players are first grouped by
points; each tie-break then splits only the groups still tied. DE, the only
type-A tie-break, is computed inside those groups. Players equal on every
value share a rank (1, 2, 2, 4) and are listed by start number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from leaguegen.domain.model import Crosstable
from leaguegen.domain.tiebreaks.context import build_context
from leaguegen.domain.tiebreaks.explain import Explanation, Value
from leaguegen.domain.tiebreaks.registry import Tiebreak, lookup
from leaguegen.domain.tiebreaks.spec import TiebreakSpec


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One ranked player. ``points`` in scoring units; ``values`` one per code (points
    as Fractions, counts and ratings as ints, None where undefined). Players the
    50 % rule removed have no row. ``decided_by`` is the code that placed this player
    above the next one on the same points (None if the next has other points, or they
    are equal on the whole list)."""

    number: int
    points: int
    values: tuple[Value, ...]
    rank: int
    explanations: tuple[Explanation, ...]
    decided_by: str | None


@dataclass(frozen=True, slots=True)
class Standings:
    codes: tuple[str, ...]
    system: str
    rules: str
    after_round: int
    excluded: frozenset[int]
    rows: tuple[StandingsRow, ...]  # in rank order

    def row(self, number: int) -> StandingsRow:
        for r in self.rows:
            if r.number == number:
                return r
        raise KeyError(number)

    def separated_by(self, a: int, b: int) -> str | None:
        """The code that separated two players on equal points, or None (different
        points, or tied on the whole list)."""
        ra, rb = self.row(a), self.row(b)
        if ra.points != rb.points:
            return None
        for code, va, vb in zip(self.codes, ra.values, rb.values, strict=True):
            if va != vb:
                return code
        return None


def _split(groups: list[list[int]], values: dict[int, Value], entry: Tiebreak,
           spec: TiebreakSpec) -> list[list[int]]:
    """Each group split by ``values``, best first (None last), a tier per value; inside
    a tier by player number. Sorted by number, then (stably) by value: no key tuple nor
    negated Fraction per player (the standings after every round of a big season split
    hundreds of thousands of times)."""
    better_is_higher = entry.lower_is_better == spec.reverse
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append([group[0]])
            continue
        ordered = sorted(n for n in group if values[n] is not None)
        ordered.sort(key=values.__getitem__, reverse=better_is_higher)
        ordered += sorted(n for n in group if values[n] is None)
        current = [ordered[0]]
        for n in ordered[1:]:
            if values[n] == values[current[-1]]:
                current.append(n)
            else:
                out.append(current)
                current = [n]
        out.append(current)
    return out


def _positions(groups: list[list[int]]) -> list[tuple[int, list[int]]]:
    """Competition ranks: each group's position is one more than the players above it."""
    out, position = [], 1
    for group in groups:
        out.append((position, group))
        position += len(group)
    return out


def compute_standings(
    table: Crosstable,
    codes: Sequence[str],
    system: str,
    rules: str = "2024",
    after_round: int | None = None,
    excluded: frozenset[int] = frozenset(),
    explain: bool = True,
) -> Standings:
    """Rank the players of ``table`` by points, then by ``codes`` (FIDE codes such as
    ``"SB"``, ``"BH/C1"``, ``"KS/L-1"``). Raises ValueError for an unknown code,
    system or rules edition. ``explain`` False: the rows' explanations hold the values and
    extras (DE's ``mutual_score``, ``all_met``) without their elements and notes, which
    cost more than the values (:attr:`Context.explain`)."""
    parsed = [lookup(c) for c in codes]
    ctx = build_context(table, system, rules, after_round, frozenset(excluded), explain)
    units = ctx.score_units
    groups: list[list[int]] = [list(ctx.numbers)] if ctx.numbers else []
    # points split the field in units (the same order: a unit is worth more than 0)
    pts_spec, pts = lookup("PTS")
    groups = _split(groups, units if ctx.unit > 0 else dict(ctx.score), pts, pts_spec)
    results: list[dict[int, Explanation]] = []
    for spec, entry in parsed:
        res = entry.func(ctx, spec, groups) if entry.grouped else entry.func(ctx, spec)
        results.append(res)
        groups = _split(groups, {n: res[n].value for n in ctx.numbers}, entry, spec)
    ordered = [(n, position) for position, group in _positions(groups) for n in sorted(group)]
    values = {n: tuple(r[n].value for r in results) for n, _ in ordered}
    rows: list[StandingsRow] = []
    for i, (n, position) in enumerate(ordered):
        # the tiebreak that put this player above the next one on the same points
        below = ordered[i + 1][0] if i + 1 < len(ordered) else None
        decided = None
        if below is not None and units[below] == units[n]:
            for (spec, _), a, b in zip(parsed, values[n], values[below], strict=True):
                if a != b:
                    decided = spec.code
                    break
        rows.append(StandingsRow(n, units[n], values[n], position,
                                 tuple(r[n] for r in results), decided))
    return Standings(
        codes=tuple(spec.code for spec, _ in parsed),
        system=system,
        rules=rules,
        after_round=ctx.rounds,
        excluded=frozenset(excluded),
        rows=tuple(rows),
    )
