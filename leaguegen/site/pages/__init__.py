"""Page contexts and renderers, one module per page kind (see ``common.py``).

Importing this package registers every section kind's renderer (``registry``).
"""

from leaguegen.site.pages import (  # noqa: F401  (each registers its renderer)
    alphabetical,
    checkin,
    club_standings,
    double_swiss,
    games,
    history,
    knockout,
    prizes,
    quads,
    round_robin,
    scheveningen,
    screen,
    stage,
    standings_after,
    start_list,
    swiss,
    team_league,
    team_swiss,
)
