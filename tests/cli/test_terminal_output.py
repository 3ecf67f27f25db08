"""Names and paths from the organiser's files reach the terminal escaped, in every command.

A bidirectional override (U+202E) is valid in a name (the loader keeps it, the pages show
it isolated) but printed raw it reverses the rest of the terminal line; an ESC in a folder
name can recolour or retitle the terminal. Each command that prints such text is run on
hostile input and must show the escape, never the character.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT

RLO = "\u202e"
ESC = "\x1b"


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    return result.output


def _raw(text: str) -> bool:
    return RLO in text or ESC in text


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A Swiss season in a folder whose name holds an ESC, with a name holding U+202E."""
    folder = tmp_path / f"swiss{ESC}]0;owned{ESC}\\"
    shutil.copytree(ROOT / "seasons" / "thursday-swiss-2026", folder)
    season = folder / "season.yaml"
    text = season.read_text(encoding="utf-8")
    season.write_text(text.replace("Sofia Rossi", f"Sofia Rossi {RLO}x").replace(
        "name: ", f'name: "Thursday {RLO}Swiss" # ', 1), encoding="utf-8")
    return folder


def test_check_plan_build_and_pair_escape_names_and_paths(hostile: Path,
                                                          tmp_path: Path) -> None:
    outputs = {
        "check": run("check", str(hostile)),
        "plan": run("plan", str(hostile)),
        "build": run("build", str(hostile), "--out", str(tmp_path / "site"), "--no-pdf"),
        "pair": run("pair", str(hostile), "--section", "open", "--allow-postponed",
                    "--explain"),
    }
    for command, output in outputs.items():
        assert not _raw(output), f"{command}: {output!r}"
    assert "\\x1b]0;owned" in outputs["check"]
    assert "\\u202eSwiss" in outputs["plan"]
    assert "\\u202ex" in outputs["pair"]  # the name on its board line


def test_problems_of_every_command_are_escaped(hostile: Path, tmp_path: Path) -> None:
    season = hostile / "season.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace("rounds:", "roundz:", 1),
                      encoding="utf-8")
    for args in (("check", str(hostile)), ("plan", str(hostile)),
                 ("build", str(hostile), "--out", str(tmp_path / "s"), "--no-pdf"),
                 ("pair", str(hostile), "--section", "open")):
        output = run(*args)
        assert "\\x1b" in output and not _raw(output), f"{args[0]}: {output!r}"


def test_new_escapes_the_folder_name(tmp_path: Path) -> None:
    output = run("new", str(tmp_path / f"club{ESC}[2J" / "autumn"))
    assert "\\x1b[2J" in output and not _raw(output), output
