"""The expected score of one game: FIDE's table, not the logistic formula.

FIDE Rating Regulations (B.02, in force from 1 March 2024, 8.3.1 as amended from
1 October 2025):

    8.3.1 For each game played against a rated player, determine the difference in
    rating between the player and their opponent, D. A difference in rating of more
    than 400 points shall be counted for rating purposes as though it were a
    difference of 400 points for players rated below 2650. For players rated 2650
    and above, the difference between ratings shall be used in all cases

    8.3.2 a) Use table 8.1.2 to determine the player's score probability PD for
    each game.

Table 8.1.2 (numbered 8.1(b) in the editions before 2024) is transcribed below as
the upper bound of each band of D. The table is what FIDE's rating server uses; the
formula ``1 / (1 + 10 ** (-D / 400))`` it was made from disagrees with it by a
hundredth at many differences (at D = 400 the formula gives 0.909, the table 0.92),
so the table is kept as printed and tested at every band's edges.

Expected scores are exact :class:`~fractions.Fraction` hundredths, so a game's
change ``K × (score − PD)`` and an event's sum carry no floating-point error.
"""

from __future__ import annotations

import bisect
from fractions import Fraction

# B.02 8.1.2: (highest D of the band, PD of the higher-rated player in hundredths).
# The lower-rated player's PD is 100 minus it. Above 735 the higher player's PD is 1.00.
PD_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62),
    (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68), (145, 69), (153, 70),
    (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
    (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
    (290, 84), (302, 85), (315, 86), (328, 87), (344, 88),
    (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96),
    (559, 97), (619, 98), (735, 99),
)  # fmt: skip
_UPPER = tuple(upper for upper, _ in PD_TABLE)

# 8.3.1: the cap on D, and the rating from which it no longer applies (1 October 2025).
RULE_OF_400 = 400
NO_CAP_FROM = 2650


def pd_higher(difference: int) -> int:
    """PD in hundredths of the higher-rated player for a rating difference ``difference``
    (not negative, already capped if the rule of 400 applies): table 8.1.2 as printed."""
    if difference < 0:
        raise ValueError(f"a rating difference is not negative: {difference}")
    band = bisect.bisect_left(_UPPER, difference)
    return PD_TABLE[band][1] if band < len(PD_TABLE) else 100


def counted_difference(rating: int, opponent: int) -> int:
    """D as 8.3.1 counts it for the player rated ``rating``: the absolute difference,
    cut to 400 unless the player is rated 2650 or more.

    The rule is the player's, not the game's: in 2700 against 2200 the stronger
    player's D is 500 and the weaker's is 400."""
    d = abs(rating - opponent)
    return d if rating >= NO_CAP_FROM else min(d, RULE_OF_400)


def expected_score(rating: int, opponent: int) -> Fraction:
    """PD of the player rated ``rating`` against ``opponent`` (8.3.1 and 8.3.2 a)."""
    pd = pd_higher(counted_difference(rating, opponent))
    return Fraction(pd if rating >= opponent else 100 - pd, 100)
