"""Where WeasyPrint cannot load, a build makes the site without PDFs and says why.

WeasyPrint needs Pango and its kin from the system; a machine with Python and pip alone
(a slim container, a fresh server) may not have them. The build stopped with "cannot write
the site ... cannot load library 'libpango-1.0-0'" and exit 2, as if the season were wrong,
and built nothing. These tests put a ``weasyprint`` package that fails as the real one does
there (an OSError from its import) ahead of the real one, and run the command itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from leaguegen.site.build import BuildReport, without_pdfs
from leaguegen.site.pdf import PdfUnavailable
from tests.conftest import DEMO, ROOT, needs_pdfs

MISSING = "cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open shared object file"


def _without_pango(tmp_path: Path) -> dict[str, str]:
    fake = tmp_path / "no-pango" / "weasyprint"
    fake.mkdir(parents=True)
    # the real package prints a hint to stdout, then its import fails
    (fake / "__init__.py").write_text(f"print('WeasyPrint could not import some external"
                                      f" libraries.')\nraise OSError({MISSING!r})\n")
    return {**os.environ, "PYTHONPATH": str(fake.parent)}


def _build(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", "build", *args],
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=120,
                          check=False)


def _pdf_links(site: Path) -> list[Path]:
    return [p for p in site.rglob("*.html") if ".pdf" in p.read_text(encoding="utf-8")]


def test_a_season_builds_without_pdfs_and_says_why(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    done = _build([str(DEMO), "--out", str(out)], _without_pango(tmp_path), tmp_path)
    assert done.returncode == 0, done.stderr
    assert "warning: no PDF crosstables" in done.stderr
    assert "libpango-1.0-0" in done.stderr and "--no-pdf" in done.stderr
    assert "could not import" not in done.stdout + done.stderr  # ours says it, once
    # (the page count is the other build tests'; this one runs the installed package)
    assert re.search(r"Built \d+ pages and 0 PDFs", done.stdout), done.stdout
    assert (out / "index.html").is_file() and (out / "premier" / "index.html").is_file()
    assert not list(out.rglob("*.pdf"))
    assert not _pdf_links(out)  # no link to a PDF that is not there


def test_a_folder_of_seasons_builds_without_pdfs_and_says_why(tmp_path: Path) -> None:
    club = tmp_path / "club"
    for name in ("riverside-2026", "amman-2026-ar"):
        shutil.copytree(ROOT / "seasons" / name, club / name)
    out = tmp_path / "_site"
    done = _build([str(club), "--out", str(out)], _without_pango(tmp_path), tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("warning: no PDF crosstables") == 1
    assert (out / "index.html").is_file() and not list(out.rglob("*.pdf"))
    assert not _pdf_links(out)


def test_with_weasyprint_the_same_build_makes_its_pdfs(tmp_path: Path) -> None:
    needs_pdfs()
    out = tmp_path / "_site"
    done = _build([str(DEMO), "--out", str(out)], dict(os.environ), tmp_path)
    assert done.returncode == 0, done.stderr
    assert "no PDF crosstables" not in done.stderr
    assert len(list(out.rglob("*.pdf"))) == 3 and _pdf_links(out)


def test_the_second_try_is_the_same_build_without_pdfs() -> None:
    calls: list[dict] = []

    @without_pdfs
    def build(season_dir: str, out_dir: str, pdf: bool = True, clean: bool = False,
              inputs: str | None = None, preload: object = None) -> BuildReport:
        calls.append({"season": season_dir, "out": out_dir, "pdf": pdf, "clean": clean,
                      "inputs": inputs, "preload": preload})
        if pdf:
            raise PdfUnavailable("no Pango here")
        return BuildReport(pages=1, warnings=["a season's own warning"])

    report = build("s", "o", True, clean=True, inputs="digest", preload="files")
    assert calls == [
        {"season": "s", "out": "o", "pdf": True, "clean": True, "inputs": "digest",
         "preload": "files"},
        {"season": "s", "out": "o", "pdf": False, "clean": False, "inputs": None,
         "preload": None}]
    assert report.warnings[0].startswith("warning: no PDF crosstables")
    assert "no Pango here" in report.warnings[0]
    assert report.warnings[1] == "a season's own warning"
    # asked for no PDFs, the error (from elsewhere) is not hidden
    tries = []

    @without_pdfs
    def failing(pdf: bool = True) -> BuildReport:
        tries.append(pdf)
        raise PdfUnavailable("raised although no PDF was asked for")

    with pytest.raises(PdfUnavailable):
        failing(pdf=False)
    assert tries == [False]  # not tried again
