"""The game pages of the Swiss demo (docs/games.md): a page per game of its PGN files, linked
from its board on the round page and from both players' game rows, each round's PGN beside
the pages as the season has it, the final position drawn by a template as an SVG (64
squares, a piece per piece of the FEN) with its description in text; in every language."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from leaguegen.formats import pgn_moves
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from tests.swiss_demo import SWISS_DEMO

GAMES = {"round-1-board-1", "round-1-board-2", "round-1-board-3", "round-1-board-6",
         "round-2-board-1", "round-2-board-2", "round-2-board-3", "round-3-board-1",
         "round-3-board-4"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("chess")
    out = tmp_path_factory.mktemp("games") / "_site"
    build_site(SWISS_DEMO, out, pdf=False)
    return out


def test_a_page_per_game_and_each_rounds_pgn_as_the_season_has_it(site: Path) -> None:
    folder = site / "open" / "games"
    assert {p.stem for p in folder.glob("*.html")} == GAMES
    for n in (1, 2, 3):
        source = SWISS_DEMO / "games" / "open" / f"round-{n}.pgn"
        assert (folder / f"round-{n}.pgn").read_bytes() == source.read_bytes()
    assert not (folder / "round-4.pgn").exists()


def test_the_game_page_has_its_moves_players_round_and_final_position(site: Path) -> None:
    html = (site / "open" / "games" / "round-1-board-3.html").read_text(encoding="utf-8")
    # Réti - Tartakower, Vienna 1910, with the demo's names: 11 moves, mate by the bishop
    assert "<bdi>Rohan Mehta</bdi> – <bdi>Arjun Pillai</bdi>" in html
    moves = re.findall(r'<span class="move-number">(\d+)\.</span> <span class="san">([^<]+)'
                       r'</span>(?: <span class="san">([^<]+)</span>)?', html)
    assert moves[0] == ("1", "e4", "c6") and moves[-1] == ("11", "Bd8#", "")
    assert len(moves) == 11
    assert 'href="../round-1.html"' in html and 'href="../../open/games/round-1.pgn"' in html
    assert 'href="../../open/players/rohan-mehta.html"' in html
    assert 'href="../../open/players/arjun-pillai.html"' in html
    fen = "rnbB1b1r/ppk2ppp/2p5/4q3/4n3/8/PPP2PPP/2KR1BNR b - - 3 11"
    assert f"<code dir=\"ltr\">{fen}</code>" in html
    assert "The final position (checkmate)." in html
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert svg.count("<rect ") == 64
    pieces = sum(1 for ch in fen.split()[0] if ch.isalpha())
    assert svg.count('class="piece white"') + svg.count('class="piece black"') == pieces
    assert svg.count('class="piece white"') == sum(1 for ch in fen.split()[0] if ch.isupper())
    # the bishop that mates stands on d8: column 3, row 0 of the drawing
    assert '<text x="157.5" y="24" class="piece white"' in svg
    assert "White: king c1; rook d1, h1; bishop d8, f1; knight g1;" in html
    assert "<script" not in html


def test_boards_and_player_rows_link_their_games(site: Path) -> None:
    round_1 = (site / "open" / "round-1.html").read_text(encoding="utf-8")
    linked = re.findall(r'class="game-link" href="\.\./open/games/(round-1-board-\d+)\.html"',
                        round_1)
    assert linked == ["round-1-board-1", "round-1-board-2", "round-1-board-3",
                      "round-1-board-6"]
    assert 'href="../open/games/round-1.pgn"' in round_1
    assert "games/round-4.pgn" not in (site / "open" / "round-4.html").read_text("utf-8")
    # Rohan Mehta played boards 3, 3 and 4 of rounds 1-3, each with a game
    player = (site / "open" / "players" / "rohan-mehta.html").read_text(encoding="utf-8")
    assert re.findall(r'class="game-link" href="\.\./\.\./open/games/([^"]+)\.html"',
                      player) == ["round-1-board-3", "round-2-board-3", "round-3-board-4"]
    others = (site / "open" / "players" / "megan-hughes.html").read_text(encoding="utf-8")
    assert "game-link" not in others  # no game of hers is in the files


@pytest.mark.parametrize("code,words", [("ru", ("Итоговая позиция", "Ходы", "король c1")),
                                        ("zh_Hans", ("终局局面", "着法", "王 c1")),
                                        ("ar", ("الوضع النهائي", "النقلات", "ملك c1"))])
def test_the_game_page_in_each_language(code: str, words: tuple[str, ...]) -> None:
    pytest.importorskip("chess")
    season = load_season(SWISS_DEMO)
    season = dataclasses.replace(season, language=code, languages=(code,))
    pages, _ = render_pages(season)
    html = pages["open/games/round-1-board-3.html"]
    for word in words:
        assert word in html


def test_a_second_language_links_the_one_pgn_at_the_sites_root(tmp_path: Path) -> None:
    folder = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, folder)
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    (folder / "season.yaml").write_text(text.replace("organiser:", "languages: [en, ru]\n"
                                                     "organiser:", 1), encoding="utf-8")
    out = tmp_path / "_site"
    build_site(folder, out, pdf=False)
    ru = (out / "ru" / "open" / "games" / "round-2-board-1.html").read_text(encoding="utf-8")
    assert 'href="../../../open/games/round-2.pgn"' in ru
    assert (out / "open" / "games" / "round-2.pgn").is_file()
    assert not (out / "ru" / "open" / "games" / "round-2.pgn").exists()


def test_without_the_extra_the_page_shows_the_moves_and_says_why_no_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgn_moves, "available", lambda: False)
    pages, _ = render_pages(load_season(SWISS_DEMO))
    html = pages["open/games/round-1-board-1.html"]
    assert "<svg" not in html and "FEN:" not in html
    assert "optional games extra (python-chess)" in html
    assert '<span class="san">Rd8#</span>' in html


def test_a_round_robins_boards_and_player_rows_link_their_games(tmp_path: Path) -> None:
    """A round robin lists a round in its Berger order, not in the order the file writes
    the results (the order a game page is numbered by): the link is found by the players,
    so the board that links is the one of that game, and only it."""
    from tests.conftest import ROOT

    season = tmp_path / "league"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", season)
    (season / "games" / "premier").mkdir(parents=True)
    (season / "games" / "premier" / "round-1.pgn").write_text(
        '[Event "Riverside"]\n[Round "1"]\n[White "Hannah Lindqvist"]\n'
        '[Black "Siobhan Murphy"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n", encoding="utf-8")
    out = tmp_path / "site"
    build_site(season, out, pdf=False, cache_dir=tmp_path / "cache")
    rounds = (out / "premier" / "rounds.html").read_text(encoding="utf-8")
    links = re.findall(r'<tr>(?:(?!</tr>).)*class="game-link" href="([^"]+)"', rounds, re.S)
    assert links == ["../premier/games/round-1-board-2.html"]
    row = re.search(r"<tr>((?:(?!</tr>).)*class=\"game-link\"(?:(?!</tr>).)*)</tr>", rounds,
                    re.S)
    assert row and "Hannah Lindqvist" in row.group(1) and "Siobhan Murphy" in row.group(1)
    assert (out / "premier" / "games" / "round-1-board-2.html").is_file()
    for player in ("hannah-lindqvist", "siobhan-murphy"):
        page = (out / "premier" / "players" / f"{player}.html").read_text(encoding="utf-8")
        assert page.count('class="game-link"') == 1
        assert 'href="../../premier/games/round-1-board-2.html"' in page
    other = (out / "premier" / "players" / "eleanor-whitfield.html").read_text("utf-8")
    assert 'class="game-link"' not in other
