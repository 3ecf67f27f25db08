"""The line a club repository's ``requirements.txt`` needs to install this leaguegen.

Netlify installs what that file says, so a bare ``leaguegen==0.1.0`` only works once
that release is on PyPI. pip records where a package came from (PEP 610's
``direct_url.json``): from a git repository, the line names that repository at the
installed commit, which Netlify can install; from an archive URL, that URL; from a
folder on this computer (a checkout, an editable install), nothing Netlify could
reach, so the version is written and ``leaguegen new`` tells the organiser what to
put there instead.
"""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, distribution

# a Message template (leaguegen.errors.Message): said in the organiser's language
LOCAL_HINT = ("this leaguegen was installed from a folder on this computer, which Netlify"
              " cannot reach: replace the leaguegen line of {file} by the address it should"
              " install from, e.g. 'leaguegen @ git+https://github.com/OWNER/REPO@main'")


def requirement_for(version: str, direct_url: str | None) -> tuple[str, bool]:
    """(``requirements.txt`` line, installed from a local folder) for a leaguegen of
    ``version`` whose ``direct_url.json`` text is ``direct_url`` (None: from an index)."""
    if direct_url:
        try:
            info = json.loads(direct_url)
        except ValueError:
            info = {}
        url = info.get("url", "") if isinstance(info, dict) else ""
        vcs = info.get("vcs_info") if isinstance(info, dict) else None
        if url and isinstance(vcs, dict) and vcs.get("vcs") and not url.startswith("file:"):
            commit = vcs.get("commit_id") or vcs.get("requested_revision")
            return f"leaguegen @ {vcs['vcs']}+{url}" + (f"@{commit}" if commit else ""), False
        if url.startswith(("https://", "http://")):
            return f"leaguegen @ {url}", False
        if url:
            return f"leaguegen=={version}", True
    return f"leaguegen=={version}", False


def installed_requirement() -> tuple[str, bool]:
    """``requirement_for`` the leaguegen that is running."""
    try:
        dist = distribution("leaguegen")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "leaguegen", True
    return requirement_for(dist.version, dist.read_text("direct_url.json"))
