"""``pair`` without ``--date`` dates the round by the section's rhythm, or says it cannot."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from tests.swiss_demo import fill_last_round


def test_the_round_takes_the_weekly_rhythm(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    result = CliRunner().invoke(main, ["pair", str(swiss_copy), "--section", "open"])
    assert result.exit_code == 0, result.output
    assert "dated 2026-11-05 by the section's rhythm" in result.output  # a Thursday later
    assert "      - date: 2026-11-05\n        results:" in (swiss_copy / "season.yaml").read_text(
        encoding="utf-8")


def test_without_a_rhythm_the_missing_date_is_said(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    path = swiss_copy / "season.yaml"
    undated = r"(?m)^(\s*)- date: 2026-\d\d-\d\d\n(\s*)results:"
    text = re.sub(undated, r"\1- results:", path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["pair", str(swiss_copy), "--section", "open"])
    assert result.exit_code == 0, result.output
    assert "no date: the section's rounds show no rhythm to follow" in result.output
    assert "--date YYYY-MM-DD" in result.output
