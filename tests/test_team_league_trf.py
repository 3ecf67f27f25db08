"""TRF-2026 export of a team league (issue 28): ``leaguegen export trf`` writes the division
as a team event (``001`` boards, ``310`` teams, ``330`` whole-match defaults, ``162``/``362``
scoring), and ``formats/trf_teams.py`` reads it back to the division's own table: every
team's match and game points, tie-break values and rank, and the ``310`` totals."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.team_league import team_league_facts
from leaguegen.domain.teams.tiebreaks import team_standings
from leaguegen.formats import season_trf, trf_teams
from leaguegen.formats.chores import record_result, withdraw
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "club-league-2026"


def round_trip(season_dir: Path, sid: str) -> None:
    """The exported file, read back, ranks and scores every team as the division does."""
    season = load_season(season_dir)
    facts = team_league_facts(derive_facts(season.section(sid)))
    text = season_trf.dumps(season, sid)
    event = trf_teams.loads(text, f"{sid}.trf")
    back = team_standings(event, facts.codes, "round-robin", season.section(sid).tiebreak_rules)
    kept = [r for r in back if r.team not in facts.expunged]
    assert [(r.team, r.values) for r in kept] == [(r.team, r.values) for r in facts.rows]
    assert [r.rank for r in kept] == [r.rank for r in facts.rows]
    recorded = {t.number: (t.recorded_mp, t.recorded_gp) for t in event.teams}
    assert {r.team: (r.match_points, r.game_points) for r in facts.rows} == {
        t: v for t, v in recorded.items() if t not in facts.expunged}
    assert event.rounds == facts.progress.rounds_total
    assert event.match_scoring == facts.details.match_points


@pytest.mark.parametrize("sid", ["division-1", "division-2"])
def test_the_example_round_trips(sid: str) -> None:
    round_trip(DEMO, sid)


def test_the_records_of_the_file() -> None:
    text = season_trf.dumps(load_season(DEMO), "division-1")
    lines = text.splitlines()
    assert "092 Team Double Round-Robin" in lines and "192 FIDE_TEAM_DOUBLEROUNDROBIN" in lines
    assert "362  W 2.0    D 1.0    L 0.0" in lines and "352 WBWB" in lines
    # Old Mill - Riverside A, round 4, a whole-match default won by the away team: the
    # first team is Old Mill (at home, White on board 1), so the 330 reads -+ from its side
    assert "330 -+   4   5   1" in lines
    assert ("310   6 Riverside B                              1751    1.0    7.0   6    31"
            "   32   33   34   35   36") in lines
    # the reserve Jade Jensen (No. 36) played board 4 in round 1, White (an even board of
    # the away team) against David Dempsey (No. 4)
    jade = next(line for line in lines if line.startswith("001   36"))
    assert jade[91:99] == "   4 w ="


def test_defaults_withdrawals_and_boards_out_of_order_round_trip(tmp_path: Path) -> None:
    season = tmp_path / "s"
    shutil.copytree(DEMO, season)
    # a reserve on board 4, a board nobody sat at on board 2, a whole-match default
    record_result(season, "division-1", "Northgate - Castle Knights", "0-1 +- 1-0 ½-½",
                  round_no=6)
    record_result(season, "division-1", "Northgate - Castle Knights", "+-", board=2,
                  players="Tara Tanaka - default", round_no=6, correct=True)
    record_result(season, "division-1", "Northgate - Castle Knights", "½-½", board=4,
                  players="Vera Varga - Rosa Rahman", round_no=6, correct=True)
    record_result(season, "division-1", "Old Mill - Hillcrest", "--", round_no=6)
    withdraw(season, "division-2", "Castle Rooks", 2)  # stays, later matches defaulted
    withdraw(season, "division-1", "Riverside B", 6)  # 6 of 10 played: stays
    for sid in ("division-1", "division-2"):
        round_trip(season, sid)
    withdraw(season, "division-2", "Hillcrest B", 2)  # 1 of 4 played: cancelled
    round_trip(season, "division-2")
    text = season_trf.dumps(load_season(season), "division-2")
    assert "### WITHDRAWN TEAM 1 Hillcrest B: after round 2; its matches are cancelled" in text


def test_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "d1.trf"
    run = subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", "export", "trf",
                          str(DEMO), "--section", "division-1", "--out", str(out)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert trf_teams.load(str(out)).teams[0].name == "Riverside A"


def oracle_ranking(trf_file: Path, codes: tuple[str, ...], rules: str) -> list[tuple]:
    """The FIDE tie-break program's (``gacrux``, a test oracle only, not a dependency:
    the test skips without it) ranking of a team TRF:
    (team, rank, values) per team, codes as it names them (/V1: the 2024 edition)."""
    edition = "/V1" if rules == "2024" else "/V2"
    wanted = [c if c in ("MPTS", "GPTS") else c + edition for c in codes]
    out = trf_file.with_suffix(".json")
    subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(trf_file),
                    "-b", "utf-8", "-p", "-t", *wanted, "-o", str(out), "-F", "JSON"],
                   check=True, capture_output=True, timeout=120)
    result = json.loads(out.read_text(encoding="utf-8"))["tiebreakResult"]["competitors"]
    return sorted((c["cid"], c["rank"], tuple(Fraction(str(v)) for v in c["tiebreakScore"]))
                  for c in result)


def test_the_fide_program_ranks_the_exported_file_as_we_do(tmp_path: Path) -> None:
    pytest.importorskip("gacrux")
    season = tmp_path / "s"
    shutil.copytree(DEMO, season)
    record_result(season, "division-1", "Northgate - Castle Knights", "0-1 +- 1-0 ½-½",
                  round_no=6)
    record_result(season, "division-1", "Northgate - Castle Knights", "+-", board=2,
                  players="Tara Tanaka - default", round_no=6, correct=True)
    record_result(season, "division-1", "Old Mill - Hillcrest", "--", round_no=6)
    withdraw(season, "division-2", "Castle Rooks", 2)
    withdraw(season, "division-2", "Hillcrest B", 2)  # cancelled: not in the file
    loaded = load_season(season)
    for sid in ("division-1", "division-2"):
        facts = team_league_facts(derive_facts(loaded.section(sid)))
        trf_file = tmp_path / f"{sid}.trf"
        trf_file.write_text(season_trf.dumps(loaded, sid), encoding="utf-8")
        ours = sorted((r.team, r.rank, r.values) for r in facts.rows)
        # a cancelled team is in the file's 310 records, with no match: the program ranks
        # it last, the division leaves it out
        theirs = [t for t in oracle_ranking(trf_file, facts.codes, "2024")
                  if t[0] not in facts.expunged]
        assert theirs == ours, sid
