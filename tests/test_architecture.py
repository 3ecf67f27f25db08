"""The layering of design.md, held by a checker that reads every module of the package.

The lines (design.md, "Layers and who may import whom")::

    cli ──► site ──► formats ──► domain ──► errors
     └────► serve (imports nothing from leaguegen)

- ``leaguegen.domain`` imports only the standard library (the allow-list below), itself and
  ``leaguegen.errors``: no formats, site, cli or serve, no third-party package.
- ``leaguegen.formats`` imports no ``leaguegen.site``, ``leaguegen.cli`` or ``leaguegen.serve``.
- ``leaguegen.site`` imports no ``leaguegen.cli`` (nor ``leaguegen.serve``: in design.md only
  the CLI starts the preview server).
- ``leaguegen.serve`` imports nothing from leaguegen (it is handed a build callable).
- Nothing imports ``leaguegen.cli`` except ``leaguegen.cli`` itself.
- The domain does no I/O however it is spelled (see "The domain does no I/O" below).

Where ``leaguegen.errors`` sits: below the domain, beside nothing. Every layer may import it
(the domain raises ``NoValidPairing``, formats collect ``Problem``s, the CLI maps them to exit
codes), so it is held to the domain's own rules: standard library only, no I/O, and nothing
from leaguegen. ``leaguegen/__init__.py`` runs before any leaguegen module is imported, so it
gets the same rules: if it imported the CLI, so would the domain. Every other module must sit
in one of the layers; a module elsewhere (``leaguegen/helpers.py``) is reported, because the
rules could not say who may import it.

Because each layer may import only layers whose own allowances are a subset of its own
(``test_the_rules_are_closed_under_import`` holds that), checking direct imports is enough:
no chain of imports can carry the domain to the site.

How imports are found and resolved (``_ModuleCheck``):
- every ``import`` and ``from ... import`` anywhere in a file (inside functions, under
  ``if TYPE_CHECKING:``, in ``try`` blocks), relative ones resolved against the module's own
  package the way Python does (``from ...site import render`` in
  ``leaguegen/domain/pairing/x.py`` is ``leaguegen.site.render``); ``from P import name`` counts
  as importing ``P.name`` when that is a module (``from leaguegen import cli``);
- ``importlib.import_module(...)`` and ``__import__(...)`` however they are reached (aliases,
  ``from importlib import import_module as f``), with a literal name, relative names resolved
  against the ``package`` argument, ``__import__``'s ``level`` and ``fromlist`` included; an
  f-string ``f"{__name__}.{x}"`` imports a submodule of the module's own package (the section
  registries do this) and is judged as that package; any other computed name is reported, since
  no one can say what it imports;
- attribute chains from an imported name: ``import leaguegen.domain.model`` binds
  ``leaguegen``, so ``leaguegen.site.render`` later in the file is an import of the site;
- ``exec``/``eval``/``compile`` and ``runpy``/``importlib.util`` loaders are reported in every
  layer (code built from strings cannot be checked), as is a compiled module (``.so``,
  ``.pyc`` outside ``__pycache__``) that has no source to read.

The domain does no I/O however it is spelled. In ``leaguegen.domain``, ``leaguegen.errors``
and ``leaguegen/__init__.py``:
- standard modules come from an explicit allow-list (``PURE_STDLIB``); anything else is
  reported, so ``pathlib``, ``io``, ``os``/``os.path``, ``shutil``, ``socket``, ``urllib``,
  ``http``, ``subprocess``, ``tempfile``, ``glob``, ``builtins``, ``importlib``, ``logging``...
  are refused without being listed (``IO_MODULES`` only names the rule in the message);
- attributes reached through an allowed module are followed: ``random._os`` (private) and
  ``dataclasses.sys.stdout`` are reported; ``sys`` is allowed only for the attributes listed;
- the builtins ``print``, ``open``, ``input``, ``breakpoint``, ``help`` and the escape hatches
  ``__builtins__``, ``__import__``, ``exec``, ``eval``, ``compile``, ``globals``, ``locals``,
  ``vars`` may not be named at all (not even as a local variable, so nothing can shadow them);
- file, stream, socket and clock methods may not be called on anything (``IO_ATTRS``:
  ``path.read_text()`` is caught although the path came in as an argument), dunder escape
  attributes (``__globals__``, ``__subclasses__``, ``__dict__``...) may not be touched, and
  ``getattr``/``attrgetter``/``methodcaller`` may not be given those names as strings nor a
  module as their object (``getattr(builtins, "open")``).

Why ``ast`` rather than import-linter: the I/O rules need an ``ast`` pass in any case, and one
pass that resolves imports as well gives one place for every rule; import-linter (grimp) does
not follow ``importlib.import_module`` or attribute chains, needs the package importable (the
scratch copies below would have to be put on ``sys.path``), and would be a new dependency. The
standard library's ``ast`` is stable and exact about what the source says.

Known violations in today's code are listed in ``KNOWN_VIOLATIONS`` with the reason; the test
stays green on them and goes red on anything else, and on an entry that no longer occurs (so
the list shrinks as the code is fixed). The ``*_is_caught`` tests below prove the checker by
breaking a scratch copy of the package one way at a time.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "leaguegen"
TOP = "leaguegen"

# --- the rules -------------------------------------------------------------------------------

# Layer of a module: the first entry whose dotted name is the module or one of its packages.
# "root" is leaguegen/__init__.py alone (the package every leaguegen import runs first).
LAYERS: dict[str, str] = {
    "leaguegen.domain": "domain",
    "leaguegen.formats": "formats",
    "leaguegen.site": "site",
    "leaguegen.cli": "cli",
    "leaguegen.serve": "serve",
    "leaguegen.errors": "errors",
}

# Which layers a layer may import (besides the standard library and, outside the pure
# layers, third-party packages).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "root": frozenset(),
    "errors": frozenset(),
    "domain": frozenset({"root", "errors", "domain"}),
    "formats": frozenset({"root", "errors", "domain", "formats"}),
    "site": frozenset({"root", "errors", "domain", "formats", "site"}),
    "serve": frozenset(),
    "cli": frozenset({"root", "errors", "domain", "formats", "site", "serve", "cli"}),
}

# Layers held to the no-I/O rules and to the standard-library allow-list.
PURE_LAYERS = frozenset({"root", "errors", "domain"})

# The standard modules a pure layer may import. None: the whole module (and its submodules);
# a set: only those attributes. Everything else in the standard library is refused.
PURE_STDLIB: dict[str, frozenset[str] | None] = {
    # Used by the domain today.
    "__future__": None,
    "bisect": None,
    "collections": None,  # collections.abc included
    "dataclasses": None,
    "datetime": None,  # date arithmetic; reading the clock (today/now) is an IO_ATTRS call
    "enum": None,
    "fractions": None,
    "functools": None,
    "hashlib": None,  # digests of the bytes it is given (a Swiss round's pairing fingerprint)
    "math": None,
    "re": None,
    "typing": None,
    # Pure computation, not used today, allowed so that reaching for them needs no edit here.
    "abc": None,
    "copy": None,
    "decimal": None,
    "heapq": None,
    "itertools": None,
    "numbers": None,
    "operator": None,  # attrgetter/methodcaller are checked like getattr
    "random": None,  # seeded draws (e.g. a drawing of lots) are computation, not I/O
    "statistics": None,
    "string": None,
    "textwrap": None,
    "unicodedata": None,
    # sys is I/O and process control (stdout, stderr, stdin, argv, exit, modules, path), but
    # the recursion limit and maxsize are not: a deep recursive solver may raise the limit,
    # even at module level. That changes interpreter state, not the world outside the process,
    # so it is allowed here and left to review; every other sys attribute is reported.
    "sys": frozenset({"getrecursionlimit", "setrecursionlimit", "maxsize"}),
}

# Standard modules named in the message as I/O (the allow-list refuses them either way).
IO_MODULES = frozenset({
    "asyncio", "builtins", "codecs", "ctypes", "fileinput", "ftplib", "glob", "gzip", "http",
    "importlib", "io", "logging", "mmap", "multiprocessing", "os", "pathlib", "pickle",
    "runpy", "select", "selectors", "shelve", "shutil", "smtplib", "socket", "socketserver",
    "sqlite3", "ssl", "subprocess", "sys", "tarfile", "tempfile", "time",
    "urllib", "webbrowser", "zipfile",
})

# Builtins that do I/O.
IO_BUILTINS = frozenset({"print", "open", "input", "breakpoint", "help"})
# Builtins and dunders that reach code, modules or builtins behind the checker's back.
ESCAPE_NAMES = frozenset({
    "__builtins__", "__import__", "__loader__", "__spec__", "exec", "eval", "compile",
    "globals", "locals", "vars",
})
# Methods and attributes of files, paths, streams, sockets and the clock. The domain may not
# use them on anything, so a path handed in as an argument cannot be read either.
IO_ATTRS = frozenset({
    "read_text", "read_bytes", "write_text", "write_bytes", "open", "touch", "mkdir",
    "unlink", "rmdir", "iterdir", "glob", "rglob", "exists", "is_file", "is_dir", "stat",
    "expanduser", "cwd", "home", "chmod", "symlink_to", "read", "readline", "readlines",
    "write", "writelines", "flush", "fileno", "send", "sendall", "recv", "connect", "urlopen",
    "stdout", "stderr", "stdin", "today", "now", "utcnow",
})
# Attributes that lead from any object to globals, builtins, loaders or other modules.
ESCAPE_ATTRS = frozenset({
    "__builtins__", "__globals__", "__subclasses__", "__dict__", "__code__", "__closure__",
    "__import__", "__loader__", "__spec__", "f_globals", "f_builtins", "f_locals", "gi_frame",
    "cr_frame", "tb_frame",
})
# Calls that take an attribute name as a string.
GETATTR_LIKE = frozenset({"getattr", "setattr", "hasattr", "delattr", "attrgetter",
                          "methodcaller"})
# Loaders that import files without an import statement (reported in every layer).
LOADERS = ("runpy.", "importlib.util.spec_from", "importlib.util.module_from_spec",
           "importlib.machinery.", "importlib.reload")

# Violations in today's code, kept so the test stays green while the lead fixes them:
# (file, rule, subject) -> why and who fixes it. Lines are left out on purpose (they move as
# others edit); the message printed on failure gives them. An entry that no longer occurs
# fails test_every_known_violation_still_occurs: delete it. Empty: the tree at a2b295a (and
# the varma branch) breaks none of these rules; keep it that way rather than adding here.
KNOWN_VIOLATIONS: dict[tuple[str, str, str], str] = {}


# --- the checker -----------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Violation:
    """One broken rule: where, which rule, and what was imported or used (the subject)."""

    path: str
    line: int
    rule: str
    subject: str
    message: str

    @property
    def key(self) -> tuple[str, str, str]:
        """What KNOWN_VIOLATIONS matches on: lines move as others edit, the subject does not."""
        return (self.path, self.rule, self.subject)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: [{self.rule}] {self.message}"


def layer_of(module: str) -> str | None:
    if module == TOP:
        return "root"
    for prefix, layer in LAYERS.items():
        if module == prefix or module.startswith(prefix + "."):
            return layer
    return None


def _pure_stdlib_entry(module: str) -> tuple[str, frozenset[str] | None] | None:
    """The allow-list entry covering ``module`` (itself or a package of it), if any."""
    parts = module.split(".")
    for i in range(len(parts), 0, -1):
        key = ".".join(parts[:i])
        if key in PURE_STDLIB:
            return key, PURE_STDLIB[key]
    return None


@cache
def _stdlib_module(name: str) -> ModuleType | None:
    """An allow-listed standard module, imported to follow attributes (nothing else is)."""
    if _pure_stdlib_entry(name) is None:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@cache
def _is_stdlib_module(name: str) -> bool:
    """Whether ``a.b`` is a module, for an allow-listed ``a`` (``collections.abc``: yes)."""
    parent, _, attr = name.rpartition(".")
    mod = _stdlib_module(parent) if parent else None
    if mod is None:
        return False
    if isinstance(getattr(mod, attr, None), ModuleType):
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def module_name(package: Path, path: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def check_package(package: Path) -> list[Violation]:
    """Every rule broken by the package at ``package`` (a directory named ``leaguegen``)."""
    assert package.name == TOP, package
    sources = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    modules = {module_name(package, p): p for p in sources}
    # Directories are packages too (namespace packages need no __init__.py).
    known = frozenset(modules) | {module_name(package, p / "__init__.py")
                                  for p in package.rglob("*") if p.is_dir()}
    violations: list[Violation] = []
    compiled = tuple(importlib.machinery.EXTENSION_SUFFIXES) + tuple(
        importlib.machinery.BYTECODE_SUFFIXES)
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.name.endswith(compiled):
            rel = path.relative_to(package.parent).as_posix()
            violations.append(Violation(rel, 0, "uncheckable-file", rel,
                                        f"{rel} is compiled code with no source to check"))
    for name, path in modules.items():
        rel = path.relative_to(package.parent).as_posix()
        violations.extend(_check_module(name, rel, path.read_text(encoding="utf-8"), known))
    return sorted(violations)


@cache
def _check_module(module: str, rel: str, source: str,
                  known: frozenset[str]) -> tuple[Violation, ...]:
    """One module's verdict. It depends on nothing but these arguments, so it is memoised:
    the scratch copies below re-read every file but only the broken one is checked anew."""
    return tuple(_ModuleCheck(module, rel, source, known).run())


class _ModuleCheck(ast.NodeVisitor):
    """The rules for one module: its imports resolved, then judged by its layer."""

    def __init__(self, module: str, rel: str, source: str, known: frozenset[str]):
        self.module = module
        self.rel = rel
        self.source = source
        self.known = known
        self.is_package = rel.endswith("/__init__.py")
        self.package = module if self.is_package else module.rpartition(".")[0]
        self.layer = layer_of(module)
        self.pure = self.layer in PURE_LAYERS
        self.bindings: dict[str, str] = {}  # local name -> dotted name it stands for
        self.imports: list[tuple[int, str]] = []  # (line, module) for every resolved import
        self.violations: list[Violation] = []

    # -- running ----------------------------------------------------------------------------

    def run(self) -> list[Violation]:
        if self.layer is None:
            self._report(1, "unlayered-module", self.module,
                         f"{self.module} is in no layer of {sorted(LAYERS)}: place it in one")
            return self.violations
        try:
            tree = ast.parse(self.source, filename=self.rel)
        except SyntaxError as exc:
            self._report(exc.lineno or 0, "unparsable", self.module, f"cannot parse: {exc}")
            return self.violations
        for node in ast.walk(tree):  # bind every imported name first, wherever it is
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self._bind(node)
        self.visit(tree)
        return self.violations

    def _report(self, line: int, rule: str, subject: str, message: str) -> None:
        self.violations.append(Violation(self.rel, line, rule, subject, message))

    # -- resolving --------------------------------------------------------------------------

    def _resolve(self, module: str | None, level: int, line: int,
                 package: str | None = None, report: bool = True) -> str | None:
        """The absolute name of a (possibly relative) import; None if it leaves the tree."""
        if level == 0:
            return module
        base = (self.package if package is None else package).split(".")
        if level - 1 >= len(base) or not base[0]:
            if not report:
                return None
            shown = "." * level + (module or "")
            self._report(line, "relative-beyond-top", shown,
                         f"{shown} climbs above the top of the package from {self.module}")
            return None
        base = base[: len(base) - (level - 1)]
        return ".".join(base + ([module] if module else []))

    def _is_module(self, name: str) -> bool:
        if name.split(".")[0] == TOP:
            return name in self.known
        return _is_stdlib_module(name)

    def _bind(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.bindings[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    self.bindings[top] = top
            return
        base = self._resolve(node.module, node.level, node.lineno, report=False)
        if base is None:
            return
        for alias in node.names:
            if alias.name != "*":
                self.bindings[alias.asname or alias.name] = f"{base}.{alias.name}"

    def _longest_module(self, dotted: str) -> str:
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            name = ".".join(parts[:i])
            if name in self.known or i == 1:
                return name
        return dotted

    # -- judging ----------------------------------------------------------------------------

    def _judge(self, target: str, line: int) -> None:
        """Apply the layer's import rules to one imported module."""
        self.imports.append((line, target))
        top = target.split(".")[0]
        if top == TOP:
            target_layer = layer_of(target)
            if target_layer is None:
                self._report(line, "unlayered-module", target,
                             f"{self.module} imports {target}, which is in no layer")
            elif target_layer not in MAY_IMPORT[self.layer]:
                allowed = ", ".join(sorted(MAY_IMPORT[self.layer])) or "nothing from leaguegen"
                self._report(line, "layer", target,
                             f"{self.layer} module {self.module} imports {target} "
                             f"({target_layer}); {self.layer} may import: {allowed}")
        elif self.pure:
            if top not in sys.stdlib_module_names:
                self._report(line, "third-party", top,
                             f"{self.layer} module {self.module} imports the third-party "
                             f"package {target}: the {self.layer} is standard library only")
            elif _pure_stdlib_entry(target) is None:
                rule = "io-module" if top in IO_MODULES else "stdlib-unlisted"
                self._report(line, rule, target,
                             f"{self.layer} module {self.module} imports {target}, which is "
                             "not on PURE_STDLIB" + (" (it does I/O)" if rule == "io-module"
                                                     else " (add it with a comment if pure)"))

    def _judge_stdlib_attr(self, module: str, attrs: list[str], line: int) -> None:
        """Follow ``module.a.b`` through an allowed standard module (pure layers only)."""
        obj: object = _stdlib_module(module)
        current = module
        for attr in attrs:
            if not isinstance(obj, ModuleType):
                return
            entry = _pure_stdlib_entry(current)
            if entry is not None and entry[1] is not None and attr not in entry[1]:
                self._report(line, "io-attribute", f"{current}.{attr}",
                             f"{current}.{attr}: only {sorted(entry[1])} of {current} are "
                             f"allowed in the {self.layer}")
                return
            if attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__")):
                self._report(line, "escape-hatch", f"{current}.{attr}",
                             f"{current}.{attr} is private to {current}")
            obj = getattr(obj, attr, None)
            if isinstance(obj, ModuleType):
                current = obj.__name__
                self._judge(current, line)

    def _check_pure_name(self, name: str, line: int) -> None:
        if name in IO_BUILTINS:
            self._report(line, "io-builtin", name,
                         f"the {self.layer} may not use {name!r} (I/O belongs to the CLI)")
        elif name in ESCAPE_NAMES:
            self._report(line, "escape-hatch", name,
                         f"the {self.layer} may not use {name!r}: it reaches around the rules")

    def _check_pure_attr(self, attr: str, line: int) -> None:
        if attr in IO_ATTRS:
            self._report(line, "io-attribute", attr,
                         f".{attr} is file, stream, socket or clock access: not in the "
                         f"{self.layer}")
        elif attr in ESCAPE_ATTRS:
            self._report(line, "escape-hatch", attr,
                         f".{attr} reaches globals, builtins or modules: not in the "
                         f"{self.layer}")

    # -- visiting ---------------------------------------------------------------------------

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if self.pure and alias.asname:
                self._check_pure_name(alias.asname, node.lineno)
            self._judge(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._resolve(node.module, node.level, node.lineno)
        if base is None:
            return
        for alias in node.names:
            if self.pure:
                self._check_pure_name(alias.asname or alias.name, node.lineno)
            sub = f"{base}.{alias.name}"
            if alias.name != "*" and self._is_module(sub):
                self._judge(sub, node.lineno)
                continue
            self._judge(base, node.lineno)
            if self.pure and alias.name != "*" and _stdlib_module(base) is not None:
                self._judge_stdlib_attr(base, [alias.name], node.lineno)

    def visit_Name(self, node: ast.Name) -> None:
        if not self.pure:
            return
        self._check_pure_name(node.id, node.lineno)
        bound = self.bindings.get(node.id)
        entry = _pure_stdlib_entry(bound) if bound else None
        if entry is not None and entry[1] is not None and bound == entry[0]:
            self._report(node.lineno, "escape-hatch", bound,
                         f"{bound} may only be used through {sorted(entry[1])}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        attrs: list[str] = []
        base: ast.expr = node
        while isinstance(base, ast.Attribute):
            attrs.append(base.attr)
            base = base.value
        attrs.reverse()
        if self.pure:
            for attr in attrs:
                self._check_pure_attr(attr, node.lineno)
        if isinstance(base, ast.Name) and base.id in self.bindings:
            if self.pure:
                self._check_pure_name(base.id, node.lineno)
            self._follow(self.bindings[base.id], attrs, node.lineno)
        else:
            self.visit(base)

    def _follow(self, bound: str, attrs: list[str], line: int) -> None:
        """An attribute chain from an imported name: ``leaguegen.site.x``, ``sys.stdout``."""
        if bound.split(".")[0] == TOP:
            start = self._longest_module(bound)
            reached = self._longest_module(".".join([bound, *attrs]))
            if reached != start and len(reached) > len(start):
                self._judge(reached, line)
        elif self.pure and _stdlib_module(bound) is not None:
            self._judge_stdlib_attr(bound, attrs, line)

    def _qualified(self, func: ast.expr) -> str | None:
        """The dotted name a call's function stands for, through import bindings."""
        attrs: list[str] = []
        while isinstance(func, ast.Attribute):
            attrs.append(func.attr)
            func = func.value
        if not isinstance(func, ast.Name):
            return None
        head = self.bindings.get(func.id, func.id)
        return ".".join([head, *reversed(attrs)])

    def visit_Call(self, node: ast.Call) -> None:
        name = self._qualified(node.func)
        if name in ("importlib.import_module",):
            self._dynamic_import(node, "import_module")
        elif name in ("__import__", "builtins.__import__", "importlib.__import__"):
            self._dynamic_import(node, "__import__")
        elif name in ("exec", "eval", "compile") or (name and name.startswith(LOADERS)):
            self._report(node.lineno, "escape-hatch", name,
                         f"{name}() runs or loads code the checker cannot see")
        if self.pure:
            last = name.rpartition(".")[2] if name else None
            if last in GETATTR_LIKE:
                self._check_getattr(node)
        self.generic_visit(node)

    def _check_getattr(self, node: ast.Call) -> None:
        if node.args and isinstance(node.args[0], ast.Name) and (
                node.args[0].id in self.bindings
                and self._is_module_binding(self.bindings[node.args[0].id])):
            target = self.bindings[node.args[0].id]
            self._report(node.lineno, "escape-hatch", target,
                         f"getattr-style access on the module {target} cannot be checked")
        banned = IO_BUILTINS | ESCAPE_NAMES | IO_ATTRS | ESCAPE_ATTRS
        for arg in ast.walk(node):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and (
                    arg.value in banned):
                self._report(node.lineno, "escape-hatch", arg.value,
                             f"the name {arg.value!r} given as a string reaches around "
                             "the rules")

    def _is_module_binding(self, dotted: str) -> bool:
        if dotted.split(".")[0] == TOP:
            return dotted in self.known
        return "." not in dotted or self._is_module(dotted)

    def _dynamic_import(self, node: ast.Call, how: str) -> None:
        args = {kw.arg: kw.value for kw in node.keywords if kw.arg}
        positional = ["name", "package"] if how == "import_module" else [
            "name", "globals", "locals", "fromlist", "level"]
        for key, value in zip(positional, node.args, strict=False):
            args.setdefault(key, value)
        name_node = args.get("name")
        own = {"__name__": self.module, "__package__": self.package}
        target: str | None = None
        if isinstance(name_node, ast.Constant) and isinstance(name_node.value, str):
            text = name_node.value
            if how == "import_module":
                level = len(text) - len(text.lstrip("."))
                package = args.get("package")
                anchor = None
                if isinstance(package, ast.Constant) and isinstance(package.value, str):
                    anchor = package.value
                elif isinstance(package, ast.Name) and package.id in own:
                    anchor = own[package.id]
                if level and anchor is None:
                    self._report(node.lineno, "dynamic-import", text,
                                 f"relative import_module({text!r}) without a package")
                    return
                target = self._resolve(text[level:] or None, level, node.lineno, anchor)
            else:
                level_node = args.get("level")
                level = level_node.value if isinstance(level_node, ast.Constant) else 0
                if not isinstance(level, int):
                    level = 0
                target = self._resolve(text or None, level, node.lineno)
        elif isinstance(name_node, ast.JoinedStr) and len(name_node.values) >= 2:
            head, rest = name_node.values[0], name_node.values[1]
            if (isinstance(head, ast.FormattedValue) and isinstance(head.value, ast.Name)
                    and head.value.id in own and isinstance(rest, ast.Constant)
                    and str(rest.value).startswith(".")):
                target = own[head.value.id]  # some submodule of its own package
        if target is None:
            if not any(v.line == node.lineno and v.rule == "relative-beyond-top"
                       for v in self.violations):
                self._report(node.lineno, "dynamic-import", how,
                             f"{how}() with a computed name: no one can check what it imports")
            return
        self._judge(target, node.lineno)
        fromlist = args.get("fromlist") if how == "__import__" else None
        if isinstance(fromlist, (ast.Tuple, ast.List)):
            for element in fromlist.elts:
                if isinstance(element, ast.Constant) and isinstance(element.value, str):
                    sub = f"{target}.{element.value}"
                    if self._is_module(sub):
                        self._judge(sub, node.lineno)


@cache
def _tree_violations() -> tuple[Violation, ...]:
    return tuple(check_package(PACKAGE))


def _unexpected(violations) -> list[str]:
    return [str(v) for v in violations if v.key not in KNOWN_VIOLATIONS]


# --- the rules themselves ----------------------------------------------------------------------


def test_the_rules_are_closed_under_import() -> None:
    """What a layer may import may import only what the layer may: direct checks suffice."""
    for layer, allowed in MAY_IMPORT.items():
        for other in allowed:
            assert MAY_IMPORT[other] <= allowed, (layer, other)
            if layer in PURE_LAYERS:
                assert other in PURE_LAYERS, (layer, other)
        if layer != "cli":
            assert "cli" not in allowed, layer
    assert MAY_IMPORT["serve"] == frozenset()
    assert set(LAYERS.values()) | {"root"} == set(MAY_IMPORT)


# --- today's tree ------------------------------------------------------------------------------


def test_the_package_keeps_the_layers() -> None:
    unexpected = _unexpected(_tree_violations())
    assert not unexpected, "\n".join(unexpected)


def test_every_known_violation_still_occurs() -> None:
    found = {v.key for v in _tree_violations()}
    stale = [key for key in KNOWN_VIOLATIONS if key not in found]
    assert not stale, f"fixed, delete from KNOWN_VIOLATIONS: {stale}"


def _check_of(rel: str) -> _ModuleCheck:
    """The checker run on one module of today's tree, to look at what it resolved."""
    sources = [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]
    known = frozenset(module_name(PACKAGE, p) for p in sources)
    path = PACKAGE.parent / rel
    check = _ModuleCheck(module_name(PACKAGE, path), rel, path.read_text(encoding="utf-8"),
                         known)
    assert check.run() == []
    return check


def test_the_checker_resolves_relative_and_dynamic_imports() -> None:
    """Every module is read and its imports resolved, relative ones included."""
    pairing = {name for _, name in _check_of("leaguegen/domain/pairing/__init__.py").imports}
    # `from .state import ...` and `from .system import ...` in the package's __init__.
    assert {"leaguegen.domain.pairing.state", "leaguegen.domain.pairing.system"} <= pairing
    # `from leaguegen.formats.sections import knockout, ...`: names that are submodules.
    registry = _check_of("leaguegen/formats/sections/__init__.py").imports
    assert "leaguegen.formats.sections.swiss" in {name for _, name in registry}
    assert len([p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]) > 50


# --- the checker cannot be fooled --------------------------------------------------------------


def _scratch(tmp_path: Path) -> Path:
    copy = tmp_path / TOP
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_an_untouched_copy_passes(tmp_path) -> None:
    found = check_package(_scratch(tmp_path))
    assert not _unexpected(found), "\n".join(_unexpected(found))
    assert {v.key for v in found} == {v.key for v in _tree_violations()}


# (id, file inside the package, code appended to it (created if missing), what must be reported
# as {(rule, subject)}). The first eight are the brief's; the rest close the other doors.
BREAKAGES = [
    ("domain-imports-jinja2", "domain/standings.py",
     "def _page():\n    import jinja2\n    return jinja2\n",
     {("third-party", "jinja2")}),
    ("domain-two-deep-relative-site", "domain/pairing/state.py",
     "from ...site import render\n",
     {("layer", "leaguegen.site.render")}),
    ("domain-prints", "domain/model.py",
     "def _debug(value):\n    print(value)\n",
     {("io-builtin", "print")}),
    ("domain-path-read-text", "domain/season.py",
     "from pathlib import Path\n\n\ndef _load(name):\n    return Path(name).read_text()\n",
     {("io-module", "pathlib"), ("io-attribute", "read_text")}),
    ("formats-imports-cli", "formats/trf.py",
     "from leaguegen.cli import entry\n",
     {("layer", "leaguegen.cli.entry")}),
    ("site-imports-cli", "site/urls.py",
     "def _main():\n    from ..cli.entry import main\n    return main\n",
     {("layer", "leaguegen.cli.entry")}),
    ("domain-imports-socket", "domain/standings.py",
     "import socket\n",
     {("io-module", "socket")}),
    ("domain-from-os-import-path", "domain/planning.py",
     "from os import path\n",
     {("io-module", "os")}),
    # A path handed in from outside is read without any import in the module.
    ("domain-reads-a-given-path", "domain/season.py",
     "def _load(path):\n    return path.read_text(encoding='utf-8')\n",
     {("io-attribute", "read_text")}),
    ("domain-opens-a-given-path", "domain/season.py",
     "def _load(path):\n    with path.open() as f:\n        return f.read()\n",
     {("io-attribute", "open"), ("io-attribute", "read")}),
    ("domain-open", "domain/model.py", "def _f():\n    return open('x')\n",
     {("io-builtin", "open")}),
    ("domain-input", "domain/model.py", "def _f():\n    return input()\n",
     {("io-builtin", "input")}),
    ("domain-print-alias", "domain/model.py", "_say = print\n",
     {("io-builtin", "print")}),
    ("domain-os-path", "domain/model.py", "import os.path as osp\n",
     {("io-module", "os.path")}),
    ("domain-io", "domain/model.py", "from io import StringIO\n", {("io-module", "io")}),
    ("domain-urllib", "domain/model.py", "import urllib.request\n",
     {("io-module", "urllib.request")}),
    ("domain-http", "domain/model.py", "from http import client\n",
     {("io-module", "http")}),
    ("domain-subprocess", "domain/model.py", "import subprocess\n",
     {("io-module", "subprocess")}),
    ("domain-shutil", "domain/model.py", "import shutil\n", {("io-module", "shutil")}),
    ("domain-tempfile", "domain/model.py", "import tempfile\n", {("io-module", "tempfile")}),
    ("domain-glob", "domain/model.py", "from glob import glob\n", {("io-module", "glob")}),
    ("domain-logging", "domain/model.py", "import logging\n", {("io-module", "logging")}),
    ("domain-unlisted-stdlib", "domain/model.py", "import json\n",
     {("stdlib-unlisted", "json")}),
    ("domain-sys-stdout", "domain/model.py",
     "import sys\n\n\ndef _f():\n    sys.stdout.write('x')\n",
     {("io-attribute", "sys.stdout")}),
    ("domain-from-sys-import-stderr", "domain/model.py", "from sys import stderr\n",
     {("io-attribute", "sys.stderr")}),
    ("domain-sys-through-dataclasses", "domain/model.py",
     "import dataclasses\n\n\ndef _f():\n    return dataclasses.sys.stdout\n",
     {("io-attribute", "sys.stdout")}),
    ("domain-os-through-random", "domain/model.py",
     "import random\n\n\ndef _f():\n    return random._os.getcwd()\n",
     {("escape-hatch", "random._os"), ("io-module", "os")}),
    ("domain-getattr-builtins-open", "domain/model.py",
     "import builtins\n\n\ndef _f():\n    return getattr(builtins, 'open')('x')\n",
     {("io-module", "builtins"), ("escape-hatch", "builtins"), ("escape-hatch", "open")}),
    ("domain-dunder-builtins", "domain/model.py",
     "def _f():\n    return __builtins__['open']('x')\n",
     {("escape-hatch", "__builtins__")}),
    ("domain-globals-builtins", "domain/model.py",
     "def _f():\n    return globals()['__builtins__']\n",
     {("escape-hatch", "globals")}),
    ("domain-subclasses", "domain/model.py",
     "def _f():\n    return ().__class__.__base__.__subclasses__()\n",
     {("escape-hatch", "__subclasses__")}),
    ("domain-attrgetter-read-text", "domain/model.py",
     "from operator import methodcaller\n\n_read = methodcaller('read_text')\n",
     {("escape-hatch", "read_text")}),
    ("domain-import-module-site", "domain/model.py",
     "import importlib\n\n_r = importlib.import_module('leaguegen.site.render')\n",
     {("io-module", "importlib"), ("layer", "leaguegen.site.render")}),
    ("domain-dunder-import-socket", "domain/model.py", "_s = __import__('socket')\n",
     {("escape-hatch", "__import__"), ("io-module", "socket")}),
    ("domain-exec", "domain/model.py", "exec('import socket')\n",
     {("escape-hatch", "exec")}),
    ("domain-attribute-chain-to-site", "domain/model.py",
     "import leaguegen.domain.season\n\n\ndef _f():\n    return leaguegen.site.render\n",
     {("layer", "leaguegen.site.render")}),
    ("domain-type-checking-import", "domain/model.py",
     "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
     "    from leaguegen.formats import trf\n",
     {("layer", "leaguegen.formats.trf")}),
    ("domain-imports-serve", "domain/model.py", "from leaguegen import serve\n",
     {("layer", "leaguegen.serve")}),
    ("domain-clock", "domain/model.py",
     "import datetime\n\n\ndef _f():\n    return datetime.date.today()\n",
     {("io-attribute", "today")}),
    ("domain-beyond-top", "domain/pairing/state.py", "from ..... import x\n",
     {("relative-beyond-top", ".....")}),
    ("formats-import-module-cli", "formats/trf.py",
     "import importlib\n\n_c = importlib.import_module('leaguegen.cli.entry')\n",
     {("layer", "leaguegen.cli.entry")}),
    ("formats-aliased-import-module", "formats/trf.py",
     "from importlib import import_module as _load\n\n_c = _load('..site', __package__)\n",
     {("layer", "leaguegen.site")}),
    ("formats-dunder-import-fromlist", "formats/trf.py",
     "_c = __import__('leaguegen', fromlist=['cli'])\n",
     {("layer", "leaguegen.cli")}),
    ("formats-computed-import", "formats/trf.py",
     "import importlib\n\n\ndef _f(x):\n    return importlib.import_module('leaguegen.' + x)\n",
     {("dynamic-import", "import_module")}),
    ("formats-imports-site", "formats/trf.py", "from ..site import urls\n",
     {("layer", "leaguegen.site.urls")}),
    ("site-from-leaguegen-import-cli", "site/urls.py", "from leaguegen import cli\n",
     {("layer", "leaguegen.cli")}),
    ("site-imports-serve", "site/urls.py", "import leaguegen.serve\n",
     {("layer", "leaguegen.serve")}),
    ("serve-imports-errors", "serve.py", "from leaguegen.errors import InputError\n",
     {("layer", "leaguegen.errors")}),
    ("serve-imports-site", "serve.py", "from .site import build\n",
     {("layer", "leaguegen.site.build")}),
    ("root-imports-cli", "__init__.py", "from leaguegen.cli import main\n",
     {("layer", "leaguegen.cli")}),
    ("errors-imports-yaml", "errors.py", "import yaml\n", {("third-party", "yaml")}),
    ("errors-prints", "errors.py", "def _f():\n    print('x')\n",
     {("io-builtin", "print")}),
    ("unlayered-module", "helpers.py", "import leaguegen.cli\n",
     {("unlayered-module", "leaguegen.helpers")}),
    ("compiled-module", "domain/fast" + importlib.machinery.EXTENSION_SUFFIXES[0], "",
     {("uncheckable-file", "leaguegen/domain/fast"
       + importlib.machinery.EXTENSION_SUFFIXES[0])}),
]


@pytest.mark.parametrize(("where", "code", "expected"),
                         [b[1:] for b in BREAKAGES], ids=[b[0] for b in BREAKAGES])
def test_each_breakage_is_caught(tmp_path, where, code, expected) -> None:
    copy = _scratch(tmp_path)
    target = copy / where
    before = target.read_text(encoding="utf-8") if target.exists() else ""
    target.write_text(before + "\n\n" + code, encoding="utf-8")
    found = check_package(copy)
    reported = {(v.rule, v.subject) for v in found}
    assert expected <= reported, "\n".join(map(str, found))
    assert _unexpected(found), "the breakage is hidden by KNOWN_VIOLATIONS"


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, "check", "--output-format", "concise", str(ROOT)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
