"""The section files parsed by a forked child (``season_preload``) load to the very same
season, or the very same errors, as a load in one process, whoever parsed which file."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats import season_preload
from leaguegen.formats.season_yaml import load_season

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_rebuild  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("preload") / "season"
    live_rebuild.generate(folder, 24, 240)
    return folder


def _child_done(pre: season_preload.Preload) -> None:
    """Wait until the child has taken every file (it parses from the last one back)."""
    deadline = time.monotonic() + 30
    while season_preload._SLOTS.unpack_from(pre._counters, 0)[1] != 0:
        assert time.monotonic() < deadline, "the child never reached the first file"
        time.sleep(0.01)
    pid = pre.pid
    assert pid is not None
    os.waitpid(pid, 0)
    pre.pid = None


def test_split_load_is_the_one_process_load(big: Path) -> None:
    alone = load_season(big)
    pre = season_preload.start(big)
    assert pre is not None
    assert load_season(big, preload=pre) == alone
    assert pre.pid is None  # the child was waited for


def test_every_file_from_the_child(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    alone = load_season(big)
    pre = season_preload.start(big)
    assert pre is not None
    _child_done(pre)
    parsed_here = []
    real = season_preload.season_yaml.parse_section_file

    def counting(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        parsed_here.append(args[0].value)
        return real(*args, **kwargs)

    monkeypatch.setattr(season_preload.season_yaml, "parse_section_file", counting)
    assert load_season(big, preload=pre) == alone
    assert parsed_here == []  # all 24 came from the child, in their places


def test_a_dead_child_leaves_the_files_to_this_process(big: Path) -> None:
    alone = load_season(big)
    pre = season_preload.start(big)
    assert pre is not None and pre.pid is not None
    os.kill(pre.pid, signal.SIGKILL)
    assert load_season(big, preload=pre) == alone


def test_a_child_of_another_season_is_not_taken(big: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(big, other)
    text = (other / "sections" / "s003.yaml").read_text()
    (other / "sections" / "s003.yaml").write_text(text.replace("Division 4", "Division Four"))
    (other / "season.yaml").write_text((other / "season.yaml").read_text()
                                       + "free_round_score: 0\n")  # other defaults: other tags
    pre = season_preload.start(other)
    assert pre is not None
    _child_done(pre)
    assert load_season(big, preload=pre) == load_season(big)


def _problems(folder: Path, **kwargs: object) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_season(folder, **kwargs)
    return [str(p) for p in caught.value.problems]


def test_the_same_errors_at_the_same_lines(big: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(big, broken)
    first, last = broken / "sections" / "s000.yaml", broken / "sections" / "s023.yaml"
    first.write_text(first.read_text().replace(": 0-1", ": 0-2", 1))
    last.write_text(last.read_text().replace("rating:", "rating: [", 1))
    (broken / "sections" / "s011.yaml").unlink()
    season = broken / "season.yaml"
    season.write_text(season.read_text().replace("sections/s005.yaml", "sections/s004.yaml"))
    expected = _problems(broken)
    assert any("s000.yaml:" in p for p in expected)
    assert any("s023.yaml:" in p for p in expected)
    assert any("s011.yaml" in p for p in expected)
    assert any("used twice" in p for p in expected)
    pre = season_preload.start(broken)
    assert pre is not None
    assert _problems(broken, preload=pre) == expected
    pre = season_preload.start(broken)
    assert pre is not None
    _child_done(pre)
    assert _problems(broken, preload=pre) == expected


def test_close_ends_a_child_never_asked(big: Path) -> None:
    pre = season_preload.start(big)
    assert pre is not None and pre.pid is not None
    pid = pre.pid
    pre.close()
    pre.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)


def test_demo_seasons_load_the_same(tmp_path: Path) -> None:
    for demo in sorted((ROOT / "seasons").iterdir()):
        if not (demo / "season.yaml").is_file():
            continue
        pre = season_preload.start(demo)
        assert pre is not None
        assert load_season(demo, preload=pre) == load_season(demo), demo.name


def test_sections_written_in_season_yaml_keep_their_places(big: Path, tmp_path: Path) -> None:
    mixed = tmp_path / "mixed"
    shutil.copytree(big, mixed)
    season = mixed / "season.yaml"
    inline = ("  - id: inline\n    name: Written here\n    format: round_robin\n"
              "    players: [Ann Inline, Bob Inline, Cy Inline, Di Inline]\n")
    season.write_text(season.read_text().replace("  - sections/s010.yaml\n",
                                                 inline + "  - sections/s010.yaml\n"))
    alone = load_season(mixed)
    assert [s.id for s in alone.sections].index("inline") == 10
    pre = season_preload.start(mixed)
    assert pre is not None
    assert load_season(mixed, preload=pre) == alone
    pre = season_preload.start(mixed)
    assert pre is not None
    _child_done(pre)
    assert load_season(mixed, preload=pre) == alone
