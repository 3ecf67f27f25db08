"""The live preview of a folder of seasons: one ``LiveSite`` per season, one site served.

The same site ``build_seasons`` writes (``season_index``: the index at the root,
each season under its path, the assets once), kept in memory: each season keeps
its own ``LiveSite`` (loader memo, memory store, fingerprints), so a save in one
season renders only what changed there. Seasons added or removed while serving
are picked up on the next save. An invalid season shows its problems in the
overlay, as with one season.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import pipeline, season_index
from leaguegen.site.live import LiveSite


class LiveSeasons:
    """``LiveSite``'s interface (build, summary, pdf_job) for a folder of seasons."""

    def __init__(self, folder: Path, pdf: bool = True):
        self.folder = Path(folder)
        self.pdf = pdf
        self.sites: dict[str, LiveSite] = {}

    def build(self) -> tuple[pipeline.SiteFiles | None, list[str]]:
        try:
            folders = season_index.season_folders(self.folder)
        except InputError as err:
            return None, [str(p) for p in err.problems]
        self.sites = {path: self.sites.get(path) or LiveSite(folder, pdf=self.pdf)
                      for path, folder in folders.items()}
        if not self.sites:
            return None, [f"{self.folder}: no season folder (with a season.yaml) left in it"]
        errors: list[str] = []
        merged = pipeline.SiteFiles({}, {})
        seasons = {}
        for path, site in self.sites.items():
            built, problems = site.build()
            if built is None:
                errors.extend(problems)
                continue
            try:  # the parse is in the memo: this re-reads but does not re-parse
                seasons[path] = load_season(site.season_dir, memo=site.memo)
            except InputError as err:  # saved again between the two reads
                errors.extend(str(p) for p in err.problems)
                continue
            except (OSError, UnicodeDecodeError) as exc:
                errors.append(f"{site.season_dir}: cannot read the season: {exc}")
                continue
            for rel, data in season_index.share_assets(built.files).items():
                key = rel if rel.startswith(f"{season_index.ASSETS_DIR}/") else f"{path}/{rel}"
                merged.files[key] = data
            merged.pending_pdfs.update({f"{path}/{rel}": v
                                        for rel, v in built.pending_pdfs.items()})
            merged.pages += built.pages
            merged.sections_rendered += [f"{path}/{s}" for s in built.sections_rendered]
            merged.sections_reused += [f"{path}/{s}" for s in built.sections_reused]
            merged.outputs_rendered += built.outputs_rendered
            merged.home_rendered = merged.home_rendered or built.home_rendered
        if errors:
            return None, errors
        merged.files[season_index.INDEX] = season_index.render_index(seasons).encode()
        return merged, []

    @staticmethod
    def summary(built: pipeline.SiteFiles) -> str:
        return LiveSite.summary(built)

    def pdf_job(self, pending: dict[str, tuple[str, str]]) -> Callable[[], dict[str, bytes]]:
        """One background job making every season's pending PDFs, in its own store."""
        jobs = []
        for path, site in self.sites.items():
            mine = {rel.removeprefix(f"{path}/"): value for rel, value in pending.items()
                    if rel.startswith(f"{path}/")}
            if mine:
                jobs.append((path, site.pdf_job(mine)))

        def job() -> dict[str, bytes]:
            out = {}
            for path, run in jobs:
                out.update({f"{path}/{rel}": data for rel, data in run().items()})
            return out

        return job
