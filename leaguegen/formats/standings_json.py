"""Standings as JSON: the contract ``standings --json`` prints and the feeds carry.

``{"tiebreaks": [...], "rows": [{"startno", "points", "values", "rank"}]}`` with
rows by start number, points and point-valued tie-breaks as floats, counts and
ratings as integers, null where a tie-break is undefined; ``excluded`` lists
players the 50 % rule removed. A season's section adds each row's ``name`` and
uses the player's start number (``start:``) when the season has one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from leaguegen.domain.season import Section
from leaguegen.domain.standings import Standings
from leaguegen.domain.tiebreaks import lookup


def _number(value: object, points_valued: bool) -> object:
    """Point-valued tie-breaks as floats, counts and ratings as integers."""
    if value is None:
        return None
    if points_valued or (isinstance(value, Fraction) and value.denominator != 1):
        return round(float(value), 4)  # type: ignore[arg-type]
    return int(value)  # type: ignore[call-overload]


def points(units: int, unit: Fraction) -> float:
    return round(float(units * unit), 4)


def standings_json(standings: Standings, unit: Fraction) -> dict[str, Any]:
    rows = sorted(standings.rows, key=lambda r: r.number)
    kinds = [lookup(code)[1].points_valued for code in standings.codes]
    out: dict[str, Any] = {
        "tiebreaks": list(standings.codes),
        "rows": [
            {
                "startno": r.number,
                "points": points(r.points, unit),
                "values": [_number(v, k) for v, k in zip(r.values, kinds, strict=True)],
                "rank": r.rank,
            }
            for r in rows
        ],
    }
    if standings.excluded:
        out["excluded"] = sorted(standings.excluded)
    return out


def section_standings_json(section: Section, standings: Standings,
                           unit: Fraction) -> dict[str, Any]:
    """A season section's standings: rows with ``name``, start numbers where recorded."""
    out = standings_json(standings, unit)
    for row in out["rows"]:
        player = section.players[row["startno"] - 1]
        row["name"] = player.name
        row["startno"] = player.start or row["startno"]
    out["rows"].sort(key=lambda r: r["startno"])
    if "excluded" in out:
        out["excluded"] = sorted(section.players[n - 1].start or n for n in out["excluded"])
    return out
