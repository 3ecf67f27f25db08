"""A refused ``import trf`` writes nothing, and says why without a traceback (issue 26).

Before, ``--section '../../etc'`` (or any file whose season did not load) left its
season.yaml in --out, and the retry was refused because --out was not empty; a TRF of
one player ended in a ValueError traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main

LINE = ("001 {n:4d} m    {name:<33} {rating:4d} ENG             2000/01/01  {pts}    {n}"
        "  {round}")
# round 1: 1 beat 2, 3 beat 4 (White first)
ROUND_1 = {1: "   2 w 1", 2: "   1 b 0", 3: "   4 w 1", 4: "   3 b 0"}
PLAYERS = [("Able, Ann", 1500), ("Baker, Ben", 1400), ("Cole, Cat", 1300), ("Dunn, Dan", 1200)]


def _trf(tmp_path: Path, players: list[tuple[str, int]], name: str = "event.trf") -> Path:
    lines = ["012 Test event"]
    lines += [LINE.format(n=i, name=who, rating=rating, pts="0.0",
                          round=ROUND_1[i] if len(players) == 4 else "").rstrip()
              for i, (who, rating) in enumerate(players, start=1)]
    lines.append("XXR 3")
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _import(*args: object):
    return CliRunner().invoke(main, ["import", "trf", *map(str, args)])


def _refused(result, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert words in result.output and "nothing was written" in result.output


@pytest.mark.parametrize("count", [1, 2])
def test_too_few_players_is_a_clear_refusal(tmp_path: Path, count: int) -> None:
    source = _trf(tmp_path, PLAYERS[:count])
    out = tmp_path / "season"
    result = _import(source, "--out", out)
    _refused(result, f"the file has {count} player")
    assert not out.exists()


def test_a_swiss_of_three_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    source = _trf(tmp_path, PLAYERS[:3])
    out = tmp_path / "season"
    _refused(_import(source, "--out", out, "--format", "swiss"), "at least 4 for swiss")
    assert not out.exists()


@pytest.mark.parametrize("section", ["../../etc", "Main", "con", "a/b", ""])
def test_a_bad_section_id_writes_nothing_and_the_retry_works(tmp_path: Path,
                                                             section: str) -> None:
    source = _trf(tmp_path, PLAYERS)
    out = tmp_path / "new" / "season"
    _refused(_import(source, "--out", out, "--section", section), "--section")
    assert not (tmp_path / "new").exists()
    again = _import(source, "--out", out, "--section", "open")
    assert again.exit_code == 0, again.output
    assert (out / "season.yaml").is_file()
    assert CliRunner().invoke(main, ["check", str(out)]).exit_code == 0


def test_a_swiss_without_rounds_or_their_number_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "start-list.trf"
    source.write_text("\n".join(["012 Start list"] + [
        LINE.format(n=i, name=who, rating=rating, pts="0.0", round="").rstrip()
        for i, (who, rating) in enumerate(PLAYERS, start=1)]) + "\n", encoding="utf-8")
    out = tmp_path / "season"
    _refused(_import(source, "--out", out), "no rounds and no XXR record")
    assert not out.exists()


def test_a_season_that_does_not_load_is_not_written(tmp_path: Path) -> None:
    """A refusal found only by loading what would be written (a name listed twice):
    the problems are shown, the folder stays as it was (here: empty), the retry works."""
    twice = [PLAYERS[0], PLAYERS[0], *PLAYERS[2:]]
    out = tmp_path / "season"
    out.mkdir()
    result = _import(_trf(tmp_path, twice, "twice.trf"), "--out", out)
    _refused(result, "does not load")
    assert "listed twice" in result.output and f"{out / 'season.yaml'}:" in result.output
    assert list(out.iterdir()) == []
    again = _import(_trf(tmp_path, PLAYERS), "--out", out)
    assert again.exit_code == 0, again.output
    assert [p.name for p in out.iterdir()] == ["season.yaml"]
