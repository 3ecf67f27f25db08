"""The club rating list rated from a kept run (domain/club/club_rating.rate): what ``serve``
keeps between saves gives the very ratings a fresh run gives, and only the seasons from
the first changed one on are rated again."""

from __future__ import annotations

from leaguegen.domain.club.career import careers
from leaguegen.domain.club.club_rating import club_ratings, rate, ratings_of
from leaguegen.domain.club.identity import roster
from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from tests.domain.club.test_club_rating import CLUB, ORDER


def _careers():  # noqa: ANN202
    seasons = {p: load_season(CLUB / p) for p in ORDER}
    return careers(roster(seasons, ORDER), {p: season_facts(s) for p, s in seasons.items()})


def test_a_kept_run_rates_again_from_the_first_changed_season_to_the_same_ratings() -> None:
    made = _careers()
    fresh = club_ratings(made, ORDER)
    first = rate(made, ORDER, ["a", "b"])
    assert ratings_of(made, first) == fresh
    assert [r.history for r in ratings_of(made, first)] == [r.history for r in fresh]
    same = rate(made, ORDER, ["a", "b"], first)  # nothing changed: every season kept
    assert all(n is o for n, o in zip(same.seasons, first.seasons, strict=True))
    second = rate(made, ORDER, ["a", "b2"], first)  # the second season's games changed
    assert second.seasons[0] is first.seasons[0] and second.seasons[1] is not first.seasons[1]
    both = rate(made, ORDER, ["a2", "b"], first)  # the first: both rated again
    assert all(n is not o for n, o in zip(both.seasons, first.seasons, strict=True))
    assert both.seasons[1].games is first.seasons[1].games  # its games kept, as grouped
    for run in (same, second, both):
        got = ratings_of(made, run)
        assert got == fresh and [r.history for r in got] == [r.history for r in fresh]
