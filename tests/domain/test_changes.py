"""Comparing two versions of a season (domain/changes.py): exactly what differs is listed."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain import changes as ch
from leaguegen.domain.model import Player
from leaguegen.domain.season import GameResult, Withdrawal
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SEASON = load_season(ROOT / "seasons" / "thursday-swiss-2026")
OPEN = SEASON.section("open")
RESULTS = st.one_of(st.none(), st.sampled_from(list(GameResult)))


def test_a_section_compared_with_itself_has_no_change() -> None:
    assert ch.section_changes(OPEN, OPEN) == ()
    assert ch.season_changes(SEASON, SEASON) == {}


def test_a_new_section_or_a_first_version_has_none() -> None:
    assert ch.section_changes(None, OPEN) == ()
    assert ch.season_changes(None, SEASON) == {}
    assert ch.season_changes(replace(SEASON, sections=()), SEASON) == {}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(OPEN.games) - 1), RESULTS), max_size=12))
def test_every_result_that_differs_and_nothing_else(edits) -> None:  # noqa: ANN001
    games = list(OPEN.games)
    for i, result in edits:
        games[i] = replace(games[i], result=result)
    new = replace(OPEN, games=tuple(games))
    found = ch.section_changes(OPEN, new)
    names = [p.name for p in OPEN.players]
    expected = []
    for old, now in zip(OPEN.games, games, strict=True):
        if old.result == now.result:
            continue
        was = old.result.value if old.result else None
        kind = ch.RESULT if was is None else ch.CORRECTION
        expected.append(ch.Change(kind, now.round, (names[now.white - 1], names[now.black - 1]),
                                  was, now.result.value if now.result else None))
    assert list(found) == expected
    # and back again: every change reversed, nothing more
    back = ch.section_changes(new, OPEN)
    assert sorted((c.round, c.players, c.old, c.new) for c in back) == sorted(
        (c.round, c.players, c.new, c.old) for c in found)


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(len(OPEN.players))))
def test_renumbering_the_players_is_no_change(order) -> None:  # noqa: ANN001
    """Players are matched by name: a late entry seeded by rating renumbers the field."""
    players = tuple(OPEN.players[i] for i in order)
    number = {old: new for new, old in enumerate(order, start=1)}
    games = tuple(replace(g, white=number[g.white - 1], black=number[g.black - 1])
                  for g in OPEN.games)
    gone = tuple(replace(w, player=number[w.player - 1]) for w in OPEN.withdrawals)
    assert ch.section_changes(OPEN, replace(OPEN, players=players, games=games,
                                            withdrawals=gone)) == ()


def test_a_withdrawal_added_moved_and_taken_back() -> None:
    owen = OPEN.number_of("Owen Price")
    left = replace(OPEN, withdrawals=(*OPEN.withdrawals, Withdrawal(owen, 4)))
    assert ch.section_changes(OPEN, left) == (ch.Change(ch.WITHDRAWAL, 4, ("Owen Price",), None,
                                                        "4"),)
    later = replace(OPEN, withdrawals=(*OPEN.withdrawals, Withdrawal(owen, 5)))
    assert ch.section_changes(left, later) == (ch.Change(ch.WITHDRAWAL, 5, ("Owen Price",), "4",
                                                         "5"),)
    assert ch.section_changes(later, OPEN) == (ch.Change(ch.WITHDRAWAL, 5, ("Owen Price",), "5",
                                                         None),)


def test_a_late_entry() -> None:
    bigger = replace(OPEN, players=(*OPEN.players, Player("Zoe Quinn", rating=1400)))
    assert ch.section_changes(OPEN, bigger) == (ch.Change(ch.LATE_ENTRY, None, ("Zoe Quinn",),
                                                          None, "Zoe Quinn"),)


def test_a_game_taken_out_with_its_result_is_a_correction_to_none() -> None:
    first = OPEN.games[0]
    fewer = replace(OPEN, games=OPEN.games[1:])
    (change,) = ch.section_changes(OPEN, fewer)
    assert (change.kind, change.round, change.old, change.new) == (ch.CORRECTION, 1, "1-0", None)
    assert change.players == (OPEN.players[first.white - 1].name,
                              OPEN.players[first.black - 1].name)


def test_dated_and_attached() -> None:
    when = dt.datetime(2026, 10, 30, 21, 15, tzinfo=dt.UTC)
    bigger = replace(OPEN, players=(*OPEN.players, Player("Zoe Quinn")))
    found = ch.dated(ch.section_changes(OPEN, bigger), when, "abc123")
    assert [(c.date, c.commit) for c in found] == [(when, "abc123")]
    season = ch.with_changes(SEASON, {"open": found})
    assert season.section("open").changes == found
    assert ch.with_changes(SEASON, {}) is SEASON
