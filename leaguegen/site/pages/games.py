"""A page per game of a section's PGN files (``games/<id>/round-<N>.pgn``, matched to the
pairings by ``domain/games.py``), and each round's file as an output beside the pages.

The final position is drawn as an SVG with a text description and the FEN, so no script
is needed under the site's Content-Security-Policy.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from leaguegen.domain.games import MatchedGame, Square, board_of, game_index, move_pairs
from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections import SectionFacts
from leaguegen.site.outputs import Files, Output
from leaguegen.site.pages.common import N_, Frame, PlayerLink, frame, player_links
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.render import render

# The tags the page shows as facts (as the PGN names them); the others are in the PGN
# download (the date is the round's, from the season file).
SHOWN_TAGS = {"Event": N_("Event"), "Site": N_("Site"),
              "ECO": N_("Opening code"), "Opening": N_("Opening"),
              "Annotator": N_("Annotator"), "TimeControl": N_("Time control")}
ENDINGS = {"checkmate": N_("checkmate"), "stalemate": N_("stalemate")}
PIECE_NAMES = {"k": N_("king"), "q": N_("queen"), "r": N_("rook"), "b": N_("bishop"),
               "n": N_("knight"), "p": N_("pawn")}
# the glyphs the board draws (the solid set for both sides, filled by colour; U+FE0E asks
# for the text glyph, not an emoji, of the pawn)
GLYPHS = {"k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d", "n": "\u265e",
          "p": "\u265f\ufe0e"}


def game_page_path(section: Section, round_no: int, board: int) -> str:
    return f"{section.id}/games/round-{round_no}-board-{board}.html"


def pgn_path(section: Section, round_no: int) -> str:
    return f"{section.id}/games/round-{round_no}.pgn"


def game_links(section: Section, root: str) -> dict[tuple[int, int], str]:
    """The game page's link of each (round, board) that has one, from a page ``root``."""
    return {key: root + game_page_path(section, *key) for key in game_index(section.pgn,
                                                                          section)}


def game_links_by_players(section: Section, root: str) -> dict[tuple[int, int, int], str]:
    """The game page's link of each (round, White's number, Black's number) that has one:
    a round robin's pages list a round in its Berger order, not the order the file writes
    the results in (the board a game page is numbered by)."""
    if not section.pgn:
        return {}
    return {(m.round, m.game.white, m.game.black): root + game_page_path(section, *key)
            for key, m in game_index(section.pgn, section).items()}


def pgn_paths(section: Section) -> dict[int, str]:
    """Each round's PGN download by round, from the site's root (language-free: a page
    in a language's folder goes up one more)."""
    return {f.round: pgn_path(section, f.round) for f in section.pgn}


def pgn_files(facts: SeasonFacts, section: Section) -> tuple[Files, None]:
    """Each round's PGN file as the season has it (the section's own: ``facts`` unused)."""
    del facts
    return {pgn_path(section, f.round): f.text.encode("utf-8") for f in section.pgn}, None


PGN_FILES = Output("games", per_section=pgn_files)


@dataclass(frozen=True, slots=True)
class DrawnSquare:
    """A square of the SVG board: ``x``, ``y`` its top-left corner in board units (White
    at the bottom), ``glyph`` the piece's character ("" empty), ``white`` its side."""

    x: int
    y: int
    dark: bool
    glyph: str
    white: bool


@dataclass(frozen=True, slots=True)
class PieceGroup:
    """One side's pieces of a kind on the final board, for the board's text description:
    ``piece`` a PIECE_NAMES msgid, ``squares`` where they stand (``e4, f2``)."""

    piece: str
    squares: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GamePage(Frame):
    """One game (``<id>/games/round-<N>-board-<B>.html``). ``checked``: the moves were
    replayed (the ``games`` extra), so ``squares`` and ``fen`` show the final position;
    else the moves are as the file writes them and the page says so."""

    round: int
    board: int
    date: dt.date | None
    white: PlayerLink
    black: PlayerLink
    result: str  # the season file's result ("1-0", "½-½"); "" not entered yet
    pgn_result: str  # the game's Result ("1-0", "1/2-1/2", "*")
    round_url: str
    pgn_path: str  # the round's PGN from the site's root (``pgn_path``)
    tags: tuple[tuple[str, str], ...]  # (a SHOWN_TAGS msgid, value)
    moves: tuple[tuple[int, str, str], ...]  # (move number, White's, Black's)
    checked: bool
    fen: str
    squares: tuple[DrawnSquare, ...]
    white_pieces: tuple[PieceGroup, ...]
    black_pieces: tuple[PieceGroup, ...]
    to_move: str  # "w" or "b" in the final position; "" unknown
    ending: str = ""  # an ENDINGS msgid when the final position is mate or stalemate


def _drawn(squares: tuple[Square, ...]) -> tuple[DrawnSquare, ...]:
    return tuple(DrawnSquare(s.file, 7 - s.rank, s.dark, GLYPHS.get(s.piece.lower(), ""),
                             s.piece.isupper()) for s in squares)


def _pieces(squares: tuple[Square, ...], white: bool) -> tuple[PieceGroup, ...]:
    out = []
    for kind in "kqrbnp":
        on = sorted((s for s in squares if s.piece and s.piece.lower() == kind
                     and s.piece.isupper() == white), key=lambda s: (s.file, s.rank))
        if on:
            out.append(PieceGroup(PIECE_NAMES[kind], tuple(s.name for s in on)))
    return tuple(out)


def game_page(season: Season, facts: SectionFacts, m: MatchedGame,
              links: tuple[PlayerLink | None, ...]) -> GamePage:
    section = facts.section
    g = m.pgn
    white, black = links[m.game.white], links[m.game.black]
    assert white is not None and black is not None
    squares = board_of(g.fen) if g.checked else ()
    fields = g.fen.split(" ")
    info = section.rounds[m.round - 1] if m.round <= len(section.rounds) else None
    return GamePage(
        **frame(season, facts, "../../"), round=m.round, board=m.board,
        date=info.date if info else None, white=white, black=black,
        result=m.game.result.text if m.game.result else "", pgn_result=g.termination,
        round_url=f"../round-{m.round}.html", pgn_path=pgn_path(section, m.round),
        tags=tuple((SHOWN_TAGS[t.name], t.value) for t in g.tags
                   if t.name in SHOWN_TAGS and t.value not in ("", "?", "????.??.??")),
        moves=move_pairs(g.moves, g.start_fen), checked=g.checked, fen=g.fen,
        squares=_drawn(squares), white_pieces=_pieces(squares, True),
        black_pieces=_pieces(squares, False),
        to_move=fields[1] if g.checked and len(fields) > 1 else "",
        ending=ENDINGS.get(g.ending, ""))


def games_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    """The game pages (the PGN files are :data:`PGN_FILES`, written once, not per language)."""
    section = facts.section
    if not section.pgn:
        return {}
    out: dict[str, str] = {}
    links = player_links(section, "../../")
    for (round_no, board), m in sorted(game_index(section.pgn, section).items()):
        out[game_page_path(section, round_no, board)] = render(
            "games/game.html", game_page(season, facts, m, links), season.language)
    return out


register_section_pages(games_pages)
