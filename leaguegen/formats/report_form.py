"""A player's result report: the Markdown body GitHub renders from the issue form.

GitHub turns an issue form (``.github/ISSUE_TEMPLATE/report-result.yml``, written by
``leaguegen new --host github``) into an issue body of sections, one per field::

    ### Section

    open

    ### Round

    3

The body is text anyone on the internet can write, so it is read strictly: exactly the
form's headings, each once, nothing before the first; every value but the note on one
line; no control characters; a size bound. Anything else is a :class:`FormError` whose
message is fit to post back as a comment. Nothing here touches the season: the report is
applied by the ``result`` chore, which looks the game up in the schedule (so a report can
only ever set that one game's result). No I/O here.

A team match comes from the other form (``report-match.yml``): section, round, the two
teams and the boards, one line each (``1. Home player - Away player: 1-0``), read by
:func:`parse_any` into a :class:`MatchReport`. Which form a body is comes from its
headings; a body mixing the two forms' fields is refused (it could be read two ways). The
match is reported whole: every board with its result, each board once and in order, since
the captains sign the whole card and a half-reported card could not be confirmed as one.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from leaguegen.domain.season import GameResult
from leaguegen.errors import Message

MAX_BODY = 8_000  # characters: a filled form is a few hundred
MAX_VALUE = 120  # one field (a name, a section id)
MAX_NOTE = 2_000
NO_RESPONSE = "_No response_"  # what GitHub writes for an optional field left empty

# heading -> field; the form's labels (report-result.yml) must be exactly these
FIELDS: dict[str, str] = {
    "Section": "section", "Round": "round", "Board": "board", "White": "white",
    "Black": "black", "Result": "result", "Opponent's GitHub handle": "handle",
    "Note": "note",
}
REQUIRED = ("section", "round", "white", "black", "result")
# the match form's (report-match.yml): its labels must be exactly these
MATCH_FIELDS: dict[str, str] = {
    "Section": "section", "Round": "round", "Home team": "home", "Away team": "away",
    "Boards": "boards", "Opponent captain's GitHub handle": "handle", "Note": "note",
}
MATCH_REQUIRED = ("section", "round", "home", "away", "boards")
MAX_BOARDS = 64
# a board's result as a captain writes it (as the result chore reads it, home side first;
# 1/2-1/2 is read as ½-½, for a phone's keyboard)
BOARD_RESULTS = ("1-0", "0-1", "½-½", "+-", "-+", "--")

# the dropdown's options -> the result (its text is what the result chore writes)
RESULTS: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS, "½-½": GameResult.DRAW,
    "1-0 (Black did not come)": GameResult.WHITE_FORFEIT_WIN,
    "0-1 (White did not come)": GameResult.BLACK_FORFEIT_WIN,
}

_BOARD_LINE = re.compile(r"([1-9][0-9]?)\.\s+(.*?)\s*:\s*(\S*)")
_NUMBER = re.compile(r"[1-9][0-9]{0,2}")
_HANDLE = re.compile(r"@?([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})")
_HEADING = re.compile(r"### (.*)")


class FormError(ValueError):
    """The body is not one well-formed report; the message says why."""


@dataclass(frozen=True)
class Report:
    section: str
    round: int
    board: int | None
    white: str
    black: str
    score: str  # as the result chore reads it
    handle: str | None  # the opponent's GitHub handle, without the @
    note: str | None


def _check_characters(body: str) -> None:
    for i, ch in enumerate(body):
        if ch in "\n\t":
            continue
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn") or cat in ("Zl", "Zp"):
            line = body.count("\n", 0, i) + 1
            raise FormError(Message("line {line}: the report has a control or invisible "
                                    "character (U+{ord:04X}); type the values again without it",
                                    line=line, ord=ord(ch)))


def _form_of(body: str) -> dict[str, str]:
    """The field table of the form ``body`` came from: the game's, or the match's when a
    heading only the match form has is there. Both forms' own headings at once: refused,
    since either reading would drop what the other form's fields say."""
    headings = {m.group(1).strip() for line in body.split("\n")
                if (m := _HEADING.fullmatch(line.rstrip()))}
    game_only = sorted(h for h in headings if h in FIELDS and h not in MATCH_FIELDS)
    match_only = sorted(h for h in headings if h in MATCH_FIELDS and h not in FIELDS)
    if game_only and match_only:
        raise FormError(Message("the report mixes a game's fields ({game}) with a team "
                                "match's ({match}); use one report form unchanged",
                                game=", ".join(game_only), match=", ".join(match_only)))
    return MATCH_FIELDS if match_only else FIELDS


def _sections(body: str, fields: dict[str, str] = FIELDS) -> dict[str, list[str]]:
    """The body's ``### Heading`` sections: heading -> its lines."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for n, line in enumerate(body.split("\n"), start=1):
        m = _HEADING.fullmatch(line.rstrip())
        if m:
            heading = m.group(1).strip()
            if heading not in fields:
                known = ", ".join(fields)
                raise FormError(Message("line {n}: unknown field '{heading}' (the form has: "
                                        "{known}); use the report form unchanged",
                                        n=n, heading=heading[:60], known=known))
            if heading in found:
                raise FormError(Message("line {n}: the field '{heading}' is given twice",
                                        n=n, heading=heading))
            found[heading] = []
            current = heading
        elif current is None:
            if line.strip():
                raise FormError(Message("line {n}: text before the first field; use the report "
                                        "form unchanged",
                                        n=n))
        else:
            found[current].append(line)
    return found


def _one_line(heading: str, lines: list[str]) -> str | None:
    """The field's value (None: left empty), refusing more than one line."""
    values = [line.strip() for line in lines if line.strip()]
    if not values or values == [NO_RESPONSE]:
        return None
    if len(values) > 1:
        raise FormError(Message("'{heading}' must be one line; it has {count}",
                                heading=heading, count=len(values)))
    value = " ".join(values[0].split())
    if len(value) > MAX_VALUE:
        raise FormError(Message("'{heading}' is longer than {MAX_VALUE} characters",
                                heading=heading, MAX_VALUE=MAX_VALUE))
    return value


def _name(heading: str, value: str) -> str:
    if " - " in value or value.startswith(("-", "#", ">", "*", "`")):
        raise FormError(Message("'{heading}': '{value}' is not a player's name; give the name "
                                "as the pairings show it",
                                heading=heading, value=value))
    return value


def _clean(body: str) -> str:
    """``body`` with Windows line ends as \\n, or FormError: too long, or a character no
    form field can hold."""
    if len(body) > MAX_BODY:
        raise FormError(Message("the report is {count} character long; a filled form is far "
                                "shorter (at most {MAX_BODY})",
                                "the report is {count} characters long; a filled form is far "
                                "shorter (at most {MAX_BODY})",
                                count=len(body), MAX_BODY=MAX_BODY))
    body = body.replace("\r\n", "\n")
    _check_characters(body)
    return body


def _values(body: str, fields: dict[str, str], required: tuple[str, ...],
            many: tuple[str, ...] = ()) -> dict[str, str | None]:
    """Each field's value (None: left empty); ``many``: fields of several lines kept as
    written (the note, a match's boards); FormError when a required one is missing."""
    values: dict[str, str | None] = {}
    for heading, lines in _sections(body, fields).items():
        field = fields[heading]
        if field == "note":
            note = "\n".join(lines).strip()
            if len(note) > MAX_NOTE:
                raise FormError(Message("the note is longer than {MAX_NOTE} characters",
                                        MAX_NOTE=MAX_NOTE))
            values[field] = None if note in ("", NO_RESPONSE) else note
        elif field in many:
            text = "\n".join(lines).strip()
            values[field] = None if text in ("", NO_RESPONSE) else text
        else:
            values[field] = _one_line(heading, lines)
    labels = {v: k for k, v in fields.items()}
    missing = [labels[f] for f in required if not values.get(f)]
    if missing:
        raise FormError(Message("the report has no {missing}; fill in every field the form "
                                "requires",
                                missing=', '.join(missing)))
    return values


def _section_and_round(values: dict[str, str | None]) -> tuple[str, int]:
    """The section id (in any script, as the loader reads ids) and the round number."""
    from leaguegen.formats.season_yaml import ID_PATTERN

    section, round_text = values["section"] or "", values["round"] or ""
    if not ID_PATTERN.fullmatch(section):
        raise FormError(Message("'Section': '{section}' is not a section id (letters, digits, - "
                                "and _)",
                                section=section))
    if not _NUMBER.fullmatch(round_text):
        raise FormError(Message("'Round': '{round_text}' is not a round number",
                                round_text=round_text))
    return section, int(round_text)


def _opponent(values: dict[str, str | None], captain: bool = False) -> str | None:
    """The opponent's (or the other captain's) GitHub handle without the @, or None."""
    handle = values.get("handle")
    if handle is None:
        return None
    m = _HANDLE.fullmatch(handle)
    if not m and captain:
        raise FormError(Message("'Opponent captain's GitHub handle': '{handle}' is not a "
                                "GitHub user name",
                                handle=handle))
    if not m:
        raise FormError(Message("'Opponent's GitHub handle': '{handle}' is not a GitHub "
                                "user name",
                                handle=handle))
    return m.group(1)


def _team(heading: str, value: str) -> str:
    """A team's name (it may hold `` - ``: the teams have fields of their own)."""
    if value.startswith(("-", "#", ">", "*", "`")):
        raise FormError(Message("'{heading}': '{value}' is not a team's name; give the name as "
                                "the fixtures show it",
                                heading=heading, value=value))
    return value


def parse_report(body: str) -> Report:
    """The one report in ``body``, or FormError saying why it is not one."""
    body = _clean(body)
    values = _values(body, FIELDS, REQUIRED)
    section, round_no = _section_and_round(values)
    board_text = values.get("board")
    if board_text is not None and not _NUMBER.fullmatch(board_text):
        raise FormError(Message("'Board': '{board_text}' is not a board number",
                                board_text=board_text))
    result = values["result"] or ""
    if result not in RESULTS:
        choices = "; ".join(RESULTS)
        raise FormError(Message("'Result': '{result}' is not one of the form's results "
                                "({choices})",
                                result=result, choices=choices))
    handle = _opponent(values)
    white = _name("White", values["white"] or "")
    black = _name("Black", values["black"] or "")
    if white == black:
        raise FormError(Message("White and Black are the same player"))
    return Report(section, round_no, int(board_text) if board_text else None,
                  white, black, RESULTS[result].text, handle, values.get("note"))


@dataclass(frozen=True)
class BoardReport:
    """A board of a match report: ``players`` as written (``Home player - Away player``,
    split against the teams' names when the report is checked against the season, since a
    name may hold `` - `` itself) and the result as the result chore reads it."""

    number: int
    players: str
    score: str


@dataclass(frozen=True)
class MatchReport:
    section: str
    round: int
    home: str
    away: str
    boards: tuple[BoardReport, ...]
    handle: str | None  # the opposing captain's GitHub handle, without the @
    note: str | None


def _board(n: int, line: str) -> BoardReport:
    m = _BOARD_LINE.fullmatch(line)
    if not m:
        raise FormError(Message("'Boards' line {n}: '{line}' is not 'board. home player - away "
                                "player: result'",
                                n=n, line=line[:80]))
    number, players = int(m.group(1)), " ".join(m.group(2).split())
    result = m.group(3).replace("1/2", "½")
    if number != n:
        raise FormError(Message("'Boards' line {n} is board {number}; give every board once, "
                                "board 1 first",
                                n=n, number=number))
    if not result:
        raise FormError(Message("board {n} has no result; a match is reported whole, every "
                                "board with its result",
                                n=n))
    if result not in BOARD_RESULTS:
        choices = ", ".join(BOARD_RESULTS)
        raise FormError(Message("board {n}: '{result}' is not a board's result ({choices})",
                                n=n, result=result[:20], choices=choices))
    if len(players) > 2 * MAX_VALUE or " - " not in players or \
            players.startswith(("-", "#", ">", "*", "`")):
        raise FormError(Message("board {n}: '{players}' is not 'home player - away player'",
                                n=n, players=players[:80]))
    return BoardReport(number, players, result)


def parse_match_report(body: str) -> MatchReport:
    """The one team match report in ``body``, or FormError saying why it is not one."""
    body = _clean(body)
    values = _values(body, MATCH_FIELDS, MATCH_REQUIRED, many=("boards",))
    section, round_no = _section_and_round(values)
    home = _team("Home team", values["home"] or "")
    away = _team("Away team", values["away"] or "")
    if home == away:
        raise FormError(Message("the home and the away team are the same team"))
    lines = [line.strip() for line in (values["boards"] or "").split("\n") if line.strip()]
    if len(lines) > MAX_BOARDS:
        raise FormError(Message("'Boards' has {count} line; a match has at most {MAX_BOARDS}",
                                "'Boards' has {count} lines; a match has at most {MAX_BOARDS}",
                                count=len(lines), MAX_BOARDS=MAX_BOARDS))
    boards = tuple(_board(n, line) for n, line in enumerate(lines, start=1))
    return MatchReport(section, round_no, home, away, boards,
                       _opponent(values, captain=True),
                       values.get("note"))


def parse_any(body: str) -> Report | MatchReport:
    """A game's report or a team match's, by the form the body's headings are from."""
    return parse_match_report(body) if _form_of(_clean(body)) is MATCH_FIELDS \
        else parse_report(body)
