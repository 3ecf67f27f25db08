"""A ``series:`` block (grand prix series): read and checked with file:line:col.

In a season's ``season.yaml`` the events are the season's section ids; in a folder of
seasons' ``club.yaml`` (read by ``formats/club_file.py``) they are
``season-folder/section-id``. The block (docs/club.md, "A grand prix series")::

    series:
      - id: rapid-gp               # its pages' name (series/rapid-gp.html)
        name: Rapid Grand Prix
        events: [rapid, challengers]
        points: [10, 8, 6, 5, 4, 3, 2, 1]   # 1st, 2nd, ...
        rest: 0                    # a place past the table (default 0)
        ties: share                # share (the tied places' points added and shared) | higher
        places: standings          # standings (the event's tie-breaks) | points
        best: 2                    # best N results count (default: all)
        minimum: 2                 # events needed to be ranked (default 1)
        tiebreaks: [played, best]  # played, all, best, last (default: none)

The calculation is ``domain/series.py``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from fractions import Fraction

import yaml

from leaguegen.domain.sections import kind_of
from leaguegen.domain.series import PLACES, TIEBREAKS, TIES, SeriesRules
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_points
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("id", "name", "events", "points", "rest", "ties", "places", "best", "minimum",
        "tiebreaks")
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def series_schema() -> dict[str, object]:
    """The block's JSON Schema (``formats/schema.py``), from the tables it is read with."""
    number = {"type": ["number", "string"]}
    item = {"type": "object", "additionalProperties": False,
            "required": ["id", "name", "events", "points"],
            "properties": {
                "id": {"type": "string", "pattern": ID.pattern},
                "name": {"type": "string"},
                "events": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                "points": {"type": "array", "minItems": 1, "items": number},
                "rest": number,
                "ties": {"enum": list(TIES)},
                "places": {"enum": list(PLACES)},
                "best": {"type": "integer", "minimum": 1},
                "minimum": {"type": "integer", "minimum": 1},
                "tiebreaks": {"type": "array", "items": {"enum": list(TIEBREAKS)}}}}
    assert set(item["properties"]) == set(KEYS)  # type: ignore[arg-type]
    return {"type": "array", "items": item}


def read_series(node: yaml.Node | None, ctx: Ctx, events: Collection[str],
                hint: Message, formats: Mapping[str, str] | None = None
                ) -> tuple[SeriesRules, ...]:
    """Every series of the block (those with a problem left out: the problems are on
    ``ctx``). ``events``: the references an event may be; ``hint`` says what they are;
    ``formats``: each reference's ``format:`` word (a kind whose players finish in no
    order of their own, a team kind, is refused as an event: ``SectionKind.placings``)."""
    out: list[SeriesRules] = []
    ids: set[str] = set()
    for item in yn.sequence(node, ctx.col, "series"):
        rules = _one(item, ctx, events, hint, formats or {})
        if rules is None:
            continue
        if rules.id in ids:
            ctx.col.add(item, Message("{what} '{id}' is used twice", what="series: id",
                                      id=rules.id))
            continue
        ids.add(rules.id)
        out.append(rules)
    return tuple(out)


def _choice(node: yaml.Node | None, ctx: Ctx, what: str, choices: tuple[str, ...],
            default: str) -> str:
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return default
    if raw not in choices:
        ctx.col.add(node, Message("{what} must be one of {choices}, not '{raw}'{suggestion}",
                                  what=what, choices=", ".join(choices), raw=raw,
                                  suggestion=yn.suggestion(raw, choices)))
        return default
    return raw


def _unplaced(fmt: str | None) -> bool:
    """Whether a section of format ``fmt`` gives a series no places (a team kind)."""
    try:
        return fmt is not None and kind_of(fmt).placings is None
    except KeyError:  # an unknown format: said where the section is read
        return False


def _one(node: yaml.Node, ctx: Ctx, events: Collection[str], hint: str,
         formats: Mapping[str, str]) -> SeriesRules | None:
    col = ctx.col
    before = len(col.problems)
    keys = yn.mapping(node, col, "series", KEYS, required=("id", "name", "events", "points"))
    sid = yn.text(keys.get("id"), col, "series: id") or ""
    if "id" in keys and not ID.fullmatch(sid):
        col.add(keys["id"], Message("{what} '{id}' must be lower-case letters, digits and"
                                    " hyphens (it names the series' pages)",
                                    what="series: id", id=sid))
    name = yn.text(keys.get("name"), col, "series: name") or ""
    refs: list[str] = []
    for item in yn.sequence(keys.get("events"), col, "series: events"):
        ref = yn.text(item, col, "series: event") or ""
        if ref not in events:
            col.add(item, Message("{what} '{ref}' is not {hint}{suggestion}",
                                  what="series: event", ref=ref, hint=hint,
                                  suggestion=yn.suggestion(ref, sorted(events))))
        elif _unplaced(formats.get(ref)):
            col.add(item, Message("{what} '{ref}' is a team event (format: {format}): its"
                                  " players finish in no order of their own, so it gives a"
                                  " series no places", what="series: event", ref=ref,
                                  format=formats[ref]))
        elif ref in refs:
            col.add(item, Message("{what} '{ref}' is listed twice", what="series: event",
                                  ref=ref))
        else:
            refs.append(ref)
    if "events" in keys and not refs and len(col.problems) == before:
        col.add(keys["events"], Message("{what} must list at least one event",
                                        what="series: events"))
    points: list[Fraction] = []
    for item in yn.sequence(keys.get("points"), col, "series: points"):
        value = read_points(item, ctx, "series: points")
        if value is not None:
            if points and value > points[-1]:
                col.add(item, Message("{what} must not rise down the table ({value} after"
                                      " {previous})", what="series: points",
                                      value=str(value), previous=str(points[-1])))
            points.append(value)
    if "points" in keys and not points and len(col.problems) == before:
        col.add(keys["points"], Message("{what} must list the points of 1st place at least",
                                        what="series: points"))
    rest = read_points(keys.get("rest"), ctx, "series: rest")
    ties = _choice(keys.get("ties"), ctx, "series: ties", TIES, TIES[0])
    places = _choice(keys.get("places"), ctx, "series: places", PLACES, PLACES[0])
    best = yn.integer(keys.get("best"), col, "series: best", minimum=1)
    minimum = yn.integer(keys.get("minimum"), col, "series: minimum", minimum=1)
    if best is not None and refs and best > len(refs):
        col.add(keys["best"], Message("{what} {value} is more than its {count} events",
                                      what="series: best", value=best, count=len(refs)))
    if minimum is not None and refs and minimum > len(refs):
        col.add(keys["minimum"], Message("{what} {value} is more than its {count} events",
                                         what="series: minimum", value=minimum,
                                         count=len(refs)))
    codes = yn.tiebreak_codes(keys.get("tiebreaks"), col, "series", TIEBREAKS)
    if len(col.problems) > before:
        return None
    return SeriesRules(id=sid, name=name, events=tuple(refs), points=tuple(points),
                       rest=rest or Fraction(0), ties=ties, places=places, best=best,
                       minimum=minimum or 1, tiebreaks=codes)
