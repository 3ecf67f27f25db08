"""How a tie-break value was obtained, as data a page can render."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from leaguegen.domain.model import quick_builder

Value = Fraction | int | None


@dataclass(frozen=True, slots=True)
class Item:
    """One element of a sum or average.

    ``kind`` is ``"game"`` (a real opponent), ``"forfeit"`` (a forfeit counted as
    a game, round robins), ``"dummy"`` (Art. 16.4: an own unplayed round scored
    against a dummy with the player's own score, capped in 2026), ``"round"``
    (a per-round count or running score) or ``"rating"``.
    ``score`` is what was looked up (an opponent's or dummy's score, a rating);
    ``result`` the points the player scored in that round, where relevant;
    ``note`` says how a dummy's score was set.
    """

    round: int
    kind: str
    opponent: int | None
    value: Value
    score: Value = None
    result: Fraction | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Explanation:
    """The elements counted, the elements cut (by a modifier) and a short note."""

    code: str
    value: Value
    items: tuple[Item, ...] = ()
    cut: tuple[Item, ...] = ()
    note: str = ""
    extra: dict[str, Value] = field(default_factory=dict)


# the same values, made quicker (``model.quick_builder``): a season's facts make some
# hundred thousand items
new_item = quick_builder(Item)
new_explanation = quick_builder(Explanation)
