"""Reading Swiss sections: the new keys, and every mistake reported as file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.model import Code, Colour
from leaguegen.domain.sections.swiss import ByeRequest, SwissSettings
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

BASE = """\
name: Test Swiss
sections:
  - id: open
    name: Open
    format: swiss
    number_of_rounds: 3
    players: [Ann Able, Ben Baker, Cat Cole, Dan Dye, Eve East]
    rounds:
      - date: 2026-01-01
        results:
          - Ann Able - Cat Cole: 1-0
          - Dan Dye - Ben Baker: ½-½
          - Eve East: bye
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


def test_valid_section_has_settings_byes_and_default_tiebreaks(tmp_path: Path) -> None:
    text = BASE.replace("    rounds:", "    pairing: burstein\n    acceleration: baku\n"
                        "    initial_colour: black\n    byes_requested:\n"
                        "      - {player: Cat Cole, round: 2, bye: half, reason: holiday}\n"
                        "    rounds:")
    section = load_season(write(tmp_path, text)).section("open")
    assert section.format == "swiss"
    assert section.details == SwissSettings(
        number_of_rounds=3, pairing="burstein", acceleration="baku",
        initial_colour=Colour.BLACK, requests=(ByeRequest(3, 2, Code.HALF_BYE),))
    assert [(b.round, b.player, b.code) for b in section.byes] == [(1, 5, Code.PAIRING_BYE)]
    assert [(g.round, g.white, g.black) for g in section.games] == [(1, 1, 3), (1, 4, 2)]
    assert section.tiebreaks == ("BH/C1", "BH", "SB", "DE", "WIN")
    assert [r.number for r in section.rounds] == [1, 2, 3]


def test_surname_and_hyphen_names_read_as_games(tmp_path: Path) -> None:
    text = BASE.replace("Ann Able - Cat Cole: 1-0", "Able - Cole: 1-0")
    section = load_season(write(tmp_path, text)).section("open")
    assert (section.games[0].white, section.games[0].black) == (1, 3)


CASES = {
    "missing number_of_rounds": (
        lambda t: t.replace("    number_of_rounds: 3\n", ""),
        "5:13:", "needs number_of_rounds"),
    "too many rounds for the field": (
        lambda t: t.replace("number_of_rounds: 3", "number_of_rounds: 5"),
        "6:23:", "number_of_rounds 5 needs at least 6 players"),
    "unknown pairing system": (
        lambda t: t.replace("    rounds:", "    pairing: dutchh\n    rounds:"),
        "8:14:",
        "pairing 'dutchh' is not one of dutch, burstein, dubov, lim (did you mean 'dutch'?)"),
    "unknown acceleration": (
        lambda t: t.replace("    rounds:", "    acceleration: fast\n    rounds:"),
        "8:19:", "acceleration 'fast' is not one of none, baku"),
    "bad initial colour": (
        lambda t: t.replace("    rounds:", "    initial_colour: red\n    rounds:"),
        "8:21:", "initial_colour 'red' is not one of white, black"),
    "unknown key suggests": (
        lambda t: t.replace("number_of_rounds: 3", "number_of_round: 3"),
        "6:5:", "unknown key 'number_of_round' in section (did you mean 'number_of_rounds'?)"),
    "more rounds than planned": (
        lambda t: t.replace("number_of_rounds: 3", "number_of_rounds: 1") + """\
      - date: 2026-01-08
        results:
          - Ann Able - Ben Baker:
""", "14:9:", "has number_of_rounds 1, but 2 rounds are listed"),
    "rematch": (
        lambda t: t + """\
      - date: 2026-01-08
        results:
          - Cat Cole - Ann Able: 0-1
          - Ben Baker - Eve East: 1-0
""", "16:13:", "round 2: Cat Cole and Ann Able already met in round 1"),
    "player twice in a round": (
        lambda t: t + """\
      - results:
          - Ann Able - Ben Baker:
          - Ann Able - Dan Dye:
""", "16:13:", "round 2: Ann Able appears twice in this round (first on line 15)"),
    "byes only round": (
        lambda t: t + """\
      - results:
          - Ann Able: half
""", "14:9:", "round 2 has byes but no games; byes asked for before a round is paired go"),
    "empty round": (
        lambda t: t + "      - date: 2026-01-08\n",
        "14:9:", "round 2 has no games"),
    "bad bye word": (
        lambda t: t.replace("Eve East: bye", "Eve East: byee"),
        "13:23:", "round 1: 'byee' for Eve East is not one of bye"),
    "request beyond last round": (
        lambda t: t.replace("    rounds:", "    byes_requested:\n"
                            "      - {player: Ann Able, round: 4}\n    rounds:"),
        "9:35:", "byes_requested: round 4 is beyond the last round (3)"),
    "request for a paired game": (
        lambda t: t.replace("    rounds:", "    byes_requested:\n"
                            "      - {player: Ann Able, round: 1}\n    rounds:"),
        "9:9:", "Ann Able asked for a bye in round 1 but is paired in it"),
    "request unknown player": (
        lambda t: t.replace("    rounds:", "    byes_requested:\n"
                            "      - {player: Ann Abel, round: 2}\n    rounds:"),
        "9:18:", "byes_requested: unknown player 'Ann Abel' (did you mean 'Ann Able'?)"),
    "request kind": (
        lambda t: t.replace("    rounds:", "    byes_requested:\n"
                            "      - {player: Ann Able, round: 2, bye: bye}\n    rounds:"),
        "9:43:", "bye 'bye' is not one of half, absent, zero, full"),
    "request twice": (
        lambda t: t.replace("    rounds:", "    byes_requested:\n"
                            "      - {player: Ann Able, round: 2}\n"
                            "      - {player: Able, round: 2}\n    rounds:"),
        "10:9:", "byes_requested: Ann Able asks for round 2 twice"),
    "withdrawal with a later result": (
        lambda t: t.replace("    rounds:", "    withdrawals:\n"
                            "      - {player: Ann Able, after_round: 0}\n    rounds:"),
        "9:41:", "Ann Able withdrew after round 0 but has a played result in round 1"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_problem_is_located(tmp_path: Path, name: str) -> None:
    change, where, message = CASES[name]
    found = problems(tmp_path, change(BASE))
    assert any(p.startswith(where) and message in p for p in found), found


def test_every_problem_reported_at_once(tmp_path: Path) -> None:
    text = BASE.replace("    rounds:", "    pairing: x\n    acceleration: y\n    rounds:")
    text = text.replace("Eve East: bye", "Eve East: byee")
    assert len(problems(tmp_path, text)) == 3


def test_demo_season_loads(swiss_season) -> None:
    section = swiss_season.section("open")
    assert len(section.players) == 24
    assert section.details.number_of_rounds == 7
    assert max(g.round for g in section.games) == 5
