"""A Double-Swiss section has a page per player, as a Swiss does: each of their matches on
one line (both colours, both results from the player's side, the match score), their
byes (asked for or allocated) and withdrawal."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main

SEASON = """\
name: Winter Double-Swiss
sections:
  - id: ds
    name: Winter Double-Swiss
    format: double_swiss
    number_of_rounds: 3
    players: [Ann Able, Bo Bell, Cy Cole, Di Dunn, Ed Eng]
    byes_requested:
      - {player: Di Dunn, round: 2, bye: half}
    withdrawals:
      - {player: Ed Eng, after_round: 2}
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Di Dunn: 1-0 ½-½
          - Ed Eng - Bo Bell: 0-1 0-1
          - Cy Cole: bye
      - date: 2026-02-12
        results:
          - Bo Bell - Ann Able: ½-½
          - Cy Cole - Ed Eng: 1-0 +-
"""


def built(tmp_path: Path) -> Path:
    (tmp_path / "season").mkdir()
    (tmp_path / "season" / "season.yaml").write_text(SEASON, encoding="utf-8")
    got = CliRunner().invoke(main, ["build", str(tmp_path / "season"), "--out",
                                    str(tmp_path / "site"), "--no-pdf", "-q"])
    assert got.exit_code == 0, got.output
    return tmp_path / "site" / "ds" / "players"


def rows(page: str) -> list[str]:
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    return [line.strip() for line in body.splitlines() if line.strip().startswith("<tr>")]


def test_each_match_is_one_line_from_the_player_s_side(tmp_path: Path) -> None:
    pages = built(tmp_path)
    ed = (pages / "ed-eng.html").read_text(encoding="utf-8")
    first, second = rows(ed)
    assert '<span class="g w">White</span> <span class="g b">Black</span>' in first
    assert "<bdi>Bo Bell</bdi></a></td><td>0-1</td><td>0-1</td><td>0–2</td>" in first
    # Ed was second on the line 'Cy Cole - Ed Eng: 1-0 +-': read from his side
    assert '<span class="g b">Black</span> <span class="g w">White</span>' in second
    assert "<bdi>Cy Cole</bdi></a></td><td>0-1</td><td>-+</td><td>0–2</td>" in second
    assert "Withdrew after round 2." in ed
    assert "<dt>Match points</dt><dd>0</dd>" in ed


def test_byes_and_a_match_still_being_played(tmp_path: Path) -> None:
    pages = built(tmp_path)
    di = rows((pages / "di-dunn.html").read_text(encoding="utf-8"))
    assert "<td>0-1</td><td>½-½</td><td>½–1½</td>" in di[0]
    assert "Half-point bye" in di[1]  # asked for in advance
    assert "Pairing-allocated bye" in rows((pages / "cy-cole.html").read_text())[0]
    ann = rows((pages / "ann-able.html").read_text(encoding="utf-8"))
    assert "<bdi>Bo Bell</bdi></a></td><td>½-½</td><td>" in ann[1]
    assert "not played yet</span></td><td></td></tr>" in ann[1]  # no match score yet
