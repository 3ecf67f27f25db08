"""The organiser's chores on a ``format: double_swiss`` section: ``result`` writes a
match's line (both games, or one game, the order of the names saying which), ``bye`` and
``withdraw`` count matches as the file does, ``enter`` appends a late entry and
``freeze`` writes computed numbers; each refusal says why, exits 2 and writes nothing.
The reader takes ``byes_requested`` and ``withdrawals`` as a Swiss does."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.season import GameResult
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
    players:
      - Ann Able
      - Bo Bell
      - Cy Cole
      - Di Dunn
      - Ed Eng
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Di Dunn: 1-0 ½-½   # a close one
          - Ed Eng - Bo Bell: 0-1 0-1
          - Cy Cole: bye
      - date: 2026-02-12
        results:
          # match 2
          - Bo Bell - Ann Able: ½-½
          - Cy Cole - Ed Eng:             # not played yet
          - Di Dunn: bye
"""


def write(tmp_path: Path, text: str = BASE) -> Path:
    folder = tmp_path / "season"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def run(folder: Path, *args: str) -> tuple[int, str]:
    got = CliRunner().invoke(main, [args[0], str(folder), "--section", "ds", *args[1:]])
    return got.exit_code, got.output


def text_of(folder: Path) -> str:
    return (folder / "season.yaml").read_text(encoding="utf-8")


def games(folder: Path, match: int) -> set[tuple[int, str, str, str | None]]:
    section = load_season(folder).section("ds")
    names = [p.name for p in section.players]
    return {(g.round, names[g.white - 1], names[g.black - 1],
             g.result.text if g.result else None)
            for g in section.games if (g.round + 1) // 2 == match}


# ----------------------------------------------------------------- result


def test_a_match_s_two_results_are_written_on_its_line(tmp_path: Path) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "result", "Cy Cole - Ed Eng", "1-0 ½-½")
    assert code == 0, out
    assert "match 2 (rounds 3-4): Cy Cole - Ed Eng: 1-0 ½-½" in out
    assert text_of(folder) == BASE.replace("Cy Cole - Ed Eng:             # not played yet",
                                           "Cy Cole - Ed Eng: 1-0 ½-½             # not played yet")
    assert {(3, "Cy Cole", "Ed Eng", "1-0"), (4, "Ed Eng", "Cy Cole", "½-½")} <= \
        games(folder, 2)


def test_one_game_the_order_of_the_names_says_which(tmp_path: Path) -> None:
    folder = write(tmp_path)
    # game 2 of match 2: Ann has White; she wins. The line keeps Bo's side: ½-½ 0-1.
    code, out = run(folder, "result", "Ann Able - Bo Bell", "1-0")
    assert code == 0, out
    assert "match 2 (rounds 3-4): Bo Bell - Ann Able: ½-½ 0-1" in out
    assert "          - Bo Bell - Ann Able: ½-½ 0-1\n" in text_of(folder)
    assert "          # match 2\n" in text_of(folder)  # comments kept
    assert (4, "Ann Able", "Bo Bell", "1-0") in games(folder, 2)
    # game 1 of the other match, then its game 2 (Ed White)
    assert run(folder, "result", "Cy Cole - Ed Eng", "0-1")[0] == 0
    assert run(folder, "result", "Ed Eng - Cy Cole", "0-1")[0] == 0
    assert "- Cy Cole - Ed Eng: 0-1 1-0             # not played yet" in text_of(folder)


def test_the_same_result_again_changes_nothing(tmp_path: Path) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "result", "Bo Bell - Ann Able", "½-½")
    assert code == 0 and "already has ½-½; nothing to change" in out
    assert text_of(folder) == BASE


@pytest.mark.parametrize(("args", "said"), [
    (("Bo Bell - Ann Able", "1-0"),
     "match 2 (rounds 3-4): Bo Bell - Ann Able already has ½-½; pass --correct to replace"
     " game 1"),
    (("Ed Eng - Cy Cole", "1-0"),
     "game 1 of match 2 (round 3) has no result yet; enter it first"),
    (("Ed Eng - Cy Cole", "1-0 1-0"),
     "Cy Cole has White in game 1 of the match against Ed Eng; write it 'Cy Cole - Ed Eng'"),
    (("Ann Able - Cy Cole", "1-0", "--round", "5"),
     "round 5 (match 3) is not paired yet (the last paired match is 2)"),
    (("Ann Able - Di Dunn", "1-0", "--round", "3"),
     "Ann Able and Di Dunn have no match in round 3 (match 2)"),
    (("Ann Able - Cy Cole", "1-0"), "Ann Able and Cy Cole are not paired in any match"),
])
def test_a_result_that_does_not_fit_is_refused_exit_2(tmp_path: Path, args: tuple[str, ...],
                                                      said: str) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "result", *args)
    assert code == 2 and said in out and "nothing was written" in out, out
    assert text_of(folder) == BASE


def test_correct_replaces_one_game_and_dates_a_new_match(tmp_path: Path) -> None:
    folder = write(tmp_path, BASE.replace("      - date: 2026-02-12\n", "      -\n"
                                          "        results:\n", 1).replace(
        "        results:\n          # match 2", "          # match 2", 1))
    code, out = run(folder, "result", "Bo Bell - Ann Able", "0-1", "--correct",
                    "--date", "2026-02-12")
    assert code == 0, out
    assert "(replaces ½-½)" in out and "match 2 (rounds 3-4) dated 2026-02-12" in out
    section = load_season(folder).section("ds")
    assert [i.date.isoformat() for i in section.rounds[2:4]] == ["2026-02-12"] * 2
    assert (3, "Bo Bell", "Ann Able", "0-1") in games(folder, 2)


def test_a_one_game_section_refuses_two_scores(tmp_path: Path) -> None:
    folder = write(tmp_path, "name: S\nsections:\n  - id: ds\n    name: RR\n"
                             "    format: round_robin\n    players: [A a, B b, C c, D d]\n")
    code, out = run(folder, "result", "A a - D d", "1-0 ½-½")
    assert code == 2 and "'1-0 ½-½' is two scores; a game of this section has one" in out


# ----------------------------------------------------------------- bye, withdraw


def test_a_bye_is_requested_for_a_whole_match(tmp_path: Path) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "bye", "Bo Bell", "half", "--round", "3", "--reason", "exam")
    assert code == 0, out
    assert "    byes_requested:\n      - {player: Bo Bell, round: 3, bye: half, reason: exam}\n" \
        "    rounds:\n" in text_of(folder)
    section = load_season(folder).section("ds")
    assert [(q.player, q.round, q.code) for q in ds.details(section).requests] == \
        [(2, 3, Code.HALF_BYE)]
    assert 2 in ds.absent_for(section, 3)


@pytest.mark.parametrize(("args", "said"), [
    (("Bo Bell", "half", "--round", "2"), "round 2 is paired already"),
    (("Bo Bell", "half", "--round", "4"), "round 4: the section has 3 rounds"),
])
def test_a_bye_that_does_not_fit_is_refused_exit_2(tmp_path: Path, args: tuple[str, ...],
                                                   said: str) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "bye", *args)
    assert code == 2 and said in out and "nothing was written" in out, out
    assert text_of(folder) == BASE


def test_a_withdrawal_counts_matches_and_the_next_match_leaves_the_player_out(
        tmp_path: Path) -> None:
    folder = write(tmp_path, BASE.replace("          - Cy Cole - Ed Eng:             # not"
                                          " played yet", "          - Cy Cole - Ed Eng: 1-0 1-0"
                                          ).replace("Bo Bell - Ann Able: ½-½",
                                                    "Bo Bell - Ann Able: ½-½ ½-½"))
    code, out = run(folder, "withdraw", "Ed Eng", "--after-round", "2")
    assert code == 0 and "Ed Eng withdrawn after round 2" in out, out
    assert "    withdrawals:\n      - player: Ed Eng\n        after_round: 2\n    rounds:" \
        in text_of(folder)
    section = load_season(folder).section("ds")
    assert [(w.player, w.after_round) for w in section.withdrawals] == [(5, 4)]  # game round
    paired = ds.pair_next(section)
    assert 5 not in {n for b in paired.boards for n in b} and paired.bye is None
    code, out = run(folder, "withdraw", "Ann Able", "--after-round", "4")
    assert code == 2 and "after round 4: the section has 3 rounds" in out


# ----------------------------------------------------------------- enter, freeze


def test_a_late_entry_takes_the_next_number(tmp_path: Path) -> None:
    folder = write(tmp_path)
    code, out = run(folder, "enter", "Fay Fox", "--rating", "2100")
    assert code == 0 and "Fay Fox entered as No. 6 (players)" in out, out
    assert "      - Ed Eng\n      - name: Fay Fox\n        rating: 2100\n" in text_of(folder) \
        or "      - {name: Fay Fox, rating: 2100}\n" in text_of(folder)
    assert load_season(folder).section("ds").players[5].name == "Fay Fox"


def test_freeze_writes_the_numbers_seeding_computed(tmp_path: Path) -> None:
    rated = BASE.replace("    players:\n      - Ann Able\n      - Bo Bell\n      - Cy Cole\n"
                         "      - Di Dunn\n      - Ed Eng\n",
                         "    seeding: rating\n    players:\n"
                         "      - {name: Ed Eng, rating: 1500}\n"
                         "      - {name: Ann Able, rating: 2400}\n"
                         "      - {name: Bo Bell, rating: 2300}\n"
                         "      - {name: Cy Cole, rating: 2200}\n"
                         "      - {name: Di Dunn, rating: 2100}\n")
    folder = write(tmp_path, rated)
    code, out = run(folder, "freeze")
    assert code == 0 and "pairing numbers frozen" in out, out
    text = text_of(folder)
    assert "seeding: list" in text
    assert text.index("name: Ann Able") < text.index("name: Ed Eng")
    assert [p.name for p in load_season(folder).section("ds").players][-1] == "Ed Eng"


# ----------------------------------------------------------------- the reader


def test_the_reader_takes_byes_requested_and_withdrawals(tmp_path: Path) -> None:
    text = BASE.replace("    rounds:\n", "    byes_requested:\n"
                        "      - {player: Ed Eng, round: 3, bye: full}\n"
                        "    withdrawals:\n      - {player: Di Dunn, after_round: 2}\n"
                        "    rounds:\n", 1)
    section = load_season(write(tmp_path, text)).section("ds")
    assert [(q.player, q.round, q.code) for q in ds.details(section).requests] == \
        [(5, 3, Code.FULL_BYE)]
    assert [(w.player, w.after_round) for w in section.withdrawals] == [(4, 4)]
    assert section.games[0].result is GameResult.WHITE_WINS


@pytest.mark.parametrize(("extra", "said"), [
    ("    byes_requested:\n      - {player: Zed Zane, round: 3}\n",
     "14:18: byes_requested: unknown player 'Zed Zane'"),
    ("    byes_requested:\n      - {player: Ed Eng, round: 2}\n",
     "14:9: byes_requested: Ed Eng asked for a bye in round 2 but is paired in it"),
    ("    byes_requested:\n      - {player: Ed Eng, round: 4}\n",
     "14:33: byes_requested: round 4 is beyond the last round (3)"),
    ("    withdrawals:\n      - {player: Ann Able, after_round: 0}\n",
     "14:41: Ann Able withdrew after round 0 but has a played result in round 1"),
])
def test_the_reader_names_where_a_request_or_withdrawal_is_wrong(
        tmp_path: Path, extra: str, said: str) -> None:
    folder = write(tmp_path, BASE.replace("    rounds:\n", extra + "    rounds:\n", 1))
    with pytest.raises(InputError) as info:
        load_season(folder)
    found = [str(p).removeprefix(str(folder / "season.yaml") + ":") for p in info.value.problems]
    assert any(p.startswith(said) for p in found), found


def test_a_late_entry_is_placed_in_the_initial_order_until_match_4_is_paired(
        tmp_path: Path) -> None:
    rated = BASE.replace("      - Ann Able\n      - Bo Bell\n      - Cy Cole\n"
                         "      - Di Dunn\n      - Ed Eng\n",
                         "      - {name: Ann Able, rating: 2400}\n"
                         "      - {name: Bo Bell, rating: 2300}\n"
                         "      - {name: Cy Cole, rating: 2200}\n"
                         "      - {name: Di Dunn, rating: 2100}\n"
                         "      - {name: Ed Eng, rating: 2000}\n").replace(
        "number_of_rounds: 3", "number_of_rounds: 4").replace(
        "Cy Cole - Ed Eng:             # not played yet", "Cy Cole - Ed Eng: 1-0 1-0").replace(
        "Bo Bell - Ann Able: ½-½", "Bo Bell - Ann Able: ½-½ ½-½")
    folder = write(tmp_path, rated)
    code, out = run(folder, "enter", "Fay Fox", "--rating", "2350")
    assert code == 0, out
    assert "Fay Fox entered as No. 6 (players); pairing number (TPN) 2, placed before Bo Bell"\
        in out
    assert "    pairing_order:\n      - {player: Fay Fox, before: Bo Bell}\n" in text_of(folder)
    section = load_season(folder).section("ds")
    assert ds.pairing_order(section) == (1, 6, 2, 3, 4, 5)
    paired = ds.pair_next(section)
    assert 6 in {n for b in paired.boards for n in b} | {paired.bye}
