"""A team event of the engine's model (``domain.teams.model.TeamEvent``) as a TRF-2026
team file: what ``formats/trf_teams.py`` reads, in the layout of the C.04.6 conformance
corpus.

Why a second writer beside ``trf_teams_write.py``: that one writes a team *league*
division from its fixtures and table; a team Swiss (a season's ``team_swiss`` section,
``export trf``) and a generated event (``generate --system team-swiss``) are already
team events, round by round, with PABs and whole-match forfeits, so they are written
from the model itself:

- ``001`` per player of every team (the team's ``310`` order), each board they sat at
  as an ``oooo c r`` block (the scheduled colour kept for a forfeit), ``0000 - U`` for
  every player of the team with the PAB; the points (cols 81-84) are the games' and
  forfeits', not the PAB's (TRF-2026 puts those in ``320`` and ``310`` only);
- a board nobody sat at is written as TRF has it: a player of the absent side losing
  ``-``, the team's first player not seated whose place in the team's order fits between
  the boards around it (the reader takes a team's boards in that order);
- ``310`` per team (average rating, MP, GP and rank as the caller's table has them, then
  the players), ``320`` the PAB's points and its team per round, ``330`` per match
  forfeited as a whole (first team first), ``142``, ``152``, ``162`` (with ``P 0.0``:
  the PAB is in no player's points), ``192``, ``352``, ``362``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.season import Season
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.teams.model import Match, Scoring, TeamEvent
from leaguegen.errors import Message
from leaguegen.formats import trf
from leaguegen.formats.trf import TrfDocument, TrfPlayer, TrfWriteError, _put, empty_board, field_of

TYPE_TEXT = "Team Swiss System"  # record 092 of a team Swiss, as the corpus writes it
_CODES = {"1": (Code.WIN, Code.LOSS), "0": (Code.LOSS, Code.WIN),
          "=": (Code.DRAW, Code.DRAW), "+": (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
          "-": (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
          "--": (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS)}
_COLOUR = {"w": Colour.WHITE, "b": Colour.BLACK}
_OTHER = {"w": "b", "b": "w"}


@dataclass(frozen=True, slots=True)
class TableLine:
    """A team's figures for its ``310`` record: match points, game points, rank."""

    mp: Fraction
    gp: Fraction
    rank: int


def scoring_text(s: Scoring) -> str:
    """Record 162/362's values: `` W 2.0    D 1.0    L 0.0``."""
    return f" W {float(s.win):.1f}    D {float(s.draw):.1f}    L {float(s.loss):.1f}"


def _seats(event: TeamEvent, m: Match, first: bool) -> list[int]:
    """The player written at each board for one side of ``m`` (the module docstring)."""
    team = event.team(m.first if first else m.second).players
    given = [b.first_player if first else b.second_player
             for b in sorted(m.boards, key=lambda b: b.number)]
    used = {p for p in given if p is not None}
    out: list[int] = []
    for i, p in enumerate(given):
        if p is not None:
            out.append(p)
            continue
        low = team.index(out[-1]) if out and out[-1] in team else -1
        after = [team.index(q) for q in given[i + 1:] if q is not None and q in team]
        high = after[0] if after else len(team)
        free = next((team[k] for k in range(low + 1, high) if team[k] not in used), None)
        if free is None:
            name = event.team(m.first if first else m.second).name
            raise TrfWriteError(empty_board(m.round, i + 1, name))
        used.add(free)
        out.append(free)
    return out


def document(event: TeamEvent, headers: list[tuple[str, str]],
             table: dict[int, TableLine] | None = None) -> TrfDocument:
    """The event's TRF-2026 document; ``headers`` open it (012, 022, 042...: the caller's),
    the team records follow; ``table`` gives each team's ``310`` figures (none: left
    blank, the reader recounts them anyway)."""
    rounds = max(event.rounds, event.rounds_played)
    blocks: dict[int, list[RoundEntry | None]] = {
        p: [None] * rounds for t in event.teams for p in t.players}
    points: dict[int, Fraction] = dict.fromkeys(blocks, Fraction(0))
    forfeits: list[str] = []
    for m in sorted(event.matches, key=lambda m: (m.round, m.first)):
        firsts, seconds = _seats(event, m, True), _seats(event, m, False)
        for board, p, q in zip(sorted(m.boards, key=lambda b: b.number), firsts, seconds,
                               strict=True):
            if p not in blocks or q not in blocks:
                raise TrfWriteError(Message("round {round_no}: board {board}: player {first} or"
                                            " {second} is in no team's list",
                                            round_no=m.round, board=board.number, first=p,
                                            second=q))
            pc, qc = _CODES[board.result]
            colour = board.first_colour
            blocks[p][m.round - 1] = RoundEntry(q, _COLOUR[colour], pc)
            blocks[q][m.round - 1] = RoundEntry(p, _COLOUR[_OTHER[colour]], qc)
            points[p] += board.points(True, event.game_scoring)
            points[q] += board.points(False, event.game_scoring)
        if m.forfeit is not None:
            forfeits.append(f"330 {m.forfeit} {m.round:3d} {m.first:3d} {m.second:3d}")
    for bye in event.byes:
        for p in event.team(bye.team).players:
            blocks[p][bye.round - 1] = RoundEntry(None, None, Code.PAIRING_BYE)
    names = {p.number: p for p in event.players}
    players = []
    for p, rounds_of in blocks.items():
        while rounds_of and rounds_of[-1] is None:
            rounds_of = rounds_of[:-1]
        who = names.get(p)
        players.append(TrfPlayer(p, who.name if who else f"Player {p}", tuple(rounds_of),
                                 rating=who.rating if who else None, points=points[p]))
    heads = list(headers)
    heads += [("142", str(event.rounds))]
    if event.first_colour:
        heads.append(("152", event.first_colour.upper()))
    # the PAB is no player's points (P 0.0): without it the FIDE program (gacrux) takes a
    # 162 record's PAB as a win and finds the bye's players' points wrong
    heads += [("162", scoring_text(event.game_scoring) + "    P 0.0"), ("192", event.type_code),
              ("352", event.board_colours or "".join("W" if b % 2 else "B"
                                                     for b in range(1, event.boards + 1))),
              ("362", scoring_text(event.match_scoring))]
    doc = TrfDocument(players, heads)
    doc.extra.extend(_team_lines(event, table or {}))
    doc.extra.extend(_bye_line(event, rounds))
    doc.extra.extend(forfeits)
    return doc


def _team_lines(event: TeamEvent, table: dict[int, TableLine]) -> list[str]:
    ratings = {p.number: p.rating for p in event.players}
    out = []
    for team in event.teams:
        who = Message("team {number}", number=team.number)
        buf: list[str] = []
        _put(buf, 1, 3, "310")
        _put(buf, 5, 7, str(team.number), right=True, what=field_of(who, Message("number")))
        _put(buf, 9, 40, team.name[:32], what=field_of(who, Message("name")))
        rated = [r for p in team.players if (r := ratings.get(p))]
        if rated:
            _put(buf, 48, 53, str(round(sum(rated) / len(rated))), right=True,
                 what=field_of(who, Message("strength")))
        line = table.get(team.number)
        if line is not None:
            _put(buf, 55, 60, f"{float(line.mp):.1f}", right=True,
                 what=field_of(who, Message("match points")))
            _put(buf, 62, 67, f"{float(line.gp):.1f}", right=True,
                 what=field_of(who, Message("game points")))
            _put(buf, 69, 71, str(line.rank), right=True, what=field_of(who, Message("rank")))
        for i, p in enumerate(team.players):
            col = 74 + 5 * i
            _put(buf, col, col + 3, str(p), right=True, what=field_of(who, Message("player")))
        out.append("".join(buf).rstrip())
    return out


def _bye_line(event: TeamEvent, rounds: int) -> list[str]:
    """Record 320: the PAB's match and game points, then its team in each round."""
    if not event.byes:
        return []
    first = event.byes[0]
    if any((b.mp, b.gp) != (first.mp, first.gp) for b in event.byes):
        raise TrfWriteError(Message("the pairing-allocated byes are not all worth the same"
                                    " points; record 320 holds one value"))
    by_round = {b.round: b.team for b in event.byes}
    teams = "".join(f" {by_round.get(r, 0):3d}" for r in range(1, rounds + 1))
    return [f"320 {float(first.mp):4.1f} {float(first.gp):4.1f}{teams}".rstrip()]


def dumps(event: TeamEvent, headers: list[tuple[str, str]],
          table: dict[int, TableLine] | None = None) -> str:
    """The TRF text (``document``); TrfWriteError when something cannot be written."""
    return trf.dumps(document(event, headers, table))


def section_text(season: Season, facts: SectionFacts) -> str:
    """A ``team_swiss`` section as a TRF-2026 team event (``export trf``): every player a
    team may field listed in its ``310`` record (squad, then reserves), the matches with a
    result, the PABs, each team's MP, GP and rank as the table has them; the season's
    headers and the section's logged changes as ``###`` lines, as every export has them."""
    from leaguegen.domain.sections.team_league import player_number
    from leaguegen.domain.sections.team_swiss import team_swiss_facts
    from leaguegen.formats.season_trf import _headers, change_lines

    f = team_swiss_facts(facts)
    d = f.details
    teams = tuple(replace(t, players=tuple(player_number(d, t.number, i) for i in
                                           range(len(d.teams[t.number - 1].eligible))))
                  for t in f.event.teams)
    table = {r.team: TableLine(r.match_points, r.game_points, r.rank) for r in f.rows}
    doc = document(replace(f.event, teams=teams, _by_round={}), _headers(season, f.section),
                   table)
    doc.comments.extend(change_lines(f.section))
    return trf.dumps(doc)
