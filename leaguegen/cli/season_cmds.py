"""Season commands: build, check, new, schedule."""

from __future__ import annotations

import gc
import sys
import time
from importlib import resources
from pathlib import Path

import click

from leaguegen.cli import main, speech
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.schedule import berger
from leaguegen.errors import InputError, Message, OutputRefused

EXIT_INVALID = 2
BUILD_GC_THRESHOLD = 20_000  # objects allocated between two young collections in a build


@main.command()
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", "out_dir", default="_site", show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Output folder.")
@click.option("--no-pdf", is_flag=True, help="Skip the PDF crosstables (faster).")
@click.option("--clean", is_flag=True, help="Ignore the cache and render everything.")
@click.option("--force", is_flag=True,
              help="Replace an output folder that leaguegen did not make (its files are lost).")
@click.option("-q", "--quiet", is_flag=True, help="No progress display while building.")
def build(season_dir: Path, out_dir: Path, no_pdf: bool, clean: bool, force: bool,
          quiet: bool) -> None:
    """Build the static site (HTML + PDF crosstables) for SEASON_DIR.

    SEASON_DIR is a season (it holds season.yaml) or a folder of seasons (its
    subfolders do): one site with an index of the seasons, each under its own path.
    """
    from leaguegen.cli.progress import BuildProgress
    from leaguegen.formats.trf import TrfWriteError
    from leaguegen.site import stamp

    started = time.perf_counter()
    one_season = (season_dir / "season.yaml").is_file()
    # a season or a folder of seasons: either build leaves a stamp (none: None at once)
    same, inputs = (stamp.unchanged(season_dir, out_dir, stamp.options(not no_pdf))
                    if not (clean or force) else (None, None))
    if same is not None:  # nothing a build reads changed since the last one: done
        for warning in same.warnings:
            echo(warning, err=True)
        echo(Message("Built {pages} and {pdfs} into {out_dir} in {seconds:.2f} s (0 sections"
                     " rendered, {reused} unchanged; 0 PDFs rendered; nothing changed)",
                     pages=plural(same.pages, "page"), pdfs=plural(same.pdfs, "PDF"),
                     out_dir=out_dir, seconds=time.perf_counter() - started,
                     reused=same.sections))
        return
    # A build allocates millions of objects and frees nearly all of them by reference
    # counting: the collector's young passes, every 700 allocations by default, were a
    # sixth of a big season's CPU (the forked processes inherit this)
    gc.set_threshold(BUILD_GC_THRESHOLD, 10, 10)
    if not no_pdf and (clean or not out_dir.exists()):  # PDFs to make: WeasyPrint loads on
        from leaguegen.site import pdf_workers  # the other core while the builder is imported

        pdf_workers.start_early()
    preload = None
    if one_season:  # the section files parsed on the other core while the builder loads
        from leaguegen.formats import season_preload

        inputs = inputs or stamp.digest(season_dir, out_dir, stamp.options(not no_pdf))
        preload = season_preload.start(season_dir)
    progress = None
    from leaguegen.site.incremental import CACHE_WARNING

    said = CACHE_WARNING.set(lambda message: echo(message, err=True))  # in the language
    try:
        from leaguegen.site.build import build_seasons, build_site
        from leaguegen.site.season_index import is_seasons_folder

        progress = None if quiet else BuildProgress()
        if not one_season and is_seasons_folder(season_dir):
            report = build_seasons(season_dir, out_dir, pdf=not no_pdf, clean=clean,
                                   force=force, inputs=inputs)
        else:
            report = build_site(season_dir, out_dir, pdf=not no_pdf, clean=clean, force=force,
                                progress=progress, inputs=inputs, preload=preload)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    except OutputRefused as err:
        echo(Message("leaguegen build: {err}; nothing was written.", err=err), err=True)
        sys.exit(EXIT_INVALID)
    except TrfWriteError as err:  # a value check let through that a TRF line cannot hold
        echo(Message("leaguegen build: a section's TRF report cannot be written: {err}; nothing "
                     "was written. Correct the season file and build again.",
                     err=err), err=True)
        sys.exit(EXIT_INVALID)
    finally:
        CACHE_WARNING.reset(said)
        if preload is not None:
            preload.close()
        if progress is not None:
            progress.close()
    for note in report.notes:
        echo(note, err=True)
    for warning in report.warnings:
        echo(warning, err=True)
    if report.seasons:
        echo(Message("{seasons}, newest first: {names}",
                     seasons=plural(len(report.seasons), "season"),
                     names=", ".join(report.seasons)), err=True)
    echo(Message("Built {pages} and {pdfs} into {out_dir} in {seconds:.2f} s ({rendered}"
                 " rendered, {reused} unchanged; {pdfs_rendered} rendered)",
                 pages=plural(report.pages, "page"), pdfs=plural(report.pdfs, "PDF"),
                 out_dir=out_dir, seconds=report.seconds,
                 rendered=plural(report.sections_rendered, "section"),
                 reused=report.sections_reused,
                 pdfs_rendered=plural(report.pdfs_rendered, "PDF")))


@main.command()
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
def check(season_dir: Path) -> None:
    """Validate SEASON_DIR (or every season of a folder of seasons, and the players'
    identities across them); list every problem as file:line:col."""
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.season_index import is_seasons_folder

    if is_seasons_folder(season_dir):
        from leaguegen.cli.club_check import check_folder

        sys.exit(check_folder(season_dir))
    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        sys.exit(EXIT_INVALID)
    season_notes(season, season_dir)


def season_notes(season, season_dir: Path) -> None:  # noqa: ANN001 - a loaded Season
    """``check``'s lines for a valid season: its warnings, then the count."""
    for warning in season.warnings:
        echo(warning, err=True)
    from leaguegen.cli.pair_season import engine_notices
    from leaguegen.formats.players import look_alike_warnings

    for warning in look_alike_warnings(season.sections):  # Cyrillic "А" for Latin "A"
        echo(warning, err=True)

    for notice in engine_notices(season):  # Swiss rounds not paired by the engine
        echo(notice, err=True)
    from leaguegen.domain.sections.registry import kind_of

    counts = [kind_of(s.format).counts(s) for s in season.sections]  # a team's: its boards
    players, games = sum(p for p, _ in counts), sum(g for _, g in counts)
    echo(Message("{season_dir}: valid ({sections}, {players}, {results})",
                 season_dir=season_dir, sections=plural(len(season.sections), 'section'),
                 players=plural(players, 'player'), results=plural(games, 'result')))


def plural(count: int, word: str) -> Message:
    """``1 section``, ``2 sections``: a count of one of the CLI's words, in every language
    (Russian has three forms, Arabic six: the catalogue's plural rule chooses)."""
    forms = {
        "section": lambda: Message("{count} section", "{count} sections", count=count),
        "player": lambda: Message("{count} player", "{count} players", count=count),
        "result": lambda: Message("{count} result", "{count} results", count=count),
        "page": lambda: Message("{count} page", "{count} pages", count=count),
        "PDF": lambda: Message("{count} PDF", "{count} PDFs", count=count),
        "season": lambda: Message("{count} season", "{count} seasons", count=count),
    }
    return forms[word]()


SCAFFOLD = "scaffold"
CLUB_FILES = ("netlify.toml", ".gitignore", "requirements.txt")


def _scaffold_files(part: str) -> dict[str, bytes]:
    """The files of ``scaffold/<part>/`` (package data) by relative path."""
    root = resources.files("leaguegen") / SCAFFOLD / part
    out: dict[str, bytes] = {}

    def walk(node, prefix: str) -> None:  # noqa: ANN001 - a Traversable
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name != "__init__.py":
                out[f"{prefix}{child.name}"] = child.read_bytes()

    walk(root, "")
    return out


def _club_files() -> tuple[dict[str, bytes], bool]:
    """The club repository's files, and whether its requirements.txt needs the
    organiser's address for leaguegen (``cli/requirement.py``)."""
    from leaguegen.cli.requirement import installed_requirement

    files = _scaffold_files("club")
    requirement, local = installed_requirement()
    files["requirements.txt"] = (
        "# What Netlify installs to build the site (netlify.toml): the leaguegen this club\n"
        "# repository was made with. Raise the version to upgrade; if your leaguegen comes\n"
        "# from a git repository, write its address instead (leaguegen @ git+https://...).\n"
        f"{requirement}\n").encode()
    return files, local


def _club_root(directory: Path, parent_was_new: bool, parent_was_empty: bool) -> Path | None:
    """Where a club repository's files go for a season made in ``directory``, or None.

    The season's own folder when it is a git repository's root (a repository of one
    season); else the folder holding it, when that is a git repository's root, a
    folder of seasons, or was new or empty before (``new club/autumn-2027``); never
    the home folder or a file-system root, and never a folder of unrelated files.
    """
    from leaguegen.site.season_index import is_seasons_folder

    if (directory / ".git").exists():
        return directory
    parent = directory.absolute().parent
    try:
        home: Path | None = Path.home().absolute()
    except (RuntimeError, KeyError, OSError):
        home = None
    if parent == parent.parent or parent == home:
        return None
    if (parent / ".git").exists() or parent_was_new or parent_was_empty \
            or is_seasons_folder(parent):
        return parent
    return None


def _write_new(target: Path, data: bytes) -> bool:
    """Write ``target`` unless something is there; False (nothing written) if it is."""
    if target.exists() or target.is_symlink():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("xb") as fh:  # exclusive: never replaces a file made meanwhile
        fh.write(data)
    return True


def _shown(path: Path) -> str:
    try:
        rel = path.absolute().relative_to(Path.cwd().absolute())
    except ValueError:
        return printable(path)
    return printable(rel) if str(rel) != "." else "."


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--host", "hosts", multiple=True, type=click.Choice(["github", "github-pages"]),
              help="Also write the repository host's files: github, the result-report form"
                   " and its workflow; github-pages, the workflow publishing the site.")
@click.option("--lang", "lang", type=click.Choice(["en", "ru", "zh_Hans", "ar"]),
              help="The season's language (language: in season.yaml) and the language of its"
                   " comments and of these messages [default: leaguegen's --lang, else the"
                   " locale's].")
def new(directory: Path, hosts: tuple[str, ...], lang: str | None) -> None:
    """Create a small, valid, commented season in DIRECTORY.

    In a club repository (the folder holding DIRECTORY is a git repository, a folder
    of seasons, or new), also a netlify.toml, a .gitignore and a requirements.txt
    there, each only if it is missing: nothing that exists is ever replaced. --host
    adds the host's files under .github/ (leaguegen docs results-by-players,
    leaguegen docs github-pages).
    """
    if directory.exists() and not directory.is_dir():
        echo(Message("{directory} is a file; choose a new folder.", directory=directory), err=True)
        sys.exit(EXIT_INVALID)
    if directory.exists() and any(p.name != ".git" for p in directory.iterdir()):
        echo(Message("{directory} exists and is not empty; choose a new folder.",
                     directory=directory),
                   err=True)
        sys.exit(EXIT_INVALID)
    parent = directory.absolute().parent
    parent_was_new = not parent.exists()
    parent_was_empty = parent.is_dir() and not any(
        p for p in parent.iterdir() if p.name != directory.name)
    root = _club_root(directory, parent_was_new, parent_was_empty)  # before the season exists
    if lang:
        speech.start(lang)
    for rel, data in _scaffold_files("season").items():
        if rel == "season.yaml" and speech.language() != "en":
            data = _in_language(data.decode("utf-8"), speech.language()).encode("utf-8")
        _write_new(directory / rel, data)
    from leaguegen.cli.schema_cmd import SCHEMA_FILE, schema_text

    _write_new(directory / SCHEMA_FILE, schema_text().encode("utf-8"))  # for editors
    shown = _shown(directory)
    echo(Message("Created a season in {value}.",
                 value=Message("this folder") if shown == "." else shown))
    _write_host_files(hosts, root or directory, directory)
    if root is None:
        echo(Message("Next: {cd}leaguegen build .   (the site goes to _site/ there, which its "
                     ".gitignore keeps out of git; open _site/index.html)",
                     cd=_cd(directory)))
        echo(Message("To publish it with Netlify, see `leaguegen docs netlify`."))
        return
    files, local = _club_files()
    for rel, data in files.items():
        target = root / rel
        if rel == ".gitignore" and root == directory:
            continue  # the season's own, just written, is the same
        if _write_new(target, data):
            echo(Message("Wrote {shown}.", shown=_shown(target)))
            if rel == "requirements.txt" and local:
                from leaguegen.cli.requirement import LOCAL_HINT

                echo(Message("note: {hint}", hint=Message(LOCAL_HINT, file=_shown(target))),
                     err=True)
        else:
            echo(Message("{shown} exists; left as it is{missing_lines}.",
                         shown=_shown(target), missing_lines=_missing_lines(target, data)))
    echo(Message("Next: {cd}leaguegen build .   (the site goes to _site/ there, which "
                 ".gitignore keeps out of git; open _site/index.html)",
                 cd=_cd(root)))
    echo(Message("To publish it with Netlify (git push, then import it): `leaguegen docs "
                 "netlify`."))


def _in_language(text: str, code: str) -> str:
    """The scaffold's season.yaml with its comments in ``code`` and ``language: code``."""
    from leaguegen.cli.scaffold_text import translate

    return translate(text, lambda msgid: speech.translate(msgid, code), language=code)


def _write_host_files(hosts: tuple[str, ...], root: Path, season: Path) -> None:
    """The host's files under ``root``/.github (each only if missing)."""
    from pathlib import PurePosixPath

    from leaguegen.cli.host_files import host_files

    rel = PurePosixPath(season.absolute().relative_to(root.absolute()).as_posix())
    for name, data in host_files(tuple(dict.fromkeys(hosts)), rel).items():
        target = root / name
        if _write_new(target, data):
            echo(Message("Wrote {shown}.", shown=_shown(target)))
        else:
            echo(Message("{shown} exists; left as it is.", shown=_shown(target)))
    if "github" in hosts:  # the season.yaml new has just written: say where reports go
        from leaguegen.cli.host_files import github_repository, reports_block

        with (season / "season.yaml").open("a", encoding="utf-8") as f:
            f.write(reports_block(github_repository(root)))


def _cd(folder: Path) -> str:
    shown = _shown(folder)
    return "" if shown == "." else f"cd {shown} && "


def _missing_lines(target: Path, data: bytes) -> str:
    """For a .gitignore kept as it is: the patterns it lacks, for the organiser to add."""
    if target.name != ".gitignore":
        return ""
    try:
        have = {line.strip() for line in target.read_text(encoding="utf-8").splitlines()}
    except (OSError, UnicodeDecodeError):
        return ""
    wanted = [line for line in data.decode().splitlines() if line and not line.startswith("#")]
    missing = [line for line in wanted if line not in have]
    return f" (add these lines to it: {' '.join(missing)})" if missing else ""


@main.command()
@click.option("--players", "n", type=click.IntRange(min=2), required=True,
              help="Number of players.")
@click.option("--double", is_flag=True, help="Double round robin (colours reversed).")
@click.option("--no-swap", is_flag=True,
              help="Double round robin without swapping the last two rounds of cycle 1.")
def schedule(n: int, double: bool, no_swap: bool) -> None:
    """Print the FIDE Berger table: 'round white black' per board, 'round p 0' for a free round."""
    for r, boards in enumerate(berger.schedule(n, double, not no_swap), start=1):
        for p in boards:
            echo(Message("{r} {white} {value}",
                         r=r, white=p.white, value=p.black if p.black is not None else 0))
