"""A team Swiss's standings after each earlier round (#29: ``SectionKind.cut``, what
``<id>/standings-<n>.html`` shows) against the team tie-break corpus's by-round standings
(../shared/tiebreaks/teams/by-round: the FIDE reference implementation's ranking after
every round before the last, every value, both C.07 editions).

Each corpus event is entered as a team Swiss section (its teams, matches board by board,
whole-match forfeits and PABs, its tie-breaks), so the values come through the kind's own
facts of the section cut after the round, as the page reads them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from leaguegen.domain.model import Player
from leaguegen.domain.season import RoundInfo, Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.team_league import BoardEntry, LeagueTeam, MatchEntry
from leaguegen.domain.sections.team_swiss import Paired, TeamSwissDetails
from leaguegen.domain.teams.model import TeamEvent
from leaguegen.formats.trf_teams import load

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "tiebreaks" / "teams"
if not CORPUS.is_dir():
    pytest.skip(f"../shared not available ({CORPUS} missing)", allow_module_level=True)

BY_ROUND = sorted(p.stem for p in (CORPUS / "by-round").glob("*.json"))


def _section(event: TeamEvent, codes: list[str]) -> Section:
    """The event as a team Swiss section: each team's players in its order (a board's
    player by its index there), the first team of a match its host."""
    names = {p.number: p for p in event.players}
    teams = tuple(LeagueTeam(t.name, "", tuple(Player(names[n].name, names[n].rating)
                                               for n in t.players)) for t in event.teams)
    index = {n: i for t in event.teams for i, n in enumerate(t.players)}

    def entry(m) -> MatchEntry:  # noqa: ANN001 - a corpus match
        if m.forfeit is not None:
            return MatchEntry(m.round, m.first, m.second, (), m.forfeit)
        return MatchEntry(m.round, m.first, m.second, tuple(
            BoardEntry(b.number, index.get(b.first_player), index.get(b.second_player),
                       b.result) for b in m.boards))

    bye = (event.byes[0].mp, event.byes[0].gp) if event.byes else None
    details = TeamSwissDetails(
        teams, event.boards, event.rounds, match_points=event.match_scoring,
        game_points=event.game_scoring, bye_points=bye, tiebreaks=tuple(codes[1:]),
        pairings=tuple(Paired(m.round, m.first, m.second) for m in event.matches),
        matches=tuple(entry(m) for m in event.matches),
        byes=tuple((b.round, b.team) for b in event.byes))
    return Section("open", event.name, "team_swiss", (), tuple(
        RoundInfo(r) for r in range(1, event.rounds + 1)), (), details=details)


@pytest.mark.parametrize("case", BY_ROUND)
def test_the_ranking_after_each_round_is_the_reference_one(case: str) -> None:
    data = json.loads((CORPUS / "by-round" / f"{case}.json").read_text())
    codes = data["tiebreaks"]
    assert codes[0] == "MPTS"
    section = _section(load(str(CORPUS / f"{case}.trf")), codes)
    kind = kind_of("team_swiss")
    wrong = []
    for stage in data["rounds"]:
        after = stage["after_round"]
        for rules, rows in (("2024", stage["rows"]), ("2026", stage["rules_2026"]["rows"])):
            cut = kind.after(dataclasses.replace(section, tiebreak_rules=rules), after)
            assert cut.progress.rounds_played == after
            got = {r.team: r for r in cut.rows}  # type: ignore[attr-defined]
            for row in rows:
                mine = got[row["startno"]]
                wrong += [(after, rules, row["startno"], code, want, float(value))
                          for code, want, value in zip(codes, row["values"], mine.values,
                                                       strict=True)
                          if abs(float(value) - want) > 0.005]
                if mine.rank != row["rank"]:
                    wrong.append((after, rules, row["startno"], "rank", row["rank"], mine.rank))
    assert wrong == []
