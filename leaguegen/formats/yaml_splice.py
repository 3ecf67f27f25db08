"""Adding lines to a YAML file as text, at places the node tree gives, in the file's style.

Used by ``formats.season_write`` to add a round to a section without rewriting
anything else: the new lines go after the last line of the section's last round,
with that round's indentation (or, for a first round, the indentation of the file's
other lists), names quoted only when YAML would misread them. ``check_appended``
parses the result again and compares it with the old tree, so a layout this module
does not foresee is refused rather than written.

Positions are the character offsets of PyYAML's marks (libyaml's and the pure-Python
composer's agree, for CRLF, CR and non-ASCII text alike; tests/formats cover both).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass

import yaml

_BREAKS = "\r\n\x85\u2028\u2029"  # what YAML counts as a line break
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SpliceError(ValueError):
    """The text cannot be changed as asked without rewriting other lines."""


def compose(text: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        raise SpliceError(f"not valid YAML ({exc}); run `leaguegen check`") from None


def get(node: yaml.Node | None, key: str) -> yaml.Node | None:
    """The value of ``key`` in a mapping node (None if absent or not a mapping)."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return v
    return None


def scalar_text(node: yaml.Node | None) -> str | None:
    return node.value.strip() if isinstance(node, yaml.ScalarNode) else None


def yaml_scalar(text: str) -> str:
    """``text`` as a YAML scalar that reads back as exactly ``text``: plain if it can be."""
    if text and text == text.strip() and not any(c in text for c in "\"'#\\") and \
            text.isprintable():
        try:
            back = yaml.safe_load(f"{text}: x")
        except yaml.YAMLError:
            back = None
        if back == {text: "x"}:
            return text
    return json.dumps(text, ensure_ascii=False)  # JSON strings are YAML double-quoted scalars


@dataclass(frozen=True, slots=True)
class NewRound:
    """A round to add: its date and its result lines as (key, value or None for empty)."""

    date: dt.date | None
    lines: tuple[tuple[str, str | None], ...]

    @classmethod
    def pairings(cls, games: Sequence[tuple[str, str]], byes: Sequence[tuple[str, str]] = (),
                 date: dt.date | None = None) -> NewRound:
        """Games as ``White - Black:`` with the score left empty, byes as ``Name: kind``."""
        lines = [(f"{white} - {black}", None) for white, black in games]
        lines += [(name, kind) for name, kind in byes]
        return cls(date, tuple(lines))

    def expected(self) -> list[tuple[object, object]]:
        """What the new round must read back as (see ``_node_value``)."""
        out: list[tuple[object, object]] = []
        if self.date is not None:
            out.append(("date", self.date.isoformat()))
        out.append(("results", [[(key, value)] for key, value in self.lines]))
        return out


def _line_start(text: str, index: int) -> int:
    """Offset of the start of the line holding ``index``."""
    return max(text.rfind(c, 0, index) for c in _BREAKS) + 1


def _after_line(text: str, index: int) -> int:
    """Offset just past the line break that ends the line holding ``index``."""
    if index > 0 and text[index - 1] in _BREAKS:
        return index  # a block scalar's end mark is already at the next line
    ends = [i for i in (text.find(c, index) for c in _BREAKS) if i >= 0]
    if not ends:
        return len(text)
    end = min(ends)
    return end + 2 if text.startswith("\r\n", end) else end + 1


def _content_end(node: yaml.Node) -> int:
    """Offset where the last character of a node's own content ends (not its trailing
    comments: PyYAML's end mark of a block collection lies at the next token)."""
    if isinstance(node, yaml.ScalarNode):
        return node.end_mark.index
    if node.flow_style:
        return node.end_mark.index
    ends = [node.start_mark.index]
    for child in node.value:
        if isinstance(child, tuple):
            ends.extend(_content_end(c) for c in child)
        else:
            ends.append(_content_end(child))
    return max(ends)


def _column(text: str, index: int) -> int:
    return index - _line_start(text, index)


def _dash(text: str, item: yaml.Node) -> tuple[int, bool] | None:
    """Column of the ``-`` that opens a block sequence item, and whether the item's
    content starts on the dash's line (``- date: ...`` rather than ``-`` then a line)."""
    i = item.start_mark.index - 1
    same_line = True
    while i >= 0 and text[i] in " \t" + _BREAKS:
        same_line = same_line and text[i] not in _BREAKS
        i -= 1
    if i < 0 or text[i] != "-":
        return None
    return _column(text, i), same_line


@dataclass(frozen=True, slots=True)
class _Layout:
    dash: int  # column of a round's "-"
    key: int  # column of a round's keys
    result_dash: int  # column of a result line's "-"


def _style(text: str, node: yaml.Node) -> tuple[int, int] | None:
    """(dash column - key column, content column - dash column) of the first block list of
    mappings found under ``node``: how this file indents its lists."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for key, value in node.value:
        if isinstance(value, yaml.SequenceNode) and value.value and not value.flow_style:
            item = value.value[0]
            found = _dash(text, item)
            if found is not None:
                dash, same_line = found
                step = item.start_mark.column - dash if same_line else 2
                return dash - key.start_mark.column, max(step, 2)
        inner = _style(text, value)
        if inner is not None:
            return inner
    return None


def _layout(text: str, doc: yaml.Node, section: yaml.MappingNode, rounds_key_col: int,
            rounds: yaml.Node | None) -> _Layout:
    """Copy the indentation of the last round, else of the file's other lists."""
    seq_step, item_step = _style(text, section) or _style(text, doc) or (2, 2)
    if isinstance(rounds, yaml.SequenceNode) and rounds.value and not rounds.flow_style:
        last = rounds.value[-1]
        found = _dash(text, last)
        if found is not None:
            dash, same_line = found
            block = isinstance(last, yaml.MappingNode) and not last.flow_style
            key = last.start_mark.column if block and same_line else dash + item_step
            if block and not same_line:
                key = last.start_mark.column
            results = get(last, "results")
            if isinstance(results, yaml.SequenceNode) and results.value and \
                    not results.flow_style:
                rdash = _dash(text, results.value[-1])
                if rdash is not None:
                    return _Layout(dash, key, rdash[0])
            return _Layout(dash, key, key + (dash - rounds_key_col))
    dash = rounds_key_col + seq_step
    return _Layout(dash, dash + item_step, dash + item_step + seq_step)


def _render_round(wanted: NewRound, layout: _Layout, newline: str,
                  comment: str | None) -> str:
    lines: list[str] = []
    if comment:
        for part in comment.splitlines() or [""]:
            lines.append(" " * layout.dash + "# " + part if part else " " * layout.dash + "#")
    first = True

    def key_line(body: str) -> None:
        nonlocal first
        if first:
            lines.append(" " * layout.dash + "- " + " " * (layout.key - layout.dash - 2) + body)
            first = False
        else:
            lines.append(" " * layout.key + body)

    if wanted.date is not None:
        key_line(f"date: {wanted.date.isoformat()}")
    key_line("results:")
    for key, value in wanted.lines:
        body = f"{yaml_scalar(key)}:" if value is None else \
            f"{yaml_scalar(key)}: {yaml_scalar(value)}"
        lines.append(" " * layout.result_dash + "- " + body)
    return "".join(line + newline for line in lines)


def splice_round(text: str, newline: str, doc: yaml.Node, section: yaml.MappingNode,
                 wanted: NewRound, comment: str | None = None) -> str:
    """``text`` with one more round at the end of the section's ``rounds``; new lines end
    with ``newline`` (the file's own)."""
    rounds_key = next((k for k, _ in section.value
                       if isinstance(k, yaml.ScalarNode) and k.value == "rounds"), None)
    rounds = get(section, "rounds")
    if rounds_key is None:
        # no rounds yet: a "rounds:" key after the section's last line, at its keys' column
        col = section.value[0][0].start_mark.column if section.value else 0
        at = _after_line(text, _content_end(section))
        layout = _layout(text, doc, section, col, None)
        body = " " * col + "rounds:" + newline
        return _join(text, at, body + _render_round(wanted, layout, newline, comment),
                     newline)
    layout = _layout(text, doc, section, rounds_key.start_mark.column, rounds)
    if isinstance(rounds, yaml.SequenceNode) and not rounds.flow_style:
        at = _after_line(text, _content_end(rounds))
        return _join(text, at, _render_round(wanted, layout, newline, comment), newline)
    empty_flow = isinstance(rounds, yaml.SequenceNode) and not rounds.value
    null = isinstance(rounds, yaml.ScalarNode) and rounds.tag.endswith(":null") and \
        not rounds.style
    if not (empty_flow or null):
        shape = "a flow list [...]" if isinstance(rounds, yaml.SequenceNode) else "one value"
        raise SpliceError(f"line {rounds.start_mark.line + 1}: 'rounds' is written as"
                         f" {shape}; write it as a block list (one '- date: ...' per round)"
                         " so that a round can be added without rewriting it")
    # "rounds: []", "rounds: ~" or "rounds:": the value goes, a comment after it stays
    start, end = rounds.start_mark.index, rounds.end_mark.index
    line_end = _after_line(text, end)
    rest = text[end:line_end]
    if rest.strip(" \t" + _BREAKS):
        head = text[:start] + " " * (end - start) + rest  # the comment keeps its column
    else:
        head = text[:start].rstrip(" \t") + rest.lstrip(" \t")
    if not head.endswith(tuple(_BREAKS)):
        head += newline
    return head + _render_round(wanted, layout, newline, comment) + text[line_end:]


def _join(text: str, at: int, body: str, newline: str) -> str:
    head = text[:at]
    if head and not head.endswith(tuple(_BREAKS)):
        head += newline  # the file ended without a line break
    return head + body + text[at:]


def _node_value(node: yaml.Node, skip: yaml.Node | None = None,
                empty: yaml.Node | None = None) -> object:
    """A node tree as plain lists (mappings as lists of pairs, in order).

    ``skip``: a sequence item to leave out; ``empty``: a node read as an empty list
    (the ``rounds: []`` / ``rounds:`` that the first round replaces).
    """
    if node is empty:
        return []
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag.endswith(":null") and not node.style else node.value
    if isinstance(node, yaml.SequenceNode):
        return [_node_value(n, skip, empty) for n in node.value if n is not skip]
    return [(_node_value(k, skip, empty), _node_value(v, skip, empty)) for k, v in node.value]


def find_section(doc: yaml.Node | None, section_id: str) -> yaml.MappingNode | None:
    if isinstance(doc, yaml.MappingNode) and scalar_text(get(doc, "id")) == section_id:
        return doc
    sections = get(doc, "sections")
    for item in sections.value if isinstance(sections, yaml.SequenceNode) else []:
        if isinstance(item, yaml.MappingNode) and scalar_text(get(item, "id")) == section_id:
            return item
    return None


def check_appended(new_text: str, section_id: str, old_doc: yaml.Node,
                    old: yaml.MappingNode, wanted: NewRound) -> None:
    """Parse the new text: the section has exactly one more round, the one wanted, and
    everything else in the file reads exactly as before."""
    doc = compose(new_text)
    section = find_section(doc, section_id)
    old_rounds = get(old, "rounds")
    before = len(old_rounds.value) if isinstance(old_rounds, yaml.SequenceNode) else 0
    rounds = get(section, "rounds") if section is not None else None
    problem = None
    if not isinstance(rounds, yaml.SequenceNode) or len(rounds.value) != before + 1 or \
            _node_value(rounds.value[-1]) != wanted.expected():
        problem = "the new round would not read back as written"
    else:
        was = _node_value(old_doc, empty=old_rounds if before == 0 else None)
        now = _node_value(doc, skip=rounds.value[-1])
        if old_rounds is None:  # "rounds:" was added at the end of the section
            now = _node_value(doc, skip=rounds.value[-1], empty=rounds)
            was = _with_rounds_key(old_doc, old)
        if was != now:
            problem = "the rest of the file would not read as before"
    if problem:
        raise SpliceError(f"internal: {problem}; nothing was changed (please report this"
                          " file's layout)")


def _with_rounds_key(doc: yaml.Node, section: yaml.MappingNode) -> object:
    """The old tree's value with ``rounds: []`` appended to the section that had none."""
    def value(node: yaml.Node) -> object:
        if isinstance(node, yaml.ScalarNode):
            return _node_value(node)
        if isinstance(node, yaml.SequenceNode):
            return [value(n) for n in node.value]
        pairs = [(value(k), value(v)) for k, v in node.value]
        return pairs + [("rounds", [])] if node is section else pairs

    return value(doc)
