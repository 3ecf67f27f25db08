"""Text from input files made safe to print on a terminal.

A player name (or any other value an organiser or a downloaded TRF file
supplies) can hold control characters: an ESC sequence that recolours or
clears the screen, retitles the window or hides the text after it, a carriage
return that overwrites the line, or a bidirectional override that shows the
text in another order than it is stored. Every such character is shown as a
visible escape (``\\x1b``, ``\\u202e``) instead of being sent to the terminal.
"""

from __future__ import annotations

import unicodedata

# bidirectional embeddings, overrides and isolates: they reorder what follows them
_BIDI = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
         "\u2066", "\u2067", "\u2068", "\u2069"}


def _unsafe(ch: str) -> bool:
    if ch in _BIDI:
        return True
    category = unicodedata.category(ch)
    # Cc: C0/C1 controls and DEL (ESC, CR, BEL, CSI...); Zl/Zp: line and paragraph separators
    return category in ("Cc", "Zl", "Zp")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object) -> str:
    """``text`` with every control character shown as an escape; other text unchanged."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(_escape(ch) if _unsafe(ch) else ch for ch in s)


def printable_block(text: object) -> str:
    """Like :func:`printable` for a message of several lines: the line breaks stay."""
    return "\n".join(printable(line) for line in str(text).split("\n"))


def display_width(text: str) -> int:
    """How many columns a terminal gives ``text``: a hanzi or a fullwidth form (East Asian
    Wide or Fullwidth) takes two, a combining mark (an Arabic shadda, an accent written
    apart) and a format character (a bidi isolate, a joiner) none, anything else one.

    Why not ``len``: padding by characters puts a Chinese column two cells right for every
    hanzi before it, and an Arabic word with a shadda one cell left (issue 30's tables).
    """
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def pad(text: str, width: int, align: str = "<", fill: str = " ") -> str:
    """``text`` filled to ``width`` terminal columns (``<`` left, ``>`` right, ``^``
    centred, as ``str.format`` aligns); text wider than that is left as it is."""
    room = width - display_width(text)
    if room <= 0:
        return text
    if align == ">":
        return fill * room + text
    if align == "^":
        return fill * (room // 2) + text + fill * (room - room // 2)
    return text + fill * room


def clip(text: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` terminal columns (a hanzi that
    would straddle the edge is left out whole)."""
    used = 0
    for i, ch in enumerate(text):
        used += display_width(ch)
        if used > width:
            return text[:i]
    return text


def report_problems(err, wrote_nothing: bool = True) -> None:  # noqa: ANN001 - InputError
    """Every problem of an InputError on stderr, control characters escaped, then a count.

    ``wrote_nothing`` for commands that would have written (``build``, ``pair``):
    the count then says that nothing was; ``check`` and ``plan`` never write.
    """
    import click

    from leaguegen.cli import speech
    from leaguegen.errors import Message

    for problem in err.problems:
        click.echo(speech.problem(problem), err=True)
    count = len(err.problems)
    if wrote_nothing:
        said = Message("{count} problem found; nothing was written.",
                       "{count} problems found; nothing was written.", count=count)
    else:
        said = Message("{count} problem found.", "{count} problems found.", count=count)
    click.echo(speech.say(said), err=True)
