"""An award's reasons in words (English), from the data the allocation records.

The prize page will say the same from the same fields through its templates (and
translate it); this is the terminal's wording, and the test of what the data holds.
"""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.prizes.allocate import Award, Prize, PrizeList
from leaguegen.domain.prizes.rules import Category, Order, Ties


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def prize_name(prize: Prize) -> str:
    return f"{prize.category} {ordinal(prize.place)}"


def places(prizes: tuple[Prize, ...]) -> str:
    """``Under 1800 2nd`` or ``Place prizes 1st-3rd``."""
    if len(prizes) == 1:
        return prize_name(prizes[0])
    return f"{prizes[0].category} {ordinal(prizes[0].place)}-{ordinal(prizes[-1].place)}"


def _points(units: int, unit: Fraction) -> str:
    value = units * unit
    return f"{float(value):g}"


def reasons(award: Award, outcome: PrizeList, names: dict[int, str],
            unit: Fraction) -> list[str]:
    """Why this player has this prize, and what else they qualified for."""
    rules = outcome.rules
    money = rules.money
    score = _points(award.points, unit)
    lines = [f"ranked {award.rank} on {score} point{'' if score == '1' else 's'};"
             f" qualifies for {award.category} ({award.criteria})"]
    if award.how == "whole":
        prize = award.prizes[0]
        lines.append(f"takes {prize_name(prize)}: {money(prize.amount)}")
    else:
        others = ", ".join(names[n] for n in award.shared_with)
        pooled = " + ".join(money(p.amount) for p in award.prizes)
        total = money(sum(p.amount for p in award.prizes))
        group = len(award.shared_with) + 1
        tied = ("on points and every tie-break"
                if rules.ties_of(_category(outcome, award)) is Ties.TIEBREAKS else "on points")
        sums = f"{pooled} = {total}" if len(award.prizes) > 1 else total
        lines.append(f"tied {tied} with {others}: the {group} of them pool"
                     f" {places(award.prizes)} ({sums})")
        if award.how == "hort":
            own = (f"half of {prize_name(award.own)} ({money(award.own.amount // 2)})"
                   if award.own is not None else "no prize of its own place")
            lines.append(f"Hort: keeps {own}, plus an equal share of the other halves:"
                         f" {money(award.amount)}")
        else:
            lines.append(f"shared equally: {money(award.amount)}")
    for alt in award.also:
        if alt.why == "awarded" or alt.next is None:
            lines.append(f"also qualified for {alt.category}: its prizes had gone to players"
                         " ahead in it")
        elif rules.order is Order.WRITTEN:
            lines.append(f"also qualified for {alt.category}: its next prize"
                         f" ({money(alt.next.amount)}) comes later in the order written")
        elif alt.next.amount < max(p.amount for p in award.prizes):
            lines.append(f"also qualified for {alt.category}: its next prize"
                         f" ({money(alt.next.amount)}) is worth less")
        else:
            lines.append(f"also qualified for {alt.category}: its next prize"
                         f" ({money(alt.next.amount)}) is worth the same and comes later")
    return lines


def _category(outcome: PrizeList, award: Award) -> Category:
    return next(c for c in outcome.rules.categories if c.name == award.category)
