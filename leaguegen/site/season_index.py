"""A folder of seasons as one site: which folders are seasons, their paths, the index page.

A club keeps every season in one repository, one folder per season::

    club/
      autumn-2026/season.yaml
      spring-2027/season.yaml  news/...

``leaguegen build club`` publishes them as one site: an index of the seasons
(newest first) at the root, each season's own site under a path named after
its folder (``autumn-2026/index.html``), and the assets (stylesheet, fonts)
once, at ``assets/``. This module holds what that adds to a one-season build,
without I/O beyond looking at folder names: recognising the folder, naming
each season's path, ordering the seasons, moving a season's asset links to the
shared folder, and rendering the index page.

Recognition: a folder is a *season* when it holds ``season.yaml`` (built as
before, unchanged); it is a *folder of seasons* when it does not, and at least
one of its direct subfolders does. Hidden subfolders (``.git``, the cache, the
staging folders of a build) are never seasons; other subfolders without
``season.yaml`` (``docs/``, the built ``_site/``) are left alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import escape

from leaguegen.domain.names import name_slug
from leaguegen.domain.season import Season
from leaguegen.errors import InputError, Problem
from leaguegen.formats.club_file import ClubFile
from leaguegen.formats.season_yaml import SEASON_FILE
from leaguegen.site import i18n
from leaguegen.site.season_share import SeasonOutline, Share, season_dates

if TYPE_CHECKING:  # the renderer's modules load when a page is made, not on import
    from leaguegen.site.incremental import Store
    from leaguegen.site.pages.club import ClubMemo

AnySeason = Season | SeasonOutline  # a season loaded, or its outline kept in the cache

ASSETS_DIR = "assets"
INDEX = "index.html"
CLUB_DIR = "club"  # the club's pages: every member, a career page each (site/pages/club.py)
# Folder names that would clash with the site's own top-level names (the club's pages in
# a language other than the first are under its tag: ru/, zh-hans/), or that Windows
# cannot create: their path gets a suffix.
_RESERVED = frozenset({ASSETS_DIR, CLUB_DIR, "con", "prn", "aux", "nul"}
                      | {lang.tag.lower() for lang in i18n.LANGUAGES.values()}
                      | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)})


def is_seasons_folder(folder: Path) -> bool:
    """True for a folder with no ``season.yaml`` of its own and a season in a subfolder."""
    folder = Path(folder)
    if not folder.is_dir() or (folder / SEASON_FILE).exists():
        return False
    return bool(_candidates(folder))


def _candidates(folder: Path) -> list[Path]:
    try:
        entries = sorted(folder.iterdir(), key=lambda p: p.name)
    except OSError:
        return []
    return [p for p in entries
            if not p.name.startswith(".") and p.is_dir() and (p / SEASON_FILE).is_file()]


def season_path(folder_name: str) -> str:
    """The site path of a season: its folder's name as a slug (letters of any script kept)."""
    base = name_slug(folder_name)
    if not base:
        return ""
    return f"{base}-season" if base in _RESERVED else base


def season_folders(folder: Path) -> dict[str, Path]:
    """Every season of a folder of seasons, by its site path; InputError for a clash.

    A season folder that is a symbolic link is refused: a season's files must be
    inside the folder being published, as every file a season reads is inside its
    own folder.
    """
    folder = Path(folder)
    problems, out = [], {}
    for sub in _candidates(folder):
        if sub.is_symlink():
            problems.append(Problem(str(sub), 0, 0, "is a symbolic link; a season in a folder"
                                    " of seasons must be a real folder inside it"))
            continue
        path = season_path(sub.name)
        if not path:
            problems.append(Problem(str(sub), 0, 0, "the folder's name has no letters or digits"
                                    " to make its web address from; rename the folder"))
        elif path in out:
            problems.append(Problem(str(sub), 0, 0, f"gives the same web address ({path}/) as"
                                    f" {out[path]}; rename one of the two folders"))
        else:
            out[path] = sub
    if problems:
        raise InputError(problems)
    return out


# ---------------------------------------------------------------- the index page

@dataclass(frozen=True, slots=True)
class SeasonCard:
    """One season on the index: what a visitor needs to pick it."""

    url: str
    name: str
    organiser: str
    first: dt.date | None
    last: dt.date | None
    sections: tuple[str, ...]
    lang_tag: str
    dir: str


@dataclass(frozen=True, slots=True)
class SeasonsIndexPage:
    """The context of ``seasons/index.html``; ``title`` is the organiser all seasons share, or
    empty (the template then says "Seasons")."""

    title: str
    seasons: tuple[SeasonCard, ...]
    players_url: str = ""  # the club's index of players across the seasons
    root: str = ""  # up to the site's root: "../" from a language's folder


def newest_first(seasons: dict[str, AnySeason]) -> list[str]:
    """Site paths ordered newest first: by start date, then end date; undated ones last."""
    def key(path: str) -> tuple:
        first, last = season_dates(seasons[path])
        if first is None or last is None:
            return (1, 0, 0, path)
        return (0, -first.toordinal(), -last.toordinal(), path)

    return sorted(seasons, key=key)


def index_title(seasons: dict[str, AnySeason]) -> str:
    """The organiser every season shares (the index's heading), or empty: "Seasons"."""
    organisers = {season.organiser for season in seasons.values()}
    return organisers.pop() if len(organisers) == 1 else ""


def club_languages(seasons: dict[str, AnySeason]) -> tuple[tuple[str, str], ...]:
    """The languages of the club's pages and the index, with the digits each is shown in:
    every language a season of the folder publishes, so a reader who came from a season's
    page finds the club's pages in its language. The newest season's first language comes
    first (at the root, where the pages were before there were others), then the others in
    the catalogues' order (a new season does not reorder the switcher); each in the digits
    of the newest season that publishes it, as that season's own pages are."""
    order = newest_first(seasons)
    digits: dict[str, str] = {}
    for path in order:
        season = seasons[path]
        for code in season.languages or (season.language,):
            digits.setdefault(code, season.digits)
    first = next(iter(digits))
    rest = [code for code in i18n.LANGUAGES if code in digits and code != first]
    return tuple((code, digits[code]) for code in (first, *rest))


def index_page(seasons: dict[str, AnySeason], root: str = ""
               ) -> tuple[SeasonsIndexPage, str, str]:
    """The index context (``root``: up to the site's root from where it is), and the
    language and digits the first of it is shown in (the newest season's)."""
    order = newest_first(seasons)
    cards = []
    for path in order:
        season = seasons[path]
        first, last = season_dates(season)
        lang = i18n.language(season.languages[0] if season.languages else season.language)
        cards.append(SeasonCard(url=f"{root}{path}/{INDEX}", name=season.name,
                                organiser=season.organiser, first=first, last=last,
                                sections=tuple(s.name for s in season.sections),
                                lang_tag=lang.tag, dir="rtl" if lang.rtl else "ltr"))
    title = index_title(seasons)
    newest = seasons[order[0]]
    language = newest.languages[0] if newest.languages else newest.language
    return (SeasonsIndexPage(title=title, seasons=tuple(cards),
                             players_url=f"{CLUB_DIR}/{INDEX}", root=root), language,
            newest.digits)


def render_index(seasons: dict[str, AnySeason]) -> str:
    """The HTML of the site's root page: a card per season, newest first, in the first of
    :func:`club_languages` (the others are :func:`club_files`')."""
    from leaguegen.site.render import environment

    page, language, digits = index_page(seasons)
    codes = tuple(code for code, _ in club_languages(seasons))
    return environment(language, digits).get_template("seasons/index.html").render(
        page=page, langs=codes, here=INDEX)


def club_files(shares: dict[str, Share], club: ClubFile | None = None, pdf: bool = True,
               store: Store | None = None, memo: ClubMemo | None = None) -> dict[str, bytes]:
    """The club's pages (``club/index.html``, a career page per member, the club rating list
    ``club/ratings.html``, and the grand prix series of ``club.yaml`` with their JSON and,
    when ``pdf``, their PDFs' HTML sources, the paths ending ``.pdf``: the caller makes the
    PDFs), by site path, from each season's share (``season_share``: what a folder's
    build keeps of a season, loaded again or not); in each of :func:`club_languages`, the
    first at ``club/``, each other under its tag (``ru/club/``) with the index of the
    seasons in it (``ru/index.html``; the first's is :func:`render_index`). The series'
    JSON is written once, in ``club/``.

    With ``store`` (the build's cache), each page is kept under a key of everything its
    template reads (:class:`_ClubRender`): a page whose context did not change is taken
    from the store, not rendered again (a career page is thousands of template calls, and
    one result changes the pages of the members it reaches only). With ``memo``
    (``pages.club.ClubMemo``, kept by ``serve`` between saves), what the last save made
    is kept by what it was made from: the same shares and club.yaml give the last
    output, and nothing is made again."""
    from leaguegen.site.incremental import templates_fingerprint
    from leaguegen.site.pages.club import ClubMemo
    from leaguegen.site.render import PDF_LINKS

    memo = memo if memo is not None else ClubMemo()
    key = repr((templates_fingerprint(), pdf, club, [(p, s.keys()[0]) for p, s in shares.items()]))
    if memo.whole is not None and memo.whole[0] == key:
        return dict(memo.whole[1])
    token = PDF_LINKS.set(pdf)
    try:
        made = _club_files(shares, club, store, memo)
    finally:
        PDF_LINKS.reset(token)
    memo.whole = (key, dict(made))
    return made


class _ClubRender:
    """The club's pages rendered from their contexts, through ``store`` and ``memo``.

    A club page's template reads its ``page`` (plain frozen values, whose ``repr`` is
    their content) and the environment's language, digits and PDF setting only; the key
    holds those, the template's name, and the templates' and program's fingerprint
    (``templates_fingerprint`` holds the program's identity). A page is taken from the
    last save (``memo.pages``) or the store by its key; the others are rendered in turns
    of :data:`CHUNK` over the build's cores (``parallel.map_in_order``: in this process
    unless the caller set ``WORKERS``), in their order, so the bytes are those of one
    process."""

    CHUNK = 16  # pages per turn: a career page of twenty seasons renders in 5-15 ms

    def __init__(self, language: str, digits: str, store: Store | None,
                 memo: ClubMemo, last: dict[str, bytes], langs: tuple[str, ...] = ()
                 ) -> None:
        from leaguegen.site.incremental import templates_fingerprint
        from leaguegen.site.render import PDF_LINKS, environment

        self.env = environment(language, digits)
        self.store = store
        self.memo, self.last = memo, last  # the pages made now, and those of the last save
        self.langs = langs  # the switcher's languages (the frame reads them and the path)
        self.base = (f"club-page\0{templates_fingerprint()}"
                     f"\0{language}\0{digits}\0{PDF_LINKS.get()}\0{langs}\0")

    def _render(self, jobs: list[tuple[str, str, object]]) -> list[str]:
        return [self.env.get_template(template).render(page=page, langs=self.langs, here=here)
                for here, template, page in jobs]

    def all(self, jobs: dict[str, Job]) -> dict[str, bytes]:
        """Each job (site path -> template, page context, its key's text) as its page's
        bytes. A key's text "" is the context's ``repr``; a context may come as a function
        that makes it (``club_pages``), called only when no page is kept by its key."""
        from leaguegen.site import parallel

        out: dict[str, bytes | None] = dict.fromkeys(jobs)
        keys: dict[str, str] = {}
        for path, (template, page, inputs) in jobs.items():
            keys[path] = hashlib.sha256(
                f"{self.base}{path}\0{template}\0{inputs or repr(page)}".encode()).hexdigest()
            data = self.last.get(keys[path])
            if data is None and self.store is not None:
                html = self.store.get_page(keys[path])
                data = html.encode() if html is not None else None
            out[path] = data
        missing = [path for path, data in out.items() if data is None]
        made = {p: (p, jobs[p][0], jobs[p][1]() if callable(jobs[p][1]) else jobs[p][1])
                for p in missing}
        turns = [missing[i:i + self.CHUNK] for i in range(0, len(missing), self.CHUNK)]
        done = parallel.map_in_order(self._render, [[made[p] for p in turn] for turn in turns])
        for turn, pages in zip(turns, done, strict=True):
            for path, html in zip(turn, pages, strict=True):
                out[path] = html.encode()
                if self.store is not None:
                    self.store.put_page(keys[path], html)
        for path, data in out.items():  # encoded once: 400 pages of 20 seasons, each save
            self.memo.pages[keys[path]] = data  # type: ignore[assignment]  # every page made
        return out  # type: ignore[return-value]  # every page made


# a club page to make: its template, its context (or what makes it), its key's text
Job = tuple[str, object, str]


def _club_files(shares: dict[str, Share], club: ClubFile | None, store: Store | None,
                memo: ClubMemo) -> dict[str, bytes]:
    from leaguegen.domain.club.identity import roster
    from leaguegen.site import urls
    from leaguegen.site.pages.club import ROOT, club_pages
    from leaguegen.site.pages.series import club_series_pages, series_json_bytes
    from leaguegen.site.render import PDF_LINKS

    seasons = {p: s.outline for p, s in shares.items()}
    order = list(reversed(newest_first(seasons)))
    found = memo.use_roster(repr([(p, shares[p].keys()[1]) for p in order]),
                            lambda: roster(seasons, order))  # type: ignore[arg-type]
    events = {(p, sid, n): e for p, s in shares.items() for (sid, n), e in s.events.items()}
    links = {(p, s.id): s.url for p, o in seasons.items() for s in o.sections}
    digests = {(p, sid, n): d for p, s in shares.items() for (sid, n), d in s.digests.items()}
    title = index_title(seasons)
    index, pages, ratings = club_pages(found, events, title, tuple(order), links, digests,
                                       memo, {p: s.keys()[0] for p, s in shares.items()})
    langs = club_languages(seasons)
    codes = tuple(code for code, _ in langs)
    files: dict[str, bytes] = {}
    last, memo.pages = memo.pages, {}
    series_read = repr((club, title, langs, memo.roster_key,
                        [(p, seasons[p].name, seasons[p].by_id[sid]) for series in club.series
                         for p, sid in club.events[series.id]])) if club is not None else ""
    if memo.series_read != series_read:  # made again when what they read changed
        memo.series_read, memo.series = series_read, {}
    # the seasons' index of every language but the first (whose is the site's root page)
    index_below = index_page(seasons, "../")[0]
    for code, digits in langs:
        prefix = i18n.prefix(code, codes)
        root = "../../" if prefix else ROOT  # from club/ (or ru/club/) up to the site's root
        jobs: dict[str, Job] = {
            f"{CLUB_DIR}/{INDEX}": ("club/index.html", replace(index, root=root), ""),
            f"{CLUB_DIR}/ratings.html": ("club/ratings.html", replace(ratings, root=root), "")}
        if prefix:  # the first language's index of the seasons is the site's root page
            jobs[INDEX] = ("seasons/index.html", index_below, "")
        jobs.update((f"{CLUB_DIR}/{name}", ("club/player.html", partial(make, root), inputs))
                    for name, (inputs, make) in pages.items())
        if club is not None and club.series:
            if code not in memo.series:
                made = club_series_pages(club, {p: shares[p].facts for p in order},  # type: ignore[misc]
                                         found, title, code, digits, root)
                memo.series[code] = [(s, b"" if prefix else series_json_bytes(s))
                                     for s in made]
            for series, json_bytes in memo.series[code]:
                if prefix:  # the JSON is the first language's, in club/
                    series = replace(series, json_url=f"{root}{CLUB_DIR}/{series.json_url}")
                else:
                    files[f"{CLUB_DIR}/{urls.series_json(series.id)}"] = json_bytes
                jobs[f"{CLUB_DIR}/{urls.series(series.id)}"] = ("series/club.html", series, "")
                if PDF_LINKS.get():
                    jobs[f"{CLUB_DIR}/{urls.series_pdf(series.id)}"] = ("series/pdf.html",
                                                                         series, "")
        out = _ClubRender(code, digits, store, memo, last, codes).all(jobs)
        files.update((prefix + path, data) for path, data in out.items())
    return files


# ---------------------------------------------------------------- one season under a path

def _asset_link(depth: int) -> re.Pattern[bytes]:
    up = re.escape(b"../" * depth)
    return re.compile(rb'((?:href|src)=")' + up + rb"(" + re.escape(ASSETS_DIR.encode())
                      + rb"/)")


# the brand link that opens the header of every web page (layouts/page.html)
_BRAND = re.compile(rb'(\n[ \t]*)<a class="brand" href="')


def back_labels(season: AnySeason, title: str) -> dict[str, bytes]:
    """The words of the link from a season's pages up to the index of the folder of seasons,
    by the folder of each of the season's languages ('' for the first, 'ru/' ...): the
    index's heading (``title``, the organiser every season shares) or "Seasons" in the
    page's own language, escaped."""
    codes = season.languages or (season.language,)
    labels = {}
    for code in codes:
        gettext_, _ = i18n.gettext_callables(code, season.digits)
        text = title or gettext_("Seasons")
        labels[i18n.prefix(code, codes)] = str(escape(text)).encode()
    return labels


def share_assets(files: dict[str, bytes],
                 back: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """A season's pages with their links to the season's ``assets/`` moved one folder up,
    and, given ``back`` (:func:`back_labels`), a link up to the index of the folder of
    seasons in each page's header, before the season's own name.

    A season's pages link the stylesheet relative to the season's root
    (``../assets/style.css`` from ``section/index.html``); placed under its own
    path in a folder of seasons, the assets are shared at the site's root, one
    level higher. Only a link that resolves to the season's ``assets/`` folder
    from the page it is on is changed (the number of ``../`` equals the page's
    depth), so nothing else in a page can be rewritten. The link up goes before the
    header's brand link only (the first, where layouts/page.html puts it); a page
    without one (a PDF's source) gets none.
    """
    out = {}
    for rel, data in files.items():
        if rel.endswith(".html"):
            depth = rel.count("/")
            up = b"../" * (depth + 1)
            data = _asset_link(depth).sub(rb"\1" + up + rb"\2", data)
            if back:
                first = rel.split("/", 1)[0] + "/"
                label = back.get(first if "/" in rel and first in back else "", b"")
                link = (b'<a class="seasons-up" href="' + up + INDEX.encode() + b'">' + label
                        + b"</a>")
                data = _BRAND.sub(lambda m, link=link: m.group(1) + link + m.group(0), data,
                                  count=1)
        out[rel] = data
    return out
