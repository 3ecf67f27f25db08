"""`leaguegen check` on a season with PGN files (docs/games.md): a game that disagrees with
its pairing stops it with exit 2 at the PGN file's line and column, in the run's language,
and writes nothing; `check-files` takes a changed PGN file to its season."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from tests.swiss_demo import SWISS_DEMO


def _broken(tmp_path: Path) -> tuple[Path, Path]:
    season = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, season)
    pgn = season / "games" / "open" / "round-2.pgn"
    # board 2 of round 2: Grace Holloway - Samuel Osei, 1-0 in the season file
    text = pgn.read_text(encoding="utf-8")
    text = text.replace('[Black "Osei, Samuel"]\n[Result "1-0"]',
                        '[Black "Osei, Samuel"]\n[Result "0-1"]')
    pgn.write_text(text.replace("7. Nd5# 1-0", "7. Nd5# 0-1"), encoding="utf-8")
    return season, pgn


def test_check_stops_at_the_pgn_line_and_writes_nothing(tmp_path: Path) -> None:
    season, pgn = _broken(tmp_path)
    before = {p: p.read_bytes() for p in season.rglob("*") if p.is_file()}
    res = CliRunner().invoke(main, ["check", str(season)])
    assert res.exit_code == 2, res.output
    assert f"{pgn}:18:1: Result 0-1, but the season file has 1-0" in res.output
    assert {p: p.read_bytes() for p in season.rglob("*") if p.is_file()} == before


def test_check_says_it_in_the_runs_language(tmp_path: Path) -> None:
    season, pgn = _broken(tmp_path)
    res = CliRunner().invoke(main, ["--lang", "ru", "check", str(season)])
    assert res.exit_code == 2, res.output
    assert f"{pgn}:18:1: результат 0-1, но в файле сезона 1-0" in res.output


def test_check_files_takes_a_pgn_to_its_season(tmp_path: Path) -> None:
    season, pgn = _broken(tmp_path)
    res = CliRunner().invoke(main, ["check-files", str(pgn)])
    assert res.exit_code == 2, res.output
    assert f"{pgn}:18:1:" in res.output
