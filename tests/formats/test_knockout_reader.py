"""``format: knockout`` in season files: what the reader keeps, and what it refuses at its line.

The reader keeps only what the organiser declared (match formats, each match's
games with their stages, decisions and their reasons); the bracket, the scores
and who goes through are the kind's facts. Every line is still checked against
the bracket of the rounds before it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Game, GameResult
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.knockout import knockout_facts
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_parsed_list
from leaguegen.formats.season_yaml import load_season
from tests.group_files import players_yaml, problems, write

# Five seeds: a bracket of eight; seeds 1, 2 and 3 have byes, round 1 is P04 v P05.
CUP = f"""\
name: T
sections:
  - id: cup
    name: Cup
    format: knockout
    players:
{players_yaml(5)}
    rounds:
      - results:
          - P04 - P05: ½-½
          - P05 - P04 (armageddon): ½-½
      - results:
          - P01 - P04: 0-1
          - P02 - P03:
          - P03: advances (P02 withdrew)
"""


def test_the_reader_keeps_what_was_declared_and_the_facts_derive_the_rest(
        tmp_path: Path) -> None:
    section = load_season(write(tmp_path, CUP)).section("cup")
    details = section.details
    assert not hasattr(details, "bracket")
    assert details.formats == (ko.SINGLE_GAME,) * 3
    declared = dict(details.results)
    assert list(declared) == [(1, 2), (2, 1), (2, 2)]
    # the first game fills the regular stage; the second is labelled armageddon
    assert [(g.white, g.black, g.stage) for g in declared[(1, 2)].games] == [
        (4, 5, "regular"), (5, 4, "armageddon")]
    assert declared[(1, 2)].games[0].codes == (Code.DRAW, Code.DRAW)
    assert declared[(2, 2)] == ko.MatchResult((), decided_for=3)
    assert dict(details.reasons) == {(2, 2): "P02 withdrew"}
    # the game not played yet is in the section's games, not in the match
    assert Game(2, 2, 3, None) in section.games
    assert Game(2, 1, 4, GameResult.BLACK_WINS) in section.games

    facts = knockout_facts(derive_facts(section))
    first = {(m.top, m.bottom): (m.bye, m.winner, m.decided_by) for m in facts.rounds[0].matches}
    assert first[(4, 5)] == (False, 4, "armageddon")  # Black (P04) through on a draw
    assert first[(1, None)] == (True, 1, "bye")
    second = {(m.top, m.bottom): (m.winner, m.decided_by, m.reason)
              for m in facts.rounds[1].matches}
    assert second[(1, 4)] == (4, "regular", "")
    assert second[(2, 3)] == (3, "decision", "P02 withdrew")
    final = facts.rounds[2].matches[0]
    assert (final.top, final.bottom, final.winner) == (4, 3, None)
    assert facts.progress.rounds_played == 2 and not facts.finished


def line_of(text: str, token: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if token in line)


def sub(old: str, new: str) -> str:
    assert old in CUP, old
    return CUP.replace(old, new, 1)


ERRORS = {
    "a result before both players are known": (
        sub("          - P05 - P04 (armageddon): ½-½\n", ""), "P01 - P04",
        "round 2: P01 and P04 do not both have a known place in this round"),
    "more rounds than the bracket has": (
        CUP + "      - results: []\n      - {date: 2027-03-01}\n", "2027-03-01",
        "section 'cup' has 3 rounds (5 players), but 4 are listed"),
    "a game after the format's last": (
        sub("(armageddon): ½-½\n", "(armageddon): ½-½\n          - P04 - P05: 1-0\n"),
        "P04 - P05: 1-0", "round 1: this match already has every game its format allows"),
    "a decision for a player with a bye": (
        sub("          - P04 - P05: ½-½\n", "          - P01: advances\n"), "P01: advances",
        "round 1: P01 has no match to decide in this round"),
    "a player against themselves": (
        sub("P01 - P04: 0-1", "P04 - P04: 0-1"), "P04 - P04",
        "round 2: a player cannot play themselves"),
    "a stage listed twice": (
        sub("    players:", "    match: {games: 1, tiebreaks: [rapid 2, rapid 2]}\n"
                           "    players:"), "rapid 2, rapid 2",
        "tie-break stage 'rapid' is listed twice"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_a_line_that_does_not_fit_the_bracket_is_refused_at_its_line(tmp_path: Path,
                                                                     name: str) -> None:
    text, token, message = ERRORS[name]
    every = problems(tmp_path, text)
    found = [p for p in every if message in p]
    assert found, every
    assert found[0].startswith(f"{line_of(text, token)}:"), found


def test_a_parsed_list_reports_each_refused_word_at_its_line() -> None:
    col = yn.Collector("season.yaml")
    node = yn.compose("- rapid 2\n- sideways\n- armageddon\n- [x]\n", col)
    ctx = yn.Ctx(col, Path("."))
    read = read_parsed_list(node, ctx, "tiebreaks", "tie-break stage", ko.Stage.parse)
    assert [stage for stage, _ in read] == [ko.Stage("rapid", 2),
                                            ko.Stage("armageddon", 1, armageddon=True)]
    assert [n.start_mark.line + 1 for _, n in read] == [1, 3]
    assert [(p.line, p.message.split(" should")[0]) for p in col.problems] == [
        (2, "tie-break stage 'sideways'"), (4, "tie-break stage must be a single value")]
    # an empty item is a word the parser refuses, not a value to skip
    col = yn.Collector("season.yaml")
    assert read_parsed_list(yn.compose("- rapid 2\n-\n", col), yn.Ctx(col, Path(".")),
                            "tiebreaks", "tie-break stage", ko.Stage.parse)[0][0].games == 2
    assert [(p.line, p.message.split(" should")[0]) for p in col.problems] == [
        (2, "tie-break stage ''")]
