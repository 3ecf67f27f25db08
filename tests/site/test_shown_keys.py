"""A section's cache keys are the same whether its repr is taken once (``Shown``, as the
build's ``prerender`` does) or by each key: a cache written by either is found by both."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import outputs
from leaguegen.site.incremental import Shown, render_frame, section_key, templates_fingerprint

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("demo", ["riverside-2026", "thursday-swiss-2026", "grand-prix-2027"])
def test_keys_of_a_shown_section_are_its_keys(demo: str) -> None:
    season = load_season(ROOT / "seasons" / demo)
    frame, templates = render_frame(season, True), templates_fingerprint()
    keys = set()
    for section in season.sections:
        shown = Shown(section)
        assert repr(shown) == repr(section)
        assert outputs.section_key(season, shown, "p") == outputs.section_key(season, section, "p")
        assert section_key(shown, templates, frame) == section_key(section, templates, frame)
        keys.add(section_key(shown, templates, frame))
    assert len(keys) == len(season.sections)  # and each section its own
