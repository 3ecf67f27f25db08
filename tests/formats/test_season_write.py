"""Writing pairings back keeps every other byte of the organiser's file."""

from __future__ import annotations

import datetime as dt
import difflib
import shutil
from pathlib import Path

import pytest

from leaguegen.formats.season_write import WriteError, append_round
from tests.conftest import DEMO


@pytest.fixture()
def season(tmp_path: Path) -> Path:
    target = tmp_path / "season"
    shutil.copytree(DEMO, target)
    return target


def test_append_round_only_adds_lines(season: Path) -> None:
    path = season / "season.yaml"
    before = path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = append_round(season, "major", [("Oliver Grant", "Amelia Novak")],
                           [("Felix Hartmann", "bye")], dt.date(2026, 12, 1),
                           comment="Round 8, paired by leaguegen")
    assert changed == path
    after = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # the new lines sit at the end of the major section's rounds; nothing else moved
    ops = difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
    changes = [op for op in ops if op[0] != "equal"]
    assert len(changes) == 1 and changes[0][0] == "insert"
    _, i1, _, j1, j2 = changes[0]
    following = [line for line in after[j2:] if line.strip()]
    assert following[0].strip() == "- id: rapid"  # inserted at the end of the major section
    assert "".join(after[j1:j2]) == (
        "      # Round 8, paired by leaguegen\n"
        "      - date: 2026-12-01\n"
        "        results:\n"
        "          - Oliver Grant - Amelia Novak:\n"
        "          - Felix Hartmann: bye\n")
    assert not [p for p in season.iterdir() if p.name.endswith((".tmp", ".leaguegen-tmp"))]


def test_section_in_its_own_file(season: Path) -> None:
    (season / "sections").mkdir()
    (season / "sections" / "extra.yaml").write_text(
        "# my section\nid: extra\nname: Extra\nformat: round_robin\n"
        "players: [A One, B Two, C Three]\nrounds: []  # none yet\n", encoding="utf-8")
    path = season / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "sections:\n", "sections:\n  - sections/extra.yaml\n"), encoding="utf-8")
    changed = append_round(season, "extra", [("B Two", "C Three")], [("A One", "bye")])
    assert changed == season / "sections" / "extra.yaml"
    text = changed.read_text(encoding="utf-8")
    assert text.startswith("# my section\n")
    assert "B Two - C Three:" in text


def test_unknown_section(season: Path) -> None:
    with pytest.raises(WriteError, match="no section with id 'nope'"):
        append_round(season, "nope", [("A", "B")])
