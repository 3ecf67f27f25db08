"""What the pages say is what the rules say: labels on the right player, results that do not
count marked, DE shown as points and marked provisional, and addresses that stay."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from leaguegen.domain.model import Player
from leaguegen.domain.season import Section
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import urls
from leaguegen.site.build import render_pages
from tests.conftest import DEMO, ROOT

REPRO = ROOT.parent / "shared" / "data" / "repro"


def _cells(html: str) -> list[list[str]]:
    """The standings table's body: each row's cells as text."""
    table = html[html.index('<table class="standings">'):]
    body = table[table.index("<tbody>"): table.index("</tbody>")]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", td)).strip()
             for td in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def _rows(html: str) -> list[str]:
    return [" ".join(cells) for cells in _cells(html)]


@pytest.fixture(scope="module")
def riverside() -> dict[str, str]:
    return render_pages(load_season(DEMO))[0]


def test_ahead_on_sits_on_the_player_the_tiebreak_put_above_the_next(riverside) -> None:
    rows = _cells(riverside["premier/index.html"])
    on_four = [r for r in rows if r[4] == "4"]  # rank, player, federation, rating, points...
    assert len(on_four) == 4
    assert ["ahead on DE" in r[1] for r in on_four] == [True, True, True, False]
    assert "placed a player above the next one on the same points" in riverside[
        "premier/index.html"]


def test_school_quads_last_player_of_a_group_reads_no_label() -> None:
    pages = render_pages(load_season(ROOT / "seasons" / "school-quads-2026"))[0]
    group = next(p for path, p in pages.items() if path.endswith("group-2/index.html"))
    assert "ahead on" not in _rows(group)[-1]


def test_results_that_do_not_count_are_marked_and_both_totals_shown(riverside) -> None:
    html = riverside["premier/index.html"]
    assert html.count('class="g w void"') + html.count('class="g b void"') > 3
    assert "struck through: does not count in the standings" in html
    priya = riverside["premier/players/priya-raman.html"]
    assert re.search(r"<strong>5</strong> from \d+ games played; 4 in the standings", priya)


def test_de_is_points_among_the_tied_and_provisional_mid_season(tmp_path: Path) -> None:
    source = REPRO / "w4-de-not-all-met"
    if not source.is_dir():
        pytest.skip("../shared is absent")
    folder = tmp_path / "w4"
    shutil.copytree(source, folder)
    season_file = folder / "season.yaml"
    head, rest = season_file.read_text().split("\n", 1)
    key, value = head.split(": ", 1)
    season_file.write_text(f'{key}: "{value}"\n{rest}')
    html = render_pages(load_season(folder))[0]["rr/index.html"]
    rows = _cells(html)
    tied = [r for r in rows if r[3] == "1"]  # rank, player, rating, points: four on 1
    assert len(tied) == 4 and all(r[5].endswith("*") for r in tied), rows  # the DE cell
    assert [r[5] for r in tied] == ["1 *", "1 *", "0 *", "0 *"]  # points among the four
    assert "Provisional: those players have not all met yet" in html
    assert "DE: the points a player scored in the games between the players tied" in html


def _section(*names: str, ids: tuple[str | None, ...] = ()) -> Section:
    players = tuple(Player(n, id=(ids[i] if i < len(ids) else None))
                    for i, n in enumerate(names))
    return Section(id="open", name="Open", format="round_robin", players=players, rounds=(),
                   games=())


def test_player_addresses_come_from_names_in_any_script() -> None:
    s = _section("Priya Raman", "王浩然", "يوسف الحسن", "Con", "José  O'Neil", "Ann Able",
                 "ANN ABLE")
    assert [urls.player(s, i) for i in range(1, 8)] == [
        "open/players/priya-raman.html", "open/players/王浩然.html",
        "open/players/يوسف-الحسن.html", "open/players/con-1.html",
        "open/players/josé-o-neil.html", "open/players/ann-able.html",
        "open/players/ann-able-2.html"]
    fixed = _section("王浩然", "李思雨", ids=("wang", None))
    assert urls.player(fixed, 1) == "open/players/wang.html"


def test_a_late_entry_moves_no_ones_address(tmp_path: Path) -> None:
    """Pairing numbers change when a player is added in the middle; addresses do not."""
    before = _section("Ann", "Bob", "Cat")
    after = _section("Ann", "Zed", "Bob", "Cat")
    assert urls.player(before, 2) == urls.player(after, 3) == "open/players/bob.html"
    assert urls.player(after, 2) == "open/players/zed.html"


def test_clashing_page_names_warn_and_duplicate_ids_are_errors(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from leaguegen.cli import main

    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "season.yaml").write_text(
        "name: T\nsections:\n  - id: rr\n    name: RR\n    format: round_robin\n"
        "    players: [\"Ann Able\", \"Ann-Able\", Cat]\n")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0 and "would share a page address" in result.output
    (folder / "season.yaml").write_text(
        "name: T\nsections:\n  - id: rr\n    name: RR\n    format: round_robin\n"
        "    players:\n      - {name: Ann, id: x}\n      - {name: Bob, id: x}\n      - Cat\n")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2 and "id 'x' is also Ann's page" in result.output
