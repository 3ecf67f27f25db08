"""``feed.atom``: the season's news and "results updated" entries, newest first.

Atom (RFC 4287) written with the standard library's ElementTree, which escapes
every text and attribute but writes as they are the characters XML 1.0 forbids even
escaped (most C0 controls, the UTF-16 surrogates, U+FFFE/U+FFFF): one form feed in a news
body made the feed ill-formed, and a reader rejects the whole feed. So :func:`tostring`
cleans every text, tail and attribute first (:func:`clean`). Entry ids are name-based
UUIDs of the season's slug and what the entry is about (a news file's slug, a section's
round), so they do not change between builds; links are relative to the feed, which sits
at the site's root. Like the calendars, the output is deterministic.
"""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence

from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.site import urls
from leaguegen.site.feeds.ical import _season_slug
from leaguegen.site.markdown import render_markdown
from leaguegen.site.render import environment

# The summary of a "results of round N" entry is its macro ``atom_results``; the outputs'
# cache keys hold this template's digest (``FEEDS.templates``), so an edit makes the feed again.
RESULTS_TEMPLATE = "partials/feeds.html"

ATOM = "http://www.w3.org/2005/Atom"
_SPACE = re.compile("[\x0b\x0c]")
_FORBIDDEN = re.compile("[\x00-\x08\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` fit for XML 1.0: a vertical tab or form feed (blank space in the source)
    becomes a space; the other forbidden characters are dropped."""
    if _FORBIDDEN.search(text) is None and _SPACE.search(text) is None:
        return text
    return _FORBIDDEN.sub("", _SPACE.sub(" ", text))


def tostring(root: ET.Element) -> bytes:
    """``root`` as UTF-8 XML with its declaration, every text and attribute cleaned."""
    for element in root.iter():
        if element.text:
            element.text = clean(element.text)
        if element.tail:
            element.tail = clean(element.tail)
        for name, value in element.attrib.items():
            element.attrib[name] = clean(value)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _tag(season: Season, what: str) -> str:
    """A stable id: a name-based UUID of the season's slug and what the entry is about
    (not its date, so a corrected date updates the entry rather than adding one)."""
    name = f"leaguegen:{_season_slug(season.name)}/{what}"
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, name)}"


Entry = tuple[str | None, str, str, str, str]  # ISO date, id, title, link, html


def section_entries(facts: SeasonFacts, section: Section) -> list[Entry]:
    """A section's "results of round N" entries (made with the section's files and kept
    with them, so a build after one save makes one section's again:
    ``feeds.section_files``)."""
    season = facts.season
    out = []
    played = facts.of(section).progress.rounds_played
    summary = environment().get_template(RESULTS_TEMPLATE).module.atom_results  # type: ignore[attr-defined]
    counts = Counter(g.round for g in section.games if g.result)
    for info in section.rounds:
        if info.number > played:
            break
        results = counts.get(info.number, 0)
        if not results:
            continue
        out.append((info.date and info.date.isoformat(),
                    _tag(season, f"{section.id}/round-{info.number}"),
                    f"{section.name}: results of round {info.number}", urls.section(section),
                    str(summary(results, info.number))))
    return out


def atom_feed(facts: SeasonFacts, sections: Sequence[list[Entry]]) -> bytes:
    """``feed.atom``: every news item and each section's :func:`section_entries` (in the
    season's order), newest first."""
    season = facts.season
    changed = facts.last_change.isoformat()
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    ET.SubElement(feed, f"{{{ATOM}}}title").text = season.name
    ET.SubElement(feed, f"{{{ATOM}}}id").text = _tag(season, "feed")
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = f"{changed}T00:00:00Z"
    ET.SubElement(feed, f"{{{ATOM}}}link", href="index.html")
    ET.SubElement(feed, f"{{{ATOM}}}link", rel="self", href=urls.ATOM)
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    ET.SubElement(author, f"{{{ATOM}}}name").text = season.organiser or season.name
    entries = [(item.date and item.date.isoformat(), _tag(season, f"news/{item.slug}"),
                item.title, "index.html", render_markdown(item.markdown)) for item in season.news]
    entries += [entry for part in sections for entry in part]
    entries.sort(key=lambda e: (e[0] or "", e[1]), reverse=True)
    for day, uid, title, link, html in entries:
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        ET.SubElement(entry, f"{{{ATOM}}}title").text = title
        ET.SubElement(entry, f"{{{ATOM}}}id").text = uid
        ET.SubElement(entry, f"{{{ATOM}}}updated").text = f"{day or changed}T00:00:00Z"
        ET.SubElement(entry, f"{{{ATOM}}}link", href=link)
        ET.SubElement(entry, f"{{{ATOM}}}content", type="html").text = html
    return tostring(feed) + b"\n"
