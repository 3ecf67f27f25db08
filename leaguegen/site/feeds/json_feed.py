"""Open data beside the pages: ``season.json`` and ``<section>/section.json``.

The shape is documented in ``docs/data-feeds.md`` and fixed by the JSON Schema
``docs/data-feeds.schema.json`` (checked in the tests); ``version`` changes when
a field changes meaning or goes away (new fields may appear in any version).
A section's ``standings`` is exactly what ``leaguegen standings SEASON_DIR
--section ID --json`` prints, so the feed, the command and the pages agree.

Everything comes from the section's facts: results as they count (a leaver's
unplayed game is the forfeit the standings count), byes with their kind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from leaguegen.domain.model import Code, Colour
from leaguegen.domain.season import GameResult, Player, Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.team_league import TeamLeagueFacts
from leaguegen.formats.standings_json import section_standings_json
from leaguegen.site import urls

VERSION = 1
# a game's result in ASCII from its two codes (the result type's one table), and a bye's
# kind, keyed by the codes' letters (an Enum's own hash is Python code)
_RESULTS = {(w.value, b.value): result.ascii for w in Code for b in Code
            if (result := GameResult.of_codes(w, b)) is not None}
_BYES = {Code.PAIRING_BYE.value: "pairing-allocated bye", Code.HALF_BYE.value: "half-point bye",
         Code.FULL_BYE.value: "full-point bye", Code.ZERO_BYE.value: "not paired"}


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


def player_entry(p: Player, number: int, start: int, page: str) -> dict[str, Any]:
    """A player in ``players`` (a team league's players too: ``team_feed``)."""
    return {"number": number, "start": start, "name": p.name, "rating": p.rating,
            "title": p.title, "federation": p.federation, "fide_id": p.fide_id,
            "club": p.club, "page": page}


def _rounds(facts: SectionFacts, schedule: tuple | None) -> list[dict[str, Any]]:
    """Each round's boards (White first) with results as they count, and its byes.

    One pass over each player's record (boards and byes in player order within each
    round, as a scan of every record per round gives them). ``schedule``: a round robin's
    rounds (``SeasonFacts.schedules``), which give its boards their order (None: the order
    they are written in). A free round is named as the kind says (``SectionKind.free_round``)."""
    section, table = facts.section, facts.table
    free = facts.kind.free_round
    total = max(facts.progress.rounds_total, len(section.rounds))
    dates = {r.number: r.date for r in section.rounds}
    boards_of: list[list[dict[str, Any]]] = [[] for _ in range(total + 1)]
    byes_of: list[list[dict[str, Any]]] = [[] for _ in range(total + 1)]
    if table is not None:
        records = table.records
        white = Colour.WHITE
        for rec in records:
            for r, e in enumerate(rec.rounds[:total], start=1):
                opponent = e.opponent
                if opponent is None:
                    kind = _BYES.get(e.code._value_)
                    if kind is not None:
                        byes_of[r].append({"player": rec.number, "kind": free or kind})
                    continue
                if e.colour is white:
                    theirs = records[opponent - 1].rounds  # table.record(opponent)
                    result = _RESULTS.get((e.code._value_, theirs[r - 1].code._value_)) \
                        if r <= len(theirs) else None
                    boards_of[r].append({"board": 0, "white": rec.number,
                                         "black": opponent, "result": result})
    else:
        for g in section.games:
            if 1 <= g.round <= total:
                boards_of[g.round].append({"board": 0, "white": g.white, "black": g.black,
                                           "result": g.result.ascii if g.result else None})
    # each round's board order, (white, black) -> position: a round robin's schedule's, else
    # the order the boards are written in (a pair's last, as before)
    orders: dict[int, dict[tuple[int, int], int]] = {}
    if schedule is not None:
        orders = {r: {(p.white, p.black): i for i, p in enumerate(boards)}
                  for r, boards in enumerate(schedule, start=1)}
    else:
        for i, g in enumerate(section.games):
            orders.setdefault(g.round, {})[(g.white, g.black)] = i
    out = []
    for r in range(1, total + 1):
        boards = boards_of[r]
        order = orders.get(r, {})
        boards.sort(key=lambda b: (order.get((b["white"], b["black"]), len(order)), b["white"]))
        for i, board in enumerate(boards, start=1):
            board["board"] = i
        out.append({"number": r, "date": _date(dates.get(r)), "boards": boards,
                    "byes": byes_of[r]})
    return out


def _hundredths(value: Fraction | None) -> float | None:
    """An exact change (a whole number of hundredths) as a JSON number: -11.4, 28."""
    return None if value is None else round(float(value), 2)


def _rating(facts: SectionFacts) -> dict[str, Any] | None:
    """The section's FIDE rating changes (``rated: fide``; B.02 8.3, docs/rating.md): per
    player the event's figures and each round's change or why it does not count; None
    when the section is not declared rated."""
    report = facts.rating
    if report is None:
        return None
    players = []
    for row in report.players:
        event = row.event
        k = event.k
        players.append({
            "number": row.number, "rating": event.rating,
            "k": k.value if k else None, "k_assumed": k.assumed if k else None,
            "k_used": event.k_used if k else None, "games": len(event.counted),
            "score": float(event.score), "expected": _hundredths(event.expected),
            "change": _hundredths(event.change),
            "rounds": [{"round": g.game.round,
                        "change": _hundredths(g.change) if g.counts and k else None,
                        "not_counted": g.not_counted.name.lower() if g.not_counted else None}
                       for g in event.games],
        })
    return {"system": report.section.rated, "rating_year": report.rating_year,
            "rate_of_play_checked": report.minutes is not None, "players": players}


def section_feed(season_facts: SeasonFacts, section: Section) -> dict[str, Any]:
    """``<section>/section.json`` (read by the section's calendars too: made once per
    build of the section, by ``feeds.section_files``)."""
    facts = season_facts.of(section)
    if isinstance(facts, TeamLeagueFacts):  # a table of teams: team_feed's fields
        from leaguegen.site.feeds.team_feed import feed_parts

        return {"version": VERSION, "section": _section(section, facts), **feed_parts(facts)}
    standings = None
    if facts.standings is not None and facts.table is not None:
        standings = section_standings_json(section, facts.standings, facts.table.scoring.unit)
    return {
        "version": VERSION,
        "section": _section(section, facts),
        "players": [player_entry(p, n, p.start or n,
                                 urls.player(section, n).removeprefix(f"{section.id}/"))
                    for n, p in enumerate(section.players, start=1)],
        "rounds": _rounds(facts, season_facts.schedules.get(section.id)),
        "standings": standings,
        "rating": _rating(facts),
    }


def _section(section: Section, facts: SectionFacts) -> dict[str, Any]:
    progress = facts.progress
    return {"id": section.id, "name": section.name, "format": section.format,
            "rounds_played": progress.rounds_played, "rounds_total": progress.rounds_total,
            "finished": progress.finished, "next_date": _date(progress.next_date)}


def season_entry(season_facts: SeasonFacts, s: Section) -> dict[str, Any]:
    """A section's entry in ``season.json`` (made with the section's files and kept
    with them: ``feeds.section_files``)."""
    facts = season_facts.of(s)
    count = len(s.players) if not isinstance(facts, TeamLeagueFacts) else sum(
        len(t.eligible) for t in facts.details.teams)  # a team league: its teams' players
    return {"id": s.id, "name": s.name, "format": s.format, "players": count,
            "rounds_played": facts.progress.rounds_played,
            "rounds_total": facts.progress.rounds_total,
            "finished": facts.progress.finished, "page": urls.section(s),
            "data": urls.section_json(s), "calendar": urls.section_ics(s),
            "trf": urls.trf(s) if facts.kind.trf_type else None}


def season_feed(facts: SeasonFacts, entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``season.json``: the season and where each section's data is (``entries``: each
    section's :func:`season_entry`)."""
    season = facts.season
    return {
        "version": VERSION,
        "season": {"name": season.name, "organiser": season.organiser or None,
                   "venue": season.venue or None, "time_control": season.time_control or None,
                   "languages": list(season.languages)},
        "sections": list(entries),
        "calendar": urls.SEASON_ICS,
        "news": urls.ATOM,
    }
