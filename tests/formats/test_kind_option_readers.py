"""The generic option readers the quads and Scheveningen readers use, and what they read.

``read_enum`` (a choice among an enumeration's values) and ``read_whole`` (a whole
number with a default) live in ``formats/options.py``; the kind readers build
their typed details (``GroupingRule``, ``MatchPoints``) from them.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from leaguegen.domain.schedule import quads as q
from leaguegen.domain.schedule.scheveningen import MatchPoints
from leaguegen.domain.sections.quads import details as quads_details
from leaguegen.domain.sections.scheveningen import details as match_details
from leaguegen.errors import InputError
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_enum, read_whole
from leaguegen.formats.season_yaml import load_season


def node(text: str) -> tuple[yaml.Node | None, yn.Ctx]:
    col = yn.Collector("season.yaml")
    root = yn.compose(f"key: {text}\n", col)
    assert isinstance(root, yaml.MappingNode)
    return root.value[0][1], yn.Ctx(col, Path("."))


def messages(ctx: yn.Ctx) -> list[str]:
    return [f"{p.line}:{p.col}: {p.message}" for p in ctx.col.problems]


def test_read_enum_reads_a_value_or_keeps_the_default() -> None:
    value, ctx = node("top")
    assert read_enum(value, ctx, "fold", q.Fold.BOTTOM) is q.Fold.TOP
    value, ctx = node("~")
    assert read_enum(value, ctx, "fold", q.Fold.TOP) is q.Fold.TOP
    assert read_enum(None, ctx, "remainder3", q.Remainder3.SEVEN) is q.Remainder3.SEVEN
    assert not ctx.col.problems


def test_read_enum_refuses_another_word_at_its_place() -> None:
    value, ctx = node("sevn")
    assert read_enum(value, ctx, "remainder3", q.Remainder3.FIVE_AND_SIX) is \
        q.Remainder3.FIVE_AND_SIX
    assert messages(ctx) == ["1:6: remainder3 'sevn' is not one of five_and_six, seven, three"
                             " (did you mean 'seven'?)"]


@pytest.mark.parametrize(("text", "expected", "problem"), [
    ("3", 3, None),
    ("0", 0, None),
    ("~", 2, None),
    ("two", 2, "1:6: match_points.win must be a whole number, not 'two'"),
    ("-1", 2, "1:6: match_points.win must be at least 0, not -1"),
    ("1.5", 2, "1:6: match_points.win must be a whole number, not '1.5'"),
])
def test_read_whole(text: str, expected: int, problem: str | None) -> None:
    value, ctx = node(text)
    assert read_whole(value, ctx, "match_points.win", 2) == expected
    assert messages(ctx) == ([problem] if problem else [])


def season(tmp_path: Path, section: str) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "season.yaml").write_text("name: T\nsections:\n" + textwrap.indent(
        textwrap.dedent(section), "  "), encoding="utf-8")
    return folder


MATCH = """\
- id: m
  name: M
  format: scheveningen
  teams:
    - {name: Reds, players: [R1, R2]}
    - {name: Blues, players: [B1, B2]}
"""


@pytest.mark.parametrize(("points", "expected"), [
    ("", MatchPoints(2, 1, 0)),
    ("  match_points: {win: 3}\n", MatchPoints(3, 1, 0)),
    ("  match_points: {draw: 2, loss: 1, win: 4}\n", MatchPoints(4, 2, 1)),
])
def test_match_points_keep_the_default_of_a_key_not_given(tmp_path: Path, points: str,
                                                         expected: MatchPoints) -> None:
    section = load_season(season(tmp_path, MATCH + points)).section("m")
    assert match_details(section).match_points == expected


def test_negative_match_points_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        load_season(season(tmp_path, MATCH + "  match_points: {loss: -1}\n"))
    assert [p.message for p in err.value.problems] == [
        "match_points.loss must be at least 0, not -1"]


QUADS = """\
- id: q
  name: Q
  format: quads
  players: [A, B, C, D, E, F, G, H]
"""


@pytest.mark.parametrize(("options", "rule"), [
    ("", q.GroupingRule()),
    ("  fold: top\n  remainder3: three\n  double: true\n  seeding: list\n",
     q.GroupingRule(q.Fold.TOP, q.Remainder3.THREE, q.Seeding.LIST, True)),
])
def test_quads_rule_from_its_options(tmp_path: Path, options: str, rule: q.GroupingRule
                                     ) -> None:
    section = load_season(season(tmp_path, QUADS + options)).section("q")
    assert quads_details(section).rule == rule
