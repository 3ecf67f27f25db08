"""Who takes which prize, and how tied players are paid: the rule, in one place.

The rule (docs/prizes.md quotes the sources it follows):

1. **One prize per player**, and the prizes are handed out one at a time, in this
   order: by ``order: value`` (the default) the most valuable first; prizes of equal
   value go place prizes first, then in the order the file writes the categories
   (US Chess rule 32B4: "A player who is eligible for both a place prize and a class
   prize of an identical amount shall receive the place prize"); by ``order: written``
   the place prizes first, then each category as written. A category's prizes come in
   their own order (1st, 2nd, ...), which the reader guarantees by refusing amounts
   that grow down the list.
2. **Each prize goes to the best-placed player who qualifies and has no prize yet.** So
   a player takes the most valuable prize they qualify for (at face value) unless
   players placed above them in that category took it first; a prize a player passes
   over (taking a more valuable one) goes on down the category's list.
3. **Ties.** When that best-placed player is tied with others who also qualify and
   have no prize yet, the whole tied group takes the category's next prizes together,
   as many as there are players in the group (fewer if the category runs out), and:
   ``shared``: the sum of those prizes is split equally; ``hort``: each keeps half of
   the prize of their own place (in tie-break order) and the other halves are split
   equally (players beyond the last prize keep no half but share the pot);
   ``tiebreaks``: the tie-break list has already ordered them, so only players equal on
   points *and* every tie-break are a group (they share equally: FIDE C.07 leaves such
   a tie to lots "unless the rules say ties stay shared", and a program draws no lots).
   "Tied" means equal points under ``shared`` and ``hort``.
4. **Rounding**: amounts are integer minor units; a split's left-over units (fewer
   than the players sharing) go one each to the group's members in standings order,
   so a group is paid exactly the prizes it pooled and the total paid never exceeds
   the fund.

Which prize a player takes is decided on face values (rules 1-2); a share can end
below the face value of a lesser prize the player also qualified for. The explanation
of each award records that, and what else the player qualified for.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from leaguegen.domain.model import Player
from leaguegen.domain.prizes.eligibility import qualifies
from leaguegen.domain.prizes.rules import Order, PrizeRules, Ties
from leaguegen.errors import Message


@dataclass(frozen=True, slots=True)
class Finisher:
    """A player in the final standings: ``rank`` is the standings' rank (players equal
    on points and the whole tie-break list share one); ``points`` in scoring units.
    Finishers are passed best first, in the standings' order."""

    number: int
    player: Player
    points: int
    rank: int


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize of the rules: the ``place``-th (1-based) of its category."""

    category: str
    place: int
    amount: int


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another category the player qualified for, and why its prize is not theirs:
    ``"awarded"``: its prizes had all gone to players before this award was decided
    (placed above in it, or taking more valuable prizes first); ``"later"``: its next
    prize (``next``) came after this one in the order (worth less, or the same and
    written later)."""

    category: str
    why: str
    next: Prize | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """One player's prize, with the reasons as data (a page can show them).

    ``prizes``: the prizes pooled by the player's tie group (one when not shared);
    ``own``: the prize of this player's own place in the group (None: placed beyond the
    last prize pooled); ``amount``: what the player is paid (minor units); ``how``:
    ``whole``, ``shared`` or ``hort``; ``shared_with``: the others in the group, by
    number; ``also``: the other categories the player qualified for.
    """

    number: int
    name: str
    rank: int
    points: int
    category: str
    criteria: str
    prizes: tuple[Prize, ...]
    own: Prize | None
    amount: int
    how: str
    shared_with: tuple[int, ...]
    also: tuple[Alternative, ...]


@dataclass(frozen=True, slots=True)
class Unawarded:
    """A prize nobody takes: no one who qualifies is left (``reason``)."""

    prize: Prize
    reason: str


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The outcome: awards in standings order, the prizes not awarded, the fund and
    what is paid (minor units; ``paid <= fund`` always)."""

    rules: PrizeRules
    awards: tuple[Award, ...]
    unawarded: tuple[Unawarded, ...]
    age_on: dt.date | None

    @property
    def fund(self) -> int:
        return self.rules.fund

    @property
    def paid(self) -> int:
        return sum(a.amount for a in self.awards)


def age_date(rules: PrizeRules, start: dt.date | None) -> dt.date | None:
    """The date ages are taken on: the file's ``age_on``, else 1 January of the year
    the section starts (``start``: its first dated round), else None."""
    if rules.age_on is not None:
        return rules.age_on
    return dt.date(start.year, 1, 1) if start is not None else None


def priority(rules: PrizeRules) -> list[tuple[int, int]]:
    """(category index, place index) of every prize, in the order they are handed out."""
    items = [(ci, pi) for ci, cat in enumerate(rules.categories)
             for pi in range(len(cat.amounts))]
    if rules.order is Order.WRITTEN:
        return sorted(items, key=lambda it: (not rules.categories[it[0]].place, it))
    return sorted(items, key=lambda it: (-rules.categories[it[0]].amounts[it[1]],
                                         not rules.categories[it[0]].place, it))


def split(claimed: Sequence[int], size: int, ties: Ties) -> list[int]:
    """What each of ``size`` tied players (in standings order) is paid from the prizes
    ``claimed`` (best first; there may be fewer prizes than players)."""
    if size == 1:
        return [sum(claimed)]
    own = [a // 2 for a in claimed] + [0] * (size - len(claimed)) if ties is Ties.HORT \
        else [0] * size
    pot = sum(claimed) - sum(own)
    base, rest = divmod(pot, size)
    return [own[j] + base + (1 if j < rest else 0) for j in range(size)]


def award_prizes(rules: PrizeRules, field: Sequence[Finisher],
                 start: dt.date | None = None) -> PrizeList:
    """Hand out ``rules``' prizes to ``field`` (the final standings, best first) by the
    rule in this module's docstring; ``start``: the section's first round date (for
    the default date ages are taken on)."""
    day = age_date(rules, start)
    cats = rules.categories
    eligible = [[f for f in field if qualifies(f.player, c.criteria, day)] for c in cats]
    next_place = [0] * len(cats)
    taken: set[int] = set()
    awards: list[Award] = []
    unawarded: list[Unawarded] = []
    for ci, pi in priority(rules):
        if pi < next_place[ci]:
            continue  # pooled by a tie group already
        cat = cats[ci]
        open_ = [f for f in eligible[ci] if f.number not in taken]
        if not open_:
            reason = (Message("no player qualifies") if not eligible[ci]
                      else Message("every player who qualifies has a prize already"))
            unawarded.append(Unawarded(Prize(cat.name, pi + 1, cat.amounts[pi]), reason))
            next_place[ci] = pi + 1
            continue
        ties = rules.ties_of(cat)
        top = open_[0]
        group = [f for f in open_ if (f.rank == top.rank if ties is Ties.TIEBREAKS
                                      else f.points == top.points)]
        count = min(len(group), len(cat.amounts) - pi)
        claimed = tuple(Prize(cat.name, pi + 1 + j, cat.amounts[pi + j]) for j in range(count))
        next_place[ci] = pi + count
        paid = split([p.amount for p in claimed], len(group), ties)
        how = "whole" if len(group) == 1 else ("hort" if ties is Ties.HORT else "shared")
        for j, member in enumerate(group):
            awards.append(Award(
                number=member.number, name=member.player.name, rank=member.rank,
                points=member.points, category=cat.name, criteria=cat.criteria.describe(),
                prizes=claimed, own=claimed[j] if j < count else None, amount=paid[j],
                how=how, shared_with=tuple(f.number for f in group if f is not member),
                also=_also(rules, ci, member, eligible, next_place)))
        taken.update(f.number for f in group)
    order = {f.number: i for i, f in enumerate(field)}
    return PrizeList(rules, tuple(sorted(awards, key=lambda a: order[a.number])),
                     tuple(unawarded), day)


def _also(rules: PrizeRules, chosen: int, member: Finisher,
          eligible: list[list[Finisher]], next_place: list[int]) -> tuple[Alternative, ...]:
    """The other categories ``member`` qualified for, when their award was decided."""
    out: list[Alternative] = []
    for ci, cat in enumerate(rules.categories):
        if ci == chosen or not cat.amounts or member not in eligible[ci]:
            continue
        if next_place[ci] >= len(cat.amounts):
            out.append(Alternative(cat.name, "awarded"))
        else:
            place = next_place[ci]
            out.append(Alternative(cat.name, "later",
                                   Prize(cat.name, place + 1, cat.amounts[place])))
    return tuple(out)
