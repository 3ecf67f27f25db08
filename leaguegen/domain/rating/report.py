"""A section's rating report: every player's rounds, assessed under B.02 8.3.

What an arbiter checks before sending the TRF: per player the rating, K, the games
that count, the score in them, the expected score and the change; per game why a
round does not count. The games are the ones the section's facts already hold
(``domain/sections``: the crosstable of a round robin, a Swiss or a Scheveningen
match, each group's crosstable of a quads section, the matches of a knockout), so
the report reads the same results as the pages and the TRF export.

The rate of play is checked when the time control can be read (B.02 1.1, see
``rate_of_play``): a section played at 25 minutes a game is not standard-rated, and
the report says so game by game rather than showing changes FIDE would not make.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from leaguegen.domain.model import Crosstable, Player
from leaguegen.domain.rating.change import EventChange, GameInput, NotCounted, event_change
from leaguegen.domain.rating.k_factor import k_factor
from leaguegen.domain.rating.rate_of_play import fast_for_standard
from leaguegen.domain.season import Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.knockout import KnockoutFacts
from leaguegen.domain.sections.quads import QuadsFacts
from leaguegen.domain.time_control import parse_time_control


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player of the section (``number``: pairing number) and their event's change."""

    number: int
    player: Player
    event: EventChange


@dataclass(frozen=True, slots=True)
class RatingReport:
    """Every player of ``section`` in pairing-number order. ``rating_year``: the year the
    junior rule of 8.3.3 is judged in (the section's last dated round; None undated).
    ``time_control``: the text the rate of play was read from ("" none given);
    ``minutes``: a player's time for 60 moves under it, None when it was not checked
    (no time control, or one ``domain.time_control`` cannot read)."""

    section: Section
    rating_year: int | None
    players: tuple[PlayerRating, ...]
    time_control: str = ""
    minutes: float | None = None


def birth_year(player: Player) -> int | None:
    """The year of ``birth`` (``1994`` or ``1994-05-12``, as the loader accepts it)."""
    text = (player.birth or "")[:4]
    return int(text) if len(text) == 4 and text.isdigit() else None


def rating_year(section: Section) -> int | None:
    """The year of the section's last dated round: the event is rated on the list after it."""
    dates = [r.date for r in section.rounds if r.date is not None]
    return max(dates).year if dates else None


def _too_fast(minutes: float | None, player: Player, opponent: Player | None) -> NotCounted | None:
    if minutes is None or opponent is None:
        return None
    fast = fast_for_standard(minutes, player.rating, opponent.rating)
    return NotCounted.RATE_OF_PLAY if fast else None


def _table_rounds(table: Crosstable, minutes: float | None,
                  into: dict[str, list[GameInput]]) -> None:
    for rec in table.records:
        games = into.setdefault(rec.player.name, [])
        for r, e in enumerate(rec.rounds, start=1):
            opponent = table.record(e.opponent).player if e.opponent else None
            games.append(GameInput(r, opponent.name if opponent else None,
                                   opponent.rating if opponent else None, e.code,
                                   _too_fast(minutes, rec.player, opponent)))


def _knockout_rounds(section: Section, facts: KnockoutFacts, minutes: float | None,
                     into: dict[str, list[GameInput]]) -> None:
    players = section.players
    for rnd in facts.rounds:
        regular = rnd.format.stages[0].label
        for match in rnd.matches:
            for game in match.games:
                codes = game.codes
                for me, them, code in ((game.white, game.black, codes[0]),
                                       (game.black, game.white, codes[1])):
                    player, opponent = players[me - 1], players[them - 1]
                    excluded = (_too_fast(minutes, player, opponent) if game.stage == regular
                                else NotCounted.TIEBREAK_GAME)
                    into.setdefault(player.name, []).append(
                        GameInput(rnd.number, opponent.name, opponent.rating, code, excluded))


def section_games(section: Section, facts: SectionFacts,
                  minutes: float | None = None) -> dict[str, list[GameInput]]:
    """Each player's rounds by name, from the section's facts (see the module docstring);
    with ``minutes`` (a player's time for 60 moves) a game too fast for its players'
    ratings is marked not counted (B.02 1.1)."""
    found: dict[str, list[GameInput]] = {}
    if isinstance(facts, KnockoutFacts):
        _knockout_rounds(section, facts, minutes, found)
    elif isinstance(facts, QuadsFacts):
        for group in facts.group_facts:
            if group.table is not None:
                _table_rounds(group.table, minutes, found)
    elif facts.table is not None:
        _table_rounds(facts.table, minutes, found)
    return found


def minutes_for_60_moves(time_control: str) -> float | None:
    """A player's time for 60 moves under ``time_control``; None if it is empty or
    cannot be read (the rate of play is then not checked, and the report says so)."""
    if not time_control.strip():
        return None
    try:
        return parse_time_control(time_control).player_minutes(60)
    except ValueError:
        return None


def section_report(section: Section, facts: SectionFacts,
                   given_k: Mapping[str, int] | None = None,
                   season_time_control: str = "") -> RatingReport:
    """The report of ``section`` from its ``facts``; ``given_k`` is the organiser's K by
    player name (8.3.3: what the files cannot know); ``season_time_control`` is the
    season's, used when the section has none of its own (empty: the rate of play is not
    checked). ValueError names a player the section does not have, or a K that is not
    40, 20 or 10."""
    given = dict(given_k or {})
    names = {p.name for p in section.players}
    unknown = sorted(set(given) - names)
    if unknown:
        raise ValueError(f"section '{section.id}' has no player named {', '.join(unknown)}")
    year = rating_year(section)
    time_control = section.time_control or season_time_control
    minutes = minutes_for_60_moves(time_control)
    games = section_games(section, facts, minutes)
    rows = []
    for number, player in enumerate(section.players, start=1):
        k = None
        if player.rating is not None:
            k = k_factor(player.rating, given=given.get(player.name),
                         birth_year=birth_year(player), rating_year=year)
        rows.append(PlayerRating(number, player,
                                 event_change(player.rating, k, games.get(player.name, ()))))
    return RatingReport(section, year, tuple(rows), time_control, minutes)
