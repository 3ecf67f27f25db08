"""A captain's team match report (``result --from-report`` with the match form): the whole
card, every board's players and result, written as one change of that one match's item.

Why here and not in the team league's chore (``team_match.match_change``): that chore
writes one board, or the whole card with the squads' players, or a default; a report
names the players of every board (the reserves who played) and must be written whole or
not at all. So the report is checked against the season first (the teams, the round's
match, each board's players exactly as entered, nobody on two boards), and then the
board chore is applied board by board to the text in memory, each step seeing the match
as the steps before left it; only the last text is loaded, checked and written, so a
report that fails anywhere writes nothing. A result already entered differently is
refused (a report never corrects: that is the organiser's ``--correct``), and a board
already entered the same is left as it is.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from leaguegen.domain.season import Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.team_league import BoardEntry, MatchEntry
from leaguegen.errors import Message
from leaguegen.formats.chores.core import AlreadyThere, Change, Done, Refused, run
from leaguegen.formats.report_form import MatchReport

DEFAULT = "default"  # an empty board, as the team readers write it
CODES = {"1-0": "1", "0-1": "0", "½-½": "=", "+-": "+", "-+": "-", "--": "--"}


def _seat(players: str, home: tuple[str, ...], away: tuple[str, ...], n: int
          ) -> tuple[int | None, int | None]:
    """A board's players as indices into each team's eligible list (None: ``default``),
    splitting ``Home player - Away player`` where both halves are names exactly as
    entered; none or two such splits: refused."""
    parts = players.split(" - ")
    found = []
    for i in range(1, len(parts)):
        left, right = " - ".join(parts[:i]).strip(), " - ".join(parts[i:]).strip()
        if (left in home or left == DEFAULT) and (right in away or right == DEFAULT):
            found.append((left, right))
    if len(found) > 1:  # a name holding " - " that reads two ways: say so, never guess
        raise Refused(Message("board {n}: '{players}' can be split into home and away players "
                              "in more than one way",
                              n=n, players=players))
    if not found:
        raise Refused(Message("board {n}: '{players}' is not a home team's player - an away "
                              "team's player (full names exactly as the squads list them, or "
                              "'default' for an empty board)",
                              n=n, players=players))
    left, right = found[0]
    return (None if left == DEFAULT else home.index(left),
            None if right == DEFAULT else away.index(right))


def checked(section: Section, report: MatchReport) -> tuple[int, int, int, list[BoardEntry]]:
    """(round, home, away, the boards as the report gives them), or Refused saying what
    in the report is not the season's."""
    if not kind_of(section.format).chores.team_matches:
        raise Refused(Message("results of section '{section}' are not entered by team match "
                              "reports",
                              section=section.id))
    d = section.details
    names = [t.name for t in d.teams]
    if report.home not in names:
        raise Refused(Message("the home team '{team}' is not a team of this section ({names})",
                              team=report.home, names=", ".join(names)))
    if report.away not in names:
        raise Refused(Message("the away team '{team}' is not a team of this section ({names})",
                              team=report.away, names=", ".join(names)))
    h, a = names.index(report.home) + 1, names.index(report.away) + 1
    round_matches = [g for g in kind_of(section.format).scheduled_games(section)
                     if g[0] == report.round]
    if (report.round, h, a) not in round_matches:
        if (report.round, a, h) in round_matches:
            raise Refused(Message("round {round}: {home} is at home to {away}; report it "
                                  "with {home} as the home team",
                                  round=report.round, home=report.away, away=report.home))
        raise Refused(Message("{home} - {away} is not a match of round {round}",
                              home=report.home, away=report.away, round=report.round))
    if len(report.boards) != d.boards:
        raise Refused(Message("the report gives {count} board; the section plays {boards}",
                              "the report gives {count} boards; the section plays {boards}",
                              count=len(report.boards), boards=d.boards))
    home = tuple(p.name for p in d.teams[h - 1].eligible)
    away = tuple(p.name for p in d.teams[a - 1].eligible)
    boards = []
    seen: set[tuple[int, int]] = set()
    for b in report.boards:
        x, y = _seat(b.players, home, away, b.number)
        for side, who in ((0, x), (1, y)):
            if who is not None and (side, who) in seen:
                name = (home, away)[side][who]
                raise Refused(Message("{name} is on two boards of the report", name=name))
            if who is not None:
                seen.add((side, who))
        boards.append(BoardEntry(b.number, x, y, CODES[b.score]))
    return report.round, h, a, boards


def record_match_report(season_dir: str | Path, report: MatchReport) -> Done:
    """Write the reported match card (module docstring), or refuse."""
    from leaguegen.formats.chores.team_match import match_change

    def make(session, st, season, section: Section) -> Change:  # noqa: ANN001
        r, h, a, boards = checked(section, report)
        d = section.details
        key = f"{report.home} - {report.away}"
        existing = next((m for m in d.matches if (m.round, m.host, m.guest) == (r, h, a)),
                        None)
        if existing is not None and existing.forfeit is not None:
            raise Refused(Message("round {r}: {key} is a whole-match default {forfeit} already",
                                  r=r, key=key, forfeit=existing.forfeit))
        if existing is not None and tuple(existing.boards) == tuple(boards):
            raise AlreadyThere(Message("round {r}: {key} already has these results", r=r,
                                       key=key))
        for old, new in zip(existing.boards if existing else (), boards, strict=False):
            if old.result is not None and old != new:
                raise Refused(Message("round {r}: {key}: board {n} has another result or other "
                                      "players already; the organiser corrects it",
                                      r=r, key=key, n=old.number))
        team_h, team_a = d.teams[h - 1], d.teams[a - 1]
        homes = tuple(p.name for p in team_h.eligible)
        aways = tuple(p.name for p in team_a.eligible)
        scores = " ".join(_score(b.result) for b in boards)
        text = st.text
        # first every board's result, on the players written (or the squads in board
        # order); a board's line keeps its place (a board without a result is not
        # rewritten to other players: the card has every result first)
        with suppress(AlreadyThere):
            text = match_change(session, st, section, key, scores, None, None, r, False,
                                None).text
        # then each board whose players differ, its result already there (the report was
        # checked against what was entered above: ``correct`` replaces only the lines this
        # report itself has just written)
        for b in boards:
            now = _as_written(text, section.id, r, (report.home, report.away), homes, aways)
            if (now[b.number - 1].host, now[b.number - 1].guest) == (b.host, b.guest):
                continue
            current = replace(section, details=replace(d, matches=(
                *(m for m in d.matches if (m.round, m.host, m.guest) != (r, h, a)),
                MatchEntry(r, h, a, tuple(now)))))
            players = f"{_name(team_h, b.host)} - {_name(team_a, b.guest)}"
            text = match_change(session, replace(st, text=text), current, key,
                                _score(b.result), b.number, players, r, True, None).text
        want = MatchEntry(r, h, a, tuple(boards))
        said = [Message("round {r}: {key}, board {n}: {players}: {score}", r=r, key=key,
                        n=b.number, players=f"{_name(d.teams[h - 1], b.host)} -"
                                            f" {_name(d.teams[a - 1], b.guest)}",
                        score=_score(b.result))
                for b in boards]

        def holds(after: Section) -> str | None:
            got = next((m for m in after.details.matches
                        if (m.round, m.host, m.guest) == (r, h, a)), None)
            return None if got == want else Message("the match would not read back")

        return Change(text, said, holds)

    return run(season_dir, report.section, make)


def _as_written(text: str, section_id: str, r: int, teams: tuple[str, str],
                home: tuple[str, ...], away: tuple[str, ...]) -> list[BoardEntry]:
    """The match's boards as the text in memory has them after a step (the board chore
    writes the boards it does not set from what it was given or from the squads), so the
    next step starts from what is written: it then rewrites no other board's line."""
    from leaguegen.formats.sections.teams_common import RESULTS, split_pair
    from leaguegen.formats.yaml_splice import compose, find_section, get, scalar_text

    rounds = get(find_section(compose(text), section_id), "rounds")
    matches = get(rounds.value[r - 1], "matches")  # type: ignore[union-attr]
    for item in matches.value:  # type: ignore[union-attr]
        key, boards = item.value[0]
        if split_pair(key.value.strip(), list(teams)) == teams:
            out = []
            for n, board in enumerate(boards.value, start=1):
                players, result = board.value[0]
                x, y = _seat(players.value, home, away, n)
                value = scalar_text(result)
                code = RESULTS.get(value.replace(" ", "")) if value else None
                out.append(BoardEntry(n, x, y, code))
            return out
    raise Refused(Message("round {r}: the match was not written as expected", r=r))


def _score(code: str | None) -> str:
    return next(k for k, v in CODES.items() if v == code)


def _name(team, index: int | None) -> str:  # noqa: ANN001 - a LeagueTeam
    return DEFAULT if index is None else team.eligible[index].name
