"""An award's reasons in words, from the data the allocation records.

The prize page says the same from the same fields through its templates (and
translates it); this is the terminal's wording, and the test of what the data holds.
Each line is a :class:`~leaguegen.errors.Message`: its text is the English, and the
command line says it in the run's language (category names, as the organiser wrote
them, stay as written).
"""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.prizes.allocate import Award, Prize, PrizeList
from leaguegen.domain.prizes.rules import Category, Order, Ties
from leaguegen.errors import Message


def ordinal(n: int) -> Message:
    """``1st``, ``22nd``: the first ten places a message each, so that a language that
    writes them as words does (Arabic: الأول … العاشر, as its guides write places), then
    one message per English suffix, so each language writes its own ordinal around the
    number."""
    if 1 <= n <= 10:
        return (Message("1st"), Message("2nd"), Message("3rd"), Message("4th"),
                Message("5th"), Message("6th"), Message("7th"), Message("8th"),
                Message("9th"), Message("10th"))[n - 1]
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return Message("{n}th", n=n)
    return {1: Message("{n}st", n=n), 2: Message("{n}nd", n=n), 3: Message("{n}rd", n=n)}[n % 10]


def prize_name(prize: Prize) -> Message:
    return Message("{category} {place}", msgctxt="prize", category=prize.category,
                   place=ordinal(prize.place))


def places(prizes: tuple[Prize, ...]) -> Message:
    """``Under 1800 2nd`` or ``Place prizes 1st-3rd``."""
    if len(prizes) == 1:
        return prize_name(prizes[0])
    return Message("{category} {first}-{last}", msgctxt="prizes", category=prizes[0].category,
                   first=ordinal(prizes[0].place), last=ordinal(prizes[-1].place))


def _points(units: int, unit: Fraction) -> str:
    value = units * unit
    return f"{float(value):g}"


def reasons(award: Award, outcome: PrizeList, names: dict[int, str],
            unit: Fraction) -> list[Message]:
    """Why this player has this prize, and what else they qualified for."""
    rules = outcome.rules
    money = rules.money
    score = _points(award.points, unit)
    ranked = (Message("ranked {rank} on {score} point; qualifies for {category} ({criteria})",
                      rank=award.rank, score=score, category=award.category,
                      criteria=award.criteria) if score == "1" else
              Message("ranked {rank} on {score} points; qualifies for {category} ({criteria})",
                      rank=award.rank, score=score, category=award.category,
                      criteria=award.criteria))
    lines = [ranked]
    if award.how == "whole":
        prize = award.prizes[0]
        lines.append(Message("takes {prize}: {amount}", prize=prize_name(prize),
                             amount=money(prize.amount)))
    else:
        others = ", ".join(names[n] for n in award.shared_with)
        pooled = " + ".join(money(p.amount) for p in award.prizes)
        total = money(sum(p.amount for p in award.prizes))
        group = len(award.shared_with) + 1
        tied = (Message("on points and every tie-break")
                if rules.ties_of(_category(outcome, award)) is Ties.TIEBREAKS
                else Message("on points"))
        sums = f"{pooled} = {total}" if len(award.prizes) > 1 else total
        lines.append(Message("tied {tied} with {others}: the {count} of them pool {prizes}"
                             " ({sums})", tied=tied, others=others, count=group,
                             prizes=places(award.prizes), sums=sums))
        if award.how == "hort":
            own = (Message("half of {prize} ({amount})", prize=prize_name(award.own),
                           amount=money(award.own.amount // 2))
                   if award.own is not None else Message("no prize of its own place"))
            lines.append(Message("Hort: keeps {own}, plus an equal share of the other halves:"
                                 " {amount}", own=own, amount=money(award.amount)))
        else:
            lines.append(Message("shared equally: {amount}", amount=money(award.amount)))
    for alt in award.also:
        if alt.why == "awarded" or alt.next is None:
            lines.append(Message("also qualified for {category}: its prizes had gone to"
                                 " players ahead in it", category=alt.category))
        elif rules.order is Order.WRITTEN:
            lines.append(Message("also qualified for {category}: its next prize ({amount})"
                                 " comes later in the order written", category=alt.category,
                                 amount=money(alt.next.amount)))
        elif alt.next.amount < max(p.amount for p in award.prizes):
            lines.append(Message("also qualified for {category}: its next prize ({amount})"
                                 " is worth less", category=alt.category,
                                 amount=money(alt.next.amount)))
        else:
            lines.append(Message("also qualified for {category}: its next prize ({amount})"
                                 " is worth the same and comes later", category=alt.category,
                                 amount=money(alt.next.amount)))
    return lines


def _category(outcome: PrizeList, award: Award) -> Category:
    return next(c for c in outcome.rules.categories if c.name == award.category)
