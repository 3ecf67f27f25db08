"""The results model and the random event: ratings decide results, seeds repeat events."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.pairing.random_event import EventSettings, random_event, random_players
from leaguegen.domain.pairing.simulate import ResultsModel, expected_score


def test_expected_score_is_the_logistic_curve() -> None:
    # FIDE's table (normal curve): 0.64 at 100 points, 0.76 at 200, 0.92 at 400.
    assert expected_score(0) == 0.5
    assert round(expected_score(100), 2) == 0.64
    assert round(expected_score(200), 2) == 0.76
    assert round(expected_score(400), 2) == 0.91
    assert expected_score(1000) == expected_score(400)  # differences are capped at 400
    assert expected_score(-150) == pytest.approx(1 - expected_score(150))


@pytest.mark.parametrize(("white", "black"), [(2000, 2000), (2400, 2000), (1800, 2300)])
def test_probabilities_keep_the_expected_score(white: int, black: int) -> None:
    model = ResultsModel()
    win, draw, loss = model.probabilities(white, black)
    assert min(win, draw, loss) >= 0
    assert win + draw + loss == pytest.approx(1)
    assert win + draw / 2 == pytest.approx(expected_score(white + model.white_edge - black))


def test_draws_are_likelier_between_close_ratings() -> None:
    model = ResultsModel(draw_rate=0.4, white_edge=0)
    draws = [model.probabilities(2000 + d, 2000)[1] for d in (0, 100, 200, 400)]
    assert draws == sorted(draws, reverse=True) and draws[0] == pytest.approx(0.4)


def test_sampled_results_follow_the_model() -> None:
    model = ResultsModel()
    rng = random.Random(4)
    counts = Counter(model.game(rng, 2300, 2000) for _ in range(20000))
    win, draw, loss = model.probabilities(2300, 2000)
    assert counts[Code.WIN] / 20000 == pytest.approx(win, abs=0.015)
    assert counts[Code.DRAW] / 20000 == pytest.approx(draw, abs=0.015)
    assert counts[Code.LOSS] / 20000 == pytest.approx(loss, abs=0.015)


def test_random_players_are_in_rating_order() -> None:
    players = random_players(40, random.Random(2))
    ratings = [p.rating for p in players]
    assert ratings == sorted(ratings, reverse=True)
    assert len({p.name for p in players}) == 40
    assert all(p.federation and len(p.federation) == 3 for p in players)
    assert all(p.title is None or p.rating >= 2200 for p in players)


def test_random_event_shape_and_repeatability() -> None:
    settings = EventSettings(players=21, rounds=7, forfeits=0.1, half_byes=0.05, absences=0.05)
    event = random_event(settings, random.Random(12))
    assert random_event(settings, random.Random(12)) == event
    assert random_event(settings, random.Random(13)) != event
    table = event.table
    codes = Counter(e.code for rec in table.records for e in rec.rounds)
    assert all(len(rec.rounds) == 7 for rec in table.records)
    assert codes[Code.PAIRING_BYE] >= 1  # odd field
    assert codes[Code.FORFEIT_WIN] + codes[Code.FORFEIT_LOSS] > 0
    assert codes[Code.HALF_BYE] > 0 and codes[Code.ZERO_BYE] > 0
    for rec in table.records:
        for r, e in enumerate(rec.rounds, start=1):
            if e.opponent is not None:  # both sides of each game agree
                other = table.record(e.opponent).rounds[r - 1]
                assert other.opponent == rec.number and other.colour == e.colour.opposite


def test_random_event_results_follow_ratings() -> None:
    """Over many games the higher-rated player scores what the model expects."""
    settings = EventSettings(players=40, rounds=9)
    scored, expected = 0.0, 0.0
    for seed in range(6):
        table = random_event(settings, random.Random(seed)).table
        for rec in table.records:
            for e in rec.rounds:
                if e.opponent is not None and e.opponent > rec.number:  # rec is rated higher
                    scored += {Code.WIN: 1, Code.DRAW: 0.5, Code.LOSS: 0}[e.code]
                    edge = 30 if e.colour.value == "w" else -30
                    them = table.record(e.opponent).player.rating
                    expected += expected_score(rec.player.rating + edge - them)
    assert scored == pytest.approx(expected, rel=0.05)


def test_no_results_without_games() -> None:
    event = random_event(EventSettings(players=10, rounds=5), random.Random(1))
    codes = {e.code for rec in event.table.records for e in rec.rounds}
    assert codes <= {Code.WIN, Code.DRAW, Code.LOSS}  # even field, nothing requested


@pytest.mark.parametrize("bad", [dict(players=1, rounds=1), dict(players=6, rounds=6),
                                 dict(players=6, rounds=3, forfeits=1.5),
                                 dict(players=6, rounds=3, half_byes=0.6, absences=0.6)])
def test_settings_are_checked(bad: dict) -> None:
    with pytest.raises(ValueError):
        EventSettings(**bad)
