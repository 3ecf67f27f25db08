"""`leaguegen new`: a season, and in a club repository its Netlify files; nothing replaced.

The .gitignore it writes is checked against what leaguegen really writes: a scaffolded
season in a tmp git repository is built by the command `new` suggests and by the
Netlify command, a Swiss round is paired, and `git status` must show no untracked file.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli.requirement import installed_requirement, requirement_for
from tests.conftest import ROOT

SWISS = ROOT / "seasons" / "thursday-swiss-2026"
CLUB_FILES = ("netlify.toml", ".gitignore", "requirements.txt")


def run(*args: str, cwd: Path | None = None):  # noqa: ANN201
    old = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(old)


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture
def git_repo(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "club"
    repo.mkdir()
    _git(repo, "init", "-q")
    return repo


def _next_hint(output: str) -> tuple[str | None, list[str]]:
    """The folder and the command of the `Next:` line (`cd X && leaguegen build .`)."""
    line = next(line for line in output.splitlines() if line.startswith("Next:"))
    m = re.match(r"Next: (?:cd (\S+) && )?leaguegen (build \S+)", line)
    assert m, line
    return m.group(1), m.group(2).split()


def test_a_club_repository_gets_its_files_and_a_valid_season(tmp_path: Path) -> None:
    club = tmp_path / "club"
    result = run("new", str(club / "autumn-2027"))
    assert result.exit_code == 0, result.output
    season = club / "autumn-2027"
    assert {p.name for p in season.iterdir()} == {"season.yaml", "news", ".gitignore",
                                                     "season.schema.json"}
    for name in CLUB_FILES:
        assert (club / name).is_file(), name
        assert f"Wrote {club / name}" in result.output
    netlify = tomllib.loads((club / "netlify.toml").read_text(encoding="utf-8"))
    assert netlify["build"]["publish"] == "_site"
    assert netlify["build"]["command"] == netlify["context"]["deploy-preview"]["command"]
    requirements = (club / "requirements.txt").read_text(encoding="utf-8")
    line = [x for x in requirements.splitlines() if x and not x.startswith("#")]
    assert line == [installed_requirement()[0]]
    if installed_requirement()[1]:  # this test's leaguegen is a checkout: say what to write
        assert "Netlify cannot reach" in result.output
    assert run("check", str(season)).exit_code == 0


@pytest.mark.parametrize(("direct_url", "line", "local"), [
    (None, "leaguegen==0.1.0", False),  # from PyPI (an index): the version
    ('{"url": "https://github.com/club/leaguegen", "vcs_info": {"vcs": "git",'
     ' "commit_id": "0123abcd", "requested_revision": "main"}}',
     "leaguegen @ git+https://github.com/club/leaguegen@0123abcd", False),
    ('{"url": "https://example.org/leaguegen-0.1.0.tar.gz", "archive_info": {}}',
     "leaguegen @ https://example.org/leaguegen-0.1.0.tar.gz", False),
    ('{"url": "file:///home/me/leaguegen", "dir_info": {"editable": true}}',
     "leaguegen==0.1.0", True),
    ('{"url": "file:///home/me/repo", "vcs_info": {"vcs": "git", "commit_id": "ab"}}',
     "leaguegen==0.1.0", True),  # a local clone: Netlify cannot reach it either
    ("not json", "leaguegen==0.1.0", False),
])
def test_requirement_names_where_this_leaguegen_came_from(direct_url, line, local) -> None:
    assert requirement_for("0.1.0", direct_url) == (line, local)


def test_nothing_that_exists_is_replaced(tmp_path: Path) -> None:
    club = tmp_path / "club"
    (club / "old-season").mkdir(parents=True)
    (club / "old-season" / "season.yaml").write_text("keep", encoding="utf-8")
    mine = {"netlify.toml": "# my own\n", ".gitignore": "_site/\nnotes/\n"}
    for name, text in mine.items():
        (club / name).write_text(text, encoding="utf-8")
    result = run("new", str(club / "spring"))
    assert result.exit_code == 0, result.output
    for name, text in mine.items():
        assert (club / name).read_text(encoding="utf-8") == text
        assert f"{club / name} exists; left as it is" in result.output
    assert "add these lines to it: .leaguegen-cache/" in result.output
    assert (club / "requirements.txt").is_file()  # the missing one is written
    # a season folder that is not empty is refused, and left as it was
    result = run("new", str(club / "old-season"))
    assert result.exit_code == 2 and "not empty" in result.output
    assert (club / "old-season" / "season.yaml").read_text(encoding="utf-8") == "keep"


def test_a_folder_of_unrelated_files_gets_no_club_files(tmp_path: Path) -> None:
    (tmp_path / "thesis.tex").write_text("x")
    result = run("new", str(tmp_path / "chess"))
    assert result.exit_code == 0, result.output
    assert not any((tmp_path / name).exists() for name in ("netlify.toml", "requirements.txt"))
    assert "leaguegen docs netlify" in result.output
    assert _next_hint(result.output) == (str(tmp_path / "chess"), ["build", "."])


def test_gitignore_covers_everything_a_build_and_pair_write(git_repo: Path) -> None:
    """The hint's build, Netlify's build, a killed build's leftovers and `pair`: no `??`."""
    result = run("new", "autumn", cwd=git_repo)
    assert result.exit_code == 0, result.output
    shutil.copytree(SWISS, git_repo / "thursday")
    (git_repo / "thursday" / ".gitignore").write_bytes(
        (git_repo / "autumn" / ".gitignore").read_bytes())
    _git(git_repo, "add", "-A")
    _git(git_repo, "commit", "-qm", "a new club")
    # the build `new` suggests, run where it says
    folder, command = _next_hint(result.output)
    where = git_repo if folder is None else git_repo / folder
    built = run(*command, "--no-pdf", cwd=where)
    assert built.exit_code == 0, built.output
    assert (git_repo / "_site" / "index.html").is_file()
    # the season's own build, in the season folder (as its comments say)
    assert run("build", ".", "--no-pdf", cwd=git_repo / "autumn").exit_code == 0
    assert (git_repo / "autumn" / "_site" / "index.html").is_file()
    # what a killed build leaves beside the site, and a write cut off mid-way
    (git_repo / "._site-build-99999-abcd").mkdir()  # git lists no empty folder: a file in it
    (git_repo / "._site-build-99999-abcd" / "index.html").write_text("half a site")
    (git_repo / "thursday" / ".season.yaml.x1.leaguegen-tmp").write_text("")
    paired = run("pair", "thursday", "--section", "open", "--allow-postponed", cwd=git_repo)
    assert paired.exit_code == 0, paired.output
    status = _git(git_repo, "status", "--porcelain", "--untracked-files=all").splitlines()
    # pair's record of the round (pairings/<section>.json) is season data, committed too
    assert status == [" M thursday/pairings/open.json", " M thursday/season.yaml"], status


def test_the_scaffold_points_at_a_reference_that_ships(tmp_path: Path) -> None:
    result = run("new", str(tmp_path / "s"))
    text = (tmp_path / "s" / "season.yaml").read_text(encoding="utf-8")
    assert "leaguegen docs season-format" in text and "docs/" not in text
    printed = run("docs", "season-format")
    assert printed.exit_code == 0
    assert printed.output == (ROOT / "docs" / "season-format.md").read_text(encoding="utf-8")
    assert "netlify" in run("docs").output.split()
    assert run("docs", "nonsense").exit_code == 2
    assert result.exit_code == 0


def test_package_data_holds_the_scaffold_and_the_reference() -> None:
    """pyproject's globs reach every scaffold file and every docs page (as for templates)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    data, dirs = config["package-data"], config["package-dir"]
    assert dirs["leaguegen.docs"] == "docs" and "leaguegen.docs" in config["packages"]
    pkg = ROOT / "leaguegen"
    scaffold = {p for p in (pkg / "scaffold").rglob("*") if p.is_file()}
    installed = {p for pattern in data["leaguegen"] for p in pkg.glob(pattern) if p.is_file()}
    assert scaffold and not sorted(str(p) for p in scaffold - installed)
    docs = {p for p in (ROOT / "docs").iterdir() if p.is_file()}
    shipped = {p for pattern in data["leaguegen.docs"] for p in (ROOT / "docs").glob(pattern)}
    assert (ROOT / "docs" / "season-format.md") in shipped and docs <= shipped


@pytest.mark.slow
def test_an_installed_wheel_scaffolds_and_prints_the_reference(tmp_path: Path) -> None:
    """A real (non-editable) wheel, unpacked and imported first: `new` and `docs` work."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", "_site", "build", "*.egg-info", "__pycache__", ".leaguegen-cache", "tests"))
    made = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(tmp_path / "wheel"), str(source)], capture_output=True, text=True)
    if made.returncode:
        pytest.skip(f"cannot build a wheel here: {made.stderr[-300:]}")
    unpacked = tmp_path / "site-packages"
    with zipfile.ZipFile(next((tmp_path / "wheel").glob("*.whl"))) as whl:
        whl.extractall(unpacked)
    code = ("import sys, leaguegen; assert leaguegen.__file__.startswith(sys.argv[1]);"
            "from leaguegen.cli import main; sys.argv = ['leaguegen', *sys.argv[2:]]; main()")
    env = {**os.environ, "PYTHONPATH": str(unpacked)}

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code, str(unpacked), *args], env=env,
                              cwd=tmp_path, capture_output=True, text=True)

    printed = cli("docs", "season-format")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == (ROOT / "docs" / "season-format.md").read_text(encoding="utf-8")
    made = cli("new", "club/autumn")
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "club" / "netlify.toml").is_file()
    assert (tmp_path / "club" / "autumn" / ".gitignore").is_file()
    assert cli("check", "club/autumn").returncode == 0
