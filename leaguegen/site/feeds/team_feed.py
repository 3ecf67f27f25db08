"""``<section>/section.json`` of a team league: its players team by team, its teams, and
each round's matches board by board (docs/data-feeds.md, "A team league").

Why apart from ``json_feed``'s rounds: a division has no crosstable of players, its
rounds are matches of teams. The common fields keep their meaning: ``players[].number``
is the player's number in the division (team after team, squad then reserves: the
numbers of its TRF), ``rounds[].boards`` and ``byes`` stay empty (a team league's games
are under ``rounds[].matches[].boards``), and ``standings`` is what ``leaguegen
standings`` prints for it (one row per team, ``startno`` = the team's number).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from leaguegen.domain.sections.team_league import (
    BOARD_RESULT,
    MatchEntry,
    TeamLeagueFacts,
    match_points,
    player_number,
)
from leaguegen.site.feeds.json_feed import player_entry


def players(facts: TeamLeagueFacts) -> list[dict[str, Any]]:
    d = facts.details
    out = []
    for t, team in enumerate(d.teams, start=1):
        for i, p in enumerate(team.eligible):
            n = player_number(d, t, i)
            out.append({**player_entry(p, n, n, f"team-{t}.html"), "team": t,
                        "reserve": i >= len(team.squad)})
    return out


def teams(facts: TeamLeagueFacts) -> list[dict[str, Any]]:
    d = facts.details
    gone = {w.team: w for w in d.withdrawals}
    out = []
    for t, team in enumerate(d.teams, start=1):
        numbers = [player_number(d, t, i) for i in range(len(team.eligible))]
        w = gone.get(t)
        out.append({"number": t, "name": team.name, "club": team.club or None,
                    "players": numbers[:len(team.squad)],
                    "reserves": numbers[len(team.squad):], "page": f"team-{t}.html",
                    "withdrawn": None if w is None else {
                        "after_round": w.after_round, "reason": w.reason or None,
                        "cancelled": t in facts.expunged}})
    return out


def _match(facts: TeamLeagueFacts, m: MatchEntry, venue: str, counted: bool
           ) -> dict[str, Any]:
    d = facts.details
    boards = [{"board": b.number,
               "home": None if b.host is None else player_number(d, m.host, b.host),
               "away": None if b.guest is None else player_number(d, m.guest, b.guest),
               "home_colour": "white" if d.home_is_white(b.number) else "black",
               "result": BOARD_RESULT[b.result].ascii if b.result else None}
              for b in m.boards]
    hp = ap = None
    result = None
    if counted:
        h, a = match_points(d, m)
        hp, ap = float(h), float(a)
        outcome = m.forfeit or None
        if outcome == "--" or (outcome is None and h == a == 0):  # neither scored
            result = "both lost"
        elif outcome is not None:
            result = "home" if outcome == "+-" else "away"
        else:
            result = "home" if h > a else "away" if a > h else "draw"
    return {"home": m.host, "away": m.guest, "venue": venue or None, "result": result,
            "default": m.forfeit, "by_withdrawal": (m.round, m.host, m.guest) in facts.defaulted,
            "home_points": hp, "away_points": ap, "boards": boards}


def rounds(facts: TeamLeagueFacts) -> list[dict[str, Any]]:
    """Each round: its date, the team with the free round, and its fixtures with what is
    entered (a match with boards still to come has them, and no result yet)."""
    d, section = facts.details, facts.section
    dates: dict[int, dt.date | None] = {r.number: r.date for r in section.rounds}
    entered = {(m.round, m.host, m.guest): m for m in d.matches}
    out = []
    for r in range(1, facts.progress.rounds_total + 1):
        matches = []
        for f in facts.fixtures:
            if f.round != r or facts.expunged & {f.host, f.guest}:
                continue
            key = (f.round, f.host, f.guest)
            m = facts.results.get(key) or entered.get(key) or MatchEntry(f.round, f.host, f.guest)
            matches.append(_match(facts, m, f.venue, key in facts.results))
        day = dates.get(r)
        out.append({"number": r, "date": day.isoformat() if day else None, "boards": [],
                    "free_team": facts.free.get(r), "matches": matches, "byes": []})
    return out


def feed_parts(facts: TeamLeagueFacts) -> dict[str, Any]:
    """The section feed's fields that differ for a team league."""
    return {"players": players(facts), "teams": teams(facts), "rounds": rounds(facts),
            "standings": facts.kind.standings_json(facts) if facts.kind.standings_json
            else None}
