"""DE for teams (C.07 Art. 6 on match points): inside each group still tied when DE is
reached, the match points the teams scored against each other.

The value is a place inside the tied group (1 = first; 0 when DE did not split it), as
the FIDE program reports it. When not every member met every other (a Swiss), a team goes
above the rest only if no result of the missing meetings could let one of them catch up.
Several meetings of the same two teams (a double round robin) are averaged (6.1.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from leaguegen.domain.teams.scores import Scores


def _mutual(s: Scores, group: Sequence[int]) -> tuple[dict[int, Fraction], dict[int, int]]:
    members = set(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for team in group:
        per: dict[int, list[Fraction]] = {}
        for r in s.table[team]:
            if r.opponent in members and s.counts_as_match(r):
                per.setdefault(r.opponent, []).append(r.mp)
        score[team] = sum((sum(v, Fraction(0)) / len(v) for v in per.values()), Fraction(0))
        met[team] = len(per)
    return score, met


def _split(s: Scores, group: list[int], win: Fraction) -> list[list[int]]:
    score, met = _mutual(s, group)
    need = len(group) - 1
    tiers: list[list[int]] = []
    if s.is_rr or all(met[t] >= need for t in group):
        for t in sorted(group, key=lambda t: (-score[t], t)):
            if tiers and score[tiers[-1][-1]] == score[t]:
                tiers[-1].append(t)
            else:
                tiers.append([t])
    else:
        best = {t: score[t] + (need - met[t]) * win for t in group}
        ordered = sorted(group, key=lambda t: (-score[t], -best[t], t))
        tiers.append([ordered[0]])
        unique = True
        for i in range(1, len(ordered)):
            if unique and score[ordered[i - 1]] > max(best[t] for t in ordered[i:]):
                tiers.append([ordered[i]])
            else:
                unique = False
                tiers[-1].append(ordered[i])
    if len(tiers) == 1:
        return tiers
    out: list[list[int]] = []
    for tier in tiers:
        out.extend([tier] if len(tier) == 1 else _split(s, tier, win))
    return out


def direct_encounter(s: Scores, groups: Sequence[Sequence[int]],
                     win: Fraction) -> dict[int, int]:
    out: dict[int, int] = {}
    for group in groups:
        if len(group) < 2:
            out.update({t: 0 for t in group})
            continue
        tiers = _split(s, sorted(group), win)
        place = 1
        for tier in tiers:
            for t in tier:
                out[t] = 0 if len(tiers) == 1 else place
            place += len(tier)
    return out
