"""A new program renders again, even under the same version number (site/program.py).

The cache keys and the no-change stamp named the program by its version alone, which does
not move between commits: a fix installed from a checkout left the pages the old code had
cached (a crosstable or an explanation the fix had corrected, until the season changed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.site import program
from leaguegen.site.build import build_site
from tests.conftest import DEMO, needs_pdfs


def _package(folder: Path) -> Path:
    (folder / "pkg" / "sub").mkdir(parents=True)
    (folder / "pkg" / "__init__.py").write_text("")
    (folder / "pkg" / "sub" / "rows.py").write_text("VALUE = 1\n")
    (folder / "pkg" / "README.md").write_text("not code")
    return folder / "pkg"


def test_the_digest_follows_every_line_of_code_and_nothing_else(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    first = program.code_digest(pkg)
    assert program.code_digest(pkg) == first  # the same files, the same digest
    (pkg / "README.md").write_text("other prose")
    (pkg / "sub" / "__pycache__").mkdir()
    (pkg / "sub" / "__pycache__" / "rows.cpython-311.pyc").write_bytes(b"\0compiled")
    assert program.code_digest(pkg) == first  # prose and bytecode are not the program
    (pkg / "sub" / "rows.py").write_text("VALUE = 2\n")
    second = program.code_digest(pkg)
    assert second != first
    (pkg / "sub" / "rows.py").rename(pkg / "rows.py")  # the same bytes somewhere else
    assert program.code_digest(pkg) not in (first, second)


def test_the_identity_is_the_version_and_this_code() -> None:
    number, _, code = program.identity().partition("+")
    assert number and len(code) == 16
    assert program.code_digest().startswith(code)


def test_a_new_program_renders_the_cached_sections_again(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "site"
    first = build_site(DEMO, out, pdf=False)
    assert first.sections_rendered == 3
    again = build_site(DEMO, out, pdf=False)
    assert again.sections_rendered == 0 and again.sections_reused == 3
    monkeypatch.setattr(program, "identity", lambda: "0.1.0+another-program")
    changed = build_site(DEMO, out, pdf=False)
    assert changed.sections_rendered == 3 and changed.sections_reused == 0


def test_a_new_program_is_not_nothing_changed(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    season = tmp_path / "season"
    shutil.copytree(DEMO, season)
    out = tmp_path / "site"

    def build() -> str:
        result = CliRunner().invoke(main, ["build", str(season), "--out", str(out), "--no-pdf"])
        assert result.exit_code == 0, result.output
        return result.output

    build()
    assert "nothing changed" in build()
    monkeypatch.setattr(program, "identity", lambda: "0.1.0+another-program")
    output = build()
    assert "nothing changed" not in output and "3 sections rendered" in output


def test_a_new_program_or_weasyprint_makes_the_pdfs_again(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    needs_pdfs()
    from leaguegen.site import incremental

    out = tmp_path / "site"
    assert build_site(DEMO, out).pdfs_rendered == 3
    assert build_site(DEMO, out).pdfs_rendered == 0  # the same program: from the cache
    monkeypatch.setattr(program, "identity", lambda: "0.1.0+another-program")
    assert build_site(DEMO, out).pdfs_rendered == 3
    monkeypatch.setattr(incremental, "_weasyprint", lambda: "999.0")
    assert build_site(DEMO, out).pdfs_rendered == 3
    assert build_site(DEMO, out).pdfs_rendered == 0
