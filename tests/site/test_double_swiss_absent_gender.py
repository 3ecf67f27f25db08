"""A Double-Swiss "absent" agrees with the player in Arabic (issue 30): «غائبة» for a
woman, «غائب» for a man, the verbal noun «غياب» when the sex is not given, on the round's
page and on the player's page; the player's own withdrawal note agrees too."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main

SEASON = """\
name: بطولة الشتاء
language: ar
sections:
  - id: ds
    name: السويسري المزدوج
    format: double_swiss
    number_of_rounds: 3
    players:
      - {name: Ann Able, sex: w}
      - {name: Bo Bell, sex: m}
      - {name: Cy Cole, sex: w}
      - {name: Di Dunn, sex: m}
      - {name: Eva East, sex: w}
      - {name: Finn Ford, sex: m}
      - {name: Gale Gray}
    withdrawals:
      - {player: Eva East, after_round: 1}
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Bo Bell: 1-0 ½-½
          - Cy Cole - Di Dunn: 0-1 0-1
          - Eva East: absent
          - Finn Ford: absent
          - Gale Gray: absent
"""
WORDS = {"Eva East": "غائبة", "Finn Ford": "غائب", "Gale Gray": "غياب"}


def _site(tmp_path: Path) -> Path:
    (tmp_path / "season").mkdir()
    (tmp_path / "season" / "season.yaml").write_text(SEASON, encoding="utf-8")
    got = CliRunner().invoke(main, ["build", str(tmp_path / "season"), "--out",
                                    str(tmp_path / "site"), "--no-pdf", "-q"])
    assert got.exit_code == 0, got.output
    return tmp_path / "site" / "ds"


def _cell_after(page: str, name: str) -> str:
    """The text of the row's cell after the player's name (a round without a game)."""
    found = re.search(rf"<bdi>{name}</bdi></td><td colspan=\"4\"[^>]*>([^<]*)</td>", page)
    assert found, name
    return found.group(1)


def test_absent_agrees_with_the_player_on_the_rounds_page(tmp_path: Path) -> None:
    site = _site(tmp_path)
    pages = "".join(p.read_text(encoding="utf-8") for p in site.glob("*.html"))
    for name, word in WORDS.items():
        assert _cell_after(pages, name) == word


def test_absent_and_the_withdrawal_agree_on_the_players_page(tmp_path: Path) -> None:
    players = _site(tmp_path) / "players"
    eva = (players / "eva-east.html").read_text(encoding="utf-8")
    assert 'class="meta">غائبة</td>' in eva
    assert "انسحبت بعد الجولة" in eva  # she withdrew: the feminine verb
    finn = (players / "finn-ford.html").read_text(encoding="utf-8")
    assert 'class="meta">غائب</td>' in finn
    assert 'class="meta">غياب</td>' in (players / "gale-gray.html").read_text(encoding="utf-8")
