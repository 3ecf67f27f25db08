"""The season path's standings as JSON: what the site shows, in the ``--trf`` contract.

``leaguegen standings SEASON_DIR --section ID [--tiebreaks ..] [--rules ..]
[--after-round N] --json`` prints the same JSON as ``standings --trf`` with the
player's ``name`` added to each row; ``startno`` is the player's start number
(``start:``, e.g. from an imported TRF) or else the pairing number. The values
come from the section's facts, the same object the pages are built from.
"""

from __future__ import annotations

from leaguegen.domain.season import Season
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.standings import Standings, compute_standings
from leaguegen.errors import Message
from leaguegen.formats.standings_json import section_standings_json


class NoStandings(ValueError):
    """The section's kind has no standings table (a knockout, a team match)."""


def season_standings(season: Season, section_id: str, tiebreaks: list[str] | None = None,
                     rules: str | None = None, after_round: int | None = None) -> Standings:
    """The section's standings, or recomputed on the same crosstable with other options.

    Raises KeyError for an unknown section, NoStandings for a kind without a table,
    ValueError for an unknown tiebreak code or a round beyond those played.
    """
    section = season.section(section_id)
    facts = derive_facts(section)
    if facts.table is None or facts.standings is None or facts.kind.tiebreak_system is None:
        raise NoStandings(Message("section '{section_id}' ({format}) has no standings table",
                                  section_id=section_id, format=section.format))
    if after_round is not None and after_round > facts.progress.rounds_played:
        raise ValueError(Message("--after-round {after_round}: section '{section_id}' has"
                                 " {count} round(s) with results",
                                 "--after-round {after_round}: section '{section_id}' has"
                                 " {count} round(s) with results", after_round=after_round,
                                 section_id=section_id, count=facts.progress.rounds_played))
    if tiebreaks is None and rules is None and after_round is None:
        return facts.standings
    return compute_standings(facts.table, tiebreaks or list(section.tiebreaks),
                             facts.kind.tiebreak_system, rules or section.tiebreak_rules,
                             after_round, facts.excluded)


def as_json(season: Season, section_id: str, standings: Standings) -> dict:
    """The ``standings --trf`` JSON with each row's ``name``; start numbers as startno."""
    facts = derive_facts(season.section(section_id))
    assert facts.table is not None
    return section_standings_json(season.section(section_id), standings,
                                  facts.table.scoring.unit)
