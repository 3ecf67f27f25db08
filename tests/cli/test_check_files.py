"""`leaguegen check-files FILE...`, the pre-commit hook's entry: each changed file is taken
to its season folder and each season is checked once, with check's messages and exit code.
(`.ci/package` runs the hook itself through pre-commit in a scratch repository.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from leaguegen.cli import COMMANDS, main
from tests.conftest import ROOT


def _club(tmp_path: Path) -> Path:
    for demo in ("riverside-2026", "thursday-swiss-2026"):
        shutil.copytree(ROOT / "seasons" / demo, tmp_path / demo)
    (tmp_path / "README.md").write_text("not a season\n", encoding="utf-8")
    return tmp_path


def _run(*files: Path):  # noqa: ANN202
    return CliRunner().invoke(main, ["check-files", *map(str, files)])


def test_each_season_is_checked_once_and_other_files_are_passed_over(tmp_path: Path) -> None:
    club = _club(tmp_path)
    res = _run(club / "riverside-2026" / "season.yaml", club / "riverside-2026" / "news",
               club / "thursday-swiss-2026" / "season.yaml", club / "README.md")
    assert res.exit_code == 0, res.output
    valid = [line for line in res.output.splitlines() if ": valid (" in line]
    assert [line.split(":")[0] for line in valid] == [
        str(club / "riverside-2026"), str(club / "thursday-swiss-2026")]


def test_a_broken_season_stops_the_commit_with_file_and_line(tmp_path: Path) -> None:
    club = _club(tmp_path)
    path = club / "riverside-2026" / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "date: 2026-09-09", "date: 2026-09-31"), encoding="utf-8")
    res = _run(club / "thursday-swiss-2026" / "season.yaml", path)
    assert res.exit_code == 2
    assert re.search(re.escape(str(path)) + r":\d+:\d+: round 1 date '2026-09-31'", res.output)
    assert f"{club / 'thursday-swiss-2026'}: valid (" in res.output  # the other one still checked


def test_no_season_among_the_files_passes() -> None:
    assert _run(ROOT / "README.md").exit_code == 0


def test_the_hook_definition_names_the_command_and_the_season_files() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "leaguegen-check" and hook["language"] == "python"
    program, command = hook["entry"].split()
    assert program == "leaguegen" and command in COMMANDS
    files = re.compile(hook["files"])
    assert all(files.search(f) for f in ("season.yaml", "players.yml", "news/2026-10-01.md"))
    assert not files.search("site/index.html")
