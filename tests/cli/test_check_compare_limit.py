"""``check`` compares rounds made outside leaguegen with the engine, up to a field size.

Re-pairing a round of 5,000 players takes the engine a minute or more, so a big
imported event would make ``check`` take many minutes; above ``COMPARE_LIMIT`` it
says it did not compare, and how to.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main, pair_season
from leaguegen.domain.sections import swiss as ss
from tests.swiss_demo import SWISS_DEMO


@pytest.fixture
def hand_made(tmp_path: Path) -> Path:
    folder = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^ *paired_by: .*\n", "", text, flags=re.M), encoding="utf-8")
    return folder


def test_below_the_limit_hand_made_rounds_are_compared(hand_made: Path) -> None:
    out = CliRunner().invoke(main, ["check", str(hand_made)])
    assert out.exit_code == 0, out.output
    assert "not compared" not in out.output


def test_above_the_limit_check_says_it_did_not_compare(hand_made: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pair_season, "COMPARE_LIMIT", 10)

    def no_engine(section):  # noqa: ANN001,ANN202
        raise AssertionError("the engine re-paired a round above the limit")

    monkeypatch.setattr(ss, "engine_differences", no_engine)
    out = CliRunner().invoke(main, ["check", str(hand_made)])
    assert out.exit_code == 0, out.output
    assert "round(s) not paired by leaguegen were not compared with dutch" in out.output
    assert "check-pairings --trf" in out.output
