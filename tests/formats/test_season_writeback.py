"""Write-back keeps the organiser's file: only the new lines are added, in the file's own style,
and nothing is written when the file changed, the lock is held or anything goes wrong."""

from __future__ import annotations

import datetime as dt
import difflib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.schedule import berger
from leaguegen.domain.sections.swiss import paired_rounds
from leaguegen.formats import season_write as sw
from leaguegen.formats import yaml_splice
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"


@dataclass(frozen=True)
class Style:
    """How a hand-written season file may be laid out."""

    seq: int = 2  # columns from a key to the "-" of its list (0 = indentless lists)
    item: int = 2  # columns from "-" to the item's keys
    newline: str = "\n"
    bom: bool = False
    marker: bool = False  # a "---" first line
    end_marker: bool = False  # a "..." last line
    trailing: str = ""  # a comment after the rounds, e.g. "# next round on Thursday"
    trailing_col: int = 0
    final_newline: bool = True
    empty: str = "[]"  # how "no rounds" is written: "[]", "", "~" or "missing"
    inline: bool = True  # section inside season.yaml (else its own file)


def _players(n: int) -> list[str]:
    return [f"Player {chr(65 + i)}{'' if i < 26 else i}" for i in range(n)]


def season_text(style: Style, n: int = 6, rounds: int = 2) -> tuple[str, str]:
    """(season.yaml, section file or "") in the given style, ``rounds`` rounds played."""
    names = _players(n)
    sched = berger.schedule(n)
    top = ["# written by hand", "name: Style test", "sections:"]
    base = style.seq if style.inline else 0  # the section mapping's "-" column (inline)
    key = base + style.item if style.inline else 0
    sec: list[str] = []
    first = True

    def k(text: str) -> None:
        nonlocal first
        if style.inline and first:
            sec.append(" " * base + "-" + " " * (style.item - 1) + text)
            first = False
        else:
            sec.append(" " * key + text)

    k("id: open")
    k("name: Open  # the only section")
    k("format: swiss")
    k("number_of_rounds: 5")
    k("players:")
    for i, name in enumerate(names):
        sec.append(" " * (key + style.seq) + f"- {{name: {name}, rating: {2000 - i}}}")
    dash = key + style.seq
    if rounds:
        k("rounds:")
        for r in range(rounds):
            sec.append(" " * dash + "-" + " " * (style.item - 1) + f"date: 2026-01-{r + 1:02d}")
            sec.append(" " * (dash + style.item) + "results:")
            for p in sched[r]:
                if p.white and p.black:
                    sec.append(" " * (dash + style.item + style.seq) +
                               f"- {names[p.white - 1]} - {names[p.black - 1]}: 1-0")
            if r == 0:
                sec.append(" " * dash + "# round 2 was on a Tuesday")
    elif style.empty != "missing":
        k(f"rounds: {style.empty}".rstrip() + ("  # none yet" if style.empty == "[]" else ""))
    if style.trailing:
        sec.append(" " * style.trailing_col + style.trailing)
    if style.inline:
        lines = top + sec
        sub = ""
    else:
        lines = top + ["  - open.yaml"]
        sub_lines = sec
        sub = style.newline.join(sub_lines) + style.newline
    if style.marker:
        lines.insert(0, "---")
    if style.end_marker:
        lines.append("...")
    text = style.newline.join(lines) + (style.newline if style.final_newline else "")
    return text, sub


def write_season(folder: Path, style: Style, rounds: int = 2, n: int = 6) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text, sub = season_text(style, n=n, rounds=rounds)
    bom = sw.BOM if style.bom else b""
    (folder / "season.yaml").write_bytes(bom + text.encode())
    if sub:
        (folder / "open.yaml").write_bytes(bom + sub.encode())
    return folder / ("season.yaml" if style.inline else "open.yaml")


def temps(folder: Path) -> list[Path]:
    """Temporary files of a write (``.leaguegen-tmp``; ``.tmp`` in leaguegen 0.1)."""
    return [p for p in folder.iterdir() if p.name.endswith((".tmp", ".leaguegen-tmp"))]


def next_round(n: int, done: int) -> list[tuple[str, str]]:
    names = _players(n)
    return [(names[p.white - 1], names[p.black - 1]) for p in berger.schedule(n)[done]
            if p.white and p.black]


def only_added(before: bytes, after: bytes) -> list[bytes]:
    """The lines added; fails if any line of ``before`` changed or moved."""
    a = before.splitlines(keepends=True)
    b = after.splitlines(keepends=True)
    ops = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    assert [op[0] for op in ops] == ["insert"], ops
    _, _, _, j1, j2 = ops[0]
    return b[j1:j2]


STYLES = [
    Style(),
    Style(seq=4, item=4),
    Style(seq=0, item=2),
    Style(seq=4, item=2),
    Style(newline="\r\n"),
    Style(bom=True),
    Style(bom=True, newline="\r\n", seq=4, item=4),
    Style(marker=True),
    Style(marker=True, end_marker=True),
    Style(trailing="# pair the next round on Thursday"),
    Style(trailing="# an indented note", trailing_col=6),
    Style(final_newline=False),
    Style(inline=False),
    Style(inline=False, seq=4, item=4, newline="\r\n", bom=True),
]


@pytest.mark.parametrize("style", STYLES, ids=repr)
def test_append_adds_only_the_new_lines(tmp_path: Path, style: Style) -> None:
    path = write_season(tmp_path / "s", style)
    before = path.read_bytes()
    games = next_round(6, 2)
    changed = sw.append_round(tmp_path / "s", "open", games, date=dt.date(2026, 1, 3))
    assert changed == path
    after = path.read_bytes()
    if style.final_newline:
        added = only_added(before, after)
    else:  # the last line gains its line break, nothing else changes
        assert after.startswith(before)
        added = after[len(before):].splitlines(keepends=True)[1:]
    assert after.startswith(sw.BOM) == style.bom
    nl = style.newline.encode()
    assert all(line.endswith(nl) for line in added)
    if nl == b"\n":
        assert b"\r" not in after
    else:
        assert after.count(b"\n") == after.count(b"\r\n")
    text = b"".join(added).decode()
    dash = (style.item + style.seq if style.inline else 0) + style.seq
    key, result = dash + style.item, dash + style.item + style.seq
    assert text.splitlines() == [
        " " * dash + "-" + " " * (style.item - 1) + "date: 2026-01-03",
        " " * key + "results:",
        *(" " * result + f"- {white} - {black}:" for white, black in games)]
    if style.trailing:
        # the new round goes with the rounds, before a trailing comment
        assert after.rstrip().endswith(style.trailing.encode() + (b"\n..." if style.end_marker
                                                                   else b""))
    section = load_season(tmp_path / "s").section("open")
    assert paired_rounds(section) == 3
    assert [(section.players[g.white - 1].name, section.players[g.black - 1].name)
            for g in section.games if g.round == 3] == games
    assert not temps(path.parent)


@pytest.mark.parametrize("empty", ["[]", "", "~", "missing"])
@pytest.mark.parametrize("style", [Style(), Style(seq=4, item=4), Style(seq=0),
                                   Style(inline=False, newline="\r\n")], ids=repr)
def test_first_round_of_a_section_without_rounds(tmp_path: Path, style: Style,
                                                 empty: str) -> None:
    style = Style(**{**style.__dict__, "empty": empty})
    path = write_season(tmp_path / "s", style, rounds=0, n=7)
    before = path.read_text(encoding="utf-8")
    games = next_round(7, 0)
    assert len(games) == 3
    sit_out = ({f"Player {c}" for c in "ABCDEFG"} - {n for g in games for n in g}).pop()
    sw.append_round(tmp_path / "s", "open", games, [(sit_out, "half")])
    after = path.read_text(encoding="utf-8")
    assert after.startswith("# written by hand" if style.inline else "id: open")
    if empty == "[]":
        assert "rounds:     # none yet" in after  # the comment keeps its column
    removed = [d for d in difflib.ndiff(before.splitlines(), after.splitlines())
               if d.startswith("- ")]
    assert len(removed) <= 1 and all("rounds" in d for d in removed)
    section = load_season(tmp_path / "s").section("open")
    assert paired_rounds(section) == 1
    assert len([g for g in section.games if g.round == 1]) == 3


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seq=st.sampled_from([0, 2, 4]), item=st.sampled_from([2, 4]),
       newline=st.sampled_from(["\n", "\r\n"]), bom=st.booleans(), marker=st.booleans(),
       trailing=st.sampled_from(["", "# later", "#"]), col=st.integers(0, 12),
       inline=st.booleans(), rounds=st.integers(1, 4))
def test_any_layout_gets_only_added_lines(tmp_path_factory, seq, item, newline, bom, marker,
                                          trailing, col, inline, rounds) -> None:
    style = Style(seq=seq, item=item, newline=newline, bom=bom, marker=marker,
                  trailing=trailing, trailing_col=col, inline=inline)
    folder = tmp_path_factory.mktemp("layout") / "s"
    path = write_season(folder, style, rounds=rounds)
    before = path.read_bytes()
    games = next_round(6, rounds)
    sw.append_round(folder, "open", games)
    only_added(before, path.read_bytes())
    section = load_season(folder).section("open")
    assert paired_rounds(section) == rounds + 1


def test_names_that_need_quotes_read_back(tmp_path: Path) -> None:
    path = write_season(tmp_path / "s", Style(), rounds=0)
    text = path.read_text(encoding="utf-8")
    odd = ["O'Brien: Jr", "#Hash Tag", "Zoë \"Z\" Ng", "- dash", "yes", "[x]"]
    for old, new in zip(_players(6), odd, strict=True):
        text = text.replace(f"{{name: {old},", f"{{name: {yaml_splice.yaml_scalar(new)},")
    path.write_text(text, encoding="utf-8")
    names = [p.name for p in load_season(tmp_path / "s").section("open").players]
    assert names == odd
    games = [(odd[a - 1], odd[b - 1]) for a, b in ((1, 4), (2, 5), (3, 6))]
    sw.append_round(tmp_path / "s", "open", games)
    section = load_season(tmp_path / "s").section("open")
    assert [(names[g.white - 1], names[g.black - 1]) for g in section.games
            if g.round == 1] == games


# ------------------------------------------------------------------- symlinks


def test_symlinked_season_file_is_written_through(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    real = write_season(folder, Style())
    (folder / "data").mkdir()
    target = folder / "data" / "season-real.yaml"
    real.rename(target)
    (folder / "season.yaml").symlink_to("data/season-real.yaml")
    sw.append_round(folder, "open", next_round(6, 2))
    assert (folder / "season.yaml").is_symlink()
    assert os.readlink(folder / "season.yaml") == "data/season-real.yaml"
    assert paired_rounds(load_season(folder).section("open")) == 3
    assert not temps(folder / "data")


def test_symlink_out_of_the_season_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    write_season(tmp_path / "x", Style()).rename(outside)
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "season.yaml").symlink_to(outside)
    before = outside.read_bytes()
    with pytest.raises(sw.WriteError, match="outside the season folder"):
        sw.append_round(folder, "open", next_round(6, 2))
    assert outside.read_bytes() == before
    assert temps(tmp_path) == []


# ------------------------------------------------------------ failure paths


def test_temp_file_removed_when_the_rename_fails(tmp_path: Path, monkeypatch) -> None:
    path = write_season(tmp_path / "s", Style())
    before = path.read_bytes()

    def fail(*_a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sw.os, "replace", fail)
    with pytest.raises(OSError, match="No space left"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_bytes() == before
    assert not temps(path.parent)


def test_temp_file_removed_when_writing_fails(tmp_path: Path, monkeypatch) -> None:
    path = write_season(tmp_path / "s", Style())
    before = path.read_bytes()

    def fail(_fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(sw.os, "fsync", fail)
    with pytest.raises(OSError, match="Input/output"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_bytes() == before
    assert not temps(path.parent)


def test_stale_temp_of_a_killed_run_is_ignored_and_removed(tmp_path: Path) -> None:
    path = write_season(tmp_path / "s", Style())
    stale = path.parent / ".season.yaml.k1ll3d.tmp"
    stale.write_text("name: half a file\nsec", encoding="utf-8")
    stale2 = path.parent / ".season.yaml.k1ll3d.leaguegen-tmp"
    stale2.write_text("name: half a file\nsec", encoding="utf-8")
    assert load_season(tmp_path / "s").section("open")  # the loader never reads it
    sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert not stale.exists() and not stale2.exists()
    assert paired_rounds(load_season(tmp_path / "s").section("open")) == 3


def test_flow_list_of_rounds_is_refused_unchanged(tmp_path: Path) -> None:
    path = write_season(tmp_path / "s", Style(), rounds=0)
    text = path.read_text(encoding="utf-8").replace(
        "rounds: []", "rounds: [{results: [Player A - Player F: 1-0]}]")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(sw.WriteError, match="flow list"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 1))
    assert path.read_text(encoding="utf-8") == text


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = write_season(tmp_path / "s", Style())
    path.write_bytes(path.read_bytes().replace(b"Open  #", b"Op\xffen  #"))
    before = path.read_bytes()
    with pytest.raises(sw.WriteError, match="not UTF-8"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_bytes() == before


# ------------------------------------------------------------ lock and re-read


def test_second_writer_waits_then_refuses(tmp_path: Path, monkeypatch) -> None:
    path = write_season(tmp_path / "s", Style())
    before = path.read_bytes()
    monkeypatch.setattr(sw, "LOCK_WAIT", 0.2)
    with sw.season_lock(tmp_path / "s"), pytest.raises(
            sw.SeasonBusy, match="another leaguegen command is writing"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_bytes() == before
    sw.append_round(tmp_path / "s", "open", next_round(6, 2))  # free again
    assert (tmp_path / "s" / sw.LOCK_NAME).is_file()


def test_lock_file_that_is_a_symlink_is_not_followed(tmp_path: Path) -> None:
    write_season(tmp_path / "s", Style())
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (tmp_path / "s" / sw.LOCK_NAME).symlink_to(victim)
    with pytest.raises(sw.WriteError, match="lock file"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert victim.read_text(encoding="utf-8") == "keep me"


def test_a_save_after_the_read_is_never_overwritten(tmp_path: Path) -> None:
    path = write_season(tmp_path / "s", Style())
    with sw.SeasonSession(tmp_path / "s") as session:
        load_season(tmp_path / "s")
        session.confirm_read()
        edited = path.read_text(encoding="utf-8").replace("Open  #", "Open (edited)  #")
        path.write_text(edited, encoding="utf-8")  # the organiser saves meanwhile
        with pytest.raises(sw.SeasonChanged, match="changed while this command ran"):
            session.append_round("open", next_round(6, 2))
    assert path.read_text(encoding="utf-8") == edited
    assert not temps(path.parent)


def test_a_save_in_the_last_moment_is_caught(tmp_path: Path, monkeypatch) -> None:
    """The check runs after the new bytes are on disk, right before the rename."""
    path = write_season(tmp_path / "s", Style())
    real_fsync = sw.os.fsync
    edited = path.read_text(encoding="utf-8") + "# saved at the last moment\n"

    def fsync_then_save(fd: int) -> None:
        real_fsync(fd)
        path.write_text(edited, encoding="utf-8")

    monkeypatch.setattr(sw.os, "fsync", fsync_then_save)
    with pytest.raises(sw.SeasonChanged):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_text(encoding="utf-8") == edited
    assert not temps(path.parent)


def test_another_section_file_changing_is_caught(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    path = write_season(folder, Style(inline=False))
    season = folder / "season.yaml"
    with sw.SeasonSession(folder) as session:
        season.write_text(season.read_text(encoding="utf-8").replace(
            "name: Style test", "name: Renamed"), encoding="utf-8")
        with pytest.raises(sw.SeasonChanged, match="season.yaml"):
            session.append_round("open", next_round(6, 2))
    assert "Renamed" in season.read_text(encoding="utf-8")
    assert paired_rounds(load_season(folder).section("open")) == 2
    assert path.exists()


def test_demo_swiss_round_appended(tmp_path: Path) -> None:
    folder = tmp_path / "thursday"
    shutil.copytree(SWISS_DEMO, folder)
    before = (folder / "season.yaml").read_bytes()
    sw.append_round(folder, "open", [("Alexei Morozov", "Grace Holloway")],
                    [("Helen Carter", "half")], dt.date(2026, 11, 5))
    added = only_added(before, (folder / "season.yaml").read_bytes())
    assert b"".join(added).decode() == (
        "      - date: 2026-11-05\n"
        "        results:\n"
        "          - Alexei Morozov - Grace Holloway:\n"
        "          - Helen Carter: half\n")


def test_a_splice_that_changes_other_content_is_never_written(tmp_path: Path,
                                                               monkeypatch) -> None:
    """The written text is parsed again: any change beyond the new round stops the write."""
    path = write_season(tmp_path / "s", Style(trailing="# end"))
    before = path.read_bytes()
    real_join = yaml_splice._join

    def tampering_join(text: str, at: int, body: str, newline: str) -> str:
        return real_join(text, at, body, newline).replace("Player B - Player E: 1-0",
                                                          "Player B - Player E: 0-1")

    monkeypatch.setattr(yaml_splice, "_join", tampering_join)
    with pytest.raises(sw.WriteError, match="the rest of the file would not read as before"):
        sw.append_round(tmp_path / "s", "open", next_round(6, 2))
    assert path.read_bytes() == before


@pytest.mark.parametrize("style", STYLES[:8], ids=repr)
def test_both_yaml_composers_splice_the_same(tmp_path: Path, style: Style, monkeypatch) -> None:
    """Offsets from libyaml and from PyYAML's pure-Python composer agree (non-ASCII too)."""
    import yaml

    outputs = []
    for loader in (yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        monkeypatch.setattr(yaml_splice, "LOADER", loader)
        folder = tmp_path / loader.__name__
        path = write_season(folder, style)
        path.write_bytes(path.read_bytes().replace(b"Player", "Plåyér".encode()))
        games = [(a.replace("Player", "Plåyér"), b.replace("Player", "Plåyér"))
                 for a, b in next_round(6, 2)]
        sw.append_round(folder, "open", games, date=dt.date(2026, 1, 3))
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]
    assert "Plåyér A".encode() in outputs[0]
