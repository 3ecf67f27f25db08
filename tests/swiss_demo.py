"""The Swiss demo season for tests: where it is, and a way to fill its open round."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"


def fill_last_round(season_dir: Path, score: str = "1-0") -> int:
    """Give every game still without a score a result; returns how many."""
    path = season_dir / "season.yaml"
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"^(\s+- [^:\n]+ - [^:\n]+):[ \t]*$", re.M)
    new, count = pattern.subn(rf"\1: {score}", text)
    path.write_text(new, encoding="utf-8")
    return count
