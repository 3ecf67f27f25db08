"""Crosstable PDFs through WeasyPrint, with every fetch confined to the template folder.

WeasyPrint is imported here only, so commands that never make a PDF start fast.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse


class BlockedFetch(Exception):
    pass


def _fetcher_for(allowed: Path):
    allowed = allowed.resolve()

    def fetch(url: str, *args, **kwargs):  # noqa: ANN202 - WeasyPrint's protocol
        from weasyprint import default_url_fetcher

        parsed = urlparse(url)
        if parsed.scheme == "data":
            return default_url_fetcher(url, *args, **kwargs)
        if parsed.scheme == "file":
            target = Path(parsed.path).resolve()
            if allowed == target or allowed in target.parents:
                return default_url_fetcher(url, *args, **kwargs)
        raise BlockedFetch(f"PDF rendering may not fetch {url}")

    return fetch


def html_to_pdf(html: str, base_dir: Path) -> bytes:
    """Render HTML to PDF bytes; only files under ``base_dir`` may be loaded."""
    from weasyprint import HTML

    doc = HTML(string=html, base_url=str(base_dir.resolve()) + "/",
               url_fetcher=_fetcher_for(base_dir))
    return doc.write_pdf()
