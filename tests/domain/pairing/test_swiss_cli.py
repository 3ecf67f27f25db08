"""``leaguegen pair --trf``: output format and exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main

CORPUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance"


def _case(folder: str, name: str) -> Path:
    path = CORPUS / folder / name
    if not path.exists():
        pytest.skip(f"conformance corpus not available ({path})")
    return path


def test_pairs_next_round_in_corpus_format() -> None:
    trf_path = _case("dutch", "t0001-r03.trf")
    result = CliRunner().invoke(main, ["pair", "--trf", str(trf_path)])
    assert result.exit_code == 0, result.output
    assert result.output == trf_path.with_suffix(".pairs").read_text().rstrip("\n") + "\n"


def test_explain_adds_a_section_per_board() -> None:
    trf_path = _case("dutch", "t0001-r03.trf")
    result = CliRunner().invoke(main, ["pair", "--trf", str(trf_path), "--explain"])
    assert result.exit_code == 0
    assert "Board 1:" in result.output and "colours:" in result.output


def test_no_valid_pairing_exits_1() -> None:
    trf_path = _case("dutch-nopairing", "t0001-r12.trf")
    result = CliRunner().invoke(main, ["pair", "--trf", str(trf_path)])
    assert result.exit_code == 1
    assert "no valid pairing" in result.output


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("this is not a tournament\n")
    assert CliRunner().invoke(main, ["pair", "--trf", str(bad)]).exit_code == 2
    missing = tmp_path / "missing.trf"
    assert CliRunner().invoke(main, ["pair", "--trf", str(missing)]).exit_code == 2


def test_burstein_system() -> None:
    trf_path = _case("burstein", "t0001-r02.trf")
    result = CliRunner().invoke(main, ["pair", "--trf", str(trf_path), "--system", "burstein"])
    assert result.exit_code == 0
    assert result.output == trf_path.with_suffix(".pairs").read_text().rstrip("\n") + "\n"


def test_baku_flag_reproduces_explicit_virtual_points(tmp_path: Path) -> None:
    source = _case("dutch-baku", "t0001-r02.trf")
    stripped = tmp_path / "no-xxa.trf"
    stripped.write_text(
        "".join(line for line in source.read_text().splitlines(keepends=True)
                if not line.startswith("XXA"))
    )
    result = CliRunner().invoke(main, ["pair", "--trf", str(stripped), "--baku"])
    assert result.exit_code == 0
    assert result.output == source.with_suffix(".pairs").read_text().rstrip("\n") + "\n"
