"""The build commands of both netlify.toml files work: run as written, in a tmp copy.

The repository's own (every demo season as one site) and the one `leaguegen new` writes
into a club repository. The install step is checked (pinned, the same in production and
deploy previews) but not run; every later step runs through a shell with `leaguegen`
meaning this checkout's, and `--no-pdf` added to keep the suite fast.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT
from tests.site.test_links import broken_links

LEAGUEGEN = f"{shlex.quote(sys.executable)} -m leaguegen.cli.entry"


def _steps(config: dict) -> list[str]:
    command = config["build"]["command"]
    assert config["context"]["deploy-preview"]["command"] == command  # previews = production
    assert config["build"]["publish"] == "_site"
    return [step.strip() for step in command.split("&&")]


def _run_build_steps(steps: list[str], cwd: Path) -> None:
    for step in steps:
        if step.startswith("leaguegen "):
            step = f"{LEAGUEGEN} {step.removeprefix('leaguegen ')} --no-pdf"
        done = subprocess.run(step, shell=True, cwd=cwd, capture_output=True, text=True)
        assert done.returncode == 0, f"{step}\n{done.stdout}\n{done.stderr}"


def test_the_repository_netlify_toml_builds_every_demo_as_one_site(tmp_path: Path) -> None:
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    install, *build = _steps(config)
    assert re.fullmatch(r"python3 -m pip install -c constraints\.txt \.", install), install
    assert build and all(step.startswith("leaguegen build ") for step in build)
    assert (ROOT / "constraints.txt").is_file()
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "seasons", copy / "seasons")
    _run_build_steps(build, copy)
    site = copy / config["build"]["publish"]
    demos = sorted(p.name for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())
    index = (site / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'<a class="card" href="([^"/]+)/index.html"', index)
    assert sorted(linked) == demos and len(demos) >= 8
    assert not broken_links(site), broken_links(site)[:10]


def test_the_club_netlify_toml_builds_the_club(tmp_path: Path) -> None:
    club = tmp_path / "club"
    runner = CliRunner()
    for season in ("autumn-2026", "spring-2027"):
        assert runner.invoke(main, ["new", str(club / season)]).exit_code == 0
    spring = club / "spring-2027" / "season.yaml"
    spring.write_text(spring.read_text(encoding="utf-8").replace("2027-01-", "2027-04-"),
                      encoding="utf-8")
    config = tomllib.loads((club / "netlify.toml").read_text(encoding="utf-8"))
    install, *build = _steps(config)
    assert install == "python3 -m pip install -r requirements.txt"
    _run_build_steps(build, club)
    index = (club / "_site" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<a class="card" href="([^"]+)"', index) == [
        "spring-2027/index.html", "autumn-2026/index.html"]
    assert not broken_links(club / "_site")


@pytest.mark.parametrize("name", ["netlify.toml", "leaguegen/scaffold/club/netlify.toml"])
def test_security_headers_are_kept(name: str) -> None:
    config = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
    headers = config["headers"][0]["values"]
    assert "script-src 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
