"""A quads section's facts: one round robin's facts per group, the event's progress.

A quad (four players, three rounds) and a group of six (five rounds) play side by
side: event round k is every group's round k, so after round 3 only the six play on
and the section is finished once both groups are.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from leaguegen.domain import roundrobin
from leaguegen.domain.model import Player
from leaguegen.domain.schedule.quads import GroupingRule
from leaguegen.domain.season import Game, GameResult, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.quads import QuadsDetails, QuadsFacts, details, quads_facts

DATES = tuple(RoundInfo(r, dt.date(2026, 9, r)) for r in range(1, 6))


def group(number: int, size: int, played: int, withdrawals: tuple[Withdrawal, ...] = ()
          ) -> Section:
    """A group of ``size`` with every game of its first ``played`` rounds drawn."""
    players = tuple(Player(f"G{number}P{i}", 2000 - 10 * i) for i in range(1, size + 1))
    shell = Section(id=f"q/group-{number}", name="Q", format="round_robin", players=players,
                    rounds=DATES[: size - 1 if size % 2 == 0 else size], games=(),
                    withdrawals=withdrawals)
    games = tuple(Game(r, p.white, p.black, GameResult.DRAW)
                  for r, boards in enumerate(roundrobin.section_schedule(shell), start=1)
                  if r <= played for p in boards if p.black is not None)
    return replace(shell, games=games)


def quads(*groups: Section, double: bool = False) -> Section:
    players = tuple(p for g in groups for p in g.players)
    return Section(id="q", name="Q", format="quads", players=players, rounds=DATES, games=(),
                   details=QuadsDetails(GroupingRule(double=double), groups))


def test_group_facts_are_each_groups_own_round_robin_facts() -> None:
    four, six = group(1, 4, 3), group(2, 6, 2)
    f = quads_facts(derive_facts(quads(four, six)))
    assert isinstance(f, QuadsFacts)
    assert f.group_facts[0] == derive_facts(four) and f.group_facts[1] == derive_facts(six)
    assert [g.finished for g in f.group_facts] == [True, False]
    assert [g.progress.rounds_total for g in f.group_facts] == [3, 5]
    # one ranking per group, by the group's id, for a later stage to take players from
    assert [rid for rid, _ in f.rankings] == ["q/group-1", "q/group-2"]
    assert f.rankings[0][1] == tuple(p.name for p in derive_facts(four).section.players)
    assert f.details.event_rounds == 5


def test_which_groups_play_an_event_round() -> None:
    f = quads_facts(derive_facts(quads(group(1, 4, 0), group(2, 6, 0))))
    assert [f.groups_in_round(r) for r in range(1, 7)] == [
        (1, 2), (1, 2), (1, 2), (2,), (2,), ()]


def test_progress_is_the_whole_events() -> None:
    start = quads_facts(derive_facts(quads(group(1, 4, 0), group(2, 6, 0))))
    assert (start.progress.rounds_played, start.progress.rounds_total) == (0, 5)
    assert not start.finished and start.progress.next_date == dt.date(2026, 9, 1)
    # the quad has finished, the six have played three of five rounds
    middle = quads_facts(derive_facts(quads(group(1, 4, 3), group(2, 6, 3))))
    assert middle.progress.rounds_played == 3 and not middle.finished
    assert middle.progress.next_date == dt.date(2026, 9, 4)
    done = quads_facts(derive_facts(quads(group(1, 4, 3), group(2, 6, 5))))
    assert done.progress.rounds_played == 5 and done.finished
    assert done.progress.next_date is None


def test_a_withdrawal_in_a_group_forfeits_its_remaining_games() -> None:
    # G2P1 left after round 2; once round 3 is reached their game is a forfeit, so the group
    # finishes with the results of the other boards
    six = group(2, 6, 5, withdrawals=(Withdrawal(1, 2),))
    six = replace(six, games=tuple(g for g in six.games
                                   if g.round <= 2 or 1 not in (g.white, g.black)))
    f = quads_facts(derive_facts(quads(group(1, 4, 3), six)))
    assert f.group_facts[1].finished and f.finished


def test_quad_rounds_and_the_type_check() -> None:
    assert details(quads(group(1, 4, 0))).quad_rounds == 3
    assert details(quads(group(1, 4, 0), double=True)).quad_rounds == 6
    with pytest.raises(TypeError):
        quads_facts(derive_facts(group(1, 4, 0)))
