"""Small season files for the quads, Scheveningen, knockout and multi-stage tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season


def write(tmp_path: Path, text: str, name: str = "season") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "season.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def problems(tmp_path: Path, text: str) -> list[str]:
    """Every problem as 'line:col: message' (the path is the season file's)."""
    folder = write(tmp_path, text)
    with pytest.raises(InputError) as err:
        load_season(folder)
    out = []
    for p in err.value.problems:
        assert p.path.endswith("season.yaml")
        out.append(f"{p.line}:{p.col}: {p.message}")
    return out


def players_yaml(n: int, indent: int = 6, start: int = 0) -> str:
    """``n`` players named P01.. with ratings 2000, 1990, ... (so rating order = name order)."""
    pad = " " * indent
    return "\n".join(f"{pad}- {{name: P{i:02d}, rating: {2000 - 10 * i}}}"
                     for i in range(start + 1, start + n + 1))
