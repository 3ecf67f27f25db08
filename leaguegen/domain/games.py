"""Games as PGN gives them, matched to the pairings they were played from.

A season may keep the scores of its games beside it (``games/<section>/round-<N>.pgn``,
docs/games.md). ``formats/pgn.py`` reads each file into the values below; this module
holds what needs no file: which board of the round a game is (by its White and Black
tags), whether its Round and Result tags agree with the season's file, and the board
model the game page draws its final position from. Pure: no I/O, no chess library (the
optional move check lives in ``formats/pgn_moves.py``, so leaguegen's own code needs none).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from leaguegen.domain.season import Game, GameResult, Section

# The Result tag's values (PGN standard 8.1.1.7) and the season result each stands for.
PGN_RESULTS: dict[str, GameResult | None] = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "1/2-1/2": GameResult.DRAW,
    "*": None,  # unfinished, or not known
}
FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
            GameResult.DOUBLE_FORFEIT)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair ``[Name "value"]`` and where it stands (1-based line and column)."""

    name: str
    value: str
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Move:
    """A move of the main line in SAN, where it stands in the file."""

    san: str
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One game of a PGN file: its tags, its main line (comments, NAGs and variations
    left out) and how the movetext ends. ``fen`` is the final position when the moves were
    replayed (the ``games`` extra installed, ``checked`` True), else ""."""

    line: int  # the game's first line in its file
    tags: tuple[Tag, ...]
    moves: tuple[Move, ...]
    termination: str  # the result token ending the movetext ("1-0", "0-1", "1/2-1/2", "*")
    termination_line: int
    termination_col: int
    start_fen: str = START_FEN  # the FEN tag's position when the game starts from one
    fen: str = ""
    checked: bool = False
    ending: str = ""  # "checkmate" or "stalemate" when the final position is one (replayed)

    def tag(self, name: str) -> Tag | None:
        return next((t for t in self.tags if t.name == name), None)

    def value(self, name: str) -> str:
        t = self.tag(name)
        return t.value if t is not None else ""


@dataclass(frozen=True, slots=True)
class PgnFile:
    """A round's PGN file: ``path`` inside the season folder (``games/open/round-1.pgn``),
    the round its name gives, its text (copied beside the pages as the round's download) and
    its games in file order."""

    path: str
    round: int
    text: str
    games: tuple[PgnGame, ...]


@dataclass(frozen=True, slots=True)
class MatchedGame:
    """A game matched to its pairing: the round's ``board`` (1-based, in the order the
    season file writes the round) and the pairing's ``game``."""

    round: int
    board: int
    game: Game
    pgn: PgnGame


# ---------------------------------------------------------------- names


def name_forms(name: str) -> tuple[str, ...]:
    """How a PGN may write a player: as the season does, or "Surname, Given names" (the PGN
    standard's order), compared without case or repeated spaces."""
    plain = " ".join(name.split()).casefold()
    parts = plain.split(" ")
    forms = [plain]
    if len(parts) > 1:
        forms.append(f"{parts[-1]}, {' '.join(parts[:-1])}")
    return tuple(forms)


def _number_of(section: Section, written: str) -> int | None:
    key = " ".join(written.split()).casefold()
    for number, player in enumerate(section.players, start=1):
        if key in name_forms(player.name):
            return number
    return None


# ---------------------------------------------------------------- matching


def round_boards(section: Section, round_no: int) -> list[Game]:
    """The round's pairings in the order written (board 1 first), as the round page shows."""
    return [g for g in section.games if g.round == round_no]


def _round_tag_agrees(value: str, round_no: int) -> bool:
    """``3``, or ``3.5`` (round.board, as many programs write it); ``?``/``-``/"": unknown."""
    value = value.strip()
    if value in ("", "?", "-"):
        return True
    return value.split(".")[0] == str(round_no)


class Mismatch(Enum):
    """What a PGN game's tags say that its season file does not (``match_file``); the
    reader words each (``formats/pgn.py``), with the values a :class:`Disagreement` holds."""

    ROUND_NOT_PAIRED = "round not paired"  # round, section
    ROUND_TAG = "round tag"  # value, round
    NO_PLAYERS = "no players"
    UNKNOWN_PLAYER = "unknown player"  # name, section
    COLOURS_SWAPPED = "colours swapped"  # white, black, round
    NOT_PAIRED = "not paired"  # white, black, round
    SECOND_GAME = "second game"  # board, line
    BAD_RESULT = "bad result"  # value
    TERMINATION = "termination"  # end, value
    FORFEIT = "forfeit"  # board, result
    RESULT_NOT_ENTERED = "result not entered"  # value (a warning)
    RESULT_DIFFERS = "result differs"  # value, result


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One :class:`Mismatch` at a line and column of the file (0: the whole file), with
    its values by name; ``warning``: the game is kept (advice, not an error)."""

    kind: Mismatch
    line: int
    col: int
    values: tuple[tuple[str, str | int], ...] = ()
    warning: bool = False


def match_file(section: Section, pgn: PgnFile
               ) -> tuple[list[MatchedGame], list[Disagreement]]:
    """Each game of ``pgn`` matched to its board of the round, and what disagrees: a game
    whose players were not paired together that round (or with the other colours), one
    given twice, a Round tag of another round, a Result tag that is not the season's result
    (a warning when the season has no result yet), a game for a forfeit."""
    boards = round_boards(section, pgn.round)
    matched: list[MatchedGame] = []
    found: list[Disagreement] = []

    def problem(at_line: int, at_col: int, kind: Mismatch, warning: bool = False,
                **values: str | int) -> None:
        found.append(Disagreement(kind, at_line, at_col, tuple(values.items()), warning))

    if not boards:
        problem(0, 0, Mismatch.ROUND_NOT_PAIRED, round=pgn.round, section=section.id)
        return matched, found
    seen: dict[int, int] = {}  # board -> the line of the game that took it
    for game in pgn.games:
        round_tag = game.tag("Round")
        if round_tag is not None and not _round_tag_agrees(round_tag.value, pgn.round):
            problem(round_tag.line, round_tag.col, Mismatch.ROUND_TAG, value=round_tag.value,
                    round=pgn.round)
        white_tag, black_tag = game.tag("White"), game.tag("Black")
        if white_tag is None or black_tag is None:
            problem(game.line, 1, Mismatch.NO_PLAYERS)
            continue
        white, black = _number_of(section, white_tag.value), _number_of(section, black_tag.value)
        for tag, number in ((white_tag, white), (black_tag, black)):
            if number is None:
                problem(tag.line, tag.col, Mismatch.UNKNOWN_PLAYER, name=tag.value,
                        section=section.id)
        if white is None or black is None:
            continue
        board = next((i for i, g in enumerate(boards, start=1)
                      if (g.white, g.black) == (white, black)), None)
        if board is None:
            swapped = any((g.white, g.black) == (black, white) for g in boards)
            problem(white_tag.line, white_tag.col,
                    Mismatch.COLOURS_SWAPPED if swapped else Mismatch.NOT_PAIRED,
                    white=white_tag.value, black=black_tag.value, round=pgn.round)
            continue
        if board in seen:
            problem(game.line, 1, Mismatch.SECOND_GAME, board=board, line=seen[board])
            continue
        seen[board] = game.line
        pairing = boards[board - 1]
        if not _result_agrees(game, pairing, board, problem):
            continue
        matched.append(MatchedGame(pgn.round, board, pairing, game))
    return matched, found


def _result_agrees(game: PgnGame, pairing: Game, board: int, problem) -> bool:  # noqa: ANN001
    """Whether the game's result agrees with its pairing's; says why not through
    ``problem``. A game of a forfeit is refused (no game was played)."""
    tag = game.tag("Result")
    value = tag.value if tag is not None else game.termination
    line, col = (tag.line, tag.col) if tag is not None else (game.termination_line,
                                                             game.termination_col)
    if value not in PGN_RESULTS:
        problem(line, col, Mismatch.BAD_RESULT, value=value)
        return False
    if tag is not None and game.termination != value:
        problem(game.termination_line, game.termination_col, Mismatch.TERMINATION,
                end=game.termination, value=value)
        return False
    pgn_result = PGN_RESULTS[value]
    if pairing.result in FORFEITS:
        problem(game.line, 1, Mismatch.FORFEIT, board=board, result=pairing.result.text)
        return False
    if pgn_result is None or pgn_result == pairing.result:
        return True
    if pairing.result is None:
        problem(line, col, Mismatch.RESULT_NOT_ENTERED, warning=True, value=value)
        return True
    problem(line, col, Mismatch.RESULT_DIFFERS, value=value, result=pairing.result.ascii)
    return False


def game_index(files: tuple[PgnFile, ...], section: Section
               ) -> dict[tuple[int, int], MatchedGame]:
    """Every matched game by (round, board): what the round and player pages link to."""
    out: dict[tuple[int, int], MatchedGame] = {}
    for pgn in files:
        for m in match_file(section, pgn)[0]:
            out[(m.round, m.board)] = m
    return out


# ---------------------------------------------------------------- the board to draw


@dataclass(frozen=True, slots=True)
class Square:
    """A square of the drawn board: ``file`` 0-7 (a-h), ``rank`` 0-7 (1-8), ``piece`` a FEN
    letter (``K`` white king, ``q`` black queen) or ""."""

    file: int
    rank: int
    piece: str

    @property
    def name(self) -> str:
        return "abcdefgh"[self.file] + str(self.rank + 1)

    @property
    def dark(self) -> bool:
        return (self.file + self.rank) % 2 == 0


def board_of(fen: str) -> tuple[Square, ...]:
    """The 64 squares of a FEN's placement, from a8 to h1 (the order the page draws them);
    a malformed placement gives an empty board (the reader checked it)."""
    placement = fen.split(" ")[0]
    rows = placement.split("/")
    squares: list[Square] = []
    if len(rows) != 8:
        return tuple(Square(f, r, "") for r in range(7, -1, -1) for f in range(8))
    for index, row in enumerate(rows):
        rank, file = 7 - index, 0
        for ch in row:
            if ch.isdigit():
                for _ in range(int(ch)):
                    squares.append(Square(file, rank, ""))
                    file += 1
            else:
                squares.append(Square(file, rank, ch))
                file += 1
    return tuple(squares)


def move_pairs(moves: tuple[Move, ...], start_fen: str) -> tuple[tuple[int, str, str], ...]:
    """The moves as numbered lines (number, White's, Black's): "" stands for a move not
    made (Black's first when a set-up position has Black to move, or White's last)."""
    fields = start_fen.split(" ")
    black_first = len(fields) > 1 and fields[1] == "b"
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    sans = [m.san for m in moves]
    if black_first:
        sans.insert(0, "")
    out = []
    for i in range(0, len(sans), 2):
        pair = sans[i:i + 2] + [""]
        out.append((number + i // 2, pair[0], pair[1]))
    return tuple(out)
