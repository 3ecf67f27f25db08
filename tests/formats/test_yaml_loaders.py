"""The season loader reads the same with libyaml's composer and with PyYAML's own
(``yaml_nodes._Loader``: the C one when PyYAML was built with libyaml, else Python)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from leaguegen.errors import InputError
from leaguegen.formats import yaml_nodes
from leaguegen.formats.season_yaml import load_season

ROOT = Path(__file__).resolve().parents[2]
SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def _with(loader: type, monkeypatch: pytest.MonkeyPatch, folder: Path):  # noqa: ANN202
    monkeypatch.setattr(yaml_nodes, "_Loader", loader)
    try:
        return load_season(folder)
    except InputError as err:
        return [str(p) for p in err.problems]


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert yaml_nodes._Loader is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_every_demo_loads_the_same_with_either_composer(folder: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    seasons = [_with(loader, monkeypatch, folder) for loader in LOADERS]
    assert all(s == seasons[0] for s in seasons[1:])


BROKEN = {
    "alias": "name: League\nsections:\n  - &a {id: a, name: A, format: round_robin}\n  - *a\n",
    "syntax": "name: League\nsections:\n  - id: a\n    name: [A\n",
    "tab": "name: League\nsections:\n\t- id: a\n",
    "duplicate": "name: League\nname: Other\nsections: []\n",
    "unknown key": "name: League\nsectons: []\n",
    "bad player": ("name: L\nsections:\n  - id: a\n    name: A\n    format: round_robin\n"
                   "    players: [Ann, Ben, {name: Cy, rating: high}]\n"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_problems_are_the_same_at_the_same_lines(name: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "season.yaml").write_text(BROKEN[name], encoding="utf-8")
    results = [_with(loader, monkeypatch, folder) for loader in LOADERS]
    assert isinstance(results[0], list) and results[0]  # refused, with its problems
    assert all(r == results[0] for r in results[1:])
