"""The repository host's files ``leaguegen new --host`` writes beside a season.

``github``: the result-report issue form and the workflow that turns a report into a pull
request (``docs/results-by-players.md``). ``github-pages``: the workflow that builds and
publishes the site (``docs/github-pages.md``). They are package data under
``scaffold/<host>/`` and go under ``.github/`` of the repository's root; the report
workflow is told which season folder to write to (``__SEASON__``).
"""

from __future__ import annotations

import json
import re
import subprocess
from importlib import resources
from pathlib import Path, PurePosixPath

HOSTS = ("github", "github-pages")


def host_files(hosts: tuple[str, ...], season: PurePosixPath) -> dict[str, bytes]:
    """The files for ``hosts``, by path under the repository's root; ``season`` is the
    season folder relative to that root (``.`` for a repository of one season)."""
    out: dict[str, bytes] = {}
    for host in hosts:
        root = resources.files("leaguegen") / "scaffold" / host
        for folder in sorted(root.iterdir(), key=lambda c: c.name):
            if not folder.is_dir():
                continue
            for child in sorted(folder.iterdir(), key=lambda c: c.name):
                if child.name.endswith(".yml"):
                    text = child.read_text(encoding="utf-8")
                    # JSON is YAML: a quoted string whatever the folder's name holds
                    text = text.replace("__SEASON__", json.dumps(season.as_posix()))
                    out[f".github/{folder.name}/{child.name}"] = text.encode("utf-8")
    return out


_GITHUB_REMOTE = re.compile(
    r"(?:https://github\.com/|git@github\.com:|ssh://git@github\.com/)"
    r"([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+?)(?:\.git)?/?")


def github_repository(root: Path) -> str | None:
    """OWNER/NAME of the repository's ``origin`` remote on GitHub, if it has one."""
    try:
        found = subprocess.run(["git", "-C", str(root), "remote", "get-url", "origin"],
                               capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    match = _GITHUB_REMOTE.fullmatch(found.stdout.strip()) if found.returncode == 0 else None
    return match.group(1) if match else None


def reports_block(repository: str | None) -> str:
    """The ``reports:`` lines for the season.yaml of ``new --host github``: every unplayed
    board then links to the report form. Without a known repository (no GitHub remote yet)
    the block is written commented, to fill in once the repository exists."""
    lines = ["reports:", "  host: github", f"  repository: {repository or 'OWNER/NAME'}"]
    head = ("\n# Players report results through the issue form (.github/ISSUE_TEMPLATE/):"
            " with the\n# repository named here, each unplayed board of the site links to"
            " it.\n")
    if repository is None:
        return head + "".join(f"# {line}\n" for line in lines)
    return head + "".join(f"{line}\n" for line in lines)
