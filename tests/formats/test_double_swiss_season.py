"""``format: double_swiss`` in a season: matches entered as two results, match and game
points in the standings, forfeits as C.04.5 says, the pages and the TRF."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.pairing import pair_round
from leaguegen.domain.pairing.double_swiss_event import state_from_games
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections import double_swiss as ds
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

BASE = """\
name: Winter Double-Swiss
sections:
  - id: ds
    name: Winter Double-Swiss
    format: double_swiss
    number_of_rounds: 3
    players: [Ann Able, Bo Bell, Cy Cole, Di Dunn, Ed Eng]
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Di Dunn: 1-0 ½-½
          - Ed Eng - Bo Bell: 0-1 0-1
          - Cy Cole: bye
      - date: 2026-02-12
        results:
          - Bo Bell - Ann Able: ½-½ ½-½
          - Cy Cole - Ed Eng: 1-0 +-
          - Di Dunn: bye
"""


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "season"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def problems(tmp_path: Path, text: str) -> list[str]:
    folder = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_season(folder)
    prefix = str(folder / "season.yaml") + ":"
    return [str(p).removeprefix(prefix) for p in info.value.problems]


def test_a_match_line_is_two_games_with_the_colours_reversed(tmp_path: Path) -> None:
    section = load_season(write(tmp_path, BASE)).section("ds")
    first = [(g.round, g.white, g.black, g.result.text) for g in section.games if g.round <= 2]
    # Ann 1-0 then ½-½ (Di White in game 2); Ed lost both to Bo.
    assert first == [(1, 1, 4, "1-0"), (2, 4, 1, "½-½"), (1, 5, 2, "0-1"), (2, 2, 5, "1-0")]
    assert {(b.round, b.player, b.code) for b in section.byes} == {
        (1, 3, Code.PAIRING_BYE), (2, 3, Code.PAIRING_BYE), (3, 4, Code.PAIRING_BYE),
        (4, 4, Code.PAIRING_BYE)}


def test_standings_rank_by_game_points_and_show_match_points(tmp_path: Path) -> None:
    section = load_season(write(tmp_path, BASE)).section("ds")
    facts = derive_facts(section)
    rows = {r.number: r for r in facts.standings.rows}
    value = section.scoring.value
    # Cy: PAB 1½ + 2-0 (one game forfeited: still a match played) = 3½, two matches won.
    assert value(rows[3].points) == Fraction(7, 2) and facts.scores[3] == (4, Fraction(7, 2) * 4)
    assert value(rows[2].points) == 3 and facts.scores[2][0] == 3  # won, tied
    assert value(rows[1].points) == Fraction(5, 2) and facts.scores[1][0] == 3
    assert [r.number for r in facts.standings.rows][0] == 3
    assert facts.progress.rounds_played == 2 and facts.progress.rounds_total == 3


def test_a_played_match_cannot_be_repeated_but_a_forfeited_one_can(tmp_path: Path) -> None:
    again = BASE + """\
      - date: 2026-02-19
        results:
          - Di Dunn - Ann Able: 1-0 1-0
          - Bo Bell: bye
"""
    found = problems(tmp_path, again)
    assert len(found) == 1 and "Ann Able and Di Dunn already played a match in round 1" in \
        found[0] and "[C1]" in found[0]
    assert found[0].startswith("21:13:")  # the match line, as file:line:col
    forfeited = BASE.replace("Ann Able - Di Dunn: 1-0 ½-½", "Ann Able - Di Dunn: +- +-")
    load_season(write(tmp_path, forfeited + again.removeprefix(BASE)))  # no error


def test_bad_results_and_a_second_bye_are_reported_where_they_are(tmp_path: Path) -> None:
    bad = BASE.replace("1-0 ½-½", "1-0 2-0")
    found = problems(tmp_path, bad)
    assert len(found) == 1 and "'1-0 2-0' is not two results" in found[0]
    twice = BASE.replace("Di Dunn: bye", "Cy Cole: bye").replace(
        "Cy Cole - Ed Eng: 1-0 +-", "Di Dunn - Ed Eng: 1-0 +-")
    found = problems(tmp_path, twice)
    assert any("already had the pairing-allocated bye in round 1" in p for p in found)


def test_cli_check_exits_2_on_a_bad_file_and_leaves_it_unchanged(tmp_path: Path) -> None:
    folder = write(tmp_path, BASE.replace("1-0 ½-½", "1-0 ½-½ 1-0"))
    before = (folder / "season.yaml").read_bytes()
    got = CliRunner().invoke(main, ["check", str(folder)])
    assert got.exit_code == 2
    assert "season.yaml:11:33: round 1:" in got.output
    assert (folder / "season.yaml").read_bytes() == before


def test_the_next_match_is_paired_by_c_04_5(tmp_path: Path) -> None:
    section = load_season(write(tmp_path, BASE)).section("ds")
    result = ds.pair_next(section)
    state = state_from_games(ds.build_crosstable(section), matches=2, rounds_total=3)
    assert result == pair_round(state, "double-swiss")
    # Ed (0) has no win without playing and had no bye: lowest score, he gets it.
    assert result.bye == 5


def test_pages_show_each_match_with_its_two_games_and_the_trf(tmp_path: Path) -> None:
    folder = write(tmp_path, BASE)
    out = tmp_path / "site"
    got = CliRunner().invoke(main, ["build", str(folder), "--out", str(out)])
    assert got.exit_code == 0, got.output
    rounds = (out / "ds" / "rounds.html").read_text()
    # Round 2, board 2: Cy - Ed, 1-0 then the forfeit, match 2-0
    row = rounds[rounds.index("<bdi>Cy Cole</bdi>", rounds.index("Round 2")):]
    row = row[:row.index("</tr>")]
    assert "1-0" in row and "+-" in row and "2–0" in row and "Ed Eng" in row
    index = (out / "ds" / "index.html").read_text()
    assert "Match points" in index and "3½" in index
    trf = (out / "ds" / "ds.trf").read_text()
    assert "192 FIDE_DOUBLESWISS" in trf and "P0.75" in trf
    # the forfeited single game of a played match is a game in the TRF (W / L)
    cy = next(line for line in trf.splitlines() if "Cy Cole" in line)
    assert cy.endswith("5 w 1     5 b W")


def test_a_one_game_swiss_cannot_be_paired_as_a_double_swiss(tmp_path: Path) -> None:
    text = BASE.replace("format: double_swiss", "format: swiss\n    pairing: double-swiss")
    found = problems(tmp_path, text.split("    rounds:")[0])
    assert found == ["6:14: pairing 'double-swiss' pairs two-game matches: write format:"
                     " double_swiss for the section instead"]


def test_pair_adds_the_next_match_to_the_season(tmp_path: Path) -> None:
    folder = write(tmp_path, BASE)
    runner = CliRunner()
    got = runner.invoke(main, ["pair", str(folder), "--section", "ds"])
    assert got.exit_code == 0, got.output
    # Cy (3½) takes one upfloater: Bo (3) has met nobody Cy met, but then Ann and Di, who
    # played match 1, would be left together ([C3]); so Ann (2½). Ed (0) has the bye.
    # Colours: equal Whites; from the end Cy had White, Ann Black: Ann White (4.3.3).
    assert got.output.splitlines()[1:] == ["  1. Ann Able - Cy Cole", "  2. Di Dunn - Bo Bell",
                                           "     Ed Eng: bye"]
    text = (folder / "season.yaml").read_text()
    assert text.endswith("      - date: 2026-02-19\n        results:\n"
                         "          - Ann Able - Cy Cole:\n          - Di Dunn - Bo Bell:\n"
                         "          - Ed Eng: bye\n")
    again = runner.invoke(main, ["pair", str(folder), "--section", "ds"])
    assert again.exit_code == 1 and "without both results" in again.output
    assert (folder / "season.yaml").read_text() == text
