"""The round sheets of the kinds without a Swiss's or a round robin's round lists: quads
(each quad's games), a Scheveningen match, a knockout (each match's games) and the team
kinds (each match's card, the result slip both captains sign). Their rounds are not one
list of boards numbered by the section, so each is read here from the kind's own facts
into groups of boards or match cards, which the same sheets print.

Board numbers are the hall's tables: a round's games numbered 1, 2, ... in the order the
pages list them (quad by quad; a knockout match's games at one table), so a place card and
a slip name one table. A knockout's games are its regular games (tie-breaks are played
only when needed); one not entered yet gives the top seed White in the odd games.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.sections import SectionFacts, kind_of
from leaguegen.domain.sections.kind import N_
from leaguegen.domain.sections.knockout import KnockoutDetails
from leaguegen.domain.sections.quads import QuadsDetails
from leaguegen.domain.sections.scheveningen import ScheveningenDetails

GROUPED = ("pairings", "slips", "scoresheets", "cards")  # quads, Scheveningen
KNOCKOUT = ("pairings", "slips", "scoresheets")  # a place card per game would mislead
TEAMS = ("pairings", "slips")  # the match list and the match cards
SHEETS = {"quads": GROUPED, "scheveningen": GROUPED, "knockout": KNOCKOUT,
          "team_league": TEAMS, "team_swiss": TEAMS}  # by the kind's name


@dataclass(frozen=True, slots=True)
class Board:
    """A game of the round: ``group_label`` (a msgid with ``%(n)s``, "Group %(n)s") and
    ``group_n`` the quad or knockout match it is in, ``game`` a knockout game's number in
    its match."""

    number: int
    white: str
    black: str
    white_rating: int | None
    black_rating: int | None
    group_label: str = ""
    group_n: int = 0
    game: int | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """The games of one quad or one knockout match, named ``label`` (a msgid with
    ``%(n)s``; "" for a Scheveningen's one group) and ``n``."""

    label: str
    n: int
    boards: tuple[Board, ...]


@dataclass(frozen=True, slots=True)
class TeamBoard:
    number: int
    home: str  # "" for a board the team's squad does not fill
    away: str
    home_rating: int | None
    away_rating: int | None
    home_white: bool


@dataclass(frozen=True, slots=True)
class TeamCard:
    """A team match's card to fill in: the players entered, else each squad in board
    order (a captain crosses out and writes in a reserve); ``first`` says whether the
    teams are a team Swiss's first and second team rather than home and away."""

    home: str
    away: str
    boards: tuple[TeamBoard, ...]
    first: bool


def kind_printables(facts: SectionFacts) -> tuple[str, ...]:
    """The printables a section of these kinds has (none for any other kind)."""
    return SHEETS.get(facts.kind.name, ())


def kind_rounds(facts: SectionFacts) -> tuple[int, ...]:
    """The rounds with something to print: a game (or a match) whose players are known."""
    if kind_printables(facts) == TEAMS:
        section = facts.section
        return tuple(sorted({r for r, _, _ in kind_of(section.format).scheduled_games(section)}))
    return tuple(r for r in range(1, facts.progress.rounds_total + 1) if groups(facts, r))


def groups(facts: SectionFacts, number: int) -> tuple[Group, ...]:
    """The round's games, quad by quad (one group for a Scheveningen), or match by match
    of a knockout, numbered as the hall's tables."""
    section = facts.section
    d = section.details
    found: list[tuple[str, int, list[tuple[int, int, int | None]], tuple]] = []
    if isinstance(d, QuadsDetails):
        found = [(N_("Group %(n)s"), i, _scheduled(group, number), group.players)
                 for i, group in enumerate(d.groups, start=1)]
    elif isinstance(d, ScheveningenDetails):
        found = [("", 0, _scheduled(section, number), section.players)]
    elif isinstance(d, KnockoutDetails) and number <= len(getattr(facts, "rounds", ())):
        rnd = facts.rounds[number - 1]  # type: ignore[attr-defined]
        regular = rnd.format.stages[0]
        for m in rnd.matches:
            if m.top is None or m.bottom is None or m.bye:
                continue
            played = [g for g in m.games if g.stage == regular.label]
            games = [(played[g - 1].white, played[g - 1].black, g) if g <= len(played) else
                     (m.top, m.bottom, g) if g % 2 == 1 else (m.bottom, m.top, g)
                     for g in range(1, regular.games + 1)]
            found.append((N_("Match %(n)s"), m.index, games, section.players))
    out, table = [], 0
    for label, n, games, players in found:
        boards = []
        if games and games[0][2] is not None:
            table += 1  # a knockout match: its games at one table
        for w, b, game in games:
            if game is None:
                table += 1
            pw, pb = players[w - 1], players[b - 1]
            boards.append(Board(table, pw.name, pb.name, pw.rating, pb.rating, label, n,
                                game))
        if boards:
            out.append(Group(label, n, tuple(boards)))
    return tuple(out)


def _scheduled(section, number: int) -> list[tuple[int, int, None]]:  # noqa: ANN001
    """The (White, Black) players, or (home or first, away or second) teams, that the kind
    schedules in round ``number``: a round robin's (a quad's, a Scheveningen's) games, a
    team league's fixtures, a team Swiss's matches as paired."""
    return [(w, b, None) for r, w, b in kind_of(section.format).scheduled_games(section)
            if r == number]


def team_cards(facts: SectionFacts, number: int) -> tuple[TeamCard, ...]:
    """Each match of the round as its card: boards, players, colours."""
    section = facts.section
    d = section.details
    swiss = facts.kind.name == "team_swiss"
    entered = {(m.round, m.host, m.guest): m for m in d.matches}  # type: ignore[attr-defined]
    cards = []
    for h, a, _ in _scheduled(section, number):
        home, away = d.teams[h - 1], d.teams[a - 1]  # type: ignore[attr-defined]
        m = entered.get((number, h, a))
        seats = [(b.host, b.guest) for b in m.boards] if m is not None and m.boards else \
            [(i if i < len(home.squad) else None, i if i < len(away.squad) else None)
             for i in range(d.boards)]  # type: ignore[attr-defined]
        boards = []
        for n, (x, y) in enumerate(seats, start=1):
            px = None if x is None else home.eligible[x]
            py = None if y is None else away.eligible[y]
            white = n % 2 == 1 if swiss else d.home_is_white(n)  # type: ignore[attr-defined]
            boards.append(TeamBoard(n, px.name if px else "", py.name if py else "",
                                    px.rating if px else None, py.rating if py else None,
                                    white))
        cards.append(TeamCard(home.name, away.name, tuple(boards), swiss))
    return tuple(cards)
