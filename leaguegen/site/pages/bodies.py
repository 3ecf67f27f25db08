"""Whole pages of the kinds a season has thousands of, written into their frame.

A round robin's player pages and every section's A-Z pages are written here from
Python: the frame comes from the page's own template, once per section
(``pages/frames.py``), and the blocks between (the heading, the body) are written with
the environment's own gettext, filters, row writers and memoised macros, so the text is
the template's to the byte. ``tests/site/test_frames.py`` renders every page of every
demo both ways (``FAST_PAGES`` on and off) and compares them: an edit to
``player.html``'s or ``lists/alphabetical.html``'s blocks must be made here too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter

from markupsafe import escape

from leaguegen.site.pages.common import TIEBREAK_KINDS, TIEBREAK_NAMES, player_link
from leaguegen.site.pages.frames import hole, marked, stamp
from leaguegen.site.render import environment
from leaguegen.site.rows import by_identity, escaped

_TITLE = ' <span class="title">%s</span>'
_CUT = ' class="cut"'
_ROUND = attrgetter("round")


def _ROUND_OF_PAIR(line: tuple) -> int:  # noqa: N802 - a key like _ROUND
    return line[0].round


def _tools(language: str, digits: str) -> dict:
    """What the writers use of the environment of ``language`` and ``digits``."""
    return _tools_of(environment(language, digits))


@lru_cache(maxsize=16)
def _tools_of(env: object) -> dict:
    """What the writers use of one environment: its gettext, filters, writers, macros."""
    g, f = env.globals, env.filters  # type: ignore[attr-defined]
    symbols = env.get_template("partials/symbols.html").module  # type: ignore[attr-defined]
    tiebreaks = env.get_template("partials/tiebreaks.html").module  # type: ignore[attr-defined]
    return {
        "_": g["_"], "ngettext": g["ngettext"], "memo": g["memo"],
        "num": f["num"], "pts": f["pts"], "tb": f["tb"],
        "strong": f["strong"], "percent": f["percent"],
        "games_rows": g["games_rows"], "game_lines": g["game_lines"],
        "explanation_sections": g["explanation_sections"],
        "wall_rows": g["wall_rows"], "wall_lines": g["wall_lines"],
        "round_links_of": g["round_links_of"],
        "date": f["date"],
        "result": symbols.result, "cell_symbols": symbols.cell_symbols,
        "tiebreak_head": tiebreaks.tiebreak_head,
    }


def player_pages(first: object, language: str) -> Callable[[object], str] | None:
    """The writer of a round robin's player pages (PlayerPage, not a Swiss one) in
    ``language``, from the section's first page: ``write(page)`` is
    ``render("player.html", page, language)``; None when the frame cannot be cut."""
    player = first.player  # type: ignore[attr-defined]
    probe = dataclasses.replace(first, player=dataclasses.replace(  # type: ignore[type-var]
        player, name=hole("name"), url=first.root + hole("here")))  # type: ignore[attr-defined]
    frame = stamp("player.html", probe, language, ("heading", "body"), ("name", "here"))
    if frame is None:
        return None
    season = first.season  # type: ignore[attr-defined]
    t = _tools(language, season.digits)
    _, num, pts, strong = t["_"], t["num"], t["pts"], t["strong"]
    num_ = t.get("num_") or t.setdefault("num_", escaped(num))
    memo, ngettext = t["memo"], t["ngettext"]
    games_rows, explanation_sections = t["games_rows"], t["explanation_sections"]
    game_lines = t["game_lines"]
    result, cell_symbols, head = t["result"], t["cell_symbols"], t["tiebreak_head"]
    section_name = escape(first.section.name)  # type: ignore[attr-defined]
    facts = ('<dl class="facts">\n'
             f'  <div><dt>{_("Section")}</dt><dd><a href="../index.html">{section_name}'
             '</a></dd></div>\n'
             f'  <div><dt>{_("Pairing number")}</dt><dd>')
    rating, federation, club = (f"<div><dt>{_(label)}</dt><dd>"
                                for label in ("Rating", "Federation", "Club"))
    score_label = f'  <div><dt>{_("Score")}</dt><dd>'
    rank_label = f'</dd></div>\n  <div><dt>{_("Rank")}</dt><dd>'
    performance = f'<div><dt>{_("Performance")}</dt><dd>'
    games_head = (
        f'<h2>{_("Games")}</h2>\n<div class="table-scroll">\n<table class="games">\n'
        '  <caption class="visually-hidden">')
    columns = (
        '</caption>\n  <thead><tr>'
        f'<th scope="col" class="num">{_("Round")}</th>'
        f'<th scope="col" class="date">{_("Date")}</th>'
        f'<th scope="col">{_("Colour")}</th>'
        f'<th scope="col" class="opponent">{_("Opponent")}</th>'
        f'<th scope="col" class="num rating">{_("Rating")}</th>'
        f'<th scope="col" class="res">{_("Result")}</th></tr></thead>\n  <tbody>\n')
    legend = '  </tbody>\n</table>\n</div>\n<p class="legend">'
    tiebreaks_head = f'<h2 id="tiebreaks">{_("How the tiebreaks were computed")}</h2>\n'
    root_length = len(first.root)  # type: ignore[attr-defined]
    explain = t.get(("explain", first.root))  # type: ignore[attr-defined]
    if explain is None:  # one per environment and root: its caches serve every section
        explain = t["explain", first.root] = _explanations(t, first.root)  # type: ignore[attr-defined]

    def write(page: object, data: object = None) -> str:
        """``data``: the section's data, when ``page`` was made without its tiebreak
        views (``player_page(..., views=False)``): they are written from the standings."""
        p = page.player  # type: ignore[attr-defined]
        name = p.name
        games = page.games  # type: ignore[attr-defined]
        lines = getattr(games, "lines", None)  # a GameLines: written by game_lines
        if marked(name) or marked(p.url):
            from leaguegen.site.render import render
            if lines is not None:
                page = dataclasses.replace(page, games=games.games())  # type: ignore[type-var]
            return render("player.html", page, language)
        out = [facts, num_(p.number), "</dd></div>\n"]
        if p.rating:
            out += (rating, num_(p.rating), "</dd></div>")
        if p.federation:
            out += (federation, escape(p.federation), "</dd></div>")
        if p.club:
            out += (club, escape(p.club), "</dd></div>")
        out += (score_label, ngettext("%(score)s from %(num)s game played",
                                      "%(score)s from %(num)s games played",
                                      page.played,  # type: ignore[attr-defined]
                                      score=strong(pts(page.score))))  # type: ignore[attr-defined]
        counted = page.counted_score  # type: ignore[attr-defined]
        if counted is not None:
            out += ("; ", _("%(points)s in the standings, which leave out the games of a "
                            "player who withdrew having played under half of them",
                            points=pts(counted)))
        out += (rank_label, escape(num(page.rank) or "–"),  # type: ignore[attr-defined]
                "</dd></div>\n")
        if page.performance:  # type: ignore[attr-defined]
            out += (performance, num_(page.performance),  # type: ignore[attr-defined]
                    ' <span class="meta">(',
                    _("average opponent %(r)s", r=page.average_opponent),  # type: ignore[attr-defined]
                    ")</span></dd></div>")
        out.append("</dl>\n")
        withdrawal = page.withdrawal  # type: ignore[attr-defined]
        if withdrawal:
            out += ('<p class="note">',
                    _("Withdrew after round %(round)s.", round=withdrawal.after_round))
            if not withdrawal.counted:
                out += (" ", _("Not ranked: fewer than %(share)s of the games were played.",
                               share=t["percent"](withdrawal.threshold)))
            out.append("</p>")
        out += (games_head, _("Games of %(name)s", name=name), columns)
        if lines is not None:
            if lines:
                out += (game_lines(games.players, lines, result), "\n")
            withdrew = games.withdrew
        else:
            if games:
                out += (games_rows(games, False, result), "\n")
            withdrew = any(g.withdrew for g in games)
        out += (legend, memo(cell_symbols, withdrew), "</p>\n")
        if data is not None:
            sections = explain(data, p.number)
            if sections:
                out += (tiebreaks_head, sections)
        elif page.tiebreaks:  # type: ignore[attr-defined]
            out += (tiebreaks_head, explanation_sections(page.tiebreaks, head))  # type: ignore[attr-defined]
        heading = escape(name)
        return frame.fill({
            "name": heading, "here": escape(p.url[root_length:]),
            "heading": f"{heading}{_TITLE % escape(p.title)}" if p.title else heading,
            "body": "".join(out)})
    return write


def alphabetical_pages(language: str) -> Callable[[object], str]:
    """The writer of one section's A-Z pages (AlphabeticalPage) in ``language``:
    ``write(page)`` is ``render("lists/alphabetical.html", page, language)``. The frame,
    the body's table included, is cut once per section and per branch the body takes (a
    round or none, rows or none, a pager or none), with the pager and the rows as the
    holes of their writers; the heading and the round's date are written here."""
    frames: dict[tuple[bool, bool, bool], object] = {}
    tools: dict = {}
    headings: dict[str, str] = {}  # a round's heading with a mark for its number

    def write(page: object) -> str:
        number, rows, rounds = page.number, page.rows, page.rounds  # type: ignore[attr-defined]
        here = page.here  # type: ignore[attr-defined]
        shape = (bool(number), bool(rows), bool(rounds))
        frame = frames.get(shape)
        if frame is None:
            probe = dataclasses.replace(page, here=hole("here"))  # type: ignore[type-var]
            frame = frames[shape] = stamp(
                "lists/alphabetical.html", probe, language,
                ("heading", "intro", "caption") if number else ("heading", "intro"),
                ("here",), ("wall_rows", "round_links_of")) or False
        lines = getattr(rows, "lines", None)  # a RoundLines: written by wall_lines
        if frame is False or marked(here):
            from leaguegen.site.render import render
            if lines is not None:
                page = dataclasses.replace(page, rows=rows.wall_rows())  # type: ignore[type-var,attr-defined]
            return render("lists/alphabetical.html", page, language)
        if not tools:
            tools.update(_tools(language, page.season.digits))  # type: ignore[attr-defined]
            tools["num_"] = escaped(tools["num"])
        _ = tools["_"]
        name = page.section.name  # type: ignore[attr-defined]
        if number:
            # the sentence once per section, the round's number put into its mark (the
            # number as gettext writes it: the page's digits, escaped)
            said = headings.get(name)
            if said is None:
                said = headings[name] = str(_("%(section)s: round %(n)s, players A–Z",
                                              section=name, n=hole("n")))
            heading = said.replace(hole("n"), tools["num_"](number))
        else:
            heading = _("%(section)s: pairings A–Z", section=name)
        date = page.date  # type: ignore[attr-defined]
        intro = (f'<p class="meta"><time datetime="{escape(date.isoformat())}">'
                 f'{escape(tools["date"](date))}</time></p>' if date else "")
        return frame.fill({  # type: ignore[attr-defined]
            "here": escape(here), "heading": heading, "intro": intro,
            "caption": heading,  # the table's caption: the heading's words (visually hidden)
            "wall_rows": "" if not rows else tools["wall_rows"](rows) if lines is None
            else tools["wall_lines"](rows.players, lines),  # type: ignore[attr-defined]
            "round_links_of": tools["round_links_of"](rounds, number) if rounds else ""})
    return write


def _explanations(t: dict, root: str) -> Callable[[object, int], str]:
    """``explain(data, number)``: the ``<section>`` of each of a player's tiebreaks, as
    ``explanation_sections(tiebreak_views(data, number, root), tiebreak_head)`` writes
    them, from the standings' explanations without making the views: each opponent's
    link written once per section, each row's start once per (round, kind, cut)."""
    _, memo, head = t["_"], t["memo"], t["tiebreak_head"]
    tb, pts, num = escaped(t["tb"]), escaped(t["pts"]), escaped(t["num"])
    badge = f' <span class="badge">{escape(_("not counted"))}</span>'
    starts: dict[tuple, str] = {}
    codes: dict[tuple[int, str], tuple[str, str]] = {}
    # every player's link, by number, per section
    links_of = by_identity(lambda section: [""] + [
        f'<a href="{escape(link.url)}">{escape(link.name)}</a>'
        for link in (player_link(section, n, root)
                     for n in range(1, len(section.players) + 1))], 64)

    def start(line: tuple) -> str:
        cut, number, kind = line
        text = starts[line] = (
            f'      <tr{_CUT if cut else ""}>\n'
            f'        <td class="num">{num(number)}</td>\n'
            f'        <td>{escape(_(TIEBREAK_KINDS.get(kind, kind)))}{badge if cut else ""}'
            '</td>\n        <td>')
        return text

    def code_parts(index: int, code: str) -> tuple[str, str]:
        parts = codes[index, code] = (
            f'<section class="tb-explain" id="tb-{index}">\n'
            f"  <h3><abbr>{escape(code)}</abbr> "
            f"{escape(_(TIEBREAK_NAMES.get(code.split('/')[0], code)))}: <strong>",
            '  <div class="table-scroll">\n  <table class="tb-items">\n'
            f"    {escape(memo(head, code))}\n    <tbody>\n")
        return parts

    def write(data: object, number: int) -> str:
        standings = data.standings  # type: ignore[attr-defined]
        if standings is None:
            return ""
        try:
            row = standings.row(number)
        except KeyError:
            return ""
        opponents = links_of(data.section)  # type: ignore[attr-defined]
        out = []
        for index, (code, explanation) in enumerate(
                zip(standings.codes, row.explanations, strict=True), start=1):
            parts = codes.get((index, code)) or code_parts(index, code)
            value = explanation.value
            out += (parts[0], tb(value), "</strong></h3>\n")
            items, cut = explanation.items, explanation.cut
            if items or cut:
                if cut:
                    lines = [(item, False) for item in items]
                    lines += [(item, True) for item in cut]
                    lines.sort(key=_ROUND_OF_PAIR)
                else:
                    lines = [(item, False) for item in sorted(items, key=_ROUND)]
                rows = []
                for item, is_cut in lines:
                    key = (is_cut, item.round, item.kind)
                    opponent, score, result, value = (item.opponent, item.score, item.result,
                                                      item.value)
                    rows.append(
                        f"{starts.get(key) or start(key)}"
                        f'{opponents[opponent] if opponent else ""}</td>\n'
                        f'        <td class="num">{tb(score) if score is not None else ""}'
                        '</td>\n'
                        f'        <td class="num">{pts(result) if result is not None else ""}'
                        '</td>\n'
                        f'        <td class="num key-end">{tb(value) if value is not None else ""}'
                        "</td>\n      </tr>")
                out += (parts[1], "\n".join(rows), "\n    </tbody>\n  </table>\n  </div>\n")
            out.append("</section>\n")
        return "".join(out)
    return write
