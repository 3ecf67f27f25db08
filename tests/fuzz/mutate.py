"""Mutations of real inputs (TRF files, season YAML) for the fuzz tests and benchmarks/fuzz.py.

Every mutator takes the text and a ``random.Random`` (in the test suite, a
hypothesis-driven one, so failures shrink and replay), applies one to four
edits and returns the new text. The edits aim at what the readers must refuse
or survive: fields overwritten with boundary values (0, negative, 9999, 1/0,
other players' numbers, a player's own number), lines lost or doubled, games
made one-sided or contradictory, extension records with wrong numbers, bytes
that are not text, truncation (a half-written save), and for YAML, wrong
types, anchors and aliases, tags, indentation slips and swapped names.
"""

from __future__ import annotations

import random
import re

# ------------------------------------------------------------------ shared

ODD_CHARS = ["\x00", "\x1b", "\r", "\n", "\t", "\x7f", "\x85", "\u2028", "é", "½", "²", "١",
             " ", "-", ":", "#", "&", "*", "!", "|", ">", "[", "]", "{", "}", '"', "'", "\\",
             "\ufeff", "\u200b", "\udcff"]  # "\udcff": a byte that is not UTF-8 (surrogateescape)


def _char(rnd: random.Random) -> str:
    if rnd.random() < 0.5:
        return rnd.choice(ODD_CHARS)
    return chr(rnd.randrange(32, 127))


def _char_edit(text: str, rnd: random.Random) -> str:
    if not text:
        return _char(rnd)
    i = rnd.randrange(len(text))
    op = rnd.randrange(3)
    if op == 0:
        return text[:i] + _char(rnd) + text[i:]
    if op == 1:
        return text[:i] + text[i + 1:]
    return text[:i] + _char(rnd) + text[i + 1:]


def _line_edit(text: str, rnd: random.Random) -> str:
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    op = rnd.randrange(4)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, lines[j])  # a line from elsewhere
    return "\n".join(lines)


def _truncate(text: str, rnd: random.Random) -> str:
    return text[: rnd.randrange(len(text) + 1)] if text else text


def encode(text: str) -> bytes:
    """The mutated text as file bytes ("\\udcXX" stands for a raw byte that is not UTF-8)."""
    return text.encode("utf-8", "surrogateescape")


# ------------------------------------------------------------------ TRF

NUMBER_VALUES = ["   0", "  -1", "9999", "   1", "    ", " 1/0", "abcd", "²²²²", "  00",
                 "  +3", " 1.5", "10000", "0001"]
POINT_VALUES = [" 1/0", " 0/0", "-1.0", "99.5", "2.25", " nan", " inf", "1e99", "    ", " 0.5",
                " 3.0", "abc ", "9e9999999999", "1_0", "٣.5", " 2,5"]
COLOURS = ["w", "b", "-", " ", "x", "W", "B"]
RESULTS = ["1", "0", "=", "+", "-", "W", "L", "D", "H", "F", "U", "Z", "?", "X", " "]


def _players(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("001")]


def _put(line: str, col: int, value: str) -> str:
    """Overwrite from 1-based column ``col``."""
    line = line.ljust(col - 1 + len(value))
    return line[: col - 1] + value + line[col - 1 + len(value):]


def _numbers(lines: list[str]) -> list[int]:
    out = []
    for i in _players(lines):
        field = lines[i][4:8].strip()
        if field.isascii() and field.isdigit():
            out.append(int(field))
    return out or [1]


def _rounds(line: str) -> int:
    return max(0, (len(line) - 91 + 9) // 10)


def _number_value(lines: list[str], rnd: random.Random, own: int | None = None) -> str:
    numbers = _numbers(lines)
    pick = rnd.randrange(4)
    if pick == 0:
        return rnd.choice(NUMBER_VALUES)
    if pick == 1 and own is not None:
        return f"{own:4d}"  # the player himself
    if pick == 2:
        return f"{max(numbers) + rnd.randrange(1, 3):4d}"  # one who is not there
    return f"{rnd.choice(numbers):4d}"


def _trf_field(lines: list[str], rnd: random.Random) -> None:
    rows = _players(lines)
    if not rows:
        return
    i = rnd.choice(rows)
    line = lines[i]
    field = line[4:8].strip()
    own = int(field) if field.isascii() and field.isdigit() else None
    what = rnd.randrange(8)
    if what == 0:
        lines[i] = _put(line, 5, _number_value(lines, rnd, own))
    elif what == 1:
        lines[i] = _put(line, 81, rnd.choice(POINT_VALUES))
    elif what == 2:
        lines[i] = _put(line, 49, rnd.choice(["   0", "9999", "abcd", "    ", "-100", "12345"]))
    elif what == 3:
        lines[i] = _put(line, 86, rnd.choice(["   0", "9999", "abcd", "    "]))
    else:
        rounds = _rounds(line) + 1
        r = rnd.randrange(rounds)
        col = 92 + 10 * r
        if what == 4:
            lines[i] = _put(line, col, _number_value(lines, rnd, own))
        elif what == 5:
            lines[i] = _put(line, col + 5, rnd.choice(COLOURS))
        elif what == 6:
            lines[i] = _put(line, col + 7, rnd.choice(RESULTS))
        else:
            block = rnd.choice(["0000 - H", "0000 - Z", "0000 - U", "0000 - F", "0000 - +",
                                "0000 - -", "        ", f"{_number_value(lines, rnd, own)} "
                                f"{rnd.choice(COLOURS)} {rnd.choice(RESULTS)}"])
            lines[i] = _put(line, col, block)


def _trf_game(lines: list[str], rnd: random.Random) -> None:
    """Rewrite one game consistently on both lines (a rematch, a new pairing, a bye): files
    that stay valid but exercise the engine, or make one side disagree."""
    rows = _players(lines)
    if len(rows) < 2:
        return
    a, b = rnd.sample(rows, 2)
    na, nb = lines[a][4:8].strip(), lines[b][4:8].strip()
    if not (na.isascii() and na.isdigit() and nb.isascii() and nb.isdigit()):
        return
    rounds = max(_rounds(lines[a]), _rounds(lines[b]))
    r = rnd.randrange(rounds + 1)
    col = 92 + 10 * r
    result = rnd.choice([("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "-"),
                         ("1", "1"), ("=", "0")])
    colours = rnd.choice([("w", "b"), ("b", "w"), ("w", "w")])
    lines[a] = _put(lines[a], col, f"{int(nb):4d} {colours[0]} {result[0]}")
    if rnd.random() < 0.85:
        lines[b] = _put(lines[b], col, f"{int(na):4d} {colours[1]} {result[1]}")


def _trf_record(lines: list[str], rnd: random.Random) -> None:
    numbers = _numbers(lines)
    kind = rnd.randrange(5)
    if kind == 0:
        rounds = max((_rounds(lines[i]) for i in _players(lines)), default=0)
        value = rnd.choice([0, -1, 1, rounds - 1, rounds, rounds + 1, rounds + 2, 999, 1000,
                            10 ** 20, "x", "", None])
        kept = [line for line in lines if not line.startswith("XXR")]
        # (None: no XXR at all, the rounds' total unknown: issue 26's hang)
        lines[:] = kept + ([] if value is None else [f"XXR {value}"])
        return
    n = rnd.choice(numbers + [0, max(numbers) + 1])
    if kind == 1:
        values = " ".join(rnd.choice(["1.0", "0.5", "0.0", "1/0", "-1", "0.3", "2", "x",
                                      "1e5", "1e999999999", "1_0"])
                          for _ in range(rnd.randrange(1, 4)))
        lines.append(f"XXA {n:4d} {values}")
    elif kind == 2:
        lines.append("XXZ " + " ".join(str(rnd.choice(numbers + [0, -2, 999]))
                                       for _ in range(rnd.randrange(1, 4))))
    elif kind == 3:
        lines.append("XXP " + " ".join(str(rnd.choice(numbers + [0, 999]))
                                       for _ in range(rnd.randrange(1, 4))))
    else:
        lines.append(rnd.choice(["XXC white1", "XXC black1", "XXC rank", "XXC", "XXS W=1"]))


def _trf_consistent(lines: list[str], rnd: random.Random) -> None:
    """Edits that keep the file a possible tournament, so the engine gets odd but valid
    input: rounds cut off for everyone, a player absent next round, two start numbers
    swapped everywhere, a player's rating changed."""
    rows = _players(lines)
    if not rows:
        return
    kind = rnd.randrange(4)
    if kind == 0:
        keep = rnd.randrange(max((_rounds(lines[i]) for i in rows), default=0) + 1)
        for i in rows:
            lines[i] = lines[i][: 91 + 10 * keep - 2].rstrip() if keep else lines[i][:89]
    elif kind == 1:
        i = rnd.choice(rows)
        rounds = max(_rounds(lines[j]) for j in rows)
        lines[i] = _put(lines[i].ljust(91 + 10 * rounds), 92 + 10 * rounds,
                        rnd.choice(["0000 - H", "0000 - Z", "0000 - F"]))
    elif kind == 2:
        numbers = _numbers(lines)
        if len(numbers) < 2:
            return
        a, b = rnd.sample(numbers, 2)
        swap = {f"{a:4d}": f"{b:4d}", f"{b:4d}": f"{a:4d}"}
        for i in rows:
            line = lines[i]
            fields = [line[4:8]] + [line[c - 1:c + 3] for c in range(92, len(line) + 1, 10)]
            line = _put(line, 5, swap.get(fields[0], fields[0]))
            for k, c in enumerate(range(92, len(line) + 1, 10), start=1):
                line = _put(line, c, swap.get(fields[k], fields[k]))
            lines[i] = line
    else:
        i = rnd.choice(rows)
        lines[i] = _put(lines[i], 49, f"{rnd.randrange(1000, 3000):4d}")


def mutate_trf_consistent(text: str, rnd: random.Random) -> str:
    """One to three edits that keep the file a possible tournament, so that nearly every
    input reaches a pairing engine (most of ``mutate_trf``'s are refused by the reader):
    ``_trf_consistent``'s, and the extension records (``XXR`` gone or any value, ``XXA``,
    ``XXZ``, ``XXP``, ``XXC``). Issue 26's hang was one of these: a file without ``XXR``."""
    for _ in range(rnd.randint(1, 3)):
        lines = text.split("\n")
        if rnd.random() < 0.6:
            _trf_consistent(lines, rnd)
        else:
            _trf_record(lines, rnd)
        text = "\n".join(lines)
    return text


def mutate_trf(text: str, rnd: random.Random) -> str:
    """One to four edits of a TRF file."""
    for _ in range(rnd.randint(1, 4)):
        op = rnd.random()
        lines = text.split("\n")
        if op < 0.15:
            _trf_consistent(lines, rnd)
            text = "\n".join(lines)
        elif op < 0.3:
            _trf_field(lines, rnd)
            text = "\n".join(lines)
        elif op < 0.5:
            _trf_game(lines, rnd)
            text = "\n".join(lines)
        elif op < 0.65:
            _trf_record(lines, rnd)
            text = "\n".join(lines)
        elif op < 0.8:
            text = _line_edit(text, rnd)
        elif op < 0.95:
            text = _char_edit(text, rnd)
        else:
            text = _truncate(text, rnd)
    return text


# ------------------------------------------------------------------ season YAML

YAML_VALUES = ["0", "-1", "1", "2", "3", "99999999999999999999999999999999", "1e9", "0.5",
               "~", "null", "[]", "{}", "''", '""', '"\\x1b[2J"', "true", "no", "2026-02-30",
               "2026-13-45", "1-O", "½", ".nan", ".inf", "&a x", "*a", "*undefined",
               "!!python/object/apply:os.system [echo]", "!!binary aGk=", "|", ">", "? x",
               "- x", "x" * 300, "{a: 1}", "[1, [2, [3]]]", "\"a\\nb\"", "con", "aux",
               "Ann\u200bAble", "\t", "1/0", "+-", "--", "bye", "half", "round_robin",
               "swiss", "quads", "knockout", "scheveningen", "dutch", "burstein", "baku"]
_VALUE = re.compile(r"(?<=: )[^\n#]+|(?<=- )[^\n:#{]+$", re.M)
_KEY = re.compile(r"^(\s*-?\s*)([A-Za-z_]+):", re.M)
KEYS = ["id", "name", "format", "players", "rounds", "results", "date", "rating", "scoring",
        "win", "draw", "loss", "tiebreaks", "withdrawals", "player", "after_round",
        "number_of_rounds", "sections", "seeding", "from", "top", "double", "groups",
        "byes_requested", "round", "bye", "language", "languages", "digits", "teams", "boards"]


def _yaml_value(text: str, rnd: random.Random) -> str:
    spans = [m.span() for m in _VALUE.finditer(text)]
    if not spans:
        return text
    start, end = rnd.choice(spans)
    if rnd.random() < 0.3:
        other = rnd.choice(spans)
        value = text[other[0]:other[1]]
    else:
        value = rnd.choice(YAML_VALUES)
    return text[:start] + value + text[end:]


def _yaml_key(text: str, rnd: random.Random) -> str:
    spans = [m.span(2) for m in _KEY.finditer(text)]
    if not spans:
        return text
    start, end = rnd.choice(spans)
    return text[:start] + rnd.choice(KEYS + ["Name", "nmae", "x"]) + text[end:]


def _yaml_indent(text: str, rnd: random.Random) -> str:
    lines = text.split("\n")
    i = rnd.randrange(len(lines))
    shift = rnd.choice([-4, -2, -1, 1, 2, 4])
    if shift < 0:
        lines[i] = lines[i][min(-shift, len(lines[i]) - len(lines[i].lstrip(" "))):]
    else:
        lines[i] = " " * shift + lines[i]
    return "\n".join(lines)


def _yaml_names(text: str, rnd: random.Random) -> str:
    names = sorted(set(re.findall(r"name: ([^,}\n]+)", text)))
    if len(names) < 2:
        return text
    a, b = rnd.sample(names, 2)
    if rnd.random() < 0.5:
        return text.replace(a, b, rnd.randint(1, 3))  # a duplicate name, a game with himself
    return text.replace(a, "\0").replace(b, a).replace("\0", b)


def _yaml_anchor(text: str, rnd: random.Random) -> str:
    """An anchor on one value and aliases to it elsewhere (refused or capped by the loader)."""
    spans = [m.span() for m in _VALUE.finditer(text)]
    if len(spans) < 2:
        return text
    (s1, e1), (s2, e2) = sorted(rnd.sample(spans, 2))
    return text[:s1] + "&x " + text[s1:e1] + text[e1:s2] + "*x" + text[e2:]


def mutate_yaml(text: str, rnd: random.Random) -> str:
    """One to four edits of a season (or section) YAML file."""
    for _ in range(rnd.randint(1, 4)):
        op = rnd.random()
        if op < 0.3:
            text = _yaml_value(text, rnd)
        elif op < 0.4:
            text = _yaml_key(text, rnd)
        elif op < 0.5:
            text = _yaml_indent(text, rnd)
        elif op < 0.6:
            text = _yaml_names(text, rnd)
        elif op < 0.65:
            text = _yaml_anchor(text, rnd)
        elif op < 0.8:
            text = _line_edit(text, rnd)
        elif op < 0.95:
            text = _char_edit(text, rnd)
        else:
            text = _truncate(text, rnd)
    return text
