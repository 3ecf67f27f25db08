"""Where a build may write: never over someone's files.

``build`` replaces its output folder as a whole, so a mistyped ``--out`` would
delete whatever was there. It therefore writes only into a folder that is
missing, empty, or carries the marker file a previous leaguegen build left
(``.leaguegen-site``); anything else is refused with a message, and
``--force`` is for someone who means to replace a folder of other files. Some
places are refused even with ``--force``: a file-system root, the home
folder (or one holding it), the season folder itself, any folder that contains
it, and any folder that contains the working folder; for a folder of seasons,
the folder and every season in it likewise, and any folder inside a season.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path

from leaguegen.errors import OutputRefused

MARKER = ".leaguegen-site"
MARKER_TEXT = "This folder was written by leaguegen build; a rebuild replaces all of it.\n"


def is_leaguegen_site(folder: Path) -> bool:
    """True when ``folder`` is a real folder holding our marker file."""
    marker = folder / MARKER
    return folder.is_dir() and not folder.is_symlink() and marker.is_file() \
        and not marker.is_symlink()


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (RuntimeError, KeyError, OSError):
        return None


def check_output(out: Path, season_dir: Path, force: bool = False,
                 seasons: Collection[Path] | None = None) -> Path:
    """The absolute output path if a build may replace it; OutputRefused otherwise.

    ``season_dir`` is a season's folder (``seasons`` None), or a folder of seasons whose
    seasons' folders are ``seasons``: the site of a folder of seasons goes beside its
    seasons, never in one."""
    given = Path(os.path.abspath(out))
    if given.is_symlink():
        raise OutputRefused(f"--out {out} is a symbolic link; give the folder itself"
                            f" ({given.resolve()}) so nothing behind the link is replaced")
    real = given.resolve()
    if real == real.parent:
        raise OutputRefused(f"--out {out} is the root of the file system; choose a folder"
                            " for the site, such as _site")
    home = _home()
    if home is not None and (real == home or real in home.parents):
        raise OutputRefused(f"--out {out} is your home folder or holds it; choose a folder for"
                            " the site, such as _site")
    if real in Path.cwd().resolve().parents:
        raise OutputRefused(f"--out {out} holds the folder you are working in; choose a folder"
                            " for the site, such as _site")
    one = ("the season folder", "the season", "it")  # (what it is, what is lost, beside)
    places = [(Path(season_dir), ("the folder of seasons", "every season", "them")
               if seasons is not None else one), *((Path(s), one) for s in seasons or ())]
    for place, (name, lost, beside) in places:
        if real == place.resolve():
            raise OutputRefused(f"--out {out} is {name} itself; building there would replace"
                                f" {lost}. Choose another folder, such as _site")
        if real in place.resolve().parents:
            raise OutputRefused(f"--out {out} contains {name} {place}; building there would"
                                f" replace {lost} and everything beside {beside}. Choose a"
                                " new folder, such as _site")
    for season in seasons or ():
        if Path(season).resolve() in real.parents:
            raise OutputRefused(f"--out {out} is inside the season folder {season}; the site of"
                                " a folder of seasons goes beside the seasons, such as"
                                f" {Path(season_dir) / '_site'}")
    if real.exists() and not real.is_dir():
        raise OutputRefused(f"--out {out} is a file, not a folder")
    if real.is_dir() and not is_leaguegen_site(real) and not force:
        try:
            entries = sorted(p.name for p in real.iterdir())
        except OSError as exc:
            raise OutputRefused(f"--out {out} cannot be read: {exc.strerror}") from None
        if entries:
            shown = ", ".join(entries[:5]) + (", ..." if len(entries) > 5 else "")
            raise OutputRefused(
                f"--out {out} is a folder leaguegen did not make (no {MARKER} file) and it is"
                f" not empty ({len(entries)} entries: {shown}); a build would replace all of"
                " it. Choose a new or empty folder, or pass --force to replace it (for a site"
                " built by an older leaguegen, --force once is enough)")
    return given
