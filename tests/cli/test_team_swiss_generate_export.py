"""``generate --system team-swiss`` and ``export trf`` of a ``team_swiss`` section.

A generated team Swiss is a TRF-2026 team file that ``formats/trf_teams.py`` reads and
``check-pairings`` accepts round by round (the generator pairs each round from the rounds
before it only); the same seed gives the same file. The example season
tests/data/team-swiss-2026 (the conformance case t0006 with names) exports to a team file
with the very matches, boards and PABs of the reference engine's t0006-final.trf, which
reads back to the section's own table under both C.07 editions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.teams.tiebreaks import team_standings
from leaguegen.formats import trf_teams
from leaguegen.formats.season_yaml import load_season
from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "team-swiss-2026"
T0006 = SHARED / "conformance" / "team-swiss" / "t0006-final.trf"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


GENERATED = [
    ("--teams", "10", "--boards", "4", "--rounds", "6", "--colours", "B", "--forfeits", "0.05"),
    ("--teams", "15", "--boards", "6", "--rounds", "8", "--forfeits", "0.1"),
    ("--teams", "7", "--boards", "2", "--rounds", "5", "--colours", "none"),
    ("--teams", "24", "--boards", "4", "--rounds", "9", "--colours", "B", "--forfeits", "0.03"),
]


@pytest.mark.parametrize("options", GENERATED)
@pytest.mark.parametrize("seed", ["1", "3"])
def test_a_generated_team_swiss_passes_check_pairings(tmp_path: Path, options: tuple[str, ...],
                                                     seed: str) -> None:
    path = tmp_path / "event.trf"
    code, _, err = run("generate", "--system", "team-swiss", *options, "--seed", seed,
                       "--out", str(path))
    assert code == 0, err
    given = dict(zip(options[::2], options[1::2], strict=True))
    event = trf_teams.load(str(path))
    assert len(event.teams) == int(given["--teams"])
    assert event.boards == int(given["--boards"])
    assert event.rounds == event.rounds_played == int(given["--rounds"])
    colours = given.get("--colours", "A")
    assert event.type_code == ("FIDE_TEAM_MP_GP" if colours == "none"
                               else f"FIDE_TEAM_TYPE{colours}_MP_GP")
    if int(given["--teams"]) % 2:  # a PAB every round, in record 320
        assert len(event.byes) == event.rounds
    if float(given.get("--forfeits", 0)):
        assert any(m.forfeit for m in event.matches) or any(
            b.result in "+-" for m in event.matches for b in m.boards)
    code, out, err = run("check-pairings", "--trf", str(path))
    assert code == 0, out + err
    assert out.strip() == f"{event.rounds} rounds checked with team-swiss: all agree"


def test_the_same_seed_gives_the_same_file() -> None:
    args = ("generate", "--system", "team-swiss", "--teams", "9", "--rounds", "5",
            "--forfeits", "0.1", "--seed", "42")
    first, second = run(*args), run(*args)
    assert first[0] == 0 and first == second
    assert "seed 42" in first[1].split("\n")[0]
    assert run(*args[:-1], "43")[1] != first[1]


@pytest.mark.parametrize("args, words", [
    (("--rounds", "3"), "--system team-swiss takes --teams"),
    (("--teams", "6", "--players", "12", "--rounds", "3"), "no --players"),
    (("--teams", "6", "--rounds", "3", "--baku"), "no --players, --half-byes, --absences"),
    (("--teams", "6", "--rounds", "3", "--absences", "0.1"), "--absences"),
    (("--teams", "6", "--rounds", "6"), "--rounds must be fewer than --teams"),
])
def test_team_options_are_checked(args: tuple[str, ...], words: str) -> None:
    code, out, err = run("generate", "--system", "team-swiss", *args)
    assert code == 2 and out == ""
    assert words in err


def test_teams_is_only_for_the_team_system() -> None:
    code, _, err = run("generate", "--system", "dutch", "--teams", "6", "--rounds", "3")
    assert code == 2 and "--teams is for --system team-swiss" in err


# ---------------------------------------------------------------- export trf


def _export(tmp_path: Path) -> Path:
    out = tmp_path / "open.trf"
    code, _, err = run("export", "trf", str(EXAMPLE), "--section", "open", "--out", str(out))
    assert code == 0, err
    return out


@pytest.mark.skipif(not T0006.is_file(), reason=f"team Swiss corpus not at {T0006}")
def test_export_gives_the_reference_engines_event(tmp_path: Path) -> None:
    """Every match (first team, second team, board results and players, the whole-match
    defaults of record 330, the scheduled colours) and every PAB are the corpus file's."""
    got = trf_teams.load(str(_export(tmp_path)))
    want = trf_teams.load(str(T0006))
    assert got.matches == want.matches
    assert got.byes == want.byes
    assert [t.name for t in got.teams][:2] == ["Aldermoor", "Brookfield"]
    assert (got.type_code, got.board_colours, got.first_colour, got.rounds) == \
        (want.type_code, want.board_colours, want.first_colour, want.rounds)


@pytest.mark.parametrize("rules", ["2024", "2026"])
def test_export_reads_back_to_the_sections_table(tmp_path: Path, rules: str) -> None:
    from dataclasses import replace

    from leaguegen.domain.sections.facts import derive_facts

    section = load_season(EXAMPLE).section("open")
    section = replace(section, tiebreak_rules=rules)
    facts = derive_facts(section)
    event = trf_teams.load(str(_export(tmp_path)))
    rows = team_standings(event, facts.codes, "swiss", rules)
    assert [(r.team, r.rank, r.values) for r in rows] == \
        [(r.team, r.rank, r.values) for r in facts.rows]


def test_the_team_records_carry_the_table(tmp_path: Path) -> None:
    from leaguegen.domain.sections.facts import derive_facts

    rows = derive_facts(load_season(EXAMPLE).section("open")).rows
    teams = {t.number: t for t in trf_teams.load(str(_export(tmp_path))).teams}
    assert [(teams[r.team].recorded_mp, teams[r.team].recorded_gp, teams[r.team].recorded_rank)
            for r in rows] == [(r.match_points, r.game_points, r.rank) for r in rows]


def test_exported_file_passes_check_pairings(tmp_path: Path) -> None:
    code, out, err = run("check-pairings", "--trf", str(_export(tmp_path)))
    assert code == 0, out + err
    assert out.strip() == "7 rounds checked with team-swiss: all agree"
