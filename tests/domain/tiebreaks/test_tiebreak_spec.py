"""Tie-break codes and modifiers; the Koya limit; cuts never add."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import DEFAULTS, REGISTRY, lookup, parse_code
from leaguegen.formats import trf
from tests.conftest import shared_path


@pytest.mark.parametrize(
    ("text", "name", "low", "high", "offset", "percent"),
    [
        ("BH/C1", "BH", 1, 0, F(0), F(50)),
        ("BH-C1", "BH", 1, 0, F(0), F(50)),
        ("bh/m2", "BH", 2, 2, F(0), F(50)),
        ("SB/C1", "SB", 1, 0, F(0), F(50)),
        ("KS/L-1", "KS", 0, 0, F(-1, 2), F(50)),
        ("KS/L+3", "KS", 0, 0, F(3, 2), F(50)),
        ("KS/L+1.5", "KS", 0, 0, F(3, 2), F(50)),
        ("KS/L60", "KS", 0, 0, F(0), F(60)),
        ("GE", "REP", 0, 0, F(0), F(50)),
        ("PS/C1", "PS", 1, 0, F(0), F(50)),
    ],
)
def test_parse_code(text, name, low, high, offset, percent) -> None:
    spec = parse_code(text)
    assert (spec.name, spec.cut_low, spec.cut_high, spec.limit_offset, spec.limit_percent) == (
        name, low, high, offset, percent)
    assert spec.code == text


@pytest.mark.parametrize("text", ["", "BH/X9", "BH/", "KS/Lx", "NOPE"])
def test_bad_codes_are_rejected(text: str) -> None:
    with pytest.raises(ValueError):
        lookup(text)


def test_catalogue_and_defaults_are_registered() -> None:
    catalogue = {"PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "KS", "BH", "FB", "SB",
                 "AOB", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "STD", "TPN"}
    assert catalogue <= set(REGISTRY)
    for codes in DEFAULTS.values():
        for code in codes:
            lookup(code)


def test_koya_limit_moves_the_threshold() -> None:
    table = trf.to_crosstable(trf.load(str(
        shared_path("data", "real", "superbet_classic_2022_bucharest_rr10.trf"))))
    plain = compute_standings(table, ["KS", "KS/L-1", "KS/L+1"], "round-robin")
    thresholds = [e.extra["threshold"] for e in plain.rows[0].explanations]
    assert thresholds == [F(9, 2), F(4), F(5)]
    for row in plain.rows:
        ks, lower, higher = row.values
        assert higher <= ks <= lower


def test_cuts_never_add_on_the_swiss_corpus() -> None:
    root = shared_path("tiebreaks")
    codes = ["BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "PS", "PS/C1"]
    for path in sorted(root.glob("swiss-0*.trf"))[:12]:
        table = trf.to_crosstable(trf.load(str(path)))
        for rules in ("2024", "2026"):
            got = compute_standings(table, codes, "swiss", rules)
            for row in got.rows:
                v = dict(zip(codes, row.values, strict=True))
                assert v["BH/C2"] <= v["BH/C1"] <= v["BH"]
                assert v["BH/M1"] <= v["BH/C1"]
                assert v["SB/C1"] <= v["SB"]
                assert v["PS/C1"] <= v["PS"]
                explanation = row.explanations[1]
                assert len(explanation.cut) == min(1, len(explanation.items) + 1)
