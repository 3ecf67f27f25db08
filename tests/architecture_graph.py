"""The import graph of the package as it runs, for ``test_architecture.py``'s cycle rule.

Only imports executed when a module is imported count (``_ModuleCheck.runtime_imports``:
not inside a function or lambda, not under ``if TYPE_CHECKING:``). Python runs the
packages above a module before the module itself, so ``import a.b.c`` in ``m`` also runs
``a/__init__.py`` and ``a/b/__init__.py``: those are edges too, except to the packages
that hold ``m`` itself (they started running before ``m`` did; a package's ``__init__``
importing its own modules is how every package here is built, not a cycle). Namespace
folders without an ``__init__.py`` run nothing and are not nodes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping


def _parents(module: str) -> list[str]:
    """``a.b.c`` -> ``["a", "a.b"]``."""
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def runtime_graph(imports: Mapping[str, Iterable[tuple[int, str]]],
                  modules: Iterable[str]) -> dict[str, dict[str, int]]:
    """module -> {module it runs at import: line of the import}, within ``modules``."""
    nodes = set(modules)
    graph: dict[str, dict[str, int]] = {m: {} for m in nodes}
    for module, found in imports.items():
        own = set(_parents(module)) | {module}
        for line, target in found:
            for reached in [*_parents(target), target]:
                if reached in nodes and reached not in own:
                    graph[module].setdefault(reached, line)
    return graph


def cycles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The strongly connected parts of more than one module, each sorted, in a stable
    order (Tarjan's algorithm, iterative). A module importing itself is no edge
    (``runtime_graph`` leaves it out): Python hands it the module it is running."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return sorted(found)


def shortest_cycle(graph: Mapping[str, Mapping[str, int]], start: str,
                   within: Iterable[str]) -> list[str]:
    """The shortest import path from ``start`` back to itself inside one cycle's modules:
    ``[start, b, c, start]`` (breadth first, neighbours in name order)."""
    allowed = set(within)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph[node]):
            if child not in allowed:
                continue
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise ValueError(f"{start} is on no cycle within {sorted(allowed)}")
