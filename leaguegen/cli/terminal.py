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
