"""Crosstable PDFs through WeasyPrint, with every fetch confined to the template folder.

WeasyPrint is imported here only, so commands that never make a PDF start fast.
A page of a season may contain organiser-written text; whatever it says, the
renderer may load nothing from the network and no file outside the templates.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse


class BlockedFetch(ValueError):
    """Raised for any resource outside the allowed folder (WeasyPrint then skips it)."""


def _confined_fetcher(allowed: Path):
    from weasyprint.urls import URLFetcher

    allowed = allowed.resolve()

    class ConfinedFetcher(URLFetcher):
        def fetch(self, url, headers=None):  # noqa: ANN001,ANN201 - WeasyPrint's signature
            check_url(url, allowed)
            return super().fetch(url, headers)

    return ConfinedFetcher(allowed_protocols=("file", "data"), allow_redirects=False)


def check_url(url: str, allowed: Path) -> None:
    """Allow ``data:`` URLs and files under ``allowed``; refuse everything else."""
    parsed = urlparse(url)
    if parsed.scheme == "data":
        return
    if parsed.scheme == "file":
        target = Path(unquote(parsed.path)).resolve()
        if target == allowed or allowed in target.parents:
            return
    raise BlockedFetch(f"PDF rendering may not fetch {url}")


# Bundled fonts a PDF loads only when its text needs them: decompressing the CJK
# font alone takes about a second, which an English crosstable should not pay.
_SCRIPT_FONTS = (
    (re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]"), "NotoSansArabic"),
    (re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"), "NotoSansSC"),
)
_FONT_FACE = re.compile(r"@font-face\s*{[^}]*}")


def drop_unneeded_fonts(html: str) -> str:
    """Remove @font-face rules for bundled fonts whose script the document never uses."""
    text = re.sub(r"<style.*?</style>", "", html, flags=re.S)
    unused = [font for pattern, font in _SCRIPT_FONTS if not pattern.search(text)]
    if not unused:
        return html
    return _FONT_FACE.sub(lambda m: "" if any(f in m.group(0) for f in unused) else m.group(0),
                          html)


def html_to_pdf(html: str, base_dir: Path) -> bytes:
    """Render HTML to PDF bytes; only files under ``base_dir`` may be loaded."""
    from weasyprint import HTML

    html = drop_unneeded_fonts(html)
    doc = HTML(string=html, base_url=str(base_dir.resolve()) + "/",
               url_fetcher=_confined_fetcher(base_dir))
    return doc.write_pdf()
