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

Three rules hold the package's shape beyond the layers (issue 27). ``PLANTED`` breaks each
in a copy of the package and ``ALLOWED`` keeps what each allows:

- Private names stay in their folder (``private-name``). A name with a leading underscore
  (not a dunder) is private to the folder of the module that defines it: another module may
  import it (``from .state import _EMPTY``) or reach it through an imported module
  (``standings._positions``, ``getattr(standings, "_positions")``) only from the same folder.
  "Package" here is the immediate folder, not the layer: ``domain/pairing/`` and
  ``domain/pairing/dutch/`` are two, and a package's ``__init__.py`` is in its own folder. A
  layer is too big a unit to share internals across (the site alone is some sixty modules);
  the folder is what a reader opens and what a helper edits. A private module
  (``schedule/_shared.py``) is private to its folder the same way. What a class keeps private
  (``ctx._values``) is not seen: the checker does not know types. Shared means public: drop
  the underscore, or move the helper to the folder that uses it.
- No import cycle at import time (``import-cycle``). The imports that run when a module is
  imported (not in a function or lambda, not under ``if TYPE_CHECKING:``; in a class body, a
  ``try`` or the ``else`` of ``TYPE_CHECKING`` they do run), ``import_module`` with a literal
  name included, form a graph. ``import a.b.c`` is an edge to ``a.b.c`` and to the packages
  above it (Python runs ``a/__init__.py`` first), except to the packages holding the
  importer itself: they are already running, and a package's ``__init__.py`` importing its
  own modules is how the registries below work. Each cycle is reported once, with a
  shortest path through it (``tests/architecture_graph.py``). Break one with a type under
  ``TYPE_CHECKING`` where only annotations need it, an import inside the one function that
  needs it, or by moving what both sides need to a module both import.
- A registry is filled from its own folder, by modules its package names (``registration``,
  ``registration-unlisted``). A registry is a module-level collection that other modules
  add to: a ``register``/``register_*`` function (pairing systems in
  ``domain/pairing/system.py``, section kinds in ``domain/sections/registry.py``, renderers
  and page makers in ``site/pages/registry.py``), a click group's ``command``/``group``/
  ``add_command`` (the CLI's ``main``), or a module's list, dict or set filled with
  ``append``/``add``/``update``/``[key] = ...`` (``REGISTERING_METHODS``). A call that fills one
  when a module is imported (at module level, in a loop, as a decorator) must be made in
  the registry's own folder, and that folder's ``__init__.py`` must import the module (or
  name it in a lazy list: the CLI's ``COMMANDS``), so that importing any part of the
  package fills the registry whole, whoever imported what first. A registry whose entries
  live in other folders lists them itself: the tie-breaks (``domain/tiebreaks/registry.py``,
  ``REGISTRY``), the kinds' readers (``formats/sections/__init__.py``, ``READERS``) and the
  outputs beside the pages (``site/outputs.py``, ``outputs()``). Filling a registry inside a
  function (a test's toy kind) is no side effect of an import and is allowed.

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

from tests.architecture_graph import cycles, runtime_graph, shortest_cycle
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
    # urllib as a whole fetches URLs; its parse module only quotes text into a URL (a report
    # link, domain/report_links.py): that function alone is allowed.
    "urllib.parse": frozenset({"quote"}),
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

# Methods that fill a registry (a click group's commands, a module's list, dict or set) when
# called on a name another module defines: ``main.command(...)``, ``SECTION_PAGES.append(f)``.
REGISTERING_METHODS = frozenset({
    "command", "group", "add_command", "append", "extend", "insert", "update", "setdefault",
    "add", "__setitem__",
})

# Violations in today's code, kept so the test stays green while the lead fixes them:
# (file, rule, subject) -> why and who fixes it. Lines are left out on purpose (they move as
# others edit); the message printed on failure gives them. An entry that no longer occurs
# fails test_every_known_violation_still_occurs: delete it. Empty: the tree at a2b295a (and
# the varma branch) breaks none of these rules, nor (since issue 27) the private-name, cycle
# and registry rules; keep it that way rather than adding here.
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
    violations: list[Violation] = []
    compiled = tuple(importlib.machinery.EXTENSION_SUFFIXES) + tuple(
        importlib.machinery.BYTECODE_SUFFIXES)
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.name.endswith(compiled):
            rel = path.relative_to(package.parent).as_posix()
            violations.append(Violation(rel, 0, "uncheckable-file", rel,
                                        f"{rel} is compiled code with no source to check"))
    facts = package_facts(package)
    for fact in facts.values():
        violations.extend(fact.violations)
    violations.extend(_cycle_violations(facts))
    violations.extend(_unlisted_registrations(facts))
    return sorted(violations)


def package_facts(package: Path) -> dict[str, ModuleFacts]:
    """Every module of the package by dotted name, checked (memoised by its source)."""
    sources = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    modules = {module_name(package, p): p for p in sources}
    # Directories are packages too (namespace packages need no __init__.py).
    packages = frozenset(module_name(package, p / "__init__.py")
                         for p in [package, *package.rglob("*")] if p.is_dir())
    known = frozenset(modules) | packages
    return {name: _check_module(name, path.relative_to(package.parent).as_posix(),
                                path.read_text(encoding="utf-8"), known, packages)
            for name, path in modules.items()}


@dataclass(frozen=True)
class ModuleFacts:
    """What one module's check found: its own violations, and what the package-wide rules
    (cycles, registrations named by their package) need of it."""

    rel: str
    violations: tuple[Violation, ...]
    runtime_imports: tuple[tuple[int, str], ...]  # (line, module) run when it is imported
    registrations: tuple[tuple[int, str], ...]  # (line, registry) filled when it is imported
    strings: frozenset[str]  # the string constants of a package's __init__.py (lazy lists)


@cache
def _check_module(module: str, rel: str, source: str, known: frozenset[str],
                  packages: frozenset[str]) -> ModuleFacts:
    """One module's verdict. It depends on nothing but these arguments, so it is memoised:
    the scratch copies below re-read every file but only the broken one is checked anew."""
    check = _ModuleCheck(module, rel, source, known, packages)
    violations = tuple(check.run())
    return ModuleFacts(rel, violations, tuple(check.runtime_imports),
                       tuple(check.registrations), frozenset(check.strings))


def _is_private(name: str) -> bool:
    """A leading underscore, not a dunder (``_slug``, ``_``; not ``__all__``)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _fills_a_registry(attrs: list[str]) -> bool:
    """``register(...)``/``register_x(...)`` of a module, ``main.command(...)`` of a click
    group, or ``NAME.append(...)``/``NAME[k] = ...`` on a module's collection (``attrs``:
    what follows the module in the dotted name)."""
    last = attrs[-1]
    if last == "register" or last.startswith("register_"):
        return True
    return len(attrs) == 2 and last in REGISTERING_METHODS


def folder_of(module: str, packages: frozenset[str]) -> str:
    """The folder (as a dotted name) a module's file is in: a package is its own folder."""
    return module if module in packages else module.rpartition(".")[0]


def _cycle_violations(facts: dict[str, ModuleFacts]) -> list[Violation]:
    """One violation per import cycle: the modules that import each other at import time."""
    graph = runtime_graph({m: f.runtime_imports for m, f in facts.items()}, facts)
    found = []
    for part in cycles(graph):
        loop = shortest_cycle(graph, part[0], part)
        steps = " -> ".join(f"{m} ({facts[m].rel}:{graph[m][n]})"
                            for m, n in zip(loop, loop[1:], strict=False))
        found.append(Violation(
            facts[part[0]].rel, graph[loop[0]][loop[1]], "import-cycle", " ".join(part),
            f"import cycle among {len(part)} modules at import time: {steps} -> {loop[-1]}; "
            "break it (an import inside the function that needs it, a type under "
            "TYPE_CHECKING, or what both need moved to a module both import)"))
    return found


def _unlisted_registrations(facts: dict[str, ModuleFacts]) -> list[Violation]:
    """A module that fills a registry must be named by its package's ``__init__.py``
    (imported there at import time, or its name in a lazy list such as the CLI's
    ``COMMANDS``), so that importing the registry's package fills the registry whole."""
    packages = frozenset(m for m, f in facts.items() if f.rel.endswith("/__init__.py"))
    found = []
    for module, fact in facts.items():
        if module in packages or not fact.registrations:
            continue
        package = module.rpartition(".")[0]
        init = facts.get(package)
        imported = init is not None and any(
            target == module or target.startswith(module + ".")
            for _, target in init.runtime_imports)
        named = init is not None and module.rpartition(".")[2] in init.strings
        if not (imported or named):
            line, registry = fact.registrations[0]
            found.append(Violation(
                fact.rel, line, "registration-unlisted", module,
                f"{module} fills the registry {registry} when imported, but "
                f"{package.replace('.', '/')}/__init__.py neither imports nor names it: "
                "whether it is registered would depend on who imported it first"))
    return found


class _ModuleCheck(ast.NodeVisitor):
    """The rules for one module: its imports resolved, then judged by its layer."""

    def __init__(self, module: str, rel: str, source: str, known: frozenset[str],
                 packages: frozenset[str] = frozenset()):
        self.module = module
        self.rel = rel
        self.source = source
        self.known = known
        self.packages = packages
        self.is_package = rel.endswith("/__init__.py")
        self.package = module if self.is_package else module.rpartition(".")[0]
        self.layer = layer_of(module)
        self.pure = self.layer in PURE_LAYERS
        self.bindings: dict[str, str] = {}  # local name -> dotted name it stands for
        self.imports: list[tuple[int, str]] = []  # (line, module) for every resolved import
        self.violations: list[Violation] = []
        # What runs when the module is imported: not inside a function or lambda (depth),
        # not under ``if TYPE_CHECKING:`` (never runs).
        self.depth = 0
        self.type_checking = 0
        self.runtime_imports: list[tuple[int, str]] = []
        self.registrations: list[tuple[int, str]] = []  # (line, registry it fills)
        self.strings: set[str] = set()  # a package's string constants (lazy import lists)

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
            self._runs(alias.name, node.lineno)
            self._check_private(alias.name, 1, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._resolve(node.module, node.level, node.lineno)
        if base is None:
            return
        for alias in node.names:
            if self.pure:
                self._check_pure_name(alias.asname or alias.name, node.lineno)
            sub = f"{base}.{alias.name}"
            if alias.name != "*":
                self._check_private(sub, 1, node.lineno)
            if alias.name != "*" and self._is_module(sub):
                self._judge(sub, node.lineno)
                self._runs(sub, node.lineno)
                continue
            self._judge(base, node.lineno)
            self._runs(base, node.lineno)
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
            self._check_private(".".join([bound, *attrs]), len(bound.split(".")), line)
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
        self._check_registration(name, node.lineno)
        if name in GETATTR_LIKE and len(node.args) >= 2 and isinstance(node.args[0], ast.Name):
            bound, attr = self.bindings.get(node.args[0].id), node.args[1]
            if bound and isinstance(attr, ast.Constant) and isinstance(attr.value, str):
                self._check_private(f"{bound}.{attr.value}", len(bound.split(".")),
                                    node.lineno)
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
        self._runs(target, node.lineno)
        fromlist = args.get("fromlist") if how == "__import__" else None
        if isinstance(fromlist, (ast.Tuple, ast.List)):
            for element in fromlist.elts:
                if isinstance(element, ast.Constant) and isinstance(element.value, str):
                    sub = f"{target}.{element.value}"
                    if self._is_module(sub):
                        self._judge(sub, node.lineno)
                        self._runs(sub, node.lineno)

    # -- what runs at import time: cycles, registrations --------------------------------------

    def _at_import_time(self) -> bool:
        return self.depth == 0 and self.type_checking == 0

    def _runs(self, target: str, line: int) -> None:
        """Record an import that runs when this module is imported (the cycle rule's edges)."""
        if self._at_import_time() and target.split(".")[0] == TOP:
            self.runtime_imports.append((line, target))

    def _is_type_checking(self, test: ast.expr) -> bool:
        name = self._qualified(test) if isinstance(test, (ast.Name, ast.Attribute)) else None
        return name in ("TYPE_CHECKING", "typing.TYPE_CHECKING")

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """Decorators, defaults and annotations run at definition; the body runs later."""
        for decorator in node.decorator_list:
            self._check_decorator(decorator)
            self.visit(decorator)
        self.visit(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        self.depth += 1
        for statement in node.body:
            self.visit(statement)
        self.depth -= 1

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.visit(node.args)
        self.depth += 1
        self.visit(node.body)
        self.depth -= 1

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for decorator in node.decorator_list:
            self._check_decorator(decorator)
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        if not self._is_type_checking(node.test):
            self.generic_visit(node)
            return
        self.visit(node.test)
        self.type_checking += 1
        for statement in node.body:
            self.visit(statement)
        self.type_checking -= 1
        for statement in node.orelse:  # the else branch runs
            self.visit(statement)

    def visit_Constant(self, node: ast.Constant) -> None:
        if self.is_package and isinstance(node.value, str):
            self.strings.add(node.value)

    # -- private names ----------------------------------------------------------------------

    def _check_private(self, dotted: str, start: int, line: int) -> None:
        """``dotted`` (an import or an attribute chain from an imported module) names a
        private module, or a private name of a module, outside this module's folder?
        Components before ``start`` were checked where they were imported."""
        parts = dotted.split(".")
        if parts[0] != TOP:
            return
        for i in range(max(start, 1), len(parts)):
            owner = ".".join(parts[:i])
            if owner not in self.known:
                return  # past the modules: an attribute of an object, not a module's name
            name = parts[i]
            if _is_private(name) and folder_of(owner, self.packages) != self.package:
                shown = ".".join(parts[: i + 1])
                self._report(line, "private-name", shown,
                             f"{self.module} uses {shown}, private to the folder "
                             f"{folder_of(owner, self.packages).replace('.', '/')}/: make it "
                             "public (no underscore) if it is shared, or move it here")

    # -- registrations ----------------------------------------------------------------------

    def _check_decorator(self, decorator: ast.expr) -> None:
        """``@register`` (no call) registers when the class or function is defined."""
        if not isinstance(decorator, ast.Call):
            self._check_registration(self._qualified(decorator), decorator.lineno)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Subscript):  # not a bare name: that rebinds it here
                self._check_store(target.value, node.lineno)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        target = node.target
        self._check_store(target.value if isinstance(target, ast.Subscript) else target,
                          node.lineno)
        self.generic_visit(node)

    def _check_store(self, target: ast.expr, line: int) -> None:
        """``REGISTRY[key] = ...`` or ``REGISTRY |= ...`` on a name of another module."""
        if not isinstance(target, (ast.Name, ast.Attribute)):
            return
        name = self._qualified(target)
        if name is not None and name.split(".")[0] == TOP:
            self._check_registration(name + "." + "__setitem__", line)

    def _check_registration(self, name: str | None, line: int) -> None:
        """A call (or store) that fills a registry of leaguegen, made at import time, is
        made from the registry's own folder."""
        if name is None or name.split(".")[0] != TOP or not self._at_import_time():
            return
        registry = self._longest_module(name)
        attrs = name[len(registry) + 1:].split(".") if name != registry else []
        if not attrs or not _fills_a_registry(attrs):
            return
        self.registrations.append((line, name))
        home = folder_of(registry, self.packages)
        if home != self.package:
            self._report(line, "registration", name,
                         f"{self.module} fills {name} when imported, from outside the "
                         f"registry's folder {home.replace('.', '/')}/: register there, or "
                         "list the entry in the registry module")


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



# --- private names, import cycles, registries: each rule broken (and kept) in a copy -----------

_TOY_SYSTEM = "register(PairingSystem('toy', 'Toy', 'none', None))\n"

# (id, {file inside the package: code appended to it (created if missing)}, rule, subject).
# For an import cycle the subject lists modules that must all be on one reported cycle.
PLANTED = [
    # Private names: a folder's own; a subfolder is another folder.
    ("private-name-across-folders",
     {"site/pages/history.py": "from leaguegen.site.feeds.ical import _escape\n"},
     "private-name", "leaguegen.site.feeds.ical._escape"),
    ("private-name-from-the-parent-folder",
     {"domain/pairing/dutch/engine.py": "from ..state import _EMPTY\n"},
     "private-name", "leaguegen.domain.pairing.state._EMPTY"),
    ("private-name-through-a-module",
     {"formats/trf.py": "from leaguegen.domain import standings\n\n\n"
                        "def _f(groups):\n    return standings._positions(groups)\n"},
     "private-name", "leaguegen.domain.standings._positions"),
    ("private-name-through-import-as",
     {"site/urls.py": "import leaguegen.domain.planning as plan\n\n"
                      "_advice = plan._length_advice\n"},
     "private-name", "leaguegen.domain.planning._length_advice"),
    ("private-name-by-getattr",
     {"cli/terminal.py": "from leaguegen.domain import planning\n\n"
                         "_advice = getattr(planning, '_length_advice')\n"},
     "private-name", "leaguegen.domain.planning._length_advice"),
    ("private-module",
     {"domain/schedule/_shared.py": "ROUNDS = 7\n",
      "formats/trf.py": "from leaguegen.domain.schedule import _shared\n"},
     "private-name", "leaguegen.domain.schedule._shared"),
    # Import cycles that run when a module is imported.
    ("cycle-season-and-a-kind",
     {"domain/season.py": "from leaguegen.domain.sections.swiss import SwissSettings\n"},
     "import-cycle", "leaguegen.domain.season leaguegen.domain.sections.swiss"),
    # tiebreaks/spec.py imports nothing of leaguegen, but importing it runs
    # tiebreaks/__init__.py, whose modules import the model.
    ("cycle-through-a-parent-package",
     {"domain/model.py": "from leaguegen.domain.tiebreaks.spec import TiebreakSpec\n"},
     "import-cycle", "leaguegen.domain.model leaguegen.domain.tiebreaks"),
    ("cycle-in-a-try-block",
     {"domain/model.py": "try:\n    from leaguegen.domain import season\n"
                         "except ImportError:\n    season = None\n"},
     "import-cycle", "leaguegen.domain.model leaguegen.domain.season"),
    ("cycle-in-a-class-body",
     {"domain/model.py": "class _Late:\n    from leaguegen.domain import roundrobin\n"},
     "import-cycle", "leaguegen.domain.model leaguegen.domain.roundrobin"),
    ("cycle-in-the-else-of-type-checking",
     {"domain/model.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    pass\n"
                         "else:\n    from leaguegen.domain import season\n"},
     "import-cycle", "leaguegen.domain.model leaguegen.domain.season"),
    ("cycle-by-import-module",
     {"site/urls.py": "import importlib\n\n"
                      "_common = importlib.import_module('leaguegen.site.pages.common')\n"},
     "import-cycle", "leaguegen.site.pages leaguegen.site.urls"),
    ("cycle-of-two-new-modules",
     {"formats/ping.py": "from leaguegen.formats import pong\n",
      "formats/pong.py": "from . import ping\n"},
     "import-cycle", "leaguegen.formats.ping leaguegen.formats.pong"),
    # Registries filled from outside their folder, or by a module their package never runs.
    ("pairing-system-registered-outside-its-folder",
     {"domain/standings.py": "from leaguegen.domain.pairing.system import PairingSystem, "
                             "register\n\n" + _TOY_SYSTEM},
     "registration", "leaguegen.domain.pairing.system.register"),
    ("section-kind-registered-by-its-reader",
     {"formats/sections/swiss.py": "from leaguegen.domain.sections import SectionKind, "
                                   "register\n\nregister(SectionKind('toy'))\n"},
     "registration", "leaguegen.domain.sections.register"),
    ("page-maker-registered-by-a-decorator",
     {"site/feeds/atom.py": "from leaguegen.site.pages.registry import "
                            "register_section_pages\n\n\n@register_section_pages\n"
                            "def _more(season, section):\n    return {}\n"},
     "registration", "leaguegen.site.pages.registry.register_section_pages"),
    ("renderer-dict-filled-from-outside",
     {"site/feeds/ical.py": "from leaguegen.site.pages.registry import SECTION_RENDERERS\n\n"
                            "SECTION_RENDERERS['toy'] = None\n"},
     "registration", "leaguegen.site.pages.registry.SECTION_RENDERERS.__setitem__"),
    ("renderer-dict-updated-in-place",
     {"site/feeds/ical.py": "from leaguegen.site.pages.registry import SECTION_RENDERERS\n\n"
                            "SECTION_RENDERERS |= {'toy': None}\n"},
     "registration", "leaguegen.site.pages.registry.SECTION_RENDERERS.__setitem__"),
    ("page-list-appended-in-a-loop",
     {"site/feeds/json_feed.py": "from leaguegen.site.pages import registry\n\n"
                                 "for _maker in ():\n    registry.SECTION_PAGES.append(_maker)\n"},
     "registration", "leaguegen.site.pages.registry.SECTION_PAGES.append"),
    ("pairing-system-module-its-package-never-imports",
     {"domain/pairing/toy.py": "from .system import PairingSystem, register\n\n" + _TOY_SYSTEM},
     "registration-unlisted", "leaguegen.domain.pairing.toy"),
    ("command-module-the-cli-does-not-name",
     {"cli/toy_cmd.py": "from leaguegen.cli import main\n\n\n@main.command('toy')\n"
                        "def toy():\n    pass\n"},
     "registration-unlisted", "leaguegen.cli.toy_cmd"),
]


def _plant(copy: Path, plants: dict[str, str]) -> None:
    for where, code in plants.items():
        target = copy / where
        before = target.read_text(encoding="utf-8") if target.exists() else ""
        target.write_text(before + "\n\n" + code, encoding="utf-8")


@pytest.mark.parametrize(("plants", "rule", "subject"), [p[1:] for p in PLANTED],
                         ids=[p[0] for p in PLANTED])
def test_each_planted_violation_is_caught(tmp_path, plants, rule, subject) -> None:
    copy = _scratch(tmp_path)
    _plant(copy, plants)
    found = [v for v in check_package(copy) if v.key not in KNOWN_VIOLATIONS]
    if rule == "import-cycle":
        hits = [v for v in found if v.rule == rule
                and set(subject.split()) <= set(v.subject.split())]
    else:
        hits = [v for v in found if (v.rule, v.subject) == (rule, subject)]
    assert hits, "\n".join(map(str, found)) or "nothing reported"
    for hit in hits:  # the message says where: a planted file and line, as file:line
        assert any(f"{where}:" in str(hit) for where in plants), hit


# (id, {file: code appended}): what the rules allow, so a copy with it passes.
ALLOWED = [
    ("private-name-within-its-folder",
     {"site/feeds/atom.py": "from leaguegen.site.feeds.ical import _escape\n"}),
    ("private-name-of-the-folder-s-own-package",
     {"domain/pairing/dubov.py": "from leaguegen.domain.pairing import _hidden\n"}),
    ("a-dunder-across-folders",
     {"site/urls.py": "from leaguegen.domain.model import __doc__ as _model_doc\n"}),
    ("cycle-import-inside-a-function",
     {"domain/season.py": "def _kinds():\n    from leaguegen.domain.sections import swiss\n"
                          "    return swiss\n"}),
    ("cycle-import-under-type-checking",
     {"domain/model.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                         "    from leaguegen.domain.season import Season\n"}),
    ("cycle-import-under-typing-type-checking",
     {"domain/model.py": "import typing\n\nif typing.TYPE_CHECKING:\n"
                         "    from leaguegen.domain import season\n"}),
    ("cycle-import-in-a-lambda",
     {"site/urls.py": "import importlib\n\n_common = lambda: importlib.import_module("
                      "'leaguegen.site.pages.common')\n"}),
    ("a-package-importing-its-own-modules",
     {"formats/sections/__init__.py": "from leaguegen.formats.sections import swiss as _s\n"}),
    ("an-imported-registry-name-rebound",
     {"site/feeds/ical.py": "from leaguegen.site.pages.registry import SECTION_RENDERERS\n\n"
                            "SECTION_RENDERERS = {}\n"}),
    ("registration-inside-a-function",
     {"domain/standings.py": "def _toy():\n    from leaguegen.domain.pairing.system import "
                             "PairingSystem, register\n    " + _TOY_SYSTEM}),
    ("registering-module-its-package-imports",
     {"domain/pairing/toy.py": "from .system import PairingSystem, register\n\n" + _TOY_SYSTEM,
      "domain/pairing/__init__.py": "from . import toy  # noqa: F401\n"}),
    ("command-module-named-in-the-lazy-list",
     {"cli/toy_cmd.py": "from leaguegen.cli import main\n\n\n@main.command('toy')\n"
                        "def toy():\n    pass\n",
      "cli/__init__.py": "COMMANDS['toy'] = 'toy_cmd'\n"}),
]


@pytest.mark.parametrize("plants", [a[1] for a in ALLOWED], ids=[a[0] for a in ALLOWED])
def test_what_the_rules_allow_passes(tmp_path, plants) -> None:
    copy = _scratch(tmp_path)
    _plant(copy, plants)
    unexpected = _unexpected(check_package(copy))
    assert not unexpected, "\n".join(unexpected)


def test_the_registries_are_found() -> None:
    """The registration rule knows a registry by its ``register*`` function (or a click
    group's ``command``): if one is renamed, this fails rather than the rule going blind."""
    filled = {registry for fact in package_facts(PACKAGE).values()
              for _, registry in fact.registrations}
    assert {
        "leaguegen.domain.pairing.system.register",  # pairing systems
        "leaguegen.domain.sections.registry.register",  # section kinds
        "leaguegen.site.pages.registry.register_renderer",  # a kind's pages
        "leaguegen.site.pages.registry.register_section_pages",  # pages of every kind
        "leaguegen.cli.main.command",  # commands (COMMANDS names their modules)
    } <= filled, sorted(filled)


def test_the_import_graph() -> None:
    """Parents run before a module (edges), the importer's own parents do not (no edge);
    cycles come back whole and the example path is a shortest one."""
    imports = {"p.a": [(3, "q.b")], "q": [(1, "q.c")], "q.b": [], "q.c": [(2, "p.a")],
               "p": [(1, "p.a")], "p.d": [(5, "p")]}
    graph = runtime_graph(imports, imports)
    assert graph["p.a"] == {"q": 3, "q.b": 3}
    assert graph["p.d"] == {}  # p holds p.d: it is already running
    assert graph["q.c"] == {"p": 2, "p.a": 2}
    # q.c runs p (then p.a): p is on the cycle though nothing names it
    assert cycles(graph) == [["p", "p.a", "q", "q.c"]]
    assert shortest_cycle(graph, "p", ["p", "p.a", "q", "q.c"]) == ["p", "p.a", "q", "q.c", "p"]


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, "check", "--output-format", "concise", str(ROOT)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
