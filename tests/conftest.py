"""Shared fixtures: where ../shared is, and the demo season."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEMO = ROOT / "seasons" / "riverside-2026"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, skipping the test cleanly when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"../shared not available ({path} missing)")
    return path


@pytest.fixture(scope="session")
def demo_season():
    from leaguegen.formats.season_yaml import load_season

    return load_season(DEMO)


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory):
    """The demo season built once (HTML and PDFs) for the site tests."""
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
