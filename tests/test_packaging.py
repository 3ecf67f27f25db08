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


def test_every_template_is_installed() -> None:
    """The package-data globs reach every template, in every folder (layouts, partials, kinds)."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["leaguegen.site_template"]
    folder = ROOT / "site_template"
    installed = {p for pattern in patterns for p in folder.glob(pattern) if p.is_file()}
    templates = set(folder.rglob("*.html"))
    assert any(p.parent != folder for p in templates)  # templates do sit in folders
    missing = sorted(str(p.relative_to(folder)) for p in templates - installed)
    assert not missing, f"add to pyproject.toml [tool.setuptools.package-data]: {missing}"
