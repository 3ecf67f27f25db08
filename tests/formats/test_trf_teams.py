"""formats/trf_teams: TRF-2026 team records read into the team model, and bad input refused
with file:line:col."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.teams.results import BYE, FORFEIT, PLAYED, team_rounds, totals
from leaguegen.errors import InputError
from leaguegen.formats.trf_teams import load, loads
from tests.conftest import shared_path


def _player(number: int, name: str, blocks: list[str]) -> str:
    """A 001 line: number at 5-8, name at 15-47, rating 49-52, blocks from column 92."""
    head = f"001 {number:4d}      {name:<33} 2000".ljust(80) + f" 0.0 {number:4d}  "
    return head + "".join(f"{b:<10}" for b in blocks).rstrip()


# Three teams of two boards, two rounds: round 1 T1-T2 played (board 2 a forfeit), T3 the
# PAB; round 2 T3-T1 forfeited as a whole by T1 (record 330), T2 the PAB.
PLAYERS = {
    1: ["   3 w 1", "   5 b -"], 2: ["   4 b +", "   6 w -"],
    3: ["   1 b 0", "0000 - U"], 4: ["   2 w -", "0000 - U"],
    5: ["0000 - U", "   1 w +"], 6: ["0000 - U", "   2 b +"],
}
HEAD = [
    "012 Small team event", "092 Team Swiss System", "142 3", "152 W",
    "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB", "362  W 2.0    D 1.0    L 0.0",
    "310   1 Alpha                                   2000    2.0    2.0   1     1    2",
    "310   2 Beta                                    2000    1.0    1.0   2     3    4",
    "310   3 Gamma                                   2000    3.0    3.0   3     5    6",
    "320  1.0  1.0   3   2",
    "330 +-   2   3   1",
]


def small() -> str:
    return "\n".join(HEAD + [_player(n, f"P{n}", b) for n, b in PLAYERS.items()]) + "\n"


def test_small_event_matches_byes_and_forfeits() -> None:
    event = loads(small(), "small.trf")
    assert event.rounds == 3 and event.boards == 2 and event.first_colour == "w"
    assert event.type_code == "FIDE_TEAM_TYPEA_MP_GP"
    r1, r2 = event.matches
    assert (r1.round, r1.first, r1.second, r1.forfeit) == (1, 1, 2, None)
    assert [(b.first_player, b.second_player, b.result) for b in r1.boards] == [(1, 3, "1"),
                                                                            (2, 4, "+")]
    assert r1.played and r1.outcome(1) == "W" and r1.game_points(2) == 0
    assert (r2.first, r2.second, r2.forfeit, r2.played) == (3, 1, "+-", False)
    assert [(b.round, b.team) for b in event.byes] == [(1, 3), (2, 2)]
    rounds = team_rounds(event)
    assert [r.kind for r in rounds[1]] == [PLAYED, FORFEIT]
    assert [r.kind for r in rounds[3]] == [BYE, FORFEIT]
    assert totals(rounds) == {1: (2, 2), 2: (1, 1), 3: (3, 3)}
    assert rounds[3][1].colour is None  # a forfeited match gives no colour (C.04.6 1.6.1)


def test_match_scoring_3_1_0() -> None:
    text = small().replace("362  W 2.0", "362  W 3.0")
    assert totals(team_rounds(loads(text)))[1] == (3, 2)


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as err:
        loads(text, "bad.trf")
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("310   2 Beta  ", "310   x Beta  ", "bad.trf:9:5: 310 record: team number must be"),
    ("   2 w 1", "   2 w 1", None),
    ("   3 w 1", "   3 q 1", "bad.trf:13:97: 001 record: colour 'q'"),
    ("   3 w 1", "   3 w 1x", "bad.trf:13:107: 001 record: colour"),
    ("   3 w 1", "   3 w 0", "bad.trf:13:99: 001 record: player 1, round 1: result '0'"),
    ("330 +-   2   3   1", "330 ++   2   3   1", "bad.trf:12:5: 330 record: forfeit '++'"),
    ("330 +-   2   3   1", "330 +-   1   3   1", "bad.trf:12:8: 330 record: no 001 line"),
    ("362  W 2.0", "362  W two", "bad.trf:7:6: 362 record:"),
    ("    1    2\n", "    1    9\n", "bad.trf:8:79: 310 record: player 9 of team 1"),
])
def test_bad_input_names_line_and_column(old: str, new: str, expected: str | None) -> None:
    text = small().replace(old, new, 1)
    if expected is None:
        loads(text)  # the same file still reads
        return
    problems = _problems(text)
    assert any(p.startswith(expected) for p in problems), problems


def test_board_must_meet_the_same_board() -> None:
    text = small().replace("   3 w 1", "   4 w 1", 1)
    assert any("bad.trf:13:92: 001 record: player 1, round 1: board 1 meets board 2" in p
               for p in _problems(text))


def test_not_a_team_file() -> None:
    assert _problems("012 x\n001    1      A\n") == [
        "bad.trf:1:1: no 310 record: this is not a team event"]


def test_tiebreak_corpus_file_reads_with_its_records() -> None:
    path = shared_path("tiebreaks", "teams", "rr-t06-b4-single-s104.trf")
    event = load(str(path))
    assert len(event.teams) == 6 and event.boards == 4 and event.rounds_played == 5
    forfeited = [m for m in event.matches if m.forfeit]
    assert [(m.round, m.first, m.second, m.forfeit) for m in forfeited] == [(1, 2, 5, "+-")]
    for team, (mp, gp) in totals(team_rounds(event)).items():
        t = event.team(team)
        assert (t.recorded_mp, t.recorded_gp) == (mp, gp)


def test_every_corpus_file_reads_and_agrees_with_its_310_totals() -> None:
    """Both corpora (356 files): the boards, 320 and 330 give the 310 totals."""
    files = sorted(shared_path("tiebreaks", "teams").glob("*.trf")) + sorted(
        shared_path("conformance", "team-swiss").glob("*.trf"))
    assert len(files) == 356
    for path in files:
        event = load(str(path))
        for team, (mp, gp) in totals(team_rounds(event)).items():
            t = event.team(team)
            assert (t.recorded_mp, t.recorded_gp) == (mp, gp), (path.name, team)


def test_pab_of_record_320() -> None:
    event = load(str(shared_path("tiebreaks", "teams", "swiss-t29-b4-r7-s204.trf")))
    assert [(b.round, b.team, b.mp, b.gp) for b in event.byes][:2] == [
        (1, 29, 2, 2), (2, 27, 2, 2)]
    assert event.byes[0].mp == Fraction(2)


def test_a_bye_team_cannot_also_play() -> None:
    text = small().replace("320  1.0  1.0   3   2", "320  1.0  1.0   1   2")
    assert any(p.startswith("bad.trf:11:15: 320 record: team 1 has the bye in round 1")
               for p in _problems(text))
