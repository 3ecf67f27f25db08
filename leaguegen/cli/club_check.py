"""``leaguegen check`` of a folder of seasons: every season, then who is who across them.

Each season is checked as ``check`` checks one (every problem of every season listed),
then the players' identities across the seasons (``domain/club/identity.py``): a probable
same person with two identities, and an alias that names nobody, as warnings naming
both entries' files and lines. Nothing is merged that the files do not say is one person.
"""

from __future__ import annotations

from pathlib import Path

from leaguegen.cli import speech
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import report_problems
from leaguegen.errors import InputError, Message

EXIT_INVALID = 2


def check_folder(folder: Path) -> int:
    """Check every season of ``folder``; the exit code (0 valid, 2 a season is invalid)."""
    from leaguegen.cli.season_cmds import season_notes
    from leaguegen.domain.club.identity import identity_warnings, roster
    from leaguegen.formats.club_file import read_club_file
    from leaguegen.formats.season_yaml import load_seasons
    from leaguegen.site.season_index import newest_first, season_folders

    try:
        folders = season_folders(folder)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        return EXIT_INVALID
    try:
        seasons = load_seasons(folders)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        return EXIT_INVALID
    try:  # the folder's own club.yaml (its grand prix series)
        club = read_club_file(folder, seasons, folders)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        return EXIT_INVALID
    for path in sorted(seasons):
        season_notes(seasons[path], folders[path])
    found = roster(seasons, list(reversed(newest_first(seasons))))
    speech.problems(identity_warnings(found))  # in the run's language, at file:line
    if club.series:
        echo(Message("{folder}: {seasons} seasons, {players} players across them, {series}"
                     " grand prix series", folder=folder, seasons=len(seasons),
                     players=len(found.members), series=len(club.series)))
    else:
        echo(Message("{folder}: {seasons} seasons, {players} players across them",
                     folder=folder, seasons=len(seasons), players=len(found.members)))
    return 0
