"""The site kept in memory between rebuilds, for the live preview server.

The build itself is ``site/pipeline.build``, the same as ``leaguegen build``'s;
what this adds is memory across saves: section files that did not change are
not parsed again (the loader's memo), sections, feeds and pages whose content did
not change are not rendered or encoded again (the memory store, the section
fingerprints, the page encoder), and PDFs are made afterwards, in the background,
only for sections whose PDF source changed. Every reuse is keyed by content, so a
build always shows exactly what a fresh build of the same files shows
(tests/site/test_serve.py holds that over sequences of valid and broken saves).
A file that cannot be read or decoded is an error of the build, shown in the
overlay like any other, never an internal error.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import pipeline
from leaguegen.site.incremental import MemoryStore, templates_fingerprint
from leaguegen.site.render import template_dir


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
        self.output_memo: dict = {}
        self.encoder = pipeline.Encoder()
        self.lock = threading.Lock()  # the store is shared with the background PDF job

    def build(self) -> tuple[pipeline.SiteFiles | None, list[str]]:
        """The site's files, or None and the problems that stopped the build."""
        try:
            season = load_season(self.season_dir, memo=self.memo)
        except InputError as err:
            return None, [str(p) for p in err.problems]
        except (OSError, UnicodeDecodeError) as exc:  # the loader says file:line:col; a fallback
            return None, [f"{self.season_dir}: cannot read the season: {exc}"]
        finally:
            self.memo.prune()
        with self.lock:
            built = pipeline.build(season, self.store, pdf=self.pdf,
                                   templates=templates_fingerprint(),
                                   fingerprints=self.fingerprints, encoder=self.encoder,
                                   output_memo=self.output_memo)
        return built, []

    @staticmethod
    def summary(built: pipeline.SiteFiles) -> str:
        if not built.rendered_anything:
            return "(nothing changed)"
        return (f"({len(built.sections_rendered)} sections rendered,"
                f" {len(built.sections_reused)} unchanged)")

    def pdf_job(self, pending: dict[str, tuple[str, str]]) -> Callable[[], dict[str, bytes]]:
        def job() -> dict[str, bytes]:
            from leaguegen.site.pdf import html_to_pdf

            out = {}
            for path, (key, source) in pending.items():
                data = html_to_pdf(source, template_dir())
                with self.lock:
                    self.store.put_pdf(key, data)
                out[path] = data
            return out

        return job
