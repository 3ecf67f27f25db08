"""No cache keyed by an object's identity anywhere in the package (issue 27, item 3).

An object's ``id()`` is reused once the object is gone, so a dictionary that outlives
a call and is keyed by ``id()`` hands one object's facts to another (and keeps what it
holds alive to stop that). Facts are derived once per build and passed down instead
(``domain.season_facts``); a long-running caller keeps what it must between builds by
content (``pipeline.Memo``). This scan reads every module of ``leaguegen``: an ``id()``
used as a key into, or a member of, a container that outlives the call (a module's
global, an attribute such as ``self._memo``, a container made at module or class level)
fails it. Identity sets local to one call (the pairing code's ``{id(p) for p in xs}``,
whose objects are alive while it runs) are allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "leaguegen"
MODULES = sorted(PACKAGE.rglob("*.py"))
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
KEYED = {"get", "setdefault", "pop", "add", "discard", "remove", "move_to_end", "update",
         "__contains__", "__getitem__", "__setitem__"}


def _locals(fn: ast.AST) -> set[str]:
    """The names bound in a function itself (its arguments and assignments), less those
    it declares global."""
    names: set[str] = set()
    args = fn.args  # type: ignore[attr-defined]
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
        if a is not None:
            names.add(a.arg)
    glob: set[str] = set()
    body = fn.body if isinstance(fn.body, list) else [fn.body]  # type: ignore[attr-defined]
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Global):
                glob.update(node.names)
    return names - glob


def _short_lived(container: ast.AST, scopes: list[ast.AST]) -> bool:
    """Whether ``container`` is a name local to one of the enclosing functions."""
    return (isinstance(container, ast.Name)
            and any(container.id in _locals(fn) for fn in scopes))


def identity_keys(source: str) -> list[int]:
    """The lines where ``id()`` keys (or is a member of) a container outliving the call."""
    tree = ast.parse(source)
    parent: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parent[child] = node
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "id"):
            continue
        scopes, up = [], parent.get(node)
        while up is not None:
            if isinstance(up, FUNCTIONS):
                scopes.append(up)
            up = parent.get(up)
        here: ast.AST = node
        use = parent.get(here)
        while isinstance(use, ast.Tuple):  # a key such as (id(x), y)
            here, use = use, parent.get(use)
        container: ast.AST | None = None
        if isinstance(use, ast.Subscript) and use.slice is here:
            container = use.value
        elif (isinstance(use, ast.Call) and isinstance(use.func, ast.Attribute)
              and use.func.attr in KEYED and here in use.args):
            container = use.func.value
        elif isinstance(use, ast.Compare) and use.left is here \
                and isinstance(use.ops[0], ast.In | ast.NotIn):
            container = use.comparators[0]
        elif isinstance(use, ast.Dict | ast.Set | ast.DictComp | ast.SetComp):
            target = parent.get(use)
            if isinstance(target, ast.Assign):
                container = target.targets[0]
            elif isinstance(target, ast.AnnAssign | ast.AugAssign):
                container = target.target
            elif scopes:  # made in a call and handed to another, not kept
                continue
        lasting = not scopes if container is None else not _short_lived(container, scopes)
        if lasting:  # kept beyond the call, or made at module or class level
            found.append(node.lineno)
    return found


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_cache_keyed_by_identity(module: Path) -> None:
    lines = identity_keys(module.read_text(encoding="utf-8"))
    assert not lines, f"{module.relative_to(ROOT)}: id() keys a lasting container at {lines}"


PLANTED = {
    # the memo this issue removed from domain/sections/facts.py
    "module memo": "_MEMO = {}\ndef facts_of(s):\n    known = _MEMO.get(id(s))\n"
                   "    _MEMO[id(s)] = (s, 1)\n    return known\n",
    "attribute memo": "class C:\n    def f(self, s):\n        return self._seen[(id(s), 2)]\n",
    "membership in a global": "SEEN = set()\ndef f(s):\n    return id(s) in SEEN\n",
    "stored on an object": "def f(o, xs):\n    o.ids = {id(x): x for x in xs}\n",
    "module level": "KEY = id(object())\n",
}
ALLOWED = {
    "a call's own set": "def f(xs, ys):\n    taken = {id(p) for p in xs}\n"
                        "    return [p for p in ys if id(p) not in taken]\n",
    "a closure's": "def f(xs):\n    small = {id(p) for p in xs}\n"
                   "    def g(a):\n        return id(a) in small\n    return g\n",
    "a value compared, not kept": "def value(m):\n    return id(m), m.value()\n",
}


@pytest.mark.parametrize("name", PLANTED)
def test_the_scan_finds_a_planted_identity_cache(name: str) -> None:
    assert identity_keys(PLANTED[name]), name


@pytest.mark.parametrize("name", ALLOWED)
def test_the_scan_allows_identities_local_to_one_call(name: str) -> None:
    assert identity_keys(ALLOWED[name]) == [], name
