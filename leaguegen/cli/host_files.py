"""The repository host's files ``leaguegen new --host`` writes beside a season.

``github``: the result-report issue form and the workflow that turns a report into a pull
request (``docs/results-by-players.md``). ``github-pages``: the workflow that builds and
publishes the site (``docs/github-pages.md``). They are package data under
``scaffold/<host>/`` and go under ``.github/`` of the repository's root; the report
workflow is told which season folder to write to (``__SEASON__``).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import PurePosixPath

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
