"""A club rating list from the club's own games across every season of a folder (Elo).

Not FIDE's rating (``domain/rating`` is that): a list the club keeps of its own members,
from every game played over the board in any section of any season, whether or not the
section is rated, so a club night's blitz counts as much as the championship.

The method, stated so anyone can check a figure:

- Elo's expected score ``E = 1 / (1 + 10 ** ((Rb - Ra) / 400))`` (the logistic curve, not
  FIDE's rounded table) and the change ``K × (score − E)`` with **K = 20** for everyone;
- a member starts at the first rating written for them in the files (their FIDE or
  national rating in their earliest event with one), or at **1500** when none is written;
- ratings move **per round**: every game of one round of one section is rated with the
  ratings from before that round, then all the round's changes are applied at once; the
  rounds are taken season by season (oldest first), in date order within a season (an
  undated round after the dated ones), then by section id and round number;
- forfeits, byes and games not played yet do not count; a game counts once, for both.

Ratings are kept exact (floats) and shown rounded to the whole number. Pure: the careers
come in made (``career.careers``), and nothing is kept between calls.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from leaguegen.domain.club.career import Career
from leaguegen.domain.model import Code

K = 20
START = 1500
_SCORE = {Code.WIN: 1.0, Code.DRAW: 0.5, Code.LOSS: 0.0}


def expected(rating: float, opponent: float) -> float:
    """Elo's expected score of a player rated ``rating`` against ``opponent``."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


@dataclass(frozen=True, slots=True)
class ClubRating:
    """A member's club rating: ``start`` where they began, ``rating`` now (exact), the
    ``games`` rated, and the ``history``: (date, rating after the round) for each round
    they played (date None: an undated round)."""

    slug: str
    name: str
    start: float
    rating: float
    games: int
    history: tuple[tuple[dt.date | None, float], ...]


def club_ratings(careers: Sequence[Career], season_order: Sequence[str]) -> tuple[ClubRating, ...]:
    """Every member's club rating, highest first (then by name)."""
    order = {path: i for i, path in enumerate(season_order)}
    rounds: dict[tuple, list[tuple[str, str, float]]] = {}
    dates: dict[tuple, dt.date | None] = {}
    for career in careers:
        me = career.member.slug
        for e in career.events:
            for g, them in zip(e.games, e.opponents, strict=True):
                if them is None or them <= me or g.code not in _SCORE:
                    continue  # each game once: from the member whose slug sorts first
                date = g.date
                key = (order.get(e.season, len(order)), date is None, date or dt.date.min,
                       e.section, g.round)
                rounds.setdefault(key, []).append((me, them, _SCORE[g.code]))
                dates[key] = date
    start = {c.member.slug: _first_rating(c) for c in careers}
    now = dict(start)
    games = dict.fromkeys(now, 0)
    history: dict[str, list[tuple[dt.date | None, float]]] = {s: [] for s in now}
    for key in sorted(rounds):
        # the round's players only (a zero for each of 400 members, 3,800 rounds over,
        # was most of the list's time); each change starts at 0.0 as before
        change: dict[str, float] = {}
        for a, b, score in rounds[key]:  # expected() inlined: 38,000 games in an archive
            delta = K * (score - 1 / (1 + 10 ** ((now[b] - now[a]) / 400)))
            change[a] = change.get(a, 0.0) + delta
            change[b] = change.get(b, 0.0) - delta  # the opponent's (1 - score) - (1 - E)
            games[a] += 1
            games[b] += 1
        for slug, moved in change.items():
            now[slug] += moved
            history[slug].append((dates[key], now[slug]))
    out = [ClubRating(c.member.slug, c.member.name, start[c.member.slug], now[c.member.slug],
                      games[c.member.slug], tuple(history[c.member.slug])) for c in careers]
    return tuple(sorted(out, key=lambda r: (-round(r.rating), r.name.casefold(), r.slug)))


def _first_rating(career: Career) -> float:
    for e in career.events:
        if e.rating is not None:
            return float(e.rating)
    return float(START)
