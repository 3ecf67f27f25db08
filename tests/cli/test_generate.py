"""``leaguegen generate``: random TRF events, and every one passes ``check-pairings``.

The round trip is FIDE's endorsement test in small: each registered system (read
from the registry when the tests run, so new systems join automatically), with and
without Baku acceleration, generates events that its own checker accepts.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.pairing import system_names
from leaguegen.domain.pairing.check import check_event
from leaguegen.domain.pairing.random_event import EventSettings, random_event
from leaguegen.errors import NoValidPairing
from leaguegen.formats import trf
from leaguegen.formats.trf_rounds import event_document, round_states

# (players, rounds, seed, forfeits, half-byes, absences): odd and even fields, with and
# without unplayed rounds.
EVENTS = [(9, 5, 1, 0.0, 0.0, 0.0), (16, 6, 2, 0.05, 0.05, 0.05), (27, 7, 3, 0.1, 0.03, 0.03)]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


def generate(tmp_path: Path, system: str, baku: bool, event: tuple, name: str = "g.trf") -> str:
    players, rounds, seed, forfeits, half, absent = event
    out = tmp_path / name
    code, text = run("generate", "--system", system, "--players", str(players), "--rounds",
                     str(rounds), "--seed", str(seed), "--forfeits", str(forfeits),
                     "--half-byes", str(half), "--absences", str(absent),
                     *(["--baku"] if baku else []), "--out", str(out))
    assert code == 0, text
    return str(out)


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: f"{e[0]}p{e[1]}r")
@pytest.mark.parametrize("baku", [False, True], ids=["plain", "baku"])
@pytest.mark.parametrize("system", system_names())
def test_generated_event_passes_check_pairings(tmp_path: Path, system: str, baku: bool,
                                               event: tuple) -> None:
    if baku and system == "double-swiss":
        pytest.skip("no Baku acceleration for Double-Swiss (generate refuses --baku)")
    path = generate(tmp_path, system, baku, event)
    code, out = run("check-pairings", "--trf", path, "--system", system)
    assert code == 0, out
    assert out == f"{event[1]} rounds checked with {system}: all agree\n"


def test_generated_file_is_a_complete_trf(tmp_path: Path) -> None:
    path = generate(tmp_path, "dutch", False, (27, 7, 3, 0.1, 0.03, 0.03))
    doc = trf.load(path)
    assert doc.warnings == []  # points fields match the rounds
    assert doc.rounds_total == 7 and doc.initial_colour is not None
    assert doc.header("142") == "7"
    assert doc.header("152") == doc.initial_colour.name[0]  # W or B, as XXC says
    assert doc.name == "Random tournament: dutch, seed 3"
    assert [p.number for p in doc.players] == list(range(1, 28))
    assert all(len(p.rounds) == 7 and None not in p.rounds for p in doc.players)
    ratings = [p.rating for p in doc.players]
    assert ratings == sorted(ratings, reverse=True)
    assert sorted(p.rank for p in doc.players) == list(range(1, 28))
    codes = {e.code for p in doc.players for e in p.rounds}
    assert {Code.PAIRING_BYE, Code.FORFEIT_WIN, Code.HALF_BYE, Code.ZERO_BYE} <= codes
    assert not doc.acceleration
    # Written canonically: reading and writing again changes nothing.
    assert trf.dumps(doc) == Path(path).read_text()


def test_baku_writes_xxa_lines(tmp_path: Path) -> None:
    doc = trf.load(generate(tmp_path, "dutch", True, (16, 6, 2, 0.0, 0.0, 0.0)))
    # C.04.7: group A is the top 2*ceil(16/4) = 8; 3 accelerated rounds, a point in the
    # first 2, half a point in the third.
    assert sorted(doc.acceleration) == list(range(1, 9))
    assert {v for v in doc.acceleration.values()} == {(1, 1, 0.5)}


def test_same_seed_same_file_and_stdout(tmp_path: Path) -> None:
    args = ["generate", "--system", "dutch", "--players", "12", "--rounds", "5", "--seed", "77"]
    first, second = run(*args), run(*args)
    assert first == second and first[0] == 0
    assert first[1].startswith("012 Random tournament: dutch, seed 77\n")
    assert run(*args[:-1], "78")[1] != first[1]


def test_without_seed_the_seed_is_recorded(tmp_path: Path) -> None:
    code, text = run("generate", "--system", "dutch", "--players", "10", "--rounds", "4")
    assert code == 0
    seed = text.splitlines()[0].rsplit(" ", 1)[1]
    again = run("generate", "--system", "dutch", "--players", "10", "--rounds", "4",
                "--seed", seed)
    assert again == (0, text)


@pytest.mark.parametrize("args", [
    ["--players", "6", "--rounds", "6"],
    ["--players", "6", "--rounds", "3", "--forfeits", "2"],
    ["--players", "6", "--rounds", "3", "--half-byes", "0.6", "--absences", "0.6"],
])
def test_bad_options_exit_2(args: list[str]) -> None:
    assert run("generate", "--system", "dutch", *args)[0] == 2


def test_unknown_system_exits_2() -> None:
    assert run("generate", "--system", "nosuch", "--players", "8", "--rounds", "3")[0] == 2


@settings(max_examples=40, deadline=None)
@given(players=st.integers(4, 30), data=st.data(), seed=st.integers(0, 2**31),
       system=st.sampled_from(system_names()), baku=st.booleans(),
       forfeits=st.sampled_from([0.0, 0.05, 0.2]), byes=st.sampled_from([0.0, 0.05, 0.15]))
def test_round_trip_property(players: int, data: st.DataObject, seed: int, system: str,
                             baku: bool, forfeits: float, byes: float) -> None:
    """Any generated event, written as TRF and read back, agrees with its system everywhere."""
    rounds = data.draw(st.integers(1, min(players - 1, 9)))
    settings_ = EventSettings(players=players, rounds=rounds, system=system, forfeits=forfeits,
                              half_byes=byes, absences=byes, baku=baku)
    try:
        event = random_event(settings_, random.Random(seed))
    except NoValidPairing:
        return  # tiny fields with many rounds may have no pairable continuation
    doc = trf.loads(trf.dumps(event_document(event, "property")))
    checks = check_event(round_states(doc), system)
    assert len(checks) == rounds
    assert all(c.agrees for c in checks), [c for c in checks if not c.agrees][0]
