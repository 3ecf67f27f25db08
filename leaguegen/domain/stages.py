"""Multi-stage events: who qualifies from one stage's standings, and in what seed order.

A stage (a knockout, a round-robin final) can take its players from an earlier
stage: four groups send their top two to a knockout, or a Swiss qualifier sends
its top eight to a round-robin final. This module only *selects and orders*;
the rankings it receives are final standings computed elsewhere, tiebreaks
included, so a tie can never be decided here by accident. Players are any
hashable id the caller uses (a name, a pairing number, a Player).

Seeding of the qualifiers (seed 1 first):

* ``CROSS`` (the default, for knockouts after groups): places are paired off
  so that in round 1 a group's best meets the partner group's worst qualifier:
  with two per group, groups A/B, C/D, ... are partners and round 1 is A1-B2,
  B1-A2, C1-D2, D1-C2... . Seed order is place-major: all winners in group
  order, then the runners-up arranged to produce those pairings in the
  standard bracket (1 v N, 2 v N-1, ...). For two per group and a power-of-two
  number of groups, the two qualifiers of a group land in opposite halves of
  the bracket and can meet only in the final. Needs an even number of groups
  (or a single group, where it is simply the ranking).
* ``BY_PLACE``: all winners in group order, then all runners-up in group
  order, and so on. For a round-robin final the seed is only a pairing
  number, and this keeps it readable.

A player listed in ``exclude`` (withdrew, declined the place) is skipped and
the next player of the same ranking moves up, as organisers do.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class Seeding(Enum):
    CROSS = "cross"
    BY_PLACE = "by_place"


@dataclass(frozen=True, slots=True)
class Qualifier(Generic[T]):
    """A qualified player, where they came from (group name and place) and their new seed."""

    player: T
    group: str
    place: int
    seed: int


def _eligible(group: str, ranking: Sequence[T], count: int, exclude: Collection[T]) -> list[T]:
    if len(set(ranking)) != len(ranking):
        raise ValueError(f"group {group!r}: a player is ranked twice")
    eligible = [p for p in ranking if p not in exclude]
    if len(eligible) < count:
        raise ValueError(
            f"group {group!r} has {len(eligible)} eligible players, {count} are to qualify"
        )
    return eligible[:count]


@dataclass(frozen=True, slots=True)
class Qualification:
    """Top ``per_group`` of each group of stage ``source``, seeded by ``seeding``.

    A Swiss or any single table is a stage with one group, so "top 8 of the
    Swiss" is ``Qualification("swiss", 8)`` applied to ``{"swiss": ranking}``.
    """

    source: str
    per_group: int
    seeding: Seeding = Seeding.CROSS

    def entrants(
        self,
        standings: Mapping[str, Sequence[T]],
        exclude: Collection[T] = (),
    ) -> tuple[Qualifier[T], ...]:
        """The next stage's seeded entrants from each group's final ranking (best first).

        Groups are taken in the mapping's order (A, B, C...), which is what
        "group order" means in the seeding rules.
        """
        if self.per_group < 1:
            raise ValueError("at least one player per group must qualify")
        if not standings:
            raise ValueError(f"stage {self.source!r} has no standings")
        names = list(standings)
        k, count = self.per_group, len(names)
        top = [_eligible(g, standings[g], k, exclude) for g in names]
        seen = [p for group in top for p in group]
        if len(set(seen)) != len(seen):
            raise ValueError("a player qualifies from two groups")
        cross = self.seeding is Seeding.CROSS and count > 1
        if cross and count % 2:
            raise ValueError(f"cross seeding needs an even number of groups, not {count}")
        order: list[Qualifier[T]] = []
        for place in range(1, k + 1):
            block: list[tuple[int, int]] = [(g, place) for g in range(count)]
            if cross and place > k + 1 - place:
                # place p meets place k+1-p of the partner group (A<->B, C<->D...)
                block = [(g ^ 1, place) for g in reversed(range(count))]
            for g, p in block:
                seed = len(order) + 1
                order.append(Qualifier(top[g][p - 1], names[g], p, seed))
        return tuple(order)

    def players(self, standings: Mapping[str, Sequence[T]], exclude: Collection[T] = ()) -> list[T]:
        """Just the seeded players (seed 1 first), for a bracket or pairing numbers."""
        return [q.player for q in self.entrants(standings, exclude)]


# ---------------------------------------------------------------- stages in a season


@dataclass(frozen=True, slots=True)
class StageSource:
    """Where a stage's players come from: the top ``top`` of each source section.

    ``sources`` are section ids in group order (A, B, C...); one id means a single
    ranking (a Swiss or round-robin qualifier).
    """

    sources: tuple[str, ...]
    top: int
    seeding: Seeding = Seeding.CROSS
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StageEntry:
    """A qualified player: their name, the source section, its place there, and the new seed."""

    name: str
    source: str
    place: int
    seed: int
    source_name: str = ""  # the source section's title, for pages
    group: int | None = None  # the group number when the source is a quads section


@dataclass(frozen=True, slots=True)
class StageInfo:
    """Set on a section whose players were taken from earlier sections' final standings."""

    source: StageSource
    entries: tuple[StageEntry, ...]


@dataclass(frozen=True, slots=True)
class PendingStage:
    """A stage whose source is not finished: its players are still to be decided.

    ``unfinished`` names the source sections still being played and
    ``source_names`` their titles (in source order), both written when the
    loader resolves the stage, so the section's value (which keys its pages'
    cache) changes with them. How the loader completes the section once the
    players are known is the loader's own business, not part of the value.
    """

    source: StageSource
    unfinished: tuple[str, ...] = ()
    source_names: tuple[str, ...] = ()  # titles of the sources, for pages (in source order)
