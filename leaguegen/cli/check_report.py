"""How `check-pairings` reports a re-pairing: one wording for every system.

The round-by-round systems (``check_pairings_cmd``) and the Double-Swiss
(``double_swiss_cli``) re-pair a file and print what differs the same way, so an
arbiter reads one format whichever system the file names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from leaguegen.cli.terminal import printable


def echo_differences(checks: Sequence[Any], system: str) -> list[Any]:
    """Print each round that differs from ``system``'s pairing; return those rounds."""
    differ = [c for c in checks if not c.agrees]
    for c in differ:
        if c.failure:
            click.echo(f"round {c.round}: {system} finds {printable(c.failure)}")
            continue
        boards = sum(1 for d in c.differences if d.board is not None)
        what = [f"{boards} of {c.boards} boards"] if boards else []
        what += ["the bye"] if any(d.board is None for d in c.differences) else []
        click.echo(f"round {c.round}: {' and '.join(what)} differ from {system}")
        for d in c.differences:
            where = f"board {d.board}" if d.board is not None else "bye"
            click.echo(f"  {where}: {system} {d.expected}, file has {d.found}")
    return differ


def echo_verdict(checks: Sequence[Any], differ: Sequence[Any], system: str) -> None:
    """The summary line: how many rounds were checked and which differ."""
    verdict = (f"{len(differ)} differ ({', '.join(str(c.round) for c in differ)})" if differ
               else "all agree")
    click.echo(f"{len(checks)} rounds checked with {system}: {verdict}")
