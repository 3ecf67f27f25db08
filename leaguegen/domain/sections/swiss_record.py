"""What ``leaguegen pair`` records about a round it paired, so nothing pairs it again later.

Why (issue #10): the round page used to re-run the engine at render time to explain
the last round, which made the build slow, made the explanation drift when an earlier
result was corrected, and could not tell a hand-made round from an engine's one. Now:

- the round in the season file carries a **marker**, ``paired_by: leaguegen 0.1.0 dutch
  1a2b3c4d`` (program, version, system, and the *fingerprint* of the pairing it wrote);
- the **pairing record** (``pairings/<section id>.json``, written by ``pair`` beside
  season.yaml) keeps the engine's result with its structured explanation and the
  ``avoid``/``keep_apart`` pairs it had to give up, keyed by round.

The fingerprint is over player *names* (White, Black per board, and the PAB), board
order aside: a board swapped or a colour reversed by hand changes it, and so does a
renumbering (a record whose numbers no longer give the same names is not used).
A round is the engine's own when its marker's fingerprint is the fingerprint of the
round as the file has it now; with a marker that no longer matches it was edited
after pairing; without one it was made by hand (or by another program).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from leaguegen.domain.pairing.result import PairingResult

PROGRAM = "leaguegen"


class Origin(StrEnum):
    ENGINE = "engine"  # the marker's fingerprint matches the round as written
    EDITED = "edited"  # a marker, but the round was changed after pairing
    HAND = "hand"  # no marker: paired by hand or by another program


def fingerprint(boards: Sequence[tuple[str, str]], byes: Sequence[str] = ()) -> str:
    """Eight hex digits of SHA-256 over the sorted ``White\\x1fBlack`` boards and the PAB."""
    parts = sorted(f"{w}\x1f{b}" for w, b in boards) + sorted(f"\x1e{n}" for n in byes)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class PairedBy:
    """The marker on a round: who paired it, and the fingerprint of what it wrote."""

    system: str
    fingerprint: str
    version: str = ""
    program: str = PROGRAM

    def text(self) -> str:
        return f"{self.program} {self.version or '?'} {self.system} {self.fingerprint}"

    @classmethod
    def parse(cls, text: str, systems: Sequence[str]) -> PairedBy:
        """``leaguegen VERSION SYSTEM FINGERPRINT``; ValueError saying what is wrong."""
        words = text.split()
        if len(words) != 4 or words[0] != PROGRAM:
            raise ValueError(f"paired_by '{text}' is not 'leaguegen VERSION SYSTEM"
                             " FINGERPRINT' (leaguegen pair writes it; delete the line for"
                             " a round paired by hand)")
        _, version, system, mark = words
        if system not in systems:
            raise ValueError(f"paired_by '{text}': unknown pairing system '{system}'"
                             f" (known: {', '.join(systems)})")
        if len(mark) != 8 or any(c not in "0123456789abcdef" for c in mark):
            raise ValueError(f"paired_by '{text}': the fingerprint '{mark}' is not eight"
                             " hex digits")
        return cls(system, mark, version, PROGRAM)


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """One round as ``pair`` made it: the engine's result (boards, bye, explanation) and
    the avoid/keep_apart pairs (TPNs) it had to pair because nothing legal was left."""

    round: int
    paired_by: PairedBy
    result: PairingResult
    relaxed: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"paired_by": self.paired_by.text(), "pairing": self.result.to_dict(),
                "relaxed": [list(p) for p in self.relaxed]}


@dataclass(frozen=True, slots=True)
class RoundMark:
    """What the season holds about how round ``round`` was paired: its marker (if any)
    and the pairing record ``pair`` wrote (if any, and if it still names the same
    players)."""

    round: int
    paired_by: PairedBy | None = None
    record: PairingRecord | None = None
