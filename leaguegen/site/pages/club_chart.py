"""The rating history of a career page as an inline SVG chart: coordinates computed here,
drawn by ``site_template/club/macros.html`` (no JavaScript: the site's Content-Security-Policy
allows none, and an inline SVG needs none).

The plot is a fixed ``viewBox`` (the SVG scales to the page's width): x by date (the
first and last dated ratings at the plot's edges; one rating alone at the middle), y by
rating between round hundreds or fifties a little beyond the lowest and highest, with a
labelled grid line at each step.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 52, 20, 14, 30
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


def _num(value: float) -> float | int:
    """A coordinate as the SVG writes it: 102, not 102.0; 84.4 as it is."""
    return int(value) if value == int(value) else value


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: float
    y: float
    date: dt.date
    rating: int


@dataclass(frozen=True, slots=True)
class Tick:
    at: float  # y of a rating line, or x of a date
    value: int | dt.date


@dataclass(frozen=True, slots=True)
class Chart:
    """``points`` oldest first; ``line`` the polyline's ``points`` attribute; ``y_ticks``
    the ratings ruled across the plot; ``x_ticks`` the first and last dates."""

    width: int
    height: int
    left: int
    right: int  # x of the plot's right edge
    top: int
    bottom: int  # y of the plot's bottom edge
    points: tuple[ChartPoint, ...]
    line: str
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]


def _step(span: int) -> int:
    return 50 if span <= 250 else 100 if span <= 600 else 200


def rating_chart(history: Sequence[tuple[dt.date, int]]) -> Chart | None:
    """The chart of ``history`` ((date, rating), oldest first); None when it is empty."""
    if not history:
        return None
    ratings = [r for _, r in history]
    step = _step(max(ratings) - min(ratings) + 50)
    low = math.floor((min(ratings) - step / 2) / step) * step
    high = math.ceil((max(ratings) + step / 2) / step) * step
    first, last = history[0][0], history[-1][0]
    days = (last - first).days

    def x(day: dt.date) -> float:
        if days == 0:
            return _num(round(LEFT + PLOT_W / 2, 1))
        return _num(round(LEFT + PLOT_W * (day - first).days / days, 1))

    def y(rating: int) -> float:
        return _num(round(TOP + PLOT_H * (high - rating) / (high - low), 1))

    points = tuple(ChartPoint(x(d), y(r), d, r) for d, r in history)
    line = " ".join(f"{p.x:g},{p.y:g}" for p in points)
    y_ticks = tuple(Tick(y(v), v) for v in range(low, high + 1, step))
    x_ticks = (Tick(x(first), first),) if days == 0 else (Tick(x(first), first),
                                                           Tick(x(last), last))
    return Chart(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, points, line,
                 y_ticks, x_ticks)
