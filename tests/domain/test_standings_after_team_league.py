"""A team league's table after an earlier round (#29, ``SectionKind.cut``) when a team has
withdrawn: its fixtures after its withdrawal are whole-match defaults it loses (the
league's rule, ``team_league.counted``), counted in the table after their own round only,
never in the table after an earlier one.

Six teams of one board, a single round robin (five rounds, nobody free): team 6 withdraws
after round 2 having played both its matches (40 % is enough here: it stays), and rounds
3 and 4 are played by the others."""

from __future__ import annotations

from leaguegen.domain.model import Player
from leaguegen.domain.season import RoundInfo, Section
from leaguegen.domain.sections import derive_facts, kind_of
from leaguegen.domain.sections.team_league import (
    BoardEntry,
    LeagueTeam,
    MatchEntry,
    TeamLeagueDetails,
    TeamWithdrawal,
    fixtures,
)

GONE = 6


def _division() -> Section:
    teams = tuple(LeagueTeam(f"Team {t}", "", (Player(f"Player {t}"),)) for t in range(1, 7))
    base = Section("div", "Division", "team_league", (), tuple(RoundInfo(r) for r in range(1, 6)),
                   (), withdrawal_threshold=0.4,
                   details=TeamLeagueDetails(teams, 1, withdrawals=(TeamWithdrawal(GONE, 2),)))
    played = tuple(MatchEntry(f.round, f.host, f.guest, (BoardEntry(1, 0, 0, "1"),))
                   for f in fixtures(base)
                   if f.round <= 4 and (f.round <= 2 or GONE not in (f.host, f.guest)))
    assert len(played) == 2 * 3 + 2 * 2
    return Section(base.id, base.name, base.format, (), base.rounds, (),
                   withdrawal_threshold=0.4, details=TeamLeagueDetails(
                       teams, 1, matches=played, withdrawals=(TeamWithdrawal(GONE, 2),)))


def test_a_withdrawn_team_s_defaults_count_from_their_own_round_on() -> None:
    section = _division()
    final = derive_facts(section)
    assert final.progress.rounds_played == 4
    assert GONE not in final.expunged
    # the final table counts all three of its defaults (rounds 3, 4 and 5)
    assert {r.team: r.played for r in final.rows}[GONE] == 5
    kind = kind_of("team_league")
    for after in (1, 2, 3):
        table = kind.after(section, after)
        played = {r.team: r.played for r in table.rows}
        assert set(played.values()) == {after}, (after, played)
        # team 6's default is a loss in its round, a win for its opponent
        if after == 3:
            lost = {r.team: r.lost for r in table.rows}
            assert lost[GONE] == 1 + sum(1 for m in section.details.matches
                                         if m.round <= 2 and m.guest == GONE)
