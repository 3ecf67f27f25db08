"""Properties of the prize allocation on random fields and prize lists (hypothesis).

Whatever the field, the prizes and the tie rule: the total paid never exceeds the
fund; each player is paid at most once; a tied group is paid exactly the prizes it
pooled; every prize is either in one award's pool or reported not awarded; and only
players who qualify are paid from a category.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Player
from leaguegen.domain.prizes import (
    Category,
    Criteria,
    Finisher,
    Order,
    PrizeRules,
    Ties,
    award_prizes,
)
from leaguegen.domain.prizes.eligibility import qualifies

DAY = dt.date(2026, 1, 1)


@st.composite
def fields(draw: st.DrawFn) -> list[Finisher]:
    size = draw(st.integers(1, 14))
    points = sorted(draw(st.lists(st.integers(0, 8), min_size=size, max_size=size)),
                    reverse=True)
    # a standings order: by points, and within equal points ranks that may tie
    ranks: list[int] = []
    for i, p in enumerate(points):
        same = i > 0 and points[i - 1] == p and draw(st.booleans())
        ranks.append(ranks[-1] if same else i + 1)
    out = []
    for i in range(size):
        player = Player(
            name=f"P{i + 1}",
            rating=draw(st.one_of(st.none(), st.integers(1000, 2400))),
            sex=draw(st.sampled_from([None, "m", "w", "f"])),
            birth=draw(st.sampled_from([None, "1950", "2010", "2014-05-01", "1990-12-31"])),
            club=draw(st.sampled_from([None, "North", "South"])),
        )
        out.append(Finisher(i + 1, player, points[i], ranks[i]))
    return out


amounts = st.lists(st.integers(0, 50000), min_size=1, max_size=6).map(
    lambda xs: tuple(sorted(xs, reverse=True)))
criteria = st.builds(
    Criteria,
    rating_min=st.one_of(st.none(), st.integers(1000, 2000)),
    rating_max=st.one_of(st.none(), st.integers(1500, 2400)),
    unrated=st.sampled_from([None, True, False]),
    age_min=st.one_of(st.none(), st.integers(5, 70)),
    age_max=st.one_of(st.none(), st.integers(5, 70)),
    sex=st.sampled_from([None, "m", "w"]),
    club=st.sampled_from([None, "North"]),
)
ties = st.sampled_from(list(Ties))


@st.composite
def rules(draw: st.DrawFn) -> PrizeRules:
    cats = []
    if draw(st.booleans()):
        cats.append(Category("Places", draw(amounts), place=True))
    for i in range(draw(st.integers(0 if cats else 1, 4))):
        cats.append(Category(f"C{i}", draw(amounts), draw(criteria),
                             ties=draw(st.one_of(st.none(), ties))))
    return PrizeRules("EUR", tuple(cats), ties=draw(ties),
                      order=draw(st.sampled_from(list(Order))), age_on=DAY)


@settings(max_examples=400, deadline=None)
@given(rules(), fields())
def test_allocation_invariants(prize_rules: PrizeRules, field: list[Finisher]) -> None:
    out = award_prizes(prize_rules, field)
    # the total paid never exceeds the fund
    assert out.paid <= out.fund
    assert all(a.amount >= 0 for a in out.awards)
    # each player at most one prize
    counts = Counter(a.number for a in out.awards)
    assert all(n == 1 for n in counts.values())
    # a group is paid exactly the prizes it pooled
    groups: dict[tuple, list] = {}
    for a in out.awards:
        key = (a.category, a.prizes)
        groups.setdefault(key, []).append(a)
    for (_, pooled), members in groups.items():
        assert sum(m.amount for m in members) == sum(p.amount for p in pooled)
        assert {m.number for m in members} == {members[0].number, *members[0].shared_with}
    # every prize is pooled once or reported not awarded
    handed = Counter((p.category, p.place) for (_, pooled) in groups for p in pooled)
    left = Counter((u.prize.category, u.prize.place) for u in out.unawarded)
    every = Counter((c.name, i + 1) for c in prize_rules.categories
                    for i in range(len(c.amounts)))
    assert handed + left == every
    assert out.paid + sum(u.prize.amount for u in out.unawarded) == out.fund
    # only players who qualify are paid from a category
    by_number = {f.number: f for f in field}
    cats = {c.name: c for c in prize_rules.categories}
    for a in out.awards:
        assert qualifies(by_number[a.number].player, cats[a.category].criteria, DAY)


@settings(max_examples=200, deadline=None)
@given(rules(), fields())
def test_shared_groups_are_tied_and_equal_shares_differ_by_a_unit_at_most(
        prize_rules: PrizeRules, field: list[Finisher]) -> None:
    out = award_prizes(prize_rules, field)
    by_number = {f.number: f for f in field}
    cats = {c.name: c for c in prize_rules.categories}
    for a in out.awards:
        mode = prize_rules.ties_of(cats[a.category])
        for other in a.shared_with:
            mine, theirs = by_number[a.number], by_number[other]
            if mode is Ties.TIEBREAKS:
                assert mine.rank == theirs.rank
            else:
                assert mine.points == theirs.points
        if a.how == "shared":
            shares = [a.amount] + [b.amount for b in out.awards if b.number in a.shared_with]
            assert max(shares) - min(shares) <= 1
