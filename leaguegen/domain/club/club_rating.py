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
come in made (``career.careers``), and nothing is kept between calls; a caller that keeps
a :class:`RatingRun` (``serve``) hands it back to :func:`rate`, which rates again only
from the first season whose games changed.
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
    return ratings_of(careers, rate(careers, season_order))


@dataclass(frozen=True, slots=True)
class SeasonRating:
    """The club ratings after one season's rounds (``now``, ``games``), that season's points
    of each member's history, and ``inputs``: the caller's key of what they were rated
    from, so that a caller keeping them (``serve``) rates an edit from the edited season
    on, not from the first: the rounds before it, taken season by season, are the same."""

    season: str
    inputs: str
    now: dict[str, float]
    games: dict[str, int]
    history: dict[str, list[tuple[dt.date | None, float]]]


@dataclass(frozen=True, slots=True)
class RatingRun:
    """Every season's :class:`SeasonRating`, oldest first, from the members' ``start``."""

    start: dict[str, float]
    seasons: tuple[SeasonRating, ...]


def rate(careers: Sequence[Career], season_order: Sequence[str],
         inputs: Sequence[str] | None = None, kept: RatingRun | None = None) -> RatingRun:
    """The seasons rated in turn. With ``kept`` (an earlier run) and ``inputs`` (a key of
    each season's games, as the caller knows them: ``season_order``'s), the seasons before
    the first whose key or start ratings differ are taken from ``kept``, not rated again:
    the same rounds from the same ratings make the same floats."""
    keys = list(inputs) if inputs is not None else [""] * len(season_order)
    start = {c.member.slug: _first_rating(c) for c in careers}
    reused: list[SeasonRating] = []
    if kept is not None and inputs is not None and kept.start == start:
        for old, path, key in zip(kept.seasons, season_order, keys, strict=False):
            if old.season != path or old.inputs != key:
                break
            reused.append(old)
    todo = set(season_order[len(reused):])
    rounds = _rounds(careers, todo)
    now = dict(reused[-1].now) if reused else dict(start)
    games = dict(reused[-1].games) if reused else dict.fromkeys(start, 0)
    out = list(reused)
    for path, key in list(zip(season_order, keys, strict=True))[len(reused):]:
        history = _rate(rounds.get(path, {}), now, games)
        out.append(SeasonRating(path, key, dict(now), dict(games), history))
    return RatingRun(start, tuple(out))


def _rounds(careers: Sequence[Career], seasons: set[str]
            ) -> dict[str, dict[tuple, list[tuple[str, str, float]]]]:
    """The rated games of ``seasons``, by season, then by round: (undated, date, section,
    round), each game once (from the member whose slug sorts first), in the careers'
    order."""
    out: dict[str, dict[tuple, list[tuple[str, str, float]]]] = {}
    for career in careers:
        me = career.member.slug
        for e in career.events:
            if e.season not in seasons:
                continue
            rounds = out.setdefault(e.season, {})
            for g, them in zip(e.games, e.opponents, strict=True):
                if them is None or them <= me or g.code not in _SCORE:
                    continue  # each game once: from the member whose slug sorts first
                date = g.date
                key = (date is None, date or dt.date.min, e.section, g.round)
                rounds.setdefault(key, []).append((me, them, _SCORE[g.code]))
    return out


def _rate(rounds: dict[tuple, list[tuple[str, str, float]]], now: dict[str, float],
          games: dict[str, int]) -> dict[str, list[tuple[dt.date | None, float]]]:
    """One season's rounds rated in date order, ``now`` and ``games`` moved on; each
    member's points of history (date, rating after the round)."""
    history: dict[str, list[tuple[dt.date | None, float]]] = {}
    for key in sorted(rounds):
        date = None if key[0] else key[1]
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
            history.setdefault(slug, []).append((date, now[slug]))
    return history


def ratings_of(careers: Sequence[Career], run: RatingRun) -> tuple[ClubRating, ...]:
    """Every member's club rating after the run's last season, highest first (then by
    name)."""
    last = run.seasons[-1] if run.seasons else None
    now = last.now if last is not None else run.start
    games = last.games if last is not None else dict.fromkeys(run.start, 0)
    history: dict[str, list[tuple[dt.date | None, float]]] = {s: [] for s in run.start}
    for season in run.seasons:
        for slug, points in season.history.items():
            history[slug] += points
    out = [ClubRating(c.member.slug, c.member.name, run.start[c.member.slug],
                      now[c.member.slug], games[c.member.slug], tuple(history[c.member.slug]))
           for c in careers]
    return tuple(sorted(out, key=lambda r: (-round(r.rating), r.name.casefold(), r.slug)))


def _first_rating(career: Career) -> float:
    for e in career.events:
        if e.rating is not None:
            return float(e.rating)
    return float(START)
