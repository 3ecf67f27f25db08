"""FIDE C.07 (2026): no Buchholz-family tie-breaks in a round robin (issue 17, part 4).

``check`` warns (exit 0, ``file:line:col: warning: ...``) when a round robin,
a double round robin or quads list BH, FB, AOB or one of their modified forms,
and refuses it, naming the rule, under ``tiebreak_rules: 2026``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from leaguegen.formats.tiebreak_advice import buchholz_codes
from tests.group_files import players_yaml, write

RULE = "FIDE C.07 (2026), note to article 8.1"


def season(tmp_path: Path, tiebreaks: str, fmt: str = "round_robin", rules: str = "",
           season_tiebreaks: str = "", extra: str = "", name: str = "season") -> Path:
    own = f"    tiebreaks: {tiebreaks}\n" if tiebreaks else ""
    rule = f"    tiebreak_rules: {rules}\n" if rules else ""
    top = f"tiebreaks: {season_tiebreaks}\n" if season_tiebreaks else ""
    return write(tmp_path, f"""\
name: Tie-breaks
{top}sections:
  - id: rr
    name: Championship
    format: {fmt}
{own}{rule}{extra}    players:
{players_yaml(8)}
""", name=name)


@pytest.mark.parametrize("code", ["BH", "FB", "AOB", "BH/C1", "BH-C1", "BH:MP", "FB/C1",
                                  "AOB/F", "bh/m1"])
def test_guide_c07_buchholz_family_on_a_round_robin_is_a_warning(tmp_path: Path,
                                                                  code: str) -> None:
    loaded = load_season(season(tmp_path, f"[DE, {code}, SB]"))
    (warning,) = loaded.warnings
    assert (warning.line, warning.col, warning.warning) == (6, 16, True)
    assert code.upper() in warning.message and RULE in warning.message
    assert "an error under tiebreak_rules: 2026" in warning.message


def test_guide_c07_2026_rules_make_it_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        load_season(season(tmp_path, "[BH, FB, AOB]", rules="2026"))
    (problem,) = err.value.problems
    assert not problem.warning and (problem.line, problem.col) == (6, 16)
    assert "BH, FB, AOB" in problem.message and RULE in problem.message
    assert "use DE, SB, WIN, KS" in problem.message


def test_check_prints_the_warning_with_its_line_and_exits_0(tmp_path: Path) -> None:
    folder = season(tmp_path, "[BH, SB]")
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0, res.output
    assert f"{folder / 'season.yaml'}:6:16: warning: section 'rr' is a round robin" in res.output
    refused = CliRunner().invoke(main, ["check", str(season(tmp_path, "[BH]", rules="2026",
                                                             name="b"))])
    assert refused.exit_code == 2 and RULE in refused.output


def test_the_seasons_list_is_reported_at_the_sections_format(tmp_path: Path) -> None:
    loaded = load_season(season(tmp_path, "", season_tiebreaks="[BH/C1, SB]"))
    (warning,) = loaded.warnings
    assert (warning.line, warning.col) == (6, 13)  # the section's format: line
    assert "the season's tiebreaks list BH/C1" in warning.message


def test_quads_are_round_robins_too_and_a_swiss_is_not(tmp_path: Path) -> None:
    assert load_season(season(tmp_path, "[BH]", fmt="quads")).warnings
    swiss = season(tmp_path, "[BH/C1, BH, SB]", fmt="swiss",
                   extra="    number_of_rounds: 5\n", name="swiss")
    assert load_season(swiss).warnings == ()


def test_round_robin_lists_without_buchholz_pass_silently(tmp_path: Path) -> None:
    assert load_season(season(tmp_path, "[DE, SB, WIN, KS, ARO, TPR]", rules="2026")).warnings \
        == ()
    assert buchholz_codes(["SB", "KS/L-1", "BH/C1", "FB", "ARO", "AOB"]) == ["BH/C1", "FB", "AOB"]
