"""A round dated before an earlier round is an error at its line (``check``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(ROOT / "seasons" / name, target)
    return target


@pytest.mark.parametrize("name,old,new", [
    ("riverside-2026", "date: 2026-09-23", "date: 2026-09-01"),
    ("thursday-swiss-2026", "date: 2026-10-22", "date: 2026-09-01"),
])
def test_round_dated_before_the_previous_one(tmp_path: Path, name: str, old: str,
                                             new: str) -> None:
    folder = _copy(tmp_path, name)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(folder)
    shown = str(err.value)
    assert f"season.yaml:{line}:" in shown
    assert "is before round" in shown and "rounds are dated in order" in shown


def test_same_day_rounds_and_every_demo_load() -> None:
    for folder in sorted((ROOT / "seasons").iterdir()):
        if (folder / "season.yaml").is_file():
            load_season(folder)  # every demo's rounds are in date order
