"""Shared fixtures: where ../shared is, and the demo season."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

# The suite's assertions are written in English: the command line speaks English unless a
# test asks for another language (--lang, or by removing this; docs/i18n.md). Without it a
# command on the Russian demo season would answer in Russian (the season's language).
os.environ["LEAGUEGEN_LANG"] = "en"

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEMO = ROOT / "seasons" / "riverside-2026"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, skipping the test cleanly when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"../shared not available ({path} missing)")
    return path


_PDF_PROBLEM: list[str | None] = []


def pdf_problem() -> str | None:
    """Why this machine cannot make PDFs (WeasyPrint or its system libraries, Pango and
    kin, missing), or None; asked once a session (it imports WeasyPrint)."""
    if not _PDF_PROBLEM:
        from leaguegen.site.pdf import PdfUnavailable, load_weasyprint

        try:
            load_weasyprint()
            _PDF_PROBLEM.append(None)
        except PdfUnavailable as exc:
            _PDF_PROBLEM.append(str(exc))
    return _PDF_PROBLEM[0]


def needs_pdfs() -> None:
    """Skip the test, saying why, where PDFs cannot be made (a build then makes none)."""
    problem = pdf_problem()
    if problem is not None:
        pytest.skip(f"no PDFs on this machine: WeasyPrint cannot load ({problem})")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``pdf`` skip where PDFs cannot be made, with the reason."""
    marked = [item for item in items if item.get_closest_marker("pdf")]
    if marked and pdf_problem() is not None:
        skip = pytest.mark.skip(reason=f"no PDFs on this machine: WeasyPrint cannot load"
                                       f" ({pdf_problem()})")
        for item in marked:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def demo_season():
    from leaguegen.formats.season_yaml import load_season

    return load_season(DEMO)


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory):
    """The demo season built once (HTML and PDFs) for the site tests. Where PDFs cannot be
    made the build makes the pages without them (site/build.py), and the tests that read
    the PDFs are marked ``pdf``."""
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("site") / "_site"
    report = build_site(DEMO, out, pdf=True)
    return out, report


_SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"


@pytest.fixture
def swiss_copy(tmp_path: Path) -> Path:
    target = tmp_path / "thursday"
    shutil.copytree(_SWISS_DEMO, target)
    return target


@pytest.fixture(scope="session")
def swiss_season():
    from leaguegen.formats.season_yaml import load_season

    return load_season(_SWISS_DEMO)
