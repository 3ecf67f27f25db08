"""``seeding: varma`` in a season file: numbers from the restricted draw, errors where it can't."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from leaguegen.domain.schedule.varma import groups_for, order_players
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

FEDS = ["ENG", "ENG", "ENG", "FRA", "FRA", "GER", "ENG", "FRA", "NOR", "IND", "ESP", "GER"]
CLUBS = ["Rooks", "Pawns", "Rooks", "Pawns", "Rooks", None, "Pawns", None, "Rooks", None,
         None, None]


def season(tmp_path: Path, extra: str = "    seeding: varma\n    seed: 2026\n",
           count: int = 12, fmt: str = "round_robin") -> Path:
    players = "".join(
        f"      - {{name: Player {i:02d}, rating: {2400 - 10 * i}, federation: {FEDS[i % 12]}"
        + (f", club: {CLUBS[i % 12]}" if CLUBS[i % 12] else "") + "}\n"
        for i in range(count))
    text = textwrap.dedent("""\
        name: Varma League
        sections:
          - id: open
            name: Open
            format: FMT
        """).replace("FMT", fmt) + extra + "    players:\n" + players
    if fmt == "swiss":
        text = text.replace("    format: swiss\n", "    format: swiss\n    number_of_rounds: 5\n")
    folder = tmp_path / "season"
    folder.mkdir(parents=True)
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def _numbers(folder: Path) -> dict[str, int]:
    section = load_season(folder).sections[0]
    return {p.name: i + 1 for i, p in enumerate(section.players)}


def _letter(n: int, number: int) -> int:
    return next(i for i, g in enumerate(groups_for(n)) if number in g)


def test_varma_keeps_each_federation_in_one_group(tmp_path: Path) -> None:
    numbers = _numbers(season(tmp_path))
    assert sorted(numbers.values()) == list(range(1, 13))
    for fed in ("ENG", "FRA", "GER"):
        members = [f"Player {i:02d}" for i in range(12) if FEDS[i] == fed]
        assert len({_letter(12, numbers[m]) for m in members}) == 1
    # The order is the domain draw's, from the recorded seed.
    section = load_season(season(tmp_path / "again")).sections[0]
    expected = order_players(
        [p for p in sorted(section.players, key=lambda p: p.name)], "federation",
        random.Random(2026))
    assert [p.name for p in section.players] == [p.name for p in expected]
    assert section.seeding == "varma"


def test_varma_is_repeatable_and_depends_on_the_seed(tmp_path: Path) -> None:
    first = _numbers(season(tmp_path / "a"))
    assert _numbers(season(tmp_path / "b")) == first
    others = [_numbers(season(tmp_path / f"s{s}", f"    seeding: varma\n    seed: {s}\n"))
              for s in range(5)]
    assert any(o != first for o in others)


def test_varma_by_club(tmp_path: Path) -> None:
    numbers = _numbers(season(tmp_path, "    seeding: varma\n    seed: 7\n    varma_by: club\n"))
    for club in ("Rooks", "Pawns"):
        members = [f"Player {i:02d}" for i in range(12) if CLUBS[i] == club]
        assert len({_letter(12, numbers[m]) for m in members}) == 1


CASES = {
    "no seed": ("    seeding: varma\n", 12, "round_robin",
                "6:14: seeding by varma needs a recorded 'seed'"),
    "too few players": ("    seeding: varma\n    seed: 1\n", 8, "round_robin",
                        "6:14: seeding: varma (FIDE C.05 Annex 2) is for a round robin of 9 to"),
    "not a round robin": ("    seeding: varma\n    seed: 1\n", 12, "swiss",
                          "7:14: seeding: varma (FIDE C.05 Annex 2) is for a round robin of"),
    "varma_by without varma": ("    seeding: rating\n    varma_by: club\n", 12, "round_robin",
                               "7:15: varma_by is federation or club, with seeding: varma"),
    "varma_by unknown": ("    seeding: varma\n    seed: 1\n    varma_by: city\n", 12,
                         "round_robin", "8:15: varma_by is federation or club"),
}


@pytest.mark.parametrize("case", CASES)
def test_varma_errors(tmp_path: Path, case: str) -> None:
    extra, count, fmt, message = CASES[case]
    with pytest.raises(InputError) as info:
        load_season(season(tmp_path, extra, count, fmt))
    assert f"season.yaml:{message}" in str(info.value)


def test_double_round_robin_of_24(tmp_path: Path) -> None:
    numbers = _numbers(season(tmp_path, count=24, fmt="double_round_robin"))
    assert sorted(numbers.values()) == list(range(1, 25))
