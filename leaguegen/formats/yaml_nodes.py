"""Reading YAML as a node tree so that every value keeps its file:line:col.

We compose (never construct) with PyYAML's safe loader: no tags are
executed, and each scalar stays a string until the schema says what it is,
so ``1-0`` or ``2026-09-03`` cannot be silently turned into something else.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from leaguegen.errors import Message, Problem
from leaguegen.formats.yaml_problems import said

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - pure Python build of PyYAML
    _Loader = yaml.SafeLoader  # type: ignore[misc]

_NULLS = ("", "~", "null", "Null", "NULL")


@dataclass
class Collector:
    """Gathers problems so a file reports all of them at once."""

    path: str
    problems: list[Problem] = field(default_factory=list)

    def add(self, node: yaml.Node | None, message: str, warning: bool = False) -> None:
        if node is None:
            self.problems.append(Problem(self.path, 0, 0, message, warning))
        else:
            mark = node.start_mark
            self.problems.append(Problem(self.path, mark.line + 1, mark.column + 1, message,
                                         warning))

    def warn(self, node: yaml.Node | None, message: str) -> None:
        """Advice that does not stop the season from loading (``check`` exits 0)."""
        self.add(node, message, warning=True)


@dataclass
class Ctx:
    """Where a reader is: the collector of the file being read and the season folder."""

    col: Collector
    root: Path


def compose(text: str, col: Collector) -> yaml.Node | None:
    """The node tree of ``text``, or None with the problem recorded at its line.

    Aliases (``*name``, and ``<<: *name`` merges) are refused before anything is
    built: organisers do not need them, and a few lines of nested aliases (a
    "billion laughs") would otherwise expand into gigabytes when walked.
    """
    try:
        for event in (yaml.parse(text, Loader=_Loader) if "*" in text else ()):
            if isinstance(event, yaml.AliasEvent):
                mark = event.start_mark
                col.problems.append(Problem(
                    col.path, mark.line + 1, mark.column + 1,
                    Message("YAML aliases (*{anchor}) are not allowed in season files; write "
                            "the value out in full",
                            anchor=event.anchor)))
                return None
        return yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        line, column, message = _syntax_error(exc, text)
        col.problems.append(Problem(col.path, line, column, message))
    except yaml.YAMLError as exc:
        col.problems.append(Problem(col.path, 0, 0, Message("not valid YAML: {exc}", exc=exc)))
    return None


def _syntax_error(exc: yaml.MarkedYAMLError, text: str) -> tuple[int, int, str]:
    """Where a YAML syntax error really is, and what to do about it.

    For an unclosed quote or bracket, or a key without its colon, the parser notices
    only on a later line (often the next one); the place to fix is where the scalar
    or the bracket began, which PyYAML gives as the context mark.
    """
    problem, context = exc.problem_mark, exc.context_mark
    mark = problem or context
    ctx = exc.context or ""
    if context is not None and (ctx.startswith("while scanning") or "flow" in ctx) \
            and (problem is None or context.line < problem.line):
        mark = context
    detail = said(exc.problem) or said(exc.context)  # PyYAML's phrase, in the language
    if mark is None:
        return 0, 0, Message("not valid YAML: {detail}", detail=detail)
    lines = text.splitlines()
    here = problem or mark
    line_text = lines[here.line] if here.line < len(lines) else ""
    if "\t" in line_text[: here.column + 1] or (here.column < len(line_text)
                                                   and line_text[here.column] == "\t"):
        return (here.line + 1, line_text.index("\t") + 1,
                Message("a tab character: YAML is indented with spaces, never tabs"))
    message = Message("not valid YAML: {detail}", detail=detail)
    if (exc.problem or "").startswith("mapping values are not allowed") and ": " in line_text:
        key, _, value = line_text.strip().lstrip("- ").partition(": ")
        return (here.line + 1, here.column + 1,
                Message("a value holding ': ' must be in quotes, e.g. {example}",
                        example=f'{key}: "{value}"'))
    if mark is not problem:
        hint = next((words for start, words in _UNCLOSED if ctx.startswith(start)),
                    Message("{context} ({problem})", context=said(ctx),
                            problem=said(exc.problem) or str(exc.problem)))
        message = Message("not valid YAML: {detail}", detail=hint)
    return mark.line + 1, mark.column + 1, message


_UNCLOSED = (
    ("while scanning a quoted scalar",
     Message("a quoted value whose closing quote is missing")),
    ("while scanning a simple key", Message("a key without its ':' (write 'key: value')")),
    ("while parsing a flow sequence",
     Message("a '[' list that is never closed (a ']' or ',' is missing)")),
    ("while parsing a flow mapping",
     Message("a '{{' mapping that is never closed (a '}}' or ',' is missing)")),
)


def is_null(node: yaml.Node | None) -> bool:
    """Nothing given: a missing key, an empty value, ``~`` or ``null`` (unquoted)."""
    return node is None or (
        isinstance(node, yaml.ScalarNode) and not node.style and node.value in _NULLS
    )


def suggestion(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Message(" (did you mean '{word}'?)", word=close[0]) if close else ""


def mapping(node: yaml.Node | None, col: Collector, what: str,
            allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, yaml.Node]:
    """Keys of a mapping node; unknown, duplicate and missing keys are problems."""
    if not isinstance(node, yaml.MappingNode):
        col.add(node, Message("{what} must be a mapping of keys to values", what=what))
        return {}
    out: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key is None:
            col.add(key_node, Message("{what}: keys must be plain words", what=what))
            continue
        if key in out:
            col.add(key_node, Message("{what}: key '{key}' appears twice", what=what, key=key))
            continue
        if key not in allowed:
            col.add(key_node, Message("unknown key '{key}' in {what}{suggestion}; allowed: "
                                      "{allowed}",
                                      key=key, what=what, suggestion=suggestion(key, allowed),
                                      allowed=', '.join(allowed)))
            continue
        out[key] = value_node
    for key in required:
        if key not in out:
            col.add(node, Message("{what} is missing the required key '{key}'",
                                  what=what, key=key))
    return out


def sequence(node: yaml.Node | None, col: Collector, what: str) -> list[yaml.Node]:
    if is_null(node):
        return []
    if not isinstance(node, yaml.SequenceNode):
        col.add(node, Message("{what} must be a list", what=what))
        return []
    return list(node.value)


def tiebreak_codes(node: yaml.Node | None, col: Collector, block: str,
                   known: tuple[str, ...]) -> tuple[str, ...]:
    """A block's ``tiebreaks:`` list (``club_standings:``, ``series:``): each a word of
    ``known`` (lower-cased), once; an unknown or repeated word is a problem at its item."""
    codes: list[str] = []
    for item in sequence(node, col, f"{block}: tiebreaks"):
        code = (text(item, col, f"{block}: tie-break") or "").lower()
        if code not in known:
            col.add(item, Message("{block}: unknown tie-break '{code}'{suggestion}; known:"
                                  " {known}", block=block, code=code,
                                  suggestion=suggestion(code, known), known=", ".join(known)))
        elif code in codes:
            col.add(item, Message("{block}: tie-break '{code}' is listed twice",
                                  block=block, code=code))
        else:
            codes.append(code)
    return tuple(codes)


def text(node: yaml.Node | None, col: Collector, what: str) -> str | None:
    if is_null(node):
        return None
    if not isinstance(node, yaml.ScalarNode):
        col.add(node, Message("{what} must be a single value", what=what))
        return None
    return str(node.value).strip()


def integer(node: yaml.Node | None, col: Collector, what: str,
            minimum: int | None = None) -> int | None:
    raw = text(node, col, what)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        col.add(node, Message("{what} must be a whole number, not '{raw}'", what=what, raw=raw))
        return None
    if minimum is not None and value < minimum:
        col.add(node, Message("{what} must be at least {minimum}, not {value}",
                              what=what, minimum=minimum, value=value))
        return None
    return value


def boolean(node: yaml.Node | None, col: Collector, what: str) -> bool | None:
    raw = text(node, col, what)
    if raw is None:
        return None
    low = raw.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    col.add(node, Message("{what} must be true or false, not '{raw}'", what=what, raw=raw))
    return None


def pairs(node: yaml.MappingNode) -> Iterator[tuple[yaml.Node, yaml.Node]]:
    yield from node.value
