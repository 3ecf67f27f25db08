"""The staging tree writes only inside itself, checked by a path's parts (site/write.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.site.output_guard import MARKER
from leaguegen.site.write import OutputTree


@pytest.fixture
def tree(tmp_path: Path) -> OutputTree:
    made = OutputTree(tmp_path / "site")
    yield made
    made.abort()


@pytest.mark.parametrize("relative", ["../escape.html", "a/../../escape.html", "/tmp/escape.html",
                                      "", "a/\0b.html", "..", "a/b/../../../x"])
def test_a_path_leaving_the_site_is_refused(tree: OutputTree, tmp_path: Path,
                                            relative: str) -> None:
    with pytest.raises(ValueError, match="outside the site"):
        tree.write(relative, b"x")
    assert not (tmp_path / "escape.html").exists()


def test_a_link_inside_the_staging_folder_is_never_written_through(tree: OutputTree,
                                                                   tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept.html").write_text("theirs")
    os.symlink(elsewhere, tree.staging / "linked")
    os.symlink(elsewhere / "kept.html", tree.staging / "file.html")
    for relative in ("linked/kept.html", "linked/new/deeper.html", "file.html"):
        with pytest.raises(ValueError, match="outside the site"):
            tree.write(relative, b"ours")
    assert (elsewhere / "kept.html").read_text() == "theirs"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["kept.html"]


def test_nested_files_are_written_once_and_swapped_in(tree: OutputTree, tmp_path: Path) -> None:
    paths = ["index.html", "s1/index.html", "s1/players/1.html", "s1/players/2.html",
             "s2/rounds/r1/index.html", "assets/fonts/a.woff2"]
    for i, relative in enumerate(paths):
        tree.write(relative, f"page {i}")
    with pytest.raises(ValueError, match="written twice"):
        tree.write("s1/players/1.html", b"again")
    with pytest.raises(ValueError, match="written twice"):
        tree.write(MARKER, b"not ours to replace")
    tree.commit()
    site = tmp_path / "site"
    for i, relative in enumerate(paths):
        assert (site / relative).read_text() == f"page {i}"
    assert (site / MARKER).is_file()


def _old_target(root: str, relative: str) -> str:
    """The staging path as ``OutputTree`` made it before its plain-path shortcut."""
    parts = [p for p in relative.split("/") if p and p != "."]
    if not parts or relative.startswith("/") or ".." in parts or "\0" in relative:
        raise ValueError("outside")
    return os.path.join(root, *parts)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["a", "b.html", "", ".", "..", "x\0y", "...", ".a", "a."]),
                min_size=0, max_size=5),
       st.booleans(), st.booleans())
def test_any_relative_path_goes_where_the_general_rule_puts_it(parts: list[str], lead: bool,
                                                               trail: bool) -> None:
    tree = object.__new__(OutputTree)  # the path rules only: nothing is made on disk
    tree._root = "/staging/.site-build-1-ab"
    tree._folders = {tree._root}
    relative = ("/" if lead else "") + "/".join(parts) + ("/" if trail else "")
    try:
        expected = _old_target(tree._root, relative)
    except ValueError:
        with pytest.raises(ValueError, match="outside the site"):
            tree._locate(relative)
        return
    tree._folders.add(os.path.dirname(expected))  # (no link check: nothing on disk)
    assert tree._locate(relative) == (expected, os.path.dirname(expected))


def test_a_short_write_is_finished(tree: OutputTree, monkeypatch: pytest.MonkeyPatch) -> None:
    import leaguegen.site.write as site_write

    real = os.write
    monkeypatch.setattr(site_write.os, "write", lambda fd, data: real(fd, bytes(data[:3])))
    tree.put("s1/page.html", "a page of some length, ½ in UTF-8")
    assert (tree.staging / "s1" / "page.html").read_text() == "a page of some length, ½ in UTF-8"
