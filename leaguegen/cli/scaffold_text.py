"""The scaffold's season.yaml in the organiser's language: ``leaguegen new --lang ru``.

The scaffold is written once, in English (``leaguegen/scaffold/season/season.yaml``); its
comments are the catalogue's messages. A comment is a run of ``#`` lines at one indentation
(its msgid: the lines' text joined by line breaks), or the comment after a value on its
line. The translation keeps the line breaks it was written with, so each language wraps its
own lines. Keys, values and names are left as they are, except ``language:``, which becomes
the chosen language. The ``yaml-language-server`` line is an editor's directive, not prose.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FULL = re.compile(r"^(\s*)# ?(.*)$")
_TRAILING = re.compile(r"^(?P<code>[^#\n]*?\S)(?P<gap>\s+)# (?P<text>.*)$")
DIRECTIVE = "# yaml-language-server:"


def comments(text: str) -> list[str]:
    """The msgids of the scaffold's comments, in order."""
    found: list[str] = []
    translate(text, lambda msgid: found.append(msgid) or msgid)
    return found


def translate(text: str, said: Callable[[str], str], language: str | None = None) -> str:
    """``text`` with every comment replaced by ``said(msgid)`` (and ``language:`` set)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        full = _FULL.match(line)
        if full and not line.startswith(DIRECTIVE):
            indent = full.group(1)
            run = [full.group(2)]
            while i + 1 < len(lines) and (nxt := _FULL.match(lines[i + 1])) \
                    and nxt.group(1) == indent:
                run.append(nxt.group(2))
                i += 1
            out += [f"{indent}# {part}".rstrip() for part in said("\n".join(run)).split("\n")]
        elif trailing := _TRAILING.match(line):
            out.append(f"{trailing['code']}{trailing['gap']}# {said(trailing['text'])}")
        elif language and line.startswith("language: "):
            out.append(f"language: {language}")
        else:
            out.append(line)
        i += 1
    return "\n".join(out)
