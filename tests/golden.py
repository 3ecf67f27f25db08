"""Golden files: compare with a stored copy; LEAGUEGEN_REGEN_GOLDEN=1 rewrites them."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"


def assert_golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if os.environ.get("LEAGUEGEN_REGEN_GOLDEN"):
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"{path} missing: run with LEAGUEGEN_REGEN_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(path), "actual", n=2))
        raise AssertionError(f"{name} differs from the golden file:\n{diff[:6000]}")
