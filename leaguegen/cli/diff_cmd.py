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
from leaguegen.cli.speech import echo, say
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.changes import CORRECTION, LATE_ENTRY, RESULT, WITHDRAWAL, Change
from leaguegen.domain.season_diff import SeasonDiff, SectionDiff
from leaguegen.errors import Message

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~&])")


def _change_words(c: Change, q) -> Message:  # noqa: ANN001 - q quotes a name
    white, black = (q(c.players[0]), q(c.players[1])) if len(c.players) > 1 else ("", "")
    if c.kind == RESULT:
        return Message("round {r}: {white} - {black} {new} (new result)", r=c.round,
                       white=white, black=black, new=c.new)
    if c.kind == CORRECTION:
        if c.new is None:
            return Message("round {r}: {white} - {black}: the result {old} taken back",
                           r=c.round, white=white, black=black, old=c.old)
        return Message("round {r}: {white} - {black} corrected from {old} to {new}",
                       r=c.round, white=white, black=black, old=c.old, new=c.new)
    name = q(c.players[0])
    if c.kind == WITHDRAWAL:
        if c.new is None:
            return Message("{name}'s withdrawal (after round {old}) taken back", name=name,
                           old=c.old)
        if c.old is not None:
            return Message("{name}'s withdrawal moved from after round {old} to after round"
                           " {new}", name=name, old=c.old, new=c.new)
        return Message("{name} withdrew after round {new}", name=name, new=c.new)
    if c.kind == LATE_ENTRY:
        return Message("{name} entered", name=name)
    return Message("{kind}: {names}", kind=c.kind, names=", ".join(q(p) for p in c.players))


def _section_lines(s: SectionDiff, q) -> list[Message]:  # noqa: ANN001
    if s.added:
        return [Message("new section")]
    lines = [_change_words(c, q) for c in s.changes]
    rounds = sorted({r for r, _, _ in s.pairings})
    for r in rounds:
        games = ", ".join(f"{q(w)} - {q(b)}" for rr, w, b in s.pairings if rr == r)
        lines.append(Message("round {r} paired: {games}", r=r, games=games))
    if s.moves:
        lines.append(Message("standings: {moves}",
                             moves=tuple(_move_words(m, q) for m in s.moves)))
    return lines


def _move_words(move: tuple[str, int | None, int | None], q) -> Message:  # noqa: ANN001
    name, before, now = move
    if before is None:
        return Message("{name} now {now}.", name=q(name), now=now)
    if now is None:
        return Message("{name} out of the table (was {before}.)", name=q(name), before=before)
    return Message("{name} {before}. → {now}.", name=q(name), before=before, now=now)


def describe(diff: SeasonDiff, markdown: bool) -> str:
    """The differences in words (Markdown with ``markdown``), in this run's language: each
    line is said (``cli/speech.py``) before it is indented or bulleted."""
    if diff.empty:
        return say(Message("No change to results, pairings or players.")) + "\n"
    out: list[str] = []
    if markdown:
        def q(text: str) -> str:
            return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))

        for s in diff.sections:
            out.append(say(Message("**{q}** (`{id}`)\n", q=q(s.name), id=s.id)))
            out += [f"- {say(line)}" for line in _section_lines(s, q)]
            out.append("")
        out += [f"- {say(Message('section `{sid}` removed', sid=sid))}" for sid in diff.removed]
    else:
        def q(text: str) -> str:
            return printable(text)

        for s in diff.sections:
            out.append(say(Message("{name} ({id}):", name=s.name, id=s.id)))
            out += [f"  {say(line)}" for line in _section_lines(s, q)]
        out += [say(Message("section {sid} removed", sid=sid)) for sid in diff.removed]
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
