"""The section's ``prizes:`` block: read into PrizeRules, and every mistake reported at
its file:line:col by ``check`` (exit 2), the file left as it was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.prizes import Criteria, Order, Ties
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

# Round 1 of a 4-player table: 1-4, 2-3.
HEAD = """\
name: Test League
sections:
  - id: open
    name: Open
    format: round_robin
    players:
      - {name: Ann Able, rating: 2000}
      - {name: Bob Best, rating: 1900}
      - {name: Cat Cole, rating: 1800}
      - {name: Dan Dale, rating: 1700}
    rounds:
      - date: 2026-01-07
        results:
          - Ann Able - Dan Dale: 1-0
          - Bob Best - Cat Cole: ½-½
    prizes:
"""  # the block's lines start at line 17

GOOD = """\
      currency: EUR
      ties: hort
      order: written
      age_on: 2026-01-01
      tiebreaks: [SB, WIN]
      places: [500, 250.50, 100]
      categories:
        - name: Under 1800
          rating: {min: 1600, max: 1799}
          prizes: [80, 40]
        - {name: Unrated, unrated: true, prizes: [30]}
        - {name: Under 12, age: {max: 11}, prizes: [25]}
        - {name: Women, sex: f, prizes: [60], ties: tiebreaks}
        - {name: Club, club: Hastings CC, prizes: [0]}
"""


def write(tmp_path: Path, block: str) -> Path:
    folder = tmp_path / "season"
    folder.mkdir(parents=True)
    (folder / "season.yaml").write_text(HEAD + block, encoding="utf-8")
    return folder


def test_a_good_block_is_read_into_rules(tmp_path: Path) -> None:
    rules = load_season(write(tmp_path, GOOD)).section("open").prizes
    assert rules is not None
    assert (rules.currency, rules.ties, rules.order, rules.age_on, rules.tiebreaks) == (
        "EUR", Ties.HORT, Order.WRITTEN, dt.date(2026, 1, 1), ("SB", "WIN"))
    names = [c.name for c in rules.categories]
    assert names == ["Place prizes", "Under 1800", "Unrated", "Under 12", "Women", "Club"]
    assert rules.categories[0].amounts == (50000, 25050, 10000) and rules.categories[0].place
    assert rules.categories[1].criteria == Criteria(rating_min=1600, rating_max=1799)
    assert rules.categories[2].criteria == Criteria(unrated=True)
    assert rules.categories[3].criteria == Criteria(age_max=11)
    assert rules.categories[4].criteria == Criteria(sex="w")
    assert rules.categories[4].ties is Ties.TIEBREAKS and rules.categories[1].ties is None
    assert rules.fund == 50000 + 25050 + 10000 + 8000 + 4000 + 3000 + 2500 + 6000


def test_no_block_no_rules_and_a_section_without_prizes_is_unchanged(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "season.yaml").write_text(HEAD.replace("    prizes:\n", ""), encoding="utf-8")
    assert load_season(folder).section("open").prizes is None


def test_decimals_zero_reads_whole_units(tmp_path: Path) -> None:
    rules = load_season(write(tmp_path, "      currency: JPY\n      decimals: 0\n"
                                        "      places: [10000, 5000]\n")).section("open").prizes
    assert rules is not None and rules.categories[0].amounts == (10000, 5000)


CASES = {
    "unknown criterion (category key)": (
        GOOD.replace("unrated: true, prizes", "grade: 5, prizes"), 27, 27,
        "unknown key 'grade' in prize category"),
    "unknown block key with suggestion": (
        GOOD.replace("      order: written", "      oder: written"), 19, 7,
        "unknown key 'oder' in prizes (did you mean 'order'?)"),
    "negative amount": (
        GOOD.replace("prizes: [80, 40]", "prizes: [80, -40]"), 26, 24,
        "prize category 'Under 1800': amount -40 is negative"),
    "negative place amount": (
        GOOD.replace("places: [500, 250.50, 100]", "places: [-5]"), 22, 16,
        "Place prizes: amount -5 is negative"),
    "not an amount": (
        GOOD.replace("prizes: [30]", "prizes: [lots]"), 27, 51,
        "'lots' is not an amount"),
    "too many decimals": (
        GOOD.replace("250.50", "250.505"), 22, 21, "has more than 2 digit(s) after the point"),
    "amounts growing": (
        GOOD.replace("prizes: [80, 40]", "prizes: [40, 80]"), 26, 24,
        "is larger than the one above it"),
    "rating band upside down": (
        GOOD.replace("{min: 1600, max: 1799}", "{min: 1800, max: 1799}"), 25, 19,
        "min 1800 is above max 1799; the band is empty"),
    "unknown tie rule": (
        GOOD.replace("ties: hort", "ties: hortt"), 18, 13,
        "prizes: ties 'hortt' is not one of shared, hort, tiebreaks (did you mean 'hort'?)"),
    "unknown category tie rule": (
        GOOD.replace("ties: tiebreaks}", "ties: split}"), 29, 53,
        "prize category 'Women': ties 'split' is not one of"),
    "unknown tie-break": (
        GOOD.replace("[SB, WIN]", "[SB, WINS]"), 21, 23, "unknown tiebreak 'WINS'"),
    "unknown sex": (
        GOOD.replace("sex: f,", "sex: female,"), 29, 30, "sex 'female' is not one of m, w"),
    "bad currency": (
        GOOD.replace("currency: EUR", "currency: euro"), 17, 17,
        "currency 'euro' must be a three-letter code"),
    "bad age date": (
        GOOD.replace("age_on: 2026-01-01", "age_on: 1 Jan 2026"), 20, 15,
        "prizes: age_on '1 Jan 2026' is not a date"),
    "rating band and unrated together": (
        GOOD.replace("unrated: true, prizes", "unrated: true, rating: {max: 1500}, prizes"),
        27, 36, "give rating or unrated: true, not both"),
    "category named twice": (
        GOOD.replace("name: Club,", "name: Unrated,"), 30, 11,
        "prize category 'Unrated' is named twice"),
    "empty prize list": (
        GOOD.replace("prizes: [0]", "prizes: []"), 30, 51, "the list of prizes is empty"),
    "an exponent is not an amount": (
        GOOD.replace("places: [500, 250.50, 100]", "places: [1e3]"), 22, 16,
        "Place prizes: '1e3' is not an amount"),
    "underscores are not an amount": (
        GOOD.replace("places: [500, 250.50, 100]", "places: [1_000]"), 22, 16,
        "Place prizes: '1_000' is not an amount"),
    "an amount too large": (
        GOOD.replace("places: [500, 250.50, 100]", "places: [1000000000000]"), 22, 16,
        "is too large"),
    "places not a list": (
        GOOD.replace("places: [500, 250.50, 100]", "places: {first: 500}"), 22, 15,
        "prizes: places must be a list"),
    "missing currency": (
        GOOD.replace("      currency: EUR\n", ""), 17, 7,
        "prizes is missing the required key 'currency'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_mistakes_are_reported_at_their_line_and_column(tmp_path: Path, case: str) -> None:
    block, line, col, message = CASES[case]
    folder = write(tmp_path, block)
    before = (folder / "season.yaml").read_bytes()
    with pytest.raises(InputError) as err:
        load_season(folder)
    found = [(p.line, p.col, p.message) for p in err.value.problems]
    assert any((ln, c) == (line, col) and message in m for ln, c, m in found), found
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert f"season.yaml:{line}:{col}" in result.output
    assert (folder / "season.yaml").read_bytes() == before


def test_an_age_category_needs_a_date(tmp_path: Path) -> None:
    block = "      currency: EUR\n      categories:\n        - {name: U12, age: {max: 11}," \
            " prizes: [10]}\n"
    text = (HEAD + block).replace("      - date: 2026-01-07\n", "      - results:\n") \
        .replace("        results:\n", "")
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(folder)
    assert any(p.line == 16 and "no date to take ages on" in p.message
               for p in err.value.problems), err.value.problems
    # a dated round is enough
    assert load_season(write(tmp_path / "b", block)).section("open").prizes is not None


def test_the_same_criteria_twice_is_a_warning_not_an_error(tmp_path: Path) -> None:
    block = GOOD.replace("{name: Club, club: Hastings CC, prizes: [0]}",
                         "{name: Unrated again, unrated: true, prizes: [5]}")
    season = load_season(write(tmp_path, block))
    assert season.section("open").prizes is not None
    assert any(w.line == 30 and "same criteria as 'Unrated'" in w.message
               for w in season.warnings)
