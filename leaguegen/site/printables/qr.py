"""The QR code on every printable: the round's page, as an SVG image inside the PDF.

segno (BSD, pure Python, no image library) makes the symbol; it goes into the page as an
``data:image/svg+xml`` URL, which the PDF fetcher allows (``site/pdf.check_url``) and
WeasyPrint draws as vectors, so the code stays sharp at any printer's resolution.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=256)  # one code per round and language, asked for by each printable
def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an SVG data URL (error correction M: a sheet pinned on a
    wall gets creased and written on; a quiet zone of four modules, as the standard asks)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return code.svg_data_uri(scale=1, border=4, omitsize=True, dark="#000", light="#fff")
