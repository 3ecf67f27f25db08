from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leaguegen.domain.model import Player
from leaguegen.domain.schedule.berger import double_round_robin, single_round_robin
from leaguegen.domain.schedule.quads import (
    ALLOWED_SIZES,
    Fold,
    GroupingRule,
    Remainder3,
    Seeding,
    event_rounds,
    group_sizes,
    make_groups,
    regroup,
    seed_order,
)


def field(n: int) -> list[Player]:
    return [Player(f"P{i:02d}", rating=2000 - 10 * i) for i in range(n)]


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (16, (4, 4, 4, 4)),  # remainder 0
        (17, (4, 4, 4, 5)),  # remainder 1: last five
        (18, (4, 4, 4, 6)),  # remainder 2: last six
        (19, (4, 4, 5, 6)),  # remainder 3: last eleven as 5 + 6
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (4, 6)),
        (11, (5, 6)),
        (12, (4, 4, 4)),
    ],
)
def test_grouping_rule_per_remainder(n: int, sizes: tuple[int, ...]) -> None:
    assert group_sizes(n) == sizes


@pytest.mark.parametrize(
    ("n", "sizes"), [(2, (2,)), (3, (3,)), (4, (4,)), (5, (5,)), (6, (6,)), (7, (7,))]
)
def test_tiny_fields_are_one_group(n: int, sizes: tuple[int, ...]) -> None:
    assert group_sizes(n) == sizes


def test_fewer_than_two_players_is_an_error() -> None:
    with pytest.raises(ValueError):
        group_sizes(1)


def test_remainder3_alternatives() -> None:
    assert group_sizes(19, GroupingRule(remainder3=Remainder3.SEVEN)) == (4, 4, 4, 7)
    assert group_sizes(19, GroupingRule(remainder3=Remainder3.THREE)) == (4, 4, 4, 4, 3)
    assert group_sizes(7, GroupingRule(remainder3=Remainder3.THREE)) == (4, 3)
    assert group_sizes(19, GroupingRule(fold=Fold.TOP)) == (6, 5, 4, 4)


@pytest.mark.parametrize("n", range(4, 41))
@pytest.mark.parametrize("fold", list(Fold))
def test_every_count_4_to_40(n: int, fold: Fold) -> None:
    rule = GroupingRule(fold=fold)
    groups = make_groups(field(n), rule)
    sizes = [g.size for g in groups]
    assert sum(sizes) == n
    assert 3 not in sizes
    assert set(sizes) <= {4, 5, 6, 7}
    assert 7 not in sizes or n == 7
    # at most two groups differ from four, and they sit at the folding end
    odd = [i for i, s in enumerate(sizes) if s != 4]
    assert len(odd) <= 2
    if odd and len(sizes) > 1:
        end = len(sizes) - 1 if fold is Fold.BOTTOM else 0
        assert end in odd
    # every player in exactly one group, groups ordered by rating
    names = [p.name for g in groups for p in g.players]
    assert sorted(names) == sorted(p.name for p in field(n))
    ratings = [p.rating for g in groups for p in g.players]
    assert ratings == sorted(ratings, reverse=True)
    assert [g.number for g in groups] == list(range(1, len(groups) + 1))
    assert event_rounds(groups) == (3 if n % 4 == 0 else 7 if n == 7 else 5)


players_st = st.lists(
    st.builds(
        Player,
        name=st.text(alphabet="abcdefghij", min_size=1, max_size=6),
        rating=st.one_of(st.none(), st.integers(800, 2800)),
    ),
    min_size=2,
    max_size=60,
    unique_by=lambda p: p.name,
)


@given(players_st, st.sampled_from(list(Remainder3)), st.sampled_from(list(Fold)))
def test_grouping_properties(players: list[Player], r3: Remainder3, fold: Fold) -> None:
    rule = GroupingRule(fold=fold, remainder3=r3)
    groups = make_groups(players, rule)
    flat = [p for g in groups for p in g.players]
    assert sorted(p.name for p in flat) == sorted(p.name for p in players)
    assert all(g.size in ALLOWED_SIZES for g in groups)
    if r3 is not Remainder3.THREE and len(players) != 3:
        assert all(g.size != 3 for g in groups)
    keys = [-(p.rating or 0) for p in flat]
    assert keys == sorted(keys)
    # group shape depends only on the count
    assert tuple(g.size for g in groups) == group_sizes(len(players), rule)


def test_ties_broken_by_name_and_declared_order() -> None:
    players = [Player("Carol", 1500), Player("alice", 1500), Player("Bob", 1600), Player("Dan")]
    assert [p.name for p in seed_order(players)] == ["Bob", "alice", "Carol", "Dan"]
    declared = make_groups(players, GroupingRule(seeding=Seeding.LIST))
    assert [p.name for p in declared[0].players] == ["Carol", "alice", "Bob", "Dan"]


def test_duplicate_names_rejected() -> None:
    with pytest.raises(ValueError):
        make_groups([Player("A"), Player("A"), Player("B"), Player("C")])


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 10, 11, 19, 23])
def test_group_schedules_are_berger_tables(n: int) -> None:
    for g in make_groups(field(n)):
        assert g.rounds == single_round_robin(g.size)
        assert g.round_count == {4: 3, 5: 5, 6: 5, 7: 7}[g.size]
    for g in make_groups(field(n), GroupingRule(double=True)):
        assert g.rounds == double_round_robin(g.size)


def test_quad_schedule_matches_fide_table() -> None:
    (group,) = make_groups(field(4))
    pairs = [[(p.white, p.black) for p in rnd] for rnd in group.rounds]
    assert pairs == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_regroup_after_late_entry_and_withdrawal() -> None:
    before = make_groups(field(16))
    late = Player("Late", rating=1995)  # slots in second
    entrants = [*field(16), late]
    after, moves = regroup(before, entrants)
    assert [g.size for g in after] == [4, 4, 4, 5]
    assert after[0].players[1] == late
    moved = {m.name: (m.old_group, m.new_group) for m in moves}
    assert moved["Late"] == (None, 1)
    assert moved["P03"] == (1, 2)  # bumped down by the late entry
    assert "P00" not in moved

    gone = [p for p in entrants if p.name != "P00"]
    again, moves2 = regroup(after, gone)
    assert [g.size for g in again] == [4, 4, 4, 4]
    assert {m.name: (m.old_group, m.new_group) for m in moves2}["P00"] == (1, None)


