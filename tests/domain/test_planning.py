from __future__ import annotations

import pytest
from click.testing import CliRunner

import leaguegen.cli.plan_cmd  # noqa: F401 - registers "plan" until cli/__init__ imports it
from leaguegen.cli import main
from leaguegen.domain.planning import (
    Advice,
    Period,
    Session,
    Shape,
    Sizing,
    TimeControl,
    parse_time_control,
    plan,
    swiss_rounds,
)
from leaguegen.domain.schedule.berger import single_round_robin
from leaguegen.domain.schedule.knockout import knockout_bracket
from leaguegen.domain.schedule.quads import GroupingRule, Remainder3
from leaguegen.domain.schedule.scheveningen import scheveningen
from leaguegen.domain.sections import kind_of


def shape(fmt: str, players: int, **options) -> Shape:
    """The registry's shape of ``fmt`` (a season file's format word; ``double_`` doubles it)."""
    double = fmt.startswith("double_") and fmt != "double_round_robin"
    word = fmt.removeprefix("double_") if double else fmt
    if "rule" in options:
        options["grouping"] = options.pop("rule")
    return kind_of(word).plan(Sizing(word, players, double=double, **options), None)


@pytest.mark.parametrize(
    ("text", "periods", "inc", "delay", "game"),
    [
        ("90+30", ((90, None),), 30, 0, 240),
        ("90/40+30+30", ((90, 40), (30, None)), 30, 0, 300),
        ("90/40+30", ((90, 40), (30, None)), 0, 0, 240),
        ("120/40+60/20+15+30", ((120, 40), (60, 20), (15, None)), 30, 0, 420),
        ("60", ((60, None),), 0, 0, 120),
        ("15|10", ((15, None),), 10, 0, 50),
        ("90' + 30s", ((90, None),), 30, 0, 240),
        ("G/60;d5", ((60, None),), 0, 5, 130),
        ("G/90;inc30", ((90, None),), 30, 0, 240),
        ("40/90, SD/30; d5", ((90, 40), (30, None)), 0, 5, 250),
        ("G/45+5", ((45, None),), 5, 0, 100),
    ],
)
def test_parse_time_controls(text, periods, inc, delay, game) -> None:
    tc = parse_time_control(text)
    assert tuple((p.minutes, p.moves) for p in tc.periods) == periods
    assert (tc.increment, tc.delay) == (inc, delay)
    assert tc.game_minutes(60) == game
    assert parse_time_control(tc.label) == tc  # the label reads back


@pytest.mark.parametrize(
    "bad", ["", "abc", "90/40", "90+30+5", "G/60;x5", "90/x+30", "SD/30,40/90"]
)
def test_bad_time_controls(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_time_control(bad)


def test_later_periods_only_count_when_reached() -> None:
    tc = TimeControl((Period(90, 40), Period(30)), increment=30)
    assert tc.player_minutes(30) == 90 + 15  # short game: no second period
    assert tc.player_minutes(41) == 90 + 30 + 20.5


def test_swiss_rounds() -> None:
    assert swiss_rounds(30) == (6, 7)
    assert swiss_rounds(64) == (7, 8)
    assert swiss_rounds(3) == (2, 2)


@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_shape_matches_the_schedule(n: int) -> None:
    sh = shape("round_robin", n)
    rounds = single_round_robin(n)
    assert sh.rounds == len(rounds)
    assert sh.games == sum(1 for r in rounds for p in r if not p.is_bye)
    assert shape("double_round_robin", n).games == 2 * sh.games


@pytest.mark.parametrize("n", [4, 8, 9, 10, 11, 17, 61])
def test_quads_shape(n: int) -> None:
    sh = shape("quads", n)
    assert sum(sh.groups) == n
    assert sh.rounds == (3 if n % 4 == 0 else 5)
    assert shape("quads", n, rule=GroupingRule(double=True)).rounds == 2 * sh.rounds
    assert shape("quads", 19, rule=GroupingRule(remainder3=Remainder3.SEVEN)).rounds == 7


def test_other_shapes() -> None:
    sch = shape("scheveningen", 12)
    assert (sch.rounds, sch.games) == (len(scheveningen(6)), 36)
    assert shape("double_scheveningen", 12).rounds == 12
    ko = shape("knockout", 12, games_per_match=2)
    assert ko.rounds == 2 * len(knockout_bracket(12).rounds)
    assert ko.games == 22 and ko.games_per_player == (2, 8)
    sw = shape("swiss", 31, rounds=7)
    assert (sw.rounds, sw.games, sw.games_per_player) == (7, 105, (6, 7))
    with pytest.raises(ValueError):
        shape("scheveningen", 11)
    with pytest.raises(ValueError):
        shape("swiss", 8, rounds=8)
    with pytest.raises(ValueError):
        shape("round_robin", 1)


def test_big_round_robin_does_not_fit_and_gets_suggestions() -> None:
    p = plan(shape("round_robin", 12), parse_time_control("90+30"),
             Session(evening_minutes=180, evenings_available=8))
    assert (p.game_minutes, p.round_minutes, p.evenings) == (240, 255, 11)
    assert not p.fits_evening and p.fits_season is False and not p.fits
    advice = {s.advice: s for s in p.suggestions}
    assert advice[Advice.FASTER_TIME_CONTROL].minutes == 52  # 2 * (52 + 30) + 15 <= 180
    assert advice[Advice.QUADS].rounds == 3
    assert advice[Advice.SWISS].rounds == 6
    assert advice[Advice.DOUBLE_SESSION].evenings == 6
    assert advice[Advice.DOUBLE_SESSION].minutes == 510


def test_a_plan_that_fits() -> None:
    p = plan(
        shape("round_robin", 8),
        parse_time_control("G/60;d5"),
        Session(evening_minutes=150, evenings_available=10),
    )
    assert p.fits and p.suggestions == ()
    assert (p.round_minutes, p.evenings, p.weeks) == (145, 7, 7)


def test_double_session_and_weeks() -> None:
    tc = parse_time_control("25+10")
    p = plan(shape("swiss", 40), tc, Session(rounds_per_evening=2, evenings_per_week=2))
    assert p.shape.rounds == 7 and p.evenings == 4 and p.weeks == 2
    assert p.fits_season is None and p.fits


def test_swiss_suggestion_uses_the_longest_length_that_fits() -> None:
    tc = parse_time_control("G/30;d5")
    p = plan(shape("round_robin", 20), tc, Session(evenings_available=7))
    swiss = next(s for s in p.suggestions if s.advice is Advice.SWISS)
    assert swiss.rounds == 7  # log2(20) -> 5; 6..7 usual, 7 fits in 7 evenings


def run(*args: str):
    return CliRunner().invoke(main, ["plan", *args])


def test_cli_plan_reports_figures_and_advice() -> None:
    res = run(
        "--players", "12", "--format", "round_robin", "--time-control", "90+30", "--evenings", "8"
    )
    assert res.exit_code == 1, res.output
    assert "rounds:            11" in res.output
    assert "66 (11 per player)" in res.output
    assert "255 min" in res.output
    assert "DOES NOT FIT" in res.output
    assert "quads: 3 rounds" in res.output
    assert "a Swiss of 6 rounds" in res.output
    assert "double session" in res.output


def test_cli_plan_fits_and_quads_groups() -> None:
    res = run(
        "--players",
        "61",
        "--format",
        "quads",
        "--time-control",
        "G/30;d5",
        "--rounds-per-evening",
        "2",
    )
    assert res.exit_code == 0, res.output
    assert "4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5" in res.output
    assert "groups of four play rounds 1-3 only" in res.output


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "10", "--format", "swiss", "--time-control", "nonsense"],
        ["--players", "11", "--format", "scheveningen", "--time-control", "90+30"],
        ["--players", "1", "--format", "swiss", "--time-control", "90+30"],
        ["--players", "10", "--format", "ladder", "--time-control", "90+30"],
    ],
)
def test_cli_plan_invalid_input_exits_2(args: list[str]) -> None:
    assert run(*args).exit_code == 2


def test_cli_plan_accepts_season_file_and_hyphen_spellings() -> None:
    for spelling in ("double_round_robin", "double-round-robin"):
        res = run("--players", "6", "--format", spelling, "--time-control", "G/25;d5")
        assert res.exit_code == 0, res.output
        assert "rounds:            10" in res.output
