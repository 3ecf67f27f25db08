"""``leaguegen pair SEASON_DIR``: no lost update, no overlapping writers, no raw control bytes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.sections import swiss as ss
from leaguegen.formats import season_write as sw
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT
from tests.swiss_demo import fill_last_round

SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"
WITHDRAWAL = ("      - player: Jack Thornton\n        after_round: 3\n"
              "        reason: moved to Leeds\n")


@pytest.fixture()
def ready(tmp_path: Path) -> Path:
    """The Swiss demo with round 5 finished, so round 6 can be paired."""
    folder = tmp_path / "thursday"
    shutil.copytree(SWISS_DEMO, folder)
    fill_last_round(folder)
    return folder


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_withdrawal_saved_while_pairing_is_not_lost(ready: Path, monkeypatch) -> None:
    path = ready / "season.yaml"
    real = ss.pair_next
    text = path.read_text(encoding="utf-8")
    leaver = "Helen Carter"
    edited = text.replace(WITHDRAWAL, WITHDRAWAL + f"      - player: {leaver}\n"
                                                  "        after_round: 5\n")
    assert edited != text

    def pair_while_the_organiser_saves(section, **kw):  # noqa: ANN001, ANN003
        result = real(section, **kw)
        path.write_text(edited, encoding="utf-8")  # saved in the editor meanwhile
        return result

    monkeypatch.setattr(ss, "pair_next", pair_while_the_organiser_saves)
    result = run("pair", ready, "--section", "open")
    assert result.exit_code == 1, result.output
    assert "changed while this command ran" in result.output
    assert "nothing was written" in result.output
    assert path.read_text(encoding="utf-8") == edited  # the withdrawal is kept
    monkeypatch.setattr(ss, "pair_next", real)
    again = run("pair", ready, "--section", "open")
    assert again.exit_code == 0, again.output
    section = load_season(ready).section("open")
    assert ss.paired_rounds(section) == 6
    paired = {n for g in ss.games_of_round(section, 6) for n in (g.white, g.black)}
    assert section.players.index(next(p for p in section.players if p.name == leaver)) + 1 \
        not in paired


def test_second_pair_waits_then_refuses(ready: Path, monkeypatch) -> None:
    path = ready / "season.yaml"
    before = path.read_bytes()
    monkeypatch.setattr(sw, "LOCK_WAIT", 0.3)
    with sw.season_lock(ready):
        result = run("pair", ready, "--section", "open")
    assert result.exit_code == 1
    assert "another leaguegen command is writing" in result.output
    assert path.read_bytes() == before


def test_overlapping_pair_runs_write_one_round(ready: Path) -> None:
    """Two real processes at once: one pairs round 6, the other finds it unfinished."""
    cmd = [sys.executable, "-m", "leaguegen.cli.entry", "pair", str(ready), "--section", "open"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(2)]
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 1], outputs
    loser = outputs[[p.returncode for p in procs].index(1)]
    assert "still has" in loser or "another leaguegen command" in loser
    section = load_season(ready).section("open")
    assert ss.paired_rounds(section) == 6
    assert run("check", ready).exit_code == 0


SEASON = """\
name: Escapes
sections:
  - id: open
    name: Open
    format: swiss
    number_of_rounds: 3
    players:
      - {name: %s, rating: 2000}
      - {name: %s, rating: 1990}
      - {name: Cat Cole, rating: 1980}
      - {name: Dan Dale, rating: 1970}
      - {name: Eve East, rating: 1960}
"""


def test_names_that_reorder_text_are_printed_escaped(tmp_path: Path) -> None:
    """Bidirectional overrides are allowed in names but never reach the terminal raw."""
    text = SEASON % ('"Ann \\u202eAble"', '"Bob \\u2066Baker"')
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    result = run("pair", tmp_path, "--section", "open", "--explain")
    assert result.exit_code == 0, result.output
    assert "\u202e" not in result.output and "\u2066" not in result.output
    assert "Ann \\u202eAble" in result.output and "Bob \\u2066Baker" in result.output
    # the names are written back exactly (as quoted scalars) and read back the same
    section = load_season(tmp_path).section("open")
    assert ss.paired_rounds(section) == 1
    assert {"Ann \u202eAble", "Bob \u2066Baker"} <= {p.name for p in section.players}
    played = {n for g in ss.games_of_round(section, 1) for n in (g.white, g.black)}
    assert len(played) == 4


def test_control_characters_in_names_are_refused_without_raw_output(tmp_path: Path) -> None:
    text = SEASON % ('"Ann Able\\e]0;pwned\\a\\e[2J"', '"Bob\\rBaker"')
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    for command in (["pair", tmp_path, "--section", "open"],
                    ["export", "trf", tmp_path, "--section", "open"]):
        result = run(*command)
        assert result.exit_code == 2, result.output
        for raw in ("\x1b", "\x07", "\r"):
            assert raw not in result.output


def test_loader_problems_naming_a_player_are_escaped(tmp_path: Path) -> None:
    text = SEASON % ("Ann Able", "Bob Baker") + ('    rounds:\n      - results:\n'
                                               '          - "Zed\\e[2J": bye\n')
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    for command in (["pair", tmp_path, "--section", "open"],
                    ["export", "trf", tmp_path, "--section", "open"]):
        result = run(*command)
        assert result.exit_code == 2, result.output
        assert "\x1b" not in result.output
        assert "Zed\\x1b[2J" in result.output


def test_a_folder_that_is_not_a_season_gets_no_lock_file(tmp_path: Path) -> None:
    result = run("pair", tmp_path, "--section", "open")
    assert result.exit_code == 2
    assert "no season.yaml here" in result.output
    assert list(tmp_path.iterdir()) == []
    missing = run("pair", tmp_path / "nope", "--section", "open")
    assert missing.exit_code == 2 and "not a season folder" in missing.output
