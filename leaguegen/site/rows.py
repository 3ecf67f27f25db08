"""Table rows written directly, for the rows a site has hundreds of thousands of.

A player page explains each tiebreak element by element: a season of 2,000 players
has about 120,000 such rows, and rendering them through the template's loop was
almost half of every player page (Jinja2 spends microseconds per attribute, filter
and escape). :func:`tiebreak_rows` writes the same rows from Python with the page's
own filters and gettext, so the text is the template's to the byte: the template
``partials/tiebreaks.html`` keeps the row as the macro ``tiebreak_line`` (what a
designer edits), and tests/site/test_rows.py holds this function to that macro's
output on every line of every demo season.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from markupsafe import Markup, escape

_CUT = ' class="cut"'
WITHDRAWN = ' class="withdrawn"'
_TITLE = ' <span class="title">%s</span>'
R = TypeVar("R")
_BOUND = 100_000  # entries per cache: a long ``serve`` must not grow without end


def escaped(function: Callable[..., object]) -> Callable[..., str]:
    """``escape(function(value))`` remembered per value (and its type: 1, 1.0 and
    Fraction(1) are equal keys that format differently): the numbers and points of a
    season's rows are a few hundred distinct values written hundreds of thousands of
    times, and escaping each one again is most of a row's cost."""
    known: dict = {}

    def write(value: object) -> str:
        # an int is its own key (no other key is an int); a Fraction's own hash and
        # equality are Python code (a modular inverse per hash): its two integers make a
        # key several times cheaper to look up (read from its slots: the public names
        # are properties, a Python call each)
        kind = type(value)
        key = (value if kind is int else
               (value._numerator, value._denominator) if kind is Fraction  # type: ignore[attr-defined]
               else (kind, value))
        text = known.get(key)
        if text is None:
            if len(known) >= _BOUND:
                known.clear()
            text = known[key] = str(escape(function(value)))
        return text
    return write


def by_identity(make: Callable[[Any], R], bound: int = _BOUND) -> Callable[[Any], R]:
    """``make(obj)``, remembered per object: the rows' writers see the same link, player
    list or section many times over a section, so what is written of it once serves every
    row. Kept by ``id`` with the object itself (so a reused id is never mistaken for it),
    at most ``bound`` at a time."""
    known: dict[int, tuple[object, R]] = {}

    def get(obj: Any) -> R:
        entry = known.get(id(obj))
        if entry is not None and entry[0] is obj:
            return entry[1]
        if len(known) >= bound:
            known.clear()
        value = make(obj)
        known[id(obj)] = (obj, value)
        return value
    return get


def links() -> Callable[[object], str]:
    """``<a href="url">name</a>`` of a PlayerLink, remembered per link object (the pages
    keep one per player and section: ``pages.common.player_link``), so a player's link
    is escaped once, not once per row that names the player."""
    return by_identity(lambda player: f'<a href="{escape(player.url)}">'
                                      f"{escape(player.name)}</a>")


def tiebreak_rows(gettext: Callable[..., str], num: Callable[[object], str],
                  tb: Callable[[object], str], pts: Callable[[object], str]
                  ) -> Callable[[Iterable[object]], Markup]:
    """``tiebreak_rows(lines)`` for one environment (its gettext and filters): the
    ``<tr>`` of each TiebreakLine, as ``tiebreak_line`` renders it, one a line (no
    newline after the last: the template's line has it)."""
    num_, tb_, pts_, kind_ = escaped(num), escaped(tb), escaped(pts), escaped(gettext)
    link_ = links()

    def rows(lines: Iterable[object]) -> Markup:
        out = []
        badge = ""
        for line in lines:
            cut = line.cut  # type: ignore[attr-defined]
            if cut and not badge:
                badge = f' <span class="badge">{escape(gettext("not counted"))}</span>'
            opponent = line.opponent  # type: ignore[attr-defined]
            score, result, value = line.score, line.result, line.value  # type: ignore[attr-defined]
            out.append(
                f'      <tr{_CUT if cut else ""}>\n'
                f'        <td class="num">{num_(line.round)}</td>\n'  # type: ignore[attr-defined]
                f'        <td>{kind_(line.kind)}{badge if cut else ""}</td>\n'  # type: ignore[attr-defined]
                f'        <td>{link_(opponent) if opponent else ""}</td>\n'
                f'        <td class="num">{tb_(score) if score is not None else ""}</td>\n'
                f'        <td class="num">{pts_(result) if result is not None else ""}'
                '</td>\n'
                f'        <td class="num key-end">{tb_(value) if value is not None else ""}</td>\n'
                '      </tr>')
        return Markup("\n".join(out))
    return rows


def _round_starts(num_: Callable[[object], str], short: Callable[[object], str]
                  ) -> Callable[[object, object], str]:
    """A games table's round and date cells, written once per (round, date)."""
    starts: dict[tuple, str] = {}

    def start(rnd: object, day: object) -> str:
        key = (rnd, day)
        text = starts.get(key)
        if text is None:
            if len(starts) >= _BOUND:
                starts.clear()
            text = starts[key] = (f'      <td class="num">{num_(rnd)}</td>\n'
                                  f'      <td class="date">{short(day)}</td>\n')
        return text
    return start


def _result_symbols(memo: Callable[..., object]) -> Callable[[object, bool, object], str]:
    """A games table's result cell, written once per (result, withdrew, result macro)."""
    symbols: dict[tuple, str] = {}

    def symbol(text: object, withdrew: bool, result: object) -> str:
        key = (text, withdrew, result)
        cell = symbols.get(key)
        if cell is None:
            if len(symbols) >= _BOUND:
                symbols.clear()
            cell = symbols[key] = str(escape(memo(result, text, withdrew)))
        return cell
    return symbol


def games_rows(gettext: Callable[..., str], num: Callable[[object], str],
               date: Callable[..., str], memo: Callable[..., object]
               ) -> Callable[[Iterable[object], bool, object], Markup]:
    """``games_rows(games, swiss, result)`` for one environment: the ``<tr>`` of each
    game of a player's page (PlayerGame or SwissPlayerGame), as the macro ``game_row``
    of ``partials/games.html`` renders it; ``result`` is the template's own result
    macro (partials/symbols.html), so the symbols stay the template's."""
    num_, note_, link_ = escaped(num), escaped(gettext), links()
    short = escaped(lambda value: date(value, "short"))
    symbol_of, start = _result_symbols(memo), _round_starts(num_, short)

    def cells(opponent: Any) -> str:  # an opponent's cell and rating cell
        return (f'      <td class="opponent">{link_(opponent)}</td>\n'
                f'      <td class="num rating">{num_(opponent.rating)}</td>\n')

    opponent_cells = by_identity(cells)  # per link object

    def rows(games: Iterable[object], swiss: bool, result: object) -> Markup:
        white = f'<td><span class="g w">{note_("White")}</span></td>\n'
        black = f'<td><span class="g b">{note_("Black")}</span></td>\n'
        free = (f'      <td class="opponent"><em>{note_("free round")}</em></td>\n'
                '      <td class="num rating"></td>\n')
        out = []
        for g in games:
            if swiss:
                number = num_(g.round)  # type: ignore[attr-defined]
                first = (f'      <td class="num"><a href="{escape(g.round_url)}">'  # type: ignore[attr-defined]
                         f'{number}</a></td>\n'
                         f'      <td class="date">{short(g.date)}</td>\n')  # type: ignore[attr-defined]
            else:
                first = start(g.round, g.date)  # type: ignore[attr-defined]
            colour = g.colour  # type: ignore[attr-defined]
            side = white if colour == "w" else black if colour == "b" else "<td></td>\n"
            opponent, note = g.opponent, g.note  # type: ignore[attr-defined]
            if opponent:
                who = f"      {side}{opponent_cells(opponent)}"
            elif swiss:
                who = (f'      {side}      <td class="opponent"><em>{note_(note)}</em></td>\n'
                       '      <td class="num rating"></td>\n')
            else:
                who = f"      {side}{free}"
            symbol = symbol_of(g.result, getattr(g, "withdrew", False), result)  # type: ignore[attr-defined]
            meta = (f' <span class="meta">{note_(note)}</span>'
                    if note and (opponent or not swiss) else "")
            out.append(f"    <tr>\n{first}{who}"
                       f'      <td class="res">{symbol}{meta}</td>\n    </tr>')
        return Markup("\n".join(out))
    return rows


def game_lines(gettext: Callable[..., str], num: Callable[[object], str],
               date: Callable[..., str], memo: Callable[..., object]
               ) -> Callable[[Sequence[object], Iterable[tuple], object], str]:
    """``game_lines(players, lines, result)`` for one environment: what
    :func:`games_rows` writes (not Swiss) for the PlayerGames of ``lines``
    (``pages.round_robin.GameLines``: round, date, colour, opponent's number, result,
    note, withdrew; ``players``: the section's links by number), without making them.
    An opponent's cells are written once per list of links, a round's once per date, a
    result's once per symbol."""
    num_, note_, link_ = escaped(num), escaped(gettext), links()
    short = escaped(lambda value: date(value, "short"))
    symbol_of, start = _result_symbols(memo), _round_starts(num_, short)
    # every opponent's cells, by number, per list of the section's links
    cells_of = by_identity(lambda players: [""] + [
        f'      <td class="opponent">{link_(p)}</td>\n'
        f'      <td class="num rating">{num_(p.rating)}</td>\n' for p in players[1:]], 64)

    def write(players: Sequence[object], lines: Iterable[tuple], result: object) -> str:
        opponents = cells_of(players)
        sides = {"w": f'      <td><span class="g w">{note_("White")}</span></td>\n',
                 "b": f'      <td><span class="g b">{note_("Black")}</span></td>\n'}
        free = (f'      <td class="opponent"><em>{note_("free round")}</em></td>\n'
                '      <td class="num rating"></td>\n')
        out = []
        for r, day, colour, opponent, text, note, withdrew in lines:
            first = start(r, day)
            symbol = symbol_of(text, withdrew, result)
            side = sides.get(colour, "      <td></td>\n")
            meta = f' <span class="meta">{note_(note)}</span>' if note else ""
            out.append(f"    <tr>\n{first}{side}{opponents[opponent] if opponent else free}"
                       f'      <td class="res">{symbol}{meta}</td>\n    </tr>')
        return "\n".join(out)
    return write


def wall_rows(gettext: Callable[..., str], num: Callable[[object], str]
              ) -> Callable[[Iterable[object]], Markup]:
    """``wall_rows(rows)`` for one environment: the ``<tr>`` of each WallRow of a
    round's A-Z list, as the macro ``wall_row`` of ``partials/wall.html`` renders it."""
    num_, note_, link_ = escaped(num), escaped(gettext), links()

    def write(rows: Iterable[object]) -> Markup:
        # a game's colour cell, per colour ("w" White; any other, as the macro has it, Black)
        white, black = escape(gettext("White")), escape(gettext("Black"))
        sides = {"w": f'</td>\n      <td><span class="g w">{white}</span></td>\n'
                      '      <td class="name">',
                 "b": f'</td>\n      <td><span class="g b">{black}</span></td>\n'
                      '      <td class="name">'}
        out = []
        for row in rows:
            player, opponent = row.player, row.opponent  # type: ignore[attr-defined]
            if opponent:
                colour = row.colour  # type: ignore[attr-defined]
                side = sides.get(colour)
                if side is None:
                    side = (f'</td>\n      <td><span class="g {escape(colour)}">{black}</span>'
                            '</td>\n      <td class="name">')
                out.append(
                    f'    <tr>\n      <td class="name">{link_(player)}</td>\n'
                    f'      <td class="num">{num_(row.board)}{side}'  # type: ignore[attr-defined]
                    f"{link_(opponent)}</td>\n    </tr>")
            else:
                note = row.note  # type: ignore[attr-defined]
                out.append(f'    <tr>\n      <td class="name">{link_(player)}</td>\n'
                           '      <td class="num"></td><td></td><td class="meta">'
                           f'{note_(note) if note else ""}</td>\n    </tr>')
        return Markup("\n".join(out))
    return write


def wall_lines(gettext: Callable[..., str], num: Callable[[object], str]
               ) -> Callable[[Sequence[object], Iterable[tuple]], str]:
    """``wall_lines(players, lines)`` for one environment: what :func:`wall_rows` writes
    for the WallRows of ``lines`` (``pages.alphabetical.round_lines``: number, board,
    colour, opponent, note; ``players``: the section's links by number), without
    making them. A section's A-Z pages list the same players every round: each player's
    cell and opponent cell are written once per list of links, each board's once."""
    num_, note_ = escaped(num), escaped(gettext)
    known: dict[int, tuple[object, list[str], list[str]]] = {}
    boards: dict[int | None, str] = {}  # a board's number cell (few: a list's boards)

    def write(players: Sequence[object], lines: Iterable[tuple]) -> str:
        entry = known.get(id(players))
        if entry is None or entry[0] is not players:
            if len(known) >= 64:
                known.clear()
            cells = [f'<a href="{escape(p.url)}">{escape(p.name)}</a>' if p else ""  # type: ignore[attr-defined]
                     for p in players]
            entry = known[id(players)] = (
                players, [f'    <tr>\n      <td class="name">{c}</td>\n' for c in cells],
                [f"{c}</td>\n    </tr>" for c in cells])
        starts, ends = entry[1], entry[2]
        white, black = escape(gettext("White")), escape(gettext("Black"))
        sides = {"w": f'</td>\n      <td><span class="g w">{white}</span></td>\n'
                      '      <td class="name">',
                 "b": f'</td>\n      <td><span class="g b">{black}</span></td>\n'
                      '      <td class="name">'}
        empty = '      <td class="num"></td><td></td><td class="meta">'
        out = []
        for number, board, colour, opponent, note in lines:
            if opponent:
                cell = boards.get(board)
                if cell is None:
                    cell = boards[board] = f'      <td class="num">{num_(board)}'
                out.append(f"{starts[number]}{cell}{sides[colour]}{ends[opponent]}")
            else:
                out.append(f"{starts[number]}{empty}{note_(note) if note else ''}"
                           "</td>\n    </tr>")
        return "\n".join(out)
    return write


def board_rows(num: Callable[[object], str], pts: Callable[[object], str],
               memo: Callable[..., object]) -> Callable[[Iterable[object], object, object],
                                                       Markup]:
    """``board_rows_of(boards, who, result)`` for one environment: the ``<tr>`` of each
    Board of a round, as the macro ``board_row`` of ``partials/rounds.html`` renders it,
    one a line (no newline after the last). ``who`` and ``result`` are the template's own
    macros (a player's cell, a result's symbol), called through ``memo`` as the template
    calls them, so their text stays the template's. Each player's columns (number, cell,
    rating) are written once per link object, each result's cell once per symbol."""
    num_, pts_ = escaped(num), escaped(pts)
    sides: dict[tuple[int, str], tuple[object, object, str]] = {}
    symbols: dict[tuple, str] = {}

    def side(player: object, who: object, colour: str) -> str:
        """A player's columns on the white or the black side, once per link and macro."""
        entry = sides.get((id(player), colour))
        if entry is not None and entry[0] is player and entry[1] is who:
            return entry[2]
        if len(sides) >= _BOUND:
            sides.clear()
        cell = escape(memo(who, player))
        number, rating = num_(player.number), num_(player.rating)  # type: ignore[attr-defined]
        text = (f'        <td class="num aux">{number}</td>\n'
                f'        <td class="who-w">{cell}</td>\n'
                f'        <td class="num aux">{rating}</td>\n' if colour == "w" else
                f'        <td class="who-b">{cell}</td>\n'
                f'        <td class="num aux">{rating}</td>\n'
                f'        <td class="num aux">{number}</td>\n')
        sides[id(player), colour] = (player, who, text)
        return text

    def write(boards: Iterable[object], who: object, result: object) -> Markup:
        out = []
        for b in boards:
            white, black = b.white, b.black  # type: ignore[attr-defined]
            key = (b.result, getattr(b, "withdrew", False), result)  # type: ignore[attr-defined]
            symbol = symbols.get(key)
            if symbol is None:
                if len(symbols) >= _BOUND:
                    symbols.clear()
                symbol = symbols[key] = str(escape(memo(result, key[0], key[1])))
            out.append(
                "<tr>\n"
                f'        <td class="num">{num_(b.number)}</td>\n'  # type: ignore[attr-defined]
                f"{side(white, who, 'w')}"
                f'        <td class="num before">{pts_(b.white_points)}</td>\n'  # type: ignore[attr-defined]
                f'        <td class="res">{symbol}</td>\n'
                f'        <td class="num before">{pts_(b.black_points)}</td>\n'  # type: ignore[attr-defined]
                f"{side(black, who, 'b')}"
                "      </tr>")
        return Markup("\n".join(out))
    return write


_COUNTED = ("%(points)s in the standings: results against a player who withdrew having"
            " played under half the games do not count")


def _counted_mark(gettext: Callable[..., str], pts: Callable[[object], str], counted: object,
                  note: str) -> str:
    """The footnote mark of a crosstable total the standings count lower, as the macro
    ``crosstable_row`` writes it (a few rows a season: not remembered)."""
    said = escape(gettext(_COUNTED, points=pts(counted)))
    return (f'<a class="fn" href="#{escape(note)}" aria-label="{said}" title="{said}">'
            "†</a>")


def crosstable_rows(gettext: Callable[..., str], num: Callable[[object], str],
                    pts: Callable[[object], str], memo: Callable[..., object]
                    ) -> Callable[[Iterable[object], object], Markup]:
    """``crosstable_rows_of(rows, result)`` for one environment: the ``<tr>`` of each
    CrossRow of a web crosstable, as the macro ``crosstable_row`` of
    ``partials/crosstable.html`` renders it, one a line (no newline after the last);
    ``result`` is the template's result macro, called through ``memo`` as there. A cell's
    game is written once per distinct (colour, round, symbol, counted, withdrew): a
    crosstable of 20 players has 380 cells of a few dozen kinds per round."""
    spans: dict[tuple, str] = {}
    escaped_num, escaped_pts, link = escaped(num), escaped(pts), links()

    def span(g: object, result: object) -> str:
        colour, counted = g.colour, g.counted  # type: ignore[attr-defined]
        key = (colour, g.round, g.text, counted, g.withdrew, result)  # type: ignore[attr-defined]
        text = spans.get(key)
        if text is None:
            if len(spans) >= _BOUND:
                spans.clear()
            message = "Round %(n)s, White" if colour == "w" else "Round %(n)s, Black"
            title = escape(gettext(message, n=g.round))  # type: ignore[attr-defined]
            if not counted:
                title += f' · {escape(gettext("does not count in the standings"))}'
            symbol = escape(memo(result, g.text, g.withdrew))  # type: ignore[attr-defined]
            text = spans[key] = (f'<span class="g {escape(colour)}'
                                 f'{"" if counted else " void"}" title="{title}">'
                                 f"{symbol}</span>")
        return text

    def write(rows: Iterable[object], result: object, note: str = "void-note") -> Markup:
        same = ('      <td class="self" aria-label="'
                f'{escape(gettext("same player"))}">×</td>\n')
        num_, pts_, link_ = escaped_num, escaped_pts, link
        # a one-game cell's text, per Cell object (a section's equal cells are one object,
        # alive through this call, so its id is its own)
        singles: dict[int, str] = {}
        out = []
        for row in rows:
            player = row.player  # type: ignore[attr-defined]
            number = player.number
            parts = [
                f'    <tr{WITHDRAWN if row.withdrawn else ""}>\n'  # type: ignore[attr-defined]
                f'      <th scope="row" class="num">{num_(number)}</th>\n'
                f'      <td class="name key-start">{link_(player)}</td>\n']
            for index, games in enumerate(row.cells, start=1):  # type: ignore[attr-defined]
                if index == number:
                    parts.append(same)
                elif len(games) == 1:
                    g = games[0]
                    text = singles.get(id(g))
                    if text is None:
                        text = singles[id(g)] = (f'      <td class="opp">{span(g, result)}'
                                                 "</td>\n")
                    parts.append(text)
                else:
                    parts.append(f'      <td class="opp">'
                                 f'{"".join([span(g, result) for g in games])}</td>\n')
            counted = row.counted  # type: ignore[attr-defined]
            mark = "" if counted is None else _counted_mark(gettext, pts, counted, note)
            parts.append(
                f'      <td class="num pts key-end2">{pts_(row.total)}{mark}</td>\n'  # type: ignore[attr-defined]
                f'      <td class="num rank key-end">{escape(num(row.rank) or "–")}</td>\n'  # type: ignore[attr-defined]
                "    </tr>")
            out.append("".join(parts))
        return Markup("\n".join(out))
    return write


def explanation_sections(gettext: Callable[..., str], tb: Callable[[object], str],
                         memo: Callable[..., object], rows: Callable[[Iterable[object]], Markup]
                         ) -> Callable[[Iterable[object], object], Markup]:
    """``explanation_sections(tiebreaks, head)`` for one environment: the ``<section>`` of
    each TiebreakView of a player's page, as the macro ``explanation`` of
    ``partials/tiebreaks.html`` renders them (each ends with a newline); ``head`` is the
    template's ``tiebreak_head`` macro, called through ``memo`` as there, and ``rows``
    the environment's :func:`tiebreak_rows`."""
    tb_, name_ = escaped(tb), escaped(gettext)

    def write(tiebreaks: Iterable[object], head: object) -> Markup:
        out = []
        for index, view in enumerate(tiebreaks, start=1):
            code, lines = view.code, view.lines  # type: ignore[attr-defined]
            out.append(
                f'<section class="tb-explain" id="tb-{index}">\n'
                f"  <h3><abbr>{escape(code)}</abbr> {name_(view.name)}: "  # type: ignore[attr-defined]
                f"<strong>{tb_(view.value)}</strong></h3>\n")  # type: ignore[attr-defined]
            if lines:
                out.append(
                    '  <div class="table-scroll">\n'
                    '  <table class="tb-items">\n'
                    f"    {escape(memo(head, code))}\n"
                    "    <tbody>\n"
                    f"{rows(lines)}\n"
                    "    </tbody>\n"
                    "  </table>\n"
                    "  </div>\n")
            out.append("</section>\n")
        return Markup("".join(out))
    return write


def standings_rows(gettext: Callable[..., str], num: Callable[[object], str],
                   pts: Callable[[object], str], tb: Callable[..., str]
                   ) -> Callable[[Iterable[object], object, object, object], Markup]:
    """``standings_rows_of(rows, fed, rp, decimal)`` for one environment: the ``<tr>`` of
    each StandingRow, as the macro ``standings_row`` of ``partials/standings.html``
    renders it, one a line (no newline after the last)."""
    num_, pts_, link_ = escaped(num), escaped(pts), links()
    values: dict[tuple, str] = {}  # a tiebreak value's text, per value and decimals

    def tb_(value: object, decimal: object) -> str:
        kind = type(value)
        key = ((value._numerator, value._denominator, decimal) if kind is Fraction  # type: ignore[attr-defined]
               else (kind, value, decimal))
        try:
            text = values.get(key)
        except TypeError:  # an unhashable value: simply written
            return str(escape(tb(value, decimal)))
        if text is None:
            if len(values) >= _BOUND:
                values.clear()
            text = values[key] = str(escape(tb(value, decimal)))
        return text

    def write(rows: Iterable[object], fed: object, rp: object, decimal: object) -> Markup:
        how = escape(gettext("How this was computed"))
        provisional_mark = ('<span class="provisional" '
                            f'title="{escape(gettext("provisional"))}">*</span>')
        out = []
        for row in rows:
            player = row.player  # type: ignore[attr-defined]
            rank, title = row.rank, player.title  # type: ignore[attr-defined]
            shown = (f"{escape(num(rank))}{'=' if row.shared else ''}"  # type: ignore[attr-defined]
                     if rank else "–")
            parts = [
                f'    <tr{WITHDRAWN if row.withdrawn else ""}>\n'  # type: ignore[attr-defined]
                f'      <td class="num">{shown}</td>\n'
                f'      <td class="name key-start">{link_(player)}'
                f"{_TITLE % escape(title) if title else ''}"]
            if row.withdrawn:  # type: ignore[attr-defined]
                parts.append(f'<span class="badge">{escape(gettext("withdrawn, not ranked"))}'
                             "</span>")
            if row.decided_by:  # type: ignore[attr-defined]
                parts.append('<span class="decided">'
                             f'{escape(gettext("ahead on %(code)s", code=row.decided_by))}'  # type: ignore[attr-defined]
                             "</span>")
            parts.append("      </td>\n")
            if fed:
                parts.append(f'<td class="fed">{escape(player.federation or "")}</td>')
            parts.append(
                f'      <td class="num rating">{num_(player.rating)}</td>\n'
                f'      <td class="num pts">{pts_(row.points)}</td>\n'  # type: ignore[attr-defined]
                f'      <td class="num">{num_(row.played)}</td>\n')  # type: ignore[attr-defined]
            provisional = row.provisional  # type: ignore[attr-defined]
            url = escape(player.url)
            for index, value in enumerate(row.values):  # type: ignore[attr-defined]
                if value == "":
                    parts.append('<td class="num"><span class="tb-none">–</span></td>')
                    continue
                mark = provisional_mark if provisional and provisional[index] else ""
                parts.append(
                    f'<td class="num"><a class="tb-link" href="{url}#tb-{index + 1}" '
                    f'title="{how}">{tb_(value, decimal[index])}</a>{mark}</td>')  # type: ignore[index]
            if rp:
                parts.append(f'<td class="num">{num_(row.performance)}</td>')  # type: ignore[attr-defined]
            parts.append("    </tr>")
            out.append("".join(parts))
        return Markup("\n".join(out))
    return write


def round_links(num: Callable[[object], str]
                ) -> Callable[[Sequence[object], object], Markup]:
    """``round_links_of(rounds, current)`` for one environment: the pager of a section's
    A-Z pages, each RoundLink as the macro ``round_link`` of ``partials/wall.html``
    renders it. The links are written once per tuple of links (a section's pages share
    one) and only the current round's differs from page to page."""
    known: dict[int, tuple[object, list[tuple[object, str, str]]]] = {}

    def write(rounds: Sequence[object], current: object) -> Markup:
        entry = known.get(id(rounds))
        if entry is None or entry[0] is not rounds:
            if len(known) >= _BOUND:
                known.clear()
            links = []
            for r in rounds:
                start = f'<a href="{escape(r.url)}"'  # type: ignore[attr-defined]
                end = f">{escape(num(r.number))}</a>"  # type: ignore[attr-defined]
                links.append((r.number, start + end,  # type: ignore[attr-defined]
                              f'{start} aria-current="page"{end}'))
            entry = known[id(rounds)] = (rounds, links)
        return Markup("".join([here if number == current else plain
                               for number, plain, here in entry[1]]))
    return write


def round_lines(gettext: Callable[..., str], num: Callable[[object], str],
                pts: Callable[[object], str], memo: Callable[..., object]
                ) -> Callable[..., Markup]:
    """``round_lines(rounds, heading, head, who, result)`` for one environment: what
    :func:`round_sections` writes for ``rounds.views()`` (a
    ``pages.round_robin.RoundsLines``: each round's number, date, boards as (board,
    white, black, result, white's points, black's points, withdrew) with the players by
    number, and who sits out), without making a RoundView and Board per board. Each
    player's columns on either side are written once per list of links and macro."""
    num_, pts_ = escaped(num), escaped(pts)
    known: dict[int, tuple[object, object, list[str], list[str], list[str]]] = {}
    symbols: dict[tuple, str] = {}

    def write(rounds: object, heading: object, head: object, who: object,
              result: object) -> Markup:
        players = rounds.players  # type: ignore[attr-defined]
        entry = known.get(id(players))
        if entry is None or entry[0] is not players or entry[1] is not who:
            if len(known) >= 64:
                known.clear()
            whites, blacks, sitters = [""], [""], [""]
            for p in players[1:]:
                cell = escape(memo(who, p))
                number, rating = num_(p.number), num_(p.rating)
                whites.append(f'        <td class="num aux">{number}</td>\n'
                              f'        <td class="who-w">{cell}</td>\n'
                              f'        <td class="num aux">{rating}</td>\n')
                blacks.append(f'        <td class="who-b">{cell}</td>\n'
                              f'        <td class="num aux">{rating}</td>\n'
                              f'        <td class="num aux">{number}</td>\n')
                sitter = Markup(f'<a href="{escape(p.url)}">{escape(p.name)}</a>')
                sitters.append('      <tr class="bye"><td></td><td colspan="9">'
                               f'{escape(gettext("Free round: %(name)s", name=sitter))}'
                               "</td></tr>\n")
            entry = known[id(players)] = (players, who, whites, blacks, sitters)
        whites, blacks, sitters = entry[2], entry[3], entry[4]
        thead = f"    <thead>{escape(memo(head))}</thead>\n    <tbody>\n    "
        out = []
        for number, day, boards, sitting_out, _, _ in rounds.lines:  # type: ignore[attr-defined]
            caption = escape(gettext("Pairings of round %(n)s", n=number))
            out.append(
                f'<section class="round" id="round-{escape(number)}">\n'
                f"  {escape(memo(heading, number, day, 2))}\n"
                '  <div class="table-scroll">\n  <table class="pairings">\n'
                f'    <caption class="visually-hidden">{caption}</caption>\n{thead}')
            if boards:
                rows = []
                for board, white, black, text, white_points, black_points, withdrew in boards:
                    key = (text, withdrew, result)
                    symbol = symbols.get(key)
                    if symbol is None:
                        if len(symbols) >= _BOUND:
                            symbols.clear()
                        symbol = symbols[key] = str(escape(memo(result, text, withdrew)))
                    rows.append(
                        "<tr>\n"
                        f'        <td class="num">{num_(board)}</td>\n'
                        f"{whites[white]}"
                        f'        <td class="num before">{pts_(white_points)}</td>\n'
                        f'        <td class="res">{symbol}</td>\n'
                        f'        <td class="num before">{pts_(black_points)}</td>\n'
                        f"{blacks[black]}"
                        "      </tr>")
                out.append("\n".join(rows) + "\n")
            if sitting_out:
                out.append(sitters[sitting_out])
            out.append("\n    </tbody>\n  </table>\n  </div>\n</section>")
        return Markup("".join(out))
    return write


def round_sections(gettext: Callable[..., str], memo: Callable[..., object],
                   boards_of: Callable[[Iterable[object], object, object], Markup],
                   lines_of: Callable[..., Markup] | None = None) -> Callable[..., Markup]:
    """``rounds_of(rounds, heading, head, who, result)`` for one environment: each
    RoundView as the macro ``round`` of ``partials/rounds.html`` renders it (level 2), one
    after the other. ``heading``, ``head``, ``who`` and ``result`` are the template's own
    macros (``round_heading``, ``pairings_head``, the player's cell, the result's symbol),
    called through ``memo`` as there; ``boards_of`` is the environment's
    :func:`board_rows`. A rounds page has a round per section of this: writing it here
    saves the macros' calls (four a round). ``rounds`` may also be a RoundsLines, which
    ``lines_of`` (the environment's :func:`round_lines`) writes."""

    def write(rounds: Iterable[object], heading: object, head: object, who: object,
              result: object) -> Markup:
        if lines_of is not None and hasattr(rounds, "lines"):
            return lines_of(rounds, heading, head, who, result)
        thead = f"    <thead>{escape(memo(head))}</thead>\n    <tbody>\n    "
        out = []
        for rnd in rounds:
            number = rnd.number  # type: ignore[attr-defined]
            boards, out_player = rnd.boards, rnd.sitting_out  # type: ignore[attr-defined]
            caption = escape(gettext("Pairings of round %(n)s", n=number))
            out.append(
                f'<section class="round" id="round-{escape(number)}">\n'
                f"  {escape(memo(heading, number, rnd.date, 2))}\n"  # type: ignore[attr-defined]
                '  <div class="table-scroll">\n  <table class="pairings">\n'
                f'    <caption class="visually-hidden">{caption}</caption>\n{thead}')
            if boards:
                out.append(f"{boards_of(boards, who, result)}\n")
            if out_player:
                sitter = Markup(f'<a href="{escape(out_player.url)}">'
                                f"{escape(out_player.name)}</a>")
                out.append('      <tr class="bye"><td></td><td colspan="9">'
                           f'{escape(gettext("Free round: %(name)s", name=sitter))}'
                           "</td></tr>\n")
            out.append("\n    </tbody>\n  </table>\n  </div>\n</section>")
        return Markup("".join(out))
    return write
