"""The FIDE tie-break corpus (../shared/tiebreaks and its tec/ exercises), both editions.

Every case is compared with the reference implementation's JSON: values to two
decimals, ranks exactly. The whole corpus takes a few seconds, so it runs in
the default suite. One case, swiss-040, differs from the oracle in a way we
keep on purpose; ``test_swiss_040_differs_only_by_the_oracles_fore_buchholz_leak``
pins down why.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import buchholz, build_context, parse_code
from leaguegen.formats import trf

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "tiebreaks"

if not CORPUS.is_dir():
    pytest.skip(f"../shared not available ({CORPUS} missing)", allow_module_level=True)

_spec = importlib.util.spec_from_file_location("tiebreak_corpus",
                                               ROOT / "benchmarks" / "tiebreak_corpus.py")
assert _spec and _spec.loader
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)

# The oracle computes FB before BH/C2 and SB/C1 in this case's list, and its FB
# leaves player 109's "last round not a VUR" at 11 (he lost the last round by
# forfeit), so for the later tie-breaks his round-10 zero-point bye counts 0
# instead of a draw. By Art. 16.2.5 / 16.3 that bye counts as a draw, which is
# what the oracle itself does for BH (computed before FB) and what we do.
KNOWN_ORACLE_DIFFERENCES = {
    ("swiss-040-n120-r11", "2024"): [
        "75 SB/C1: want 15.0 got 16.75",
        "88 BH/C2: want 42.0 got 42.5",
        "88 SB/C1: want 13.5 got 13.75",
        "90 BH/C2: want 43.0 got 43.5",
        "90 SB/C1: want 15.5 got 12.5",
        "91 SB/C1: want 13.75 got 12.5",
    ],
}
KNOWN_ORACLE_DIFFERENCES[("swiss-040-n120-r11", "2026")] = [
    *KNOWN_ORACLE_DIFFERENCES[("swiss-040-n120-r11", "2024")],
    "102 SB/C1: want 13.75 got 14.25",
]

CASES = corpus.cases(CORPUS)


@pytest.mark.parametrize("edition", ["2024", "2026"])
@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_matches_reference(case: Path, edition: str) -> None:
    problems = corpus.check(case, edition)
    assert problems == KNOWN_ORACLE_DIFFERENCES.get((case.stem, edition), [])


def test_corpus_is_complete() -> None:
    assert len(CASES) >= 60


@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_swiss_040_differs_only_by_the_oracles_fore_buchholz_leak(edition: str) -> None:
    data = json.loads((CORPUS / "swiss-040-n120-r11.json").read_text())
    rows = data["rows"] if edition == "2024" else data["rules_2026"]["rows"]
    table = trf.to_crosstable(trf.load(str(CORPUS / data["input"])))
    ctx = build_context(table, "swiss", edition, 11)
    # Emulate the leak: every player paired in the final round counts as "not
    # VUR" up to round 11 when his adjusted score is computed.
    lna = {n: 11 if (ctx.slots[n][-1].opponent is not None or ctx.slots[n][-1].pab)
           else ctx.last_not_vur[n] for n in ctx.numbers}
    adjusted = {
        n: sum((s.points if s.round <= lna[n] or s.opponent is not None else ctx.draw
                for s in ctx.slots[n]), Fraction(0))
        for n in ctx.numbers
    }
    assert {n for n in ctx.numbers if adjusted[n] != ctx.adjusted[n]} == {109}
    # the context carries the scores in units too (what the tie-breaks add up)
    units = {n: int(adjusted[n] / ctx.unit) for n in ctx.numbers}
    leaky = dataclasses.replace(ctx, adjusted=adjusted, adjusted_units=units, last_not_vur=lna)
    for code in ("BH/C2", "SB/C1"):
        index = data["tiebreaks"].index(code)
        got = buchholz.sonneborn_berger if code.startswith("SB") else buchholz.buchholz
        values = got(leaky, parse_code(code))
        for row in rows:
            assert float(values[row["startno"]].value) == pytest.approx(row["values"][index])


EXERCISES = json.loads((CORPUS / "tec" / "exercises.json").read_text())["exercises"]


@pytest.mark.parametrize(
    "exercise", EXERCISES, ids=[f"{e['exercise']}-{e['code']}-{e['rules'][:4]}" for e in EXERCISES]
)
def test_fide_exercise(exercise: dict) -> None:
    table = trf.to_crosstable(trf.load(str(CORPUS / "tec" / exercise["input"])))
    edition = exercise["rules"][:4]
    if exercise["compare"].startswith("rank"):
        got = compute_standings(table, ["PTS", "DE"], exercise["system"], edition)
        have = {str(r.number): r.rank for r in got.rows}
    else:
        got = compute_standings(table, [exercise["code"]], exercise["system"], edition)
        have = {str(r.number): r.values[0] for r in got.rows}
    for number, want in exercise["expected"].items():
        if want is None:
            assert have[number] is None, number
        else:
            assert float(have[number]) == pytest.approx(want, abs=0.005), number
