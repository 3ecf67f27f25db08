"""The real events of ../shared/data/real with reference tie-break tables give the same order."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from leaguegen.domain.standings import compute_standings
from leaguegen.formats import trf

REAL = Path(__file__).resolve().parents[4] / "shared" / "data" / "real"
TSVS = sorted(REAL.glob("*.tiebreaks_reference.tsv")) if REAL.is_dir() else []

if not TSVS:
    pytest.skip(f"../shared not available ({REAL} missing)", allow_module_level=True)


@pytest.mark.parametrize("tsv", TSVS, ids=[p.name.split(".")[0] for p in TSVS])
def test_final_order_and_values(tsv: Path) -> None:
    with tsv.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    codes = [c for c in rows[0] if c not in ("Rank", "StartNo")]
    system = "swiss" if "swiss" in tsv.name else "round-robin"
    table = trf.to_crosstable(trf.load(str(tsv.with_name(tsv.name.split(".")[0] + ".trf"))))
    got = compute_standings(table, codes, system)
    assert [r.number for r in got.rows] == [int(row["StartNo"]) for row in rows]
    assert [r.rank for r in got.rows] == [int(row["Rank"]) for row in rows]
    for row, have in zip(rows, got.rows, strict=True):
        for code, value in zip(codes, have.values, strict=True):
            assert float(value) == pytest.approx(float(row[code]), abs=0.005), (row, code)


def test_round_robins_are_all_there() -> None:
    names = {p.name.split(".")[0] for p in TSVS}
    assert {"superbet_classic_2022_bucharest_rr10", "fide_candidates_2022_madrid_drr8",
            "candidates_zurich_1953_drr15", "airthings_masters_2022_prelim_rr16"} <= names
