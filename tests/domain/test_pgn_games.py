"""domain/games.py: a PGN game matched to its board by the names in its tags (as the season
writes them, or "Surname, Given names"), the board drawn from a FEN, the moves numbered."""

from __future__ import annotations

from leaguegen.domain.games import (
    START_FEN,
    Mismatch,
    Move,
    PgnFile,
    PgnGame,
    Tag,
    board_of,
    match_file,
    move_pairs,
)
from leaguegen.domain.model import Player
from leaguegen.domain.season import Game, GameResult, RoundInfo, Section


def _section() -> Section:
    players = tuple(Player(n) for n in ("Ana de la Cruz", "Ben Ode", "Cleo Park", "Dev Rao"))
    return Section("open", "Open", "swiss", players, (RoundInfo(1), RoundInfo(2)),
                   (Game(1, 1, 2, GameResult.WHITE_WINS), Game(1, 3, 4, None),
                    Game(2, 4, 1, GameResult.DRAW), Game(2, 2, 3, GameResult.DOUBLE_FORFEIT)))


def _game(line: int, white: str, black: str, result: str, end: str | None = None) -> PgnGame:
    tags = (Tag("White", white, line, 1), Tag("Black", black, line + 1, 1),
            Tag("Result", result, line + 2, 1))
    return PgnGame(line, tags, (Move("e4", line + 4, 4),), end or result, line + 4, 7)


def _match(round_no: int, *games: PgnGame):  # noqa: ANN202
    return match_file(_section(), PgnFile("games/open/round-1.pgn", round_no, "", games))


def test_names_as_written_or_surname_first_find_their_board() -> None:
    matched, found = _match(1, _game(1, "Cruz, Ana de la", "ben  ode", "1-0"),
                            _game(9, "Cleo Park", "Rao, Dev", "*"))
    assert found == []
    assert [(m.board, m.game.white, m.game.black) for m in matched] == [(1, 1, 2), (2, 3, 4)]


def test_each_disagreement_is_named_at_its_tag() -> None:
    matched, found = _match(1, _game(1, "Ben Ode", "Ana de la Cruz", "0-1"),
                            _game(9, "Ana de la Cruz", "Ben Ode", "1/2-1/2"),
                            _game(17, "Cleo Park", "Dev Rao", "0-1"))
    assert matched[0].board == 2  # the game whose result the season has not entered yet
    assert [(d.kind, d.line, d.warning) for d in found] == [
        (Mismatch.COLOURS_SWAPPED, 1, False), (Mismatch.RESULT_DIFFERS, 11, False),
        (Mismatch.RESULT_NOT_ENTERED, 19, True)]
    assert dict(found[1].values) == {"value": "1/2-1/2", "result": "1-0"}


def test_a_forfeit_and_a_round_not_paired_have_no_games() -> None:
    _, found = _match(2, _game(1, "Ben Ode", "Cleo Park", "1-0"))
    assert [d.kind for d in found] == [Mismatch.FORFEIT]
    _, found = _match(3, _game(1, "Ben Ode", "Cleo Park", "1-0"))
    assert [(d.kind, d.line) for d in found] == [(Mismatch.ROUND_NOT_PAIRED, 0)]


def test_the_board_from_a_fen_runs_from_a8_to_h1() -> None:
    squares = board_of(START_FEN)
    assert len(squares) == 64
    assert (squares[0].name, squares[0].piece, squares[0].dark) == ("a8", "r", False)
    assert (squares[63].name, squares[63].piece, squares[63].dark) == ("h1", "R", False)
    assert (squares[56].name, squares[56].dark) == ("a1", True)
    assert squares[4].piece == "k" and squares[60].piece == "K"
    assert sum(1 for s in squares if s.piece) == 32


def test_moves_are_numbered_from_the_position_they_start_from() -> None:
    moves = tuple(Move(san, 1, 1) for san in ("e4", "e5", "Nf3"))
    assert move_pairs(moves, START_FEN) == ((1, "e4", "e5"), (2, "Nf3", ""))
    black_first = "8/8/8/8/8/8/8/K6k b - - 0 40"
    assert move_pairs(moves, black_first) == ((40, "", "e4"), (41, "e5", "Nf3"))
