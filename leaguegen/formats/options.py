"""Option readers every section kind uses: points, scoring, tiebreak lists, choices.

A tiebreak list is parsed by the domain's own parser (``domain.tiebreaks``), so
whatever ``check`` accepts the standings can compute, and a code it cannot
(``BH/X9``) is an error at its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from fractions import Fraction
from typing import TypeVar

import yaml

from leaguegen.domain.model import Scoring
from leaguegen.domain.tiebreaks import REGISTRY, lookup
from leaguegen.domain.tiebreaks.spec import ALIASES
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.yaml_nodes import Ctx

TIEBREAK_CODES = tuple(sorted({*REGISTRY, *ALIASES}))
SCORING_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss")


# Unicode's control characters (Cc: C0, DEL, C1 with U+0085) and its line and paragraph
# separators: none of them belongs in a one-line value
NOT_ON_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CALLED = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return",
           "\x0c": "a form feed", "\x85": "a next-line character",
           "\u2028": "a line separator", "\u2029": "a paragraph separator"}


def read_line(node: yaml.Node | None, col: yn.Collector, what: str) -> str | None:
    """A one-line free text (a season's or section's name, the venue, the time control).

    These values become one line of the TRF report (its 012, 022 and 122 records) and
    titles in the calendars and the Atom feed, where a tab, a line break or any other
    control character cannot be written; refused here, at its line, so that ``check``
    refuses what ``build`` could not publish.
    """
    raw = yn.text(node, col, what)
    if raw is None:
        return None
    found = NOT_ON_ONE_LINE.search(raw)
    if found is not None:
        bad = found[0]
        col.add(node, Message("{what} {raw!r} holds {get} (U+{ord:04X}); write it on one line, "
                              "without tabs, line breaks or other control characters",
                              what=what, raw=raw, get=_CALLED.get(bad, 'a control character'),
                              ord=ord(bad)))
        return None
    return raw


def read_points(node: yaml.Node | None, ctx: Ctx, what: str) -> Fraction | None:
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return None
    try:
        value = Fraction(raw.replace("½", "1/2"))
    except (ValueError, ZeroDivisionError):
        ctx.col.add(node, Message("{what} must be a number such as 1, 0.5 or 3, not '{raw}'",
                                  what=what, raw=raw))
        return None
    if value < 0:
        ctx.col.add(node, Message("{what} cannot be negative", what=what))
        return None
    return value


def read_scoring(node: yaml.Node | None, ctx: Ctx, base: Scoring) -> Scoring:
    if yn.is_null(node):
        return base
    keys = yn.mapping(node, ctx.col, "scoring", SCORING_KEYS)
    values = {k: read_points(v, ctx, f"scoring.{k}") for k, v in keys.items()}
    win = values["win"] if values.get("win") is not None else base.value(base.win)
    if win == 0:
        ctx.col.add(keys["win"], Message("scoring.win must be more than 0"))
        win = base.value(base.win)
    draw = values.get("draw") if values.get("draw") is not None else base.value(base.draw)
    loss = values.get("loss") if values.get("loss") is not None else base.value(base.loss)
    fw = values.get("forfeit_win") if values.get("forfeit_win") is not None else win
    fl = values.get("forfeit_loss") if values.get("forfeit_loss") is not None else loss
    if not loss <= draw <= win:
        ctx.col.add(node, Message("scoring must have loss <= draw <= win, not win {win}, draw "
                                  "{draw}, loss {loss}",
                                  win=win, draw=draw, loss=loss))
    denominators = [Fraction(x).denominator for x in (win, draw, loss, fw, fl)]
    lcm = 1
    for d in denominators:
        lcm = lcm * d // _gcd(lcm, d)
    unit = Fraction(1, lcm)

    def u(x: Fraction) -> int:
        return int(x / unit)

    return Scoring(win=u(win), draw=u(draw), loss=u(loss), forfeit_win=u(fw),
                   forfeit_loss=u(fl), half_bye=u(draw), full_bye=u(win), pairing_bye=u(win),
                   zero_bye=0, unit=unit)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def read_tiebreaks(node: yaml.Node | None, ctx: Ctx) -> tuple[str, ...] | None:
    """A list of FIDE tiebreak codes, each parsed as the standings will parse it."""
    if yn.is_null(node):
        return None
    out = []
    for item in yn.sequence(node, ctx.col, "tiebreaks"):
        code = yn.text(item, ctx.col, "tiebreak")
        if not code:
            continue
        try:
            lookup(code)
        except ValueError as exc:
            name = code.upper().split("/")[0].split(":")[0]
            if str(exc).startswith("unknown tie-break"):
                ctx.col.add(item, Message("unknown tiebreak '{code}'{suggestion}; use FIDE "
                                          "codes such as DE, SB, WIN, KS, BH/C1",
                                          code=code, suggestion=yn.suggestion(name,
                                          TIEBREAK_CODES)))
            else:
                ctx.col.add(item, Message("tiebreak '{code}': {value}",
                                          code=code, value=str(exc).split(': ', 1)[-1]))
            continue
        out.append(code.upper())
    return tuple(out)


def read_choice(node: yaml.Node | None, ctx: Ctx, what: str, choices: tuple[str, ...],
                default: str) -> str:
    """One of ``choices``, or ``default`` when not given; anything else is an error."""
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return default
    if raw not in choices:
        ctx.col.add(node, Message("{what} '{raw}' is not one of {choices}{suggestion}",
                                  what=what, raw=raw, choices=', '.join(choices),
                                  suggestion=yn.suggestion(raw, choices)))
        return default
    return raw


T = TypeVar("T")


def read_parsed_list(node: yaml.Node | None, ctx: Ctx, what: str, item: str,
                     parse: Callable[[str], T]) -> list[tuple[T, yaml.Node]]:
    """A list of words, each read by the domain's own parser ``parse``.

    A word the parser refuses (ValueError) is a problem at its line, worded by the
    parser; each value comes back with its node, for problems found later.
    """
    out = []
    for node_ in yn.sequence(node, ctx.col, what):
        raw = yn.text(node_, ctx.col, item)
        if raw is None and not yn.is_null(node_):
            continue  # not a single value: reported as such
        try:
            out.append((parse(raw or ""), node_))
        except ValueError as exc:
            ctx.col.add(node_, str(exc))
    return out


E = TypeVar("E", bound=Enum)


def read_enum(node: yaml.Node | None, ctx: Ctx, what: str, default: E) -> E:
    """A member of ``default``'s enumeration, written as its value (a choice among them)."""
    kind = type(default)
    return kind(read_choice(node, ctx, what, tuple(e.value for e in kind), default.value))


def read_whole(node: yaml.Node | None, ctx: Ctx, what: str, default: int,
               minimum: int = 0) -> int:
    """A whole number of at least ``minimum``, or ``default`` when not given (or wrong)."""
    value = yn.integer(node, ctx.col, what, minimum=minimum)
    return default if value is None else value


AWARD_WORDS = ("win", "draw", "zero")


def read_award(node: yaml.Node | None, ctx: Ctx, what: str, scoring: Scoring,
               default: int) -> int:
    """Points awarded for a round without a game (``pab_score``), in scoring units.

    Exactly what issue #11 allows: the words ``win``, ``draw`` or ``zero``, or a number
    equal to 0, a draw's or a win's points under the section's scoring; anything else
    (``0.75``) is an error at the line, never rounded.
    """
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return default
    words = {"win": scoring.win, "draw": scoring.draw, "zero": 0}
    if raw.lower() in words:
        return words[raw.lower()]
    values = {Fraction(0): 0, scoring.value(scoring.draw): scoring.draw,
              scoring.value(scoring.win): scoring.win}
    try:
        units = values.get(Fraction(raw.replace("½", "1/2")))
    except (ValueError, ZeroDivisionError):
        units = None
    if units is None:
        shown = ", ".join(f"{float(v):g}" for v in sorted(values))
        ctx.col.add(node, Message("{what} '{raw}' must be win, draw or zero (exactly {shown} "
                                  "points){suggestion}",
                                  what=what, raw=raw, shown=shown,
                                  suggestion=yn.suggestion(raw.lower(), AWARD_WORDS)))
        return default
    return units
