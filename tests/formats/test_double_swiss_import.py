"""``import trf`` of a Double-Swiss file (``192 FIDE_DOUBLESWISS``): a ``format:
double_swiss`` section with one line per match, and ``export trf`` of it gives the file's
games back."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season

# made by `leaguegen generate --system double-swiss --players 7 --rounds 3 --seed 5
# --forfeits 0.2 --half-byes 0.1 --absences 0.05`: whole forfeited matches (- / +), a
# single forfeited game of a played match (W / L), the PAB (U) and half-point byes
PLAYERS = """\
001    1   CM Archer, Otto                      2397 ENG                         2.0          4 w -     4 b -     3 w -     3 b -     5 b +     5 w +
001    2   FM Fischer, Dev                      2369 USA                         4.0          5 b +     5 w +     4 b 0     4 w W  0000 - H  0000 - H
001    3   FM Moreau, Rosa                      2368 ENG                         5.5          6 w 1     6 b =     1 b +     1 w +     4 b +     4 w +
001    4   FM Young, Gia                        2343 ENG                         3.0          1 b +     1 w +     2 w 1     2 b L     3 w -     3 b -
001    5   FM Zhou, Max                         2323 ESP                         2.0          2 w -     2 b -     6 b +     6 w +     1 w -     1 b -
001    6      Eriksen, Tara                     2261 ENG                         1.5          3 b 0     3 w =     5 w -     5 b -  0000 - H  0000 - H
001    7      Archer, Ada                       2173 ENG                         3.5       0000 - U  0000 - U  0000 - H  0000 - H  0000 - H  0000 - H
"""  # noqa: E501
HEADERS = """\
012 Random tournament: double-swiss, seed 5
092 Individual: Double-Swiss System
142 6
152 W
162  W1.00    D0.50    L0.00    A0.00    P0.75
192 FIDE_DOUBLESWISS
"""
TRF = HEADERS + PLAYERS + "XXR 6\nXXC white1\n"


def imported(tmp_path: Path, text: str = TRF, *extra: str) -> tuple[int, str, Path]:
    (tmp_path / "ds.trf").write_text(text, encoding="utf-8")
    out = tmp_path / "season"
    got = CliRunner().invoke(main, ["import", "trf", str(tmp_path / "ds.trf"), "--out",
                                    str(out), "--section", "ds", *extra])
    return got.exit_code, got.output, out


def test_each_match_becomes_one_line_with_its_two_scores(tmp_path: Path) -> None:
    code, out, folder = imported(tmp_path)
    assert code == 0, out
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert "    format: double_swiss\n    number_of_rounds: 3  # matches of two games\n" in text
    assert """\
    rounds:
      - results:
          - "Archer, Otto - Young, Gia": -+ -+
          - "Moreau, Rosa - Eriksen, Tara": 1-0 ½-½
          - "Zhou, Max - Fischer, Dev": -+ -+
          - "Archer, Ada": bye
      - results:
          - "Archer, Otto - Moreau, Rosa": -+ -+
          - "Young, Gia - Fischer, Dev": 1-0 -+
""" in text
    section = load_season(folder).section("ds")
    assert len(section.rounds) == 6 and len(section.games) == 16


def test_export_of_the_imported_season_gives_the_file_s_games_back(tmp_path: Path) -> None:
    code, out, folder = imported(tmp_path)
    assert code == 0, out
    got = CliRunner().invoke(main, ["export", "trf", str(folder), "--section", "ds",
                                    "--out", str(tmp_path / "back.trf")])
    assert got.exit_code == 0, got.output
    back = (tmp_path / "back.trf").read_text(encoding="utf-8").splitlines()
    # every player's line is the file's but for the rank (columns 86-89), which the
    # export adds; the round blocks are equal character for character
    lines = [line for line in back if line.startswith("001")]
    assert [line[:85] + line[89:] for line in lines] == \
        [line[:85] + line[89:] for line in PLAYERS.splitlines()]
    for record in ("092 Individual: Double-Swiss System", "152 W", "192 FIDE_DOUBLESWISS",
                   "162  W1.00    D0.50    L0.00    A0.00    P0.75", "XXR 6", "XXC white1"):
        assert record in back


def test_a_last_match_of_byes_only_is_asked_for_byes(tmp_path: Path) -> None:
    # matches 1 and 2, then a match 3 where everyone has asked for a half-point bye
    lines = [line[:-20] + "  0000 - H  0000 - H" for line in PLAYERS.splitlines()]
    code, out, folder = imported(tmp_path, HEADERS + "\n".join(lines) + "\n")
    assert code == 0, out
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert "    byes_requested:\n      - {player: \"Archer, Otto\", round: 3, bye: half}\n" \
        in text
    assert load_season(folder).section("ds").games[-1].round == 4


def test_a_double_swiss_file_is_not_imported_as_a_swiss(tmp_path: Path) -> None:
    code, out, folder = imported(tmp_path, TRF, "--format", "swiss")
    assert code == 2 and "cannot be imported as swiss; nothing was written" in out
    assert not folder.exists()
