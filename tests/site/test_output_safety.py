"""`leaguegen build` never deletes what it did not make, and survives being killed.

Each case of the robustness issue's output list: --out at the season, at a folder
holding it, at home, at /, at a folder of unrelated files; a symlinked cache entry;
a build killed between the two renames of the swap; staging folders of killed builds;
PDF workers of a killed build; unwritable output places; a damaged cache.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.errors import OutputRefused
from leaguegen.site import write as site_write
from leaguegen.site.build import build_site
from leaguegen.site.output_guard import MARKER, check_output
from tests.conftest import DEMO


@pytest.fixture
def season(tmp_path: Path) -> Path:
    folder = tmp_path / "club" / "autumn"
    shutil.copytree(DEMO, folder)
    return folder


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _build(season: Path, out: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", str(season), "--out", str(out), "--no-pdf",
                                       *extra])
    return result.exit_code, result.output


@pytest.mark.parametrize("where", ["season", "parent", "grandparent"])
def test_out_at_the_season_or_a_folder_holding_it_is_refused_even_with_force(
        season: Path, where: str) -> None:
    out = {"season": season, "parent": season.parent, "grandparent": season.parent.parent}[where]
    (season.parent / "minutes.txt").write_text("AGM minutes")
    before = _tree(season.parent.parent)
    for extra in ((), ("--force",)):
        code, output = _build(season, out, *extra)
        assert code == 2, output
        assert "season" in output and "nothing was written" in output
    assert _tree(season.parent.parent) == before


def test_out_at_home_and_root_are_refused(season: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home" / "ann"
    (home / ".ssh").mkdir(parents=True)
    (home / ".bashrc").write_text("export A=1")
    (home / "Documents").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    for out, words in ((home, "home folder"), (home.parent, "home folder"),
                       (Path("/"), "root of the file system")):
        code, output = _build(season, out, "--force")
        assert code == 2 and words in output, output
    assert (home / ".bashrc").read_text() == "export A=1" and (home / ".ssh").is_dir()
    assert not Path("/.leaguegen-cache").exists() or Path("/.leaguegen-cache").stat()


def test_a_folder_of_other_files_is_refused_and_force_replaces_it(season: Path,
                                                                  tmp_path: Path) -> None:
    out = tmp_path / "typo"
    out.mkdir()
    (out / "thesis.tex").write_text("years of work")
    code, output = _build(season, out)
    assert code == 2
    assert "leaguegen did not make" in output and "thesis.tex" in output and "--force" in output
    assert (out / "thesis.tex").read_text() == "years of work"
    code, output = _build(season, out, "--force")
    assert code == 0, output
    assert not (out / "thesis.tex").exists() and (out / MARKER).is_file()


def test_new_empty_and_own_folders_are_built_and_rebuilt(season: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    for out in (tmp_path / "new" / "_site", empty):
        assert _build(season, out)[0] == 0
        assert (out / "index.html").is_file() and (out / MARKER).is_file()
        assert _build(season, out)[0] == 0  # our own marker: rebuilt without --force


def test_out_that_is_a_file_or_a_symlink_is_refused(season: Path, tmp_path: Path) -> None:
    target = tmp_path / "webroot"
    target.mkdir()
    (target / "keep.html").write_text("keep")
    link = tmp_path / "link"
    link.symlink_to(target, target_is_directory=True)
    code, output = _build(season, link, "--force")
    assert code == 2 and "symbolic link" in output
    assert (target / "keep.html").read_text() == "keep" and link.is_symlink()
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    code, output = _build(season, afile, "--force")
    assert code == 2 and "is a file" in output and afile.read_text() == "x"


def test_an_unwritable_output_place_is_an_error_not_a_traceback(season: Path,
                                                                 tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    code, output = _build(season, blocker / "site")
    assert code == 2 and "Traceback" not in output, output
    assert "cannot" in output and blocker.read_text().startswith("a file")


def test_a_symlinked_cache_never_deletes_what_it_points_to(season: Path,
                                                            tmp_path: Path) -> None:
    out = tmp_path / "_site"
    assert _build(season, out)[0] == 0
    cache = tmp_path / ".leaguegen-cache" / "_site"
    victim = tmp_path / "precious"
    victim.mkdir()
    (victim / "a.txt").write_text("mine")
    victim_file = tmp_path / "precious.html"
    victim_file.write_text("mine too")
    # an entry named like a cache entry but a link, pointing at someone's file and folder
    (cache / ("a" * 64 + ".html")).symlink_to(victim_file)
    (cache / ("b" * 64 + ".json")).symlink_to(victim, target_is_directory=True)
    (cache / "notes.txt").write_text("not ours")
    assert _build(season, out, "--clean")[0] == 0
    assert victim_file.read_text() == "mine too" and (victim / "a.txt").read_text() == "mine"
    assert (cache / "notes.txt").exists()
    # the cache folder itself a link: refused, the target untouched
    shutil.rmtree(cache)
    cache.symlink_to(victim, target_is_directory=True)
    code, output = _build(season, out)
    assert code == 2 and "symbolic link" in output
    assert (victim / "a.txt").read_text() == "mine"


@pytest.mark.pdf
def test_a_damaged_cache_is_rendered_again(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "_site"
    assert build_site(season, out).pdfs == 3
    cache = tmp_path / ".leaguegen-cache" / "_site"
    entries = sorted(cache.iterdir())
    assert entries
    for entry in entries:
        entry.write_bytes(b"\xff\xfe not what it was \x00")
    first = _tree(out)
    report = build_site(season, out)
    assert report.sections_reused == 0 and report.pdfs_rendered == 3
    assert _tree(out) == first


def test_a_build_killed_between_the_renames_is_recovered(season: Path, tmp_path: Path,
                                                          monkeypatch) -> None:
    out = tmp_path / "_site"
    assert _build(season, out)[0] == 0
    good = _tree(out)
    # the fallback swap (two renames), killed after the first
    monkeypatch.setattr(site_write, "_exchange", lambda a, b: False)
    calls = []
    real_replace = os.replace

    def replace_then_die(src, dst):  # noqa: ANN001
        calls.append((src, dst))
        real_replace(src, dst)
        if len(calls) == 1:
            raise KeyboardInterrupt  # stands for kill -9 between the two renames

    monkeypatch.setattr(site_write.os, "replace", replace_then_die)
    with pytest.raises(KeyboardInterrupt):
        build_site(season, out, pdf=False)
    monkeypatch.setattr(site_write.os, "replace", real_replace)
    assert not out.exists()
    parked = list(tmp_path.glob("._site-old-*"))
    assert len(parked) == 1
    # the parked folder carries a dead build's pid, as after a real kill
    dead = parked[0].with_name(f"._site-old-{_dead_pid()}")
    parked[0].rename(dead)
    (season / "season.yaml").write_text((season / "season.yaml").read_text() + "\n")
    report = build_site(season, out, pdf=False)
    assert any("restored" in note for note in report.notes)
    assert out.is_dir() and not list(tmp_path.glob("._site-old-*"))
    assert set(_tree(out)) == set(good)


def test_stale_staging_folders_of_killed_builds_are_removed(season: Path,
                                                            tmp_path: Path) -> None:
    out = tmp_path / "_site"
    assert _build(season, out)[0] == 0
    pid = _dead_pid()
    stale = [tmp_path / f"._site-build-{pid}-{i:08x}" for i in range(3)]
    for folder in stale:
        folder.mkdir()
        (folder / "index.html").write_text("half a site")
    running = tmp_path / f"._site-build-{os.getpid()}-deadbeef"
    running.mkdir()  # our own pid: a build still running is left alone
    unrelated = tmp_path / "._site-build-notes"
    unrelated.mkdir()
    report = build_site(season, out, pdf=False)
    assert not any(f.exists() for f in stale)
    assert running.exists() and unrelated.exists()
    assert sum("removed" in note for note in report.notes) == 3


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_pdf_workers_end_when_their_build_is_killed(tmp_path: Path) -> None:
    """A worker started with the build's initializer dies with its parent (kill -9)."""
    script = tmp_path / "parent.py"
    pids = tmp_path / "pids"
    script.write_text(textwrap.dedent(f"""
        import os, time
        from concurrent.futures import ProcessPoolExecutor
        from leaguegen.site.parallel import die_with_parent
        def work(_):
            open({str(pids)!r} + "." + str(os.getpid()), "w").close()
            time.sleep(60)
        pool = ProcessPoolExecutor(max_workers=2, initializer=die_with_parent)
        futures = [pool.submit(work, i) for i in range(2)]
        time.sleep(60)
    """))
    parent = subprocess.Popen([sys.executable, str(script)], cwd=Path(__file__).parents[2])
    deadline = time.monotonic() + 30
    while len(list(tmp_path.glob("pids.*"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = [int(p.suffix[1:]) for p in tmp_path.glob("pids.*")]
    assert len(workers) == 2
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie has exited; only its entry remains until reaped
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[1][0] != "Z"
    except OSError:
        return True


def test_check_output_is_the_gate_build_site_uses(season: Path, tmp_path: Path) -> None:
    with pytest.raises(OutputRefused):
        check_output(season, season)
    with pytest.raises(OutputRefused):
        build_site(season, season.parent)
    assert (season / "season.yaml").is_file()
