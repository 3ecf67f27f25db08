"""Team Buchholz and Sonneborn-Berger (C.07 Art. 8, 9 with the team scores of Art. 12).

``BH:MP``/``BH:GP`` add the opponents' (adjusted) match or game points; ``SB:MP`` multiplies
each by the match points the team scored in that match, ``EMGSB`` an opponent's MP by the
team's game points, ``EGGSB`` (= ``SB:GP``) an opponent's GP by the team's GP. In a Swiss a
team's own unplayed round is a dummy opponent worth the team's own final score (16.4);
the 2026 edition caps it at the scheduled opponent's adjusted score (a forfeit, 16.4.1) or
at a draw in every round (a bye or absence, 16.4.2). ``/C1`` cuts the least significant
element, a VUR first when it is not lower (16.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.teams.scores import Scores, is_vur


@dataclass(frozen=True, slots=True)
class Element:
    round: int
    score: Fraction  # the opponent's (or dummy's) score
    value: Fraction  # what it adds: the score, or the score times the team's result
    vur: bool


def elements(s: Scores, team: int, score_kind: str, weight_kind: str | None) -> list[Element]:
    out = []
    for r in s.table[team]:
        if s.counts_as_match(r):
            assert r.opponent is not None
            score = s.adjusted[score_kind][r.opponent]
        elif s.is_rr:
            continue  # a free round counts nowhere (15.2)
        else:
            score = s.final[score_kind][team]
            if s.edition == "2026":
                cap = (s.adjusted[score_kind][r.opponent] if r.opponent is not None
                       else s.draw[score_kind] * s.rounds)
                score = min(score, cap)
        value = score if weight_kind is None else score * s.value(r, weight_kind)
        out.append(Element(r.round, score, value, not r.played and is_vur(r)))
    return out


def cut(items: list[Element], low: int) -> list[Element]:
    kept = list(items)
    while low > 0 and kept:
        normal = min(kept, key=lambda e: (e.score, e.value))
        vurs = [e for e in kept if e.vur]
        victim = normal
        if vurs:  # as the individual tie-breaks do it: a VUR unless a lower value exists
            voluntary = min(vurs, key=lambda e: (e.score, e.value))
            victim = normal if normal.value > voluntary.value else voluntary
        kept.remove(victim)
        low -= 1
    return kept


def family(s: Scores, score_kind: str, weight_kind: str | None, cut_low: int = 0,
           ) -> dict[int, Fraction]:
    out = {}
    for team in s.table:
        items = elements(s, team, score_kind, weight_kind)
        if cut_low:
            items = cut(items, min(cut_low, s.rounds))
        out[team] = sum((e.value for e in items), Fraction(0))
    return out
