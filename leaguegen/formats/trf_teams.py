"""Read a TRF-2026 team event: records 310 (teams), 320 (PABs), 330 (forfeited matches),
162/362 (scoring), 352 (board colours), 152, 192 and the players' ``001`` lines.

The ``001`` round blocks are the truth of every board; the matches are rebuilt from them
(a player's opponent names the opposing team through record 310). Record 330 marks a
match forfeited as a whole: the FIDE program wants every board written ``+``/``-`` as well,
and so does this reader. Record 310's totals are kept only as the organiser's figures.
Every problem is reported with its file, line and column (and the reader goes on to
collect the others), never as a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from leaguegen.domain.teams.model import (
    GAME_SCORING,
    MATCH_SCORING,
    Board,
    Bye,
    Match,
    Player,
    Scoring,
    Team,
    TeamEvent,
    flip,
)
from leaguegen.errors import InputError, Message, Problem

MAX_ID = 9999
_NUMBER = re.compile(r"[0-9]{1,4}(\.[0-9]{1,3})?")
_SCORE_TOKEN = re.compile(r"T?([A-Z]{1,3})\s+([0-9]+(?:\.[0-9]+)?)")
_GAME_CODES = {"1": "1", "=": "=", "0": "0", "+": "+", "-": "-", "W": "1", "D": "=", "L": "0"}
_ABSENT_CODES = frozenset("HFZU-+")


class _Bad(ValueError):
    """A field that cannot be read, with its 1-based column."""

    def __init__(self, col: int, message: str):
        super().__init__(message)
        self.col = col


@dataclass
class _Block:
    line: int
    col: int
    opponent: int
    colour: str
    result: str


@dataclass
class _Raw:
    """What the lines say, before the matches are put together."""

    name: str = ""
    type_text: str = ""
    type_code: str = ""
    rounds: int = 0
    board_colours: str = ""
    first_colour: str | None = None
    game_scoring: Scoring = GAME_SCORING
    match_scoring: Scoring = MATCH_SCORING
    teams: dict[int, tuple[Team, int]] = field(default_factory=dict)
    players: dict[int, tuple[Player, int]] = field(default_factory=dict)
    blocks: dict[int, dict[int, _Block]] = field(default_factory=dict)  # player -> round
    pab: tuple[Fraction, Fraction] | None = None
    # round -> (team, line, column)
    pab_rounds: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    forfeits: list[tuple[str, int, int, int, int]] = field(default_factory=list)


def _field(line: str, start: int, end: int) -> str:
    return line[start - 1:end].strip()


def _int(text: str, col: int, what: Message, low: int = 1, high: int = MAX_ID) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise _Bad(col, Message("{what} must be a whole number from {low} to {high}, not "
                                "'{text}'",
                                what=what, low=low, high=high, text=text))
    return int(text)


def _points(text: str, col: int, what: Message) -> Fraction:
    if not _NUMBER.fullmatch(text):
        raise _Bad(col, Message("{what} '{text}' is not a number such as 2 or 2.5",
                                what=what, text=text))
    return Fraction(text)


def _scoring(line: str, default: Scoring) -> Scoring:
    """``162``/``362``: a code letter and its value, repeated (``W 2.0  D 1.0  L 0.0``)."""
    values: dict[str, Fraction] = {}
    rest = line[3:]
    pos = 0
    for m in _SCORE_TOKEN.finditer(rest):
        if rest[pos:m.start()].strip():
            raise _Bad(4 + pos + len(rest[pos:m.start()]) - len(rest[pos:m.start()].lstrip()),
                       Message("'{strip}' is not a code and a value such as 'W 2.0'",
                               strip=rest[pos:m.start()].strip()))
        values[m.group(1)] = _points(m.group(2), 4 + m.start(2),
                                       Message("value of {code}", code=m.group(1)))
        pos = m.end()
    if rest[pos:].strip():
        raise _Bad(4 + pos + len(rest[pos:]) - len(rest[pos:].lstrip()),
                   Message("'{strip}' is not a code and a value such as 'W 2.0'",
                           strip=rest[pos:].strip()))
    return Scoring(values.get("W", default.win), values.get("D", default.draw),
                   values.get("L", default.loss))


def _read_310(raw: _Raw, line: str, lineno: int) -> None:
    number = _int(_field(line, 5, 7), 5, Message("team number"), 1, 999)
    if number in raw.teams:
        raise _Bad(5, Message("team {number} is given twice (first on line {value})",
                              number=number, value=raw.teams[number][1]))
    name = _field(line, 9, 40)
    if not name:
        raise _Bad(9, Message("the team has no name (columns 9-40)"))
    strength_text = _field(line, 48, 53)
    strength = _int(strength_text, 48, Message("strength"), 0, 9999) if strength_text else None
    mp_text, gp_text, rank_text = _field(line, 55, 60), _field(line, 62, 67), _field(line, 69, 71)
    players: list[int] = []
    col = 74
    while col <= len(line):
        text = _field(line, col, col + 3)
        if text:
            players.append(_int(text, col, Message("player number")))
        elif line[col - 1:].strip() and not players:
            raise _Bad(col, Message("player numbers start at column 74, four columns each"))
        col += 5
    if not players:
        raise _Bad(74, Message("the team lists no players (columns 74-77, 79-82, ...)"))
    raw.teams[number] = (Team(
        number, name, tuple(players), _field(line, 42, 46), strength,
        _points(mp_text, 55, Message("match points")) if mp_text else None,
        _points(gp_text, 62, Message("game points")) if gp_text else None,
        _int(rank_text, 69, Message("rank"), 0, 999) if rank_text else None), lineno)


def _read_320(raw: _Raw, line: str, lineno: int) -> None:
    pab = (_points(_field(line, 5, 8), 5, Message("the bye's match points")),
           _points(_field(line, 10, 13), 10, Message("the bye's game points")))
    if raw.pab is not None and raw.pab != pab:
        raise _Bad(5, Message("a second 320 record gives the bye other points"))
    raw.pab = pab
    rnd, col = 1, 15
    while col <= len(line):
        text = _field(line, col, col + 2)
        if text and text != "0":
            team = _int(text, col, Message("round {rnd}'s bye team", rnd=rnd), 1, 999)
            if rnd in raw.pab_rounds:
                raise _Bad(col, Message("round {rnd} already has a bye (line {value})",
                                        rnd=rnd, value=raw.pab_rounds[rnd][1]))
            raw.pab_rounds[rnd] = (team, lineno, col)
        rnd, col = rnd + 1, col + 4


def _read_330(raw: _Raw, line: str, lineno: int) -> None:
    result = line[4:6]
    if result not in ("+-", "-+", "--"):
        raise _Bad(5, Message("forfeit '{result}' is not +-, -+ or --", result=result))
    rnd = _int(_field(line, 8, 10), 8, Message("round"), 1, 999)
    first = _int(_field(line, 12, 14), 12, Message("first team"), 1, 999)
    second = _int(_field(line, 16, 18), 16, Message("second team"), 1, 999)
    raw.forfeits.append((result, rnd, first, second, lineno))


def _read_001(raw: _Raw, line: str, lineno: int) -> None:
    number = _int(_field(line, 5, 8), 5, Message("player number"))
    if number in raw.players:
        raise _Bad(5, Message("player {number} is given twice (first on line {value})",
                              number=number, value=raw.players[number][1]))
    rating_text = _field(line, 49, 52)
    rating = _int(rating_text, 49, Message("rating"), 0, 9999) if rating_text else None
    raw.players[number] = (Player(number, _field(line, 15, 47), rating), lineno)
    blocks: dict[int, _Block] = {}
    rnd, col = 1, 92
    while col <= len(line):
        chunk = line[col - 1:col + 9].ljust(10)
        if chunk.strip():
            opp_text, colour, code = chunk[0:4].strip(), chunk[5], chunk[7]
            opponent = _int(opp_text, col, Message("opponent"), 0) if opp_text else 0
            if colour not in "wb-" or (colour == " " and opponent):
                raise _Bad(col + 5, Message("colour '{colour}' is not w, b or -", colour=colour))
            if opponent:
                if code not in _GAME_CODES:
                    raise _Bad(col + 7, Message("result '{code}' against an opponent is not 1, "
                                                "=, 0, +, - (or W, D, L)",
                                                code=code))
                blocks[rnd] = _Block(lineno, col, opponent, colour, _GAME_CODES[code])
            elif code not in _ABSENT_CODES and code != " ":
                raise _Bad(col + 7, Message("result '{code}' without an opponent is not U, H, "
                                            "F, Z or -",
                                            code=code))
            elif code == "U":
                blocks[rnd] = _Block(lineno, col, 0, "-", "U")
        rnd, col = rnd + 1, col + 10
    raw.blocks[number] = blocks


def _read_line(raw: _Raw, line: str, lineno: int) -> None:
    code = line[:3]
    if code == "310":
        _read_310(raw, line, lineno)
    elif code == "320":
        _read_320(raw, line, lineno)
    elif code == "330":
        _read_330(raw, line, lineno)
    elif code == "001":
        _read_001(raw, line, lineno)
    elif code == "012":
        raw.name = line[4:].strip()
    elif code == "092":
        raw.type_text = line[4:].strip()
    elif code == "192":
        raw.type_code = line[4:].strip()
    elif code == "142":
        raw.rounds = _int(line[4:].strip(), 5, Message("number of rounds"), 1, 999)
    elif code == "152":
        text = line[4:].strip().upper()
        if text[:1] not in ("W", "B"):
            raise _Bad(5, Message("first colour '{text}' is not W or B", text=text))
        raw.first_colour = text[0].lower()
    elif code == "352":
        text = line[4:].strip().upper()
        if not text or set(text) - {"W", "B"}:
            raise _Bad(5, Message("board colours '{text}' are not a sequence of W and B",
                                  text=text))
        raw.board_colours = text
    elif code == "162":
        raw.game_scoring = _scoring(line, GAME_SCORING)
    elif code == "362":
        raw.match_scoring = _scoring(line, MATCH_SCORING)


class _Builder:
    """Puts the matches together from the blocks, collecting every problem."""

    def __init__(self, raw: _Raw, path: str):
        self.raw = raw
        self.path = path
        self.problems: list[Problem] = []
        self.team_of: dict[int, tuple[int, int]] = {}  # player -> (team, board)

    def bad(self, line: int, col: int, message: Message) -> None:
        self.problems.append(Problem(self.path, line, col, message))

    def squads(self) -> None:
        for number, (team, lineno) in sorted(self.raw.teams.items()):
            for board, p in enumerate(team.players, start=1):
                col = 74 + 5 * (board - 1)
                if p not in self.raw.players:
                    self.bad(lineno, col, Message("310 record: player {p} of team {team} has"
                                                  " no 001 line", p=p, team=number))
                elif p in self.team_of:
                    self.bad(lineno, col, Message("310 record: player {p} is already in team"
                                                  " {team}", p=p, team=self.team_of[p][0]))
                else:
                    self.team_of[p] = (number, board)
        for p, (_player, lineno) in sorted(self.raw.players.items()):
            if p not in self.team_of and self.raw.blocks.get(p):
                self.bad(lineno, 5, Message("001 record: player {p} plays but is in no team's"
                                            " 310 record", p=p))

    def round_matches(self, rnd: int) -> tuple[list[Match], set[int]]:
        """Round ``rnd``'s matches, and the teams whose players show the bye code U."""
        raw = self.raw
        pairs: dict[tuple[int, int], list[tuple[int, int, int, _Block]]] = {}
        bye_teams: set[int] = set()
        # a player's board this round: their place among the team's players who play it,
        # in the 310 order (a team that fields its players in order: board = place)
        playing = sorted((self.team_of[p], p) for p, blocks in raw.blocks.items()
                         if p in self.team_of and (b := blocks.get(rnd)) is not None
                         and b.result != "U")
        board_of: dict[int, tuple[int, int]] = {}
        for (team, _place), p in playing:
            board_of[p] = (team, sum(1 for q in board_of.values() if q[0] == team) + 1)
        for p, blocks in raw.blocks.items():
            block = blocks.get(rnd)
            if block is None or p not in self.team_of:
                continue
            team, board = board_of.get(p, self.team_of[p])
            if block.result == "U":
                bye_teams.add(team)
                continue
            where = Message("001 record: player {p}, round {rnd}:", p=p, rnd=rnd)
            if block.opponent not in self.team_of:
                self.bad(block.line, block.col, Message("{where} opponent {opponent} is in no"
                                                        " team", where=where,
                                                        opponent=block.opponent))
                continue
            other, other_board = board_of.get(block.opponent, self.team_of[block.opponent])
            if other == team:
                self.bad(block.line, block.col, Message("{where} opponent {opponent} is a"
                                                        " team-mate", where=where,
                                                        opponent=block.opponent))
                continue
            if other_board != board:
                self.bad(block.line, block.col, Message("{where} board {board} meets board"
                                                        " {other_board} of team {other}",
                                                        where=where, board=board,
                                                        other_board=other_board, other=other))
                continue
            back = raw.blocks[block.opponent].get(rnd)
            if back is None or back.opponent != p:
                self.bad(block.line, block.col, Message("{where} opponent {opponent} does not"
                                                        " name {p} in round {rnd}", where=where,
                                                        opponent=block.opponent, p=p, rnd=rnd))
                continue
            if not (block.result == flip(back.result) or block.result == back.result == "-"):
                self.bad(block.line, block.col + 7,
                         Message("{where} result '{result}' does not fit {opponent}'s"
                                 " '{back}' (line {line})", where=where, result=block.result,
                                 opponent=block.opponent, back=back.result, line=back.line))
                continue
            pairs.setdefault((team, other), []).append((board, p, block.opponent, block))
        matches = []
        seen: dict[int, int] = {}
        for (team, other), boards in sorted(pairs.items()):
            if team > other:
                continue
            for t in (team, other):
                if t in seen and seen[t] != (other if t == team else team):
                    first = boards[0][3]
                    self.bad(first.line, first.col, Message("001 record: team {t} meets two"
                                                            " teams in round {rnd}", t=t,
                                                            rnd=rnd))
                seen[t] = other if t == team else team
            boards.sort()
            first_block = boards[0][3]
            first, second = (team, other) if first_block.colour != "b" else (other, team)
            rows = []
            for board, p, q, block in boards:
                res = "--" if block.result == back_result(raw, q, rnd) == "-" else block.result
                if first == team:
                    rows.append(Board(board, p, q, res, block.colour if block.colour in "wb"
                                      else "w"))
                else:
                    colour = {"w": "b", "b": "w"}.get(block.colour, "w")
                    rows.append(Board(board, q, p, res if res == "--" else flip(res), colour))
            matches.append(Match(rnd, first, second, tuple(rows)))
        return matches, bye_teams


def back_result(raw: _Raw, player: int, rnd: int) -> str:
    block = raw.blocks[player].get(rnd)
    return block.result if block is not None else ""


def _apply_forfeits(builder: _Builder, matches: list[Match]) -> list[Match]:
    by_key = {(m.round, frozenset(m.teams())): i for i, m in enumerate(matches)}
    out = list(matches)
    for result, rnd, first, second, lineno in builder.raw.forfeits:
        i = by_key.get((rnd, frozenset((first, second))))
        if i is None:
            builder.bad(lineno, 8, Message("330 record: no 001 line has the match"
                                           " {first}-{second} of round {rnd} (write its boards"
                                           " as + and -)", first=first, second=second, rnd=rnd))
            continue
        m = out[i]
        if any(b.played for b in m.boards):
            builder.bad(lineno, 5, Message("330 record: the match {first}-{second} of round"
                                           " {rnd} has boards played over the board",
                                           first=first, second=second, rnd=rnd))
            continue
        first_view = result if first == m.first else result[::-1]
        out[i] = Match(m.round, m.first, m.second, m.boards, first_view)
    return out


def _byes(builder: _Builder, bye_teams: dict[int, set[int]], boards: int,
          playing: dict[int, set[int]]) -> list[Bye]:
    raw = builder.raw
    # no 320 record: a draw's match points and half the boards (C.04.6 1.4), not the FIDE
    # program's default of every board
    pab = raw.pab or (raw.match_scoring.draw, Fraction(boards, 2))
    out = []
    for rnd, (team, lineno, col) in sorted(raw.pab_rounds.items()):
        if team not in raw.teams:
            builder.bad(lineno, col, Message("320 record: round {rnd}'s bye team {team} has no"
                                             " 310 record", rnd=rnd, team=team))
            continue
        if team in playing.get(rnd, ()):
            builder.bad(lineno, col, Message("320 record: team {team} has the bye in round"
                                             " {rnd}, but its players play a match that round",
                                             team=team, rnd=rnd))
            continue
        out.append(Bye(rnd, team, pab[0], pab[1]))
    for rnd, teams in sorted(bye_teams.items()):
        for team in sorted(teams):
            if raw.pab_rounds.get(rnd, (0,))[0] != team:
                out.append(Bye(rnd, team, pab[0], pab[1]))
    return out


def loads(text: str, path: str = "<trf>") -> TeamEvent:
    """Parse a team TRF; raise InputError naming every line and column that is wrong."""
    raw = _Raw()
    problems: list[Problem] = []
    for lineno, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if not line.strip() or line.startswith("###"):
            continue
        try:
            _read_line(raw, line.rstrip(), lineno)
        except _Bad as exc:
            problems.append(Problem(path, lineno, exc.col, Message("{line} record: {exc}",
                                                                   line=line[:3], exc=exc)))
    if not problems and not raw.teams:
        problems.append(Problem(path, 1, 1, Message("no 310 record: this is not a team event")))
    if problems:
        raise InputError(problems)
    builder = _Builder(raw, path)
    builder.squads()
    last = max((r for blocks in raw.blocks.values() for r in blocks), default=0)
    last = max([last] + list(raw.pab_rounds))
    matches: list[Match] = []
    bye_teams: dict[int, set[int]] = {}
    for rnd in range(1, last + 1):
        found, byes = builder.round_matches(rnd)
        matches.extend(found)
        bye_teams[rnd] = byes
    matches = _apply_forfeits(builder, matches)
    boards = max((len(t.players) for t, _ in raw.teams.values()), default=0)
    playing: dict[int, set[int]] = {}
    for m in matches:
        playing.setdefault(m.round, set()).update(m.teams())
    byes = _byes(builder, bye_teams, len(raw.board_colours) or boards, playing)
    if raw.rounds and last > raw.rounds:
        builder.bad(0, 0, Message("142 record says {count} round, but round {last} is played",
                                  "142 record says {count} rounds, but round {last} is played",
                                  count=raw.rounds, last=last))
    if builder.problems:
        raise InputError(sorted(builder.problems, key=lambda p: (p.line, p.col)))
    return TeamEvent(
        raw.name, tuple(t for _, (t, _) in sorted(raw.teams.items())), tuple(matches),
        tuple(byes), raw.rounds or last, len(raw.board_colours) or boards,
        tuple(p for _, (p, _) in sorted(raw.players.items())), raw.game_scoring,
        raw.match_scoring, raw.type_code, raw.type_text, raw.board_colours, raw.first_colour)


def load(path: str) -> TeamEvent:
    """Read a team TRF file (UTF-8, a BOM skipped); InputError when it is not text."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except IsADirectoryError:
        raise InputError([Problem(str(path), 0, 0,
                                  Message("is a folder, not a TRF file"))]) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(str(path), line, col, Message("byte 0x{data:02x} is not UTF-8 "
                                                                "text",
                                                                data=data[exc.start]))]) from None
    return loads(text, str(path))


def is_team_text(text: str) -> bool:
    """Whether a TRF text is a team event: it has a ``310`` (team) record. An individual
    TRF has none, so the commands that take either (``pair --trf``, ``check-pairings
    --trf``) choose their reader by it."""
    return any(line.startswith("310") for line in re.split(r"\r\n|\r|\n", text))


def is_team_file(path: str) -> bool:
    """``is_team_text`` of the file at ``path``; False when it cannot be read as text
    (the individual reader then says why, with the line and column)."""
    try:
        with open(path, "rb") as fh:
            return is_team_text(fh.read().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        return False
