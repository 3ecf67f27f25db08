"""Hostile or careless season input: refused at its file and line, exit 2, nothing leaked.

The robustness issue's cases: files that are links out of the season, pipes, folders
and loops in news/; bytes that are not UTF-8; impossible news dates; Markdown built to
hang the parser; alias bombs; script URLs; and values the loader must refuse.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.errors import InputError
from leaguegen.formats import files
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.conftest import DEMO, ROOT
from tests.formats.test_season_errors import BASE, write


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(DEMO, folder)
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as err:
        load_season(folder)
    return [str(p) for p in err.value.problems]


def check(folder: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """`leaguegen check` in a child process, so a hang fails the test instead of the suite."""
    return subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", "check", str(folder)],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


# --- confinement: nothing from outside the season folder ---------------------------------

def test_a_news_file_linked_outside_is_refused_not_published(demo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:SECRET-LINE")
    (demo / "news" / "leak.md").symlink_to(secret)
    found = problems(demo)
    assert any("leak.md" in p and "outside the season folder" in p for p in found), found
    with pytest.raises(InputError):
        build_site(demo, tmp_path / "_site", pdf=False)
    assert not (tmp_path / "_site").exists()


def test_a_news_folder_linked_elsewhere_is_refused(demo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(str(demo / "news"), elsewhere)
    (demo / "news").symlink_to(elsewhere, target_is_directory=True)
    found = problems(demo)
    assert any("news" in p and "outside the season folder" in p for p in found), found


def test_links_inside_the_season_are_fine(demo: Path) -> None:
    (demo / "notes").mkdir()
    shutil.move(str(demo / "news" / "2026-09-01-welcome.md"), demo / "notes" / "welcome.md")
    (demo / "news" / "2026-09-01-welcome.md").symlink_to(demo / "notes" / "welcome.md")
    assert len(load_season(demo).news) == 3


def test_a_section_file_or_season_file_linked_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("id: x\nname: X\nformat: round_robin\nplayers: [a, b, c]\n")
    folder = write(tmp_path, "name: T\nsections:\n  - groups/a.yaml\n")
    (folder / "groups").mkdir()
    (folder / "groups" / "a.yaml").symlink_to(outside)
    found = problems(folder)
    assert any("groups/a.yaml" in p and "outside the season folder" in p for p in found), found
    other = tmp_path / "other"
    other.mkdir()
    (other / "season.yaml").symlink_to(tmp_path / "season" / "season.yaml")
    found = problems(other)
    assert any("outside the season folder" in p for p in found), found


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_a_folder_and_a_link_loop_in_news_are_errors_not_hangs(demo: Path) -> None:
    os.mkfifo(demo / "news" / "pipe.md")
    (demo / "news" / "folder.md").mkdir()
    (demo / "news" / "loop-a.md").symlink_to(demo / "news" / "loop-b.md")
    (demo / "news" / "loop-b.md").symlink_to(demo / "news" / "loop-a.md")
    started = time.monotonic()
    result = check(demo, timeout=30)
    assert time.monotonic() - started < 30
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    for name, words in (("pipe.md", "not a regular file"), ("folder.md", "is a folder"),
                        ("loop-a.md", "loop")):
        assert re.search(rf"{name}.*{words}", result.stderr), (name, result.stderr)


def test_an_unreadable_file_is_an_error(tmp_path: Path, monkeypatch) -> None:
    folder = write(tmp_path, BASE)

    def denied(*_args, **_kw):  # noqa: ANN002,ANN003
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.os, "open", denied)
    found = problems(folder)
    assert any("season.yaml" in p and "permission denied" in p for p in found), found


# --- text that is not what it should be ----------------------------------------------------

@pytest.mark.parametrize("where", ["season.yaml", "groups/a.yaml", "news/2026-01-01-a.md"])
def test_bytes_that_are_not_utf8_are_located(tmp_path: Path, where: str) -> None:
    folder = write(tmp_path, "name: T\nsections:\n  - groups/a.yaml\n")
    (folder / "groups").mkdir()
    (folder / "news").mkdir()
    (folder / "groups" / "a.yaml").write_text(
        "id: a\nname: A\nformat: round_robin\nplayers: [Ann, Bob, Cat]\n", encoding="utf-8")
    (folder / "news" / "2026-01-01-a.md").write_text("# Hi\n\nfine\n", encoding="utf-8")
    target = folder / where
    target.write_bytes(target.read_bytes().replace(b"\n", b"\n# caf\xe9 latin-1\n", 1))
    result = check(folder)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert re.search(rf"{re.escape(where)}:2:\d+: is not UTF-8", result.stderr), result.stderr


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    folder = write(tmp_path, BASE)
    path = folder / "season.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_season(folder).name == "Test League"


@pytest.mark.parametrize("name, front, words", [
    ("2026-13-45-x.md", "", "not a date"),
    ("a.md", "date: 2026-02-30\n", "2:7: news date '2026-02-30' is not a date"),
    ("b.md", "date: 20260101\n", "2:7: news date '20260101' is not a date"),
    ("c.md", "date: 2026-01-01 10:00:00\n", "is not a date"),
    ("d.md", "date: [2026]\n", "must be a date"),
    ("e.md", "title: x\nauthor: y\n", "unknown key 'author'"),
])
def test_impossible_news_dates_and_keys_are_errors(demo: Path, name: str, front: str,
                                                   words: str) -> None:
    text = f"---\n{front}---\nBody\n" if front else "Body\n"
    (demo / "news" / name).write_text(text, encoding="utf-8")
    result = check(demo)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert name in result.stderr and words in result.stderr, result.stderr


# --- denial of service ----------------------------------------------------------------------

def test_a_deep_markdown_list_and_a_line_of_brackets_are_refused_fast(demo: Path) -> None:
    deep = "".join("  " * i + "- item\n" for i in range(500))
    (demo / "news" / "deep.md").write_text("# Deep\n\n" + deep, encoding="utf-8")
    (demo / "news" / "brackets.md").write_text("# B\n\n" + "[" * 20000 + "\n", encoding="utf-8")
    started = time.monotonic()
    result = check(demo, timeout=30)
    assert time.monotonic() - started < 20
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "deep.md:" in result.stderr and "nested" in result.stderr
    assert "brackets.md:3:1:" in result.stderr and "'['" in result.stderr


def test_markdown_within_the_limits_renders(demo: Path, tmp_path: Path) -> None:
    lists = "".join("  " * i + "- level\n" for i in range(6))
    (demo / "news" / "2026-12-01-ok.md").write_text(
        "# Fine\n\n" + lists + "\n" + "[a] " * 100 + "\n", encoding="utf-8")
    build_site(demo, tmp_path / "_site", pdf=False)
    assert "level" in (tmp_path / "_site" / "index.html").read_text(encoding="utf-8")


ALIAS_BOMB = "".join(f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join(
    [f"*{chr(96 + i)}"] * 9) + "]\n" for i in range(1, 10))


def test_an_alias_bomb_is_an_error_at_its_line(demo: Path, tmp_path: Path) -> None:
    (demo / "news" / "bomb.md").write_text("---\nz: &a [lol]\n" + ALIAS_BOMB + "---\nhi\n",
                                           encoding="utf-8")
    started = time.monotonic()
    result = check(demo, timeout=30)
    assert time.monotonic() - started < 20
    assert result.returncode == 2 and "bomb.md:3:" in result.stderr and "alias" in result.stderr
    (tmp_path / "plain").mkdir()
    folder = write(tmp_path / "plain", BASE)
    (folder / "season.yaml").write_text(
        (folder / "season.yaml").read_text().replace("name: Test League",
                                                     "name: Test League\nfoo: &n hi\nbar: *n"))
    assert any("season.yaml:3:6: YAML aliases" in p for p in problems(folder))


# --- script in the output --------------------------------------------------------------------

def test_script_urls_never_reach_the_pages(demo: Path, tmp_path: Path) -> None:
    evil = ("[click](javascript:alert(1)) [x](JaVaScRiPt:alert(2)) [d](data:text/html,hi)"
            " [v](vbscript:msgbox) ![i](javascript:alert(3)) <a href=\"javascript:x\">raw</a>"
            " [ok](https://example.org/) [rel](premier/index.html)")
    (demo / "news" / "2026-12-02-evil.md").write_text(f"# Evil\n\n{evil}\n", encoding="utf-8")
    season = demo / "season.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace(
        "description: >\n", f"description: >\n  {evil}\n", 1), encoding="utf-8")
    build_site(demo, tmp_path / "_site", pdf=False)
    home = (tmp_path / "_site" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/"' in home and 'href="premier/index.html"' in home
    pages = list((tmp_path / "_site").rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        for tag, attr, value in _attributes(page.read_text(encoding="utf-8")):
            url = "".join(value.split()).lower()
            assert not url.startswith(("javascript:", "vbscript:", "data:")), (page, tag, attr)
        assert "<script>alert" not in page.read_text(encoding="utf-8")


def _attributes(html: str) -> list[tuple[str, str, str]]:
    """Every attribute of every element, as a browser's parser sees it (entities decoded)."""
    from html.parser import HTMLParser

    found: list[tuple[str, str, str]] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag, attrs):  # noqa: ANN001
            found.extend((tag, k, v or "") for k, v in attrs)

    Collect(convert_charrefs=True).feed(html)
    return found


# --- values the loader must refuse -----------------------------------------------------------

def _rr(players: str, extra: str = "", fmt: str = "round_robin") -> str:
    head = "name: T\n" + extra + "sections:\n"
    section = (f"  - id: open\n    name: Open\n    format: {fmt}\n    players:\n"
               + textwrap.indent(players, "      "))
    return head + section


ZWSP = "\u200b"
REFUSED = {
    "no sections": ("name: T\nsections: ~\n", "2:", "at least one section"),
    "empty sections": ("name: T\nsections: []\n", "2:", "at least one section"),
    "win worth nothing": (_rr("- Ann\n- Bob\n- Cat\n", "scoring: {win: 0, draw: 0, loss: 0}\n"),
                          "2:", "scoring.win must be more than 0"),
    "draw above win": (_rr("- Ann\n- Bob\n- Cat\n", "scoring: {win: 1, draw: 2}\n"),
                       "2:", "loss <= draw <= win"),
    "quads of two": (_rr("- Ann\n- Bob\n", fmt="quads"), "7:", "needs at least 3 players"),
    "duplicate fide id": (_rr("- {name: Ann, fide_id: 123}\n- {name: Bob, fide_id: 123}\n"
                              "- Cat\n"), "8:", "fide_id 123 is also Ann's"),
    "zero-width twin": (_rr(f"- Ann Able\n- Ann{ZWSP} Able\n- Cat\n"), "8:",
                        "looks the same as 'Ann Able'"),
    "case twin": (_rr("- Ann Able\n- ANN ABLE\n- Cat\n"), "8:", "looks the same as"),
    "line break in a name": (_rr('- "Ann\\n001 fake record"\n- Bob\n- Cat\n'), "7:",
                             "control character"),
    "device name con": (_rr("- Ann\n- Bob\n- Cat\n").replace("id: open", "id: con"), "3:",
                        "reserved device name"),
    "device name aux": (_rr("- Ann\n- Bob\n- Cat\n").replace("id: open", "id: aux"), "3:",
                        "reserved device name"),
    "31-digit rating": (_rr("- {name: Ann, rating: 1234567890123456789012345678901}\n"
                            "- Bob\n- Cat\n"), "7:", "is not a chess rating"),
    "huge fide id": (_rr("- {name: Ann, fide_id: 1234567890123456789012345678901}\n"
                         "- Bob\n- Cat\n"), "7:", "too long to be a FIDE ID"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_values_that_must_be_refused(tmp_path: Path, case: str) -> None:
    text, where, words = REFUSED[case]
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2, result.output
    assert f"season.yaml:{where}" in result.output and words in result.output, result.output


# --- YAML syntax messages ---------------------------------------------------------------------

@pytest.mark.parametrize("text, where, words", [
    ('name: "Test League\nsections: []\n', "1:7", "closing quote is missing"),
    ("name: T\nsections: [a, b\nother: 1\n", "2:11", "'[' list that is never closed"),
    ("name: T\nsections:\n\t- a\n", "3:1", "tab character"),
    ('name: T\nkey "value"\nsections: []\n', "2:1", "key without its ':'"),
])
def test_yaml_syntax_errors_point_at_the_line_to_fix(tmp_path: Path, text: str, where: str,
                                                      words: str) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    found = problems(folder)
    assert any(f"season.yaml:{where}:" in p and words in p for p in found), found


def test_a_round_robin_larger_than_any_event_is_refused_at_once(tmp_path: Path) -> None:
    """A 5,000-player round robin is an error at its line, before any schedule is built;
    past FIDE's 30-player tables a warning, and check still passes."""
    for n, code, words in ((5000, 2, "leaguegen plays round robins of up to 100 players"),
                           (40, 0, "warning: section 'big' is a round robin of 40 players")):
        folder = tmp_path / f"rr{n}"
        folder.mkdir()
        (folder / "season.yaml").write_text(
            "name: Big\nsections:\n  - id: big\n    name: Big\n    format: round_robin\n"
            "    players:\n" + "".join(f"      - P{i:05d}\n" for i in range(n)))
        started = time.monotonic()
        result = CliRunner().invoke(main, ["check", str(folder)])
        assert time.monotonic() - started < 30
        assert result.exit_code == code, result.output
        assert "season.yaml:7:7: " in result.output and words in result.output, result.output
