"""``docs/architecture.md``, "Where a new thing goes", is true for the kinds and chores: each
registered kind is its four places, and the code the kinds share (the loader, the chores,
the TRF export, the write-back) names no kind's format word: what differs by kind is a
hook of the kind (issue 27, item 4)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from leaguegen.domain.sections import kinds
from leaguegen.formats.sections import READERS
from leaguegen.site.pages.registry import SECTION_RENDERERS
from tests.conftest import ROOT

PKG = ROOT / "leaguegen"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def kind_places(name: str, reader: str) -> list[bool]:
    """Whether each documented place of a kind holds it."""
    return [
        "register(SectionKind(" in (PKG / "domain" / "sections" / f"{name}.py").read_text(),
        "READER = FormatParser(" in (PKG / "formats" / "sections" / f"{reader}.py").read_text(),
        _only_context(PKG / "site" / "pages" / f"{name}.py"),
        all((ROOT / "site_template" / name / f).is_file()
            for f in ("section.html", "rounds.html", "pdf.html")),
    ]


def _only_context(page_module: Path) -> bool:
    """A kind's page module is its context: it registers a context function and a templates
    folder, and renders nothing itself (the one renderer is ``site/pages/registry.py``'s)."""
    if not page_module.is_file():
        return False
    text = page_module.read_text(encoding="utf-8")
    return "register_renderer(" in text and "leaguegen.site.render" not in text


def documented(thing: str) -> tuple[int, int]:
    """(the count the doc says in words, the numbered items it lists) for a thing."""
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    block = DOC.split(f"**{thing}**", 1)[1].split("\n**", 1)[0]
    said = re.search(r"\): (\w+) places", block)
    assert said is not None, block[:200]
    return words[said.group(1)], len(re.findall(r"^\d+\. ", block, re.M))


def test_every_kind_is_its_four_places() -> None:
    said, listed = documented("A section kind")
    assert said == listed == 4
    for kind in kinds():
        places = kind_places(kind.name, kind.reader_key)
        assert len(places) == said
        assert all(places), (kind.name, places)
        assert READERS[kind.reader_key].format == kind.reader_key
        assert all(fmt in SECTION_RENDERERS for fmt in kind.formats)


def test_a_chore_is_two_places() -> None:
    block = DOC.split("**A chore**", 1)[1].split("\n**", 1)[0]
    assert re.search(r"\): two places\.", block)
    assert "`leaguegen/formats/chores/`" in block and "`cli/chore_cmds.py`" in block


SHARED = [
    *sorted((PKG / "formats" / "chores").glob("*.py")),
    PKG / "formats" / "season_trf.py", PKG / "formats" / "season_write.py",
    PKG / "formats" / "season_yaml.py", PKG / "cli" / "chore_cmds.py",
    PKG / "cli" / "freeze_cmd.py", PKG / "cli" / "export_cmd.py",
]


def test_the_shared_code_names_no_kind() -> None:
    words = {w for k in kinds() for w in (*k.formats, k.name)}
    found = []
    for path in SHARED:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in words]
    assert found == []
