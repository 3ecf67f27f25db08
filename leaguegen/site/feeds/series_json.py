"""A season's grand prix series as open data: ``series-<id>.json`` beside its page.

The same table as the page (``site/pages/series.py``, from ``domain/series_events``), as
plain data (docs/data-feeds.md, "Grand prix series"). A season-wide file: made again when
any section of the season, or its ``series:`` block, changed (``outputs``' season key).
"""

from __future__ import annotations

from collections.abc import Sequence

from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.site import urls
from leaguegen.site.outputs import Files, Output


def series_files(facts: SeasonFacts, _parts: Sequence[object] = ()) -> Files:
    """Every series' JSON of the season (none without a ``series:`` block)."""
    if not facts.season.series:
        return {}
    from leaguegen.site.pages.series import season_series_pages, series_json_bytes

    return {urls.series_json(page.id): series_json_bytes(page)
            for page in season_series_pages(facts.season, facts)}


SERIES = Output("series", None, series_files)
