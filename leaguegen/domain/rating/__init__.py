"""Rating change under FIDE's Rating Regulations (B.02, in force from 1 March 2024,
8.3.1 as amended from 1 October 2025): per game and per event, for a rated player.

``expected``: table 8.1.2 and the 400-point rule; ``k_factor``: which K applies and
what the files cannot say; ``change``: a game's and an event's change and the games
that do not count; ``report``: a section's report from its facts. docs/rating.md
quotes the articles and says what is left to the organiser.
"""

from __future__ import annotations

from leaguegen.domain.rating.change import (
    EventChange,
    GameChange,
    GameInput,
    NotCounted,
    event_change,
    game_change,
    round_period_change,
)
from leaguegen.domain.rating.expected import counted_difference, expected_score, pd_higher
from leaguegen.domain.rating.k_factor import KFactor, k_factor, period_cap

__all__ = [
    "EventChange", "GameChange", "GameInput", "KFactor", "NotCounted", "counted_difference",
    "event_change", "expected_score", "game_change", "k_factor", "pd_higher", "period_cap",
    "round_period_change",
]
