"""The splice's in-place edits (``formats/yaml_splice.py``) and the chores made of them
(``formats/season_edits.py``): only the lines they must change, every comment kept, in
the file's own indentation and line endings; anything they cannot do cleanly is refused."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.formats import season_edits as se
from leaguegen.formats import yaml_splice as ys
from leaguegen.formats.season_yaml import load_season
from tests.formats.test_season_writeback import STYLES, Style, season_text


def _doc(text: str):  # noqa: ANN202
    doc = ys.compose(text)
    return doc, ys.find_section(doc, "open") or doc


def changes(before: str, after: str) -> list[tuple[str, list[str], list[str]]]:
    """The diff as (op, old lines, new lines)."""
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    return [(op, a[i1:i2], b[j1:j2]) for op, i1, i2, j1, j2 in
            difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op != "equal"]


# ---------------------------------------------------------------- set_value

def test_set_value_fills_an_empty_score_and_keeps_the_comment_after_it() -> None:
    text = "results:\n  - A - B:    # postponed\n  - C - D: 1-0\n"
    doc = ys.compose(text)
    line = ys.get(doc, "results").value[0]
    new = ys.set_value(text, doc, line, "A - B", "½-½")
    assert new == "results:\n  - A - B: ½-½    # postponed\n  - C - D: 1-0\n"


def test_set_value_replaces_only_the_value_in_block_and_flow_mappings() -> None:
    text = "a: 1   # one\nb: {x: 2, y: three}  # flow\n"
    doc = ys.compose(text)
    new = ys.set_value(text, doc, doc, "a", "10")
    assert new == "a: 10   # one\nb: {x: 2, y: three}  # flow\n"
    doc = ys.compose(new)
    new = ys.set_value(new, doc, ys.get(doc, "b"), "y", "a, b")
    assert new == 'a: 10   # one\nb: {x: 2, y: "a, b"}  # flow\n'  # quoted: a comma in flow


def test_set_value_refuses_a_block_scalar() -> None:
    text = "a: |\n  two\n  lines\nb: 1\n"
    doc = ys.compose(text)
    with pytest.raises(ys.SpliceError, match="not a one-line value"):
        ys.set_value(text, doc, doc, "a", "x")


# ---------------------------------------------------------------- append_item

def test_append_item_follows_the_last_items_indentation() -> None:
    text = "s:\n    list:\n        -   {a: 1}   # first\n    rounds: []\n"
    doc = ys.compose(text)
    mapping = ys.get(doc, "s")
    new = ys.append_item(text, "\n", doc, mapping, "list", ["{a: 2}"], [("a", "2")])
    assert new == "s:\n    list:\n        -   {a: 1}   # first\n        -   {a: 2}\n" \
                  "    rounds: []\n"


def test_append_item_makes_the_list_before_rounds_and_the_comments_above_it() -> None:
    text = "s:\n  id: x\n  # the rounds\n  rounds:\n    - date: 2026-01-01\n"
    doc = ys.compose(text)
    new = ys.append_item(text, "\n", doc, ys.get(doc, "s"), "withdrawals",
                         ["player: A", "after_round: 1"],
                         [("player", "A"), ("after_round", "1")], before="rounds")
    assert new == ("s:\n  id: x\n  withdrawals:\n    - player: A\n      after_round: 1\n"
                   "  # the rounds\n  rounds:\n    - date: 2026-01-01\n")


@pytest.mark.parametrize("empty", ["[]", "", "~", "[]   # none yet"])
def test_append_item_fills_an_empty_list(empty: str) -> None:
    text = f"s:\n  id: x\n  late_entries: {empty}\n  rounds: []\n".replace(": \n", ":\n")
    doc = ys.compose(text)
    new = ys.append_item(text, "\n", doc, ys.get(doc, "s"), "late_entries", ["{name: Z}"],
                         [("name", "Z")])
    assert "  - {name: Z}\n  rounds: []\n" in new
    if "#" in empty:
        assert "# none yet" in new


def test_append_item_refuses_a_flow_list_with_items() -> None:
    text = "s:\n  late_entries: [{name: A}]\n"
    doc = ys.compose(text)
    with pytest.raises(ys.SpliceError, match="not written as a block list"):
        ys.append_item(text, "\n", doc, ys.get(doc, "s"), "late_entries", ["{name: Z}"],
                       [("name", "Z")])


# ---------------------------------------------------------------- reorder_items

def test_reorder_moves_each_item_with_its_comments() -> None:
    text = ("players:\n"
            "  # the list, board order\n"
            "  - A   # captain\n"
            "  # joined in May\n"
            "  - name: B\n"
            "    rating: 1\n"
            "\n"
            "  -\n"
            "    name: C\n"
            "rounds: []\n")
    doc = ys.compose(text)
    new = ys.reorder_items(text, "\n", doc, ys.get(doc, "players"), [2, 0, 1])
    assert new == ("players:\n"
                   "  # the list, board order\n"
                   "  -\n"
                   "    name: C\n"
                   "  - A   # captain\n"
                   "\n"
                   "  # joined in May\n"
                   "  - name: B\n"
                   "    rating: 1\n"
                   "rounds: []\n")


def test_reorder_at_the_end_of_a_file_without_a_final_line_break() -> None:
    text = "players:\n  - A\n  - B"
    doc = ys.compose(text)
    assert ys.reorder_items(text, "\n", doc, ys.get(doc, "players"), [1, 0]) == \
        "players:\n  - B\n  - A"


def test_reorder_refuses_a_flow_list() -> None:
    text = "players: [A, B]\n"
    doc = ys.compose(text)
    with pytest.raises(ys.SpliceError, match="flow style"):
        ys.reorder_items(text, "\n", doc, ys.get(doc, "players"), [1, 0])


def test_comment_out_keeps_the_line_visible() -> None:
    text = "id: x\nvarma_by: club   # by club\nseed: 3\n"
    doc = ys.compose(text)
    assert ys.comment_out(text, "\n", doc, doc, "varma_by", "frozen") == \
        "id: x\n# varma_by: club   # by club  (frozen)\nseed: 3\n"


# ---------------------------------------------------------------- a property over layouts

COMMENT = "# note {}"


def _with_comments(text: str, newline: str, picks: list[tuple[int, int, bool]]) -> str:
    """``text`` with comments added: (line index, column, trailing or a line of its own)."""
    lines = text.split(newline)
    for n, (index, col, trailing) in enumerate(picks):
        i = index % len(lines)
        if trailing:
            if lines[i].strip() and not lines[i].lstrip().startswith(("---", "...", "#")) \
                    and "#" not in lines[i]:
                lines[i] += "   " + COMMENT.format(n)
        elif i > 0 and not lines[i - 1].startswith("---") or i > 1:
            lines.insert(i, " " * col + COMMENT.format(n))
    return newline.join(lines)


def _seeded(text: str, newline: str) -> str:
    """The style fixture with ``seeding: rating`` after its number_of_rounds line."""
    return re.sub(r"^( *)(number_of_rounds: 5)\r?$", lambda m: m.group(0).rstrip("\r") +
                  newline + m.group(1) + "seeding: rating" + ("\r" if newline == "\r\n" else ""),
                  text, count=1, flags=re.M)


def _shuffle_players(text: str, newline: str, order: list[int]) -> str:
    lines = text.split(newline)
    at = [i for i, line in enumerate(lines) if line.lstrip().startswith("- {name: Player")]
    block = [lines[i] for i in at]
    for i, j in zip(at, order, strict=True):
        lines[i] = block[j]
    return newline.join(lines)


def _comments(text: str) -> list[str]:
    return sorted(m.group(0) for m in re.finditer(r"# [^\r\n]*", text))


styles = st.builds(Style, seq=st.sampled_from([0, 2, 4]), item=st.sampled_from([2, 3, 4]),
                   newline=st.sampled_from(["\n", "\r\n"]), bom=st.booleans(),
                   trailing=st.sampled_from(["", "# next round on Thursday"]),
                   final_newline=st.booleans(), inline=st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(style=styles, picks=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 12),
                                              st.booleans()), max_size=8),
       order=st.permutations(range(6)))
def test_every_chore_keeps_every_comment_in_any_layout(tmp_path_factory, style: Style,
                                                       picks: list, order: list[int]) -> None:
    text, sub = season_text(style)
    nl = style.newline
    body = sub or text
    body = _with_comments(_shuffle_players(_seeded(body, nl), nl, order), nl, picks)
    folder = tmp_path_factory.mktemp("s")
    if sub:
        (folder / "season.yaml").write_text(text, encoding="utf-8", newline="")
    path = folder / ("open.yaml" if sub else "season.yaml")
    path.write_text(body, encoding="utf-8", newline="")
    section = load_season(folder).section("open")
    numbers = [p.name for p in section.players]
    assert section.seeding == "rating"

    new = se.freeze(body, nl, "open", numbers, "rating", None)
    new = se.add_withdrawal(new, nl, "open", numbers[5], 2, "moved: away")
    new = se.add_bye_request(new, nl, "open", numbers[0], 4, "half", None)
    new = se.add_entry(new, nl, "open", "players", [("name", "Late, Comer"), ("rating", 1999)])
    key = ys.get(ys.find_section(ys.compose(new), "open"), "rounds").value[1]
    game = ys.get(key, "results").value[0].value[0][0].value
    new = se.set_result(new, nl, "open", 2, game, "0-1", lambda k: k == game)

    assert _comments(new) == sorted(_comments(body) + [
        "# Pairing numbers frozen from seeding: rating (by leaguegen):",
        "# the players are listed in number order; a new rating or player moves no number."])
    if nl == "\r\n":
        assert new.count("\n") == new.count("\r\n")
    else:
        assert "\r" not in new
    path.write_text(new, encoding="utf-8", newline="")
    after = load_season(folder).section("open")
    assert [p.name for p in after.players] == numbers + ["Late, Comer"]
    assert after.seeding == "list"
    assert [(w.player, w.after_round) for w in after.withdrawals] == [(6, 2)]
    assert [(q.player, q.round) for q in after.details.requests] == [(1, 4)]
    changed = [g for g, h in zip(section.games, after.games, strict=True) if g != h]
    assert len(changed) == 1 and changed[0].round == 2


@pytest.mark.parametrize("style", STYLES, ids=repr)
def test_a_result_changes_one_line(style: Style) -> None:
    text, sub = season_text(style)
    body = sub or text
    doc, section = _doc(body)
    game = ys.get(ys.get(section, "rounds").value[0], "results").value[0].value[0][0].value
    new = se.set_result(body, style.newline, "open", 1, game, "½-½", lambda k: k == game)
    ((op, old, now),) = changes(body, new)
    assert op == "replace" and len(old) == len(now) == 1
    assert now[0] == old[0].replace(": 1-0", ": ½-½")


def test_freeze_refuses_players_that_are_not_the_numbered_ones(tmp_path: Path) -> None:
    text = "sections:\n  - id: open\n    seeding: rating\n    players:\n      - A\n      - B\n"
    with pytest.raises(ys.SpliceError, match="not the players numbered"):
        se.freeze(text, "\n", "open", ["A", "C"], "rating", None)
