"""The rows written from Python are the template's rows to the byte (site/rows.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import render, rows
from leaguegen.site.build import render_pages

DEMOS = sorted(p for p in Path("seasons").iterdir() if (p / "season.yaml").exists())


@pytest.fixture
def recording(monkeypatch):
    """Environments whose ``tiebreak_rows`` remembers every list of lines it wrote."""
    made = rows.tiebreak_rows

    def recorder(*filters):  # noqa: ANN002,ANN202
        write = made(*filters)

        def rows_of(lines):  # noqa: ANN001,ANN202
            rows_of.seen.append(tuple(lines))
            return write(lines)
        rows_of.seen = []
        return rows_of

    monkeypatch.setattr(rows, "tiebreak_rows", recorder)
    render.environment.cache_clear()
    yield
    render.environment.cache_clear()


def test_tiebreak_rows_match_the_template_macro_on_every_demo(recording) -> None:
    envs = {}
    for demo in DEMOS:
        season = load_season(demo)
        render_pages(season)
        for code in season.languages or (season.language,):
            envs[code, season.digits] = render.environment(code, season.digits)
    assert {"en", "ru", "ar", "zh_Hans"} <= {code for code, _ in envs}
    lines = []
    for env in envs.values():
        macro = env.get_template("partials/tiebreaks.html").module.tiebreak_line
        write = env.globals["tiebreak_rows"]
        for group in list(write.seen):
            expected = "".join(str(macro(line)) for line in group)
            assert str(write(group)) + "\n" == expected
            lines += group
    # the demos hold every kind of line: cut or not, with and without an opponent or score
    assert any(line.cut for line in lines) and any(not line.cut for line in lines)
    assert any(line.opponent is None for line in lines)
    assert any(line.score is None or line.result is None for line in lines)
    assert len(lines) > 1000
