"""PyYAML's syntax problems said in the language (issue 30), at the same place.

A season file that is not valid YAML is reported as ``file:line:col: not valid YAML:
<PyYAML's phrase>``. The phrase was PyYAML's English, dropped into the translated
sentence; ``formats/yaml_problems.py`` makes each phrase a Message with the very same
English text. Checked with libyaml's loader (the one installed here) and with PyYAML's
own Python parser, whose phrases differ.
"""

from __future__ import annotations

import re

import pytest
import yaml

from leaguegen.cli import speech
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.yaml_problems import said

BROKEN = {  # what an organiser mistypes -> the file
    "unknown escape": 'name: "Riverside\\q"\n',
    "character that cannot start": "name: @home\n",
    "second document": "name: a\n---\nname: b\n",
    "bad indentation": "name: x\nsections:\n  - id: a\n name: b\n",
    "item after mapping": "name: x\n- sections\n",
    "unicode escape": 'name: "\\u12"\n',
    "key after block scalar": "description: |\n  text\n name: x\n",
}
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def _problem(text: str, loader: type, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN202
    monkeypatch.setattr(yn, "_Loader", loader)
    col = yn.Collector("season.yaml")
    assert yn.compose(text, col) is None
    (problem,) = col.problems
    return problem


def _english_phrase(text: str, loader: type) -> str:
    try:
        yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        return exc.problem or exc.context or ""
    raise AssertionError("the text is valid YAML")


@pytest.mark.parametrize("loader", LOADERS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_yaml_problem_is_said_in_the_language(name: str, loader: type,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    text = BROKEN[name]
    problem = _problem(text, loader, monkeypatch)
    english = speech.problem(problem, "en")
    phrase = _english_phrase(text, loader)
    place = re.match(r"season\.yaml:\d+:\d+: ", english)
    assert place, english
    for lang in ("ru", "zh_Hans", "ar"):
        their = speech.problem(problem, lang)
        assert their.startswith(place.group(0)), their  # the same line and column
        if phrase in english:  # PyYAML's phrase was shown: now it is said in the language
            assert phrase not in their, f"{lang}: {their}"


def test_a_phrase_keeps_its_english_and_what_pyyaml_found() -> None:
    found = said("found character '@' that cannot start any token")
    assert isinstance(found, Message)
    assert found == "found character '@' that cannot start any token"
    assert "'@'" in speech.say(found, "ru") and "found" not in speech.say(found, "ru")
    assert said("expected ',' or '}', but got '<scalar>'") == \
        "expected ',' or '}', but got '<scalar>'"
    assert said("a phrase of a later PyYAML") == "a phrase of a later PyYAML"  # as it is
    assert said(None) == ""


def test_every_phrase_of_pyyamls_parser_that_a_season_can_meet_is_a_message() -> None:
    """The Python parser's phrases (from its source, ``%r`` filled in), but the tags',
    directives' and anchors' (aliases are refused before parsing, and a season file has
    no tags or directives)."""
    from pathlib import Path

    source = Path(yaml.__file__).parent
    phrases = set()
    for module in ("scanner.py", "parser.py", "composer.py", "reader.py"):
        phrases |= set(re.findall(r'"((?:expected|found|mapping|sequence|could|invalid|'
                                  r'special|but found)[^"]*)"',
                                  (source / module).read_text(encoding="utf-8")))
    skip = ("digit", "URI", "tag", "directive", "YAML document", "alias", "anchor",
            "indentation indicator", "chomping", "'>'", "duplicate")
    missing = [p for p in sorted(phrases) if not any(s in p for s in skip)
               and not isinstance(said(p.replace("%r", "'x'").replace("%d", "2")), Message)]
    assert not missing, missing
