"""Adding lines to a YAML file as text, at places the node tree gives, in the file's style.

Also the few in-place edits the chores need (see "edits of existing lines" below):
set one value, add an item to a list, move a list's items, add or comment out a line.

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

from leaguegen.errors import Message

_BREAKS = "\r\n\x85\u2028\u2029"  # what YAML counts as a line break
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SpliceError(ValueError):
    """The text cannot be changed as asked without rewriting other lines."""


def compose(text: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        raise SpliceError(Message("not valid YAML ({exc}); run `leaguegen check`",
                                  exc=exc)) from None


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
    paired_by: str | None = None  # the engine's marker, after the results (swiss_record.py)

    @classmethod
    def pairings(cls, games: Sequence[tuple[str, str]], byes: Sequence[tuple[str, str]] = (),
                 date: dt.date | None = None, paired_by: str | None = None) -> NewRound:
        """Games as ``White - Black:`` with the score left empty, byes as ``Name: kind``."""
        lines = [(f"{white} - {black}", None) for white, black in games]
        lines += [(name, kind) for name, kind in byes]
        return cls(date, tuple(lines), paired_by)

    def expected(self) -> list[tuple[object, object]]:
        """What the new round must read back as (see ``_node_value``)."""
        out: list[tuple[object, object]] = []
        if self.date is not None:
            out.append(("date", self.date.isoformat()))
        out.append(("results", [[(key, value)] for key, value in self.lines]))
        if self.paired_by is not None:
            out.append(("paired_by", self.paired_by))
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
    if wanted.paired_by is not None:
        key_line(f"paired_by: {yaml_scalar(wanted.paired_by)}")
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
        raise SpliceError(Message("line {value}: 'rounds' is written as {shape}; write it as a "
                                  "block list (one '- date: ...' per round) so that a round can "
                                  "be added without rewriting it",
                                  value=rounds.start_mark.line + 1, shape=shape))
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
        raise SpliceError(Message("internal: {problem}; nothing was changed (please report this "
                                  "file's layout)",
                                  problem=problem))


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


# ---------------------------------------------------------------- edits of existing lines
#
# The chores (``leaguegen result``, ``withdraw``, ``enter``, ``bye``, ``freeze``) change a
# season through these few primitives. Each one changes as little text as it can (one
# value, new lines after a list, whole lines moved), and each one checks its own work:
# the new text is parsed again and must read exactly as the old tree with that one change
# applied (``plain`` with an override), so a layout it does not foresee is refused, never
# written.


def plain(node: yaml.Node | None, replace: dict[int, object] | None = None) -> object:
    """A node tree as plain lists (mappings as lists of pairs); ``replace`` maps
    ``id(node)`` to the plain value to use for that node instead (an edit's expectation)."""
    if node is None:
        return None
    if replace and id(node) in replace:
        return replace[id(node)]
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag.endswith(":null") and not node.style else node.value
    if isinstance(node, yaml.SequenceNode):
        return [plain(n, replace) for n in node.value]
    return [(plain(k, replace), plain(v, replace)) for k, v in node.value]


def _verify(new_text: str, old_doc: yaml.Node, replace: dict[int, object], what: str) -> str:
    """``new_text`` if it reads as ``old_doc`` with ``replace`` applied, else SpliceError."""
    if plain(compose(new_text)) != plain(old_doc, replace):
        raise SpliceError(Message("internal: {what} would not read back as intended; nothing "
                                  "was changed (please report this file's layout)",
                                  what=what))
    return new_text


def key_node(mapping: yaml.Node | None, key: str) -> yaml.ScalarNode | None:
    """The key node of ``key`` in a mapping (None if absent)."""
    if isinstance(mapping, yaml.MappingNode):
        for k, _ in mapping.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return k
    return None


def _one_line_scalar(text: str, node: yaml.Node) -> bool:
    if not isinstance(node, yaml.ScalarNode) or node.style in ("|", ">"):
        return False
    return not any(c in text[node.start_mark.index:node.end_mark.index] for c in _BREAKS)


def _plain_reads_back(probe: str, text: str, flow: bool) -> bool:
    try:
        doc = yaml.compose(probe, Loader=LOADER)
    except yaml.YAMLError:
        return False
    value = doc.value[0][1] if isinstance(doc, yaml.MappingNode) and doc.value else None
    return isinstance(value, yaml.ScalarNode) and not value.style and value.value == text \
        and not value.tag.endswith(":null") and (not flow or not any(c in text for c in ",[]{}"))


def value_scalar(text: str, flow: bool = False) -> str:
    """``text`` as a mapping value (in a flow mapping when ``flow``) that reads back as
    exactly ``text``: plain if it can be (``1850``, ``1-0``), else double-quoted. The
    loader reads every value as its text, so a plain ``1850`` is the string it was."""
    if text and text == text.strip() and "#" not in text and text.isprintable() and \
            _plain_reads_back("{k: " + text + "}" if flow else "k: " + text, text, flow):
        return text
    return json.dumps(text, ensure_ascii=False)


def set_value(text: str, doc: yaml.Node, mapping: yaml.MappingNode, key: str,
              value: str) -> str:
    """The value of an existing ``key`` of ``mapping`` (block or flow) set to the scalar
    ``value``, in place: only that value's characters change (``key:`` with nothing after
    it gets `` value``), so a comment after it stays where it is."""
    vnode = get(mapping, key)
    if vnode is None or key_node(mapping, key) is None:
        raise SpliceError(Message("internal: no key '{key}' to set", key=key))
    if not _one_line_scalar(text, vnode):
        raise SpliceError(Message("line {value}: '{key}' is not a one-line value; change it by "
                                  "hand",
                                  value=vnode.start_mark.line + 1, key=key))
    start, end = vnode.start_mark.index, vnode.end_mark.index
    new = value_scalar(value, flow=bool(mapping.flow_style))
    if start == end:  # "key:" with nothing after it
        new = " " + new
    return _verify(text[:start] + new + text[end:], doc, {id(vnode): value},
                   f"the new '{key}'")


def _prev_line_start(text: str, at: int) -> int:
    """Start of the line before the one starting at ``at`` (a CRLF counts as one break)."""
    end = at - 2 if text.startswith("\r\n", at - 2) else at - 1
    return _line_start(text, max(end, 0))


def _block_column(text: str, seq: yaml.SequenceNode) -> tuple[int, int] | None:
    """(dash column, content column) of a block list's last item."""
    item = seq.value[-1]
    found = _dash(text, item)
    if found is None:
        return None
    dash, same_line = found
    return dash, item.start_mark.column if same_line else dash + 2


def _render_item(lines: Sequence[str], dash: int, content: int, newline: str) -> str:
    out = [" " * dash + "-" + " " * (content - dash - 1) + lines[0]]
    out += [" " * content + line for line in lines[1:]]
    return "".join(line + newline for line in out)


def _new_key_at(text: str, mapping: yaml.MappingNode, before: str | None) -> int:
    """Where a new key of a block mapping goes: before the line of key ``before`` (and the
    comment lines just above it), else after the mapping's last line."""
    knode = key_node(mapping, before) if before else None
    if knode is None or knode is mapping.value[0][0]:
        return _after_line(text, _content_end(mapping))
    at = _line_start(text, knode.start_mark.index)
    while at > 0:
        prev = _prev_line_start(text, at)
        if text[prev:at].strip(" \t" + _BREAKS).startswith("#"):
            at = prev
        else:
            break
    return at


def append_item(text: str, newline: str, doc: yaml.Node, mapping: yaml.MappingNode, key: str,
                lines: Sequence[str], expected: object, before: str | None = None) -> str:
    """One more item at the end of the block list under ``key`` of ``mapping``.

    ``lines`` are the item's lines without indentation: the first goes after the ``-``,
    the others at the item's content column (a flow item is one line). The list is
    created when ``key`` is absent (before the key ``before`` if the mapping has it) or
    is written ``key:`` / ``key: []`` / ``key: ~``. ``expected`` is what the new item must
    read back as (see ``plain``).
    """
    if mapping.flow_style:
        raise SpliceError(Message("line {value}: the section is written in flow style "
                                  "({{...}}); write it as a block mapping",
                                  value=mapping.start_mark.line + 1))
    seq = get(mapping, key)
    knode = key_node(mapping, key)
    seq_step, item_step = _style(text, mapping) or _style(text, doc) or (2, 2)
    if isinstance(seq, yaml.SequenceNode) and seq.value and not seq.flow_style:
        cols = _block_column(text, seq)
        if cols is None:
            raise SpliceError(Message("line {value}: cannot see how '{key}' is indented; add "
                                      "the line by hand",
                                      value=seq.start_mark.line + 1, key=key))
        at = _after_line(text, _content_end(seq))
        body = _render_item(lines, cols[0], cols[1], newline)
        new_text = _join(text, at, body, newline)
        replace = {id(seq): [*plain(seq), expected]}
        return _verify(new_text, doc, replace, f"the new {key} entry")
    if knode is None:
        col = mapping.value[0][0].start_mark.column if mapping.value else 0
        at = _new_key_at(text, mapping, before)
        dash = col + seq_step
        body = " " * col + f"{key}:" + newline + _render_item(lines, dash, dash + item_step,
                                                               newline)
        return _verify_added_key(_join(text, at, body, newline), doc, mapping, key,
                                 [expected], before)
    empty_flow = isinstance(seq, yaml.SequenceNode) and not seq.value
    null = isinstance(seq, yaml.ScalarNode) and seq.tag.endswith(":null") and not seq.style
    if not (empty_flow or null):
        raise SpliceError(Message("line {value}: '{key}' is not written as a block list ('- "
                                  "...' lines); add the entry by hand",
                                  value=knode.start_mark.line + 1, key=key))
    start, end = seq.start_mark.index, seq.end_mark.index
    line_end = _after_line(text, end)
    rest = text[end:line_end]
    if rest.strip(" \t" + _BREAKS):
        head = text[:start] + " " * (end - start) + rest
    else:
        head = text[:start].rstrip(" \t") + rest.lstrip(" \t")
    if not head.endswith(tuple(_BREAKS)):
        head += newline
    dash = knode.start_mark.column + seq_step
    new_text = head + _render_item(lines, dash, dash + item_step, newline) + text[line_end:]
    return _verify(new_text, doc, {id(seq): [expected]}, f"the new {key} entry")


def _verify_added_key(new_text: str, doc: yaml.Node, mapping: yaml.MappingNode, key: str,
                      value: object, before: str | None) -> str:
    pairs = [(plain(k), plain(v)) for k, v in mapping.value]
    at = next((i for i, (k, _) in enumerate(pairs) if k == before and i > 0), len(pairs))
    pairs.insert(at, (key, value))
    return _verify(new_text, doc, {id(mapping): pairs}, f"the new '{key}' list")


def _item_span(text: str, seq: yaml.SequenceNode, i: int) -> tuple[int, int]:
    """The lines of block-list item ``i``: from its dash line (with the comment lines just
    above it, except above the first item) to the end of its last line."""
    item = seq.value[i]
    found = _dash(text, item)
    if found is None:
        raise SpliceError(Message("line {value}: cannot find this item's '-'",
                                  value=item.start_mark.line + 1))
    start = _line_start(text, item.start_mark.index)
    if not found[1]:  # "-" alone on the line above the content
        start = _prev_line_start(text, start)
    if text[start:item.start_mark.index].strip(" \t-" + _BREAKS):
        raise SpliceError(Message("line {value}: another value shares this item's line; reorder "
                                  "the list by hand",
                                  value=item.start_mark.line + 1))
    if i > 0:
        floor = _after_line(text, _content_end(seq.value[i - 1]))
        while start > floor:
            prev = _prev_line_start(text, start)
            if prev < floor or not text[prev:start].strip(" \t" + _BREAKS).startswith("#"):
                break
            start = prev
    return start, _after_line(text, _content_end(item))


def reorder_items(text: str, newline: str, doc: yaml.Node, seq: yaml.SequenceNode,
                  order: Sequence[int]) -> str:
    """The block list's items in the order ``order`` (indices into the old list), each
    moved whole: its lines, its trailing comment and the comment lines above it."""
    if sorted(order) != list(range(len(seq.value))):
        raise SpliceError(Message("internal: not a reordering of the list"))
    if list(order) == list(range(len(seq.value))):
        return text
    if seq.flow_style:
        raise SpliceError(Message("line {value}: the list is written in flow style ([...]); "
                                  "write one '- ...' line per player to freeze its order",
                                  value=seq.start_mark.line + 1))
    spans = [_item_span(text, seq, i) for i in range(len(seq.value))]
    chunks = [text[a:b] for a, b in spans]
    chunks = [c if c.endswith(tuple(_BREAKS)) else c + newline for c in chunks]
    gaps = [text[spans[i][1]:spans[i + 1][0]] for i in range(len(spans) - 1)]
    if any(g.strip(" \t" + _BREAKS) for g in gaps):
        raise SpliceError(Message("line {value}: the list has text between its items that "
                                  "belongs to none of them; reorder it by hand",
                                  value=seq.start_mark.line + 1))
    body = chunks[order[0]] + "".join(g + chunks[o] for g, o in zip(gaps, order[1:], strict=True))
    tail = text[spans[-1][1]:]
    if not text[spans[-1][0]:spans[-1][1]].endswith(tuple(_BREAKS)):
        body = body[: -len(newline)]  # the file ended without a line break
    new_text = text[:spans[0][0]] + body + tail
    replace = {id(seq): [plain(seq.value[o]) for o in order]}
    return _verify(new_text, doc, replace, "the reordered list")


def insert_comment(text: str, newline: str, doc: yaml.Node, node: yaml.Node,
                   comment: str) -> str:
    """A full-line ``# comment`` above the line holding ``node``, at its column."""
    at = _line_start(text, node.start_mark.index)
    pad = " " * node.start_mark.column
    body = "".join(pad + ("# " + part if part else "#") + newline
                   for part in comment.splitlines())
    return _verify(text[:at] + body + text[at:], doc, {}, "the comment")


def comment_out(text: str, newline: str, doc: yaml.Node, mapping: yaml.MappingNode,
                key: str, note: str) -> str:
    """The one line ``key: value`` of a block mapping turned into a comment (``# key:
    value  note``), so the key no longer counts but the file still shows it."""
    knode = key_node(mapping, key)
    value = get(mapping, key)
    if knode is None or mapping.flow_style or value is None or \
            not _one_line_scalar(text, value) or \
            _line_start(text, knode.start_mark.index) != _line_start(text, value.end_mark.index):
        raise SpliceError(Message("'{key}' is not a one-line 'key: value'; remove it by hand",
                                  key=key))
    if knode is mapping.value[0][0]:
        raise SpliceError(Message("'{key}' is the first key of its mapping; remove it by hand",
                                  key=key))
    i = knode.start_mark.index
    end = _after_line(text, value.end_mark.index)
    line = text[i:end].rstrip("".join(_BREAKS))
    new_text = text[:i] + "# " + line + (f"  ({note})" if note else "") + text[i + len(line):]
    pairs = [(plain(k), plain(v)) for k, v in mapping.value if k is not knode]
    return _verify(new_text, doc, {id(mapping): pairs}, f"'{key}' commented out")
