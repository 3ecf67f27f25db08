"""Double-Swiss (C.04.5) as a TRF-2026 file: two round blocks per match, and back.

The oracle test runs TieBreakServer's ``gacrux`` (MIT, on the package index) on 50
generated events when it can be found: ``GACRUX_PYTHON`` names an interpreter that
imports it (a scratch venv: ``pip install gacrux==1.11.65``), or this interpreter has
it. Otherwise it skips, saying so.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.pairing.double_swiss_check import (
    check_double_event,
    match_pairing,
    rule_breaches,
)
from leaguegen.domain.pairing.double_swiss_event import (
    DoubleSettings,
    for_tiebreaks,
    random_double_event,
    state_from_games,
)
from leaguegen.domain.standings import compute_standings
from leaguegen.formats import double_swiss_trf, trf

CODES = ("BH/C1", "BH", "SB", "DE", "WIN", "WON", "BPG", "ARO", "AOB")


def event(seed: int, players: int | None = None, matches: int | None = None):
    rng = random.Random(5000 + seed)
    n = players or rng.randint(6, 28)
    m = matches or rng.randint(2, min(7, n - 1))
    return random_double_event(DoubleSettings(n, m, 0.04, 0.05, 0.05, 0.03), rng)


def test_a_match_is_two_blocks_with_colours_reversed_and_the_pab_is_one_and_a_half():
    table, colour = event(1, 9, 4)
    text = trf.dumps(double_swiss_trf.document(table, "t", colour))
    assert "192 FIDE_DOUBLESWISS" in text and "142 8" in text
    doc = trf.loads(text)
    for p in doc.players:
        for k in range(0, 8, 2):
            g1, g2 = p.rounds[k], p.rounds[k + 1]
            assert g1.opponent == g2.opponent
            if g1.opponent is not None:
                assert g2.colour is g1.colour.opposite
            else:
                assert g1.code is g2.code
    pab = [p for p in doc.players if p.rounds[0].code is Code.PAIRING_BYE]
    assert len(pab) == 1 and trf.pab_value(doc) == Fraction(3, 4)


def test_the_file_reads_back_to_the_same_pairing_input_and_re_pairs():
    for seed in range(10):
        table, colour = event(seed)
        doc = trf.loads(trf.dumps(double_swiss_trf.document(table, "t", colour)))
        back = double_swiss_trf.game_table(doc)
        assert double_swiss_trf.is_double_swiss(doc)
        assert double_swiss_trf.initial_colour(doc) is colour
        # single forfeited games come back as W/L (played); the pairing input is the same
        assert state_from_games(back) == state_from_games(table)
        assert rule_breaches(back) == []
        assert all(c.agrees for c in check_double_event(back, initial_colour=colour))


def test_generate_and_check_pairings_on_the_command_line(tmp_path: Path):
    out = tmp_path / "ds.trf"
    runner = CliRunner()
    got = runner.invoke(main, ["generate", "--system", "double-swiss", "--players", "15",
                               "--rounds", "5", "--seed", "4", "--forfeits", "0.05",
                               "--absences", "0.05", "--out", str(out)])
    assert got.exit_code == 0, got.output
    got = runner.invoke(main, ["check-pairings", "--trf", str(out), "--basic-rules"])
    assert got.exit_code == 0, got.output
    assert got.output == ("5 rounds checked with double-swiss: all agree\n"
                          "C.04.5 basic rules: none broken\n")
    # A changed colour in match 2 is found (both blocks of one match, both players).
    lines = out.read_text().splitlines()
    doc = trf.loads("\n".join(lines))
    p = next(p for p in doc.players if p.rounds[2].opponent is not None)
    o = doc.players[p.rounds[2].opponent - 1]
    def flip(player):
        rounds = list(player.rounds)
        for i in (2, 3):
            rounds[i] = replace(rounds[i], colour=rounds[i].colour.opposite)
        return replace(player, rounds=tuple(rounds))

    players = [flip(x) if x.number in (p.number, o.number) else x for x in doc.players]
    out.write_text(trf.dumps(trf.with_players(doc, players)))
    got = runner.invoke(main, ["check-pairings", "--trf", str(out)])
    assert got.exit_code == 1
    assert "round 2: 1 of" in got.output and "(colours reversed)" in got.output


def test_generate_refuses_baku_for_double_swiss():
    got = CliRunner().invoke(main, ["generate", "--system", "double-swiss", "--players", "8",
                                    "--rounds", "3", "--baku"])
    assert got.exit_code == 2


def _gacrux() -> list[str] | None:
    python = os.environ.get("GACRUX_PYTHON")
    if python:
        return [python]
    if importlib.util.find_spec("gacrux") is not None:
        return [sys.executable]
    return None


def test_standings_equal_tiebreakserver_on_fifty_generated_events(tmp_path: Path):
    python = _gacrux()
    if python is None:
        pytest.skip("gacrux (TieBreakServer) not found: set GACRUX_PYTHON to a python with it")
    path = tmp_path / "x.trf"
    compared = 0
    for seed in range(50):
        table, colour = event(seed)
        path.write_text(trf.dumps(double_swiss_trf.document(table, "t", colour)))
        out = subprocess.run([*python, "-m", "gacrux.tiebreakchecker", "-i", str(path),
                              "-t", "PTS", *CODES, "-d", "T"], capture_output=True, text=True,
                             cwd=tmp_path, timeout=120, check=True).stdout
        rows = {int(r[0]): r for r in (line.split("\t") for line in out.strip().splitlines()[1:])}
        ours = compute_standings(for_tiebreaks(table), CODES, "swiss", "2026")
        assert len(ours.rows) == len(rows), seed
        for row in ours.rows:
            theirs = rows[row.number]
            assert int(theirs[1]) == row.rank, (seed, row.number)
            assert Fraction(theirs[2]) == table.scoring.value(row.points), (seed, row.number)
            for i, value in enumerate(row.values):
                if value is not None and theirs[3 + i]:
                    assert abs(Fraction(value) - Fraction(theirs[3 + i])) < Fraction(1, 100), (
                        seed, row.number, CODES[i])
        compared += 1
    assert compared == 50


def test_pair_trf_pairs_the_next_match_of_a_double_swiss_file(tmp_path: Path):
    table, colour = event(7, 11, 4)
    whole = double_swiss_trf.document(table, "t", colour)
    # the file cut after match 2: blocks 1-4
    cut = trf.with_players(whole, [replace(p, rounds=p.rounds[:4]) for p in whole.players])
    path = tmp_path / "cut.trf"
    path.write_text(trf.dumps(cut))
    got = CliRunner().invoke(main, ["pair", "--trf", str(path)])
    assert got.exit_code == 0, got.output
    played = check_double_event(table, initial_colour=colour)[2]
    assert played.agrees
    lines = got.output.splitlines()
    boards = {tuple(map(int, line.split())) for line in lines[1:]}
    found = match_pairing(table, 3)
    assert boards == set(found.boards) | ({(found.bye, 0)} if found.bye else set())


def test_a_one_game_file_is_not_read_as_matches(tmp_path: Path):
    path = tmp_path / "one.trf"
    got = CliRunner().invoke(main, ["generate", "--system", "dutch", "--players", "8",
                                    "--rounds", "3", "--seed", "1", "--out", str(path)])
    assert got.exit_code == 0
    for command in (["pair", "--trf", str(path), "--system", "double-swiss"],
                    ["check-pairings", "--trf", str(path), "--system", "double-swiss"]):
        got = CliRunner().invoke(main, command)
        assert got.exit_code == 2, got.output
        assert "not a Double-Swiss file" in got.output
