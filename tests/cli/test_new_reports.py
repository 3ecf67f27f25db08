"""`leaguegen new --host github` names the repository players report on (``reports:`` in
season.yaml) when the club repository's origin is on GitHub, and writes it commented (to fill
in) when it is not yet; either way the season stays valid."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli.host_files import github_repository
from leaguegen.formats.season_yaml import load_season


def _club(tmp_path: Path, remote: str | None) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote],
                       check=True)
    res = CliRunner().invoke(main, ["new", str(tmp_path / "autumn"), "--host", "github"])
    assert res.exit_code == 0, res.output
    return tmp_path / "autumn"


@pytest.mark.parametrize("remote", ["git@github.com:riverside-chess/league.git",
                                    "https://github.com/riverside-chess/league",
                                    "https://github.com/riverside-chess/league.git"])
def test_a_github_origin_is_the_report_repository(tmp_path: Path, remote: str) -> None:
    season = _club(tmp_path, remote)
    assert "\nreports:\n  host: github\n  repository: riverside-chess/league\n" in (
        season / "season.yaml").read_text("utf-8")
    assert load_season(season).reports is not None


@pytest.mark.parametrize("remote", [None, "https://gitlab.com/club/league.git",
                                    "https://github.com/evil/../x; rm -rf"])
def test_without_a_github_origin_the_block_is_left_to_fill_in(tmp_path: Path,
                                                              remote: str | None) -> None:
    season = _club(tmp_path, remote)
    text = (season / "season.yaml").read_text("utf-8")
    assert "# reports:\n#   host: github\n#   repository: OWNER/NAME\n" in text
    assert load_season(season).reports is None
    assert github_repository(tmp_path) is None
