"""Every tie-break, found by its FIDE code; a new tie-break is a new entry here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from leaguegen.domain.tiebreaks import buchholz, counts, direct, koya, rating
from leaguegen.domain.tiebreaks.spec import TiebreakSpec, parse_code


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """``func(ctx, spec)`` returns ``{number: Explanation}``; ``grouped`` ones (DE) also
    take the groups still tied when they are reached."""

    name: str
    title: str
    func: Callable
    lower_is_better: bool = False
    grouped: bool = False
    points_valued: bool = False  # values are points (shown with decimals)


REGISTRY: dict[str, Tiebreak] = {
    t.name: t
    for t in (
        Tiebreak("PTS", "Points", counts.points, points_valued=True),
        Tiebreak("DE", "Direct encounter", direct.direct_encounter, lower_is_better=True,
                 grouped=True),
        Tiebreak("WIN", "Number of wins", counts.wins),
        Tiebreak("WON", "Games won over the board", counts.won),
        Tiebreak("BPG", "Games played with Black", counts.black_played),
        Tiebreak("BWG", "Games won with Black", counts.black_won),
        Tiebreak("REP", "Rounds one elected to play", counts.rounds_elected),
        Tiebreak("PS", "Progressive score", counts.progressive, points_valued=True),
        Tiebreak("STD", "Standard points", counts.standard_points, points_valued=True),
        Tiebreak("TPN", "Tournament pairing number", counts.pairing_number,
                 lower_is_better=True),
        Tiebreak("KS", "Koya system", koya.koya, points_valued=True),
        Tiebreak("BH", "Buchholz", buchholz.buchholz, points_valued=True),
        Tiebreak("FB", "Fore Buchholz", buchholz.fore_buchholz, points_valued=True),
        Tiebreak("SB", "Sonneborn-Berger", buchholz.sonneborn_berger, points_valued=True),
        Tiebreak("AOB", "Average of opponents' Buchholz", buchholz.average_of_buchholz,
                 points_valued=True),
        Tiebreak("ARO", "Average rating of opponents", rating.average_rating_of_opponents),
        Tiebreak("TPR", "Tournament performance rating", rating.tournament_performance),
        Tiebreak("PTP", "Perfect tournament performance",
                 rating.perfect_tournament_performance),
        Tiebreak("APRO", "Average performance rating of opponents",
                 rating.average_performance_of_opponents),
        Tiebreak("APPO", "Average perfect performance of opponents",
                 rating.average_perfect_performance_of_opponents),
        Tiebreak("RTNG", "Rating", rating.rating),
    )
}


# leaguegen's defaults when a section names no list (a choice, not a FIDE rule: C.07 has none).
DEFAULTS: dict[str, tuple[str, ...]] = {
    "round-robin": ("DE", "SB", "WIN", "KS"),
    "swiss": ("BH/C1", "BH", "SB", "DE", "WIN"),
}


def lookup(code: str | TiebreakSpec) -> tuple[TiebreakSpec, Tiebreak]:
    """The parsed code and its registry entry; ValueError for an unknown code."""
    spec = parse_code(code) if isinstance(code, str) else code
    try:
        return spec, REGISTRY[spec.name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise ValueError(f"unknown tie-break {spec.code!r} (known: {known})") from None
