"""Property tests on random round robins: sums, ranking shape, explanations, exclusions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Code, Colour, Crosstable, Player, PlayerRecord, RoundEntry
from leaguegen.domain.standings import compute_standings

RR_CODES = ["DE", "SB", "WIN", "KS", "BPG", "WON", "BWG", "SB/C1", "BH", "PS"]
PLAYED = {"1": (Code.WIN, Code.LOSS), "=": (Code.DRAW, Code.DRAW), "0": (Code.LOSS, Code.WIN)}
UNPLAYED = {"+": (Code.FORFEIT_WIN, Code.FORFEIT_LOSS), "-": (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
            "--": (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS), "?": (Code.PENDING, Code.PENDING)}


def _schedule(n: int) -> list[list[tuple[int | None, int | None]]]:
    """Circle method; None is the free round of an odd field."""
    seats: list[int | None] = list(range(1, n + 1)) + ([None] if n % 2 else [])
    rounds = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        rounds.append([(seats[i], seats[-1 - i]) for i in range(half)])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


@st.composite
def round_robins(draw, allow_unplayed: bool = False, min_n: int = 2):
    n = draw(st.integers(min_value=min_n, max_value=8))
    letters = list(PLAYED) + (list(UNPLAYED) if allow_unplayed else [])
    rounds: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    for pairs in _schedule(n):
        for a, b in pairs:
            if a is None or b is None:
                lone = a if b is None else b
                rounds[lone].append(RoundEntry(None, None, Code.ZERO_BYE))  # type: ignore[index]
                continue
            w, bl = {**PLAYED, **UNPLAYED}[draw(st.sampled_from(letters))]
            rounds[a].append(RoundEntry(b, Colour.WHITE, w))
            rounds[b].append(RoundEntry(a, Colour.BLACK, bl))
    records = tuple(PlayerRecord(p, Player(f"P{p}", rating=2000 + p), tuple(rounds[p]))
                    for p in range(1, n + 1))
    return Crosstable(records, len(_schedule(n)))


def _assert_competition_ranking(standings) -> None:
    rows = standings.rows
    assert rows[0].rank == 1
    for i in range(1, len(rows)):
        same = (rows[i].points, rows[i].values) == (rows[i - 1].points, rows[i - 1].values)
        assert rows[i].rank == (rows[i - 1].rank if same else i + 1)


@settings(max_examples=60, deadline=None)
@given(round_robins(), st.sampled_from(["2024", "2026"]))
def test_played_round_robin_sums_and_ranking(table: Crosstable, rules: str) -> None:
    got = compute_standings(table, RR_CODES, "round-robin", rules)
    n = len(table.records)
    assert sum(r.points for r in got.rows) == n * (n - 1) // 2 * table.scoring.win
    _assert_competition_ranking(got)
    total = Fraction(sum(r.points for r in got.rows), 2)
    for row in got.rows:
        values = dict(zip(RR_CODES, row.values, strict=True))
        own = Fraction(row.points, 2)
        assert values["BH"] == total - own  # single RR: everybody else's score
        assert values["KS"] <= own
        assert values["WON"] == values["WIN"]  # no forfeits here
        assert values["SB/C1"] <= values["SB"] <= own * (n - 1)
        assert values["BPG"] + sum(
            1 for e in table.record(row.number).rounds if e.colour is Colour.WHITE
        ) == n - 1


@settings(max_examples=60, deadline=None)
@given(round_robins(allow_unplayed=True), st.sampled_from(["2024", "2026"]))
def test_decided_by_names_the_first_differing_code(table: Crosstable, rules: str) -> None:
    got = compute_standings(table, RR_CODES, "round-robin", rules)
    _assert_competition_ranking(got)
    for above, row in zip(got.rows, got.rows[1:], strict=False):
        if above.points != row.points:
            assert above.decided_by is None
            continue
        diffs = [c for c, a, b in zip(RR_CODES, above.values, row.values, strict=True) if a != b]
        assert above.decided_by == (diffs[0] if diffs else None)
        assert got.separated_by(above.number, row.number) == above.decided_by
        if diffs:
            assert row.rank > above.rank
    if got.rows:
        assert got.rows[-1].decided_by is None


@settings(max_examples=60, deadline=None)
@given(round_robins(min_n=3), st.data())
def test_excluded_player_counts_for_nobody(table: Crosstable, data) -> None:
    n = len(table.records)
    gone = data.draw(st.integers(min_value=1, max_value=n))
    got = compute_standings(table, RR_CODES, "round-robin", excluded=frozenset({gone}))
    assert gone not in {r.number for r in got.rows}
    assert sum(r.points for r in got.rows) == (n - 1) * (n - 2) // 2 * table.scoring.win
    for row in got.rows:
        for explanation in row.explanations:
            assert all(item.opponent != gone for item in explanation.items + explanation.cut)
    _assert_competition_ranking(got)


@settings(max_examples=40, deadline=None)
@given(round_robins(allow_unplayed=True))
def test_pending_games_count_for_nothing(table: Crosstable) -> None:
    got = compute_standings(table, ["SB", "KS", "WIN"], "round-robin")
    for row in got.rows:
        rounds = table.record(row.number).rounds
        assert row.points == sum(table.scoring.points(e.code) for e in rounds)
        pending = {e.opponent for e in rounds if e.code is Code.PENDING}
        for explanation in row.explanations:
            assert not pending & {i.opponent for i in explanation.items}
