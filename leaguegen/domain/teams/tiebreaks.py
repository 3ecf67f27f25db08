"""Team standings with C.07's team tie-breaks (2024 and 2026 editions), by FIDE code.

``team_standings(event, codes, system, rules)`` ranks the teams by the codes in order (the
first is the primary score, normally ``MPTS``). Codes, as the FIDE tie-break program names
them for teams: ``MPTS`` ``GPTS`` (match and game points), ``BH:MP`` ``BH:GP`` (Buchholz),
``SB:MP`` ``SB:GP`` ``EMGSB`` ``EGGSB`` (Sonneborn-Berger kinds), ``DE`` (direct encounter on
match points), ``WIN`` (matches won, forfeits and a PAB worth a win included), ``WON``
(matches won over the board), ``BC`` (board count: Σ board number × points on that board,
lower is better). Modifiers as for individuals (``/C1``, ``/M1``); the FIDE program's
``/V1``/``/V2`` edition switch is accepted and ignored (the edition is ``rules``).
The individual tie-breaks' code parser is reused; the computing is the team's own, as
team scores are two (MP and GP) and products mix them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.teams.buchholz import family
from leaguegen.domain.teams.direct import direct_encounter
from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.scores import GP, MP, Scores, scores_of
from leaguegen.domain.tiebreaks.spec import TiebreakSpec, parse_code

Values = dict[int, Fraction]


def _mpts(s: Scores, spec: TiebreakSpec) -> Values:
    return dict(s.final[MP])


def _gpts(s: Scores, spec: TiebreakSpec) -> Values:
    return dict(s.final[GP])


def _wins(s: Scores, spec: TiebreakSpec) -> Values:
    return {t: Fraction(sum(1 for r in rs if r.outcome == "W")) for t, rs in s.table.items()}


def _won(s: Scores, spec: TiebreakSpec) -> Values:
    return {t: Fraction(sum(1 for r in rs if r.played and r.outcome == "W"))
            for t, rs in s.table.items()}


def _board_count(s: Scores, spec: TiebreakSpec) -> Values:
    out: Values = {}
    for team, rs in s.table.items():
        total = Fraction(0)
        for r in rs:
            if r.match is not None:
                is_first = r.match.first == team
                total += sum((b.number * b.points(is_first) for b in r.match.boards),
                             Fraction(0))
        out[team] = total
    return out


def _bh(score: str, weight: str | None) -> Callable[[Scores, TiebreakSpec], Values]:
    def compute(s: Scores, spec: TiebreakSpec) -> Values:
        return family(s, score, weight, spec.cut_low)
    return compute


@dataclass(frozen=True, slots=True)
class TeamTiebreak:
    name: str
    title: str
    func: Callable[[Scores, TiebreakSpec], Values] | None  # None: DE (grouped)
    lower_is_better: bool = False


REGISTRY: dict[str, TeamTiebreak] = {t.name: t for t in (
    TeamTiebreak("MPTS", "Match points", _mpts),
    TeamTiebreak("GPTS", "Game points", _gpts),
    TeamTiebreak("BH:MP", "Buchholz (match points)", _bh(MP, None)),
    TeamTiebreak("BH:GP", "Buchholz (game points)", _bh(GP, None)),
    TeamTiebreak("SB:MP", "Sonneborn-Berger (match points)", _bh(MP, MP)),
    TeamTiebreak("SB:GP", "Sonneborn-Berger (game points)", _bh(GP, GP)),
    TeamTiebreak("EMGSB", "Sonneborn-Berger: opponents' MP × own game points", _bh(MP, GP)),
    TeamTiebreak("EGGSB", "Sonneborn-Berger: opponents' GP × own game points", _bh(GP, GP)),
    TeamTiebreak("DE", "Direct encounter", None, lower_is_better=True),
    TeamTiebreak("WIN", "Matches won", _wins),
    TeamTiebreak("WON", "Matches won over the board", _won),
    TeamTiebreak("BC", "Board count", _board_count, lower_is_better=True),
)}


def lookup(code: str) -> tuple[TiebreakSpec, TeamTiebreak]:
    """The parsed code (cuts and all) and its entry; ValueError for an unknown code."""
    head = code.strip().upper().split("/")[0]
    spec = parse_code(code)
    try:
        return spec, REGISTRY[head]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise ValueError(f"unknown team tie-break {code!r} (known: {known})") from None


@dataclass(frozen=True, slots=True)
class TeamRow:
    team: int
    values: tuple[Fraction, ...]
    rank: int


def team_standings(event: TeamEvent, codes: Sequence[str], system: str, rules: str = "2024",
                   after_round: int | None = None) -> tuple[TeamRow, ...]:
    """Rows in rank order; ``rank`` is a competition rank (1, 2, 2, 4) over every code."""
    s = scores_of(event, system, rules, after_round)
    entries = [lookup(c) for c in codes]
    teams = sorted(s.table)
    columns: list[Values] = []
    for i, (spec, tb) in enumerate(entries):
        if tb.func is not None:
            columns.append(tb.func(s, spec))
            continue
        columns.append(direct_encounter(s, _tied_groups(teams, columns, entries[:i]),
                                        event.match_scoring.win))

    def key(team: int) -> tuple[Fraction, ...]:
        return tuple(col[team] if tb.lower_is_better else -col[team]
                     for col, (_, tb) in zip(columns, entries, strict=True))

    ordered = sorted(teams, key=lambda t: (key(t), t))
    rows: list[TeamRow] = []
    for i, team in enumerate(ordered):
        rank = rows[-1].rank if rows and key(rows[-1].team) == key(team) else i + 1
        rows.append(TeamRow(team, tuple(col[team] for col in columns), rank))
    return tuple(rows)


def _tied_groups(teams: list[int], columns: list[Values],
                 entries: list[tuple[TiebreakSpec, TeamTiebreak]]) -> list[list[int]]:
    groups: dict[tuple[Fraction, ...], list[int]] = {}
    for t in teams:
        groups.setdefault(tuple(col[t] for col in columns), []).append(t)
    return list(groups.values())
