"""The season's home page: the sections at a glance and the news."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from leaguegen.domain.season import Season
from leaguegen.site import urls
from leaguegen.site.markdown import render_markdown
from leaguegen.site.pages.common import SeasonInfo, SectionSummary, season_info
from leaguegen.site.planning_view import SeasonPlanView


@dataclass(frozen=True, slots=True)
class NewsView:
    title: str
    date: dt.date | None
    html: str


@dataclass(frozen=True, slots=True)
class SeasonPage:
    """The season's home page (``index.html``)."""

    root: str
    season: SeasonInfo
    sections: tuple[SectionSummary, ...]
    news: tuple[NewsView, ...]
    plan: SeasonPlanView | None = None  # the season's plan while no result is entered
    series: tuple[tuple[str, str], ...] = ()  # its grand prix series: (name, page)


def season_page(season: Season, summaries: list[SectionSummary],
                plan: SeasonPlanView | None = None) -> SeasonPage:
    """The home page; section summaries come from the section pages (cached or fresh), the
    plan from :func:`leaguegen.site.planning_view.season_plan_view`."""
    sums = [replace(s, url=s.url.removeprefix("../")) for s in summaries]
    news = tuple(NewsView(n.title, n.date, render_markdown(n.markdown)) for n in season.news)
    return SeasonPage(root="", season=season_info(season), sections=tuple(sums), news=news,
                      plan=plan, series=tuple((s.name, urls.series(s.id))
                                              for s in season.series))


