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
from dataclasses import dataclass, field

from leaguegen.domain.club.career import Career
from leaguegen.domain.model import Code

K = 20
START = 1500
_SCORE = {Code.WIN: 1.0, Code.DRAW: 0.5, Code.LOSS: 0.0}


def expected(rating: float, opponent: float) -> float:
    """Elo's expected score of a player rated ``rating`` against ``opponent``."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


# one rated round: its date (None: undated) and each of its players' rating after it
Rated = tuple[dt.date | None, dict[str, float]]
# one round's games, each once: (member, opponent, the member's score)
Games = list[tuple[str, str, float]]


@dataclass(frozen=True, slots=True)
class ClubRating:
    """A member's club rating: ``start`` where they began, ``rating`` now (exact), the
    ``games`` rated, and the ``history`` (a property, made when asked: no page shows it,
    and an archive has 76,000 points): (date, rating after the round) for each round they
    played (date None: an undated round)."""

    slug: str
    name: str
    start: float
    rating: float
    games: int
    rounds: tuple[tuple[Rated, ...], ...] = field(default=(), repr=False, compare=False)

    @property
    def history(self) -> tuple[tuple[dt.date | None, float], ...]:
        slug = self.slug
        return tuple((date, after[slug]) for season in self.rounds for date, after in season
                     if slug in after)


def club_ratings(careers: Sequence[Career], season_order: Sequence[str]) -> tuple[ClubRating, ...]:
    """Every member's club rating, highest first (then by name)."""
    return ratings_of(careers, rate(careers, season_order))


@dataclass(frozen=True, slots=True)
class SeasonRating:
    """One season rated: its ``games`` by round (date order), each member's games in it
    (``played``), the ratings and games after it (``ratings``, ``games_after``) and each
    round's ratings (``rated``); ``inputs``: the caller's key of the season's games, so
    that a caller keeping them (``serve``) rates an edit from the edited season on, not
    from the first, and takes the later seasons' games as they were."""

    season: str
    inputs: str
    games: tuple[tuple[dt.date | None, Games], ...]
    played: dict[str, int]
    ratings: dict[str, float]
    games_after: dict[str, int]
    rated: tuple[Rated, ...]


@dataclass(frozen=True, slots=True)
class RatingRun:
    """Every season's :class:`SeasonRating`, oldest first, from the members' ``start``."""

    start: dict[str, float]
    seasons: tuple[SeasonRating, ...]


def rate(careers: Sequence[Career], season_order: Sequence[str],
         inputs: Sequence[str] | None = None, kept: RatingRun | None = None) -> RatingRun:
    """The seasons rated in turn. With ``kept`` (an earlier run of the same members) and
    ``inputs`` (a key of each season's games, as the caller knows them), the seasons
    before the first whose key or start ratings differ are taken from ``kept``, not rated
    again (the same rounds from the same ratings make the same floats), and a later
    season whose key is the same keeps its games, rated again."""
    keys = list(inputs) if inputs is not None else [""] * len(season_order)
    start = {c.member.slug: _first_rating(c) for c in careers}
    old = {s.season: s for s in kept.seasons} if kept is not None and inputs is not None \
        else {}
    reused: list[SeasonRating] = []
    if old and kept is not None and kept.start == start:
        for was, path, key in zip(kept.seasons, season_order, keys, strict=False):
            if was.season != path or was.inputs != key:
                break
            reused.append(was)
    todo = [(p, k) for p, k in zip(season_order, keys, strict=True)][len(reused):]
    grouped = _rounds(careers, {p for p, k in todo if p not in old or old[p].inputs != k})
    now = dict(reused[-1].ratings) if reused else dict(start)
    games = dict(reused[-1].games_after) if reused else dict.fromkeys(start, 0)
    out = list(reused)
    for path, key in todo:
        if path in old and old[path].inputs == key:
            rounds, played = old[path].games, old[path].played
        else:
            rounds, played = grouped.get(path, ((), {}))
        rated = _rate(rounds, now)
        for slug, n in played.items():
            games[slug] += n
        out.append(SeasonRating(path, key, rounds, played, dict(now), dict(games), rated))
    return RatingRun(start, tuple(out))


def _rounds(careers: Sequence[Career], seasons: set[str]
            ) -> dict[str, tuple[tuple[tuple[dt.date | None, Games], ...], dict[str, int]]]:
    """The rated games of ``seasons``, by season: each round's (undated after the dated,
    then by date, section id and round), each game once (from the member whose slug
    sorts first), in the careers' order; and each member's count of them."""
    found: dict[str, dict[tuple, Games]] = {}
    played: dict[str, dict[str, int]] = {}
    for career in careers:
        me = career.member.slug
        for e in career.events:
            if e.season not in seasons:
                continue
            rounds = found.setdefault(e.season, {})
            count = played.setdefault(e.season, {})
            for g, them in zip(e.games, e.opponents, strict=True):
                if them is None or them <= me or g.code not in _SCORE:
                    continue  # each game once: from the member whose slug sorts first
                date = g.date
                key = (date is None, date or dt.date.min, e.section, g.round)
                rounds.setdefault(key, []).append((me, them, _SCORE[g.code]))
                count[me] = count.get(me, 0) + 1
                count[them] = count.get(them, 0) + 1
    return {season: (tuple((None if key[0] else key[1], rounds[key]) for key in sorted(rounds)),
                     played[season])
            for season, rounds in found.items()}


def _rate(rounds: Sequence[tuple[dt.date | None, Games]], now: dict[str, float]
          ) -> tuple[Rated, ...]:
    """One season's rounds rated in turn, ``now`` moved on; each round's ratings after it."""
    out = []
    for date, games in rounds:
        # the round's players only (a zero for each of 400 members, 3,800 rounds over,
        # was most of the list's time); each change starts at 0.0 as before
        change: dict[str, float] = {}
        get = change.get
        for a, b, score in games:  # expected() inlined: 38,000 games in an archive
            delta = K * (score - 1 / (1 + 10 ** ((now[b] - now[a]) / 400)))
            change[a] = get(a, 0.0) + delta
            change[b] = get(b, 0.0) - delta  # the opponent's (1 - score) - (1 - E)
        for slug, moved in change.items():  # the change becomes the rating after the round
            change[slug] = now[slug] = now[slug] + moved
        out.append((date, change))
    return tuple(out)


def ratings_of(careers: Sequence[Career], run: RatingRun) -> tuple[ClubRating, ...]:
    """Every member's club rating after the run's last season, highest first (then by
    name)."""
    last = run.seasons[-1] if run.seasons else None
    now = last.ratings if last is not None else run.start
    games = last.games_after if last is not None else dict.fromkeys(run.start, 0)
    rounds = tuple(s.rated for s in run.seasons)
    out = [ClubRating(c.member.slug, c.member.name, run.start[c.member.slug],
                      now[c.member.slug], games[c.member.slug], rounds) for c in careers]
    return tuple(sorted(out, key=lambda r: (-round(r.rating), r.name.casefold(), r.slug)))


def _first_rating(career: Career) -> float:
    for e in career.events:
        if e.rating is not None:
            return float(e.rating)
    return float(START)
