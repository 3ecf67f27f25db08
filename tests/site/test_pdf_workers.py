"""The PDF processes of a build (site/pdf_workers.py): results, errors, and clean ends.

A build forks a PDF server at its start; it loads WeasyPrint while the pages are
rendered, then forks a worker per core. Whatever happens, no process and no unpacked
font is left behind, and a PDF that cannot be made fails the build with its own error.
"""

from __future__ import annotations

import multiprocessing
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from leaguegen.site import pdf_workers
from leaguegen.site.build import build_seasons
from leaguegen.site.render import template_dir
from tests.conftest import ROOT

needs_fork = pytest.mark.skipif(not pdf_workers.available(),
                                reason="one core, or no fork: the build renders PDFs itself")


def _fake(html: str) -> bytes:
    if "bad" in html:
        raise ValueError(f"cannot render {html}")
    return b"%PDF " + html.encode()


@needs_fork
def test_the_server_renders_every_source_and_ends() -> None:
    server = pdf_workers.PdfServer(_fake, template_dir())
    sources = {f"s{i}.pdf": "x" * i for i in range(1, 6)}
    assert dict(server.render(sources)) == {rel: _fake(html) for rel, html in sources.items()}
    server.close()
    assert multiprocessing.active_children() == []


@needs_fork
def test_a_pdf_that_cannot_be_made_raises_its_error_and_the_server_ends() -> None:
    server = pdf_workers.PdfServer(_fake, template_dir())
    with pytest.raises(ValueError, match="cannot render bad"):
        dict(server.render({"a.pdf": "good", "b.pdf": "bad", "c.pdf": "fine"}))
    server.close()
    assert multiprocessing.active_children() == []


@needs_fork
def test_an_unused_server_is_stopped_at_once() -> None:
    server = pdf_workers.PdfServer(_fake, template_dir())
    server.close()
    assert multiprocessing.active_children() == []


@pytest.mark.pdf
def test_a_build_leaves_no_pdf_process_and_no_unpacked_font(tmp_path: Path,
                                                            monkeypatch) -> None:  # noqa: ANN001
    """Two seasons with bundled fonts (Arabic, Chinese): the PDF server and its workers
    (or this process, on one core) end with the build and delete the fonts they unpacked."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    folder = tmp_path / "seasons"
    for name in ("amman-2026-ar", "chunhui-2026-zh"):
        shutil.copytree(ROOT / "seasons" / name, folder / name)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    out = tmp_path / "_site"
    report = build_seasons(folder, out, cache_dir=tmp_path / "cache")
    assert report.pdfs_rendered == 2
    assert multiprocessing.active_children() == []
    assert not list(scratch.glob("weasyprint-*"))
    texts = {pdf.parent.name: subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                             text=True, check=True).stdout
             for pdf in out.rglob("*.pdf")}
    assert re.search(r"[\u0600-\u06ff]", texts["alnukhba"])
    assert re.search(r"[\u4e00-\u9fff]", texts["jiazu"])


@pytest.mark.pdf
@needs_fork
def test_the_early_server_is_handed_to_a_build_that_renders_as_it_does() -> None:
    pdf_workers.start_early()
    early = pdf_workers._early
    assert early is not None
    assert pdf_workers.start(pdf_workers.render_template_pdf, template_dir()) is early
    assert pdf_workers._early is None
    (rel, data), = early.render({"a.pdf": "<p>Early</p>"})
    early.close()
    assert rel == "a.pdf" and data.startswith(b"%PDF")
    assert multiprocessing.active_children() == []


@needs_fork
def test_a_build_with_another_renderer_gets_a_server_of_its_own() -> None:
    pdf_workers.start_early()
    early = pdf_workers._early
    server = pdf_workers.start(_fake, template_dir())
    assert server is not early and pdf_workers._early is None
    assert dict(server.render({"a.pdf": "one"})) == {"a.pdf": _fake("one")}
    server.close()
    assert multiprocessing.active_children() == []


@pytest.mark.pdf
@needs_fork
def test_the_cli_forks_the_pdf_server_before_it_imports_the_builder(tmp_path: Path) -> None:
    """Importing the builder costs the CLI about half a second; WeasyPrint loads meanwhile."""
    script = tmp_path / "run.py"
    script.write_text(
        "import sys\n"
        "from leaguegen.site import pdf_workers\n"
        "seen = []\n"
        "real = pdf_workers.start_early\n"
        "def early():\n"
        "    seen.append('leaguegen.site.build' in sys.modules)\n"
        "    real()\n"
        "pdf_workers.start_early = early\n"
        "from leaguegen.cli import main\n"
        "try:\n"
        f"    main(['build', {str(ROOT / 'seasons' / 'scheveningen-2026')!r}, '--out',"
        f" {str(tmp_path / 'site')!r}, '-q'])\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        "print(seen)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[False]"
    assert len(list((tmp_path / "site").rglob("*.pdf"))) == 2
