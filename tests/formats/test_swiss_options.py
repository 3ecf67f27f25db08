"""Swiss season options (issue #11 part 4): pab_score, avoid, keep_apart, and the C.04.1
check of hand-written rounds, read from real season files and run through the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.sections import swiss as ss
from leaguegen.domain.standings import compute_standings
from leaguegen.errors import InputError
from leaguegen.formats import season_trf, trf
from leaguegen.formats.season_yaml import load_season
from leaguegen.formats.swiss_input import state_from_trf
from tests.swiss_demo import fill_last_round

HEAD = """\
name: Options
sections:
  - id: open
    name: Open
    format: swiss
    number_of_rounds: {rounds}
"""


def season(tmp_path: Path, body: str, rounds: int = 3) -> Path:
    folder = tmp_path / "season"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(HEAD.format(rounds=rounds) + body, encoding="utf-8")
    return folder


def problems(folder: Path) -> list[tuple[int, str]]:
    with pytest.raises(InputError) as info:
        load_season(folder)
    return [(p.line, p.message) for p in info.value.problems if not p.warning]


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "season.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def run(*args: object):  # noqa: ANN202
    return CliRunner().invoke(main, [str(a) for a in args])


FIVE = """\
    players: [Ann Able, Ben Baker, Cat Cole, Dan Dye, Eve East]
"""
ROUND_1 = """\
    rounds:
      - results:
          - Ann Able - Dan Dye: 1-0
          - Ben Baker - Cat Cole: 0-1
          - Eve East: bye
"""

# --- pab_score ---------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "units"), [
    ("win", 2), ("draw", 1), ("zero", 0), ("1", 2), ("0.5", 1), ("½", 1), ("0", 0), (None, 2)])
def test_pab_score_values(tmp_path: Path, written: str | None, units: int) -> None:
    key = f"    pab_score: {written}\n" if written is not None else ""
    folder = season(tmp_path, key + FIVE + ROUND_1)
    section = load_season(folder).section("open")
    assert section.scoring.pairing_bye == units
    table = ss.build_crosstable(section)
    assert table.score(5) == units  # Eve's PAB, in the standings' points


@pytest.mark.parametrize("written", ["0.75", "2", "half", "-1"])
def test_pab_score_refuses_anything_else_at_its_line(tmp_path: Path, written: str) -> None:
    folder = season(tmp_path, f"    pab_score: {written}\n" + FIVE + ROUND_1)
    found = problems(folder)
    assert [line for line, _ in found] == [line_of(folder, "pab_score")]
    assert "pab_score" in found[0][1] and "win, draw or zero" in found[0][1]


def test_pab_worth_a_draw_in_tiebreaks_and_trf(tmp_path: Path) -> None:
    folder = season(tmp_path, "    pab_score: draw\n    tiebreaks: [WIN, REP]\n" + FIVE + ROUND_1)
    loaded = load_season(folder)
    section = loaded.section("open")
    standings = compute_standings(ss.build_crosstable(section), ["WIN", "REP"],
                                  system="swiss", after_round=1)
    eve = next(r for r in standings.rows if r.number == 5)
    assert eve.points == 1
    assert eve.values[0] == 0  # C.07 7.1: a PAB counts as a win only when it is worth one
    assert eve.values[1] == 1  # 7.6: the PAB is a round elected to play
    text = season_trf.dumps(loaded, "open")
    record = next(line for line in text.splitlines() if line.startswith("162"))
    assert record == "162  W 1.0    D 0.5    L 0.0    P 0.5"
    assert record.index("P") == 32 and record.index("W") == 5  # columns 6, 15, 24, 33
    eve_line = next(line for line in text.splitlines() if "Eve East" in line)
    assert eve_line[80:84].strip() == "0.5"
    # pair --trf reads the 162 record back: Eve's PAB is worth half a point there too
    state = state_from_trf(trf.loads(text))
    assert state.player(5).score == 1


@pytest.mark.parametrize(("written", "word"), [("draw", "draw"), ("zero", "zero")])
def test_a_162_record_round_trips_through_export_and_import(tmp_path: Path, written: str,
                                                            word: str) -> None:
    """A season's TRF with a half- or zero-point PAB is re-read without a points warning,
    and ``import trf`` gives the new season the same pab_score and the same points."""
    folder = season(tmp_path, f"    pab_score: {written}\n" + FIVE + ROUND_1)
    text = season_trf.dumps(load_season(folder), "open")
    assert trf.loads(text).warnings == []
    source = tmp_path / "open.trf"
    source.write_text(text, encoding="utf-8")
    out = run("import", "trf", source, "--out", tmp_path / "again", "--section", "open")
    assert out.exit_code == 0, out.output
    written_back = (tmp_path / "again" / "season.yaml").read_text(encoding="utf-8")
    assert f"pab_score: {word}" in written_back
    before = ss.build_crosstable(load_season(folder).section("open"))
    after = ss.build_crosstable(load_season(tmp_path / "again").section("open"))
    assert [after.score(n) for n in range(1, 6)] == [before.score(n) for n in range(1, 6)]


def test_a_162_pab_value_no_season_can_hold_is_named_not_dropped(tmp_path: Path) -> None:
    text = season_trf.dumps(load_season(season(tmp_path, "    pab_score: draw\n" + FIVE
                                              + ROUND_1)), "open")
    text = text.replace("P 0.5", "P 0.7")
    source = tmp_path / "odd.trf"
    source.write_text(text, encoding="utf-8")
    out = run("import", "trf", source, "--out", tmp_path / "odd", "--section", "open")
    assert "162 record's PAB value 0.7 is not carried over" in out.output


def test_standard_pab_writes_no_162_record(tmp_path: Path) -> None:
    folder = season(tmp_path, FIVE + ROUND_1)
    assert "\n162" not in season_trf.dumps(load_season(folder), "open")


def test_no_second_pab_whatever_it_is_worth(tmp_path: Path) -> None:
    """A zero-point PAB is still a PAB: the engine gives it to someone else (C.04.1 art. 4)."""
    drawn = ROUND_1.replace("1-0", "½-½").replace("0-1", "½-½")  # Eve alone on 0 points
    folder = season(tmp_path, "    pab_score: zero\n" + FIVE + drawn)
    section = load_season(folder).section("open")
    assert ss.build_crosstable(section).score(5) == 0
    result = ss.pair_next(section)  # C5 would give it to the lowest score: Eve, again
    assert result.bye is not None and result.bye != 5


# --- avoid and keep_apart ----------------------------------------------------------------


def test_avoid_is_honoured_by_pair(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    section = load_season(swiss_copy).section("open")
    first = ss.pair_next(section).boards[0]  # David Kim - Alexei Morozov without the option
    names = [section.players[n - 1].name for n in first]
    path = swiss_copy / "season.yaml"
    avoid = f"    avoid:\n      - [{names[0]}, {names[1]}]\n"
    path.write_text(path.read_text("utf-8").replace(
        "    pairing: dutch\n", "    pairing: dutch\n" + avoid), "utf-8")
    out = run("pair", swiss_copy, "--section", "open")
    assert out.exit_code == 0, out.output
    assert "relaxed" not in out.output
    section = load_season(swiss_copy).section("open")
    assert frozenset(first) not in {frozenset((g.white, g.black))
                                    for g in ss.games_of_round(section, 6)}
    assert ss.origin(section, 6).value == "engine"


FOUR_CLUBS = """\
    keep_apart: club
    players:
      - {name: Ann Able, rating: 2000, club: North}
      - {name: Ben Baker, rating: 1900, club: South}
      - {name: Cat Cole, rating: 1800, club: North}
      - {name: Dan Dye, rating: 1700, club: South}
"""


def test_keep_apart_club(tmp_path: Path) -> None:
    folder = season(tmp_path, FOUR_CLUBS, rounds=2)
    section = load_season(folder).section("open")
    assert ss.avoided_pairs(section) == {frozenset((1, 3)), frozenset((2, 4))}
    plain = ss.pair(replace(section, details=replace(ss.settings(section), keep_apart="none")),
                    1)
    assert {frozenset(b) for b in plain.boards} == {frozenset((1, 3)), frozenset((2, 4))}
    result = ss.pair_next(section)  # the Dutch round 1 would be 1-3, 2-4: same clubs
    assert not {frozenset(b) for b in result.boards} & ss.avoided_pairs(section)
    assert result.relaxed == ()


def test_keep_apart_relaxed_only_when_nothing_legal_is_left(tmp_path: Path) -> None:
    body = FOUR_CLUBS.replace("club: South", "club: North")  # everyone in one club
    folder = season(tmp_path, body, rounds=2)
    out = run("pair", folder, "--section", "open")
    assert out.exit_code == 0, out.output
    assert "No legal pairing keeps every avoid / keep_apart pair apart" in out.output
    relaxed = next(line for line in out.output.splitlines() if "paired anyway" in line)
    assert "Ann Able - Cat Cole" in relaxed and "Dan Dye - Ben Baker" in relaxed
    record = json.loads((folder / "pairings" / "open.json").read_text("utf-8"))
    assert sorted(map(sorted, record["rounds"]["1"]["relaxed"])) == [[1, 3], [2, 4]]
    loaded = load_season(folder)
    assert ss.mark_of(loaded.section("open"), 1).record.relaxed  # the page names them from here
    from leaguegen.site.build import render_pages

    page = render_pages(loaded)[0]["open/round-1.html"]
    assert "so the engine paired these anyway" in page
    assert "<bdi>Ann Able</bdi> – <bdi>Cat Cole</bdi>" in page


def test_keep_apart_federation_and_avoid_errors(tmp_path: Path) -> None:
    body = """\
    keep_apart: country
    avoid:
      - [Ann Able, Nobody Here]
      - [Ann Able]
      - [Ben Baker, Ben Baker]
""" + FIVE
    folder = season(tmp_path, body)
    found = problems(folder)
    lines = {line for line, _ in found}
    assert line_of(folder, "keep_apart") in lines
    assert line_of(folder, "Nobody Here") in lines
    assert line_of(folder, "[Ann Able]") in lines
    assert line_of(folder, "Ben Baker, Ben Baker") in lines
    assert len(found) == 4


# --- C.04.1 on hand-written rounds -------------------------------------------------------

SIX = "    players: [Ann Able, Ben Baker, Cat Cole, Dan Dye, Eve East, Fay Ford]\n"


def test_third_colour_in_a_row_is_an_error_at_its_line(tmp_path: Path) -> None:
    body = SIX + """\
    rounds:
      - results:
          - Ann Able - Dan Dye: 0-1
          - Ben Baker - Eve East: 1-0
          - Cat Cole - Fay Ford: 1-0
      - results:
          - Ann Able - Eve East: 0-1
          - Dan Dye - Cat Cole: 1-0
          - Fay Ford - Ben Baker: 1-0
      - results:
          - Ann Able - Fay Ford:
          - Ben Baker - Cat Cole:
          - Eve East - Dan Dye:
"""
    folder = season(tmp_path, body, rounds=4)
    found = problems(folder)
    assert [line for line, _ in found] == [line_of(folder, "Ann Able - Fay Ford")] * 2
    messages = " ".join(m for _, m in found)
    assert "Ann Able's colour difference becomes +3 (at most 2 either way) (C.04.1 art. 6)" \
        in messages
    assert "Ann Able gets the same colour a third time in a row (C.04.1 art. 7)" in messages
    assert "allowed" not in messages


def test_topscorer_in_the_last_round_is_a_warning(tmp_path: Path) -> None:
    body = SIX + """\
    rounds:
      - results:
          - Ann Able - Dan Dye: 1-0
          - Ben Baker - Eve East: 1-0
          - Cat Cole - Fay Ford: 1-0
      - results:
          - Ann Able - Eve East: 1-0
          - Dan Dye - Cat Cole: 1-0
          - Fay Ford - Ben Baker: 1-0
      - results:
          - Ann Able - Fay Ford:
          - Ben Baker - Cat Cole:
          - Eve East - Dan Dye:
"""
    folder = season(tmp_path, body, rounds=3)
    loaded = load_season(folder)  # no error: Ann (2 of 2) is a topscorer in the last round
    warnings = [w for w in loaded.warnings if "third time in a row" in w.message]
    assert len(warnings) == 1 and warnings[0].line == line_of(folder, "Ann Able - Fay Ford")
    assert "allowed for a topscorer" in warnings[0].message


def test_second_pab_is_an_error(tmp_path: Path) -> None:
    body = FIVE + ROUND_1 + """\
      - results:
          - Ann Able - Cat Cole:
          - Dan Dye - Ben Baker:
          - Eve East: bye
"""
    folder = season(tmp_path, body)
    found = problems(folder)
    assert len(found) == 1 and "already had the pairing-allocated bye (round 1)" in found[0][1]
    assert found[0][0] == line_of(folder, "      - results:") + 4  # the second round's line
    # once the round has been played as paired, it is history: a warning at the same line
    played = body.replace("Ann Able - Cat Cole:", "Ann Able - Cat Cole: 1-0")
    loaded = load_season(season(tmp_path, played))
    assert [(w.line, "already had the pairing-allocated bye" in w.message)
            for w in loaded.warnings if "no date" not in w.message] == [(found[0][0], True)]


def test_check_names_the_boards_that_differ_from_the_engine(swiss_copy: Path) -> None:
    path = swiss_copy / "season.yaml"
    text = path.read_text("utf-8")
    text = text.replace("- Alexei Morozov - Patrick Doyle:", "- Patrick Doyle - Alexei Morozov:")
    path.write_text(text, "utf-8")
    out = run("check", swiss_copy)
    assert out.exit_code == 0, out.output
    assert "notice: section 'open' round 5 (changed after pairing): 1 of 11 boards differ" \
        in out.output
    assert "board 1: dutch pairs Alexei Morozov - Patrick Doyle" in out.output
    # a hand-made round (no marker) that the engine would pair so: no notice
    text = text.replace("- Patrick Doyle - Alexei Morozov:", "- Alexei Morozov - Patrick Doyle:")
    last = text.rindex("        paired_by:")
    path.write_text(text[:last] + text[text.index("\n", last) + 1:], "utf-8")
    out = run("check", swiss_copy)
    assert out.exit_code == 0 and "notice" not in out.output



REAL = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real"


def test_imported_real_event_agrees_with_the_engine(tmp_path: Path) -> None:
    """Aeroflot Open 2026 after 8 rounds (169 players, byes and absences), imported: each
    round is compared on the field it was paired on, so check finds what check-pairings
    finds on the TRF: the engine agrees with every round, and no notice is printed."""
    source = REAL / "aeroflot_open_2026_after_r8.trf"
    if not source.is_file():
        pytest.skip(f"{source} is not here (../shared absent)")
    out = run("import", "trf", source, "--out", tmp_path / "aero", "--section", "open")
    assert out.exit_code == 0, out.output
    section = load_season(tmp_path / "aero").section("open")
    assert all(ss.origin(section, r).value == "hand" for r in range(1, 9))
    out = run("check", tmp_path / "aero")
    assert out.exit_code == 0, out.output
    assert "notice" not in out.output and "valid (1 section, 169 players" in out.output


LAST_ROUND_SAME_SCORE = """\
    players: [Ann Able, Ben Baker, Cat Cole, Dan Dye]
    rounds:
      - results:
          - Ann Able - Cat Cole: 0-1
          - Ben Baker - Dan Dye: 0-1
      - results:
          - Ann Able - Dan Dye: 0-1
          - Ben Baker - Cat Cole: 0-1
      - results:
          - Ann Able - Ben Baker:
          - Cat Cole - Dan Dye:
"""


@pytest.mark.parametrize(("system", "error"), [("dutch", True), ("lim", False),
                                                ("dubov", True)])
def test_a_hand_made_last_round_is_checked_with_its_systems_colour_exception(
        tmp_path: Path, system: str, error: bool) -> None:
    """Round 3 of 3, typed in: Ann Able gets White a third time against Ben Baker, both on
    0 points. Lim pairs the same scores before the colour rules in the last round
    (C.04.4.3 art. 6): a warning; the Dutch exception is for topscorers only and Dubov
    has none: an error at the game's line, for a round not played yet."""
    folder = season(tmp_path, f"    pairing: {system}\n" + LAST_ROUND_SAME_SCORE)
    if error:
        found = problems(folder)
        assert any(line == line_of(folder, "Ann Able - Ben Baker")
                   and "third time in a row" in text for line, text in found), found
    else:
        warnings = [w.message for w in load_season(folder).warnings]
        assert any("third time in a row" in w and "same score in the last round" in w
                   for w in warnings), warnings


def test_check_pairings_basic_rules_share_the_season_checks(tmp_path: Path) -> None:
    """The played third White of Ann Able: a warning in the season (played as paired),
    listed as broken by check-pairings --basic-rules on the exported TRF (exit 1)."""
    body = SIX + """\
    rounds:
      - results:
          - Ann Able - Dan Dye: 0-1
          - Ben Baker - Eve East: 1-0
          - Cat Cole - Fay Ford: 1-0
      - results:
          - Ann Able - Eve East: 0-1
          - Dan Dye - Cat Cole: 1-0
          - Fay Ford - Ben Baker: 1-0
      - results:
          - Ann Able - Fay Ford: 0-1
          - Ben Baker - Cat Cole: 1-0
          - Eve East - Dan Dye: 1-0
"""
    folder = season(tmp_path, body, rounds=4)
    loaded = load_season(folder)
    assert any("third time in a row" in w.message for w in loaded.warnings)
    path = tmp_path / "event.trf"
    path.write_text(season_trf.dumps(loaded, "open"), "utf-8")
    out = run("check-pairings", "--trf", path, "--basic-rules")
    assert out.exit_code == 1
    assert "round 3: broken: 1 gets the same colour a third time in a row (C.04.1 art. 7)" \
        in out.output
    assert "C.04.1 basic rules: 2 broken" in out.output  # art. 6 and art. 7
