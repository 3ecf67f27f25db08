"""``leaguegen diff SEASON [REV]``: what the season folder as it is changes against a
revision (HEAD by default), in words a reviewer reads: results entered and corrected,
new pairings, players entered and withdrawn, sections added or removed. ``--markdown``
for a pull-request comment. Both versions are loaded through the loader and compared as
values (``domain/season_diff.py``), never as the text of a diff.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.changes import CORRECTION, LATE_ENTRY, RESULT, WITHDRAWAL, Change
from leaguegen.domain.season_diff import SeasonDiff, SectionDiff
from leaguegen.errors import Message

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~&])")


def _change_words(c: Change, q) -> str:  # noqa: ANN001 - q quotes a name
    if c.kind == RESULT:
        return f"round {c.round}: {q(c.players[0])} - {q(c.players[1])} {c.new} (new result)"
    if c.kind == CORRECTION:
        if c.new is None:
            return (f"round {c.round}: {q(c.players[0])} - {q(c.players[1])}: the result"
                    f" {c.old} taken back")
        return (f"round {c.round}: {q(c.players[0])} - {q(c.players[1])} corrected from"
                f" {c.old} to {c.new}")
    if c.kind == WITHDRAWAL:
        if c.new is None:
            return f"{q(c.players[0])}'s withdrawal (after round {c.old}) taken back"
        if c.old is not None:
            return (f"{q(c.players[0])}'s withdrawal moved from after round {c.old} to after"
                    f" round {c.new}")
        return f"{q(c.players[0])} withdrew after round {c.new}"
    if c.kind == LATE_ENTRY:
        return f"{q(c.players[0])} entered"
    return f"{c.kind}: {', '.join(q(p) for p in c.players)}"


def _section_lines(s: SectionDiff, q) -> list[str]:  # noqa: ANN001
    if s.added:
        return ["new section"]
    lines = [_change_words(c, q) for c in s.changes]
    rounds = sorted({r for r, _, _ in s.pairings})
    for r in rounds:
        games = ", ".join(f"{q(w)} - {q(b)}" for rr, w, b in s.pairings if rr == r)
        lines.append(Message("round {r} paired: {games}", r=r, games=games))
    if s.moves:
        moves = ", ".join(str(_move_words(m, q)) for m in s.moves)
        lines.append(Message("standings: {moves}", moves=moves))
    return lines


def _move_words(move: tuple[str, int | None, int | None], q) -> Message:  # noqa: ANN001
    name, before, now = move
    if before is None:
        return Message("{name} now {now}.", name=q(name), now=now)
    if now is None:
        return Message("{name} out of the table (was {before}.)", name=q(name), before=before)
    return Message("{name} {before}. → {now}.", name=q(name), before=before, now=now)


def describe(diff: SeasonDiff, markdown: bool) -> str:
    """The differences in words (Markdown with ``markdown``)."""
    if diff.empty:
        return "No change to results, pairings or players.\n"
    out: list[str] = []
    if markdown:
        def q(text: str) -> str:
            return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))

        for s in diff.sections:
            out.append(Message("**{q}** (`{id}`)\n", q=q(s.name), id=s.id))
            out += [f"- {line}" for line in _section_lines(s, q)]
            out.append("")
        out += [f"- section `{sid}` removed" for sid in diff.removed]
    else:
        def q(text: str) -> str:
            return printable(text)

        for s in diff.sections:
            out.append(Message("{name} ({id}):", name=s.name, id=s.id))
            out += [f"  {line}" for line in _section_lines(s, q)]
        out += [f"section {sid} removed" for sid in diff.removed]
    return "\n".join(out).rstrip("\n") + "\n"


@main.command("diff")
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("rev", default="HEAD")
@click.option("--markdown", is_flag=True, help="Markdown, for a pull-request comment.")
def diff_cmd(season_dir: Path, rev: str, markdown: bool) -> None:
    """Say what SEASON_DIR as it is changes against REV (default HEAD): results entered
    or corrected, new pairings, players entered or withdrawn."""
    from leaguegen.domain.season_diff import season_diff
    from leaguegen.errors import InputError
    from leaguegen.formats.git_history import season_at
    from leaguegen.formats.season_yaml import load_season

    try:
        new = load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(2)
    old = season_at(season_dir, rev)
    if isinstance(old, str):
        echo(Message("{season_dir}: {old}", season_dir=season_dir, old=old), err=True)
        sys.exit(2)
    click.echo(describe(season_diff(old, new), markdown), nl=False)
