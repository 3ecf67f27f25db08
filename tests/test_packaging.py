"""Every subpackage is installed, templates included (pyproject lists them by hand)."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
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


def _distribution_name(requirement: str) -> str:
    """``"fonttools[woff]>=4.59.2"`` → ``"fonttools"``, normalised as pip compares names."""
    name = re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_imported_library_is_a_declared_dependency() -> None:
    """A library leaguegen imports itself must be named in pyproject.toml, even when another
    dependency brings it today (fontTools came with WeasyPrint): otherwise a release of that
    dependency that drops it breaks a fresh install."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {_distribution_name(r) for r in project["dependencies"]}
    # a user's extra (not the test tools) declares an optional library: imported only
    # inside a function, so leaguegen loads without it (the games extra: docs/games.md)
    optional = {_distribution_name(r) for extra, reqs in project["optional-dependencies"].items()
                if extra != "test" for r in reqs}
    providers = importlib.metadata.packages_distributions()
    imported: dict[str, str] = {}
    at_import: set[str] = set()  # libraries imported when a module is imported
    for path in sorted((ROOT / "leaguegen").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        at_import |= {alias.name.split(".")[0] for node in tree.body
                      if isinstance(node, ast.Import) for alias in node.names}
        at_import |= {node.module.split(".")[0] for node in tree.body
                      if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "leaguegen":
                    imported.setdefault(top, str(path.relative_to(ROOT)))
    assert "fontTools" in imported and "yaml" in imported  # the walk does see imports
    names = {top: {_distribution_name(d) for d in providers.get(top, [top])} for top in imported}
    missing = {top: where for top, where in imported.items()
               if not names[top] & declared and not (names[top] & optional
                                                     and top not in at_import)}
    assert not missing, (f"imported but not in pyproject.toml dependencies (an extra's "
                         f"library may be imported only inside a function): {missing}")
