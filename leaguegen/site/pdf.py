"""Crosstable PDFs through WeasyPrint, with every fetch confined to the template folder.

WeasyPrint is imported here only, so commands that never make a PDF start fast.
A page of a season may contain organiser-written text; whatever it says, the
renderer may load nothing from the network and no file outside the templates.
"""

from __future__ import annotations

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


def html_to_pdf(html: str, base_dir: Path) -> bytes:
    """Render HTML to PDF bytes; only files under ``base_dir`` may be loaded."""
    from weasyprint import HTML

    doc = HTML(string=html, base_url=str(base_dir.resolve()) + "/",
               url_fetcher=_confined_fetcher(base_dir))
    return doc.write_pdf()
