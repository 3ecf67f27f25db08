"""Hand-checked games: B.02 8.3 worked by hand from table 8.1.2, one game at a time.

Each row: the player's rating, the opponent's (None: unrated), the player's TRF code,
K, and what was read off the printed table by hand: PD in hundredths and the change
``K × (score − PD)`` in hundredths (None where the game does not count). The comment
names the band of table 8.1.2 (B.02, 1 March 2024) the difference falls in.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.rating import GameInput, NotCounted, game_change

W, D, L = Code.WIN, Code.DRAW, Code.LOSS

GAMES = [
    # -- table 8.1.2 at its band edges (K 20) --
    ("D 3, band 0-3: .50", 2000, 1997, W, 20, 50, 1000),
    ("D 4, band 4-10: .51", 2000, 1996, W, 20, 51, 980),
    ("D 10, lower player, band 4-10: .49", 1990, 2000, D, 20, 49, 20),
    ("D 11, lower player, band 11-17: .48", 1989, 2000, D, 20, 48, 40),
    ("D 98, band 92-98: .63", 2098, 2000, L, 20, 63, -1260),
    ("D 100, band 99-106: .64", 2100, 2000, L, 20, 64, -1280),
    ("D 197, lower, band 189-197: .25", 1803, 2000, W, 20, 25, 1500),
    ("D 200, lower, band 198-206: .24", 1800, 2000, W, 20, 24, 1520),
    ("D 265, band 257-267: .82", 2000, 1735, D, 20, 82, -640),
    ("D 268, band 268-278: .83", 2000, 1732, D, 20, 83, -660),
    ("D 391, band 375-391: .91", 2000, 1609, W, 20, 91, 180),
    ("D 392, band 392-411: .92", 2000, 1608, W, 20, 92, 160),
    ("equal ratings: .50 each", 2399, 2399, D, 20, 50, 0),
    # -- the rule of 400 (8.3.1), for players below 2650 --
    ("D 400 exactly: .92", 2000, 1600, W, 20, 92, 160),
    ("D 600 counted as 400: .92", 2000, 1400, L, 20, 92, -1840),
    ("lower by 600, counted as 400: .08", 1400, 2000, W, 40, 8, 3680),
    ("lower by 900, counted as 400: .08", 1500, 2400, D, 40, 8, 1680),
    ("2649 is below 2650: D 649 counted as 400, .92", 2649, 2000, D, 10, 92, -420),
    ("2000 against 2700: capped for the 2000 player, .08", 2000, 2700, D, 20, 8, 840),
    # -- 2650 and above: the real difference (amendment of 1 October 2025) --
    ("2650, D 650, band 620-735: .99", 2650, 2000, D, 10, 99, -490),
    ("2700, D 700, band 620-735: .99", 2700, 2000, W, 10, 99, 10),
    ("2700, D 735, last band edge: .99", 2700, 1965, W, 10, 99, 10),
    ("2700, D 736, above 735: 1.00", 2700, 1964, W, 10, 100, 0),
    ("2700, D 736, a draw costs half of K", 2700, 1964, D, 10, 100, -500),
    # -- K 10 / 20 / 40 (8.3.3) --
    ("K 10: 2400 beats 2300, band 99-106: .64", 2400, 2300, W, 10, 64, 360),
    ("K 20: the same game", 2400, 2300, W, 20, 64, 720),
    ("K 40: a junior 2200 beats 2300: .36", 2200, 2300, W, 40, 36, 2560),
    # -- games that do not count (5.1, 8.3.1) --
    ("a forfeit win is not rated", 2000, 1900, Code.FORFEIT_WIN, 20, None, None),
    ("a forfeit loss is not rated", 2000, 1900, Code.FORFEIT_LOSS, 20, None, None),
    ("under one move (TRF W) is not rated", 2000, 1900, Code.WIN_UNRATED, 20, None, None),
    ("an unrated opponent: no change for the rated player", 2000, None, W, 20, None, None),
    ("a game not played yet", 2000, 1900, Code.PENDING, 20, None, None),
]

WHY = {
    Code.FORFEIT_WIN: NotCounted.FORFEIT, Code.FORFEIT_LOSS: NotCounted.FORFEIT,
    Code.WIN_UNRATED: NotCounted.UNDER_ONE_MOVE, Code.PENDING: NotCounted.NOT_PLAYED_YET,
}


def test_there_are_thirty_hand_checked_games_and_more():
    assert len(GAMES) >= 30


@pytest.mark.parametrize(("label", "rating", "opponent", "code", "k", "pd", "change"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_hand_checked_game(label: str, rating: int, opponent: int | None, code: Code, k: int,
                           pd: int | None, change: int | None) -> None:
    g = game_change(rating, k, GameInput(1, "Opponent", opponent, code))
    if pd is None:
        assert not g.counts
        assert g.not_counted is (WHY.get(code) or NotCounted.UNRATED_OPPONENT)
        assert g.change == 0 and g.expected is None and g.difference is None
        return
    assert g.counts
    assert g.expected == Fraction(pd, 100)
    assert g.change == Fraction(change, 100)


@pytest.mark.parametrize("code", [Code.HALF_BYE, Code.FULL_BYE, Code.PAIRING_BYE, Code.ZERO_BYE])
def test_a_bye_is_no_game(code: Code) -> None:
    g = game_change(2000, 20, GameInput(3, None, None, code))
    assert g.not_counted is NotCounted.BYE and g.change == 0


def test_the_difference_shown_is_the_one_counted() -> None:
    assert game_change(2000, 20, GameInput(1, "x", 1400, W)).difference == 400
    assert game_change(2700, 10, GameInput(1, "x", 2000, W)).difference == 700


def test_a_reason_the_caller_knows_wins() -> None:
    g = game_change(2700, 10, GameInput(1, "x", 2700, W, NotCounted.TIEBREAK_GAME))
    assert g.not_counted is NotCounted.TIEBREAK_GAME and g.change == 0


def test_an_unrated_players_game_counts_toward_a_first_rating_without_a_change() -> None:
    g = game_change(None, 0, GameInput(1, "x", 1900, D))
    assert g.counts and g.score == Fraction(1, 2)
    assert g.expected is None and g.change == 0
