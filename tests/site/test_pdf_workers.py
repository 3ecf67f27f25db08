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
