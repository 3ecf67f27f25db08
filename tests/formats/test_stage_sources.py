"""Multi-stage events: a stage's players come from earlier sections' final standings.

The standings are the real ones (``compute_standings`` on the crosstable, the
same table the site shows), so a tie on points is decided by the section's
tiebreaks, never by pairing number or the order players were written in.
"""

from __future__ import annotations

from pathlib import Path

from leaguegen.domain import roundrobin
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.knockout import knockout_facts
from leaguegen.domain.stages import PendingStage, Qualification, Seeding, StageInfo
from leaguegen.domain.standings import compute_standings
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from tests.conftest import ROOT
from tests.group_files import players_yaml, write

# Group A: P02 2 points; P01 and P03 1½ each, their game drawn (DE equal), P03 ahead on SB.
GROUP_A = f"""\
  - id: group-a
    name: Group A
    format: round_robin
    tiebreaks: [DE, SB, WIN, KS]
    players:
{players_yaml(4)}
    rounds:
      - results:
          - P01 - P04: 1-0
          - P02 - P03: 0-1
      - results:
          - P04 - P03: 1-0
          - P01 - P02: 0-1
      - results:
          - P02 - P04: 1-0
          - P03 - P01: ½-½
"""

GROUP_B = f"""\
  - id: group-b
    name: Group B
    format: round_robin
    players:
{players_yaml(4, start=4)}
    rounds:
      - results:
          - P05 - P08: 1-0
          - P06 - P07: 1-0
      - results:
          - P08 - P07: ½-½
          - P05 - P06: 1-0
      - results:
          - P06 - P08: 1-0
          - P07 - P05: 0-1
"""

KNOCKOUT = """\
  - id: semis
    name: Semi-finals
    format: knockout
    players: {from: [group-a, group-b], top: 2, seeding: cross}
"""


def season(*sections: str) -> str:
    return "name: Stages\nsections:\n" + "".join(sections)


def ranking(section) -> list[str]:  # noqa: ANN001
    table = roundrobin.build_crosstable(section)
    st = compute_standings(table, list(section.tiebreaks), "round-robin",
                           excluded=roundrobin.withdrawn_unranked(section, table))
    return [section.players[r.number - 1].name for r in st.rows]


def test_groups_to_knockout_uses_final_standings_with_tiebreaks(tmp_path: Path) -> None:
    s = load_season(write(tmp_path, season(GROUP_A, GROUP_B, KNOCKOUT)))
    a, b, semis = s.section("group-a"), s.section("group-b"), s.section("semis")
    assert ranking(a)[:3] == ["P02", "P03", "P01"]  # P03 ahead of P01 on SB, not on number
    table = roundrobin.build_crosstable(a)
    st = compute_standings(table, list(a.tiebreaks), "round-robin")
    assert st.separated_by(3, 1) == "SB"
    expected = Qualification("groups", 2, Seeding.CROSS).players(
        {"group-a": ranking(a), "group-b": ranking(b)})
    assert [p.name for p in semis.players] == expected == ["P02", "P05", "P03", "P06"]
    # the players keep their details (ratings) from the group sections
    assert semis.players[2].rating == 1970
    info = semis.stage
    assert isinstance(info, StageInfo)
    assert [(e.name, e.source, e.place, e.seed) for e in info.entries] == [
        ("P02", "group-a", 1, 1), ("P05", "group-b", 1, 2),
        ("P03", "group-a", 2, 3), ("P06", "group-b", 2, 4)]
    # cross seeding: A1 v B2 and B1 v A2 in the semi-finals
    first = [(semis.players[m.top - 1].name, semis.players[m.bottom - 1].name)
             for m in knockout_facts(derive_facts(semis)).rounds[0].matches if m.top and m.bottom]
    assert first == [("P02", "P06"), ("P05", "P03")]


def test_changing_a_tiebreak_changes_who_qualifies(tmp_path: Path) -> None:
    """Without SB the P01/P03 tie falls to pairing number (TPN): the qualifier follows it."""
    text = season(GROUP_A.replace("[DE, SB, WIN, KS]", "[DE, WIN, TPN]"), GROUP_B, KNOCKOUT)
    s = load_season(write(tmp_path, text))
    a = s.section("group-a")
    # DE equal, wins equal (1 each); TPN (pairing number, lower first) puts P01 ahead
    assert ranking(a)[:3] == ["P02", "P01", "P03"]
    assert "P01" in [p.name for p in s.section("semis").players]
    assert "P03" not in [p.name for p in s.section("semis").players]


def test_unfinished_group_leaves_the_knockout_to_be_decided(tmp_path: Path) -> None:
    text = season(GROUP_A.replace("          - P03 - P01: ½-½\n", "          - P03 - P01:\n"),
                  GROUP_B, KNOCKOUT)
    semis = load_season(write(tmp_path, text)).section("semis")
    assert semis.players == ()
    assert isinstance(semis.stage, PendingStage)
    assert semis.stage.unfinished == ("group-a",)


def test_results_of_the_knockout_are_checked_once_players_are_known(tmp_path: Path) -> None:
    text = season(GROUP_A, GROUP_B, KNOCKOUT + "    rounds:\n      - results:\n"
                  "          - P02 - P06: 1-0\n          - P05 - P03: 0-1\n")
    semis = load_season(write(tmp_path, text)).section("semis")
    winners = [semis.players[m.winner - 1].name
               for m in knockout_facts(derive_facts(semis)).rounds[0].matches if m.winner]
    assert winners == ["P02", "P03"]


def test_declined_qualifier_is_replaced_by_the_next_player(tmp_path: Path) -> None:
    text = season(GROUP_A, GROUP_B, KNOCKOUT.replace("seeding: cross}",
                                                     "seeding: cross, exclude: [P03]}"))
    semis = load_season(write(tmp_path, text)).section("semis")
    assert [p.name for p in semis.players] == ["P02", "P05", "P01", "P06"]


def test_round_robin_final_from_a_finished_qualifier(tmp_path: Path) -> None:
    qualifier = "".join([
        "  - id: qualifier\n    name: Qualifier\n    format: round_robin\n    players:\n",
        players_yaml(6), "\n    rounds:\n",
    ])
    # every game won by the lower pairing number, except P06 beats P01
    from leaguegen.domain.schedule import berger

    for rnd in berger.schedule(6):
        qualifier += "      - results:\n"
        for p in rnd:
            w, b = p.white, p.black
            low_wins = min(w, b) == w
            score = "1-0" if low_wins else "0-1"
            if {w, b} == {1, 6}:
                score = "0-1" if w == 1 else "1-0"
            qualifier += f"          - P{w:02d} - P{b:02d}: {score}\n"
    final = ("  - id: final\n    name: Final\n    format: round_robin\n"
             "    players: {from: qualifier, top: 4}\n")
    s = load_season(write(tmp_path, season(qualifier, final)))
    assert [p.name for p in s.section("final").players] == ranking(s.section("qualifier"))[:4]
    assert len(s.section("final").rounds) == 3


def test_demo_grand_prix() -> None:
    s = load_season(ROOT / "seasons" / "grand-prix-2027")
    groups = {g: s.section(f"group-{g}") for g in "abcd"}
    expected = Qualification("groups", 2, Seeding.CROSS).players(
        {g: ranking(sec) for g, sec in groups.items()})
    knockout = s.section("knockout")
    assert [p.name for p in knockout.players] == expected
    assert knockout_facts(derive_facts(knockout)).rounds[0].matches[1].decided_by == "armageddon"
    assert isinstance(s.section("challengers-final").stage, PendingStage)


def _swiss_qualifier(tmp_path: Path, finished: bool) -> Path:
    """The Thursday Swiss demo (round 5 paired, not played) with a top-6 round-robin final."""
    lines = (ROOT / "seasons" / "thursday-swiss-2026" / "season.yaml").read_text(
        encoding="utf-8").splitlines(keepends=True)
    if finished:  # stop the Swiss after its four played rounds
        cut = next(i for i, line in enumerate(lines) if "- date: 2026-10-29" in line)
        lines = [line.replace("number_of_rounds: 7", "number_of_rounds: 4") for line in lines[:cut]
                 if "round: 6, bye: half" not in line]
    text = "".join(lines) + ("  - id: final\n    name: Final\n    format: round_robin\n"
                             "    players: {from: open, top: 6}\n")
    folder = tmp_path / ("done" if finished else "running")
    folder.mkdir()
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def test_swiss_qualifier_to_round_robin_final(tmp_path: Path) -> None:
    from leaguegen.domain.sections import derive_facts

    running = load_season(_swiss_qualifier(tmp_path, finished=False))
    assert isinstance(running.section("final").stage, PendingStage)
    done = load_season(_swiss_qualifier(tmp_path, finished=True))
    facts = derive_facts(done.section("open"))
    assert facts.finished
    ranking_ = list(facts.rankings[0][1])
    final = done.section("final")
    assert [p.name for p in final.players] == ranking_[:6]
    assert len(final.rounds) == 5  # six players: a 5-round round robin


def _quads_group_stage(finished: bool) -> str:
    """16 players as four double-round-robin groups of four (a quads section, double: true);
    in every game the higher-rated player wins, except that the fourth seed of each group
    draws everyone."""
    from leaguegen.domain.schedule import berger

    text = ("  - id: groups\n    name: Group stage\n    format: quads\n    double: true\n"
            f"    players:\n{players_yaml(16)}\n    rounds:\n")
    for r, rnd in enumerate(berger.schedule(4, double=True), start=1):
        text += "      - results:\n"
        for g in range(4):
            for p in rnd:
                w, b = p.white + 4 * g, p.black + 4 * g
                score = "½-½" if 4 + 4 * g in (w, b) else ("1-0" if w < b else "0-1")
                if not finished and r == 6 and g == 3:
                    score = ""
                text += f"          - P{w:02d} - P{b:02d}: {score}\n"
    return text


def test_quads_section_as_the_group_stage(tmp_path: Path) -> None:
    knockout = ("  - id: ko\n    name: Knock-out\n    format: knockout\n"
                "    players: {from: groups, top: 2, seeding: cross}\n")
    s = load_season(write(tmp_path, season(_quads_group_stage(True), knockout)))
    groups = s.section("groups").details.groups
    expected = Qualification("groups", 2, Seeding.CROSS).players(
        {g.id: ranking(g) for g in groups})
    ko = s.section("ko")
    assert [p.name for p in ko.players] == expected
    assert expected[:4] == ["P01", "P05", "P09", "P13"]  # group winners, in group order
    assert [(e.source, e.group, e.place) for e in ko.stage.entries[:2]] == [
        ("groups", 1, 1), ("groups", 2, 1)]
    first = [(ko.players[m.top - 1].name, ko.players[m.bottom - 1].name)
             for m in knockout_facts(derive_facts(ko)).rounds[0].matches if m.top and m.bottom]
    assert first[0] == ("P01", ranking(groups[1])[1])  # A1 v B2 (P06 and P08 tie: tiebreaks)
    page = render_pages(s)[0]["ko/index.html"]
    assert "Group 2 · 2" in page
    waiting = load_season(write(tmp_path, season(_quads_group_stage(False), knockout), "w"))
    assert isinstance(waiting.section("ko").stage, PendingStage)


def test_a_stage_in_its_own_file_is_completed_after_a_live_reload(tmp_path: Path) -> None:
    """A long-running process reuses an unchanged section file (the loader's memo); a stage
    read from it must still be completed once its sources finish."""
    unfinished = GROUP_A.replace("          - P03 - P01: ½-½\n", "          - P03 - P01:\n")
    folder = write(tmp_path, season(unfinished, GROUP_B, "  - semis.yaml\n"))
    (folder / "semis.yaml").write_text(
        "id: semis\nname: Semi-finals\nformat: knockout\n"
        "players: {from: [group-a, group-b], top: 2, seeding: cross}\n", encoding="utf-8")
    memo: dict = {}
    assert isinstance(load_season(folder, memo=memo).section("semis").stage, PendingStage)
    season_file = folder / "season.yaml"
    season_file.write_text(season(GROUP_A, GROUP_B, "  - semis.yaml\n"), encoding="utf-8")
    for _ in range(2):  # the second time every file comes from the memo
        semis = load_season(folder, memo=memo).section("semis")
        assert [p.name for p in semis.players] == ["P02", "P05", "P03", "P06"]
        assert isinstance(semis.stage, StageInfo)
