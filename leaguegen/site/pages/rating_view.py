"""The rating change (chess-results' "Rtg+/-") as the pages show it, from the section's facts.

A section declared rated (``rated: fide``) carries its players' FIDE rating changes in
its facts (``SectionFacts.rating``, made once by ``domain.season_facts``); the standings
show each player's event change in a column and the player's page the event's figures
and each game's change. A section not declared rated shows none: FIDE will not rate it,
and an "expected change" for games nobody sends would mislead (chess-results shows
Rtg+/- only for a tournament whose rating calculation is switched on, as Swiss-Manager
sends it). Everything here is a plain value; the templates word it
(``partials/rating.html``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from leaguegen.domain.rating import EventChange
from leaguegen.domain.sections import SectionFacts


@dataclass(frozen=True, slots=True)
class RatingLine:
    """A rated player's event on their page: ``k`` as 8.3.3 chose it (``assumed`` when the
    files could not prove it), ``k_used`` after the 700 cap, the ``games`` that count,
    ``score`` in them (1 / ½ / 0), ``expected`` Σ PD and the exact ``change``
    K × Σ(score − PD); ``unrated``: the player has no rating (no change; their games
    against rated opponents would make a first rating)."""

    unrated: bool
    k: int = 0
    k_used: int = 0
    assumed: bool = False
    games: int = 0
    score: Fraction = Fraction(0)
    expected: Fraction = Fraction(0)
    change: Fraction = Fraction(0)


def _event(facts: SectionFacts, number: int) -> EventChange | None:
    report = facts.rating
    if report is None or not 1 <= number <= len(report.players):
        return None
    return report.players[number - 1].event


def event_change(facts: SectionFacts, number: int) -> Fraction | None:
    """The standings' Rtg+/- of player ``number``: the event's exact change, None when the
    section is not rated or the player is unrated."""
    event = _event(facts, number)
    return None if event is None else event.change


def rating_line(facts: SectionFacts, number: int) -> RatingLine | None:
    """Player ``number``'s event for their page; None when the section is not rated."""
    event = _event(facts, number)
    if event is None:
        return None
    if event.rating is None or event.k is None:
        return RatingLine(unrated=True, games=len(event.counted))
    expected = event.expected
    change = event.change
    assert expected is not None and change is not None  # a rated player's
    return RatingLine(unrated=False, k=event.k.value, k_used=event.k_used,
                      assumed=event.k.assumed, games=len(event.counted), score=event.score,
                      expected=expected, change=change)


def game_changes(facts: SectionFacts, number: int) -> dict[int, Fraction | None]:
    """Each round's change for player ``number`` (None: the game does not count, or the
    player is unrated); empty when the section is not rated."""
    event = _event(facts, number)
    if event is None:
        return {}
    rated = event.rating is not None
    return {g.game.round: g.change if g.counts and rated else None for g in event.games}


def round_changes(facts: SectionFacts, number: int) -> dict[int, Fraction | None]:
    """Each round's change for player ``number``, its games added up (a knockout match's
    games share their round; None: no game of the round counts, or the player is
    unrated); empty when the section is not rated."""
    event = _event(facts, number)
    if event is None:
        return {}
    rated = event.rating is not None
    out: dict[int, Fraction | None] = {}
    for g in event.games:
        if g.counts and rated:
            out[g.game.round] = (out.get(g.game.round) or Fraction(0)) + g.change
        else:
            out.setdefault(g.game.round, None)
    return out


def games_change(changes: dict[int, Fraction | None], rounds: tuple[int, ...]
                 ) -> Fraction | None:
    """The change of several rounds' games together (a Double-Swiss match: its two game
    rounds); None when none of them counts."""
    found = [changes[r] for r in rounds if changes.get(r) is not None]
    return sum(found, Fraction(0)) if found else None  # type: ignore[arg-type]


def group_rated(section: SectionFacts, group: SectionFacts) -> SectionFacts:
    """A quads group's facts with its players' rating changes: the section's report (made
    over every group's games, by player) with each player at their number in the group,
    so the group's standings and player pages show Rtg+/- as a round robin's do."""
    report = section.rating
    if report is None:
        return group
    by_name = {r.player.name: r for r in report.players}
    players = tuple(replace(by_name[p.name], number=n)
                    for n, p in enumerate(group.section.players, start=1))
    return replace(group, rating=replace(report, section=group.section, players=players))
