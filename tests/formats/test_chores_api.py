"""The chores below the command line (``formats.chores``, issue 27): they return what they
did or raise a typed refusal, print nothing, and load the season once: the read-back check
parses only the file the change is in again."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from leaguegen.formats import chores, season_yaml

SEASON = """\
name: Two Files
sections:
  - a.yaml
  - b.yaml
"""
SECTION = """\
id: {sid}
name: Section {sid}
format: round_robin
players: [Ann, Bob, Cat, Dan]
rounds:
  - results:
      - Ann - Dan: 1-0
"""


@pytest.fixture
def season(tmp_path: Path) -> Path:
    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    for sid in ("a", "b"):
        (tmp_path / f"{sid}.yaml").write_text(SECTION.format(sid=sid), encoding="utf-8")
    return tmp_path


def test_a_result_parses_the_unchanged_file_once(season: Path, monkeypatch,  # noqa: ANN001
                                                 capsys) -> None:  # noqa: ANN001
    parsed: Counter[str] = Counter()
    real = season_yaml._section

    def counting(node, *args, **kwargs):  # noqa: ANN001, ANN202
        section = real(node, *args, **kwargs)
        parsed[section.id if section else "?"] += 1
        return section

    monkeypatch.setattr(season_yaml, "_section", counting)
    done = chores.record_result(season, "a", "Bob - Cat", "½-½")
    assert done.said == ("round 1: Bob - Cat: ½-½",)
    assert done.written == (season / "a.yaml",)
    assert "Bob - Cat: ½-½" in (season / "a.yaml").read_text(encoding="utf-8")
    assert parsed == {"a": 2, "b": 1}  # the changed file again, for the read-back
    assert capsys.readouterr() == ("", "")  # nothing printed below the CLI


def test_refusals_are_typed_and_write_nothing(season: Path) -> None:
    before = (season / "a.yaml").read_bytes()
    with pytest.raises(chores.Refusal) as refused:
        chores.record_result(season, "a", "Ann - Dan", "0-1")
    assert refused.value.code == chores.EXIT_INVALID
    assert "already has the result 1-0; pass --correct" in str(refused.value)
    with pytest.raises(chores.Refusal, match="is not one of"):
        chores.record_result(season, "a", "Bob - Cat", "1-O")
    with pytest.raises(chores.Refusal, match=r"no section 'c' \(sections: a, b\)"):
        chores.withdraw(season, "c", "Bob", 1)
    assert (season / "a.yaml").read_bytes() == before


def test_a_result_already_there_writes_nothing(season: Path) -> None:
    done = chores.record_result(season, "a", "Ann - Dan", "1:0")
    assert done.written == ()
    assert done.said == ("round 1: Ann - Dan already has 1-0; nothing to change",)
