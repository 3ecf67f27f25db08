"""A Scheveningen team's name is one line, as every other name is.

It becomes part of titles in the calendars and the TRF (as the season's name does, see
``test_one_line_fields``), where a control character cannot be written; ``check`` refuses
it at its line, exit 2, and changes nothing (issue 26's leftovers). A news title taken from
a Markdown ``# heading`` is prose: the feeds replace its control characters
(``tests/site/test_feed_characters.py``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT

CONTROLS = ["\x07", "\x1b", "\x7f", "\x85", "\u2028"]


@pytest.mark.parametrize("char", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
def test_a_team_name_with_a_control_character_is_refused_at_its_line(
        tmp_path: Path, char: str) -> None:
    folder = tmp_path / "season"
    shutil.copytree(ROOT / "seasons" / "scheveningen-2026", folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    line = "      - name: Riverside\n"
    number = text[: text.index(line)].count("\n") + 1
    escaped = f"\\u{ord(char):04x}"
    path.write_text(text.replace(line, f'      - name: "River{escaped}side"\n', 1),
                    encoding="utf-8")
    before = path.read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2, result.output
    assert re.search(rf"season\.yaml:{number}:\d+: team 1 name", result.output), result.output
    assert f"U+{ord(char):04X}" in result.output
    assert path.read_bytes() == before


def test_a_plain_heading_is_still_the_title(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", folder)
    (folder / "news" / "2026-12-01-cup.md").write_text("# Cup final\n\nThe body.\n",
                                                         encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0, result.output
