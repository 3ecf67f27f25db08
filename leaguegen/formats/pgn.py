"""PGN files beside a season: ``games/<section>/round-<N>.pgn`` (docs/games.md).

leaguegen reads the tags and the main line itself (this module: no chess library), so a
season's games are checked against its pairings whether or not the optional ``games`` extra
is installed; with it, ``formats/pgn_moves.py`` also replays every move (an illegal one is
an error at its line) and finds the final position the game page draws. Files are read as
every season file is (``formats.files``: inside the season folder once links are resolved,
regular, bounded, UTF-8); every problem names the file, line and column.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from leaguegen.domain.games import (
    START_FEN,
    Disagreement,
    Mismatch,
    Move,
    PgnFile,
    PgnGame,
    Tag,
    match_file,
)
from leaguegen.domain.season import Section
from leaguegen.errors import InputError, Message, Problem
from leaguegen.formats import files, pgn_moves

GAMES_FOLDER = "games"
MAX_PGN_BYTES = 4 * 1024 * 1024  # a round of a 500-board open is well under 1 MB
ROUND_FILE = re.compile(r"round-([1-9][0-9]{0,2})\.pgn")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\{)
  | (?P<rest>;)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<result>1-0|0-1|1/2-1/2|\*)(?![\w/-])
  | (?P<number>\d+\s*\.+)
  | (?P<san>[A-Za-z0-9][A-Za-z0-9+#=\-!?]*)
""", re.X)
SAN = re.compile(r"(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?"
                 r"|O-O(?:-O)?|0-0(?:-0)?)[+#]?")


# How each disagreement between a game and the season file is said (domain/games.py finds
# them; the words are here, where the command line's catalogue collects them).
MISMATCHES = {
    Mismatch.ROUND_NOT_PAIRED: lambda v: Message(
        "round {round} of section '{section}' is not paired yet; a round's games need its "
        "pairings in the season file", **v),
    Mismatch.ROUND_TAG: lambda v: Message("Round tag '{value}' in the file of round {round}",
                                          **v),
    Mismatch.NO_PLAYERS: lambda v: Message("a game without White and Black tags; name the "
                                           "players as the season file does", **v),
    Mismatch.UNKNOWN_PLAYER: lambda v: Message("'{name}' is not a player of section "
                                               "'{section}'", **v),
    Mismatch.COLOURS_SWAPPED: lambda v: Message("{white} - {black}: in round {round} {black} "
                                                "had White; swap the White and Black tags",
                                                **v),
    Mismatch.NOT_PAIRED: lambda v: Message("{white} - {black} is not a pairing of round "
                                           "{round}", **v),
    Mismatch.SECOND_GAME: lambda v: Message("a second game for board {board} (the first is "
                                            "at line {line})", **v),
    Mismatch.BAD_RESULT: lambda v: Message("Result '{value}' is none of 1-0, 0-1, 1/2-1/2, *",
                                           **v),
    Mismatch.TERMINATION: lambda v: Message("the moves end in {end} but the Result tag says "
                                            "{value}", **v),
    Mismatch.FORFEIT: lambda v: Message("board {board} is a forfeit ({result}) in the season "
                                        "file: no game was played", **v),
    Mismatch.RESULT_NOT_ENTERED: lambda v: Message("the game ended {value} but the season "
                                                   "file has no result for it yet", **v),
    Mismatch.RESULT_DIFFERS: lambda v: Message("Result {value}, but the season file has "
                                               "{result}", **v),
}


def said(d: Disagreement, display: str) -> Problem:
    """A disagreement as the problem ``check`` prints, at the file's line and column."""
    return Problem(display, d.line, d.col, MISMATCHES[d.kind](dict(d.values)), d.warning)


class _Game:
    """A game being read: its tags, moves and where it started."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: list[Tag] = []
        self.moves: list[Move] = []
        self.moving = False  # its movetext has started


def parse_pgn(text: str, display: str) -> tuple[list[PgnGame], list[Problem]]:
    """The games of a PGN text (tags, main line, termination) and its problems."""
    games: list[PgnGame] = []
    problems: list[Problem] = []
    game: _Game | None = None
    depth = 0  # inside variations
    comment_from: tuple[int, int] | None = None  # an open {comment}'s start

    def problem(line: int, col: int, message: Message) -> None:
        problems.append(Problem(display, line, col, message))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip("\ufeff") if number == 1 else raw
        pos = 0
        if comment_from is not None:
            end = line.find("}")
            if end < 0:
                continue
            comment_from, pos = None, end + 1
        elif line.startswith("%"):
            continue  # an escaped line (PGN 6)
        elif line.lstrip().startswith("[") and depth == 0:
            m = _TAG.fullmatch(line.strip())
            if m is None:
                problem(number, 1, Message("not a tag pair like [White \"Name\"]"))
                continue
            if game is not None and game.moving:
                problem(number, 1, Message("a new game starts before the last one's moves "
                                           "end in a result (1-0, 0-1, 1/2-1/2 or *)"))
                game = None
            if game is None:
                game = _Game(number)
            value = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            game.tags.append(Tag(m.group(1), value, number, line.index("[") + 1))
            continue
        while pos < len(line):
            m = _TOKEN.match(line, pos)
            col = pos + 1
            if m is None:
                problem(number, col, Message("'{text}' is not part of a PGN game",
                                             text=line[pos:pos + 12].split()[0]))
                break
            pos = m.end()
            kind = m.lastgroup
            if kind == "space" or kind == "nag" or kind == "number":
                continue
            if kind == "rest":
                break
            if kind == "comment":
                end = line.find("}", pos)
                if end < 0:
                    comment_from = (number, col)
                    break
                pos = end + 1
                continue
            if game is None:
                game = _Game(number)
            game.moving = True
            if kind == "open":
                depth += 1
            elif kind == "close":
                if depth == 0:
                    problem(number, col, Message("')' closes no variation"))
                depth = max(0, depth - 1)
            elif depth:
                continue  # a variation's moves and results are not the game's
            elif kind == "result":
                games.append(_finish(game, m.group(), number, col))
                game = None
            else:
                san = m.group().rstrip("!?")
                if not SAN.fullmatch(san):
                    problem(number, col, Message("'{san}' is not a move in SAN (like e4, Nf3, "
                                                 "exd5, O-O, e8=Q)", san=m.group()))
                    continue
                game.moves.append(Move(san.replace("0", "O") if san.startswith("0-0") else san,
                                       number, col))
    if comment_from is not None:
        problem(*comment_from, Message("a comment '{{' that is never closed"))
    elif game is not None:
        problem(game.line, 1, Message("the game's moves do not end in a result (1-0, 0-1, "
                                      "1/2-1/2 or *)"))
    return games, problems


def _finish(game: _Game, result: str, line: int, col: int) -> PgnGame:
    fen = next((t.value for t in game.tags if t.name == "FEN"), START_FEN)
    return PgnGame(game.line, tuple(game.tags), tuple(game.moves), result, line, col,
                   start_fen=fen)


def read_round(path: Path, root: Path, relative: str, display: str, round_no: int,
               memo: dict | None = None) -> tuple[PgnFile | None, list[Problem]]:
    """One round's file, its moves replayed when the ``games`` extra is installed.
    ``memo`` (the loader's, kept by a live preview between saves) keeps the file read
    from its text: a save elsewhere does not parse and replay every game again."""
    try:
        text = files.read_text(path, root, display, limit=MAX_PGN_BYTES)
    except InputError as err:
        return None, err.problems
    key = ("pgn file", relative, display, round_no, pgn_moves.available(), text)
    if memo is not None and key in memo:
        known, problems = memo[key]
        return known, list(problems)
    pgn, problems = _parsed(text, relative, display, round_no)
    if memo is not None:
        memo[key] = (pgn, tuple(problems))
    return pgn, problems


def _parsed(text: str, relative: str, display: str, round_no: int
            ) -> tuple[PgnFile, list[Problem]]:
    games, problems = parse_pgn(text, display)
    if pgn_moves.available():
        replayed = []
        for game in games:
            done, found = pgn_moves.replay(game, display)
            replayed.append(done)
            problems.extend(found)
        games = replayed
    return PgnFile(relative, round_no, text.lstrip("\ufeff"), tuple(games)), problems


def _section_files(folder: Path, root: Path, section: Section, shown: Path,
                   memo: dict | None) -> tuple[tuple[PgnFile, ...], list[Problem]]:
    """Every ``round-<N>.pgn`` of a section's folder, checked against its pairings."""
    try:
        real = files.confined(folder, root, str(shown))
    except InputError as err:
        return (), err.problems
    if not real.is_dir():
        return (), [Problem(str(shown), 0, 0, Message("must be a folder of round-N.pgn files"))]
    out: list[PgnFile] = []
    problems: list[Problem] = []
    for name in sorted(e.name for e in os.scandir(real)):
        if not name.endswith(".pgn"):
            continue  # a README, a .gitkeep: not ours to judge
        display = str(shown / name)
        m = ROUND_FILE.fullmatch(name)
        if m is None:
            problems.append(Problem(display, 0, 0, Message("a round's games go in round-N.pgn "
                                                           "(N the round's number)")))
            continue
        relative = f"{GAMES_FOLDER}/{section.id}/{name}"
        pgn, found = read_round(real / name, root, relative, display, int(m.group(1)), memo)
        problems.extend(found)
        if pgn is None:
            continue
        problems.extend(said(d, display) for d in match_file(section, pgn)[1])  # whatever the moves
        out.append(pgn)
    out.sort(key=lambda f: f.round)
    return tuple(out), problems


def read_games(root: Path, display_root: Path, sections: list[Section],
               memo: dict | None = None) -> tuple[list[Section], list[Problem]]:
    """The sections with the PGN files of ``games/<id>/`` attached (``Section.pgn``), and
    every problem found (warnings among them). A section without games is returned as the
    very object given; with ``memo`` (the loader's), so is a section with games when
    neither it nor its files changed since the last load, so a live preview sees it
    unchanged and renders it again only when it or its games did."""
    folder = root / GAMES_FOLDER
    if not folder.exists() and not folder.is_symlink():
        return sections, []
    shown = display_root / GAMES_FOLDER
    try:
        real = files.confined(folder, root, str(shown))
    except InputError as err:
        return sections, err.problems
    if not real.is_dir():
        return sections, [Problem(str(shown), 0, 0, Message("must be a folder with a folder "
                                                            "of PGN files per section"))]
    by_id = {s.id: s for s in sections}
    problems: list[Problem] = []
    found: dict[str, tuple[PgnFile, ...]] = {}
    for entry in sorted(e.name for e in os.scandir(real)):
        if entry.startswith("."):
            continue
        if entry not in by_id:
            problems.append(Problem(str(shown / entry), 0, 0,
                                    Message("no section has the id '{id}' (sections: {ids})",
                                            id=entry, ids=", ".join(by_id))))
            continue
        pgns, more = _section_files(real / entry, root, by_id[entry], shown / entry, memo)
        problems.extend(more)
        if pgns:
            found[entry] = pgns
    return [_with_games(s, found[s.id], memo) if s.id in found else s
            for s in sections], problems


def _with_games(section: Section, pgns: tuple[PgnFile, ...], memo: dict | None) -> Section:
    """``section`` with its games: the object made last time for this very section and
    equal files (the memo), else a new one."""
    key = ("pgn section", section.id)
    if memo is not None and key in memo:
        was, had, made = memo[key]
        if was is section and had == pgns:
            return made
    made = dataclasses.replace(section, pgn=pgns)
    if memo is not None:
        memo[key] = (section, pgns, made)
    return made
