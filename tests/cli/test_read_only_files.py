"""A season file its owner made read-only, or one that is not this user's, is never replaced.

Every chore writes through ``files.write_atomic``, a rename over the file, which needs only
the folder's write bit: before the guard, a ``chmod 444`` season.yaml was replaced (exit 0)
and, run by another user, changed hands. Each command must refuse with exit 2 and leave the
file's bytes, mode and owner as they were (issue 26).
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats import files
from tests.conftest import ROOT

DEMO = "thursday-swiss-2026"
# A chore that succeeds on a writable copy of the demo, each writing season.yaml.
CHORES = {
    "result": ["result", "--section", "open", "Alexei Morozov - Patrick Doyle", "1-0"],
    "withdraw": ["withdraw", "--section", "open", "Mei Lin", "--after-round", "5"],
    "enter": ["enter", "--section", "open", "Zed Zee", "--rating", "1500"],
    "bye": ["bye", "--section", "open", "Mei Lin", "--round", "6"],
    "pair": ["pair", "--section", "open", "--allow-postponed"],
}


def copy(tmp_path: Path) -> Path:
    folder = tmp_path / DEMO
    shutil.copytree(ROOT / "seasons" / DEMO, folder)
    return folder


def snapshot(path: Path) -> tuple[bytes, int, int, int]:
    st = path.stat()
    return path.read_bytes(), stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid


@pytest.mark.parametrize("chore", CHORES)
def test_the_chore_writes_a_writable_file(tmp_path: Path, chore: str) -> None:
    folder = copy(tmp_path)
    before = (folder / "season.yaml").read_bytes()
    res = CliRunner().invoke(main, [CHORES[chore][0], str(folder), *CHORES[chore][1:]])
    assert res.exit_code == 0, res.output
    assert (folder / "season.yaml").read_bytes() != before


@pytest.mark.parametrize("chore", CHORES)
def test_a_read_only_season_file_is_refused_and_untouched(tmp_path: Path, chore: str) -> None:
    folder = copy(tmp_path)
    path = folder / "season.yaml"
    path.chmod(0o444)
    before = snapshot(path)
    res = CliRunner().invoke(main, [CHORES[chore][0], str(folder), *CHORES[chore][1:]])
    assert res.exit_code == 2, res.output
    assert "read-only" in res.output and "chmod u+w" in res.output
    assert snapshot(path) == before
    assert not [p for p in folder.rglob("*.leaguegen-tmp")]


def test_a_read_only_file_behind_a_link_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text("a: 1\n")
    target.chmod(0o444)
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    with pytest.raises(files.ReadOnlyFile):
        files.write_atomic(link, "a: 2\n")
    assert target.read_text() == "a: 1\n"


def test_a_new_file_and_a_writable_file_are_written(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    files.write_atomic(path, "a: 1\n")
    path.chmod(0o640)
    files.write_atomic(path, "a: 2\n")
    assert path.read_text() == "a: 2\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="needs root to run a command as another user")
@pytest.mark.parametrize("mode", [0o444, 0o664, 0o666])
def test_another_users_file_is_refused_and_keeps_its_owner(tmp_path: Path, mode: int,
                                                          request: pytest.FixtureRequest) -> None:
    """Run as 'nobody' in a folder anyone may write: a file owned by root is never replaced
    (0444: read-only; 0664/0666: writable, but the rename would hand it to nobody).

    The command runs in a forked child that drops to nobody, after the same command has run
    once here, so every module it needs is loaded (nobody may not read this Python's files)."""
    args = ["result", "--section", "open", "Alexei Morozov - Patrick Doyle", "1-0"]
    warm = copy(tmp_path / "warm")
    assert CliRunner().invoke(main, [args[0], str(warm), *args[1:]]).exit_code == 0
    shared = Path(tempfile.mkdtemp(prefix="leaguegen-shared-"))  # (pytest's tmp is root's 0700)
    request.addfinalizer(lambda: shutil.rmtree(shared, ignore_errors=True))
    shared.chmod(0o755)
    folder = copy(shared)
    for p in [folder, *folder.rglob("*")]:
        if p.is_dir():
            p.chmod(0o777)
    path = folder / "season.yaml"
    path.chmod(mode)
    before = snapshot(path)
    nobody = 65534
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 3
        try:
            os.setgid(nobody)
            os.setuid(nobody)
            code = CliRunner().invoke(main, [args[0], str(folder), *args[1:]]).exit_code
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 2
    assert snapshot(path) == before


def test_freeze_writes_no_file_when_one_is_read_only(tmp_path: Path) -> None:
    """``freeze`` of a thawed demo with season.yaml read-only: exit 2, nothing written (the
    command checks every file it will write before writing any, for seasons whose sections
    live in files of their own)."""
    from tests.cli.test_freeze import unfreeze

    demo = ROOT / "seasons" / DEMO
    folder = copy(tmp_path)
    path = folder / "season.yaml"
    path.write_text(unfreeze(path.read_text(encoding="utf-8"), demo), encoding="utf-8")
    path.chmod(0o444)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    res = CliRunner().invoke(main, ["freeze", str(folder)])
    assert res.exit_code == 2, res.output
    assert "read-only" in res.output
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()
            and p.name != ".leaguegen.lock"} == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="needs root to run a command as another user")
def test_a_season_this_user_cannot_read_is_a_clear_refusal(tmp_path: Path) -> None:
    """A chore run by a user who may not enter the season's folder: exit 2 and a message
    naming the file (a PermissionError traceback before)."""
    args = ["result", "--section", "open", "Alexei Morozov - Patrick Doyle", "1-0"]
    warm = copy(tmp_path / "warm")
    assert CliRunner().invoke(main, [args[0], str(warm), *args[1:]]).exit_code == 0
    folder = copy(tmp_path)  # pytest's tmp folders are root's, mode 0700
    before = (folder / "season.yaml").read_bytes()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code, text = 3, ""
        try:
            os.setgid(65534)
            os.setuid(65534)
            res = CliRunner().invoke(main, [args[0], str(folder), *args[1:]])
            code = res.exit_code
            text = res.output if res.exception is None or code == 2 else repr(res.exception)
        finally:
            os._exit(code if code != 2 or "cannot read or write" in text else 4)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 2  # 4: exit 2 without the message
    assert (folder / "season.yaml").read_bytes() == before
