"""Organisers' Markdown (news, the season description) as HTML that cannot carry script."""

from __future__ import annotations

from functools import lru_cache

import markdown as md
import nh3

# What news and descriptions may contain once rendered: Markdown's own output, links
# and images to web, mail or relative addresses only (no javascript:, data:, vbscript:).
_ALLOWED_TAGS = {"a", "abbr", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5",
                 "h6", "hr", "img", "li", "ol", "p", "pre", "strong", "table", "tbody", "td",
                 "th", "thead", "tr", "ul"}
_ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title"},
                       "th": {"align"}, "td": {"align"}, "ol": {"start"}}
_URL_SCHEMES = {"http", "https", "mailto"}


@lru_cache(maxsize=512)
def render_markdown(text: str) -> str:
    """Markdown to HTML that cannot carry script into the page: raw HTML in the text is
    escaped before Markdown sees it, and nh3 (the Rust ``ammonia`` sanitiser) keeps an
    allow-list of tags, attributes and URL schemes, so a ``[x](javascript:...)`` link
    loses its target whatever headers the host sends. Remembered per text: every page's
    context asks for the season's description (81 times in the grand prix)."""
    if not text:
        return ""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    html = md.markdown(escaped, extensions=["sane_lists"], output_format="html")
    return nh3.clean(html, tags=_ALLOWED_TAGS, attributes=_ALLOWED_ATTRIBUTES,
                     url_schemes=_URL_SCHEMES, link_rel="noopener noreferrer")
