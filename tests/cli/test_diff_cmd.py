"""`leaguegen diff SEASON [REV]`: the working tree against a revision, in words, on demo
seasons in scratch git repositories changed by leaguegen's own chores."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli.diff_cmd import describe
from leaguegen.domain.changes import RESULT, Change
from leaguegen.domain.season_diff import SeasonDiff, SectionDiff
from tests.conftest import ROOT

ENV = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
       "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, env=ENV, check=True, capture_output=True)


def _repo(tmp_path: Path, demo: str) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "club"
    shutil.copytree(ROOT / "seasons" / demo, repo / "season")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "season")
    return repo


def _cli(*args: str):  # noqa: ANN202
    return CliRunner().invoke(main, list(args))


def test_results_corrections_and_withdrawals_in_words(tmp_path: Path) -> None:
    season = _repo(tmp_path, "riverside-2026") / "season"
    assert _cli("diff", str(season)).output == "No change to results, pairings or players.\n"
    assert _cli("result", str(season), "--from-report",
                str(ROOT / "tests/data/reports/good.md")).exit_code == 0
    assert _cli("result", str(season), "Mei Lin - Patrick O'Brien", "1-0", "--section",
                "rapid", "--round", "8", "--correct").exit_code == 0
    assert _cli("withdraw", str(season), "Daniel Reyes", "--section", "premier",
                "--after-round", "6").exit_code == 0
    res = _cli("diff", str(season))
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "  Daniel Reyes withdrew after round 6" in lines
    assert "  round 7: Ines Duarte - Mei Lin 0-1 (new result)" in lines
    assert "  round 8: Mei Lin - Patrick O'Brien corrected from ½-½ to 1-0" in lines
    # Mei Lin's two wins (the report's round 7 and the corrected round 8) move the rapid
    # table: the lead changes hands and she passes Samuel Osei
    assert ("  standings: Nadia Petrova 2. → 1., Patrick O'Brien 1. → 2., Mei Lin 5. → 4.,"
            " Samuel Osei 4. → 5.") in lines
    assert [line for line in lines if not line.startswith("  ")] == [
        "Premier (premier):", "Thursday Rapidplay (rapid):"]
    md = _cli("diff", str(season), "HEAD", "--markdown").output
    assert "**Thursday Rapidplay** (`rapid`)" in md
    assert "- round 7: Ines Duarte - Mei Lin 0-1 (new result)" in md


def test_new_pairings_are_listed_in_board_order(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "thursday-swiss-2026")
    path = repo / "season" / "season.yaml"
    full = path.read_text(encoding="utf-8")
    cut = full.index("      - date: 2026-10-29")  # the last round, paired, unplayed
    path.write_text(full[:cut], encoding="utf-8")
    _git(repo, "commit", "-q", "-a", "-m", "before the last pairing")
    path.write_text(full, encoding="utf-8")
    lines = _cli("diff", str(repo / "season")).output.splitlines()
    assert lines[0] == "Thursday Open (open):"
    assert lines[1].startswith("  round 5 paired: Alexei Morozov - Patrick Doyle, David Kim -"
                               " Grace Holloway, ")  # the file's order


def test_a_revision_that_is_not_there_is_refused(tmp_path: Path) -> None:
    season = _repo(tmp_path, "riverside-2026") / "season"
    for rev in ("nosuch", "-x"):
        res = _cli("diff", str(season), "--", rev)
        assert res.exit_code == 2
        assert "revision" in res.output
    assert not (season / "x").exists()


def test_markdown_escapes_names() -> None:
    diff = SeasonDiff((SectionDiff("a", "A *league*", (
        Change(RESULT, 1, ("[x](http://e)", "B_c"), None, "1-0"),)),))
    text = describe(diff, markdown=True)
    assert "**A \\*league\\*** (`a`)" in text
    assert "- round 1: \\[x\\]\\(http://e\\) - B\\_c 1-0 (new result)" in text


def test_standings_moves_name_players_coming_into_and_out_of_the_table() -> None:
    diff = SeasonDiff((SectionDiff("a", "A", (Change(RESULT, 1, ("X", "Y"), None, "1-0"),),
                                   moves=(("X", 2, 1), ("Y", 1, None), ("Z", None, 3))),))
    assert describe(diff, markdown=False).splitlines()[-1] == (
        "  standings: X 2. → 1., Y out of the table (was 1.), Z now 3.")


def test_the_diff_is_said_in_the_chosen_language(tmp_path: Path) -> None:
    season = _repo(tmp_path, "riverside-2026") / "season"
    assert _cli("result", str(season), "Mei Lin - Patrick O'Brien", "1-0", "--section",
                "rapid", "--round", "8", "--correct").exit_code == 0
    res = _cli("--lang", "ru", "diff", str(season))
    assert res.exit_code == 0, res.output
    # every line in Russian, the standings moves inside their sentence too
    assert "результат исправлен с ½-½ на 1-0" in res.output
    assert "таблица: " in res.output and "теперь" not in res.output
    assert "corrected" not in res.output and "standings" not in res.output
    arabic = _cli("--lang", "ar", "diff", str(season)).output  # the moves: a list of messages
    assert "الترتيب: \u2068Nadia Petrova\u2069 2. → 1.، \u2068Patrick O'Brien\u2069" in arabic
    assert "\\u2068" not in arabic  # each name isolated once, not escaped inside the list
