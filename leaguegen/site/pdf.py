"""Crosstable PDFs through WeasyPrint, with every fetch confined to the template folder.

WeasyPrint is imported here only, so commands that never make a PDF start fast.
A page of a season may contain organiser-written text; whatever it says, the
renderer may load nothing from the network and no file outside the templates.

A process keeps one font configuration and the parsed shared stylesheet for all
its PDFs: fontconfig's set-up, adding the bundled fonts and parsing the style are
paid once, not per PDF; the bundled WOFF2 fonts are unpacked once per user
(``unpacked_font``: 0.4 s for the Chinese font's two faces).
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import re
import shutil
import sys
import threading
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlparse


class BlockedFetch(ValueError):
    """A resource outside the allowed folder (WeasyPrint then skips it)."""


class PdfUnavailable(RuntimeError):
    """WeasyPrint cannot be loaded here: its system libraries (Pango, HarfBuzz, fontconfig,
    GObject) are missing, or the package itself. A build then makes the site without PDFs
    and says why (``site.build``), rather than failing as if the season were wrong."""


def unavailable_warning(exc: PdfUnavailable, done: str = "The site was built without them"
                        " and without links to them.") -> str:
    """What a build (or the preview) without its PDFs says, and how to get them."""
    return ("warning: no PDF crosstables: WeasyPrint, which makes them, cannot load here"
            f" ({exc}). {done} To make them, install its system libraries (Debian/Ubuntu:"
            " apt install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0; macOS: brew"
            " install pango; https://doc.courtbouillon.org/weasyprint/stable/first_steps.html),"
            " or pass --no-pdf to say you want none")


def _import_weasyprint() -> None:
    try:  # its own hint on a missing library goes to stdout: ours says it (PdfUnavailable)
        with contextlib.redirect_stdout(io.StringIO()):
            import weasyprint  # noqa: F401
    except (OSError, ImportError) as exc:
        raise PdfUnavailable(str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                             ) from exc


def load_weasyprint() -> None:
    """Import WeasyPrint, its C libraries found through the loader's cache first.

    On Linux ``ctypes.util.find_library`` answers a name the loader's cache
    (``ldconfig -p``) lacks by running gcc and ld, about 40 ms a name, and WeasyPrint
    asks for each library under Windows' and macOS' names first: 0.66 s of the import's
    1.6 s. The cache alone gives the same libraries (short of an odd library path: with
    ``LD_LIBRARY_PATH`` or ``LIBRARY_PATH`` set, the ordinary search); if it finds too
    little, the import is done again the ordinary way.
    """
    if "weasyprint" in sys.modules:  # no stdout swap per PDF (serve renders in a thread)
        return
    import ctypes.util

    from_cache = getattr(ctypes.util, "_findSoname_ldconfig", None)
    if (from_cache is not None and sys.platform.startswith("linux")
            and not (os.environ.get("LD_LIBRARY_PATH") or os.environ.get("LIBRARY_PATH"))):
        search, ctypes.util.find_library = ctypes.util.find_library, from_cache
        try:
            _import_weasyprint()
        except PdfUnavailable:
            for name in [name for name in sys.modules if name.partition(".")[0] == "weasyprint"]:
                del sys.modules[name]
        finally:
            ctypes.util.find_library = search
    _import_weasyprint()  # done already by the first try, or again the ordinary way


def _confined_fetcher(allowed: Path):
    load_weasyprint()
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    allowed = allowed.resolve()

    class ConfinedFetcher(URLFetcher):
        def fetch(self, url, headers=None):  # noqa: ANN001,ANN201 - WeasyPrint's signature
            check_url(url, allowed)
            parsed = urlparse(url)
            if parsed.scheme == "file" and parsed.path.endswith(".woff2"):
                font = unpacked_font(Path(unquote(parsed.path)))
                if font is not None:
                    return URLFetcherResponse(url, font)
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


def _fonts_cache() -> Path:
    """The user's cache (``program.user_cache``), as for the compiled templates."""
    from fontTools import version

    from leaguegen.site.program import user_cache

    return user_cache(f"fonts-{version}")


def unpacked_font(path: Path) -> bytes | None:
    """The font a WOFF2 file decompresses to, unpacked once per user, not per process.

    WeasyPrint decompresses a WOFF2 font (fontTools, in Python) in every process that
    adds it: 0.2 s of CPU for each face of the bundled Chinese font, in each PDF worker.
    The unpacking here is fontTools' own, so the PDFs are the same. The file is named by
    the WOFF2 bytes' hash and the unpacked length, written whole (a temporary file, then
    renamed); one that does not look whole is unpacked again. None (WeasyPrint unpacks
    the font itself) for anything but a readable WOFF2 file.
    """
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if data[:4] != b"wOF2":
        return None
    import hashlib

    folder = _fonts_cache()
    digest = hashlib.sha256(data).hexdigest()[:40]
    for kept in folder.glob(f"{digest}-*.sfnt"):
        with contextlib.suppress(OSError, ValueError):
            font = kept.read_bytes()
            if len(font) == int(kept.stem.partition("-")[2]) and font[:4] in _SFNT:
                return font
    from fontTools.ttLib import woff2

    out = io.BytesIO()
    try:
        woff2.decompress(io.BytesIO(data), out)
    except Exception:  # noqa: BLE001 - WeasyPrint then tries, and reports, itself
        return None
    font = out.getvalue()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = folder / f".{digest}.{os.getpid()}.{threading.get_ident()}"
        temporary.write_bytes(font)
        os.replace(temporary, folder / f"{digest}-{len(font)}.sfnt")
    return font


_SFNT = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


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


# The layout's first <style> (site_template/layouts/pdf.html): the same text in every PDF.
_SHARED_STYLE = re.compile(r"<style data-pdf-shared>(.*?)</style>", re.S)
# one FontConfiguration, so one document at a time (serve renders PDFs in a thread)
_lock = threading.Lock()
_fonts = None  # the process's weasyprint FontConfiguration, made on first use
_sheets: dict[tuple[str, str], object] = {}  # (shared style text, base folder) -> weasyprint CSS


def _font_config():  # noqa: ANN202 - weasyprint is imported lazily
    global _fonts
    if _fonts is None:
        from weasyprint.text.fonts import FontConfiguration

        _fonts = FontConfiguration()
        atexit.register(release)
        _patch_font_module()
    return _fonts


_SIZED_ARRAY = re.compile(r"([A-Za-z_][A-Za-z0-9_ ]*)\[(\d+)\]")


class _OpenArrays:
    """WeasyPrint's ``ffi`` for its font subsetting, asking cffi for ``T[]`` where it
    says ``T[N]``: the same array (the PDF bytes are unchanged), one type string for
    every N. cffi parses each new type string (about 20 ms), and the subsetting asks
    for ``hb_codepoint_t[N]`` with N the glyphs a font uses: 0.05-0.1 s a PDF.
    """

    def __init__(self, ffi) -> None:  # noqa: ANN001 - cffi's FFI
        self._ffi = ffi

    def new(self, cdecl, init=None):  # noqa: ANN001,ANN201 - cffi's signature
        sized = _SIZED_ARRAY.fullmatch(cdecl) if isinstance(cdecl, str) else None
        if sized and hasattr(init, "__len__") and len(init) == int(sized.group(2)):
            return self._ffi.new(sized.group(1).strip() + "[]", init)
        return self._ffi.new(cdecl, init)

    def __getattr__(self, name: str):  # noqa: ANN204 - everything else is cffi's own
        return getattr(self._ffi, name)


def _patch_font_module() -> None:
    """Give WeasyPrint's font module (once per process) :class:`_OpenArrays`, and a
    ``TTFont`` that keeps a font's own date, so the same season makes the same PDF bytes
    at any hour: without HarfBuzz's subsetter (``libharfbuzz-subset``, missing on a fresh
    Debian) WeasyPrint subsets with fontTools, whose ``save`` stamps the clock into each
    font's ``head`` table (``recalcTimestamp``, still given to a caller that asks)."""
    from weasyprint.pdf import fonts

    if hasattr(fonts, "ffi") and not isinstance(fonts.ffi, _OpenArrays):
        fonts.ffi = _OpenArrays(fonts.ffi)
    made = getattr(fonts, "TTFont", None)
    if made is None or getattr(made, "_keeps_font_dates", False):
        return

    class KeptDates(made):  # type: ignore[misc, valid-type]
        _keeps_font_dates = True

        def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002,ANN003 - TTFont's own
            kwargs.setdefault("recalcTimestamp", False)
            super().__init__(*args, **kwargs)

    KeptDates.__name__ = KeptDates.__qualname__ = made.__name__
    fonts.TTFont = KeptDates


def release() -> None:
    """Drop the font configuration and delete the fonts it unpacked (WeasyPrint would
    only when the last reference goes, which a process's exit may never see)."""
    global _fonts
    if not _lock.acquire(timeout=10):  # a thread stuck in a PDF at exit: leave it its fonts
        return
    try:
        folder = getattr(_fonts, "_folder", None)
        if folder is not None:
            _fonts._folder = None
            shutil.rmtree(folder, ignore_errors=True)
        _sheets.clear()
        _fonts = None
    finally:
        _lock.release()


def forked() -> None:
    """In a forked process: unpack fonts added from now on into a folder of its own.

    The fonts the parent already added stay usable (their files are the parent's,
    deleted when the parent ends); a child that shared the parent's folder would
    write the same new font file as its siblings, and delete the folder on exit.
    """
    global _lock
    _lock = threading.Lock()  # the parent's may have been held by another of its threads
    if _fonts is not None and getattr(_fonts, "_folder", None) is not None:
        _fonts._folder = None  # WeasyPrint makes a new temporary folder when it needs one


def _shared_sheet(text: str, base_dir: Path):  # noqa: ANN202
    """The shared style parsed once per text (a few: one per set of fonts kept)."""
    key = (text, str(base_dir))
    sheet = _sheets.get(key)
    if sheet is None:
        from weasyprint import CSS

        if len(_sheets) >= 16:  # only a changed template makes new texts
            _sheets.clear()
        sheet = _sheets[key] = CSS(string=text, base_url=str(base_dir) + "/",
                                   url_fetcher=_confined_fetcher(base_dir),
                                   font_config=_font_config())
    return sheet


def html_to_pdf(html: str, base_dir: Path) -> bytes:
    """The PDF of ``html``; only files under ``base_dir`` may be loaded."""
    load_weasyprint()
    from weasyprint import HTML

    html = drop_unneeded_fonts(html)
    base_dir = base_dir.resolve()
    with _lock:
        sheets = []
        shared = _SHARED_STYLE.search(html)
        if shared:
            sheets.append(_shared_sheet(shared.group(1), base_dir))
            html = html[:shared.start()] + html[shared.end():]
        doc = HTML(string=html, base_url=str(base_dir) + "/",
                   url_fetcher=_confined_fetcher(base_dir))
        return doc.write_pdf(stylesheets=sheets, font_config=_font_config())


def warm_up(base_dir: Path) -> None:
    """Load WeasyPrint, start fontconfig, parse the shared style and open the usual faces,
    before the real PDFs: a process forked after this renders its first PDF as fast as its
    tenth."""
    from leaguegen.site.render import render

    page = SimpleNamespace(season=SimpleNamespace(name="Aa", digits="western"),
                           section=SimpleNamespace(name="Aa 1½"))
    html_to_pdf(render("warm_up/pdf.html", page), base_dir)
