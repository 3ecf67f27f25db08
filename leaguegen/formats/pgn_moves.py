"""The moves of a PGN game replayed by python-chess, when the ``games`` extra is installed.

python-chess is GPL-3.0 and leaguegen is MIT, so it is optional (``pip install
leaguegen[games]``) and this is the one module that imports it, lazily, inside functions:
leaguegen's source never includes or bundles it, and without it every season still loads
(the tags are checked by ``formats/pgn.py``'s own reader; the game page shows the moves as
written, without the final position). With it, each move of the main line must be legal
(an illegal or ambiguous one is an error at its line and column), the moves are written as
python-chess writes SAN (so ``Ngf3`` where ``Nf3`` is enough becomes ``Nf3``) and the final
position's FEN is kept for the page's board, which a template draws (not ``chess.svg``).
"""

from __future__ import annotations

import dataclasses
import importlib.util
from functools import cache

from leaguegen.domain.games import Move, PgnGame
from leaguegen.errors import Message, Problem


@cache
def available() -> bool:
    """Whether python-chess can be imported (the ``games`` extra)."""
    return importlib.util.find_spec("chess") is not None


def replay(game: PgnGame, display: str) -> tuple[PgnGame, list[Problem]]:
    """``game`` with its moves checked and rewritten as SAN, ``fen`` its final position and
    ``checked`` True; or the game as given and the problem at the first illegal move."""
    import chess  # the optional extra (GPL-3.0): imported here only, see the docstring

    try:
        board = chess.Board(game.start_fen)
    except ValueError as exc:
        tag = game.tag("FEN")
        line, col = (tag.line, tag.col) if tag else (game.line, 1)
        return game, [Problem(display, line, col, Message("FEN '{fen}' is not a position: "
                                                          "{why}", fen=game.start_fen,
                                                          why=str(exc)))]
    moves: list[Move] = []
    for move in game.moves:
        try:
            played = board.parse_san(move.san)
        except ValueError as exc:
            full = board.fullmove_number
            said = f"{full}.{'..' if board.turn == chess.BLACK else ''} {move.san}"
            return game, [Problem(display, move.line, move.col, _reason(exc, said))]
        moves.append(dataclasses.replace(move, san=board.san(played)))
        board.push(played)
    ending = ("checkmate" if board.is_checkmate() else
              "stalemate" if board.is_stalemate() else "")
    return dataclasses.replace(game, moves=tuple(moves), fen=board.fen(), checked=True,
                               ending=ending), []


def _reason(exc: ValueError, move: str) -> Message:
    """Why python-chess refused a move: illegal, ambiguous, or not a move at all."""
    name = type(exc).__name__
    if name == "AmbiguousMoveError":
        return Message("{move} is ambiguous here: say which piece moves (Nbd2, R1e1)",
                       move=move)
    if name == "IllegalMoveError":
        return Message("{move} is not a legal move here", move=move)
    return Message("{move} is not a move", move=move)
