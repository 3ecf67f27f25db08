"""A section's rating report: every player's rounds, assessed under B.02 8.3.

What an arbiter checks before sending the TRF: per player the rating, K, the games
that count, the score in them, the expected score and the change; per game why a
round does not count. The games are the ones the section's facts already hold
(``domain/sections``: the crosstable of a round robin, a Swiss or a Scheveningen
match, each group's crosstable of a quads section, the matches of a knockout), so
the report reads the same results as the pages and the TRF export.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from leaguegen.domain.model import Crosstable, Player
from leaguegen.domain.rating.change import EventChange, GameInput, NotCounted, event_change
from leaguegen.domain.rating.k_factor import k_factor
from leaguegen.domain.season import Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.knockout import KnockoutFacts
from leaguegen.domain.sections.quads import QuadsFacts


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player of the section (``number``: pairing number) and their event's change."""

    number: int
    player: Player
    event: EventChange


@dataclass(frozen=True, slots=True)
class RatingReport:
    """Every player of ``section`` in pairing-number order. ``rating_year``: the year the
    junior rule of 8.3.3 is judged in (the section's last dated round; None undated)."""

    section: Section
    rating_year: int | None
    players: tuple[PlayerRating, ...]


def birth_year(player: Player) -> int | None:
    """The year of ``birth`` (``1994`` or ``1994-05-12``, as the loader accepts it)."""
    text = (player.birth or "")[:4]
    return int(text) if len(text) == 4 and text.isdigit() else None


def rating_year(section: Section) -> int | None:
    """The year of the section's last dated round: the event is rated on the list after it."""
    dates = [r.date for r in section.rounds if r.date is not None]
    return max(dates).year if dates else None


def _table_rounds(table: Crosstable, into: dict[str, list[GameInput]]) -> None:
    for rec in table.records:
        games = into.setdefault(rec.player.name, [])
        for r, e in enumerate(rec.rounds, start=1):
            opponent = table.record(e.opponent).player if e.opponent else None
            games.append(GameInput(r, opponent.name if opponent else None,
                                   opponent.rating if opponent else None, e.code))


def _knockout_rounds(section: Section, facts: KnockoutFacts,
                     into: dict[str, list[GameInput]]) -> None:
    players = section.players
    for rnd in facts.rounds:
        regular = rnd.format.stages[0].label
        for match in rnd.matches:
            for game in match.games:
                excluded = None if game.stage == regular else NotCounted.TIEBREAK_GAME
                codes = game.codes
                for me, them, code in ((game.white, game.black, codes[0]),
                                       (game.black, game.white, codes[1])):
                    opponent = players[them - 1]
                    into.setdefault(players[me - 1].name, []).append(
                        GameInput(rnd.number, opponent.name, opponent.rating, code, excluded))


def section_games(section: Section, facts: SectionFacts) -> dict[str, list[GameInput]]:
    """Each player's rounds by name, from the section's facts (see the module docstring)."""
    found: dict[str, list[GameInput]] = {}
    if isinstance(facts, KnockoutFacts):
        _knockout_rounds(section, facts, found)
    elif isinstance(facts, QuadsFacts):
        for group in facts.group_facts:
            if group.table is not None:
                _table_rounds(group.table, found)
    elif facts.table is not None:
        _table_rounds(facts.table, found)
    return found


def section_report(section: Section, facts: SectionFacts,
                   given_k: Mapping[str, int] | None = None) -> RatingReport:
    """The report of ``section`` from its ``facts``; ``given_k`` is the organiser's K by
    player name (8.3.3: what the files cannot know). ValueError names a player the
    section does not have, or a K that is not 40, 20 or 10."""
    given = dict(given_k or {})
    names = {p.name for p in section.players}
    unknown = sorted(set(given) - names)
    if unknown:
        raise ValueError(f"section '{section.id}' has no player named {', '.join(unknown)}")
    year = rating_year(section)
    games = section_games(section, facts)
    rows = []
    for number, player in enumerate(section.players, start=1):
        k = None
        if player.rating is not None:
            k = k_factor(player.rating, given=given.get(player.name),
                         birth_year=birth_year(player), rating_year=year)
        rows.append(PlayerRating(number, player,
                                 event_change(player.rating, k, games.get(player.name, ()))))
    return RatingReport(section, year, tuple(rows))
