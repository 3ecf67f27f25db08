"""The organiser's small stumbles of issue 26, from the command line: ``result --date``,
``pair --date`` out of order, look-alike names, birth dates and long names in ``enter``, the
number a late entry gets, ``pair`` without ``--section``, and results written canonically.

Each refusal exits 2 and leaves the season file's bytes as they were."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT
from tests.swiss_demo import fill_last_round

CLUB = """\
name: Test Club 2026
sections:
  - id: club
    name: Club
    format: round_robin
    players:
      - {name: Ann Able, rating: 1900}
      - {name: Bo Bell, rating: 1800}
      - {name: Cy Cole, rating: 1700}
      - {name: Di Dale, rating: 1600}
"""
# Berger for 4: round 1 Ann Able - Di Dale, Bo Bell - Cy Cole; round 2 Di Dale - Cy Cole,
# Ann Able - Bo Bell; round 3 Bo Bell - Di Dale, Cy Cole - Ann Able.


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "season.yaml").write_text(CLUB, encoding="utf-8")
    return folder


def text(folder: Path) -> str:
    return (folder / "season.yaml").read_text(encoding="utf-8")


def refused(folder: Path, *args: object) -> str:
    """Run a command that must be refused: exit 2, the file's bytes unchanged."""
    before = (folder / "season.yaml").read_bytes()
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert (folder / "season.yaml").read_bytes() == before
    return res.output


def dates(folder: Path, section: str = "club") -> dict[int, str | None]:
    return {i.number: i.date.isoformat() if i.date else None
            for i in load_season(folder).section(section).rounds}


# ---------------------------------------------------------------- 1. result --date


def test_result_date_dates_a_new_round(club: Path) -> None:
    res = run("result", club, "Ann Able - Di Dale", "1-0", "--section", "club",
              "--date", "2026-09-01")
    assert res.exit_code == 0, res.output
    assert "round 1 dated 2026-09-01" in res.output
    assert "      - date: 2026-09-01\n        results:\n          - Ann Able - Di Dale: 1-0\n" \
        in text(club)
    assert dates(club)[1] == "2026-09-01"


def test_result_date_dates_an_undated_round_and_keeps_its_lines(club: Path) -> None:
    assert run("result", club, "Ann Able - Di Dale", "1-0", "--section", "club").exit_code == 0
    assert dates(club)[1] is None
    res = run("result", club, "Bo Bell - Cy Cole", "0-1", "--section", "club",
              "--date", "2026-09-02")
    assert res.exit_code == 0, res.output
    assert "    rounds:\n      - date: 2026-09-02\n        results:\n" \
           "          - Ann Able - Di Dale: 1-0\n          - Bo Bell - Cy Cole: 0-1\n" \
        in text(club)
    # the same result again with the date only dates the round (nothing else changes)
    res = run("result", club, "Di Dale - Cy Cole", "1-0", "--section", "club")
    assert res.exit_code == 0
    res = run("result", club, "Di Dale - Cy Cole", "1-0", "--section", "club",
              "--date", "2026-09-09")
    assert res.exit_code == 0, res.output
    assert "round 2 dated 2026-09-09" in res.output and "Di Dale - Cy Cole: 1-0" not in \
        res.output
    assert dates(club) == {1: "2026-09-02", 2: "2026-09-09", 3: None}
    assert run("check", club).exit_code == 0


def test_result_date_refuses_another_date_or_one_before_the_last(club: Path) -> None:
    assert run("result", club, "Ann Able - Di Dale", "1-0", "--section", "club",
               "--date", "2026-09-08").exit_code == 0
    out = refused(club, "result", club, "Bo Bell - Cy Cole", "1-0", "--section", "club",
                  "--date", "2026-09-01")
    assert "round 1 is dated 2026-09-08, not 2026-09-01" in out
    out = refused(club, "result", club, "Di Dale - Cy Cole", "1-0", "--section", "club",
                  "--date", "2026-09-07")
    assert "before round 1's date 2026-09-08" in out
    out = refused(club, "result", club, "Di Dale - Cy Cole", "1-0", "--section", "club",
                  "--date", "8 September")
    assert "is not a date like" in out


def test_check_warns_of_a_played_round_without_a_date(club: Path) -> None:
    assert run("result", club, "Ann Able - Di Dale", "1-0", "--section", "club").exit_code == 0
    res = run("check", club)
    assert res.exit_code == 0, res.output
    assert "season.yaml:12:9: warning: section 'club' round 1 has results but no date" \
        in res.output
    # a round with no result yet needs no date
    (club / "season.yaml").write_text(text(club).replace(": 1-0", ":"), encoding="utf-8")
    res = run("check", club)
    assert res.exit_code == 0 and "no date" not in res.output, res.output


def test_check_warns_of_an_undated_played_swiss_round(swiss_copy: Path) -> None:
    path = swiss_copy / "season.yaml"
    path.write_text(text(swiss_copy).replace(
        "- date: 2026-10-15\n        results:", "- results:"),
                    encoding="utf-8")
    res = run("check", swiss_copy)
    assert res.exit_code == 0, res.output
    assert "warning: section 'open' round 3 has results but no date" in res.output


# ---------------------------------------------------------------- 2. pair --date in order


def test_pair_refuses_a_date_before_the_last_round(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    records = sorted((p.name, p.read_bytes()) for p in swiss_copy.glob("pairings/*"))
    out = refused(swiss_copy, "pair", swiss_copy, "--section", "open", "--date", "2026-10-01")
    assert "--date 2026-10-01 is before round 5's date 2026-10-29" in out
    assert sorted((p.name, p.read_bytes()) for p in swiss_copy.glob("pairings/*")) == records
    res = run("pair", swiss_copy, "--section", "open", "--date", "2026-10-29")  # same day: ok
    assert res.exit_code == 0, res.output
    assert run("check", swiss_copy).exit_code == 0


# ---------------------------------------------------------------- 6. pair's default section


def test_pair_takes_the_only_swiss_section(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    res = run("pair", swiss_copy)
    assert res.exit_code == 0, res.output
    assert "Round 6 of 7 paired" in res.output


def test_pair_without_section_lists_the_swiss_sections(swiss_copy: Path) -> None:
    fill_last_round(swiss_copy)
    body = text(swiss_copy)
    start = body.index("  - id: open")
    second = body[start:].replace("id: open", "id: rapid", 1).replace(
        "name: Thursday Open", "name: Thursday Rapid", 1)
    second = second[:second.index("    rounds:")]
    (swiss_copy / "season.yaml").write_text(body + second, encoding="utf-8")
    assert run("check", swiss_copy).exit_code == 0
    out = refused(swiss_copy, "pair", swiss_copy)
    assert "2 Swiss sections: open, rapid; say which with --section ID" in out


def test_pair_without_section_in_a_season_without_swiss(club: Path) -> None:
    out = refused(club, "pair", club)
    assert "no Swiss section to pair" in out


# ---------------------------------------------------------------- 3. look-alike names


def test_enter_refuses_a_look_alike_name(club: Path) -> None:
    cyrillic = "\u0410nn Able"  # Cyrillic capital A
    out = refused(club, "enter", club, cyrillic, "--section", "club")
    assert f"'{cyrillic}' looks the same as 'Ann Able'" in out
    assert "'\u0410' (U+0410) for 'A' (U+0041)" in out and "--different-person" in out
    greek = "B\u03bf Bell"  # Greek small omicron
    assert "looks the same as 'Bo Bell'" in refused(club, "enter", club, greek, "--section",
                                                    "club")


def test_enter_takes_a_look_alike_when_told_and_check_warns(club: Path) -> None:
    cyrillic = "\u0410nn Able"
    res = run("enter", club, cyrillic, "--section", "club", "--different-person")
    assert res.exit_code == 0, res.output
    res = run("check", club)
    assert res.exit_code == 0
    assert (f"warning: section 'club': players 'Ann Able' and '{cyrillic}' look the same but"
            " are spelt with other letters") in res.output


def test_names_of_other_scripts_are_not_look_alikes(club: Path) -> None:
    for name in ("Анна Абель", "Ann Ablé", "Helena Bell"):
        res = run("enter", club, name, "--section", "club")
        assert res.exit_code == 0, res.output
    res = run("check", club)
    assert res.exit_code == 0 and "look the same" not in res.output


# ---------------------------------------------------------------- 4. birth dates, long names


@pytest.mark.parametrize("birth", ["not-a-date", "1994-13-01", "1994-02-30", "94", "12/05/1994",
                                   "0994", "1994-5-12"])
def test_enter_refuses_a_birth_that_is_not_a_date(club: Path, birth: str) -> None:
    out = refused(club, "enter", club, "Eve Moss", "--section", "club", "--birth", birth)
    assert f"birth '{birth}'" in out


@pytest.mark.parametrize("birth", ["1994-05-12", "1994", "1994/05/12", "1994/00/00"])
def test_enter_takes_a_birth_date_or_year(club: Path, birth: str) -> None:
    res = run("enter", club, "Eve Moss", "--section", "club", "--birth", birth)
    assert res.exit_code == 0, res.output
    assert load_season(club).section("club").players[-1].birth == birth


def test_check_refuses_a_birth_that_is_not_a_date(club: Path) -> None:
    (club / "season.yaml").write_text(text(club).replace(
        "{name: Bo Bell, rating: 1800}", "{name: Bo Bell, rating: 1800, birth: not-a-date}"),
        encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(club)
    assert "season.yaml:8:" in str(err.value)
    assert "Bo Bell: birth 'not-a-date' is not a date like 1994-05-12" in str(err.value)


def test_names_are_bounded_in_enter_and_check(club: Path) -> None:
    long = "A" + "b" * 100
    out = refused(club, "enter", club, long, "--section", "club")
    assert "has 101 characters; a name has at most 100" in out
    assert run("enter", club, "A" + "b" * 99, "--section", "club").exit_code == 0
    (club / "season.yaml").write_text(text(club).replace("Bo Bell", "Bo " + "B" * 98),
                                      encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(club)
    assert "season.yaml:8:" in str(err.value) and "has 101 characters" in str(err.value)


# ---------------------------------------------------------------- 5. the number a late entry gets


def test_enter_says_the_number(club: Path, swiss_copy: Path) -> None:
    res = run("enter", club, "Eve Moss", "--section", "club")
    assert res.exit_code == 0, res.output
    assert "Eve Moss entered as No. 5 (players)" in res.output
    assert run("result", club, "Bo Bell - Eve Moss", "1-0", "--section", "club").exit_code == 0
    res = run("enter", club, "Fay Ford", "--section", "club")
    assert res.exit_code == 0, res.output
    assert "Fay Ford entered as No. 6 (late_entries, the free number)" in res.output
    players = len(load_season(swiss_copy).section("open").players)
    res = run("enter", swiss_copy, "Zoe Quinn", "--section", "open", "--rating", 1810)
    assert res.exit_code == 0, res.output
    assert f"Zoe Quinn entered as No. {players + 1} (players)" in res.output


# ---------------------------------------------------------------- 7. canonical scores


@pytest.mark.parametrize("typed,written", [("1:0", "1-0"), ("draw", "½-½"), ("1/2-1/2", "½-½"),
                                           ("=", "½-½"), ("0:1", "0-1"), ("-:-", "--"),
                                           ("+:-", "+-"), ("0.5-0.5", "½-½")])
def test_result_writes_the_canonical_score(club: Path, typed: str, written: str) -> None:
    res = run("result", club, "Ann Able - Di Dale", typed, "--section", "club")
    assert res.exit_code == 0, res.output
    assert f"Ann Able - Di Dale: {written}" in res.output
    assert f"          - Ann Able - Di Dale: {written}\n" in text(club)
    assert load_season(club).section("club").games[0].result.value == written
    # the same result in another form is already there, not a correction
    res = run("result", club, "Ann Able - Di Dale", typed, "--section", "club")
    assert res.exit_code == 0 and "nothing to change" in res.output


@pytest.mark.parametrize("demo,dated,section,round_no", [
    ("school-quads-2026", "      - date: 2026-11-21\n        results:", "quads", 1),
    ("grand-prix-2027", "      - date: 2027-03-09\n        results:", "knockout", 1),
])
def test_check_warns_of_undated_played_quads_and_knockout_rounds(
        tmp_path: Path, demo: str, dated: str, section: str, round_no: int) -> None:
    folder = tmp_path / demo
    shutil.copytree(ROOT / "seasons" / demo, folder)
    path = folder / "season.yaml"
    body = path.read_text(encoding="utf-8")
    assert dated in body
    path.write_text(body.replace(dated, "      - results:", 1), encoding="utf-8")
    res = run("check", folder)
    assert res.exit_code == 0, res.output
    assert f"warning: section '{section}' round {round_no} has results but no date" \
        in res.output
