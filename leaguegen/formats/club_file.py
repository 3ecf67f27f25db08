"""A folder of seasons' own file, ``club.yaml``: what belongs to the club, not one season.

It sits beside the season folders (``club/club.yaml`` next to ``club/autumn-2025/``) and
is read only when the folder is checked, built or served as a folder of seasons (a
season never reads it: a season folder stays complete on its own). Today it declares
the club's grand prix series over events of several seasons (docs/club.md, "A grand prix
series")::

    series:
      - id: rapid-gp
        name: Riverside Rapid Grand Prix
        events:
          - riverside-2026/rapid        # <season folder>/<section id>
          - grand-prix-2027/challengers
        points: [10, 8, 6, 5, 4, 3, 2, 1]
        best: 2

The block is read by ``formats/series.py``, as a season's ``series:`` is. Every mistake
is reported at its file:line:col (``InputError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.domain.series import SeriesRules
from leaguegen.errors import InputError, Message
from leaguegen.formats import files
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.series import read_series
from leaguegen.formats.yaml_nodes import Ctx

CLUB_FILE = "club.yaml"
KEYS = ("series",)
EventRef = tuple[str, str]  # (the season's path in the folder's site, section id)


@dataclass(frozen=True, slots=True)
class ClubFile:
    """``club.yaml`` as read: the series, and each series' events as (season path,
    section id), by series id."""

    series: tuple[SeriesRules, ...] = ()
    events: Mapping[str, tuple[EventRef, ...]] = field(default_factory=dict)


def read_club_file(folder: Path, seasons: Mapping[str, Season],
                   folders: Mapping[str, Path]) -> ClubFile:
    """``folder``'s club.yaml (an empty ClubFile when there is none); ``seasons`` and
    ``folders`` by the seasons' site paths. InputError lists every problem."""
    path = Path(folder) / CLUB_FILE
    if not path.exists() and not path.is_symlink():
        return ClubFile()
    root = Path(folder).resolve()
    text = files.read_text(path, root, str(path))
    col = yn.Collector(str(path))
    doc = yn.compose(text, col)
    refs = {f"{folders[p].name}/{s.id}": (p, s.id)
            for p, season in seasons.items() for s in season.sections}
    series: tuple[SeriesRules, ...] = ()
    if doc is not None:
        keys = yn.mapping(doc, col, CLUB_FILE, KEYS)
        series = read_series(keys.get("series"), Ctx(col, root), refs,
                             Message("<season folder>/<section id> of a season in this"
                                     " folder"),
                             {f"{folders[p].name}/{s.id}": s.format
                              for p, season in seasons.items() for s in season.sections})
    errors = [p for p in col.problems if not p.warning]
    if errors:
        raise InputError(errors)
    return ClubFile(series, {s.id: tuple(refs[r] for r in s.events) for s in series})
