"""Errors that carry a location, so the CLI can say file:line:col and what is wrong.

Messages are written once, in English, where they arise (a reader's problem, a chore's
refusal), as a :class:`Message`: the English text, which every caller may use as a plain
``str``, plus the template and the named values it was made from, so the command line can
say it again in the reader's language when it prints it (``leaguegen.cli.speech``). Nothing
here translates or does I/O: the catalogues are read by the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass


class Message(str):
    """English text that remembers how it was made: ``Message("unknown key {key!r}", key=k)``.

    Why a ``str``: every reader, test and caller that compares, joins or prints a message
    keeps working unchanged and sees exactly the English it saw before; only the CLI's
    printer looks at ``template`` and ``params`` to translate. The template is the msgid of
    the gettext catalogues (``tools/i18n.py extract`` finds every ``Message("...")`` call),
    written with ``str.format`` fields named after what they hold; ``{{`` for a brace.
    ``plural`` (with ``count``) is the template for every count but one, as ngettext has it.
    ``msgctxt`` is the gettext context, for a template that must be said differently in
    another place (``{category} {place}``: a category's prize, where Arabic names the
    place, «المركز الأول»); the English is the template's either way.
    A value may itself be a Message (it is translated too), or a tuple of Messages (a list:
    each translated, joined with the language's comma; ", " in English); names, paths and
    other values an organiser wrote are said as written.
    """

    template: str
    plural: str | None
    params: dict[str, object]
    msgctxt: str | None

    def __new__(cls, template: str, plural: str | None = None, /, *,
                msgctxt: str | None = None, **params: object) -> Message:
        chosen = plural if plural is not None and params.get("count") != 1 else template
        shown = {k: ", ".join(v) if is_message_list(v) else v for k, v in params.items()}
        self = super().__new__(cls, chosen.format(**shown))
        self.template = template
        self.plural = plural
        self.params = params
        self.msgctxt = msgctxt
        return self

    def __reduce__(self) -> tuple:
        """Pickled (a worker process's problems) as its template and values, not its text."""
        return (_message, (self.template, self.plural, self.params, self.msgctxt))


def is_message_list(value: object) -> bool:
    """A tuple of Messages, a value said item by item (see :class:`Message`)."""
    return isinstance(value, tuple) and bool(value) and all(
        isinstance(v, Message) for v in value)


def _message(template: str, plural: str | None, params: dict[str, object],
             msgctxt: str | None = None) -> Message:
    return Message(template, plural, msgctxt=msgctxt, **params)


def plain(text: str) -> Message:
    """A message whose whole text is a value (a library's own words): said as it is."""
    return Message("{text}", text=text)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input file; ``line`` and ``col`` are 1-based (0 = unknown)."""

    path: str
    line: int
    col: int
    message: str
    warning: bool = False  # advice: the input is valid, but probably not what was meant

    def __str__(self) -> str:
        message = f"warning: {self.message}" if self.warning else self.message
        if self.line:
            return f"{self.path}:{self.line}:{self.col}: {message}"
        return f"{self.path}: {message}"


class InputError(Exception):
    """Raised with every problem found, after collecting them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria; never answered with a guess."""


class OutputRefused(Exception):
    """An output place leaguegen must not write to (it would replace someone's files).

    The CLI prints the message and exits 2; nothing has been written.
    """
