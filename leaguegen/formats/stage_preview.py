"""A stage still waiting for its players, read as it will be once they are known.

Planning a season before its groups have finished needs the later stage's own
settings (a knockout's match and final formats), which the loader only reads
once the qualifiers are known. :func:`provisional` reads the stage's section
again, the loader's own way, with placeholder qualifiers ("Qualifier 1"...),
for the planner (``domain.season_plan``) and nothing else: the season itself
keeps the stage pending.
"""

from __future__ import annotations

from leaguegen.domain.model import Player
from leaguegen.domain.season import Section
from leaguegen.domain.stages import PendingStage, StageEntry, StageInfo
from leaguegen.formats.stage_sources import Deferred


def provisional(section: Section, players: int) -> Section | None:
    """``section`` with ``players`` placeholder qualifiers; None when it cannot be read so.

    Placeholders are seeded in qualification order (the winners of each source
    first); a stage whose file already names players in results, or that the
    loader refuses with that many players, gives None.
    """
    stage = section.stage
    if not isinstance(stage, PendingStage) or not isinstance(stage.reparse, Deferred):
        return None
    sources = stage.source.sources
    if players < 1 or not sources:
        return None
    entrants = [Player(f"Qualifier {i}") for i in range(1, players + 1)]
    entries = tuple(StageEntry(p.name, sources[i % len(sources)], i // len(sources) + 1, i + 1)
                    for i, p in enumerate(entrants))
    completed, problems = stage.reparse.complete(entrants, StageInfo(stage.source, entries))
    if completed is None or any(not p.warning for p in problems):
        return None
    return completed
