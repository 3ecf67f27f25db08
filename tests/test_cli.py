"""The command line as an arbiter uses it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import DEMO
from tests.golden import assert_golden


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_schedule_prints_berger_table() -> None:
    result = run("schedule", "--players", "6")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:3] == ["1 1 6", "1 2 5", "1 3 4"]
    assert lines[9:12] == ["4 6 5", "4 1 4", "4 2 3"]
    assert len(lines) == 15


def test_schedule_odd_and_double_golden() -> None:
    assert_golden("schedule-7-double.txt", run("schedule", "--players", "7", "--double").output)
    result = run("schedule", "--players", "5")
    assert "1 1 0" in result.output.splitlines()  # player 1 sits out round 1


def test_check_demo() -> None:
    result = run("check", str(DEMO))
    assert result.exit_code == 0, result.output
    assert "valid (3 sections, 23 players" in result.output


def test_new_then_build(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert run("new", str(folder)).exit_code == 0
    assert "# A new season" in (folder / "season.yaml").read_text(encoding="utf-8")
    assert "_site/" in (folder / ".gitignore").read_text(encoding="utf-8")
    assert run("check", str(folder)).exit_code == 0
    result = run("build", str(folder), "--out", str(tmp_path / "site"), "--no-pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "championship" / "index.html").is_file()
    assert run("new", str(folder)).exit_code == 2  # refuses to overwrite


def test_build_reports_counts(tmp_path: Path) -> None:
    result = run("build", str(DEMO), "--out", str(tmp_path / "out"), "--no-pdf")
    assert result.exit_code == 0
    # 30 pages, 3 start lists, 29 A-Z lists (one per round and the current one per section)
    # with the venue screens and the standings after each earlier round (18)
    assert result.stdout.startswith("Built 83 pages and 0 PDFs")
