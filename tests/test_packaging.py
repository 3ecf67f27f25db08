"""Every subpackage is installed, templates included (pyproject lists them by hand)."""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT


def test_every_subpackage_is_listed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "leaguegen").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {found - listed}"
    assert "leaguegen.site_template" in listed
