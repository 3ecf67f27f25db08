"""The chores' confirmations, the team commands' and ``check``'s notices in every language
(issue 30): what ``result``, ``withdraw``, ``checkin``, ``pair`` (a requested bye's kind)
and the team Swiss ``pair`` say when they have written, and ``check``'s notice of a round
that is not the engine's, in en, ru, zh_Hans and ar, with no English left in the others
(judged as the refusals are, by ``tests/cli/test_cli_languages.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.cli.test_cli_languages import (
    LANGS,
    _swiss,
    _team_league,
    _team_swiss,
    english_left,
    sentences_in,
    values_of,
)


def _team_swiss_longer(tmp_path: Path) -> Path:
    """The team Swiss example with two rounds more to play: ``pair`` pairs round 8."""
    folder = _team_swiss(tmp_path)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "number_of_rounds: 7", "number_of_rounds: 9", 1), encoding="utf-8")
    return folder


def _team_swiss_by_hand(tmp_path: Path) -> Path:
    """The team Swiss example cut after round 3, written by hand with no results yet and
    one match's teams the other way round (as tests/test_team_swiss.py)."""
    from tests.test_team_swiss import split_rounds

    folder = _team_swiss(tmp_path)
    path = folder / "season.yaml"
    head, rounds = split_rounds(path.read_text(encoding="utf-8"))
    three = re.sub(r"(?m)^              - .*\n", "", rounds[2])
    swapped = three.replace("- Castlegate - Aldermoor:", "- Aldermoor - Castlegate:", 1)
    path.write_text(head + "".join(rounds[:2]) + swapped, encoding="utf-8")
    return folder


TEAM = ["--section", "division-1", "--round", "6"]
# (name, how to make the folder, the arguments: {dir} is the folder)
CONFIRMATIONS = [
    ("team-result-card", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "1-0 1-0 ½-½ 0-1", *TEAM]),
    ("team-result-board", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "1-0", "--board", "2", *TEAM]),
    ("team-result-default", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "+-", *TEAM]),
    ("team-withdraw", _team_league,
     ["withdraw", "{dir}", "Old Mill", "--section", "division-1", "--after-round", "5"]),
    ("team-swiss-pair", _team_swiss_longer, ["pair", "{dir}", "--section", "open"]),
    ("team-swiss-check-notice", _team_swiss_by_hand, ["check", "{dir}"]),
    ("swiss-pair-with-a-requested-bye", _swiss,
     ["pair", "{dir}", "--section", "open", "--allow-postponed"]),
    ("checkin", _swiss, ["checkin", "{dir}", "Owen Price", "Jack Thornton", "--section",
                         "open"]),
]


def run(tmp_path: Path, lang: str, make, args: list[str]) -> tuple[int, str]:
    folder = make(tmp_path / lang)
    argv = ["--lang", lang] + [a.replace("{dir}", str(folder)) for a in args]
    result = CliRunner().invoke(main, argv)
    return result.exit_code, result.output.replace(str(tmp_path / lang), "DIR")


@pytest.mark.parametrize("name,make,args", CONFIRMATIONS, ids=[c[0] for c in CONFIRMATIONS])
def test_a_confirmation_in_every_language(tmp_path: Path, name: str, make, args) -> None:
    said = {lang: run(tmp_path, lang, make, args) for lang in LANGS}
    code, english = said["en"]
    assert code == 0, f"{name}: exit {code}\n{english}"
    values = values_of(said["ar"][1])
    assert not sentences_in(values), f"{name}: English said as a value: {sentences_in(values)}"
    for lang in LANGS[1:]:
        their_code, output = said[lang]
        assert their_code == 0, f"{name} in {lang}: exit {their_code}\n{output}"
        assert output.count("\n") == english.count("\n"), output
        assert output != english, f"{name} said in English in {lang}:\n{output}"
        left = english_left(output, values)
        assert not left, f"{name} in {lang}: English left {left}:\n{output}"
