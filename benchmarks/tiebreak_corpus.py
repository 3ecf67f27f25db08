"""Run the FIDE tie-break corpus (../shared/tiebreaks beside the repo) and report.

    python benchmarks/tiebreak_corpus.py [-v] [CASE-SUBSTRING...]

Prints one line per mismatch with -v, then ``N passed, M failed`` where one
check is one case under one rules edition (2024 ``rows``, 2026 ``rules_2026``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from leaguegen.domain.standings import compute_standings
from leaguegen.formats import trf

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "tiebreaks"


def cases(root: Path = CORPUS) -> list[Path]:
    return sorted(p for p in [*root.glob("*.json"), *root.glob("tec/*.json")]
                  if p.name != "exercises.json")


def check(case: Path, edition: str) -> list[str]:
    """Mismatches of one case under one edition (empty when it passes)."""
    data = json.loads(case.read_text(encoding="utf-8"))
    expected = data["rows"] if edition == "2024" else data["rules_2026"]["rows"]
    table = trf.to_crosstable(trf.load(str(case.parent / data["input"])))
    got = compute_standings(table, data["tiebreaks"], data["system"], edition,
                            after_round=data["after_round"])
    rows = {r.number: r for r in got.rows}
    problems = []
    for exp in expected:
        row = rows.get(exp["startno"])
        if row is None:
            problems.append(f"{exp['startno']}: missing")
            continue
        for code, want, have in zip(data["tiebreaks"], exp["values"], row.values, strict=True):
            if want is None or have is None:
                bad = (want is None) != (have is None)
            else:
                bad = abs(float(have) - want) >= 0.005
            if bad:
                problems.append(f"{exp['startno']} {code}: want {want} got "
                                f"{None if have is None else float(have)}")
        if exp["rank"] != row.rank:
            problems.append(f"{exp['startno']} rank: want {exp['rank']} got {row.rank}")
    return problems


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    filters = [a for a in argv if not a.startswith("-")]
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}")
        return 2
    passed = failed = 0
    start = time.perf_counter()
    for case in cases():
        if filters and not any(f in case.name for f in filters):
            continue
        for edition in ("2024", "2026"):
            problems = check(case, edition)
            if problems:
                failed += 1
                if verbose:
                    print(f"FAIL {case.stem} [{edition}]: {len(problems)} differences")
                    for p in problems[:8]:
                        print("   ", p)
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed ({time.perf_counter() - start:.1f}s)")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
