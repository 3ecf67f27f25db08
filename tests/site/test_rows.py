"""The rows written from Python are the template's rows to the byte (site/rows.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import render, rows
from leaguegen.site.build import render_pages

DEMOS = sorted(p for p in Path("seasons").iterdir() if (p / "season.yaml").exists())


def _recorder(made):  # noqa: ANN001,ANN202
    """A rows factory whose row writers remember every call's arguments."""
    def factory(*filters):  # noqa: ANN002,ANN202
        write = made(*filters)

        def rows_of(*args):  # noqa: ANN002,ANN202
            first = args[0]  # rows, or a page's lines (RoundsLines) as they are
            rows_of.seen.append((first if hasattr(first, "lines") else tuple(first),
                                 *args[1:]))
            return write(*args)
        rows_of.seen = []
        return rows_of
    return factory


@pytest.fixture
def demo_envs(monkeypatch) -> list:
    """The environments (one per language and digits) that rendered every demo page,
    their row writers recording what they wrote."""
    monkeypatch.setattr(rows, "tiebreak_rows", _recorder(rows.tiebreak_rows))
    monkeypatch.setattr(rows, "games_rows", _recorder(rows.games_rows))
    monkeypatch.setattr(rows, "wall_rows", _recorder(rows.wall_rows))
    monkeypatch.setattr(rows, "wall_lines", _recorder(rows.wall_lines))
    monkeypatch.setattr(rows, "game_lines", _recorder(rows.game_lines))
    monkeypatch.setattr(rows, "board_rows", _recorder(rows.board_rows))
    monkeypatch.setattr(rows, "crosstable_rows", _recorder(rows.crosstable_rows))
    monkeypatch.setattr(rows, "explanation_sections", _recorder(rows.explanation_sections))
    monkeypatch.setattr(rows, "standings_rows", _recorder(rows.standings_rows))
    monkeypatch.setattr(rows, "round_links", _recorder(rows.round_links))
    monkeypatch.setattr(rows, "round_sections", _recorder(rows.round_sections))
    monkeypatch.setattr(rows, "round_lines", _recorder(rows.round_lines))
    render.environment.cache_clear()
    envs = {}
    for demo in DEMOS:
        season = load_season(demo)
        render_pages(season)
        for code in season.languages or (season.language,):
            envs[code, season.digits] = render.environment(code, season.digits)
    assert {"en", "ru", "ar", "zh_Hans"} <= {code for code, _ in envs}
    yield list(envs.values())
    render.environment.cache_clear()


def test_tiebreak_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    lines = []
    for env in demo_envs:
        macro = env.get_template("partials/tiebreaks.html").module.tiebreak_line
        write = env.globals["tiebreak_rows"]
        for (group,) in list(write.seen):
            assert str(write(group)) + "\n" == "".join(str(macro(line)) for line in group)
            lines += group
    # the demos hold every kind of line: cut or not, with and without an opponent or score
    assert any(line.cut for line in lines) and any(not line.cut for line in lines)
    assert any(line.opponent is None for line in lines)
    assert any(line.score is None or line.result is None for line in lines)
    # (a round robin's player pages write their rows from the standings instead:
    # pages/bodies.py, held to the template's pages by test_frames.py)
    assert len(lines) > 500


def test_games_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    from leaguegen.site.pages.round_robin import GameLines

    games, kinds = [], set()
    for env in demo_envs:
        module = env.get_template("partials/games.html").module
        result = env.get_template("partials/symbols.html").module.result
        write = env.globals["games_rows"]
        # a round robin's player pages write their games from lines (game_lines): those
        # games, as PlayerGames
        groups = [(group, swiss) for group, swiss, _ in write.seen] + [
            (GameLines(list(players), list(lines)).games(), False)
            for players, lines, _ in env.globals["game_lines"].seen]
        for group, swiss in groups:
            expected = "".join(str(module.game_row(g, swiss)) for g in group)
            assert str(write(group, swiss, result)) + "\n" == expected
            games += group
            kinds.add(swiss)
    assert kinds == {True, False}  # Swiss pages and the others
    assert any(g.opponent is None for g in games) and any(g.note for g in games)
    assert any(getattr(g, "withdrew", False) for g in games)
    assert {g.colour for g in games} >= {"w", "b", ""}
    assert len(games) > 500


def test_game_lines_match_the_template_macro_on_every_demo(demo_envs) -> None:
    from leaguegen.site.pages.round_robin import GameLines

    games = []
    for env in demo_envs:
        macro = env.get_template("partials/games.html").module.game_row
        result = env.get_template("partials/symbols.html").module.result
        write, rows_of = env.globals["game_lines"], env.globals["games_rows"]
        for players, lines, _ in list(write.seen):
            group = GameLines(list(players), list(lines)).games()
            expected = "".join(str(macro(g, False)) for g in group)
            assert write(players, lines, result) + "\n" == expected
            assert str(rows_of(group, False, result)) + "\n" == expected
            games += group
    assert any(g.opponent is None for g in games) and any(g.note for g in games)
    assert any(g.withdrew for g in games)
    assert {g.colour for g in games} >= {"w", "b", ""}
    assert len(games) > 400


def test_wall_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    from leaguegen.site.pages.alphabetical import RoundLines

    lines = []
    for env in demo_envs:
        macro = env.get_template("partials/wall.html").module.wall_row
        write = env.globals["wall_rows"]
        # the A-Z pages write their rows from lines (wall_lines): their rows, as WallRows
        groups = [group for (group,) in write.seen] + [
            RoundLines(list(players), list(rows_)).wall_rows()
            for players, rows_ in env.globals["wall_lines"].seen]
        for group in groups:
            assert str(write(group)) + "\n" == "".join(str(macro(row)) for row in group)
            lines += group
    assert {row.colour for row in lines} >= {"w", "b", ""}
    assert any(row.note and row.opponent is None for row in lines)  # a free round, a bye
    assert len(lines) > 500


def test_wall_lines_match_the_template_macro_on_every_demo(demo_envs) -> None:
    from leaguegen.site.pages.alphabetical import RoundLines

    rows_seen = []
    for env in demo_envs:
        macro = env.get_template("partials/wall.html").module.wall_row
        write = env.globals["wall_lines"]
        for players, lines in list(write.seen):
            group = RoundLines(list(players), list(lines)).wall_rows()
            assert write(players, lines) + "\n" == "".join(str(macro(row)) for row in group)
            rows_seen += group
    assert {row.colour for row in rows_seen} >= {"w", "b", ""}
    assert any(row.note and row.opponent is None for row in rows_seen)  # a free round, a bye
    assert len(rows_seen) > 500


def test_board_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    boards = []
    for env in demo_envs:
        module = env.get_template("partials/rounds.html").module
        write = env.globals["board_rows_of"]
        # a round robin's rounds pages write their boards from lines (round_lines):
        # those boards too, as Boards
        groups = list(write.seen) + [
            (rnd.boards, who, result)
            for lines, _, _, who, result in env.globals["round_lines"].seen
            for rnd in lines.views() if rnd.boards]
        for group, who, result in groups:
            expected = "".join(str(module.board_row(b)) + "\n" for b in group)
            assert str(write(group, who, result)) + "\n" == expected
            boards += group
    # played, pending and withdrawn boards, players with and without a rating or title
    assert any(b.result for b in boards) and any(not b.result for b in boards)
    assert any(b.withdrew for b in boards)
    assert any(b.white.rating is None for b in boards)
    assert any(b.white.title for b in boards)
    assert len(boards) > 300


def test_round_sections_match_the_template_macro_on_every_demo(demo_envs) -> None:
    rounds = []
    for env in demo_envs:
        module = env.get_template("partials/rounds.html").module
        write = env.globals["rounds_of"]
        for group, heading, head, who, result in list(write.seen):
            views = group.views() if hasattr(group, "lines") else group
            expected = "".join(str(module.round(rnd)) for rnd in views)
            assert str(write(group, heading, head, who, result)) == expected
            assert str(write(views, heading, head, who, result)) == expected
            rounds += views
    # rounds with a player sitting out and without, with and without boards and a date
    assert any(r.sitting_out for r in rounds) and any(not r.sitting_out for r in rounds)
    assert any(r.date for r in rounds) and any(r.boards for r in rounds)
    assert len(rounds) > 30


def test_round_lines_match_the_template_macro_on_every_demo(demo_envs) -> None:
    rounds = []
    for env in demo_envs:
        module = env.get_template("partials/rounds.html").module
        write = env.globals["round_lines"]
        for lines, heading, head, who, result in list(write.seen):
            views = lines.views()
            expected = "".join(str(module.round(rnd)) for rnd in views)
            assert str(write(lines, heading, head, who, result)) == expected
            rounds += views
    boards = [b for r in rounds for b in r.boards]
    assert any(r.sitting_out for r in rounds) and any(not r.sitting_out for r in rounds)
    assert any(b.withdrew for b in boards) and any(not b.result for b in boards)
    assert any(b.white.title for b in boards)
    assert len(rounds) > 30


def test_crosstable_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    rows_seen = []
    for env in demo_envs:
        macro = env.get_template("partials/crosstable.html").module.crosstable_row
        write = env.globals["crosstable_rows_of"]
        for group, result, *note in list(write.seen):
            assert str(write(group, result, *note)) + "\n" == "".join(
                str(macro(row, *note)) for row in group)
            rows_seen += group
    cells = [g for row in rows_seen for games in row.cells for g in games]
    # withdrawn rows, rows kept out of the standings (void cells), unranked rows, games
    # lost to a withdrawal, pending games, double round robins (two games in a cell)
    assert any(row.withdrawn for row in rows_seen) and any(row.rank is None for row in rows_seen)
    # totals the standings count lower (the footnote mark), among them one counted as 0
    assert any(row.counted for row in rows_seen) and any(row.counted == 0 for row in rows_seen)
    assert any(not g.counted for g in cells) and any(g.withdrew for g in cells)
    assert any(not g.text for g in cells) and {g.colour for g in cells} >= {"w", "b"}
    assert any(len(games) > 1 for row in rows_seen for games in row.cells)
    assert len(cells) > 500


def test_explanation_sections_match_the_template_macro_on_every_demo(demo_envs) -> None:
    views = []
    for env in demo_envs:
        macro = env.get_template("partials/tiebreaks.html").module.explanation
        write = env.globals["explanation_sections"]
        for group, head in list(write.seen):
            expected = "".join(str(macro(tb, i)) for i, tb in enumerate(group, start=1))
            assert str(write(group, head)) == expected
            views += group
    # tiebreaks with and without lines (a count has none), and with no value
    assert any(tb.lines for tb in views) and any(not tb.lines for tb in views)
    assert len({tb.code for tb in views}) >= 5
    assert len(views) > 300


def test_standings_rows_match_the_template_macro_on_every_demo(demo_envs) -> None:
    seen, flags = [], set()
    for env in demo_envs:
        macro = env.get_template("partials/standings.html").module.standings_row
        write = env.globals["standings_rows_of"]
        for group, fed, rp, decimal in list(write.seen):
            expected = "".join(str(macro(row, fed, rp, decimal)) for row in group)
            assert str(write(group, fed, rp, decimal)) + "\n" == expected
            seen += group
            flags.add((bool(fed), bool(rp)))
    # with and without the federation column; shared, unranked and
    # withdrawn rows, rows decided by a tiebreak, provisional values, values not shown
    assert len(flags) >= 2
    assert any(row.shared for row in seen) and any(row.rank is None for row in seen)
    assert any(row.withdrawn for row in seen) and any(row.decided_by for row in seen)
    assert any(any(row.provisional) for row in seen)
    assert any(v == "" for row in seen for v in row.values)
    assert any(row.player.title for row in seen)
    assert len(seen) > 200


def test_round_links_match_the_template_macro_on_every_demo(demo_envs) -> None:
    pagers = []
    for env in demo_envs:
        macro = env.get_template("partials/wall.html").module.round_link
        write = env.globals["round_links_of"]
        for group, current in list(write.seen):
            expected = "".join(str(macro(r, current)) for r in group)
            assert str(write(group, current)) == expected
            pagers.append((group, current))
    # every round's page has its own link current
    assert all(any(r.number == current for r in group) for group, current in pagers)
    assert len({current for _, current in pagers}) > 5
    assert len(pagers) > 20
