"""``leaguegen next-season``: a new season folder whose divisions are made from this one's.

Why the new season.yaml is this one's text edited, not a file written afresh: the season's
own words (its header comments, descriptions, tie-breaks, time control, the sections that
are not divisions) are the organiser's and carry over as written. Only these change:

- each division's ``players:`` (a team league's ``teams:``) become the entrants the final
  tables put there (``domain/divisions.next_divisions``), each entry moved as its text in
  the old file (so its ``club_id``, ``fide_id``, ``aliases`` and rating come along as they
  were), a mover with a comment line saying where they came from and why;
- every section's ``rounds:`` become ``[]`` (a division's schedule is Berger's, from its
  list), and its ``withdrawals:`` (``team_withdrawals:``) go;
- ``name:`` when ``--name`` gives one; a comment at the top says how the file was made.

The result is loaded (``load_season``) in a staging folder beside the target before it is
renamed into place, so a file that would not load is never left behind; the target must not
exist: nothing is overwritten. Sections kept in files of their own, and divisions whose
players come from other sections (a stage), are refused: the command says so.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from leaguegen.domain.divisions import (
    PROMOTED,
    NextDivisions,
    Placed,
    boundary_ties,
    next_divisions,
    unfinished,
)
from leaguegen.domain.sections import derive_facts, kind_of
from leaguegen.errors import InputError, Message
from leaguegen.formats import season_write
from leaguegen.formats.season_edits import item_name
from leaguegen.formats.season_yaml import SEASON_FILE, load_season
from leaguegen.formats.yaml_splice import (
    _BREAKS,
    _after_line,
    _block_column,
    _content_end,
    _item_span,
    _line_start,
    compose,
    find_section,
    get,
    key_node,
    value_scalar,
)

Say = Callable[[Message], str]


class NextSeasonRefused(Exception):
    """The new season cannot be made as asked; nothing was written."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class NextSeason:
    """What was written: the new folder and who went where."""

    folder: Path
    plan: NextDivisions
    # (division, above, below): equal on every tie-break either side of a line
    ties: tuple[tuple[str, str, str], ...] = ()


def _english(message: Message) -> str:
    return str(message)


def make_next_season(old_dir: Path, new_dir: Path, name: str | None = None,
                     say: Say = _english) -> NextSeason:
    """Write ``new_dir`` (which must not exist) as next season of ``old_dir``; ``say``
    words the comments written into the file (the run's language). Raises InputError
    (the old season is invalid) or NextSeasonRefused."""
    old_dir, new_dir = Path(old_dir), Path(new_dir)
    if new_dir.exists() or new_dir.is_symlink():
        raise NextSeasonRefused(Message("{target} already exists; next-season writes a new "
                                        "folder and never overwrites one", target=new_dir))
    season = load_season(old_dir)
    if not season.divisions:
        raise NextSeasonRefused(Message("{season}: the season has no divisions: block, so "
                                        "there is nothing to promote or relegate "
                                        "(docs/divisions.md)", season=old_dir))
    facts = {d.section: derive_facts(season.section(d.section)) for d in season.divisions}
    left = unfinished(season, facts)
    if left:
        raise NextSeasonRefused(Message(
            "not every division is finished: {sections} still has games without a result",
            "not every division is finished: {sections} still have games without a result",
            count=len(left), sections=", ".join(left)))
    plan = next_divisions(season.divisions, facts)
    text = season_write.read_text(old_dir / SEASON_FILE, old_dir).text
    new_text = _edited(text, season, plan, name, say, season.name)
    _write(new_dir, new_text)
    ties = tuple((d.section, a, b) for d in season.divisions
                 for a, b in boundary_ties(d, facts[d.section]))
    return NextSeason(new_dir, plan, ties)


def _mover_comment(p: Placed, say: Say, names: dict[str, str], season: str) -> str:
    words = (Message("promoted from {division}: place {place} of {count} in {season}",
                     division=names[p.source], place=p.position, count=p.count, season=season)
             if p.move == PROMOTED else
             Message("relegated from {division}: place {place} of {count} in {season}",
                     division=names[p.source], place=p.position, count=p.count, season=season))
    return say(words)


def _reindent(chunk: str, delta: int) -> str:
    """A chunk of whole lines shifted right by ``delta`` columns (left when negative)."""
    lines = chunk.splitlines(keepends=True)
    out = []
    for line in lines:
        if delta >= 0:
            out.append(" " * delta + line if line.strip() else line)
        else:
            cut = min(-delta, len(line) - len(line.lstrip(" ")))
            out.append(line[cut:])
    return "".join(out)


def _edited(text: str, season, plan: NextDivisions, name: str | None,  # noqa: ANN001
            say: Say, old_name: str) -> str:
    """The old season.yaml's text with the next season's changes (module docstring)."""
    newline = season_write._newline(text)
    doc = compose(text)
    sections = get(doc, "sections")
    if not isinstance(sections, yaml.SequenceNode):
        raise NextSeasonRefused(Message("internal: season.yaml has no list of sections"))
    for node in sections.value:
        if not isinstance(node, yaml.MappingNode):
            raise NextSeasonRefused(Message(
                "section file {file}: next-season edits sections written in season.yaml only;"
                " copy the folder and move the players by hand", file=getattr(node, "value", "")))
    spans: list[tuple[int, int, str]] = []
    names = {s.id: s.name for s in season.sections}
    division_ids = {sid for sid, _ in plan.divisions}
    # every entrant's lines in the old file, by (section, name)
    chunks: dict[tuple[str, str], tuple[str, int]] = {}
    for s in season.sections:
        node = find_section(doc, s.id)
        key = "teams" if kind_of(s.format).entrants is not None else "players"
        seq = get(node, key)
        if s.id not in division_ids:
            continue
        if not isinstance(seq, yaml.SequenceNode) or seq.flow_style or not seq.value:
            raise NextSeasonRefused(Message(
                "division '{sid}': its {key} are not a list of '- ...' lines in season.yaml "
                "(players from other sections, or a [...] list); next-season moves such a list",
                sid=s.id, key=key))
        cols = _block_column(text, seq)
        if cols is None:
            raise NextSeasonRefused(Message("division '{sid}': cannot see how its {key} are "
                                            "indented", sid=s.id, key=key))
        for i, item in enumerate(seq.value):
            start, end = _item_span(text, seq, i)
            chunk = text[start:end]
            if not chunk.endswith(tuple(_BREAKS)):
                chunk += newline
            chunks[(s.id, item_name(item) or "")] = (chunk, cols[0])
    for s in season.sections:
        node = find_section(doc, s.id)
        assert node is not None
        if s.id in division_ids:
            key = "teams" if kind_of(s.format).entrants is not None else "players"
            seq = get(node, key)
            assert isinstance(seq, yaml.SequenceNode)
            dash = chunks[(s.id, item_name(seq.value[0]) or "")][1]
            body = []
            for p in plan.of(s.id):
                chunk, col = chunks[(p.source, p.name)]
                if p.move != "stays":
                    body.append(" " * dash + "# " + _mover_comment(p, say, names, old_name)
                                + newline)
                body.append(_reindent(chunk, dash - col))
            start = _item_span(text, seq, 0)[0]
            end = _item_span(text, seq, len(seq.value) - 1)[1]
            spans.append((start, end, "".join(body)))
        rounds = get(node, "rounds")
        rkey = key_node(node, "rounds")
        if rkey is not None and rounds is not None:
            start = _line_start(text, rkey.start_mark.index)
            end = _after_line(text, _content_end(rounds))
            spans.append((start, end, " " * rkey.start_mark.column + "rounds: []" + newline))
        for gone in ("withdrawals", "team_withdrawals"):
            knode, value = key_node(node, gone), get(node, gone)
            if knode is not None and value is not None:
                spans.append((_line_start(text, knode.start_mark.index),
                              _after_line(text, _content_end(value)), ""))
    if name is not None:
        vnode = get(doc, "name")
        if vnode is not None:
            spans.append((vnode.start_mark.index, vnode.end_mark.index, value_scalar(name)))
    out = text
    for start, end, body in sorted(spans, reverse=True):
        out = out[:start] + body + out[end:]
    head = [say(Message("Made by `leaguegen next-season` from {season}: each division's "
                        "players or teams as its final table placed them (relegated into it "
                        "first, then those who stayed, then those promoted), entries and "
                        "ratings as they were, no rounds yet.", season=old_name))]
    head += [say(Message("Left the league: {name}, promoted from {division} (place {place} of "
                         "{count})", name=p.name, division=names[p.source], place=p.position,
                         count=p.count)) if p.move == PROMOTED else
             say(Message("Left the league: {name}, relegated from {division} (place {place} of "
                         "{count})", name=p.name, division=names[p.source], place=p.position,
                         count=p.count)) for p in plan.leaving]
    wrapped = [part for line in head for part in textwrap.wrap(line, 88)]
    return "".join(f"# {line}{newline}" for line in wrapped) + newline + out


def _write(new_dir: Path, text: str) -> None:
    """The new folder, whole or not at all: written and loaded in a staging folder beside
    it, then renamed into place (refused if the target appeared meanwhile)."""
    parent = new_dir.absolute().parent
    if not parent.is_dir():
        raise NextSeasonRefused(Message("{parent} is not a folder", parent=parent))
    staging = Path(tempfile.mkdtemp(prefix=f".{new_dir.name}.", dir=parent))
    try:
        with (staging / SEASON_FILE).open("w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        try:
            load_season(staging, news=False)
        except InputError as err:
            raise NextSeasonRefused(Message(
                "internal: the new season would not load ({problems}); nothing was written",
                problems="; ".join(str(p) for p in err.problems))) from None
        if new_dir.exists() or new_dir.is_symlink():
            raise NextSeasonRefused(Message("{target} already exists; next-season writes a "
                                            "new folder and never overwrites one",
                                            target=new_dir))
        os.rename(staging, new_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
