"""The live preview of a folder of seasons: one ``LiveSite`` per season, one site served.

The same site ``build_seasons`` writes (``pipeline.SeasonsFiles``: the index at the
root, each season under its path, the assets once), kept in memory: each season
keeps its own ``LiveSite`` (loader memo, store, the pipeline's memo), so a save in
one season renders only what changed there, and a season whose files no save changed
(nor a commit since) is not loaded again at all: its last build is served. Seasons
added or removed while serving are picked up on the next save. An invalid season
shows its problems in the overlay, as with one season.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from leaguegen.errors import InputError
from leaguegen.formats.club_file import read_club_file
from leaguegen.site import season_index, stamp
from leaguegen.site.live import LiveSite
from leaguegen.site.pages.club import ClubMemo
from leaguegen.site.pdf import PdfUnavailable
from leaguegen.site.pipeline import SeasonsFiles, SiteFiles
from leaguegen.site.season_share import Share, share_of


class LiveSeasons:
    """``LiveSite``'s interface (build, summary, background) for a folder of seasons."""

    def __init__(self, folder: Path, pdf: bool = True):
        self.folder = Path(folder)
        self.pdf = pdf
        self.sites: dict[str, LiveSite] = {}
        # what the club's pages were made from at the last save (roster, careers, the
        # rating list's run, the pages): a save makes again only what its edit changed
        self.club = ClubMemo()
        # each season's last build, with what it was built from (its files' hash and the
        # folder's newest commit), and its share of the club's pages (``season_share``): a
        # save elsewhere in the folder leaves both as they are
        self.last: dict[str, tuple[str, SiteFiles, Share]] = {}
        self.fresh: set[str] = set()  # the seasons this save built (their background jobs)
        self.lock = threading.Lock()  # the club's pages: made by one thread at a time
        self.saves = 0  # saves so far: a background job of an older one is skipped
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="leaguegen-commit")

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
        built: dict[str, SiteFiles] = {}
        shares: dict[str, Share] = {}
        # the folder's newest commit (a git process: 5-10 ms) while its files are hashed
        commit = self.pool.submit(stamp.last_commit, self.folder)
        digests = {path: stamp.files_digest(folders[path]) for path in self.sites}
        self.fresh = set()
        for path, site in self.sites.items():
            seen = f"{commit.result()}\0{digests[path]}"
            last = self.last.get(path)
            if last is not None and last[0] == seen:
                built[path], shares[path] = last[1], last[2]
                continue
            files, problems = site.build()
            if files is None:
                self.last.pop(path, None)
                errors.extend(problems)
                continue
            built[path] = files
            shares[path] = share_of(path, site.season, files.facts,  # type: ignore[arg-type]
                                    (last[1].facts, last[2])
                                    if last is not None and last[1].facts else None)
            self.last[path] = (seen, files, shares[path])
            self.fresh.add(path)
        self.last = {path: self.last[path] for path in self.sites if path in self.last}
        if errors:
            return None, errors
        outlines = {path: share.outline for path, share in shares.items()}
        try:  # the folder's club.yaml (its grand prix series), read again on every save
            club = read_club_file(self.folder, outlines, folders)  # type: ignore[arg-type]
        except InputError as err:
            return None, [str(p) for p in err.problems]
        self.saves += 1
        # the club's pages are made after the reload (``background``), as the feeds are, or
        # by the first request for one of them
        return SeasonsFiles(built, shares, club, pdf=self.pdf, memo=self.club,
                            club_lock=self.lock), []

    @staticmethod
    def summary(built: SeasonsFiles) -> str:
        return LiveSite.summary(built)  # type: ignore[arg-type]

    def background(self, built: SeasonsFiles) -> list[Callable[[], dict[str, bytes]]]:
        """The club's pages, then every season's background jobs, their files under the
        season's path, then the series' PDFs."""
        current = self.saves

        def club_pages() -> dict[str, bytes]:
            if self.saves == current:  # a newer save has its own job
                built.club  # noqa: B018 - made now, kept by ``built``: nothing to merge
            return {}

        def under(path: str, job: Callable[[], dict[str, bytes]]
                  ) -> Callable[[], dict[str, bytes]]:
            return lambda: {f"{path}/{rel}": data for rel, data in job().items()}

        jobs = [club_pages]
        jobs += [under(path, job) for path, files in built.builds.items() if path in self.fresh
                 for job in self.sites[path].background(files)]
        if self.pdf:  # the folder's series PDFs

            def club_pdfs() -> dict[str, bytes]:
                from leaguegen.site.pdf import html_to_pdf
                from leaguegen.site.render import template_dir

                if self.saves != current:
                    return {}
                try:
                    return {path: html_to_pdf(source, template_dir())
                            for path, (_key, source) in built.club_pdfs.items()}
                except PdfUnavailable:
                    return {}
            jobs.append(club_pdfs)
        return jobs
