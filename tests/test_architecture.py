"""The layering of design.md, held by tests: a pure domain core, formats, site, CLI."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "leaguegen"


def _imports(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _calls(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.func.id for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


DOMAIN_FILES = sorted((PACKAGE / "domain").rglob("*.py"))


@pytest.mark.parametrize("path", DOMAIN_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_domain_is_pure(path) -> None:
    stdlib = sys.stdlib_module_names
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "leaguegen":
            assert name.startswith(("leaguegen.domain", "leaguegen.errors")), (
                f"{path.name} imports {name}: the domain may not depend on outer layers")
        else:
            assert top in stdlib or top == "__future__", f"{path.name} imports {name}"
    assert not {"open", "print", "input"} & _calls(path), f"{path.name} does I/O"


@pytest.mark.parametrize("path", sorted((PACKAGE / "formats").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_formats_do_not_know_the_site_or_cli(path) -> None:
    for name in _imports(path):
        assert not name.startswith(("leaguegen.site", "leaguegen.cli", "leaguegen.serve")), (
            f"{path.name} imports {name}")


def test_serve_imports_nothing_else_from_leaguegen() -> None:
    assert not [n for n in _imports(PACKAGE / "serve.py") if n.startswith("leaguegen")]


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, "check", "--output-format", "concise", str(ROOT)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
