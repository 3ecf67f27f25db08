"""The guides' advice by field size and format (issue 17, part 1), from the section kinds.

Each guide passage has its test: a round robin is easy to about 6 players, fine
for 7-10 when the calendar allows, 11-12 is the ceiling, 13 or more should be a
Swiss, rating-band round robins or quads; a Swiss needs more players than
rounds ("a Swiss of N players has at most N-1 rounds, and fewer are safe").
The safe Swiss length is checked by brute force on small fields.
"""

from __future__ import annotations

from functools import cache

import pytest

from leaguegen.domain import planning as pl
from leaguegen.domain.planning import Sizing, Verdict
from leaguegen.domain.sections import format_names, kind_of


def advice(fmt: str, players: int, **options) -> pl.FieldAdvice:
    """The single verdict the registry's kind gives ``players`` in format ``fmt``."""
    shape = kind_of(fmt).plan(Sizing(fmt, players, **options), None)
    (only,) = shape.advice
    return only


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_guide_round_robin_easy_up_to_about_6_players(n: int) -> None:
    a = advice("round_robin", n)
    assert a.verdict is Verdict.EASY and a.rounds == pl.round_robin_rounds(n) <= 5


@pytest.mark.parametrize("n", [7, 8, 9, 10])
def test_guide_round_robin_7_to_10_when_the_calendar_allows(n: int) -> None:
    assert advice("round_robin", n).verdict is Verdict.CALENDAR


@pytest.mark.parametrize("n", [11, 12])
def test_guide_round_robin_11_to_12_is_the_ceiling(n: int) -> None:
    assert advice("round_robin", n).verdict is Verdict.CEILING


@pytest.mark.parametrize("n", [13, 16, 24, 40])
def test_guide_13_or_more_should_be_a_swiss_rating_bands_or_quads(n: int) -> None:
    a = advice("round_robin", n)
    assert a.verdict is Verdict.TOO_LONG
    assert a.usual == pl.swiss_rounds(n) and a.usual[1] < a.rounds
    assert a.quads_rounds in (3, 5)
    bands, band_rounds = a.bands
    assert bands * pl.RATING_BAND >= n and band_rounds <= pl.EASY_ROUNDS


def test_the_length_verdict_is_the_guides_figures_in_rounds() -> None:
    """Single round robins: the player bands and the round bands agree for every field."""
    by_players = {**dict.fromkeys(range(3, 7), Verdict.EASY),
                  **dict.fromkeys(range(7, 11), Verdict.CALENDAR),
                  **dict.fromkeys((11, 12), Verdict.CEILING),
                  **dict.fromkeys(range(13, 31), Verdict.TOO_LONG)}
    for n, verdict in by_players.items():
        assert pl.length_verdict(pl.round_robin_rounds(n)) is verdict, n
    # a double round robin is judged by its length: 4 players are 6 rounds, 6 are 10
    assert advice("double_round_robin", 4).verdict is Verdict.CALENDAR
    assert advice("double_round_robin", 6).verdict is Verdict.CEILING
    assert advice("double_round_robin", 8).verdict is Verdict.TOO_LONG


def test_guide_swiss_needs_more_players_than_rounds() -> None:
    """A 5-player, 5-round Swiss cannot exist; 4 rounds (the default) can run out."""
    with pytest.raises(ValueError, match="at most 4 rounds, and fewer are safe"):
        advice("swiss", 5, rounds=5)
    a = advice("swiss", 5)
    assert (a.verdict, a.rounds, a.limit) == (Verdict.SWISS_RISKY, 4, 3)
    assert advice("swiss", 5, rounds=3).verdict is Verdict.SWISS_SAFE
    big = advice("swiss", 30)
    assert (big.verdict, big.rounds, big.usual) == (Verdict.SWISS_SAFE, 6, (6, 7))


def test_every_format_gets_a_verdict() -> None:
    for fmt in format_names():
        players = 8
        shape = kind_of(fmt).plan(Sizing(fmt, players), None)
        assert shape.advice and shape.players == players, fmt


def test_quads_knockout_and_team_match_verdicts() -> None:
    assert advice("quads", 7).verdict is Verdict.ONE_GROUP
    assert advice("quads", 16).verdict is Verdict.EASY
    ko = advice("knockout", 12)
    assert (ko.verdict, ko.limit) == (Verdict.BYES, 4)
    assert advice("knockout", 16).verdict is Verdict.FULL_BRACKET
    long_match = advice("scheveningen", 12, double=True)  # 12 rounds, but a team match
    assert long_match.verdict is Verdict.TOO_LONG and long_match.usual is None


def test_formats_without_a_double_refuse_one() -> None:
    for fmt in ("swiss", "knockout"):
        with pytest.raises(ValueError, match="no double form"):
            kind_of(fmt).plan(Sizing(fmt, 8, double=True), None)


def test_knockout_counts_each_rounds_own_match_length() -> None:
    """The grand prix's bracket: two-game matches, a four-game final."""
    shape = kind_of("knockout").plan(Sizing("knockout", 8, games_per_match=2, final_games=4),
                                     None)
    assert (shape.rounds, shape.games, shape.round_games) == (8, 4 * 2 + 2 * 2 + 4, (2, 2, 4))
    assert shape.games_per_player == (2, 8)


# ---------------------------------------------------------------- the safe Swiss length


def _matchings(vertices: tuple[int, ...]) -> list[frozenset[tuple[int, int]]]:
    if not vertices:
        return [frozenset()]
    first, rest = vertices[0], vertices[1:]
    out = []
    for i, other in enumerate(rest):
        for m in _matchings(rest[:i] + rest[i + 1:]):
            out.append(m | {(first, other)})
    return out


def _pairable_after(players: int, rounds: int) -> bool:
    """Whether every history of ``rounds`` rounds without rematches leaves a next pairing.

    An odd field plays with a phantom (the bye), so a second bye is a rematch too.
    """
    size = players + players % 2
    all_rounds = _matchings(tuple(range(size)))

    @cache
    def ok(played: frozenset[tuple[int, int]], left: int) -> bool:
        options = [m for m in all_rounds if not m & played]
        if left == 0:
            return bool(options)
        return all(ok(played | m, left - 1) for m in options)

    return ok(frozenset(), rounds)


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_guide_fewer_rounds_are_safe_by_brute_force(n: int) -> None:
    """Up to ceil(N/2) rounds always pair, whatever was paired before (every history)."""
    assert _pairable_after(n, pl.swiss_safe_rounds(n) - 1)


@pytest.mark.parametrize("n", [5, 6])
def test_guide_more_rounds_can_run_out(n: int) -> None:
    """One round past the safe length, some history leaves no pairing (5: the issue's case)."""
    assert not _pairable_after(n, pl.swiss_safe_rounds(n))


def test_the_safe_length_is_a_floor() -> None:
    """Some fields can always pair one round more (4 and 7 players); none is promised it."""
    assert _pairable_after(4, pl.swiss_safe_rounds(4))
    assert _pairable_after(7, pl.swiss_safe_rounds(7))
    assert len(_matchings(tuple(range(6)))) == 15  # 5 x 3 x 1 pairings of six
