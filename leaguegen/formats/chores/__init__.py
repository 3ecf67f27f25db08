"""The organiser's chores below the command line: ``result``, ``withdraw``, ``enter``,
``bye``, ``checkin`` and ``freeze``, each one edit of the season's files.

Each chore locks the season, loads it once, checks the request against it (a name that
is nobody, a game its kind does not schedule, a round not paired yet...), makes the
change as a text edit (``formats.season_edits``: only the lines it must), loads the
changed season (the new text read in place of the file; the files not changed are not
parsed again), and writes only if that load passes ``check`` and shows the change, and
no season file was saved meanwhile. It returns a ``Done`` (what
to say, what was written) or raises ``Refusal`` (message, exit code) or
``SeasonInvalid`` (problems to list). What a chore does with a section is its kind's
word (``SectionKind.chores``, ``scheduled_games``): the command line, the pages and a
report-a-result workflow call these functions and share their refusals.
"""

from leaguegen.formats.chores.checkin import checkin
from leaguegen.formats.chores.core import (
    EXIT_CANNOT,
    EXIT_INVALID,
    Done,
    Refusal,
    SeasonInvalid,
    computed,
)
from leaguegen.formats.chores.freeze import freeze
from leaguegen.formats.chores.result import game_in, record_result
from leaguegen.formats.chores.roster import bye, enter, withdraw

__all__ = ["EXIT_CANNOT", "EXIT_INVALID", "Done", "Refusal", "SeasonInvalid", "bye",
           "checkin", "computed", "enter", "freeze", "game_in", "record_result", "withdraw"]
