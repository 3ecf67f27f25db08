"""A season's history from git: a demo copied into a new repository, then a short
scripted history (a result entered, a result corrected, a withdrawal, a late
entry), each a commit with a fixed date; the Changes page and the TRF's ``###``
lines must list exactly those, and without history (no repository, a shallow
clone) there is no list at all."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from leaguegen.formats import git_history
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import pipeline
from leaguegen.site.incremental import MemoryStore
from tests.conftest import ROOT

SWISS = ROOT / "seasons" / "thursday-swiss-2026"
# an awkward place on purpose: spaces, a leading dash, a quote, non-ASCII letters
FOLDER = "-seasons 'ü'/thursday swiss"

if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)


def _git(repo: Path, *args: str, when: str = "2026-10-29T20:00:00+00:00") -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when,
           "GIT_AUTHOR_NAME": "Secretary", "GIT_AUTHOR_EMAIL": "sec@example.org",
           "GIT_COMMITTER_NAME": "Secretary", "GIT_COMMITTER_EMAIL": "sec@example.org",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


STEPS = [  # (date, old text, new text, commit message)
    ("2026-10-30T21:15:00+00:00", "          - Alexei Morozov - Patrick Doyle:\n",
     "          - Alexei Morozov - Patrick Doyle: 1-0\n", "Round 5, board 1"),
    ("2026-10-31T09:00:00+01:00", "          - Helen Carter - Megan Hughes: ½-½\n",
     "          - Helen Carter - Megan Hughes: 1-0\n", "Round 4: the arbiter's correction"),
    ("2026-11-01T10:00:00+00:00", "        reason: moved to Leeds\n",
     "        reason: moved to Leeds\n      - player: Owen Price\n        after_round: 5\n",
     "Owen Price withdraws"),
    ("2026-11-02T18:30:00+00:00", "      - {name: Nadia Haddad, rating: 1420, federation: LBN}\n",
     "      - {name: Nadia Haddad, rating: 1420, federation: LBN}\n"
     "      - {name: Zoe Quinn, rating: 1400, federation: ENG}\n", "Late entry: Zoe Quinn"),
]


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """The demo at FOLDER in a new repository, with the scripted history committed."""
    root = tmp_path_factory.mktemp("club")
    _git(root, "init", "-q", "-b", "main")
    season = root / FOLDER
    shutil.copytree(SWISS, season)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "The season as paired")
    for when, old, new, message in STEPS:
        _edit(season / "season.yaml", old, new)
        _git(root, "commit", "-q", "-am", message, when=when)
    return root


def _site(folder: Path) -> dict[str, bytes]:
    return pipeline.build(load_season(folder), MemoryStore(), pdf=False, source=folder).files


@pytest.fixture(scope="module")
def built(repo: Path) -> dict[str, bytes]:
    return _site(repo / FOLDER)


def _items(html: str) -> list[str]:
    found = re.findall(r"<li>(.*?)</li>", html.split('<ol class="changes"')[1], flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in found]


EXPECTED_PAGE = [
    "Mon 2 November 2026: late entry · Zoe Quinn",
    "Sun 1 November 2026: withdrawal · Owen Price: after round 5",
    "Sat 31 October 2026: result corrected · Round 4 · Helen Carter – Megan Hughes: ½-½ → 1-0",
    "Fri 30 October 2026: result entered · Round 5 · Alexei Morozov – Patrick Doyle: 1-0",
]
EXPECTED_TRF = [
    "### CHANGE 2026/10/30 R5 RESULT 1 Alexei Morozov - 5 Patrick Doyle: 1-0",
    "### CHANGE 2026/10/31 R4 CORRECTED 8 Helen Carter - 16 Megan Hughes: 1/2-1/2 -> 1-0",
    "### CHANGE 2026/11/01 WITHDRAWAL 23 Owen Price: after round 5",
    "### CHANGE 2026/11/02 LATE ENTRY 25 Zoe Quinn",
]


def test_the_changes_page_lists_the_scripted_history(built: dict[str, bytes]) -> None:
    files = built
    page = files["open/changes.html"].decode()
    assert _items(page) == EXPECTED_PAGE
    assert 'href="../open/changes.html"' in files["open/index.html"].decode()  # the tab
    assert "Last updated: <time datetime=\"2026-11-02\">Mon 2 November 2026</time>" in page


def test_the_trf_writes_the_same_changes_as_comment_lines(built: dict[str, bytes]) -> None:
    trf = built["open/open.trf"].decode()
    assert [line for line in trf.splitlines() if line.startswith("### CHANGE")] == EXPECTED_TRF
    assert trf.splitlines()[:4] == EXPECTED_TRF  # they open the file


def test_export_trf_writes_them_too(repo: Path) -> None:
    from click.testing import CliRunner

    from leaguegen.cli import main

    done = CliRunner().invoke(main, ["export", "trf", str(repo / FOLDER), "--section", "open"])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[:4] == EXPECTED_TRF


def test_history_is_read_from_the_repository_and_dated_by_commit(repo: Path) -> None:
    history = git_history.read_history(repo / FOLDER)
    assert history.in_git and not history.shallow and history.commits_read == 5
    assert str(history.updated) == "2026-11-02 18:30:00+00:00"
    (kind, date), *_ = [(c.kind, c.date) for c in history.changes["open"]]
    assert kind == "result" and date.isoformat() == "2026-10-30T21:15:00+00:00"
    assert history.changes["open"][1].date.utcoffset().total_seconds() == 3600  # kept as given


def test_a_version_that_does_not_load_is_skipped(tmp_path: Path) -> None:
    """A broken commit in between is compared with neither neighbour: the change shows once."""
    root = tmp_path / "club"
    shutil.copytree(SWISS, root)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    game = "Helen Carter - Megan Hughes: "
    _edit(root / "season.yaml", game + "½-½", game + "1-O")
    _git(root, "commit", "-q", "-am", "typo", when="2026-10-30T10:00:00+00:00")
    _edit(root / "season.yaml", game + "1-O", game + "1-0")
    _git(root, "commit", "-q", "-am", "fixed", when="2026-10-31T10:00:00+00:00")
    (change,) = git_history.read_history(root).changes["open"]
    assert (change.kind, change.old, change.new, change.date.day) == ("correction", "½-½", "1-0",
                                                                      31)


def test_a_shallow_clone_has_no_list(repo: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    # three commits deep: enough for two comparisons, but a partial history is not shown
    subprocess.run(["git", "clone", "-q", "--depth", "3", repo.as_uri(), str(clone)], check=True,
                   capture_output=True)
    history = git_history.read_history(clone / FOLDER)
    assert history.in_git and history.shallow and history.changes == {}
    assert history.commits_read == 3
    built = pipeline.build(load_season(clone / FOLDER), MemoryStore(), pdf=False,
                           source=clone / FOLDER)
    assert built.notes == [pipeline.SHALLOW_NOTE]  # build tells the organiser why
    files = built.files
    assert "open/changes.html" not in files
    assert "changes.html" not in files["open/index.html"].decode()
    assert b"### CHANGE" not in files["open/open.trf"]


def test_outside_git_the_date_is_the_newest_file_and_there_is_no_list(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    shutil.copytree(SWISS, folder)
    for path in folder.rglob("*"):  # season.yaml and pair's record (pairings/open.json)
        os.utime(path, (1_790_000_000, 1_790_000_000))  # 2026-09-21 UTC
    history = git_history.read_history(folder)
    assert not history.in_git and history.changes == {}
    assert history.updated.date().isoformat() == "2026-09-21"
    files = _site(folder)
    assert "open/changes.html" not in files
    assert '<time datetime="2026-09-21">' in files["index.html"].decode()


def test_the_same_inputs_build_the_same_bytes(repo: Path, built: dict[str, bytes]) -> None:
    assert _site(repo / FOLDER) == built


def test_no_git_at_all_is_no_history(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    history = git_history.read_history(repo / FOLDER)
    assert not history.in_git and history.changes == {} and history.updated is not None


def test_a_second_build_compares_from_the_cache(repo: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons are kept by tree id: with them cached no version is loaded again."""
    store = MemoryStore()
    first = git_history.read_history(repo / FOLDER, cache=store)
    monkeypatch.setattr(git_history, "_SEASONS", {})

    def no_loading(top: Path, tree: str) -> None:
        raise AssertionError(f"tree {tree} loaded again")

    monkeypatch.setattr(git_history, "_load_tree", no_loading)
    assert git_history.read_history(repo / FOLDER, cache=store) == first


def test_the_number_of_commits_read_is_capped(repo: Path) -> None:
    history = git_history.read_history(repo / FOLDER, limit=3)
    assert history.commits_read == 3
    assert [c.kind for c in history.changes["open"]] == ["withdrawal", "late_entry"]
