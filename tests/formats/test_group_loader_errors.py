"""Season-file mistakes in quads, Scheveningen, knockout and multi-stage sections.

Every new key reports its problem at the file:line:col of the value at fault,
in the same words as the round-robin loader where the mistake is the same.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.group_files import players_yaml, problems, write


def where(text: str, token: str, nth: int = 1) -> str:
    """'line:col' (1-based) of the ``nth`` occurrence of ``token`` in the dedented text."""
    text = textwrap.dedent(text)
    pos = -1
    for _ in range(nth):
        pos = text.index(token, pos + 1)
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"{line}:{col}"


# Quads of P01..P08 by rating: group 1 = P01-P04, group 2 = P05-P08.
# 4-player Berger table, round 1: 1-4, 2-3; round 2: 4-3, 1-2; round 3: 2-4, 3-1.
QUADS = f"""\
name: Quads test
sections:
  - id: quads
    name: Quads
    format: quads
    fold: bottom
    remainder3: five_and_six
    double: false
    players:
{players_yaml(8)}
    rounds:
      - date: 2026-01-10
        results:
          - P01 - P04: 1-0
          - P05 - P08: ½-½
"""

SCHEV = """\
name: Team test
sections:
  - id: match
    name: Match
    format: scheveningen
    match_points: {win: 2, draw: 1, loss: 0}
    teams:
      - name: Reds
        players: [Red One, Red Two]
      - name: Blues
        players: [Blue One, Blue Two]
    rounds:
      - results:
          - Red One - Blue One: 1-0
"""

KNOCKOUT = f"""\
name: Cup test
sections:
  - id: cup
    name: Cup
    format: knockout
    match: {{games: 2, tiebreaks: [rapid 2, armageddon]}}
    players:
{players_yaml(6)}
    rounds:
      - results:
          - P03 - P06: 1-0
          - P06 - P03: 1-0
"""

GROUPS = f"""\
name: Stages test
sections:
  - id: group-a
    name: Group A
    format: round_robin
    players:
{players_yaml(4)}
  - id: group-b
    name: Group B
    format: round_robin
    players:
{players_yaml(4, start=4)}
  - id: final
    name: Final
    format: knockout
    players: {{from: [group-a, group-b], top: 2, seeding: cross}}
"""


def sub(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


CASES = {
    # ---- quads
    "quads: fold": (sub(QUADS, "fold: bottom", "fold: bottm"), "bottm",
                    "fold 'bottm' is not one of bottom, top (did you mean 'bottom'?)"),
    "quads: remainder3": (sub(QUADS, "remainder3: five_and_six", "remainder3: 7"), "7\n",
                          "remainder3 '7' is not one of five_and_six, seven, three"),
    "quads: double": (sub(QUADS, "double: false", "double: twice"), "twice",
                      "double must be true or false, not 'twice'"),
    "quads: seeding by lots": (sub(QUADS, "    fold: bottom", "    seeding: lots\n    seed: 3"),
                               "lots", "quads are seeded by rating (the default) or as listed"),
    "quads: late entry already entered": (
        sub(QUADS, "    rounds:", "    late_entries:\n      - {name: P03}\n    rounds:"),
        "{name: P03}", "late entry 'P03' is already entered"),
    "quads: players of two groups": (sub(QUADS, "P05 - P08", "P04 - P05"), "P04 - P05",
                                     "round 1: P04 (group 1) and P05 (group 2) are in different"
                                     " groups"),
    "quads: not on the group's schedule": (
        sub(QUADS, "P05 - P08", "P05 - P06"), "P05 - P06",
        "round 1: P05 and P06 are not paired in this round (they meet in round 2)"),
    "quads: colours reversed": (
        sub(QUADS, "P05 - P08", "P08 - P05"), "P08 - P05",
        "round 1: P05 has White in this game; write it as 'P05 - P08'"),
    "quads: unknown player": (sub(QUADS, "P05 - P08", "P05 - P80"), "P05 - P80",
                              "round 1: unknown player 'P80'"),
    "quads: bad score": (sub(QUADS, "P05 - P08: ½-½", "P05 - P08: 1-O"), "1-O",
                         "round 1: result '1-O' is not one of"),
    "quads: too many rounds": (
        QUADS + "      - {}\n      - {}\n      - {}\n", "{}", "section 'quads' has 3 rounds,"
        " but 4 are listed", 3),
    "quads: unknown key": (sub(QUADS, "fold: bottom", "folds: bottom"), "folds",
                           "unknown key 'folds' in section (did you mean 'fold'?)"),
    # ---- scheveningen
    "scheveningen: one team": (sub(SCHEV, "      - name: Blues\n        players: [Blue One,"
                                          " Blue Two]\n", ""), "- name: Reds",
                               "a Scheveningen match has exactly two teams, not 1"),
    "scheveningen: unequal teams": (sub(SCHEV, "[Blue One, Blue Two]",
                                        "[Blue One, Blue Two, Blue Three]"),
                                    "[Blue One", "both teams need the same number of players:"
                                    " Reds has 2, Blues has 3"),
    "scheveningen: players key": (sub(SCHEV, "    teams:", "    players: [X, Y]\n    teams:"),
                                  "[X, Y]", "a Scheveningen match lists its players under"
                                  " teams"),
    "scheveningen: match points": (sub(SCHEV, "win: 2", "win: two"), "two",
                                   "match_points.win must be a whole number, not 'two'"),
    "scheveningen: team key": (sub(SCHEV, "      - name: Reds", "      - nam: Reds"), "nam:",
                               "unknown key 'nam' in team 1 (did you mean 'name'?)"),
    "scheveningen: team-mates": (sub(SCHEV, "Red One - Blue One", "Red One - Red Two"),
                                 "Red One - Red Two", "round 1: Red One and Red Two are not"
                                 " paired in this round (they meet in round no round)"),
    "scheveningen: colours": (sub(SCHEV, "Red One - Blue One", "Blue One - Red One"),
                              "Blue One - Red One", "round 1: Red One has White in this game"),
    # ---- knockout (6 players: seeds 1 and 2 have byes; round 1 is 3-6 and 4-5)
    "knockout: games": (sub(KNOCKOUT, "games: 2", "games: 0"), "0,",
                        "match.games must be at least 1, not 0"),
    "knockout: stage": (sub(KNOCKOUT, "rapid 2", "rapid"), "rapid",
                        "tie-break stage 'rapid' should be a name and a number of games"),
    "knockout: armageddon last": (sub(KNOCKOUT, "[rapid 2, armageddon]",
                                      "[armageddon, rapid 2]"), "rapid 2",
                                  "armageddon must be the last tie-break stage"),
    "knockout: not drawn together": (sub(KNOCKOUT, "P03 - P06: 1-0", "P03 - P05: 1-0"),
                                     "P03 - P05", "round 1: P03 and P05 are not drawn against"
                                     " each other (P03 plays P06)"),
    "knockout: a bye": (sub(KNOCKOUT, "P03 - P06: 1-0", "P01 - P06: 1-0"), "P01 - P06",
                        "round 1: P01 and P06 had a bye in this round"),
    "knockout: after the match was decided": (
        KNOCKOUT.replace("P06 - P03: 1-0", "P06 - P03: 0-1") + "          - P03 - P06: 1-0\n",
        "P03 - P06", "round 1: the match between P03 and P06 was already decided", 2),
    "knockout: unknown stage label": (sub(KNOCKOUT, "P06 - P03: 1-0", "P06 - P03 (blitz):"
                                                                      " 1-0"),
                                      "P06 - P03 (blitz)", "round 1: stage 'blitz' is not one"
                                      " of regular, rapid, armageddon"),
    "knockout: decision wording": (KNOCKOUT + "          - P04: wins\n", "wins",
                                   "round 1: for a decision away from the board write 'P04:"
                                   " advances (reason)'"),
    "knockout: final key": (sub(KNOCKOUT, "    match:", "    final: {game: 4}\n    match:"),
                            "game", "unknown key 'game' in final (did you mean 'games'?)"),
    # ---- players from earlier stages
    "stages: unknown source": (sub(GROUPS, "[group-a, group-b]", "[group-a, group-c]"),
                               "[group-a", "section 'final': players.from 'group-c' is not"
                               " defined"),
    "stages: later source": (sub(GROUPS, "[group-a, group-b]", "[group-a, later]")
                             + "  - id: later\n    name: Later\n    format: round_robin\n"
                             "    players: [X, Y, Z]\n",
                             "[group-a", "players.from 'later' comes later in the season"),
    "stages: top missing": (sub(GROUPS, ", top: 2", ""), "{from:",
                            "players (from an earlier stage) is missing the required key 'top'"),
    "stages: seeding": (sub(GROUPS, "seeding: cross", "seeding: snake"), "snake",
                        "players.seeding 'snake' is not one of cross, by_place"),
    "stages: cross with three groups": (
        sub(GROUPS, "[group-a, group-b]", "[group-a, group-b, group-a]"), "cross",
        "cross seeding pairs groups off (A with B, C with D...), so it needs an even number of"
        " groups, not 3"),
    "stages: unknown key": (sub(GROUPS, "top: 2", "tpo: 2"), "tpo",
                            "unknown key 'tpo' in players (from an earlier stage) (did you mean"
                            " 'top'?)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_problem_is_reported_at_its_place(tmp_path: Path, name: str) -> None:
    text, token, message, *nth = CASES[name]
    found = problems(tmp_path, text)
    expected = where(text, token, *(nth or [1]))
    hits = [p for p in found if message in p]
    assert hits, f"{message!r} not in {found}"
    assert hits[0].startswith(expected + ":"), (hits[0], expected)


def test_every_problem_of_a_file_at_once(tmp_path: Path) -> None:
    text = sub(sub(QUADS, "fold: bottom", "fold: sideways"), "P05 - P08", "P04 - P05")
    found = problems(tmp_path, text)
    assert len(found) == 2
    assert found[0].startswith(where(text, "sideways"))


def test_check_command_prints_file_line_col_and_exits_2(tmp_path: Path) -> None:
    folder = write(tmp_path, sub(KNOCKOUT, "rapid 2", "rapid"))
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert f"season.yaml:{where(KNOCKOUT, 'rapid 2')}: tie-break stage 'rapid'" in result.output


def test_unfinished_source_with_results_is_not_an_error_but_waits(tmp_path: Path) -> None:
    """A stage whose source is unfinished loads as 'to be decided'."""
    from leaguegen.domain.stages import PendingStage
    from leaguegen.formats.season_yaml import load_season

    season = load_season(write(tmp_path, GROUPS))
    final = season.section("final")
    assert final.players == ()
    assert isinstance(final.stage, PendingStage)
    assert final.stage.unfinished == ("group-a", "group-b")


def test_a_section_without_players_is_an_error_not_dropped(tmp_path: Path) -> None:
    text = ("name: X\nsections:\n  - id: cup\n    name: Cup\n    format: knockout\n"
            "  - id: quads\n    name: Q\n    format: quads\n")
    assert problems(tmp_path, text) == [
        "3:5: section 'cup' is missing the required key 'players'",
        "6:5: section 'quads' is missing the required key 'players'"]
