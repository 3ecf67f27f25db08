"""The organiser's chores on a team Swiss section (issue 28): ``result`` for a whole match
card, a whole-match default and board by board (the team league's match chores), ``bye``
and ``withdraw`` of a team (written as the section's ``absent`` entries), each through the
locked, comment-keeping write.

The example season (tests/data/team-swiss-2026, the C.04.6 case t0006 with names) is cut
before round 7, round 7 is paired by ``leaguegen pair``, and its results are entered with
``leaguegen result``: the season then equals the example, round and table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections import team_swiss as ts
from leaguegen.domain.sections.team_league import MatchEntry
from leaguegen.formats.chores.team_match import WRITTEN
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

EXAMPLE = ROOT / "tests" / "data" / "team-swiss-2026"
ROUND_START = re.compile(r"(?m)^      - date: ")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def section(folder: Path = EXAMPLE):  # noqa: ANN201 - Section
    return load_season(folder).section("open")


def _cut(tmp_path: Path, rounds: int) -> Path:
    """The example with its first ``rounds`` rounds only."""
    text = (EXAMPLE / "season.yaml").read_text(encoding="utf-8")
    parts = ROUND_START.split(text)
    (tmp_path / "season.yaml").write_text(
        parts[0] + "".join("      - date: " + p for p in parts[1:rounds + 1]), encoding="utf-8")
    return tmp_path / "season.yaml"


def _name(d: ts.TeamSwissDetails, team: int) -> str:
    return d.teams[team - 1].name


def _card(m: MatchEntry) -> str:
    return m.forfeit or " ".join(WRITTEN[b.result] for b in m.boards)


@pytest.fixture()
def paired(tmp_path: Path) -> Path:
    """The example cut after round 6, round 7 paired by ``pair`` (no result yet)."""
    _cut(tmp_path, 6)
    code, out, err = run("pair", str(tmp_path), "--section", "open")
    assert code == 0, err
    assert "Round 7 of 7 paired" in out
    return tmp_path


def test_round_7_entered_by_result_gives_the_example(paired: Path) -> None:
    want = ts.details(section())
    mine = [m for m in want.matches if m.round == 7]
    assert len(mine) == 6
    carded = [m for m in mine if m.forfeit is None]
    by_board, rest = carded[0], [m for m in mine if m is not carded[0]]
    for m in rest:  # whole cards and whole-match defaults
        code, out, err = run("result", str(paired), f"{_name(want, m.host)} - "
                             f"{_name(want, m.guest)}", _card(m), "--section", "open")
        assert code == 0, out + err
        assert f"round 7: {_name(want, m.host)} - {_name(want, m.guest)}: {_card(m)}" in out
    game = f"{_name(want, by_board.host)} - {_name(want, by_board.guest)}"
    for b in by_board.boards[:-1]:  # board by board: the match waits for its last board
        code, out, err = run("result", str(paired), game, WRITTEN[b.result], "--board",
                             str(b.number), "--section", "open")
        assert code == 0, out + err
    d = ts.details(section(paired))
    assert [(m.round, m.host, m.guest) for m in d.unfinished] == \
        [(7, by_board.host, by_board.guest)]
    assert ts.waiting(section(paired), 7) == (ts.Paired(7, by_board.host, by_board.guest),)
    last = by_board.boards[-1]
    code, out, err = run("result", str(paired), game, WRITTEN[last.result], "--board",
                         str(last.number), "--section", "open")
    assert code == 0, out + err
    got = section(paired)
    assert set(m for m in ts.details(got).matches if m.round == 7) == set(mine)
    assert not ts.details(got).unfinished
    table = ts.team_swiss_facts(derive_facts(got)).rows
    assert table == ts.team_swiss_facts(derive_facts(section())).rows


def _met_once(d: ts.TeamSwissDetails) -> ts.Paired:
    """A match of round 7 between teams paired in no earlier round."""
    return next(p for p in d.pairings if p.round == 7 and not any(
        {q.first, q.second} == {p.first, p.second} for q in d.pairings if q.round < 7))


def test_a_match_is_named_first_team_first(paired: Path) -> None:
    d = ts.details(section(paired))
    p = _met_once(d)
    text = (paired / "season.yaml").read_text(encoding="utf-8")
    code, out, err = run("result", str(paired), f"{_name(d, p.second)} - {_name(d, p.first)}",
                         "1-0 1-0 1-0 1-0", "--section", "open")
    assert code == 2
    assert f"round 7's match is '{_name(d, p.first)} - {_name(d, p.second)}'" in err
    code, out, err = run("result", str(paired), f"{_name(d, p.first)} - Nobody United",
                         "+-", "--section", "open")
    assert code == 2 and "is not 'first team - second team'" in err
    assert (paired / "season.yaml").read_text(encoding="utf-8") == text


def test_a_result_replaces_one_only_with_correct(paired: Path) -> None:
    d = ts.details(section(paired))
    p = _met_once(d)
    game = f"{_name(d, p.first)} - {_name(d, p.second)}"
    assert run("result", str(paired), game, "1-0 ½-½ 0-1 ½-½", "--section", "open")[0] == 0
    code, _, err = run("result", str(paired), game, "+-", "--section", "open")
    assert code == 2 and "pass --correct" in err
    code, out, err = run("result", str(paired), game, "+-", "--section", "open", "--correct")
    assert code == 0, err
    got = next(m for m in ts.details(section(paired)).matches
               if (m.round, m.host, m.guest) == (7, p.first, p.second))
    assert got.forfeit == "+-"


# ---------------------------------------------------------------- bye and withdraw


def test_a_team_asks_to_be_left_out_of_a_round(tmp_path: Path) -> None:
    """``bye TEAM zero --round 3``: an ``absent`` entry; ``pair`` then leaves the team out
    (12 teams present: no PAB), as the engine pairs the event without it."""
    from leaguegen.domain.teams.swiss import pair_team_round

    season = _cut(tmp_path, 2)
    code, out, err = run("bye", str(tmp_path), "Millbrook", "zero", "--round", "3",
                         "--section", "open", "--reason", "club night clash")
    assert code == 0, out + err
    assert "Millbrook: left out of round 3 (absent, no points) (club night clash)" in out
    assert "{team: Millbrook, round: 3, reason: club night clash}" in \
        season.read_text(encoding="utf-8")
    sec = section(tmp_path)
    assert ts.details(sec).absent_in(3) == frozenset({13})
    engine = pair_team_round(ts.event(sec, 2), absent=frozenset({13}))
    code, out, err = run("pair", str(tmp_path), "--section", "open")
    assert code == 0, err
    assert "Millbrook: absent" in out
    assert set(ts.written_round(section(tmp_path), 3).matches) == set(engine.matches)
    assert ts.written_round(section(tmp_path), 3).bye is None


@pytest.mark.parametrize("args, words", [
    (("Millbrook", "--round", "3"), "a team Swiss has no 'half' bye"),
    (("Millbrook", "full", "--round", "3"), "no 'full' bye"),
    (("Millbrook", "zero", "--round", "2"), "round 2 is paired already"),
    (("Millbrook", "zero", "--round", "8"), "the section has 7 rounds"),
    (("Milbrook", "zero", "--round", "3"), "no team 'Milbrook' in this section"),
])
def test_bye_refusals_write_nothing(tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    season = _cut(tmp_path, 2)
    text = season.read_text(encoding="utf-8")
    code, out, err = run("bye", str(tmp_path), *args, "--section", "open")
    assert code == 2, out + err
    assert words in err and "nothing was written" in err
    assert season.read_text(encoding="utf-8") == text


def test_a_team_withdraws(tmp_path: Path) -> None:
    """``withdraw TEAM --after-round 2``: absent from rounds 3-7 (not paired, nothing
    scored); its two rounds stand; the rest are paired without it."""
    season = _cut(tmp_path, 2)
    code, out, err = run("withdraw", str(tmp_path), "Larkspur", "--after-round", "2",
                         "--section", "open")
    assert code == 0, out + err
    assert "Larkspur withdrawn after round 2" in out
    assert "absent from round(s) 3, 4, 5, 6, 7" in out
    d = ts.details(section(tmp_path))
    assert [r for r, t in d.absences if t == 12] == [3, 4, 5, 6, 7]
    assert season.read_text(encoding="utf-8").count("reason: withdrew after round 2") == 5
    code, out, err = run("pair", str(tmp_path), "--section", "open")
    assert code == 0, err
    r3 = ts.written_round(section(tmp_path), 3)
    assert all(12 not in m for m in r3.matches) and r3.bye is None
    code, _, err = run("withdraw", str(tmp_path), "Larkspur", "--after-round", "2",
                       "--section", "open")
    assert code == 2 and "absent from them already" in err


def test_a_team_paired_after_the_round_cannot_withdraw_then(tmp_path: Path) -> None:
    _cut(tmp_path, 3)
    code, _, err = run("withdraw", str(tmp_path), "Aldermoor", "--after-round", "1",
                       "--section", "open")
    assert code == 2
    assert "Aldermoor is paired after round 1 (round 2 " in err
    assert "--after-round 3" in err


# ---------------------------------------------------------------- enter


def test_a_team_arrives_late(tmp_path: Path) -> None:
    """``enter TEAM --squad``: the team is TPN 14, absent from rounds 1-3 (nothing
    scored), and round 4 pairs it with the others, as the engine pairs the event."""
    from leaguegen.domain.teams.swiss import pair_team_round

    season = _cut(tmp_path, 3)
    code, out, err = run("enter", str(tmp_path), "Newport", "--section", "open",
                         "--squad", "Nell Owen, Nat Price, Noor Quayle, Ned Rowe")
    assert code == 0, out + err
    assert "team Newport entered with TPN 14" in out
    assert "absent from round(s) 1, 2, 3 already paired" in out
    assert season.read_text(encoding="utf-8").count("- Newport: absent") == 3
    sec = section(tmp_path)
    d = ts.details(sec)
    assert d.teams[-1].name == "Newport" and [p.name for p in d.teams[-1].squad][0] == \
        "Nell Owen"
    assert [r for r, t in d.absences if t == 14] == [1, 2, 3]
    row = next(r for r in ts.team_swiss_facts(derive_facts(sec)).rows if r.team == 14)
    assert (row.match_points, row.game_points) == (0, 0)
    engine = pair_team_round(ts.event(sec, 3))
    assert any(14 in m for m in engine.matches) and engine.bye is None  # 14 teams: even
    code, out, err = run("pair", str(tmp_path), "--section", "open")
    assert code == 0, err
    r4 = ts.written_round(section(tmp_path), 4)
    assert (set(r4.matches), r4.bye) == (set(engine.matches), engine.bye)


@pytest.mark.parametrize("args, words", [
    (("Aldermoor", "--squad", "A, B, C, D"), "team 'Aldermoor' is entered already"),
    (("Newport", "--squad", "A, B"), "--squad names 2 player(s)"),
    (("Newport", "--squad", "A, B, C, Ada Archer"), "Ada Archer is in team 'Aldermoor'"),
    (("Newport", "--squad", "A, B, C, D", "--team", "Aldermoor"), "not both"),
    (("Ada Archer", "--team", "Brookfield"), "Ada Archer is in team 'Aldermoor' already"),
    (("Zed", "--team", "Nowhere"), "no team 'Nowhere' in this section"),
])
def test_enter_refusals_write_nothing(tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    season = _cut(tmp_path, 2)
    text = season.read_text(encoding="utf-8")
    code, out, err = run("enter", str(tmp_path), *args, "--section", "open")
    assert code == 2, out + err
    assert words in err and "nothing was written" in err
    assert season.read_text(encoding="utf-8") == text


def test_a_reserve_is_entered_and_plays(paired: Path) -> None:
    """``enter NAME --team TEAM``: a reserve below the squad, who may then sit at board
    4 of a match card (``result --board 4 --players``)."""
    code, out, err = run("enter", str(paired), "Zed Quill", "--section", "open", "--team",
                         "Aldermoor", "--rating", "1900")
    assert code == 0, out + err
    assert "Zed Quill entered as a reserve of Aldermoor" in out
    assert "{name: Zed Quill, rating: 1900}" in (paired / "season.yaml").read_text("utf-8")
    d = ts.details(section(paired))
    assert [(p.name, p.rating) for p in d.teams[0].reserves] == [("Zed Quill", 1900)]
    p = next(p for p in d.pairings if p.round == 7 and 1 in (p.first, p.second))
    game = f"{_name(d, p.first)} - {_name(d, p.second)}"
    other = d.teams[(p.second if p.first == 1 else p.first) - 1].squad[3].name
    seat = f"Zed Quill - {other}" if p.first == 1 else f"{other} - Zed Quill"
    code, out, err = run("result", str(paired), game, "1-0", "--board", "4", "--players", seat,
                         "--section", "open")
    assert code == 0, out + err
    card = next(m for m in ts.details(section(paired)).unfinished if m.round == 7)
    mine = card.boards[3].host if p.first == 1 else card.boards[3].guest
    assert mine == 4  # the fifth of Aldermoor's eligible players: the reserve


def test_a_team_league_takes_a_reserve_but_not_a_team(tmp_path: Path) -> None:
    import shutil

    demo = ROOT / "seasons" / "club-league-2026"
    shutil.copytree(demo, tmp_path / "league")
    sec = next(s for s in load_season(tmp_path / "league").sections if s.format == "team_league")
    team = sec.details.teams[0].name
    code, out, err = run("enter", str(tmp_path / "league"), "Zed Quill", "--section", sec.id,
                         "--team", team)
    assert code == 0, out + err
    after = load_season(tmp_path / "league").section(sec.id)
    assert after.details.teams[0].reserves[-1].name == "Zed Quill"
    code, _, err = run("enter", str(tmp_path / "league"), "Newport", "--section", sec.id,
                       "--squad", "A, B, C, D")
    assert code == 2 and "a team league's fixtures come from its number of teams" in err
