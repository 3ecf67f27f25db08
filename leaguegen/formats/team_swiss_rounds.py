"""Write a team Swiss round into its season file (``leaguegen pair`` for ``team_swiss``).

A team round is not an individual one (``results:`` of ``White - Black`` lines): it is a
``matches:`` list of ``First team - Second team:`` lines with no result yet, the PAB as
``Team: bye`` and the teams left out as ``Team: absent``, then the ``paired_by`` marker.
It goes through the same locked write as every change (``season_write.SeasonSession``:
the file must be as read, the new text replaces it atomically, its comments, line endings
and indentation kept), is spliced in by ``yaml_splice.append_item`` (which refuses a
layout that would not read back as the round meant) and is loaded in place before it is
written, so a round the loader would refuse is never written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

from leaguegen.errors import InputError, Message
from leaguegen.formats.season_write import SeasonSession, WriteError, load_candidate
from leaguegen.formats.yaml_splice import append_item, yaml_scalar

BYE, ABSENT = "bye", "absent"


def round_item(matches: Sequence[tuple[str, str]], bye: str | None, absent: Sequence[str],
               date: dt.date | None, paired_by: str | None
               ) -> tuple[list[str], list[tuple[str, object]]]:
    """The round's lines (without indentation, as ``append_item`` takes them) and what it
    must read back as."""
    lines: list[str] = []
    expected: list[tuple[str, object]] = []
    if date is not None:
        lines.append(f"date: {date.isoformat()}")
        expected.append(("date", date.isoformat()))
    lines.append("matches:")
    entries: list[tuple[str, str | None]] = [(f"{a} - {b}", None) for a, b in matches]
    entries += [(bye, BYE)] if bye is not None else []
    entries += [(name, ABSENT) for name in absent]
    for key, value in entries:
        body = f"{yaml_scalar(key)}:" + ("" if value is None else f" {value}")
        lines.append(f"  - {body}")
    expected.append(("matches", [[(key, value)] for key, value in entries]))
    if paired_by is not None:
        lines.append(f"paired_by: {yaml_scalar(paired_by)}")
        expected.append(("paired_by", paired_by))
    return lines, expected


def append_team_round(session: SeasonSession, section_id: str,
                      matches: Sequence[tuple[str, str]], bye: str | None,
                      absent: Sequence[str], date: dt.date | None,
                      paired_by: str | None) -> Path:
    """Add the round at the end of the section's ``rounds``; the file changed (as the season
    names it). WriteError when it cannot be written as meant (nothing is written)."""
    st, doc, section = session.locate_section(section_id)
    lines, expected = round_item(matches, bye, absent, date, paired_by)
    new_text = session.edit(st, lambda text, newline: append_item(
        text, newline, doc, section, "rounds", lines, expected))
    try:
        load_candidate(session.season_dir, {st.path: new_text})
    except InputError as err:
        raise WriteError(Message("internal: the new round would not load ({problems})",
                                 problems="; ".join(str(p) for p in err.problems))) from None
    session.write(st, new_text)
    return st.path
