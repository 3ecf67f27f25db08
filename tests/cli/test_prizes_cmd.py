"""``leaguegen prizes SEASON_DIR --section ID`` on a test season (tests/data/prizes).

Its standings (the Premier section of the Riverside demo after six rounds): Priya
Raman, Daniel Reyes, Eleanor Whitfield and George Abernethy on 4 points (ranked 1-4
by DE), Tomasz Kowalczyk 2.5, Marcus Okafor 2, Hannah Lindqvist 1.5, Yusuf Demir and
Charlotte Bellamy 1 (equal on every tie-break: both 8th). Prizes (GBP): places 300,
200, 100; Under 2000 80, 40; Best woman 60; Junior (17 or under on 1 January 2026) 50;
Veteran (65 or over) 30. Every amount below is worked by hand in the test's comments.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main

SEASON = Path(__file__).resolve().parents[1] / "data" / "prizes"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["prizes", *args])
    return result.exit_code, result.stdout, result.stderr


def copy_with(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(SEASON, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def award_lines(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.startswith("   ")
            and not line.startswith("        ")]


def test_shared_places_and_a_shared_category() -> None:
    code, out, _ = run(str(SEASON), "--section", "premier")
    assert code == 0
    assert "fund 860.00 GBP, paid 780.00 GBP" in out
    assert "Ages taken on 2026-01-01" in out
    assert "Provisional: 6 of 9 rounds have results" in out
    # four tied for 1st pool 1st-3rd: 600 / 4 = 150 each; Yusuf and Charlotte (equal on
    # everything, both under 2000) pool Under 2000 1st-2nd: 120 / 2; Hannah is the best
    # woman left
    assert award_lines(out) == [
        "1  Priya Raman: Place prizes 1st-3rd, 150.00 GBP",
        "2  Daniel Reyes: Place prizes 1st-3rd, 150.00 GBP",
        "3  Eleanor Whitfield: Place prizes 1st-3rd, 150.00 GBP",
        "4  George Abernethy: Place prizes 1st-3rd, 150.00 GBP",
        "7  Hannah Lindqvist: Best woman 1st, 60.00 GBP",
        "8  Yusuf Demir: Under 2000 1st-2nd, 60.00 GBP",
        "8  Charlotte Bellamy: Under 2000 1st-2nd, 60.00 GBP",
    ]
    # George (born 2008-05-01: 17 on 1 January) also qualified as a junior; the
    # junior and veteran prizes find nobody without a prize
    assert "also qualified for Junior: its next prize (50.00 GBP) is worth less" in out
    assert "not awarded: Junior 1st (50.00 GBP): every player who qualifies has a prize" \
           " already" in out
    assert "not awarded: Veteran 1st (30.00 GBP)" in out
    assert ("tied on points with Daniel Reyes, Eleanor Whitfield, George Abernethy: the 4 of"
            " them pool Place prizes 1st-3rd (300.00 GBP + 200.00 GBP + 100.00 GBP ="
            " 600.00 GBP)") in out


def test_hort(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, "      currency: GBP\n", "      currency: GBP\n      ties: hort\n")
    code, out, _ = run(str(folder), "--section", "premier")
    assert code == 0
    # own halves 150, 100, 50, none; the other halves (300) / 4 = 75
    assert award_lines(out)[:4] == [
        "1  Priya Raman: Place prizes 1st-3rd, 225.00 GBP",
        "2  Daniel Reyes: Place prizes 1st-3rd, 175.00 GBP",
        "3  Eleanor Whitfield: Place prizes 1st-3rd, 125.00 GBP",
        "4  George Abernethy: Place prizes 1st-3rd, 75.00 GBP",
    ]
    assert "Hort: keeps half of Place prizes 1st (150.00 GBP)" in out
    assert "Hort: keeps no prize of its own place" in out


def test_tiebreaks_decide(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, "      currency: GBP\n",
                       "      currency: GBP\n      ties: tiebreaks\n")
    code, out, _ = run(str(folder), "--section", "premier")
    assert code == 0
    # 1-3 by DE; George (4th) the best under 2000; Yusuf the junior; Charlotte, 8th
    # with Yusuf on every tie-break, takes Under 2000 2nd once he has the junior prize
    assert award_lines(out) == [
        "1  Priya Raman: Place prizes 1st, 300.00 GBP",
        "2  Daniel Reyes: Place prizes 2nd, 200.00 GBP",
        "3  Eleanor Whitfield: Place prizes 3rd, 100.00 GBP",
        "4  George Abernethy: Under 2000 1st, 80.00 GBP",
        "7  Hannah Lindqvist: Best woman 1st, 60.00 GBP",
        "8  Yusuf Demir: Junior 1st, 50.00 GBP",
        "8  Charlotte Bellamy: Under 2000 2nd, 40.00 GBP",
    ]
    assert "paid 830.00 GBP" in out


def test_the_blocks_tiebreaks_reorder_the_field(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, "      currency: GBP\n",
                       "      currency: GBP\n      ties: tiebreaks\n      tiebreaks: [WIN]\n")
    code, out, _ = run(str(folder), "--section", "premier")
    assert code == 0
    # WIN (3 each) separates none of the four: they share rank 1 (listed by number) and,
    # equal on every tie-break, pool 1st-3rd
    assert award_lines(out)[:4] == [
        f"1  {name}: Place prizes 1st-3rd, 150.00 GBP"
        for name in ("Eleanor Whitfield", "Priya Raman", "George Abernethy", "Daniel Reyes")]
    assert "tied on points and every tie-break with" in out


def test_errors_and_exit_codes(tmp_path: Path) -> None:
    code, _, err = run(str(SEASON), "--section", "nope")
    assert code == 2 and "no section 'nope'; sections: premier" in err
    folder = copy_with(tmp_path, "      currency: GBP\n", "      currency: pounds\n")
    code, _, err = run(str(folder), "--section", "premier")
    assert code == 2 and "season.yaml:" in err and "three-letter code" in err
    bare = tmp_path / "bare"
    shutil.copytree(SEASON, bare)
    text = (bare / "season.yaml").read_text(encoding="utf-8")
    start = text.index("    prizes:\n")
    end = text.index("    players:\n")
    (bare / "season.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    code, _, err = run(str(bare), "--section", "premier")
    assert code == 1 and "has no prizes: block" in err


def test_quads_have_a_prize_list_per_group(tmp_path: Path) -> None:
    """The organisers' guide: in quads "the prizes are for each group separately". The
    school quads demo (61 players: 14 groups of four and one of five), with 20 and 10
    dollars and an unrated prize in every group."""
    folder = tmp_path / "quads"
    shutil.copytree(SEASON.parents[2] / "seasons" / "school-quads-2026", folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    block = ("    prizes:\n      currency: USD\n      places: [20, 10]\n      categories:\n"
             "        - {name: Unrated, unrated: true, prizes: [5]}\n")
    path.write_text(text.replace("    format: quads\n", "    format: quads\n" + block, 1),
                    encoding="utf-8")
    code, out, _ = run(str(folder), "--section", "quads")
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith("Prizes:")]
    assert len(heads) == 15 and heads[0].startswith("Prizes: Schools Quads (quads), group 1;")
    assert "Ages taken on" not in out
    group1 = out.split(heads[1])[0]
    # group 1: Evie Okafor 3 points; the other three on 1 point, equal on every
    # tie-break, pool the 2nd prize: 10.00 / 3 = 3.33 r 0.01
    assert award_lines(group1) == [
        "1  Evie Okafor: Place prizes 1st, 20.00 USD",
        "2  Yusuf Dubois: Place prizes 2nd, 3.34 USD",
        "2  Samir Baker: Place prizes 2nd, 3.33 USD",
        "2  Oscar Zielinski: Place prizes 2nd, 3.33 USD",
    ]
    assert "the 3 of them pool Place prizes 2nd (10.00 USD)" in group1
    assert "not awarded: Unrated 1st (5.00 USD): no player qualifies" in group1
