"""How `check-pairings` reports a re-pairing: one wording for every system.

The round-by-round systems (``check_pairings_cmd``) and the Double-Swiss
(``double_swiss_cli``) re-pair a file and print what differs the same way, so an
arbiter reads one format whichever system the file names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from leaguegen.cli.speech import echo
from leaguegen.errors import Message


def _round_differs(c: Any, system: str) -> Message:
    """``round 3: 2 of 11 boards and the bye differ from dutch``: the words of ``pair``'s
    notice (the same catalogue entries), the boards a plural on the round's board count."""
    head = Message("round {r}", r=c.round)
    boards = sum(1 for d in c.differences if d.board is not None)
    if boards and any(d.board is None for d in c.differences):
        return Message("{head}: {differ} of {count} board and the bye differ from {system}",
                       "{head}: {differ} of {count} boards and the bye differ from {system}",
                       head=head, differ=boards, count=c.boards, system=system)
    if boards:
        return Message("{head}: {differ} of {count} board differs from {system}",
                       "{head}: {differ} of {count} boards differ from {system}",
                       head=head, differ=boards, count=c.boards, system=system)
    return Message("{head}: the bye differs from {system}", head=head, system=system)


def echo_differences(checks: Sequence[Any], system: str) -> list[Any]:
    """Print each round that differs from ``system``'s pairing; return those rounds."""
    differ = [c for c in checks if not c.agrees]
    for c in differ:
        if c.failure:
            echo(Message("round {round}: {system} finds {failure}",
                         round=c.round, system=system, failure=c.failure))
            continue
        echo(_round_differs(c, system))
        for d in c.differences:
            where = Message("board {number}", number=d.board) if d.board is not None \
                else Message("bye", msgctxt="pairing-allocated")
            echo(Message("  {where}: {system} {expected}, file has {found}",
                         where=where, system=system, expected=d.expected, found=d.found))
    return differ


def echo_verdict(checks: Sequence[Any], differ: Sequence[Any], system: str) -> None:
    """The summary line: how many rounds were checked and which differ."""
    verdict = Message("{count} differ ({rounds})", "{count} differ ({rounds})",
                      count=len(differ), rounds=", ".join(str(c.round) for c in differ)) \
        if differ else Message("all agree")
    echo(Message("{count} round checked with {system}: {verdict}",
                 "{count} rounds checked with {system}: {verdict}",
                 count=len(checks), system=system, verdict=verdict))
