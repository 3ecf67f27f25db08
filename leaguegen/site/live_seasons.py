"""The live preview of a folder of seasons: one ``LiveSite`` per season, one site served.

The same site ``build_seasons`` writes (``season_index``: the index at the root,
each season under its path, the assets once), kept in memory: each season keeps
its own ``LiveSite`` (loader memo, units), so a save in one season renders only
what changed there, when it is asked for. Seasons added or removed while serving
are picked up on the next save. An invalid season shows its problems in the
overlay, as with one season.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from leaguegen.errors import InputError
from leaguegen.site import season_index
from leaguegen.site.live import LiveSite
from leaguegen.site.live_plan import LiveFiles

ASSETS_PREFIX = f"{season_index.ASSETS_DIR}/"


class SeasonsFiles:
    """The files of several seasons' ``LiveFiles`` as one site, as ``build_seasons``
    merges them: each season under its path (its pages' asset links moved up a
    folder), the assets at the root (a later season's winning), the index."""

    def __init__(self, seasons: dict[str, LiveFiles], index: bytes):
        self.seasons = seasons
        self.index = index
        # the words of each season's link up to the index (season_index.back_labels)
        title = season_index.index_title({p: live.season for p, live in seasons.items()})
        self.back = {p: season_index.back_labels(live.season, title)
                     for p, live in seasons.items()}
        # the longest path first, so a season inside another's folder is found
        self.paths = sorted(seasons, key=len, reverse=True)

    def get(self, path: str) -> bytes | None:
        if path == season_index.INDEX:
            return self.index
        if path.startswith(ASSETS_PREFIX):
            for files in reversed(list(self.seasons.values())):
                data = files.get(path)
                if data is not None:
                    return data
            return None
        for season in self.paths:
            if path.startswith(f"{season}/"):
                rel = path[len(season) + 1:]
                if rel.startswith(ASSETS_PREFIX):
                    return None  # a season's assets are served at the root
                data = self.seasons[season].get(rel)
                if data is None:
                    return None
                return season_index.share_assets({rel: data}, self.back[season])[rel]
        return None

    @property
    def files(self) -> dict[str, bytes]:
        """Every file, rendered: what the folder's build writes."""
        out: dict[str, bytes] = {}
        for path, live in self.seasons.items():
            for rel, data in season_index.share_assets(live.files, self.back[path]).items():
                out[rel if rel.startswith(ASSETS_PREFIX) else f"{path}/{rel}"] = data
        out[season_index.INDEX] = self.index
        return out

    def __len__(self) -> int:
        return sum(len(s) for s in self.seasons.values()) + 1

    @property
    def pending(self) -> list:
        return [u for s in self.seasons.values() for u in s.pending]

    @property
    def sections_rendered(self) -> list[str]:
        return [f"{p}/{s}" for p, live in self.seasons.items() for s in live.sections_rendered]

    @property
    def sections_reused(self) -> list[str]:
        return [f"{p}/{s}" for p, live in self.seasons.items() for s in live.sections_reused]


class LiveSeasons:
    """``LiveSite``'s interface (build, summary, background) for a folder of seasons."""

    def __init__(self, folder: Path, pdf: bool = True):
        self.folder = Path(folder)
        self.pdf = pdf
        self.sites: dict[str, LiveSite] = {}

    def build(self) -> tuple[SeasonsFiles | None, list[str]]:
        try:
            folders = season_index.season_folders(self.folder)
        except InputError as err:
            return None, [str(p) for p in err.problems]
        self.sites = {path: self.sites.get(path) or LiveSite(folder, pdf=self.pdf)
                      for path, folder in folders.items()}
        if not self.sites:
            return None, [f"{self.folder}: no season folder (with a season.yaml) left in it"]
        errors: list[str] = []
        built: dict[str, LiveFiles] = {}
        for path, site in self.sites.items():
            live, problems = site.build()
            if live is None:
                errors.extend(problems)
                continue
            built[path] = live
        if errors:
            return None, errors
        seasons = {path: site.season for path, site in self.sites.items()}
        index = season_index.render_index(seasons).encode()  # type: ignore[arg-type]
        return SeasonsFiles(built, index), []

    @staticmethod
    def summary(built: SeasonsFiles) -> str:
        return LiveSite.summary(built)  # type: ignore[arg-type]

    def background(self, built: SeasonsFiles) -> Callable[[], dict[str, bytes]] | None:
        """Every season's PDFs still to make, in one background job."""
        jobs = [(path, job) for path, live in built.seasons.items()
                if (job := LiveSite.background(live)) is not None]
        if not jobs:
            return None

        def job() -> dict[str, bytes]:
            out = {}
            for path, run in jobs:
                out.update({f"{path}/{rel}": data for rel, data in run().items()})
            return out

        return job
