"""``compute_standings(explain=False)`` (the standings after an earlier round) gives the
same table as the full computation: values, ranks, the tiebreak that decided and DE's
extras; only the elements and notes that explain the values are left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.season_facts import season_facts
from leaguegen.domain.standings import compute_standings
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())
SYSTEMS = {"round_robin": "round-robin", "double_round_robin": "round-robin", "swiss": "swiss"}
# every tie-break the values-only path shortens, beside the demos' own lists
CODES = ("DE", "SB", "KS", "WIN", "WON", "BPG", "BH/C1", "BH", "FB", "AOB", "PS")


def _tables(folder: Path):
    facts = season_facts(load_season(folder), None)
    for sf in facts.sections.values():
        section = sf.section
        if section.format in SYSTEMS and sf.table is not None:
            yield section, sf.table


@pytest.mark.parametrize("folder", DEMOS, ids=lambda p: p.name)
def test_values_only_standings_are_the_full_ones(folder: Path) -> None:
    compared = 0
    for section, table in _tables(folder):
        for codes in (list(section.tiebreaks), list(CODES)):
            for after in range(1, table.rounds_played + 1):
                args = (table, codes, SYSTEMS[section.format], section.tiebreak_rules, after)
                full = compute_standings(*args)
                short = compute_standings(*args, explain=False)
                assert [(r.number, r.points, r.values, r.rank, r.decided_by) for r in short.rows] \
                    == [(r.number, r.points, r.values, r.rank, r.decided_by) for r in full.rows]
                for a, b in zip(short.rows, full.rows, strict=True):
                    assert [e.extra.get("mutual_score") for e in a.explanations] == \
                        [e.extra.get("mutual_score") for e in b.explanations]
                    assert [e.extra.get("all_met") for e in a.explanations] == \
                        [e.extra.get("all_met") for e in b.explanations]
                compared += 1
    if compared:
        assert any(e.items for r in full.rows for e in r.explanations)
