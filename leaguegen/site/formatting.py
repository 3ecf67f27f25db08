"""How numbers and results look on the page: half points as ½, forfeits as +/−."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from markupsafe import Markup

from leaguegen.domain.model import Code, Scoring
from leaguegen.domain.season import GameResult
from leaguegen.domain.tiebreaks.spec import parse_code

HALF = "½"
MINUS = "−"  # a real minus sign, so forfeit losses do not look like hyphens


def points(value: Fraction | int | float | None, half: str = HALF) -> str:
    """1.5 -> '1½', 0.5 -> '½', 3 -> '3'; other fractions as decimals."""
    if value is None:
        return ""
    v = Fraction(value).limit_denominator(1000)
    whole, rest = divmod(v, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole) if whole else ''}{half}"
    return f"{float(v):.2f}".rstrip("0").rstrip(".")


def units(value: int, scoring: Scoring) -> str:
    return points(scoring.value(value))


_CELLS = {
    Code.WIN: "1", Code.WIN_UNRATED: "1",
    Code.DRAW: HALF, Code.DRAW_UNRATED: HALF,
    Code.LOSS: "0", Code.LOSS_UNRATED: "0",
    Code.FORFEIT_WIN: "+", Code.FORFEIT_LOSS: MINUS,
    Code.PENDING: "",
}


_CELLS_BY_NAME = {code.name: text for code, text in _CELLS.items()}


def cell(code: Code) -> str:
    """A crosstable cell for one game, from the row player's side."""
    return _CELLS.get(code, "")


def cell_of(name: str) -> str:
    """:func:`cell` of the code of this name (``code._name_``): an Enum's hash is a Python
    call, its name's is not (a big season asks 40,000 times)."""
    return _CELLS_BY_NAME.get(name, "")


def published(result: GameResult) -> str:
    """A result's canonical text as a page prints it: an en dash between scores (1–0,
    ½–½), real minus signs in forfeits (+−, −+, −−)."""
    return result.text.replace("-", MINUS if result.codes[0].is_forfeit or
                               result.codes[1].is_forfeit else "–")


_BOARDS = {(w, b): published(result) for w in Code for b in Code
           if (result := GameResult.of_codes(w, b)) is not None}


def board_result(white: Code, black: Code) -> str:
    """A board's result as published (:func:`published`); empty when not played yet."""
    text = _BOARDS.get((white, black))
    if text is not None:
        return text
    if white is Code.PENDING:
        return ""
    if white.is_forfeit or black.is_forfeit:
        return "".join("+" if code is Code.FORFEIT_WIN else MINUS for code in (white, black))
    return f"{cell(white)}–{cell(black)}"


def decimal_columns(rows: list[tuple[object, ...]]) -> tuple[bool, ...]:
    """Per column of tiebreak values: whether one of them is no multiple of a quarter, so
    that column is written in decimals throughout (never "5½" beside "5.33")."""
    if not rows:
        return ()

    def odd(value: object) -> bool:
        kind = type(value)
        if kind is int:
            return False
        if kind is Fraction and value.denominator <= 1000:  # type: ignore[attr-defined]
            return value.denominator not in (1, 2, 4)  # type: ignore[attr-defined]
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
            return False
        return (Fraction(value).limit_denominator(1000) * 4).denominator != 1

    return tuple(any(odd(row[i]) for row in rows if i < len(row))
                 for i in range(max(len(row) for row in rows)))


def css_string(text: object) -> Markup:
    """``text`` as the inside of a double-quoted CSS string, for a ``<style>`` element,
    whose text is not HTML: HTML escaping would print ``O'Brien Cup`` in a PDF footer as
    ``O&#39;Brien Cup``. CSS escapes keep the name and leave nothing that could end the
    string, the rule or the element (quote, backslash, ``<``, ``>``, control characters).
    """
    return Markup(str(text).translate(_CSS_ESCAPES))


_CSS_ESCAPES = {c: f"\\{c:x} " for c in (*map(ord, '"\\<>&\u2028\u2029'), *range(0x20),
                                          *range(0x7f, 0xa0))}


def remembered(function: Callable[..., str]) -> Callable[..., str]:
    """``function(value, *args)`` remembered per value: a season's pages write the same
    few figures hundreds of thousands of times. Keyed by type too (1, 1.0, Fraction(1)
    and True are equal keys that format differently); a Fraction by its numerator and
    denominator (its own hash is Python code)."""
    known: dict = {}

    def formatted(value: object, *args: object) -> str:
        kind = value.__class__
        key = ((value.numerator, value.denominator, args) if kind is Fraction  # type: ignore[attr-defined]
               else (kind, value, args))
        try:
            return known[key]
        except KeyError:
            text = known[key] = function(value, *args)
            return text
        except TypeError:
            return function(value, *args)
    return formatted


@dataclass(frozen=True)
class Numbers:
    """Numbers, points and tiebreak values as text in one language and digit script, each
    distinct value formatted once: the templates' ``num``, ``pts`` and ``tb`` filters, and
    the text a page context with many figures precomputes (one filter per cell less)."""

    number: Callable[[object], str]
    points: Callable[[object], str]
    tiebreak: Callable[..., str]


@lru_cache(maxsize=16)
def numbers(language: str, digits: str) -> Numbers:
    """The :class:`Numbers` of a language and digit choice (one per pair in a process)."""
    from leaguegen.site.i18n import Formatter  # i18n is the Babel side; loaded with the pages

    fmt = Formatter(language, digits)
    return Numbers(remembered(fmt.number), remembered(fmt.points),
                   remembered(fmt.tiebreak))


@dataclass(frozen=True, slots=True)
class TiebreakModifiers:
    """What a tiebreak's name says beside the base name: ``cut`` results left out from the
    bottom (``/C1``), or ``median``, as many from each end (``/M1``)."""

    cut: int = 0
    median: int = 0


@lru_cache(maxsize=256)
def tiebreak_modifiers(code: str) -> TiebreakModifiers:
    """The ``tb_modifiers`` filter: the modifiers of a code such as ``BH/C1`` that the
    name of the tiebreak states in words ("Buchholz Cut 1"); other modifiers (``/P``,
    ``KS/L-1``) are shown by the code in its ``abbr`` beside the name."""
    try:
        spec = parse_code(code)
    except ValueError:
        return TiebreakModifiers()
    if spec.cut_high and spec.cut_high == spec.cut_low:
        return TiebreakModifiers(median=spec.cut_low)
    return TiebreakModifiers(cut=spec.cut_low)
