"""A control character in a one-line value (a name, the venue) is refused by ``check``.

These values become records of the TRF report (012, 022, 122), which is one line each,
and titles in the calendars and the feed: ``build`` could not publish them, so ``check``
must not pass them (issue 26). ``build`` itself never ends in a traceback on a value the
TRF writer refuses.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats import season_trf, trf
from tests.conftest import ROOT

SCAFFOLD = ROOT / "leaguegen" / "scaffold" / "season"
# every kind the issue names, and the rest of Cc / Zl / Zp by example
CONTROLS = ["\t", "\n", "\r", "\x0b", "\x0c", "\x00", "\x1b", "\x7f", "\x85", "\x9f",
            "\u2028", "\u2029"]
# (the line as the scaffold has it, the key as written there)
FIELDS = [("name: My Club Championship 2027", "name"), ("organiser: My Chess Club", "organiser"),
          ("venue: Club room", "venue"), ("time_control: 90+30", "time_control"),
          ("    name: Club Championship", "    name")]


def _season(tmp_path: Path, line: str, key: str, value: str) -> tuple[Path, int]:
    folder = tmp_path / "season"
    shutil.copytree(SCAFFOLD, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert line in text
    number = text[: text.index(line)].count("\n") + 1
    # a JSON string is a YAML double-quoted scalar: \uXXXX escapes and all
    path.write_text(text.replace(line, f"{key}: {json.dumps(value)}", 1), encoding="utf-8")
    return folder, number


@pytest.mark.parametrize("char", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
@pytest.mark.parametrize("line,key", FIELDS, ids=[k.strip() + str(i) for i, (_, k)
                                                  in enumerate(FIELDS)])
def test_check_refuses_a_control_character_at_its_line(tmp_path: Path, line: str, key: str,
                                                       char: str) -> None:
    folder, number = _season(tmp_path, line, key, f"Club{char}Room")
    before = (folder / "season.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    found = re.search(rf"season\.yaml:{number}:(\d+): {key.strip()}"
                      rf"|season\.yaml:{number}:(\d+): section name", result.output)
    assert found, result.output
    assert f"U+{ord(char):04X}" in result.output
    assert (folder / "season.yaml").read_bytes() == before


def test_a_news_title_with_a_control_character_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    shutil.copytree(SCAFFOLD, folder)
    news = folder / "news"
    news.mkdir(exist_ok=True)
    (news / "2027-01-01-hello.md").write_text(
        '---\ntitle: "Hello\\u2028world"\n---\nBody.\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2, result.output
    assert "2027-01-01-hello.md:2:" in result.output and "U+2028" in result.output


def test_one_line_values_still_load(tmp_path: Path) -> None:
    """Letters of any script, and spaces around, are fine."""
    folder, _ = _season(tmp_path, "venue: Club room", "venue", "  Шахматный клуб «Ладья»  ")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0, result.output


def test_build_refuses_an_unwritable_trf_without_a_traceback(tmp_path: Path,
                                                             monkeypatch) -> None:
    """Defence in depth: whatever value gets past the loader, a TRF the writer refuses is a
    message and exit 2, and nothing is published."""
    folder = tmp_path / "season"
    shutil.copytree(SCAFFOLD, folder)

    def refuse(season: object, section_id: str, facts: object = None) -> str:
        raise trf.TrfWriteError("header 022 contains the control character U+0009; a TRF"
                                " record is one line of printable text")

    monkeypatch.setattr(season_trf, "dumps", refuse)
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--no-pdf",
                                       "-q"])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "TRF report cannot be written: header 022" in result.output
    assert "nothing was written" in result.output
    assert not out.exists()
