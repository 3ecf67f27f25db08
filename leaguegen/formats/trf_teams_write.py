"""A team league division as a TRF-2026 team event: what ``formats/trf_teams.py`` reads.

Why a writer of its own: a division's table is of teams, not of players, so the
individual export (``season_trf``: one crosstable of players) has nothing to write. The
file has the players' ``001`` lines (every player a team may field, squad then
reserves, numbered team after team as the division lists them), with each board they
sat at as an ``oooo c r`` block, and the team records:

- ``310`` per team: number, name, average rating of its squad, its match and game
  points and rank as the division's table has them (informative: the reader recounts
  them), then its players in the team's order (board order);
- ``330`` per match decided as a whole by default (first team, the one with White on
  board 1, first), every board of it written ``+``/``-`` as the FIDE program wants;
- ``162``/``362`` the game and match scoring, ``192`` FIDE_TEAM_ROUNDROBIN or
  FIDE_TEAM_DOUBLEROUNDROBIN, ``352`` the first team's board colours (``WBWB``), ``142``
  the rounds.

A board nobody sat at (a default) is written as TRF has it, a player of the absent team
losing ``-``: the team's first player not seated in that match whose place in the team's
order fits between the boards around it (so the boards, read in the team's order, are
the boards played). Only the matches that count are written: a withdrawn team's
cancelled matches are not, its later defaults are (``domain.sections.team_league
.counted``). The free round of an odd field is a ``0000 - Z`` block.
"""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.season import Season
from leaguegen.domain.sections.team_league import (
    MatchEntry,
    TeamLeagueDetails,
    TeamLeagueFacts,
    player_number,
    schedule,
)
from leaguegen.errors import Message
from leaguegen.formats import trf
from leaguegen.formats.season_trf import ExportError, _headers, change_lines
from leaguegen.formats.trf import TrfDocument, TrfPlayer, _put, empty_board, field_of

_HOST_CODE = {"1": (Code.WIN, Code.LOSS), "0": (Code.LOSS, Code.WIN),
              "=": (Code.DRAW, Code.DRAW), "+": (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
              "-": (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
              "--": (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS)}
_BY_DEFAULT = {"+-": "+", "-+": "-", "--": "--"}  # a whole-match default, on every board


def _scoring(s) -> str:  # noqa: ANN001 - a teams Scoring
    return f" W {float(s.win):.1f}    D {float(s.draw):.1f}    L {float(s.loss):.1f}"


def _seats(d: TeamLeagueDetails, m: MatchEntry, side: int) -> list[int]:
    """The team's player (index in its eligible list) written at each board: those who
    sat, and for an empty board the first free player whose place fits (module doc)."""
    team = d.teams[(m.host if side == 0 else m.guest) - 1]
    given: list[int | None] = [None] * d.boards
    for b in m.boards:
        given[b.number - 1] = b.host if side == 0 else b.guest
    used = {i for i in given if i is not None}
    out: list[int] = []
    for board, idx in enumerate(given):
        if idx is not None:
            out.append(idx)
            continue
        low = out[-1] if out else -1
        high = next((i for i in given[board + 1:] if i is not None), len(team.eligible))
        free = next((i for i in range(low + 1, high) if i not in used), None)
        if free is None:
            raise ExportError(empty_board(m.round, board + 1, team.name))
        used.add(free)
        out.append(free)
    return out


def document(season: Season, facts: TeamLeagueFacts) -> TrfDocument:
    """The division's TRF-2026 team document (module docstring)."""
    section, d = facts.section, facts.details
    rounds = len(schedule(len(d.teams), d.double, section.swap_last_two))
    blocks: dict[int, list[RoundEntry | None]] = {}
    points: dict[int, Fraction] = {}
    for t, team in enumerate(d.teams, start=1):
        for i in range(len(team.eligible)):
            n = player_number(d, t, i)
            blocks[n] = [None] * rounds
            points[n] = Fraction(0)
    forfeits: list[str] = []
    white, black = Colour.WHITE, Colour.BLACK
    for m in sorted(facts.results.values(), key=lambda m: (m.round, m.host)):
        hs, gs = _seats(d, m, 0), _seats(d, m, 1)
        results = ([b.result for b in sorted(m.boards, key=lambda b: b.number)]
                   if m.forfeit is None else [_BY_DEFAULT[m.forfeit]] * d.boards)
        for b, (hi, gi, res) in enumerate(zip(hs, gs, results, strict=True), start=1):
            hn, gn = player_number(d, m.host, hi), player_number(d, m.guest, gi)
            hw = d.home_is_white(b)
            hc, gc = _HOST_CODE[res]
            blocks[hn][m.round - 1] = RoundEntry(gn, white if hw else black, hc)
            blocks[gn][m.round - 1] = RoundEntry(hn, black if hw else white, gc)
            for n, code in ((hn, hc), (gn, gc)):
                points[n] += (d.game_points.win if code in (Code.WIN, Code.FORFEIT_WIN) else
                              d.game_points.draw if code is Code.DRAW else d.game_points.loss)
        if m.forfeit is not None:
            home_first = d.home_is_white(1)
            first, second = (m.host, m.guest) if home_first else (m.guest, m.host)
            result = m.forfeit if home_first else m.forfeit[::-1]
            forfeits.append(f"330 {result} {m.round:3d} {first:3d} {second:3d}")
    for r, t in facts.free.items():
        for i in range(len(d.teams[t - 1].eligible)):
            blocks[player_number(d, t, i)][r - 1] = RoundEntry(None, None, Code.ZERO_BYE)
    players = []
    for t, team in enumerate(d.teams, start=1):
        for i, p in enumerate(team.eligible):
            n = player_number(d, t, i)
            rounds_of = blocks[n]
            while rounds_of and rounds_of[-1] is None:
                rounds_of = rounds_of[:-1]
            players.append(TrfPlayer(n, p.name, tuple(rounds_of), sex=p.sex or "",
                                     title=p.title or "", rating=p.rating,
                                     federation=p.federation or "", fide_id=p.fide_id,
                                     points=points[n]))
    headers = _headers(season, section)
    headers += [("142", str(rounds)), ("162", _scoring(d.game_points)),
                ("192", "FIDE_TEAM_DOUBLEROUNDROBIN" if d.double else "FIDE_TEAM_ROUNDROBIN"),
                ("352", "".join("W" if b % 2 else "B" for b in range(1, d.boards + 1))),
                ("362", _scoring(d.match_points))]
    doc = TrfDocument(players, headers)
    doc.comments.extend(change_lines(section))
    doc.comments.extend(f"WITHDRAWN TEAM {w.team} {d.teams[w.team - 1].name}: after round"
                        f" {w.after_round}; "
                        + ("its matches are cancelled (fewer than half played), not written"
                           " here" if w.team in facts.expunged else
                           "its later matches are written as defaults it lost")
                        for w in d.withdrawals)
    doc.extra.extend(_team_records(facts))
    doc.extra.extend(forfeits)
    return doc


def _team_records(facts: TeamLeagueFacts) -> list[str]:
    d = facts.details
    rows = {r.team: r for r in facts.rows}
    out = []
    for t, team in enumerate(d.teams, start=1):
        who = Message("team {number}", number=t)
        buf: list[str] = []
        _put(buf, 1, 3, "310")
        _put(buf, 5, 7, str(t), right=True, what=field_of(who, Message("number")))
        _put(buf, 9, 40, team.name[:32], what=field_of(who, Message("name")))
        rated = [p.rating for p in team.squad if p.rating]
        if rated:
            _put(buf, 48, 53, str(round(sum(rated) / len(rated))), right=True,
                 what=field_of(who, Message("strength")))
        row = rows.get(t)
        if row is not None:
            _put(buf, 55, 60, f"{float(row.match_points):.1f}", right=True,
                 what=field_of(who, Message("match points")))
            _put(buf, 62, 67, f"{float(row.game_points):.1f}", right=True,
                 what=field_of(who, Message("game points")))
            _put(buf, 69, 71, str(row.rank), right=True, what=field_of(who, Message("rank")))
        for i in range(len(team.eligible)):
            col = 74 + 5 * i
            _put(buf, col, col + 3, str(player_number(d, t, i)), right=True,
                 what=field_of(who, Message("player")))
        out.append("".join(buf).rstrip())
    return out


def dumps(season: Season, facts: TeamLeagueFacts) -> str:
    """The TRF text; ExportError / TrfWriteError when something cannot be written."""
    return trf.dumps(document(season, facts))
