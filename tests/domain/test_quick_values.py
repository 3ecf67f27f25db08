"""The quick forms of the section facts (issue #13) against what they replaced.

``model.quick_builder`` must make the very values the dataclass's own ``__init__`` makes
(same class, equal, as frozen, pickled alike); the enum members hash by identity; the
round robin's crosstable (``roundrobin.build_crosstable``: entries shared, rows filled in
place) and ``Crosstable.rounds_played`` must give what the code before gave, kept below
as the reference, on random round robins with results missing, withdrawals (before round
1 too), byes, free-round scores, double round robins and rounds as written.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain import roundrobin
from leaguegen.domain.model import (
    NOT_PAIRED,
    Code,
    Colour,
    Crosstable,
    Player,
    PlayerRecord,
    RoundEntry,
    quick_builder,
)
from leaguegen.domain.roundrobin import NEVER_JOINED, game_codes
from leaguegen.domain.season import Bye, Game, GameResult, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections.round_robin import RoundRobinDetails
from leaguegen.domain.tiebreaks.context import Slot, new_slot
from leaguegen.domain.tiebreaks.explain import Explanation, Item, new_explanation, new_item

BYE_CODES = [Code.HALF_BYE, Code.FULL_BYE, Code.PAIRING_BYE, Code.ZERO_BYE]
FRACTIONS = st.fractions(min_value=-50, max_value=50, max_denominator=12)


@settings(max_examples=80, deadline=None)
@given(opponent=st.none() | st.integers(1, 40), colour=st.none() | st.sampled_from(Colour),
       code=st.sampled_from(Code), points=FRACTIONS, flags=st.tuples(*[st.booleans()] * 3),
       units=st.integers(-20, 20), kind=st.text(max_size=8), note=st.text(max_size=8))
def test_the_quick_builders_make_the_dataclasses_values(opponent, colour, code, points, flags,
                                                        units, kind, note) -> None:
    rnd = 3
    pairs = [
        (Slot(rnd, opponent, colour, code, points, *flags, units),
         new_slot(rnd, opponent, colour, code, points, *flags, units)),
        (Slot(rnd, opponent, colour, code, points, flags[0], flags[1]),
         new_slot(rnd, opponent, colour, code, points, flags[0], flags[1])),
        (Item(rnd, kind, opponent, points), new_item(rnd, kind, opponent, points)),
        (Item(rnd, kind, opponent, points, units, points, note=note),
         new_item(rnd, kind, opponent, points, units, points, note=note)),
        (Explanation(kind, points), new_explanation(kind, points)),
        (Explanation(kind, units, (Item(1, "game", 2, points),), (), note, {"x": points}),
         new_explanation(kind, units, (Item(1, "game", 2, points),), (), note, {"x": points})),
    ]
    for made, quick in pairs:
        assert type(quick) is type(made)
        assert quick == made and repr(quick) == repr(made)
        try:
            expected = hash(made)
        except TypeError:  # an Explanation holds a dict
            with pytest.raises(TypeError):
                hash(quick)
        else:
            assert hash(quick) == expected
        assert pickle.loads(pickle.dumps(quick)) == made
        assert dataclasses.replace(quick) == made
        name = dataclasses.fields(made)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(quick, name, None)


def test_a_default_factory_gives_each_value_its_own() -> None:
    a, b = new_explanation("SB", 1), new_explanation("SB", 1)
    assert a.extra == {} and a.extra is not b.extra


def test_only_frozen_slotted_dataclasses_get_a_quick_builder() -> None:
    @dataclasses.dataclass(slots=True)
    class Mutable:
        x: int

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            assert self.x > 0

    for cls in (Mutable, NoSlots, Checked, int):
        with pytest.raises(TypeError):
            quick_builder(cls)


def test_members_hash_by_identity_and_stay_themselves() -> None:
    for member in (*Code, *Colour):
        assert hash(member) == object.__hash__(member)
        assert {member: 1}[member] == 1 and member in frozenset(Code) | frozenset(Colour)
        assert pickle.loads(pickle.dumps(member)) is member
        assert type(member)(member.value) is member


# ---------------------------------------------------------------- the code before


def _crosstable_before(section: Section) -> Crosstable:
    """``roundrobin.build_crosstable`` as it was (eed6ecc): a dict per round."""
    reached = roundrobin.last_round_reached(section)
    results = {(g.round, g.white, g.black): g.result for g in section.games}
    left_after = {w.player: w.after_round for w in section.withdrawals}
    bye = roundrobin.free_round_code(section)
    bye_codes = {(b.round, b.player): b.code for b in section.byes}
    schedule = roundrobin.section_schedule(section)
    columns: list[dict[int, RoundEntry]] = []
    for r, boards in enumerate(schedule, start=1):
        column: dict[int, RoundEntry] = {}
        free = RoundEntry(None, None, bye if r <= reached else Code.PENDING)
        for pairing in boards:
            w, b = pairing.white, pairing.black
            if b is None:
                code = bye_codes.get((r, w), bye)
                column[w] = RoundEntry(None, None, code if r <= reached else Code.PENDING)
                continue
            result = results.get((r, w, b))
            never = [left_after.get(x) == 0 and result is None for x in (w, b)]
            if any(never):
                for x, absent in ((w, never[0]), (b, never[1])):
                    column[x] = NEVER_JOINED if absent else free
                continue
            wc, bc = game_codes(result, r <= reached and w in left_after,
                                r <= reached and b in left_after)
            column[w] = RoundEntry(b, Colour.WHITE, wc)
            column[b] = RoundEntry(w, Colour.BLACK, bc)
        columns.append(column)
    unpaired = [NOT_PAIRED if r <= reached else RoundEntry(None, None, Code.PENDING)
                for r in range(1, len(schedule) + 1)]
    records = tuple(
        PlayerRecord(i, p, tuple(col.get(i, unpaired[r]) for r, col in enumerate(columns)))
        for i, p in enumerate(section.players, start=1)
    )
    return Crosstable(records, len(schedule), section.scoring)


def _rounds_played_before(table: Crosstable) -> int:
    best = 0
    for rec in table.records:
        for i, e in enumerate(rec.rounds, start=1):
            if e.code is not Code.PENDING:
                best = max(best, i)
    return best


@st.composite
def round_robins(draw) -> Section:  # noqa: ANN001
    """A round robin on the Berger table (or as written), part played."""
    n = draw(st.integers(3, 11))
    double = draw(st.booleans())
    rng = random.Random(draw(st.integers(0, 2**32)))
    players = tuple(Player(f"P{i}", rating=1500 + i) for i in range(1, n + 1))
    base = Section("rr", "RR", "double_round_robin" if double else "round_robin", players,
                   (), (), swap_last_two=draw(st.booleans()),
                   free_round_units=draw(st.sampled_from([0, 1, 2])))
    schedule = roundrobin.section_schedule(base)
    done = draw(st.integers(0, len(schedule)))
    games, byes = [], []
    results = [*GameResult, None]
    for r, boards in enumerate(schedule, start=1):
        for p in boards:
            if p.black is None:
                if rng.random() < 0.5:
                    byes.append(Bye(r, p.white, rng.choice([Code.HALF_BYE, Code.ZERO_BYE,
                                                            Code.FULL_BYE])))
            elif r <= done or rng.random() < 0.1:  # a few results ahead of the rest
                games.append(Game(r, p.white, p.black, rng.choice(results)))
    gone = rng.sample(range(1, n + 1), rng.choice([0, 0, 1, 2]))
    withdrawals = tuple(Withdrawal(p, rng.randint(0, len(schedule))) for p in gone)
    details = None
    if draw(st.booleans()):  # as written: some boards left off, a bye line or two
        details = RoundRobinDetails(as_played=True)
        games = [g for g in games if rng.random() < 0.9]
        byes = [Bye(r, p, rng.choice(BYE_CODES)) for r in range(1, len(schedule) + 1)
                for p in range(1, n + 1) if rng.random() < 0.03]
    return dataclasses.replace(base, games=tuple(games), byes=tuple(byes),
                               withdrawals=withdrawals, details=details,
                               rounds=tuple(RoundInfo(r) for r in range(1, len(schedule) + 1)))


@settings(max_examples=300, deadline=None)
@given(round_robins())
def test_the_crosstable_is_the_one_before(section: Section) -> None:
    table = roundrobin.build_crosstable(section)
    assert table == _crosstable_before(section)
    assert table.rounds_played == _rounds_played_before(table)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.sampled_from([Code.PENDING, Code.WIN, Code.ZERO_BYE]),
                         max_size=8), max_size=6))
def test_rounds_played_is_the_last_round_entered(rows) -> None:
    records = tuple(PlayerRecord(i, Player(f"P{i}"),
                                 tuple(RoundEntry(None, None, c) for c in row))
                    for i, row in enumerate(rows, start=1))
    table = Crosstable(records, 8)
    assert table.rounds_played == _rounds_played_before(table)
