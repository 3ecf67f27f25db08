"""The site kept in memory between rebuilds, for the live preview server.

Section files that did not change are not parsed again (the loader's memo),
sections whose content did not change are not rendered again (the memory
store), and PDFs are made afterwards, in the background, only for sections
whose PDF source changed. Every reuse is keyed by content, so a build always
shows exactly what a fresh build of the same files shows (tests/site/test_serve.py
holds that over sequences of valid and broken saves).
A file that cannot be read or decoded is an error of the build, shown in the
overlay like any other, never an internal error.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import i18n
from leaguegen.site.build import ASSETS
from leaguegen.site.incremental import MemoryStore, render_site, templates_fingerprint
from leaguegen.site.render import template_dir


@dataclass
class LiveBuild:
    files: dict[str, bytes] | None
    errors: list[str] = field(default_factory=list)
    background: Callable[[], dict[str, bytes]] | None = None
    summary: str = ""


class _UsedMemo(dict):
    """The loader's memo, remembering which entries the latest load used."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set = set()

    def __contains__(self, key: object) -> bool:
        self.used.add(key)
        return super().__contains__(key)

    def __setitem__(self, key: object, value: object) -> None:
        self.used.add(key)
        super().__setitem__(key, value)

    def prune(self) -> None:
        """Drop the parses of file contents that are gone, so a long session stays small."""
        for key in [k for k in self if k not in self.used]:
            del self[key]
        self.used = set()


class LiveSite:
    def __init__(self, season_dir: Path, pdf: bool = True):
        self.season_dir = Path(season_dir)
        self.pdf = pdf
        self.memo = _UsedMemo()
        self.store = MemoryStore()
        self.fingerprints: dict = {}
        self.encoded: dict[str, tuple[str, bytes]] = {}  # path -> (html, its UTF-8 bytes)
        self.lock = threading.Lock()  # the store is shared with the background PDF job

    def build(self) -> LiveBuild:
        try:
            season = load_season(self.season_dir, memo=self.memo)
        except InputError as err:
            return LiveBuild(None, [str(p) for p in err.problems])
        except (OSError, UnicodeDecodeError) as exc:  # the loader says file:line:col; a fallback
            return LiveBuild(None, [f"{self.season_dir}: cannot read the season: {exc}"])
        finally:
            self.memo.prune()
        with self.lock:
            return self._render(season)

    def _render(self, season) -> LiveBuild:  # noqa: ANN001 - Season
        snap = i18n.render_languages(render_site, season, self.store, templates_fingerprint(),
                                     fingerprints=self.fingerprints)
        files = {path: self._encode(path, html) for path, html in snap.pages.items()}
        self.encoded = {path: self.encoded[path] for path in files}
        for asset in ASSETS + i18n.font_assets(season):
            files[f"assets/{asset}"] = (template_dir() / "assets" / asset).read_bytes()
        missing: dict[str, tuple[str, str]] = {}
        for path, (key, source) in snap.pdfs.items():
            data = self.store.get_pdf(key)
            if data is not None:
                files[path] = data
            elif self.pdf:
                missing[path] = (key, source)
        summary = (f"({len(snap.sections_rendered)} sections rendered,"
                   f" {len(snap.sections_reused)} unchanged)")
        if not snap.rendered_anything:
            summary = "(nothing changed)"
        return LiveBuild(files, [], self._pdf_job(missing) if missing else None, summary)

    def _encode(self, path: str, html: str) -> bytes:
        """Reuse the bytes of a page whose text object the store handed back unchanged."""
        known = self.encoded.get(path)
        if known is not None and known[0] is html:
            return known[1]
        data = html.encode("utf-8")
        self.encoded[path] = (html, data)
        return data

    def _pdf_job(self, missing: dict[str, tuple[str, str]]) -> Callable[[], dict[str, bytes]]:
        def job() -> dict[str, bytes]:
            from leaguegen.site.pdf import html_to_pdf

            out = {}
            for path, (key, source) in missing.items():
                data = html_to_pdf(source, template_dir())
                with self.lock:
                    self.store.put_pdf(key, data)
                out[path] = data
            return out

        return job
