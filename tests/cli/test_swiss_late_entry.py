"""A Swiss late entry gets its place in the initial order (C.04.2 art. 2), not the last TPN.

C.04.2 (2026) art. 2.4: a late entry is "given an appropriate TPN and paired only
when they actually arrive"; art. 2.3: no TPN may change "after the fourth round has
been paired". A 2500 entering a 20-player event after round 1 used to become No. 21
and be paired as the lowest-ranked player. Now the season keeps No. 21 as the
player's identity (pages, URLs) and pairs them as TPN 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.pairing import pair_round
from leaguegen.domain.sections import swiss as ss
from leaguegen.formats import trf
from leaguegen.formats.season_yaml import load_season
from leaguegen.formats.swiss_input import state_from_trf
from tests.swiss_demo import fill_last_round

PLAYERS = [(f"Player {chr(65 + i)}{chr(65 + i)}", 2400 - 20 * i) for i in range(20)]
SEASON = ("name: Late Entry Open\nsections:\n  - id: open\n    name: Open\n    format: swiss\n"
          "    number_of_rounds: 6\n    seeding: list\n    players:\n"
          + "".join(f"      - {{name: {n}, rating: {r}}}\n" for n, r in PLAYERS))
LATE = "Late Larry"


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "season.yaml").write_text(SEASON, encoding="utf-8")
    return folder


def _play_rounds(folder: Path, count: int) -> None:
    for _ in range(count):
        res = run("pair", folder, "--section", "open")
        assert res.exit_code == 0, res.output
        fill_last_round(folder, "1-0")


def _trf_in_tpn_order(folder: Path) -> str:
    """The section's rounds as a TRF whose start numbers are the TPNs (FIDE's numbers)."""
    section = load_season(folder).section("open")
    order = ss.pairing_order(section)
    tpn = {n: i for i, n in enumerate(order, start=1)}
    table = ss.build_crosstable(section)
    lines = []
    for n in order:
        record = table.record(n)
        blocks = []
        for e in record.rounds:
            if e.opponent is None:
                blocks.append(f"0000 - {'Z' if e.code.value == 'Z' else e.code.value}")
            else:
                blocks.append(f"{tpn[e.opponent]:4d} {e.colour.value} {e.code.value}")
        head = f"001 {tpn[n]:4d}      {section.players[n - 1].name:<33}"
        lines.append((head.ljust(91) + "  ".join(blocks)).rstrip())
    return "\n".join(lines) + "\nXXR 6\nXXC white1\n"


def test_a_late_2500_is_no_21_and_tpn_1(event: Path) -> None:
    _play_rounds(event, 1)
    res = run("enter", event, LATE, "--section", "open", "--rating", 2500)
    assert res.exit_code == 0, res.output
    assert f"{LATE} entered as No. 21 (players); pairing number (TPN) 1" in res.output
    section = load_season(event).section("open")
    assert section.players[20].name == LATE  # the identity number does not move
    assert ss.pairing_order(section) == (21, *range(1, 21))


def test_the_next_round_is_paired_by_tpn(event: Path) -> None:
    """The season's round 2 is what a FIDE engine pairs from the TRF numbered by TPN."""
    _play_rounds(event, 1)
    assert run("enter", event, LATE, "--section", "open", "--rating", 2500).exit_code == 0
    text = _trf_in_tpn_order(event)
    section = load_season(event).section("open")
    order = ss.pairing_order(section)
    expected = pair_round(state_from_trf(trf.loads(text)))
    got = ss.pair_next(section).result
    name = {i: section.players[n - 1].name for i, n in enumerate(order, start=1)}
    assert [(section.players[w - 1].name, section.players[b - 1].name)
            for w, b in got.boards] == [(name[w], name[b]) for w, b in expected.boards]
    assert got.bye is not None and section.players[got.bye - 1].name == name[expected.bye]


def test_a_mid_rated_entrant_is_placed_by_rating(event: Path) -> None:
    _play_rounds(event, 2)
    res = run("enter", event, LATE, "--section", "open", "--rating", 2250)
    assert res.exit_code == 0, res.output
    # 2400, 2380, ..., 2260 are Nos. 1-8; 2240 is No. 9: Larry goes before it, TPN 9
    assert "pairing number (TPN) 9, placed before Player II" in res.output
    assert ss.pairing_order(load_season(event).section("open"))[8] == 21


def test_after_round_four_is_paired_the_entrant_is_last(event: Path) -> None:
    _play_rounds(event, 4)
    res = run("enter", event, LATE, "--section", "open", "--rating", 2500)
    assert res.exit_code == 0, res.output
    assert f"{LATE} entered as No. 21 (players)\n" in res.output
    assert "pairing_order" not in (event / "season.yaml").read_text(encoding="utf-8")
    assert ss.pairing_order(load_season(event).section("open"))[-1] == 21


def test_pairing_order_names_are_checked(event: Path) -> None:
    path = event / "season.yaml"
    placement = "    pairing_order:\n      - {player: Nobody Here, before: Player AA}\n"
    path.write_text(SEASON + placement, encoding="utf-8")
    res = run("check", event)
    assert res.exit_code == 2
    assert "season.yaml:" in res.output and "pairing_order" in res.output


@pytest.mark.parametrize("rating,in_group_a", [(2500, True), (2210, False)])
def test_baku_group_a_keeps_its_last_participant(tmp_path: Path, rating: int,
                                                 in_group_a: bool) -> None:
    """C.04.7 1.3: "The last GA-participant shall be the same participant as in the
    previous round": 20 players make group A Nos. 1-10 (down to 2220); a late 2500 joins
    it (11 players), a late 2210 (placed just below 2220) does not."""
    folder = tmp_path / "baku"
    folder.mkdir()
    (folder / "season.yaml").write_text(
        SEASON.replace("    seeding: list\n", "    seeding: list\n    acceleration: baku\n"),
        encoding="utf-8")
    _play_rounds(folder, 1)
    assert run("enter", folder, LATE, "--section", "open", "--rating", rating).exit_code == 0
    section = load_season(folder).section("open")
    group_a = set(ss.baku_points(section))
    assert group_a == set(range(1, 11)) | ({21} if in_group_a else set())
