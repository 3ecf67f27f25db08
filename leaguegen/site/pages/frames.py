"""A kind of page cut at its holes: the frame rendered by the template once per section.

A section of 20 players has 20 player pages and 20 A-Z pages whose frame (``<head>``,
the site header, the crumbs, the tabs, the data links, the footer) is the same but for a
name or two: rendering all of it through Jinja2 for each page was most of their cost.
:func:`stamp` renders the page's own template once, for one page of the section, with
the blocks that differ from page to page (the heading, the body...) replaced by holes
and the page's varying values (the player's name, the page's path) by marks, and keeps
the text around them; :meth:`Frame.fill` writes a page by putting each page's text into
the holes. The frame is the template's output, so an edit to the layouts is seen at
once; what goes into the holes is written by ``pages/bodies.py`` from Python, which
``tests/site/test_frames.py`` holds to the template's whole page on every demo page
(``FAST_PAGES`` off renders every page through its template alone).

A frame that does not come out as expected (a hole missing or twice, a mark changed by a
filter) is not used: its pages are rendered through the template.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextvars import ContextVar

from markupsafe import Markup

from leaguegen.site.render import environment

# Whether a section's pages may be written through their frame (tests turn it off to
# render every page through its template and compare).
FAST_PAGES: ContextVar[bool] = ContextVar("FAST_PAGES", default=True)

_SPLIT = re.compile("\ue000([a-z_]+)\ue001")


def hole(name: str) -> str:
    """The mark of a hole: private-use characters that no escape, filter or text of a
    season changes or holds (a page whose values hold one is not written this way)."""
    return f"\ue000{name}\ue001"


def marked(text: str) -> bool:
    """Whether a value would be taken for a hole."""
    return "\ue000" in text or "\ue001" in text


class Frame:
    """A page's text between its holes: ``parts[0]``, hole, ``parts[1]``, hole, ..."""

    __slots__ = ("holes", "parts", "template")

    def __init__(self, parts: list[str], holes: list[str], template: str):
        self.parts = parts
        self.holes = holes
        self.template = template  # the template's name, which a page filled here renders

    def fill(self, values: dict[str, str]) -> str:
        parts = self.parts
        out = [parts[0]]
        for index, name in enumerate(self.holes, start=1):
            out.append(values[name])
            out.append(parts[index])
        return "".join(out)


def _constant(text: str):  # noqa: ANN202
    def block(context: object) -> Iterable[str]:
        yield text
    return block


def _writer(name: str):  # noqa: ANN202
    text = Markup(hole(name))

    def write(*args: object) -> Markup:
        return text
    return write


def stamp(template_name: str, page: object, language: str, blocks: Iterable[str],
          marks: Iterable[str] = (), writers: Iterable[str] = ()) -> Frame | None:
    """The frame of ``page`` through ``template_name``: each of ``blocks`` a hole of its
    name, each of ``marks`` a hole wherever ``page`` carries ``hole(name)`` (the caller
    puts the marks into the page), and each of ``writers`` (a row writer the template
    calls, e.g. ``wall_rows``) a hole where the template writes its output. Each block's
    hole must come out exactly once, and no hole but these: else None. The frame holds
    for the pages whose values take the same branches of the template as ``page``'s."""
    if not FAST_PAGES.get():
        return None
    blocks, marks, writers = tuple(blocks), tuple(marks), tuple(writers)
    season = getattr(page, "season", None)
    env = environment(language, getattr(season, "digits", "western"))
    template = env.get_template(template_name)
    context = template.new_context({"page": page,
                                    **{name: _writer(name) for name in writers}})
    for name in blocks:
        context.blocks[name] = [_constant(hole(name))]
    text = env.concat(template.root_render_func(context))  # type: ignore[attr-defined]
    pieces = _SPLIT.split(text)
    parts, holes = pieces[0::2], pieces[1::2]
    if marked("".join(parts)):
        return None
    if (any(holes.count(name) != 1 for name in blocks)
            or set(holes) - {*blocks, *marks, *writers}):
        return None
    return Frame(parts, holes, template_name)
