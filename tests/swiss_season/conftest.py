"""Fixtures for the Swiss season tests: the demo season, copied so tests may change it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"


def fill_last_round(season_dir: Path, score: str = "1-0") -> int:
    """Give every game still without a score a result; returns how many."""
    path = season_dir / "season.yaml"
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"^(\s+- [^:\n]+ - [^:\n]+):[ \t]*$", re.M)
    new, count = pattern.subn(rf"\1: {score}", text)
    path.write_text(new, encoding="utf-8")
    return count


@pytest.fixture
def swiss_copy(tmp_path: Path) -> Path:
    target = tmp_path / "thursday"
    shutil.copytree(SWISS_DEMO, target)
    return target


@pytest.fixture(scope="session")
def swiss_season():
    from leaguegen.formats.season_yaml import load_season

    return load_season(SWISS_DEMO)
