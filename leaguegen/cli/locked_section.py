"""The section ``pair`` works on, read while the season's lock is held.

``pair`` loads the season inside a ``SeasonSession``, confirms that what it read is what
the session fingerprinted, and looks the section up, refusing an unknown id with the ids
there are. The loading and the refusals are the chores' own (``formats.chores.core``),
so the messages read the same whichever command they come from; this module prints them
and exits.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn

from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import report_problems
from leaguegen.domain.season import Season, Section

EXIT_INVALID = 2


def load_or_exit(season_dir: str) -> Season:
    """The season, or its problems (file:line:col) printed and exit 2."""
    from leaguegen.formats.chores.core import Refusal, SeasonInvalid, load

    try:
        return load(season_dir)
    except SeasonInvalid as exc:
        report_problems(exc.error)
        sys.exit(EXIT_INVALID)
    except Refusal as exc:
        echo(exc, err=True)
        sys.exit(exc.code)


def load_locked(session, season_dir: str, section_id: str,  # noqa: ANN001 - SeasonSession
                refuse: Callable[[str], NoReturn], after: str = "") -> tuple[Season, Section]:
    """(season, section) as read under ``session``'s lock; ``refuse`` (which exits) is
    told of an unknown section, ``after`` appended to its message."""
    from leaguegen.formats.chores.core import Refusal, section_of

    season = load_or_exit(season_dir)
    session.confirm_read()
    try:
        return season, section_of(season, season_dir, section_id, after)
    except Refusal as exc:
        refuse(exc.args[0])  # the Message, said in the language
        raise  # refuse exits; this is for the type checker
