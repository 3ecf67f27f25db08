"""The organiser's chores from the command line (issue 14, part 2): ``result``, ``withdraw``,
``enter``, ``bye``. On a copy of each demo season each command changes only the lines it must,
keeps every comment, and leaves a season that ``check`` passes; a request that does not fit
the season exits 2 and leaves the file's bytes as they were."""

from __future__ import annotations

import difflib
import fcntl
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.schedule import berger
from leaguegen.domain.sections import derive_facts, kind_of
from leaguegen.formats import season_write
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


def copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "seasons" / name, folder)
    return folder


def ops(before: str, after: str) -> list[tuple[str, list[str], list[str]]]:
    a, b = before.splitlines(), after.splitlines()
    return [(op, a[i1:i2], b[j1:j2]) for op, i1, i2, j1, j2 in
            difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op != "equal"]


def comments(text: str) -> list[str]:
    return sorted(m.group(0) for m in re.finditer(r"#[^\n]*", text))


def checked(folder: Path) -> None:
    res = run("check", folder)
    assert res.exit_code == 0, res.output
    assert "warning" not in res.output, res.output


def open_games() -> list[tuple[str, str, int, str]]:
    """(demo, section, round, "White - Black") of one game without a result per round
    robin or Swiss section of every demo (the first such game of its table)."""
    out = []
    for demo in DEMOS:
        for section in load_season(demo).sections:
            if section.stage is not None or section.format == "knockout":
                continue
            if kind_of(section.format).chores.team_matches:
                continue  # a team match's card: tests/test_team_league_chores.py
            done = {(g.round, g.white, g.black) for g in section.games if g.result is not None}
            gone = {w.player for w in section.withdrawals}
            if section.format == "swiss":
                games = [(g.round, g.white, g.black) for g in section.games]
            elif section.format in ("round_robin", "double_round_robin"):
                table = berger.schedule(len(section.players), section.double,
                                        section.swap_last_two)
                games = [(r, b.white, b.black) for r, boards in enumerate(table, start=1)
                         for b in boards if b.black is not None]
            else:  # quads, scheveningen: the command's own reading of their tables
                games = kind_of(section.format).scheduled_games(section)
            game = next((g for g in games if g not in done and not {g[1], g[2]} & gone), None)
            if game is not None:
                r, w, b = game
                names = section.players
                out.append((demo.name, section.id, r, f"{names[w - 1].name} -"
                                                      f" {names[b - 1].name}"))
    return out


OPEN = open_games()


def test_the_demos_give_games_to_enter() -> None:
    # a finished season (riverside-2024 and -2025, the club's past: next-season needs them
    # finished) has no game left to enter
    individual = {d.name for d in DEMOS if not all(
        kind_of(s.format).chores.team_matches or derive_facts(s).finished
        for s in load_season(d).sections)}
    assert {d for d, *_ in OPEN} == individual  # every demo of players' games has one


@pytest.mark.parametrize(("demo", "section", "round_no", "game"), OPEN,
                         ids=[f"{d}-{s}" for d, s, *_ in OPEN])
def test_a_result_changes_only_its_line(tmp_path: Path, demo: str, section: str,
                                        round_no: int, game: str) -> None:
    folder = copy(tmp_path, demo)
    path = folder / "season.yaml"
    before = path.read_text(encoding="utf-8")
    res = run("result", folder, "--section", section, game, "1-0", "--round", round_no)
    assert res.exit_code == 0, res.output
    assert f"round {round_no}: {game}: 1-0" in res.output
    after = path.read_text(encoding="utf-8")
    changed = ops(before, after)
    assert len(changed) == 1, changed
    op, old, new = changed[0]
    if op == "replace":  # the pairing's line gets its score; a comment after it stays
        assert len(old) == len(new) == 1
        assert new[0] == old[0].replace(f"{game}:", f"{game}: 1-0", 1)
    else:  # a new line in the round (with "results:", a new round or "rounds:" as needed)
        assert op == "insert" and new[-1].strip() == f"- {game}: 1-0"
        assert [line.strip() for line in new[:-1]] in (["results:"], ["- results:"], [],
                                                        ["rounds:", "- results:"])
    assert comments(after) == comments(before)
    if op == "insert" and "- results:" in [line.strip() for line in new]:
        # a new round without --date: check says it has a result and no date (issue 26)
        res = run("check", folder)
        assert res.exit_code == 0, res.output
        warnings = [line for line in res.output.splitlines() if "warning" in line]
        assert len(warnings) == 1 and f"round {round_no} has results but no date" in \
            warnings[0], res.output
    else:
        checked(folder)
    played = load_season(folder).section(section)
    assert any(g.round == round_no and g.result is not None
               and f"{played.players[g.white - 1].name} - {played.players[g.black - 1].name}"
               == game for g in played.games)


def test_a_correction_needs_correct_and_says_what_it_replaces(tmp_path: Path) -> None:
    folder = copy(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    before = path.read_bytes()
    res = run("result", folder, "--section", "premier", "Lindqvist - Reyes", "1-0")
    assert res.exit_code == 2
    assert "already has the result ½-½; pass --correct" in res.output
    assert path.read_bytes() == before
    res = run("result", folder, "--section", "premier", "Lindqvist - Reyes", "1-0", "--correct")
    assert res.exit_code == 0, res.output
    assert "round 3: Hannah Lindqvist - Daniel Reyes: 1-0 (replaces ½-½)" in res.output
    once = path.read_bytes()
    res = run("result", folder, "--section", "premier", "Lindqvist - Reyes", "1-0")
    assert res.exit_code == 0 and "already has 1-0; nothing to change" in res.output
    assert path.read_bytes() == once
    (change,) = ops(before.decode(), path.read_text(encoding="utf-8"))
    assert change == ("replace", ["          - Hannah Lindqvist - Daniel Reyes: ½-½"],
                      ["          - Hannah Lindqvist - Daniel Reyes: 1-0"])
    checked(folder)


def test_a_forfeit_in_a_postponed_game_keeps_its_comment(tmp_path: Path) -> None:
    folder = copy(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    before = path.read_text(encoding="utf-8")
    res = run("result", folder, "--section", "rapid", "Ines Duarte - Mei Lin", "-+")
    assert res.exit_code == 0, res.output  # "-+" is a score, not an option
    (folder / "season.yaml").write_text(before, encoding="utf-8")
    res = run("result", folder, "--section", "rapid", "Ines Duarte - Mei Lin", "--", "-+")
    assert res.exit_code == 0, res.output
    assert ops(before, path.read_text(encoding="utf-8")) == [(
        "replace", ["          - Ines Duarte - Mei Lin:    # postponed, to be played by"
                    " arrangement"],
        ["          - Ines Duarte - Mei Lin: -+    # postponed, to be played by arrangement"])]
    checked(folder)


def test_withdraw_adds_the_entry_before_the_rounds(tmp_path: Path) -> None:
    folder = copy(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    before = path.read_text(encoding="utf-8")
    res = run("withdraw", folder, "--section", "rapid", "Viktor Hallberg", "--after-round", 8,
              "--reason", "moved: to Oslo")
    assert res.exit_code == 0, res.output
    assert ops(before, path.read_text(encoding="utf-8")) == [("insert", [], [
        "    withdrawals:",
        "      - player: Viktor Hallberg",
        "        after_round: 8",
        '        reason: "moved: to Oslo"'])]
    section = load_season(folder).section("rapid")
    assert [(w.player, w.after_round) for w in section.withdrawals] == [(6, 8)]
    checked(folder)


def test_swiss_chores_append_in_the_files_own_style(tmp_path: Path) -> None:
    folder = copy(tmp_path, "thursday-swiss-2026")
    path = folder / "season.yaml"
    before = path.read_text(encoding="utf-8")
    numbers = [p.name for p in load_season(folder).section("open").players]
    for args in (("bye", folder, "--section", "open", "Mei Lin", "--round", 6, "zero"),
                 ("withdraw", folder, "--section", "open", "Owen Price", "--after-round", 5),
                 ("enter", folder, "--section", "open", "Zara Ahmed", "--rating", 2200,
                  "--federation", "PAK", "--title", "WIM")):
        res = run(*args)
        assert res.exit_code == 0, res.output
    assert ops(before, path.read_text(encoding="utf-8")) == [
        ("insert", [], ["      - {name: Zara Ahmed, rating: 2200, title: WIM, federation: PAK}"]),
        ("insert", [], ["      - {player: Mei Lin, round: 6, bye: zero}"]),
        ("insert", [], ["      - player: Owen Price", "        after_round: 5"])]
    section = load_season(folder).section("open")
    # a player entered after round 1 takes the next number: nobody else's moves
    assert [p.name for p in section.players] == [*numbers, "Zara Ahmed"]
    checked(folder)


def test_a_late_entry_takes_the_free_number_of_an_odd_round_robin(tmp_path: Path) -> None:
    folder = copy(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    before = path.read_text(encoding="utf-8")
    numbers = [p.name for p in load_season(folder).section("major").players]
    res = run("enter", folder, "--section", "major", "Zoe Quinn", "--rating", 1810)
    assert res.exit_code == 0, res.output
    assert "(late_entries, the free number)" in res.output
    assert ops(before, path.read_text(encoding="utf-8")) == [
        ("insert", [], ["    late_entries:", "      - {name: Zoe Quinn, rating: 1810}"])]
    assert [p.name for p in load_season(folder).section("major").players] == [*numbers,
                                                                             "Zoe Quinn"]
    checked(folder)


def test_a_chinese_demo_takes_names_as_written(tmp_path: Path) -> None:
    folder = copy(tmp_path, "chunhui-2026-zh")
    (demo, section, r, game) = next(g for g in OPEN if g[0] == "chunhui-2026-zh")
    res = run("result", folder, "--section", section, game.replace(" - ", " – "), "½-½")
    assert res.exit_code == 0, res.output
    assert game in (folder / "season.yaml").read_text(encoding="utf-8")


# ---------------------------------------------------------------- refusals


REFUSALS = {
    "unknown player": ("riverside-2026", ["result", "--section", "premier",
                                          "Nobody Known - Priya Raman", "1-0"],
                       "unknown player 'Nobody Known'"),
    "not scheduled in that round": ("riverside-2026", [
        "result", "--section", "premier", "Yusuf Demir - Priya Raman", "1-0", "--round", "8"],
        "are not paired in round 8 (they meet in 7)"),
    "colours reversed": ("riverside-2026", ["result", "--section", "premier",
                                            "Priya Raman - Yusuf Demir", "1-0"],
                         "Yusuf Demir has White against Priya Raman in round 7"),
    "not a score": ("riverside-2026", ["result", "--section", "premier",
                                       "Yusuf Demir - Priya Raman", "1-O"],
                    "score '1-O' is not one of"),
    "a pending word": ("riverside-2026", ["result", "--section", "premier",
                                          "Yusuf Demir - Priya Raman", "postponed"],
                       "is not a result"),
    "no such section": ("riverside-2026", ["result", "--section", "nope", "A - B", "1-0"],
                        "no section 'nope' (sections: premier, major, rapid)"),
    "round not paired": ("thursday-swiss-2026", [
        "result", "--section", "open", "Morozov - Doyle", "1-0", "--round", "6"],
        "round 6 is not paired yet (the last paired round is 5)"),
    "a swiss game not paired": ("thursday-swiss-2026", [
        "result", "--section", "open", "Alexei Morozov - Mei Lin", "1-0"],
        "are not paired in any round"),
    "bye in a paired round": ("thursday-swiss-2026", [
        "bye", "--section", "open", "Mei Lin", "--round", "5"], "round 5 is paired already"),
    "bye twice": ("thursday-swiss-2026", [
        "bye", "--section", "open", "Helen Carter", "--round", "6"],
        "Helen Carter has asked for a bye in round 6 already"),
    "bye in a round robin": ("riverside-2026", [
        "bye", "--section", "premier", "Priya Raman", "--round", "8"], "for a Swiss section"),
    "late entry into an even round robin": ("riverside-2026", [
        "enter", "--section", "premier", "Zoe Quinn"], "it has results and 10 players"),
    "entered twice": ("thursday-swiss-2026", ["enter", "--section", "open", "Mei Lin"],
                      "Mei Lin is entered already"),
    "withdrawn twice": ("thursday-swiss-2026", [
        "withdraw", "--section", "open", "Thornton", "--after-round", "4"],
        "Jack Thornton has withdrawn already"),
    "withdrawal past the last round": ("riverside-2026", [
        "withdraw", "--section", "major", "Lucy Chambers", "--after-round", "9"],
        "the section has 7 rounds"),
    "an ambiguous surname": ("thursday-swiss-2026", [
        "enter", "--section", "open", "Mei Lin", "--rating", "1500"], "entered already"),
    "check refuses the result": ("thursday-swiss-2026", [
        "enter", "--section", "open", "Zed Zee", "--federation", "EN"],
        "federation must be a 3-letter code"),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_refusal_exits_2_and_changes_no_byte(tmp_path: Path, case: str) -> None:
    demo, args, message = REFUSALS[case]
    folder = copy(tmp_path, demo)
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    res = run(args[0], folder, *args[1:])
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "nothing was written" in res.output
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()
            and p.name != season_write.LOCK_NAME} == files


def test_a_refusal_from_check_names_the_line(tmp_path: Path) -> None:
    folder = copy(tmp_path, "thursday-swiss-2026")
    res = run("enter", folder, "--section", "open", "Zed Zee", "--federation", "EN")
    assert res.exit_code == 2
    assert re.search(re.escape(str(folder / "season.yaml")) + r":\d+:\d+: Zed Zee: federation",
                     res.output)


def test_a_name_with_control_characters_is_printed_escaped(tmp_path: Path) -> None:
    folder = copy(tmp_path, "thursday-swiss-2026")
    before = (folder / "season.yaml").read_bytes()
    res = run("enter", folder, "--section", "open", "Evil\x1b[2JName")
    assert res.exit_code == 2
    assert "\x1b" not in res.output and "\\x1b" in res.output
    assert (folder / "season.yaml").read_bytes() == before


def test_a_held_lock_refuses_with_exit_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy(tmp_path, "thursday-swiss-2026")
    before = (folder / "season.yaml").read_bytes()
    monkeypatch.setattr(season_write, "LOCK_WAIT", 0.1)
    fd = os.open(folder / season_write.LOCK_NAME, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        res = run("bye", folder, "--section", "open", "Mei Lin", "--round", "6")
    finally:
        os.close(fd)
    assert res.exit_code == 1 and "another leaguegen command" in res.output
    assert (folder / "season.yaml").read_bytes() == before


def test_a_section_in_its_own_file_is_edited_there(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "season.yaml").write_text("name: Files\nsections:\n  - open.yaml  # the open\n",
                                        encoding="utf-8")
    section = folder / "open.yaml"
    section.write_bytes(
        b"\xef\xbb\xbfid: open\r\nname: Open\r\nformat: round_robin\r\nseeding: rating\r\n"
        b"players:\r\n    - {name: Ann Ash, rating: 1500}\r\n"
        b"    - {name: Bob Birch, rating: 1900}  # top seed\r\n"
        b"    - {name: Cy Cole, rating: 1700}\r\n    - {name: Di Dunn, rating: 1600}\r\n")
    season_yaml = (folder / "season.yaml").read_bytes()
    res = run("result", folder, "--section", "open", "Birch - Ash", "½-½", "--date",
              "2026-09-01")
    assert res.exit_code == 0, res.output
    assert f"written to {section}" in res.output
    assert (folder / "season.yaml").read_bytes() == season_yaml
    data = section.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\n") == data.count(b"\r\n")
    text = data.decode("utf-8-sig")
    assert "seeding: list\r\n" in text and "rating: 1900}  # top seed\r\n" in text
    assert "rounds:\r\n    - date: 2026-09-01\r\n      results:\r\n" \
           "          - Bob Birch - Ann Ash: ½-½\r\n" in text
    res = run("withdraw", folder, "--section", "open", "Di Dunn", "--after-round", 1)
    assert res.exit_code == 0, res.output
    assert "withdrawals:\r\n    - player: Di Dunn\r\n      after_round: 1\r\nrounds:" in \
        section.read_bytes().decode("utf-8-sig")
    checked(folder)
