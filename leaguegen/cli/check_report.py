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


def echo_differences(checks: Sequence[Any], system: str) -> list[Any]:
    """Print each round that differs from ``system``'s pairing; return those rounds."""
    differ = [c for c in checks if not c.agrees]
    for c in differ:
        if c.failure:
            echo(Message("round {round}: {system} finds {failure}",
                         round=c.round, system=system, failure=c.failure))
            continue
        boards = sum(1 for d in c.differences if d.board is not None)
        what = [f"{boards} of {c.boards} boards"] if boards else []
        what += ["the bye"] if any(d.board is None for d in c.differences) else []
        echo(Message("round {round}: {what} differ from {system}",
                     round=c.round, what=' and '.join(what), system=system))
        for d in c.differences:
            where = f"board {d.board}" if d.board is not None else "bye"
            echo(Message("  {where}: {system} {expected}, file has {found}",
                         where=where, system=system, expected=d.expected, found=d.found))
    return differ


def echo_verdict(checks: Sequence[Any], differ: Sequence[Any], system: str) -> None:
    """The summary line: how many rounds were checked and which differ."""
    verdict = (f"{len(differ)} differ ({', '.join(str(c.round) for c in differ)})" if differ
               else "all agree")
    echo(Message("{count} rounds checked with {system}: {verdict}",
                 count=len(checks), system=system, verdict=verdict))
