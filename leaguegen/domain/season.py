"""What an organiser declares: a season, its sections and the results entered so far.

These are the validated, typed form of the season files. Everything that can
be derived from them (the schedule, each player's round record, standings) is
derived elsewhere and never stored here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from leaguegen.domain.model import STANDARD_SCORING, Code, Player, Scoring
from leaguegen.domain.report_links import ReportSettings
from leaguegen.domain.stages import PendingStage, StageInfo
from leaguegen.errors import Problem

if TYPE_CHECKING:  # the kinds' own modules define them and import this one
    from leaguegen.domain.changes import Change
    from leaguegen.domain.checkin import CheckinRules
    from leaguegen.domain.club_standings import ClubRules
    from leaguegen.domain.divisions import Division
    from leaguegen.domain.games import PgnFile
    from leaguegen.domain.prizes.rules import PrizeRules
    from leaguegen.domain.sections.double_swiss import DoubleSwissDetails
    from leaguegen.domain.sections.knockout import KnockoutDetails
    from leaguegen.domain.sections.quads import QuadsDetails
    from leaguegen.domain.sections.round_robin import RoundRobinDetails
    from leaguegen.domain.sections.scheveningen import ScheveningenDetails
    from leaguegen.domain.sections.swiss import SwissSettings
    from leaguegen.domain.sections.team_league import TeamLeagueDetails
    from leaguegen.domain.sections.team_swiss import TeamSwissDetails
    from leaguegen.domain.series import SeriesRules

    SectionDetails = (RoundRobinDetails | SwissSettings | QuadsDetails | ScheveningenDetails
                      | KnockoutDetails | DoubleSwissDetails | TeamLeagueDetails
                      | TeamSwissDetails)


class GameResult(Enum):
    """How a scheduled game ended, from White's side first: the one type of a game's
    result from the season file to the page. Its value is its canonical text; what each
    player's crosstable cell holds is :attr:`codes` (``RESULT_CODES``, the one table), and
    :meth:`of_codes` reads a result back from two cells (feeds, pages). Input forms
    (``1:0``, ``draw``...) are read by ``formats.results.parse_result`` alone.
    """

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "½-½"
    WHITE_FORFEIT_WIN = "+-"  # Black did not turn up
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"

    @property
    def text(self) -> str:
        """Its canonical text (``1-0``, ``½-½``, ``+-``...): what the commands write into
        a season's file, whatever form the organiser typed (``formats.results``)."""
        return self.value

    @property
    def ascii(self) -> str:
        """The text in ASCII (``1/2-1/2`` for a draw), as the open-data feeds write it."""
        return self.value.replace("½", "1/2")

    @property
    def codes(self) -> tuple[Code, Code]:
        """White's and Black's round codes (TRF letters) for this result."""
        return RESULT_CODES[self]

    @staticmethod
    def of_codes(white: Code, black: Code) -> GameResult | None:
        """The result two players' codes of one game stand for (a game under one move,
        unrated, as its rated result); None for codes that are no game's result."""
        return _BY_CODES.get((white, black))


# The one table of a result's codes (the cells of the two players).
RESULT_CODES: dict[GameResult, tuple[Code, Code]] = {
    GameResult.WHITE_WINS: (Code.WIN, Code.LOSS),
    GameResult.BLACK_WINS: (Code.LOSS, Code.WIN),
    GameResult.DRAW: (Code.DRAW, Code.DRAW),
    GameResult.WHITE_FORFEIT_WIN: (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
    GameResult.BLACK_FORFEIT_WIN: (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),
}
_UNRATED = {Code.WIN: Code.WIN_UNRATED, Code.LOSS: Code.LOSS_UNRATED,
            Code.DRAW: Code.DRAW_UNRATED}
_BY_CODES: dict[tuple[Code, Code], GameResult] = {
    **{codes: result for result, codes in RESULT_CODES.items()},
    **{(_UNRATED[w], _UNRATED[b]): result for result, (w, b) in RESULT_CODES.items()
       if w in _UNRATED and b in _UNRATED},
}


@dataclass(frozen=True, slots=True)
class Game:
    """A result on the board between two pairing numbers; ``result`` None = not played yet."""

    round: int
    white: int
    black: int
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """The player plays no game after ``after_round`` (0 = before round 1)."""

    player: int
    after_round: int


@dataclass(frozen=True, slots=True)
class Bye:
    """A round in which a player had no game: a pairing-allocated bye, a requested bye
    (half or zero point) or an announced absence; ``code`` says which, in TRF letters."""

    round: int
    player: int
    code: Code


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    date: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Section:
    """One event inside a season; ``players`` are in pairing-number order (1-based)."""

    id: str
    name: str
    format: str
    players: tuple[Player, ...]
    rounds: tuple[RoundInfo, ...]
    games: tuple[Game, ...]
    withdrawals: tuple[Withdrawal, ...] = ()
    tiebreaks: tuple[str, ...] = ("DE", "SB", "WIN", "KS")
    scoring: Scoring = STANDARD_SCORING
    free_round_units: int = 0
    swap_last_two: bool = True
    withdrawal_threshold: float = 0.5
    seeding: str = "list"
    seed: int | None = None
    tiebreak_rules: str = "2024"
    description: str = ""
    # The section's own time control as written (a rapid section of a classical season);
    # "" = the season's. Free text like the season's; ``plan`` reads what it can.
    time_control: str = ""
    byes: tuple[Bye, ...] = ()
    tiebreaks_default: bool = False  # True when neither the section nor the season chose
    # What the section's kind declares beyond these fields (its module under
    # domain/sections/ owns the type; a round robin has none): the Swiss settings, the
    # quads groups, the Scheveningen teams, the knockout bracket.
    details: SectionDetails | None = None
    # Set when the players come from earlier sections: who qualified from where
    # (StageInfo), or which sources are still being played (PendingStage).
    stage: StageInfo | PendingStage | None = None
    # The changes logged in the season's history (results entered or corrected,
    # withdrawals, late entries; domain/changes.py), oldest first; the loader leaves
    # it empty, the site build fills it from git.
    changes: tuple[Change, ...] = ()
    # The section's ``prizes:`` block (domain/prizes/), None when it has none.
    prizes: PrizeRules | None = None
    # The section's ``club_standings:`` block (domain/club_standings.py), None without one.
    club_standings: ClubRules | None = None
    # ``rated:`` (the section's, else the season's): "fide" when the event is FIDE-rated, so
    # its pages and feed show each game's rating change (domain/rating/); "" not rated.
    rated: str = ""
    # The section's ``checkin:`` block (domain/checkin.py), None without one.
    checkin: CheckinRules | None = None
    # The PGN files of ``games/<id>/`` in the season folder, by round (domain/games.py,
    # formats/pgn.py); the loader fills it.
    pgn: tuple[PgnFile, ...] = ()

    @property
    def double(self) -> bool:
        return self.format == "double_round_robin"

    def number_of(self, name: str) -> int:
        for i, p in enumerate(self.players, start=1):
            if p.name == name:
                return i
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class NewsItem:
    slug: str
    title: str
    date: dt.date | None
    markdown: str


@dataclass(frozen=True, slots=True)
class Season:
    name: str
    sections: tuple[Section, ...]
    organiser: str = ""
    venue: str = ""
    time_control: str = ""
    language: str = "en"  # the default page language: languages[0]
    languages: tuple[str, ...] = ("en",)  # every language the site is published in
    digits: str = "western"  # or "arabic-indic" (٠١٢٣٤٥٦٧٨٩)
    description: str = ""
    paper: str = "A4"  # the printables' paper: "A4" or "Letter"
    # the published site's address (no trailing slash), "" when not given: what the
    # printables' QR codes link to
    site_url: str = ""
    # which printables a build writes beside the pages: "none", or "current" (every
    # printable of each section's current round; site/printables/)
    printables: str = "none"
    news: tuple[NewsItem, ...] = field(default=())
    # where players report results (a link on each unplayed board); None: no links
    reports: ReportSettings | None = None
    # the season's grand prix series over its own sections (``series:``, domain/series.py)
    series: tuple[SeriesRules, ...] = ()
    # ``divisions:``: the sections that are divisions, top first, with their promotion and
    # relegation places (domain/divisions.py); () when the season has none
    divisions: tuple[Division, ...] = ()
    # What ``check`` advises about the files (valid, but probably not meant); the
    # loader's to report, not part of the season's value.
    warnings: tuple[Problem, ...] = field(default=(), compare=False)

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(section_id)
