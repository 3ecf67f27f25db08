"""Russian command-line messages that put a count before a noun say the noun in the form
the number takes (#29's leftovers): «не больше 1 тура», «21 тура», «2 туров», «5 туров»
after «не больше» / «из» / «всех» (the genitive), «1 тур назад», «2 тура назад», «5 туров
назад»; not one fixed form («1 туров»). Each is a plural Message, the catalogue's plural
rule picking the form, as the pages' ngettext does (docs/i18n.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import explain_words, main, speech
from leaguegen.domain.pairing.result import Relaxed, RelaxedKind
from leaguegen.errors import Message


def _plan_ru(*args: str) -> str:
    res = CliRunner().invoke(main, ["--lang", "ru", "plan", *args,
                                    "--time-control", "G/25;d5"])
    return res.output


@pytest.mark.parametrize(("players", "words"), [
    ("2", "не больше 1 тура,"), ("3", "не больше 2 туров,"), ("6", "не больше 5 туров,"),
    ("22", "не больше 21 тура,")], ids=["2", "3", "6", "22"])
def test_plan_refuses_a_swiss_too_long_in_the_number_s_form(players: str, words: str) -> None:
    out = _plan_ru("--players", players, "--format", "swiss", "--rounds", players)
    assert f"при числе участников {players} можно провести {words}" in out, out


def test_plan_advice_on_a_short_field() -> None:
    out = _plan_ru("--players", "5", "--format", "swiss")
    assert "можно провести не больше 4 туров," in out, out
    out = _plan_ru("--players", "22", "--format", "swiss", "--rounds", "9")
    assert "можно провести не больше 21 тура," in out, out


@pytest.mark.parametrize(("ago", "words"), [(1, "1 тур назад"), (2, "2 тура назад"),
                                             (5, "5 туров назад"), (21, "21 тур назад")],
                         ids=["1", "2", "5", "21"])
def test_pair_explain_floats_in_russian(ago: int, words: str) -> None:
    for kind, what in ((RelaxedKind.FLOAT_DOWN, "спуск"), (RelaxedKind.FLOAT_UP, "подъём")):
        said = speech.say(explain_words.relaxed(Relaxed("C14", 4, kind, ago)), "ru")
        assert said.startswith(f"C14: у 4 {what} в") and said.endswith(f" был и {words}")
    # the English is as it was
    assert explain_words.relaxed(Relaxed("C14", 4, RelaxedKind.FLOAT_DOWN, ago)) == \
        f"C14: 4 floated down {ago} round(s) ago as well"


# the other messages converted, said through the catalogue: (template, plural, values)
MESSAGES = [
    (("Provisional: {played} of {count} round has results",
      "Provisional: {played} of {count} rounds have results"), {"played": 0},
     "Предварительно: результаты есть в 0 из {n} {noun}", ("тура", "туров")),
    (("all {count} round (142) is paired already",
      "all {count} rounds (142) are paired already"), {},
     "жеребьёвка всех {n} {noun} (142) уже проведена", ("тура", "туров")),
    (("all {count} match is paired", "all {count} matches are paired"), {},
     "жеребьёвка всех {n} {noun} уже проведена", ("матча", "матчей")),
    (("a Swiss of {low}-{count} round", "a Swiss of {low}-{count} rounds"), {"low": 1},
     "швейцарская система в 1-{n} {noun}", ("тур", "туров")),
    (("{head}: {differ} of {count} board differs from {system}",
      "{head}: {differ} of {count} boards differ from {system}"),
     {"head": "тур 5", "differ": 1, "system": "dutch"},
     "тур 5: расхождения с dutch: 1 из {n} {noun}", ("доски", "досок")),
    (("{head}: {differ} of {count} board and the bye differ from {system}",
      "{head}: {differ} of {count} boards and the bye differ from {system}"),
     {"head": "тур 5", "differ": 2, "system": "dutch"},
     "тур 5: расхождения с dutch: 2 из {n} {noun} и бай", ("доски", "досок")),
]


@pytest.mark.parametrize(("ids", "values", "russian", "nouns"), MESSAGES,
                         ids=[m[0][1] for m in MESSAGES])
def test_the_number_s_form_in_russian(ids: tuple[str, str], values: dict, russian: str,
                                      nouns: tuple[str, str]) -> None:
    for n in (1, 21, 5, 11, 25):
        one = n % 10 == 1 and n % 100 != 11
        said = speech.say(Message(*ids, count=n, **values), "ru")
        assert said == russian.format(n=n, noun=nouns[0] if one else nouns[1])


def test_check_names_the_boards_that_differ_from_the_engine_in_russian(swiss_copy: Path
                                                                        ) -> None:
    """`check` on the demo Swiss with a round changed after pairing: the notice counts the
    boards with the noun after «из» in the genitive, and no verb to agree with the 1."""
    path = swiss_copy / "season.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("- Alexei Morozov - Patrick Doyle:",
                                 "- Patrick Doyle - Alexei Morozov:"), "utf-8")
    out = CliRunner().invoke(main, ["--lang", "ru", "check", str(swiss_copy)]).output
    assert "(изменён после жеребьёвки): расхождения с dutch: 1 из 11 досок" in out, out
