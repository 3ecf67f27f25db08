"""Table 8.1.2 as transcribed: checked against the printed rows and at every band's edges."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.rating.expected import (
    PD_TABLE,
    counted_difference,
    expected_score,
    pd_higher,
)
from leaguegen.domain.tiebreaks.rating import expected_hundredths

# The table as the handbook prints it (B.02, 1 March 2024, 8.1.2: "Rtg Dif", PD for H and
# L), one printed cell per string, read in the page's column order.
PRINTED = """
0-3 .50 .50 | 4-10 .51 .49 | 11-17 .52 .48 | 18-25 .53 .47 | 26-32 .54 .46 | 33-39 .55 .45
40-46 .56 .44 | 47-53 .57 .43 | 54-61 .58 .42 | 62-68 .59 .41 | 69-76 .60 .40 | 77-83 .61 .39
84-91 .62 .38 | 92-98 .63 .37 | 99-106 .64 .36 | 107-113 .65 .35 | 114-121 .66 .34
122-129 .67 .33 | 130-137 .68 .32 | 138-145 .69 .31 | 146-153 .70 .30 | 154-162 .71 .29
163-170 .72 .28 | 171-179 .73 .27 | 180-188 .74 .26 | 189-197 .75 .25 | 198-206 .76 .24
207-215 .77 .23 | 216-225 .78 .22 | 226-235 .79 .21 | 236-245 .80 .20 | 246-256 .81 .19
257-267 .82 .18 | 268-278 .83 .17 | 279-290 .84 .16 | 291-302 .85 .15 | 303-315 .86 .14
316-328 .87 .13 | 329-344 .88 .12 | 345-357 .89 .11 | 358-374 .90 .10 | 375-391 .91 .09
392-411 .92 .08 | 412-432 .93 .07 | 433-456 .94 .06 | 457-484 .95 .05 | 485-517 .96 .04
518-559 .97 .03 | 560-619 .98 .02 | 620-735 .99 .01
"""


def _printed() -> list[tuple[int, int, int, int]]:
    rows = []
    for cell in PRINTED.replace("\n", " | ").split("|"):
        if cell.strip():
            band, high, low = cell.split()
            lo, hi = band.split("-")
            rows.append((int(lo), int(hi), round(float(high) * 100), round(float(low) * 100)))
    return rows


def test_the_transcription_is_the_printed_table() -> None:
    rows = _printed()
    assert len(rows) == 50
    assert [(hi, h) for _, hi, h, _ in rows] == list(PD_TABLE)
    # the bands are contiguous from 0, and H + L is always 1.00
    assert [lo for lo, _, _, _ in rows] == [0] + [hi + 1 for _, hi, _, _ in rows[:-1]]
    assert all(h + low == 100 for _, _, h, low in rows)


def test_it_agrees_with_the_tiebreaks_own_transcription() -> None:
    """domain/tiebreaks/rating.py copied the same table for PTP, independently."""
    for d in range(801):
        assert pd_higher(d) == expected_hundredths(2000 + d, 2000), d


@pytest.mark.parametrize(("lo", "hi", "h", "low"), _printed())
def test_both_edges_of_every_band(lo: int, hi: int, h: int, low: int) -> None:
    for d in (lo, hi):  # players of 2650 and more: the rule of 400 does not cut D
        assert pd_higher(d) == h
        assert expected_score(2700 + d, 2700) == Fraction(h, 100)
        assert expected_score(2700, 2700 + d) == Fraction(low, 100)


def test_above_735_the_higher_player_expects_everything() -> None:
    assert pd_higher(736) == 100 and pd_higher(5000) == 100


def test_the_table_is_not_the_formula() -> None:
    """At D 400 the logistic formula gives 0.909 (0.91); FIDE's table says 0.92."""
    formula = 1 / (1 + 10 ** (-400 / 400))
    assert round(formula, 2) == 0.91
    assert expected_score(2000, 1600) == Fraction(92, 100)


def test_a_negative_difference_is_refused() -> None:
    with pytest.raises(ValueError, match="not negative"):
        pd_higher(-1)


@pytest.mark.parametrize(("rating", "opponent", "counted"), [
    (2000, 1600, 400), (2000, 1599, 400), (1599, 2000, 400), (1000, 2800, 400),
    (2649, 2000, 400), (2650, 2000, 650), (2650, 1800, 850), (2000, 2650, 400),
    (2000, 1801, 199),
])
def test_the_rule_of_400_is_the_players(rating: int, opponent: int, counted: int) -> None:
    assert counted_difference(rating, opponent) == counted
