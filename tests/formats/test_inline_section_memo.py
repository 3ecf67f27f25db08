"""The loader's memo (``serve``) keeps the sections written inline in season.yaml as it keeps
section files (#29: a save in one of ten inline sections read all ten again): a save reads
again only the section whose lines changed; a section whose lines moved is read again (its
problems' positions are a fresh parse's); a Swiss, whose reader opens its pairing records,
is read on every load. Parses are counted, not timed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats import season_yaml
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SEASON = """name: Memo League
sections:
  - id: a
    name: Group A
    format: round_robin
    players: [Ann Able, Bob Baker, Cat Cole, Dan Dale]
    rounds:
      - results:
          - Ann Able - Dan Dale: 1-0
          - Bob Baker - Cat Cole: ½-½
  - id: b
    name: Group B
    format: round_robin
    players: [Eve East, Fay Ford, Gus Gray, Hal Hill]
    rounds:
      - results:
          - Eve East - Hal Hill: 1-0
          - Fay Ford - Gus Gray: 0-1
"""


@pytest.fixture()
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the sections read (every call of the section reader), in order."""
    ids: list[str] = []
    real = season_yaml._section

    def spy(node, *args, **kwargs):  # noqa: ANN001,ANN002,ANN003,ANN202
        ids.append(next(v.value for k, v in node.value if k.value == "id"))
        return real(node, *args, **kwargs)

    monkeypatch.setattr(season_yaml, "_section", spy)
    return ids


def _problems(folder: Path, memo: dict | None) -> list:
    with pytest.raises(InputError) as err:
        load_season(folder, memo=memo)
    return err.value.problems


def test_a_save_reads_again_only_the_inline_section_it_changed(
        tmp_path: Path, parsed: list[str]) -> None:
    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    memo: dict = {}
    first = load_season(tmp_path, memo=memo)
    assert parsed == ["a", "b"]
    parsed.clear()
    (tmp_path / "season.yaml").write_text(SEASON.replace("Gus Gray: 0-1", "Gus Gray: 1-0"),
                                          encoding="utf-8")
    again = load_season(tmp_path, memo=memo)
    assert parsed == ["b"]
    assert again.sections[0] is first.sections[0]  # the very object: ``serve`` skips it
    assert again == load_season(tmp_path)  # what a load without a memo reads


def test_problems_are_those_of_a_fresh_parse_where_the_lines_moved(
        tmp_path: Path, parsed: list[str]) -> None:
    bad = SEASON.replace("Bob Baker - Cat Cole: ½-½", "Bob Baker - Cat Cole: 3-0")
    (tmp_path / "season.yaml").write_text(bad, encoding="utf-8")
    memo: dict = {}
    first = _problems(tmp_path, memo)
    assert first and _problems(tmp_path, memo) == first == _problems(tmp_path, None)
    parsed.clear()
    # two lines more above the sections: every position moves, both are read again
    moved = bad.replace("sections:\n", "# a note\n# another\nsections:\n")
    (tmp_path / "season.yaml").write_text(moved, encoding="utf-8")
    shifted = _problems(tmp_path, memo)
    assert parsed == ["a", "b"]
    assert shifted == _problems(tmp_path, None)
    assert [p.line for p in shifted] == [p.line + 2 for p in first]


def test_a_swiss_whose_reader_opens_its_records_is_read_on_every_load(
        tmp_path: Path, parsed: list[str]) -> None:
    folder = tmp_path / "swiss"
    shutil.copytree(ROOT / "seasons" / "thursday-swiss-2026", folder)
    memo: dict = {}
    first = load_season(folder, memo=memo)
    assert parsed == ["open"]
    again = load_season(folder, memo=memo)
    assert parsed == ["open", "open"] and again == first
