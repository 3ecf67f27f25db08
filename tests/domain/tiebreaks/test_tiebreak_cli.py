"""``leaguegen standings``: the JSON contract and the exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "tiebreaks"


def _run(*args: str):
    return CliRunner().invoke(main, ["standings", *args])


@pytest.mark.parametrize("case", ["rr-07-single-odd-forfeits", "swiss-002-n7-r5",
                                  "swiss-edge-04-unrated"])
@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_json_matches_reference(case: str, edition: str) -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"../shared not available ({CORPUS} missing)")
    data = json.loads((CORPUS / f"{case}.json").read_text())
    expected = data["rows"] if edition == "2024" else data["rules_2026"]["rows"]
    result = _run("--trf", str(CORPUS / data["input"]), "--system", data["system"],
                  "--tiebreaks", " ".join(data["tiebreaks"]),
                  "--after-round", str(data["after_round"]), "--rules", edition, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["tiebreaks"] == data["tiebreaks"]
    assert [r["startno"] for r in out["rows"]] == [r["startno"] for r in expected]
    for have, want in zip(out["rows"], expected, strict=True):
        assert have["rank"] == want["rank"]
        assert have["points"] == want["points"]
        for h, w in zip(have["values"], want["values"], strict=True):
            assert (h is None) == (w is None)
            if w is not None:
                assert h == pytest.approx(w, abs=0.005)


def test_human_output_and_defaults(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(
        "XXR 3\n"
        "001    1      One                               1500"
        "                             2.0    1     2 w 1  0000 - Z     3 b 1\n"
        "001    2      Two                               1500"
        "                             1.0    2     1 b 0     3 w 1  0000 - Z\n"
        "001    3      Three                             1500"
        "                             0.0    3  0000 - Z     2 b 0     1 w 0\n",
        encoding="utf-8",
    )
    result = _run("--trf", str(path), "--system", "round-robin")
    assert result.exit_code == 0, result.output
    assert "One" in result.output and "KS" in result.output
    result = _run("--trf", str(path), "--system", "round-robin", "--json",
                  "--exclude", "3")
    out = json.loads(result.output)
    assert out["excluded"] == [3]
    assert [(r["startno"], r["points"], r["rank"]) for r in out["rows"]] == [
        (1, 1.0, 1), (2, 0.0, 2)]


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    assert _run("--trf", str(tmp_path / "missing.trf"), "--system", "swiss",
                "--json").exit_code == 2
    bad = tmp_path / "bad.trf"
    bad.write_text("001 abcd\n", encoding="utf-8")
    assert _run("--trf", str(bad), "--system", "swiss", "--json").exit_code == 2
    binary = tmp_path / "binary.trf"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert _run("--trf", str(binary), "--system", "swiss", "--json").exit_code == 2


def test_unknown_code_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("XXR 1\n", encoding="utf-8")
    result = _run("--trf", str(path), "--system", "swiss", "--tiebreaks", "PTS XYZ")
    assert result.exit_code == 2
