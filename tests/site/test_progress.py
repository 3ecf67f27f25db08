"""``leaguegen build`` says what it is doing: sections ready, PDFs pending and rendered."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli import progress as progress_module
from leaguegen.site import pdf_workers
from leaguegen.site.build import build_site
from tests.conftest import DEMO


@pytest.fixture
def fake_pdfs(monkeypatch: pytest.MonkeyPatch) -> None:
    """PDFs without WeasyPrint: the progress is what is tested, not the PDFs."""
    monkeypatch.setattr(pdf_workers, "render_template_pdf", lambda html: b"%PDF-1.7 test")


def test_plain_lines_name_each_stage_up_to_its_total(tmp_path: Path, fake_pdfs) -> None:
    stream = io.StringIO()
    shown = progress_module.BuildProgress(stream, terminal=False, delay=0)
    report = build_site(DEMO, tmp_path / "site", progress=shown)
    shown.close()
    lines = stream.getvalue().splitlines()
    assert report.pdfs_rendered == 3
    assert lines[0] == "Rendering pages: 1/3 sections"
    assert "Rendering pages: 3/3 sections" in lines
    pdfs = [line for line in lines if line.startswith("Rendering PDFs")]
    assert pdfs[0] == "Rendering PDFs: 0/3 PDFs" and pdfs[-1] == "Rendering PDFs: 3/3 PDFs"
    assert lines.index("Rendering pages: 3/3 sections") < lines.index(pdfs[0])


def test_a_long_stage_prints_a_line_a_tenth_not_a_line_an_item() -> None:
    stream = io.StringIO()
    shown = progress_module.BuildProgress(stream, terminal=False, delay=0)
    for done in range(1, 1001):
        shown("pages", done, 1000)
    lines = stream.getvalue().splitlines()
    assert lines[-1] == "Rendering pages: 1000/1000 sections"
    assert len(lines) == 11


def test_a_terminal_gets_a_bar(tmp_path: Path, fake_pdfs) -> None:
    stream = io.StringIO()
    shown = progress_module.BuildProgress(stream, terminal=True, delay=0)
    build_site(DEMO, tmp_path / "site", progress=shown)
    shown.close()
    assert "Rendering pages" in stream.getvalue() and "Rendering PDFs" in stream.getvalue()
    assert "3/3 sections" not in stream.getvalue()  # the bar, not the lines


def test_cli_progress_on_stderr_and_quiet_with_q(tmp_path: Path, fake_pdfs,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    class Immediate(progress_module.BuildProgress):
        def __init__(self) -> None:
            super().__init__(delay=0)

    monkeypatch.setattr(progress_module, "BuildProgress", Immediate)
    result = CliRunner().invoke(main, ["build", str(DEMO), "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    assert "Rendering pages: 3/3 sections" in result.stderr
    assert "Rendering" not in result.stdout
    # start, A-Z lists, screens, the standings after each earlier round
    assert result.stdout.startswith("Built 83 pages and 3 PDFs")
    quiet = CliRunner().invoke(main, ["build", str(DEMO), "--out", str(tmp_path / "b"), "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert "Rendering" not in quiet.output


def test_a_quick_build_says_nothing(tmp_path: Path, fake_pdfs) -> None:
    stream = io.StringIO()
    shown = progress_module.BuildProgress(stream, terminal=False, delay=3600)
    build_site(DEMO, tmp_path / "site", progress=shown)
    assert stream.getvalue() == ""
