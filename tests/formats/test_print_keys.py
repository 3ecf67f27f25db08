"""The season keys of the printables (docs/printables.md): ``paper``, ``site_url`` and
``printables``, read into the season and refused, at their line and column, when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

SECTION = ("sections:\n  - {id: a, name: A, format: round_robin, players: [X, Y, Z]}\n")


def _season(tmp_path: Path, head: str):  # noqa: ANN202 - a Season
    (tmp_path / "season.yaml").write_text(f"name: T\n{head}{SECTION}", encoding="utf-8")
    return load_season(tmp_path)


def test_defaults(tmp_path: Path) -> None:
    season = _season(tmp_path, "")
    assert (season.paper, season.site_url, season.printables) == ("A4", "", "none")


def test_values_read(tmp_path: Path) -> None:
    season = _season(tmp_path, "paper: Letter\nsite_url: https://chess.example.org/x/\n"
                               "printables: current\n")
    assert season.paper == "Letter"
    assert season.site_url == "https://chess.example.org/x"  # no trailing slash
    assert season.printables == "current"


@pytest.mark.parametrize("head, message", [
    ("paper: a4\n", "season.yaml:2:8: paper must be one of A4, Letter, not 'a4'"),
    ("site_url: chess.example.org\n", "season.yaml:2:11: site_url must be the site's"
                                      " address starting with https:// or http://"),
    ("site_url: https://a b\n", "season.yaml:2:11: site_url must be"),
    ("printables: all\n", "season.yaml:2:13: printables must be one of none, current,"
                          " not 'all'"),
])
def test_wrong_values_are_refused_at_their_place(tmp_path: Path, head: str,
                                                 message: str) -> None:
    with pytest.raises(InputError) as caught:
        _season(tmp_path, head)
    assert any(message in str(p) for p in caught.value.problems), caught.value.problems
