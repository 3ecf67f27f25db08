"""A player's ``sex`` is the TRF's one letter: ``check`` refuses anything else at its line.

``sex: female`` passed ``check``; ``build`` then stopped at the TRF writer (column 10 holds
one letter), so the season could not be published (issue 26's rule: check refuses what build
cannot publish).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "riverside-2026"


def _with_sex(tmp_path: Path, value: str) -> tuple[Path, int, str]:
    folder = tmp_path / "season"
    shutil.copytree(DEMO, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"- \{name: ([^,}]+)", text)
    assert match is not None
    line = text[: match.start()].count("\n") + 1
    path.write_text(text[: match.end()] + f", sex: {value}" + text[match.end():],
                    encoding="utf-8")
    return folder, line, match.group(1)


@pytest.mark.parametrize("value", ["female", "mf", "x", "0"])
def test_a_sex_the_trf_cannot_hold_is_refused_at_its_line(tmp_path: Path, value: str) -> None:
    folder, line, name = _with_sex(tmp_path, value)
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 2, res.output
    assert re.search(rf"season\.yaml:{line}:\d+: {re.escape(name)}: sex '{value}' is not one"
                     " of m, w", res.output), res.output


@pytest.mark.parametrize(("value", "read"), [("m", "m"), ("w", "w"), ("F", "f"), ("W", "w")])
def test_the_trf_letters_are_read(tmp_path: Path, value: str, read: str) -> None:
    folder, _, name = _with_sex(tmp_path, value)
    season = load_season(folder)
    player = next(p for s in season.sections for p in s.players if p.name == name)
    assert player.sex == read
    res = CliRunner().invoke(main, ["build", str(folder), "--out", str(tmp_path / "site"),
                                    "--no-pdf", "-q"])
    assert res.exit_code == 0, res.output
