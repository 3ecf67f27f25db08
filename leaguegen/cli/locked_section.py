"""The section a write-back command works on, read while the season's lock is held.

``pair`` and the chores (``result``, ``withdraw``, ``enter``, ``bye``) all load the
season inside a ``SeasonSession``, confirm that what they read is what the session
fingerprinted, and look the section up, refusing an unknown id with the ids there
are. One place, so the refusal reads the same whichever command it comes from.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn

import click

from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.season import Season, Section
from leaguegen.errors import InputError

EXIT_INVALID = 2


def load_or_exit(season_dir: str) -> Season:
    """The season, or its problems (file:line:col) printed and exit 2."""
    from leaguegen.formats.season_yaml import load_season

    try:
        return load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(printable(f"{season_dir}: cannot read the season: {exc}"), err=True)
        sys.exit(EXIT_INVALID)


def load_locked(session, season_dir: str, section_id: str,  # noqa: ANN001 - SeasonSession
                refuse: Callable[[str], NoReturn], after: str = "") -> tuple[Season, Section]:
    """(season, section) as read under ``session``'s lock; ``refuse`` (which exits) is
    told of an unknown section, ``after`` appended to its message."""
    season = load_or_exit(season_dir)
    session.confirm_read()
    try:
        return season, season.section(section_id)
    except KeyError:
        ids = ", ".join(s.id for s in season.sections)
        refuse(f"{season_dir}: no section '{section_id}' (sections: {ids}){after}")
        raise  # refuse exits; this is for the type checker
