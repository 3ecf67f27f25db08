"""The C.04.6 conformance corpus (../shared/conformance/team-swiss): 276 rounds of 40 team
Swiss events, colour models A and B; each round paired must give the oracle's set of
(White on board 1, Black) pairs and the same PAB."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.teams.swiss import pair_team_round
from leaguegen.formats.trf_teams import load

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "team-swiss"
if not CORPUS.is_dir():
    pytest.skip(f"../shared not available ({CORPUS} missing)", allow_module_level=True)

CASES = sorted(p.stem for p in CORPUS.glob("t*-r*.trf"))


def _expected(case: str) -> tuple[set[tuple[int, int]], int | None, int]:
    lines = (CORPUS / f"{case}.pairs").read_text().split("\n")
    count = int(lines[0])
    rows = [tuple(int(x) for x in line.split()) for line in lines[1:] if line.strip()]
    assert len(rows) == count
    bye = next((a for a, b in rows if b == 0), None)
    return {(a, b) for a, b in rows if b}, bye, count


def test_corpus_is_complete() -> None:
    assert len(CASES) == 276


@pytest.mark.parametrize("case", CASES)
def test_pairing_matches_the_oracle(case: str) -> None:
    event = load(str(CORPUS / f"{case}.trf"))
    assert event.rounds_played + 1 == int(case.split("-r")[1])
    pairs, bye, count = _expected(case)
    got = pair_team_round(event)
    assert got.bye == bye
    assert len(got.matches) + (bye is not None) == count
    opponents = {frozenset(p) for p in got.matches}
    assert opponents == {frozenset(p) for p in pairs}, "opponents differ"
    assert set(got.matches) == pairs, "board-1 colours differ"
