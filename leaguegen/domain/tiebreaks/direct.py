"""DE - Direct encounter (Art. 6), a type-A tie-break applied inside each tied group.

The value reported per player is a *place inside the group that was tied when
DE was reached*: 0 when DE did not split that group (or the player was not
tied), otherwise 1, 2, 2, 4... (lower is better). This is how the FIDE
reference implementation reports it; the points scored in the mutual games are
in the explanation (``extra["mutual_score"]``, what the pages show), and
``extra["all_met"]`` is False when the tied players have not all met yet, so the
order could still change (a round robin mid-season: provisional).

Inside a group: each member's score against the other members (several games
against the same member are averaged, 6.1.2). If every member met every other
(always assumed in a round robin), members are ordered by that score and DE is
re-applied to every sub-group it leaves tied. If not (Swiss), a member is
placed above the rest only if no result of the missing mutual games could let
any of them catch up (each missing game counted as a win for them).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from leaguegen.domain.tiebreaks.context import Context
from leaguegen.domain.tiebreaks.explain import Explanation, Item, new_explanation, new_item
from leaguegen.domain.tiebreaks.spec import TiebreakSpec


def _mutual(ctx: Context, spec: TiebreakSpec, group: Sequence[int]):
    members = set(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    items: dict[int, list[Item]] = {}
    # ``ctx.counts_as_game(s, predetermined)`` for a slot with an opponent
    any_game = ctx.is_rr or spec.predetermined
    explain = ctx.explain
    for n in group:
        per_opp: dict[int, list[int]] = {}  # units scored against each member met
        mine: list[Item] = []
        items[n] = mine
        for s in ctx.slots[n]:
            opponent = s.opponent
            if opponent in members and opponent != n and (any_game or s.played):
                per_opp.setdefault(opponent, []).append(s.units)
                if explain:
                    kind = "game" if s.played else "forfeit"
                    mine.append(new_item(s.round, kind, opponent, s.points, None, s.points))
        if all(len(v) == 1 for v in per_opp.values()):  # one game each: a sum of units
            score[n] = ctx.points(sum(v[0] for v in per_opp.values()))
        else:  # several games against a member are averaged (6.1.2)
            score[n] = sum((Fraction(sum(v), len(v)) for v in per_opp.values()),
                           Fraction(0)) * ctx.unit
        met[n] = len(per_opp)
    return score, met, items


Steps = dict[int, list[tuple[tuple[int, ...], Fraction]]]


def _split(ctx: Context, spec: TiebreakSpec, group: list[int], steps: Steps,
           shown_items: dict[int, list[Item]], unmet: set[int]) -> list[list[int]]:
    """Split ``group`` into ordered tiers, recursing while DE keeps splitting.

    ``steps[n]`` collects (group, n's score in the games among it) per application;
    ``unmet`` gathers the players of a group whose members have not all met yet."""
    score, met, items = _mutual(ctx, spec, group)
    for n in group:
        steps.setdefault(n, []).append((tuple(group), score[n]))
        shown_items.setdefault(n, items[n])
    need = len(group) - 1
    if any(met[n] < need for n in group):
        unmet.update(group)
    everyone_met = ctx.is_rr or all(met[n] >= need for n in group)
    tiers: list[list[int]] = []
    if everyone_met:
        ordered = sorted(group, key=lambda n: (-score[n], n))
        for n in ordered:
            if tiers and score[tiers[-1][-1]] == score[n]:
                tiers[-1].append(n)
            else:
                tiers.append([n])
    else:
        best = {n: score[n] + (need - met[n]) * ctx.win for n in group}
        ordered = sorted(group, key=lambda n: (-score[n], -best[n], n))
        tiers.append([ordered[0]])
        unique = True
        for i in range(1, len(ordered)):
            rest_best = max(best[m] for m in ordered[i:])
            if unique and score[ordered[i - 1]] > rest_best:
                tiers.append([ordered[i]])
            else:
                unique = False
                tiers[-1].append(ordered[i])
    if len(tiers) == 1:
        return tiers
    out: list[list[int]] = []
    for tier in tiers:
        if len(tier) == 1:
            out.append(tier)
        else:
            out.extend(_split(ctx, spec, tier, steps, shown_items, unmet))
    return out


def direct_encounter(ctx: Context, spec: TiebreakSpec,
                     groups: Sequence[Sequence[int]]) -> dict[int, Explanation]:
    out: dict[int, Explanation] = {}
    for group in groups:
        if len(group) < 2:
            for n in group:
                out[n] = new_explanation(spec.code, 0, (), (), "not tied")
            continue
        steps: Steps = {}
        shown_items: dict[int, list[Item]] = {}
        unmet: set[int] = set()
        tiers = _split(ctx, spec, sorted(group), steps, shown_items, unmet)
        among: dict[tuple[int, ...], str] = {}  # each group's list, written once
        for members, _ in (step for n in group for step in steps[n] if ctx.explain):
            if members not in among:
                among[members] = ", ".join(map(str, members))
        place = 1
        for tier in tiers:
            for n in tier:
                value = 0 if len(tiers) == 1 else place
                note = "; then ".join(
                    f"{_fmt(points)} in the games among {among[members]}"
                    for members, points in steps[n]
                ) if ctx.explain else ""
                out[n] = new_explanation(
                    spec.code, value, tuple(shown_items[n]), (), note,
                    {"mutual_score": steps[n][0][1], "all_met": n not in unmet},
                )
            place += len(tier)
    return out


def _fmt(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{float(points):g}"
