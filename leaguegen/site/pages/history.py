"""A section's changes from the season's git history (``<id>/changes.html``, newest first,
as a reader checking a correction wants them), and the "last updated" line of every page.

"Last updated" is the season's newest change. Every page shows it, so putting the
date into the pages would make every page of the season change whenever any file
does, and the build cache could reuse none of them. Instead the layout writes a
marker (:data:`MARKER`, an HTML comment naming the page language) and the build
replaces it in the finished pages (:func:`stamp_updated`): the rendered pages stay
cached by their own content, and the date costs one replacement per page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from leaguegen.domain import changes as ch
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls
from leaguegen.site.pages.common import N_, Frame, frame
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.render import environment, render

KIND_LABELS = {ch.RESULT: N_("result entered"), ch.CORRECTION: N_("result corrected"),
               ch.WITHDRAWAL: N_("withdrawal"), ch.LATE_ENTRY: N_("late entry")}


@dataclass(frozen=True, slots=True)
class ChangesPage(Frame):
    """``<id>/changes.html``: the section's changes, newest first, as the history has them
    (the template words each by its kind, labelled by ``labels``: KIND_LABELS)."""

    changes: tuple[ch.Change, ...]
    labels: Mapping[str, str]


def changes_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    section = facts.section
    # a knockout's games live in its bracket (not compared) and its pages have their own tabs
    if not section.changes or section.format == "knockout":
        return {}
    page = ChangesPage(**frame(season, facts), changes=tuple(reversed(section.changes)),
                       labels=KIND_LABELS)
    return {urls.changes(section): render("lists/changes.html", page, season.language)}


register_section_pages(changes_pages)


# ------------------------------------------------------------------------- last updated

MARKER = "<!--leaguegen:updated:{code}-->"


def stamp_updated(files: dict[str, bytes], season: Season,
                  when: dt.datetime | None) -> dict[str, bytes]:
    """Replace the marker in every HTML page by the date ('Last updated: Wed 2 December
    2026', the macro of partials/updated.html), or by nothing without one."""
    def updated(code: str) -> bytes:
        if when is None:
            return b""
        macros = environment(code, season.digits).get_template("partials/updated.html").module
        return str(macros.updated(when.date())).encode()  # type: ignore[attr-defined]

    swaps = [(MARKER.format(code=code).encode(), updated(code))
             for code in season.languages or (season.language,)]
    for path, data in files.items():
        if path.endswith(".html") and b"<!--leaguegen:updated:" in data:
            for marker, text in swaps:
                data = data.replace(marker, text)
            files[path] = data
    return files

