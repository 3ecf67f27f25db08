"""The team tie-break corpus (../shared/tiebreaks/teams): every team's rank and every value,
under both C.07 editions, for the final standings and after every earlier round (Swiss)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.tiebreaks import team_standings
from leaguegen.formats.trf_teams import load

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "tiebreaks" / "teams"
if not CORPUS.is_dir():
    pytest.skip(f"../shared not available ({CORPUS} missing)", allow_module_level=True)

CASES = sorted(p.stem for p in CORPUS.glob("*.json"))
BY_ROUND = sorted(p.stem for p in (CORPUS / "by-round").glob("*.json"))


def _check(event: TeamEvent, codes: list[str], system: str, rules: str, rows: list[dict],
           after_round: int | None = None) -> list[tuple]:
    got = {r.team: r for r in team_standings(event, codes, system, rules, after_round)}
    wrong = []
    for row in rows:
        mine = got[row["startno"]]
        for code, expected, value in zip(codes, row["values"], mine.values, strict=True):
            if abs(float(value) - expected) > 0.005:
                wrong.append((row["startno"], code, expected, float(value)))
        if mine.rank != row["rank"]:
            wrong.append((row["startno"], "rank", row["rank"], mine.rank))
    return wrong


def test_corpus_is_complete() -> None:
    assert len(CASES) == 40 and len(BY_ROUND) == 20


@pytest.mark.parametrize("rules", ["2024", "2026"])
@pytest.mark.parametrize("case", CASES)
def test_final_standings(case: str, rules: str) -> None:
    data = json.loads((CORPUS / f"{case}.json").read_text())
    rows = data["rows"] if rules == "2024" else data["rules_2026"]["rows"]
    event = load(str(CORPUS / data["input"]))
    assert _check(event, data["tiebreaks"], data["system"], rules, rows) == []


@pytest.mark.parametrize("case", BY_ROUND)
def test_standings_after_every_round(case: str) -> None:
    data = json.loads((CORPUS / "by-round" / f"{case}.json").read_text())
    event = load(str(CORPUS / f"{case}.trf"))
    for stage in data["rounds"]:
        after = stage["after_round"]
        for rules, rows in (("2024", stage["rows"]), ("2026", stage["rules_2026"]["rows"])):
            assert _check(event.cut(after), data["tiebreaks"], "swiss", rules, rows,
                          after) == [], (after, rules)
