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

# the dropdown's options -> the result (its text is what the result chore writes)
RESULTS: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS, "½-½": GameResult.DRAW,
    "1-0 (Black did not come)": GameResult.WHITE_FORFEIT_WIN,
    "0-1 (White did not come)": GameResult.BLACK_FORFEIT_WIN,
}

_SECTION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
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


def _sections(body: str) -> dict[str, list[str]]:
    """The body's ``### Heading`` sections: heading -> its lines."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for n, line in enumerate(body.split("\n"), start=1):
        m = _HEADING.fullmatch(line.rstrip())
        if m:
            heading = m.group(1).strip()
            if heading not in FIELDS:
                known = ", ".join(FIELDS)
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


def parse_report(body: str) -> Report:
    """The one report in ``body``, or FormError saying why it is not one."""
    if len(body) > MAX_BODY:
        raise FormError(Message("the report is {count} characters long; a filled form is far "
                                "shorter (at most {MAX_BODY})",
                                count=len(body), MAX_BODY=MAX_BODY))
    body = body.replace("\r\n", "\n")
    _check_characters(body)
    found = _sections(body)
    values: dict[str, str | None] = {}
    for heading, lines in found.items():
        field = FIELDS[heading]
        if field == "note":
            note = "\n".join(lines).strip()
            if len(note) > MAX_NOTE:
                raise FormError(Message("the note is longer than {MAX_NOTE} characters",
                                        MAX_NOTE=MAX_NOTE))
            values[field] = None if note in ("", NO_RESPONSE) else note
        else:
            values[field] = _one_line(heading, lines)
    labels = {v: k for k, v in FIELDS.items()}
    missing = [labels[f] for f in REQUIRED if not values.get(f)]
    if missing:
        raise FormError(Message("the report has no {missing}; fill in every field the form "
                                "requires",
                                missing=', '.join(missing)))
    section, round_text = values["section"] or "", values["round"] or ""
    if not _SECTION_ID.fullmatch(section):
        raise FormError(Message("'Section': '{section}' is not a section id (letters, digits, - "
                                "and _)",
                                section=section))
    if not _NUMBER.fullmatch(round_text):
        raise FormError(Message("'Round': '{round_text}' is not a round number",
                                round_text=round_text))
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
    handle = values.get("handle")
    if handle is not None:
        m = _HANDLE.fullmatch(handle)
        if not m:
            raise FormError(Message("'Opponent's GitHub handle': '{handle}' is not a GitHub "
                                    "user name",
                                    handle=handle))
        handle = m.group(1)
    white = _name("White", values["white"] or "")
    black = _name("Black", values["black"] or "")
    if white == black:
        raise FormError(Message("White and Black are the same player"))
    return Report(section, int(round_text), int(board_text) if board_text else None,
                  white, black, RESULTS[result].text, handle, values.get("note"))
