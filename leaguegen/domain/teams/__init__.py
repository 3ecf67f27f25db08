"""Team competitions: the model of a team event, its scores, tie-breaks and team Swiss.

Pure domain code (no I/O): ``formats/trf_teams.py`` reads TRF-2026 team files into it."""
