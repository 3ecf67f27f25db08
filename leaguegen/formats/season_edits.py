"""The organiser's chores as edits of a season file's text: freeze, result, withdraw, enter, bye.

Each function takes the text of the file holding the section (and its line ending),
finds the section by id in the node tree, and returns the new text, made with the
primitives of ``formats.yaml_splice`` (each of which checks that the text reads back as
intended). Nothing here reads or writes a file or knows whether the change is allowed by
the season's rules: the chore (``formats/chores/``) decides that from the loaded
season before, and loads the changed season again after, before anything is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

import yaml

from leaguegen.errors import Message
from leaguegen.formats.yaml_splice import (
    NewRound,
    SpliceError,
    append_item,
    check_appended,
    comment_out,
    compose,
    find_section,
    get,
    insert_comment,
    key_node,
    reorder_items,
    scalar_text,
    set_value,
    splice_round,
    value_scalar,
    yaml_scalar,
)

COMPUTED_SEEDINGS = ("rating", "lots", "varma")


def _section(text: str, section_id: str) -> tuple[yaml.Node, yaml.MappingNode]:
    doc = compose(text)
    section = find_section(doc, section_id)
    if section is None or doc is None:
        raise SpliceError(Message("no section with id '{section_id}' in this file",
                                  section_id=section_id))
    return doc, section


def item_name(item: yaml.Node) -> str | None:
    """The name of a ``players`` item: a bare name or the ``name`` of a mapping."""
    if isinstance(item, yaml.ScalarNode):
        return item.value.strip()
    return scalar_text(get(item, "name"))


# ---------------------------------------------------------------- freezing


def freeze_comment(seeding: str, seed: int | None) -> str:
    drawn = f"seeding: {seeding}" + (f", seed {seed}" if seed is not None else "")
    return (f"Pairing numbers frozen from {drawn} (by leaguegen):\n"
            "the players are listed in number order; a new rating or player moves no number.")


def freeze(text: str, newline: str, section_id: str, order: Sequence[str], seeding: str,
           seed: int | None) -> str:
    """The section's ``players`` listed in pairing-number order (``order``: the names, as
    the loader numbered them) and ``seeding: list``, with a comment above it saying what
    the numbers were drawn by; a ``varma_by`` line is turned into a comment."""
    doc, section = _section(text, section_id)
    players = get(section, "players")
    if not isinstance(players, yaml.SequenceNode):
        raise SpliceError(Message("the section's players are not a list written in the file"))
    names = [item_name(item) for item in players.value]
    if sorted(n or "" for n in names) != sorted(order) or len(set(names)) != len(names):
        raise SpliceError(Message("internal: the players in the file are not the players "
                                  "numbered"))
    text = reorder_items(text, newline, doc, players, [names.index(n) for n in order])
    doc, section = _section(text, section_id)
    text = set_value(text, doc, section, "seeding", "list")
    if key_node(section, "varma_by") is not None:
        doc, section = _section(text, section_id)
        text = comment_out(text, newline, doc, section, "varma_by", "frozen")
    doc, section = _section(text, section_id)
    return insert_comment(text, newline, doc, key_node(section, "seeding"),
                          freeze_comment(seeding, seed))


# ---------------------------------------------------------------- results


def _results_line(round_node: yaml.Node | None,
                  matches: Callable[[str], bool]) -> yaml.MappingNode | None:
    results = get(round_node, "results")
    if not isinstance(results, yaml.SequenceNode):
        return None
    for line in results.value:
        if isinstance(line, yaml.MappingNode) and len(line.value) == 1 and \
                isinstance(line.value[0][0], yaml.ScalarNode) and \
                matches(line.value[0][0].value):
            return line
    return None


def existing_line(text: str, section_id: str, round_no: int,
                  matches: Callable[[str], bool]) -> tuple[str, str | None] | None:
    """(key, score as written or None) of the round's result line ``matches`` accepts."""
    _, section = _section(text, section_id)
    rounds = get(section, "rounds")
    if not isinstance(rounds, yaml.SequenceNode) or len(rounds.value) < round_no:
        return None
    line = _results_line(rounds.value[round_no - 1], matches)
    if line is None:
        return None
    key, value = line.value[0]
    shown = value.value.strip() if isinstance(value, yaml.ScalarNode) and not (
        value.tag.endswith(":null") and not value.style) else None
    return key.value, shown or None


def set_result(text: str, newline: str, section_id: str, round_no: int, key: str, score: str,
               matches: Callable[[str], bool], date: dt.date | None = None) -> str:
    """``key: score`` in round ``round_no``: the value of the line ``matches`` accepts, or a
    new line at the end of the round's results (a new round, dated ``date``, when it is
    the next one)."""
    doc, section = _section(text, section_id)
    rounds = get(section, "rounds")
    count = len(rounds.value) if isinstance(rounds, yaml.SequenceNode) else 0
    if round_no <= count:
        round_node = rounds.value[round_no - 1]
        line = _results_line(round_node, matches)
        if line is not None:
            return set_value(text, doc, line, line.value[0][0].value, score)
        if not isinstance(round_node, yaml.MappingNode):
            raise SpliceError(Message("line {value}: round {round_no} is not a mapping with a "
                                      "date and results; fix it by hand",
                                      value=round_node.start_mark.line + 1, round_no=round_no))
        return append_item(text, newline, doc, round_node, "results",
                           [f"{yaml_scalar(key)}: {value_scalar(score)}"], [(key, score)])
    if round_no != count + 1:
        raise SpliceError(Message("the file lists {count} round(s); round {round_no} would "
                                  "leave a gap: add round {value} first (a '- date: ...' line)",
                                  "the file lists {count} round(s); round {round_no} would "
                                  "leave a gap: add round {value} first (a '- date: ...' line)",
                                  count=count, round_no=round_no, value=count + 1))
    wanted = NewRound(date, ((key, score),))
    new_text = splice_round(text, newline, doc, section, wanted)
    check_appended(new_text, section_id, doc, section, wanted)
    return new_text


def set_round_date(text: str, newline: str, section_id: str, round_no: int,
                   date: dt.date) -> str:
    """Round ``round_no`` dated ``date``: a ``date:`` key put first in the round's block
    mapping (the round had none), so ``- results:`` becomes ``- date: ...`` then
    ``results:`` under it. A round already dated ``date`` is left as it is."""
    doc, section = _section(text, section_id)
    rounds = get(section, "rounds")
    if not isinstance(rounds, yaml.SequenceNode) or len(rounds.value) < round_no:
        raise SpliceError(Message("internal: no round {round_no} to date", round_no=round_no))
    round_node = rounds.value[round_no - 1]
    if not isinstance(round_node, yaml.MappingNode) or round_node.flow_style or \
            not round_node.value:
        raise SpliceError(Message("line {value}: round {round_no} is not written as a block of "
                                  "keys; add its date by hand",
                                  value=round_node.start_mark.line + 1, round_no=round_no))
    existing = scalar_text(get(round_node, "date"))
    if existing == "":  # "date:" with nothing after it
        return set_value(text, doc, round_node, "date", date.isoformat())
    if existing is not None:
        if existing == date.isoformat():
            return text
        raise SpliceError(Message("round {round_no} is dated {existing} already",
                                  round_no=round_no, existing=existing))
    first = round_node.value[0][0]
    at = first.start_mark.index
    new = text[:at] + f"date: {date.isoformat()}{newline}" + " " * first.start_mark.column \
        + text[at:]
    _, after = _section(new, section_id)
    rounds_after = get(after, "rounds")
    if not isinstance(rounds_after, yaml.SequenceNode) or \
            scalar_text(get(rounds_after.value[round_no - 1], "date")) != date.isoformat() or \
            len(rounds_after.value[round_no - 1].value) != len(round_node.value) + 1:
        raise SpliceError(Message("internal: round {round_no}'s date would not read back",
                                  round_no=round_no))
    return new


# ---------------------------------------------------------------- list entries


def _style_of(seq: yaml.Node | None) -> str | None:
    """How the last item of a list is written: 'flow' ({...}), 'block' or 'scalar'."""
    if not isinstance(seq, yaml.SequenceNode) or not seq.value:
        return None
    last = seq.value[-1]
    if isinstance(last, yaml.ScalarNode):
        return "scalar"
    return "flow" if getattr(last, "flow_style", False) else "block"


Field = tuple[str, "str | int"]  # a whole number is written plain (rating: 1850)


def _entry_lines(fields: Sequence[Field], style: str) -> list[str]:
    def shown(value: str | int, flow: bool) -> str:
        if isinstance(value, int):
            return str(value)
        return value_scalar(value, flow)

    if style == "scalar" and len(fields) == 1 and fields[0][0] == "name":
        return [yaml_scalar(str(fields[0][1]))]
    if style == "block":
        return [f"{k}: {shown(v, False)}" for k, v in fields]
    return ["{" + ", ".join(f"{k}: {shown(v, True)}" for k, v in fields) + "}"]


def add_entry(text: str, newline: str, section_id: str, key: str,
              fields: Sequence[Field], default_style: str = "flow",
              like: str | None = None) -> str:
    """One more item (a mapping of ``fields``, written like the list's last item, else like
    the last item of list ``like``, else ``default_style``) at the end of the list ``key``
    of the section; the list is created before ``rounds`` when the section has none."""
    doc, section = _section(text, section_id)
    style = _style_of(get(section, key)) or _style_of(get(section, like) if like else None) \
        or default_style
    if style == "scalar" and [k for k, _ in fields] != ["name"]:
        style = "flow"  # a bare name only when there is nothing but the name
    lines = _entry_lines(fields, style)
    expected = str(fields[0][1]) if style == "scalar" else [(k, str(v)) for k, v in fields]
    return append_item(text, newline, doc, section, key, lines, expected, before="rounds")


def add_withdrawal(text: str, newline: str, section_id: str, player: str, after_round: int,
                   reason: str | None) -> str:
    fields: list[Field] = [("player", player), ("after_round", after_round)]
    if reason:
        fields.append(("reason", reason))
    return add_entry(text, newline, section_id, "withdrawals", fields, default_style="block")


def add_bye_request(text: str, newline: str, section_id: str, player: str, round_no: int,
                    kind: str, reason: str | None) -> str:
    fields: list[Field] = [("player", player), ("round", round_no), ("bye", kind)]
    if reason:
        fields.append(("reason", reason))
    return add_entry(text, newline, section_id, "byes_requested", fields)
