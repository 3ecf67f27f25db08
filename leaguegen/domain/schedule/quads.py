"""Quads: cut a field into small round robins by rating, and schedule each one.

School and club "quads" put the four highest-rated entrants in group 1, the
next four in group 2, and so on; each group plays a Berger round robin, so every
game is between players of similar strength and a big field finishes in three
rounds.

The awkward part is a field that is not a multiple of four. A group of three
gives each player a free round in every cycle and only two games, so the rule
here never makes one unless the organiser asks for it (or the whole field is
three players). The remainder is folded into the bottom (or top) groups:

==========  ==========================================  ===================
remainder   groups (bottom fold)                        rounds
==========  ==========================================  ===================
0           4, 4, ..., 4                                3
1           4, ..., 4, 5   (last five players)          5 (3 for the 4s)
2           4, ..., 4, 6   (last six players)           5 (3 for the 4s)
3           4, ..., 4, 5, 6 (last eleven players)       5 (3 for the 4s)
==========  ==========================================  ===================

Remainder 3 could also make one group of seven (seven rounds) or allow a
group of three; both are available through :class:`Remainder3`. Five and six
both use the six-player Berger table, so the whole event needs at most five
rounds: all groups play rounds 1-3 together, and the groups of five or six
play rounds 4 and 5 afterwards (a second session on the day, or the next club
evening). Tiny fields (2-7 players) become a single group, except that 7
players with ``Remainder3.THREE`` become 4 + 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from leaguegen.domain.model import Player
from leaguegen.domain.schedule.berger import (
    Round,
    double_round_robin,
    single_round_robin,
)
from leaguegen.domain.seeding import initial_order
from leaguegen.errors import Message


class Fold(Enum):
    """Which end of the field absorbs the extra players."""

    BOTTOM = "bottom"  # usual: the lowest-rated players get the bigger group(s)
    TOP = "top"


class Remainder3(Enum):
    """What to do with a field of 4k + 3 players."""

    FIVE_AND_SIX = "five_and_six"  # last 11 become a 5 and a 6 (needs 11+ players)
    SEVEN = "seven"  # last 7 become one seven-player round robin (7 rounds)
    THREE = "three"  # keep a group of three (each player has a free round)


class Seeding(Enum):
    """How entrants are ordered before cutting."""

    RATING = "rating"  # rating descending, unrated last, ties by name
    LIST = "list"  # the order the organiser wrote them in (as season seeding: list)


@dataclass(frozen=True, slots=True)
class GroupingRule:
    """The organiser's choices for cutting the field; the defaults follow the table above."""

    fold: Fold = Fold.BOTTOM
    remainder3: Remainder3 = Remainder3.FIVE_AND_SIX
    seeding: Seeding = Seeding.RATING
    double: bool = False  # play each group twice (a quad then has 6 rounds)


DEFAULT_RULE = GroupingRule()

#: Group sizes :func:`group_sizes` can produce (3 only on request or for a 3-player field).
ALLOWED_SIZES = frozenset({2, 3, 4, 5, 6, 7})


def group_sizes(players: int, rule: GroupingRule = DEFAULT_RULE) -> tuple[int, ...]:
    """Sizes of the groups, strongest group first, for a field of ``players``.

    Pure arithmetic, so organisers (and ``leaguegen plan``) can see the shape
    of the event before anyone is entered.
    """
    if players < 2:
        raise ValueError(Message("quads need at least two players"))
    if players <= 6:
        return (players,)
    quads, rest = divmod(players, 4)
    if rest == 0:
        bottom: list[int] = []
    elif rest == 1:
        quads, bottom = quads - 1, [5]
    elif rest == 2:
        quads, bottom = quads - 1, [6]
    elif rule.remainder3 is Remainder3.THREE:
        bottom = [3]
    elif rule.remainder3 is Remainder3.FIVE_AND_SIX and players >= 11:
        quads, bottom = quads - 2, [5, 6]
    else:  # SEVEN, or FIVE_AND_SIX on a field of seven
        quads, bottom = quads - 1, [7]
    sizes = [4] * quads + bottom
    if rule.fold is Fold.TOP:
        sizes.reverse()
    return tuple(sizes)


def seed_order(players: Sequence[Player], seeding: Seeding = Seeding.RATING) -> list[Player]:
    """Entrants in seeding order: the initial order (rating, title, name) unless as listed."""
    if seeding is Seeding.LIST:
        return list(players)
    return initial_order(players)


@dataclass(frozen=True, slots=True)
class QuadGroup:
    """One group: ``players[i]`` has pairing number ``i + 1`` in the group's Berger table."""

    number: int
    players: tuple[Player, ...]
    double: bool = False

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def rounds(self) -> list[Round]:
        """The group's Berger schedule (pairing numbers are 1-based positions)."""
        if self.double:
            return double_round_robin(self.size)
        return single_round_robin(self.size)

    @property
    def round_count(self) -> int:
        return len(self.rounds)


def make_groups(
    players: Sequence[Player], rule: GroupingRule = DEFAULT_RULE
) -> tuple[QuadGroup, ...]:
    """Sort the entrants and cut them into groups per ``rule``, group 1 strongest.

    Late entries and withdrawals before round 1 simply call this again with the
    new entrant list (see :func:`regroup`); after round 1 groups are frozen and
    a withdrawal is handled as in any round robin.
    """
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("entrant names must be unique")
    ordered = seed_order(players, rule.seeding)
    groups = []
    start = 0
    for i, size in enumerate(group_sizes(len(ordered), rule), start=1):
        groups.append(QuadGroup(i, tuple(ordered[start : start + size]), rule.double))
        start += size
    return tuple(groups)


def event_rounds(groups: Sequence[QuadGroup]) -> int:
    """Rounds the whole event needs: every group plays round k at the same time."""
    return max((g.round_count for g in groups), default=0)


@dataclass(frozen=True, slots=True)
class Move:
    """A player whose group changed after regrouping (``None`` = entered / withdrew)."""

    name: str
    old_group: int | None
    new_group: int | None


def regroup(
    previous: Sequence[QuadGroup],
    entrants: Sequence[Player],
    rule: GroupingRule = DEFAULT_RULE,
) -> tuple[tuple[QuadGroup, ...], tuple[Move, ...]]:
    """Regroup after late entries or withdrawals (before round 1 only).

    Returns the new groups and who moved, so the organiser can tell the
    players affected; regrouping is the same cut as :func:`make_groups`, so the
    result never depends on the order changes arrived in.
    """
    groups = make_groups(entrants, rule)
    old = {p.name: g.number for g in previous for p in g.players}
    new = {p.name: g.number for g in groups for p in g.players}
    moves = tuple(
        Move(name, old.get(name), new.get(name))
        for name in sorted(old.keys() | new.keys())
        if old.get(name) != new.get(name)
    )
    return groups, moves
