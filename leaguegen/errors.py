"""Errors that carry a location, so the CLI can say file:line:col and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass


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
