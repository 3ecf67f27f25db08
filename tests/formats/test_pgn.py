"""PGN files beside a season (docs/games.md): read by leaguegen's own tag reader, matched to
the round's pairings by the loader, each disagreement an error at the file's line and column;
the moves replayed by python-chess when the ``games`` extra is installed, and the season
loading without it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.errors import InputError
from leaguegen.formats import pgn_moves
from leaguegen.formats.pgn import parse_pgn
from leaguegen.formats.season_yaml import load_season
from tests.swiss_demo import SWISS_DEMO


def _game(white: str, black: str, result: str, moves: str, round_tag: str = "1") -> str:
    return (f'[Event "Thursday Swiss 2026"]\n[Round "{round_tag}"]\n[White "{white}"]\n'
            f'[Black "{black}"]\n[Result "{result}"]\n\n{moves}\n\n')


SCHOLAR = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"
FOOL = "1. f3 e5 2. g4 Qh4# 0-1"


@pytest.fixture()
def season(tmp_path: Path) -> Path:
    """The Swiss demo without its games: each test writes the files it is about."""
    folder = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, folder)
    shutil.rmtree(folder / "games")
    return folder


def _write(season: Path, text: str, name: str = "round-1.pgn", section: str = "open") -> Path:
    path = season / "games" / section / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _problems(season: Path) -> list[str]:
    with pytest.raises(InputError) as err:
        load_season(season)
    return [str(p) for p in err.value.problems]


def test_the_demo_games_load_matched_and_replayed() -> None:
    pytest.importorskip("chess")
    section = load_season(SWISS_DEMO).sections[0]
    assert [f.round for f in section.pgn] == [1, 2, 3]
    games = [g for f in section.pgn for g in f.games]
    assert len(games) == 9 and all(g.checked for g in games)
    opera = section.pgn[0].games[0]
    assert opera.value("White") == "Morozov, Alexei" and len(opera.moves) == 33
    assert opera.moves[-1].san == "Rd8#"
    assert opera.fen == "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    assert [g.ending for g in games] == ["checkmate"] * 3 + [""] + ["checkmate"] * 2 + [""] \
        + ["checkmate", ""]


def test_tags_moves_comments_variations_and_nags_are_read_with_their_places() -> None:
    text = ('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
            '1. e4 {a comment\nover two lines} e5 2.Nf3 $1 (2. f4 exf4) 2... Nc6; rest\n'
            '% an escaped line\n3. Bb5! a6?! 1-0\n')
    games, problems = parse_pgn(text, "x.pgn")
    assert problems == []
    (game,) = games
    assert [m.san for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert [(m.line, m.col) for m in game.moves] == [(5, 4), (6, 17), (6, 22), (6, 47),
                                                      (8, 4), (8, 9)]
    assert game.termination == "1-0" and (game.termination_line, game.termination_col) == (8, 14)
    assert game.tag("Black") is not None and game.tag("Black").line == 2


@pytest.mark.parametrize("text,where,words", [
    ('[White "A"\n1. e4 *\n', "x.pgn:1:1", "not a tag pair"),
    ('[White "A"]\n\n1. e4 e5 2. Kxx9 *\n', "x.pgn:3:13", "'Kxx9' is not a move in SAN"),
    ('[White "A"]\n\n1. e4 e5 @ *\n', "x.pgn:3:10", "'@' is not part of a PGN game"),
    ('[White "A"]\n\n1. e4 {never closed\n', "x.pgn:3:7", "never closed"),
    ('[White "A"]\n\n1. e4 e5\n', "x.pgn:1:1", "do not end in a result"),
    ('[White "A"]\n\n1. e4\n[White "B"]\n\n1. d4 *\n', "x.pgn:4:1", "a new game starts"),
])
def test_unreadable_pgn_is_an_error_at_its_line_and_column(text: str, where: str,
                                                            words: str) -> None:
    _, problems = parse_pgn(text, "x.pgn")
    assert problems, text
    assert str(problems[0]).startswith(where) and words in str(problems[0])


def test_a_game_that_agrees_with_its_pairing_loads(season: Path) -> None:
    _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0", SCHOLAR, "1.1"))
    section = load_season(season).sections[0]
    assert section.pgn[0].games[0].value("White") == "Alexei Morozov"


@pytest.mark.parametrize("white,black,result,round_tag,line,words", [
    # Board 1 of round 1 is Alexei Morozov - Thomas Reilly, 1-0
    ("Alexei Morozov", "Thomas Reilly", "0-1", "1", 5, "Result 0-1, but the season file has 1-0"),
    ("Thomas Reilly", "Alexei Morozov", "1-0", "1", 3, "in round 1 Alexei Morozov had White"),
    ("Alexei Morozov", "Grace Holloway", "1-0", "1", 3, "is not a pairing of round 1"),
    ("Alexei Morozov", "Tom Riley", "1-0", "1", 4, "'Tom Riley' is not a player of section"),
    ("Alexei Morozov", "Thomas Reilly", "1-0", "2", 2, "Round tag '2' in the file of round 1"),
])
def test_a_header_that_disagrees_with_the_pairing_is_an_error_at_its_tag(
        season: Path, white: str, black: str, result: str, round_tag: str, line: int,
        words: str) -> None:
    moves = SCHOLAR.replace("1-0", result) if result != "1-0" else SCHOLAR
    path = _write(season, _game(white, black, result, moves, round_tag))
    before = path.read_bytes(), (season / "season.yaml").read_bytes()
    found = _problems(season)
    assert any(p.startswith(f"{path}:{line}:") and words in p for p in found), found
    assert (path.read_bytes(), (season / "season.yaml").read_bytes()) == before


def test_a_game_for_a_forfeit_and_a_second_game_of_a_board_are_errors(season: Path) -> None:
    # round 2: Owen Price - Megan Hughes was a forfeit (-+)
    path = _write(season, _game("Price, Owen", "Hughes, Megan", "0-1", FOOL, "2")
                  + _game("Helen Carter", "Alexei Morozov", "0-1", FOOL, "2")
                  + _game("Helen Carter", "Alexei Morozov", "0-1", FOOL, "2"), "round-2.pgn")
    found = _problems(season)
    assert any(p.startswith(f"{path}:1:1:") and "forfeit (-+)" in p for p in found), found
    assert any(p.startswith(f"{path}:17:1:") and "a second game for board 1 (the first is "
               "at line 9)" in p for p in found), found


def test_moves_ending_in_another_result_than_the_tag_is_an_error(season: Path) -> None:
    path = _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0", FOOL))
    found = _problems(season)
    assert any(p.startswith(f"{path}:7:21:") and "the moves end in 0-1 but the Result tag "
               "says 1-0" in p for p in found), found


def test_a_result_the_season_has_not_entered_yet_is_a_warning(season: Path) -> None:
    # round 5 is paired but not played: Alexei Morozov - Patrick Doyle
    _write(season, _game("Alexei Morozov", "Patrick Doyle", "1-0", SCHOLAR, "5"), "round-5.pgn")
    loaded = load_season(season)
    assert any("has no result for it yet" in str(w) for w in loaded.warnings)
    assert loaded.sections[0].pgn[0].round == 5


def test_files_must_be_named_for_a_round_of_a_section_that_is_paired(season: Path) -> None:
    bad_name = _write(season, "", "first-round.pgn")
    stray = _write(season, "", "round-1.pgn", section="blitz")
    unpaired = _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0", SCHOLAR, "6"),
                      "round-6.pgn")
    found = _problems(season)
    assert f"{bad_name}: a round's games go in round-N.pgn (N the round's number)" in found
    assert f"{stray.parent}: no section has the id 'blitz' (sections: open)" in found
    assert any(p.startswith(f"{unpaired}: round 6 of section 'open' is not paired") for p
               in found), found


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_pgn_linked_from_outside_the_season_is_refused(season: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.pgn"
    outside.write_text(_game("Alexei Morozov", "Thomas Reilly", "1-0", SCHOLAR))
    link = season / "games" / "open" / "round-1.pgn"
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    found = _problems(season)
    assert any(p.startswith(str(link)) and "points outside the season folder" in p
               for p in found), found


def test_an_illegal_move_is_an_error_at_its_line_with_the_extra(season: Path) -> None:
    pytest.importorskip("chess")
    path = _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0",
                                "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf8# 1-0"))
    found = _problems(season)
    assert any(p.startswith(f"{path}:7:35:") and "4. Qxf8# is not a legal move here" in p
               for p in found), found


def test_without_the_extra_the_season_loads_and_the_moves_are_not_checked(
        season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgn_moves, "available", lambda: False)
    # an illegal move is not seen without python-chess; the headers still are
    _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0",
                         "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf8# 1-0"))
    game = load_season(season).sections[0].pgn[0].games[0]
    assert not game.checked and game.fen == "" and game.moves[-1].san == "Qxf8#"
    _write(season, _game("Alexei Morozov", "Thomas Reilly", "0-1", FOOL))
    assert any("Result 0-1, but the season file has 1-0" in p for p in _problems(season))


def test_a_live_preview_reads_a_pgn_again_only_when_it_changed(
        season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader's memo (kept by ``serve`` between saves): a save that leaves a PGN file as
    it was does not parse it and replay its games again, and the section is equal."""
    from leaguegen.formats import pgn

    parsed: list[str] = []
    real = pgn.parse_pgn
    monkeypatch.setattr(pgn, "parse_pgn", lambda text, display: (parsed.append(display),
                                                                  real(text, display))[1])
    path = _write(season, _game("Alexei Morozov", "Thomas Reilly", "1-0", SCHOLAR))
    memo: dict = {}
    first = load_season(season, memo=memo).sections[0]
    assert load_season(season, memo=memo).sections[0] == first
    assert len(parsed) == 1
    path.write_text(path.read_text(encoding="utf-8").replace('"Thursday', '"The Thursday'),
                    encoding="utf-8")
    changed = load_season(season, memo=memo).sections[0]
    assert len(parsed) == 2 and changed != first
    assert changed.pgn[0].games[0].value("Event") == "The Thursday Swiss 2026"


DEMO_PGN = (SWISS_DEMO / "games" / "open" / "round-1.pgn").read_text(encoding="utf-8")
PIECES = ["[", "]", '"', "{", "}", "(", ")", ";", "%", "$", "1-0", "*", "0-0", "\n", " ", "Qxf7#",
          "e8=Q", "1.", "...", "\\", "\ufeff", "\x00", "ж"]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(DEMO_PGN)), st.integers(0, 12),
                          st.sampled_from(PIECES)), min_size=1, max_size=8))
def test_a_mangled_pgn_gives_problems_at_its_lines_never_a_crash(edits) -> None:  # noqa: ANN001
    text = DEMO_PGN
    for at, cut, piece in edits:
        text = text[:at] + piece + text[at + cut:]
    games, problems = parse_pgn(text, "x.pgn")
    lines = len(text.splitlines())
    assert all(0 <= p.line <= lines for p in problems)
    for game in games:
        assert game.termination in ("1-0", "0-1", "1/2-1/2", "*")
        if pgn_moves.available():
            pgn_moves.replay(game, "x.pgn")  # a Problem or a position, never an exception


def test_python_chess_is_imported_in_one_module_only() -> None:
    """GPL-3.0 python-chess stays behind one door (docs/games.md): formats/pgn_moves.py."""
    import ast

    from tests.conftest import ROOT

    importers = set()
    for path in (ROOT / "leaguegen").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "chess" or n.startswith("chess.") for n in names):
                importers.add(path.relative_to(ROOT).as_posix())
    assert importers == {"leaguegen/formats/pgn_moves.py"}
