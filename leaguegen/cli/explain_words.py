"""The terminal's English words for a Swiss pairing's explanation (``pair --explain``).

The engine returns structured data (``leaguegen.domain.pairing.result``); this module
is where it becomes sentences for the command line. The site words the same data in
the page's language through its templates.
"""

from __future__ import annotations

from leaguegen.domain.pairing import (
    BoardExplanation,
    ByeExplanation,
    ByeReason,
    ColourRule,
    FloatDirection,
    FloatReason,
    Relaxed,
    RelaxedKind,
)

COLOUR_WORDS = {
    ColourRule.BOTH_PREFERENCES: "both preferences granted",
    ColourRule.PREFERENCE: "preference granted",
    ColourRule.STRONGER_ABSOLUTE: "stronger (absolute) preference granted",
    ColourRule.STRONGER_STRONG: "stronger (strong) preference granted",
    ColourRule.ALTERNATE: "alternated from the latest round with different colours",
    ColourRule.HIGHER_RANKED_PREFERENCE: "higher-ranked player's preference granted",
    ColourRule.INITIAL_BY_NUMBER: "initial colour by the higher player's number",
    ColourRule.INITIAL_BY_RANK: "initial colour by rank",
    ColourRule.HIGHER_INDEXED_PREFERENCE: "higher-indexed player's preference granted",
    ColourRule.COLOUR_LIMIT: "the only colours within the limits (no third in a row, no +3)",
    ColourRule.EQUALISATION: "equalising colours before alternating them",
    ColourRule.MEDIAN_HIGHER: "same histories: at or above the median the higher-ranked"
                              " player's due colour",
    ColourRule.MEDIAN_LOWER: "same histories: below the median the lower-ranked player's"
                             " due colour",
}
BYE_WORDS = {
    ByeReason.LOWEST_SCORE: "lowest score ({points}) among players who may receive it",
    ByeReason.LOWEST_SCORE_MOST_GAMES: "lowest score ({points}), then most games played, then"
                                       " largest number, among players who may receive it",
    ByeReason.LOWEST_RANKED: "the lowest-ranked player ({points}), from the lowest"
                             " scoregroup up, who may receive it",
    ByeReason.LOWEST_RATED: "the lowest-rated player who may receive it",
}
FLOAT_REASONS = {
    FloatReason.UPFLOATER: "the fewest upfloaters the bracket needs, chosen by C6-C10",
    FloatReason.NO_OPPONENT: "no compatible opponent in its group",
    FloatReason.EVEN_NUMBER: "to make the number in its group even",
    FloatReason.GROUP_INCOMPLETE: "its group cannot pair everyone otherwise",
    FloatReason.CRACKED: "a pairing undone to unblock the median group",
}


def points(units: int, win: int) -> str:
    """Scoring units as points: ``7`` units of a 2-unit win is ``3.5``."""
    whole, half = divmod(units * 2 // win, 2) if win else (units, 0)
    return f"{whole}{'.5' if half else ''}"


def colours(rule: ColourRule) -> str:
    return COLOUR_WORDS.get(rule, rule.value)


def floats(ex: BoardExplanation, win: int) -> str:
    """``4 (3.5) floats down to 2 (3)``, or "" when nobody on the board floats."""
    down = [f for f in ex.floats if f.direction is FloatDirection.DOWN]
    up = [f for f in ex.floats if f.direction is FloatDirection.UP]
    if len(down) == 1 and len(up) == 1:
        d, u = down[0], up[0]
        return (f"{d.player} ({points(d.points, win)}) floats down to "
                f"{u.player} ({points(u.points, win)})")
    if len(ex.floats) == 1:  # Dubov's upfloater, Lim's floater: ``15 (1) floats up to 19``
        f = ex.floats[0]
        other = ex.black if f.player == ex.white else ex.white
        why = f": {FLOAT_REASONS.get(f.reason, f.reason.value)}" if f.reason else ""
        return f"{f.player} ({points(f.points, win)}) floats {f.direction.value} to {other}{why}"
    return "; ".join(f"{f.player} ({points(f.points, win)}) floats {f.direction.value}"
                     for f in ex.floats)


def relaxed(r: Relaxed) -> str:
    """``C12: 7 does not get its mild colour preference``, ``C14: 4 floated down ...``."""
    if r.kind in (RelaxedKind.FLOAT_DOWN, RelaxedKind.FLOAT_UP):
        return f"{r.code}: {r.player} floated {r.kind.value} {r.rounds_ago} round(s) ago as well"
    if r.kind is RelaxedKind.MAX_UPFLOATER:
        return f"{r.code}: {r.player} upfloats although a maximum upfloater already"
    return f"{r.code}: {r.player} does not get its {r.kind.value} colour preference"


def bye(ex: ByeExplanation, win: int) -> str:
    """``9 receives the pairing-allocated bye: lowest score (1) among ...``."""
    reason = BYE_WORDS.get(ex.reason, ex.reason.value).format(points=points(ex.points, win))
    return f"{ex.player} receives the pairing-allocated bye: {reason}"


def explanation_lines(result, player=str, bracket: str = "  bracket",  # noqa: ANN001
                      relaxed_sep: str = " "):  # noqa: ANN201 - PairingResult -> Iterator[str]
    """The explanation of a whole round, a line each: ``pair --trf --explain`` names the
    players by number, ``pair SEASON_DIR --explain`` by ``player(number)``."""
    for i, ex in enumerate(result.explanation, start=1):
        yield (f"Board {i}: {player(ex.white)} - {player(ex.black)}{bracket}"
               f" {points(ex.bracket, result.win)}")
        if ex.floats:
            yield f"  float: {floats(ex, result.win)}"
        yield f"  colours: {colours(ex.colour_rule)}"
        for r in ex.relaxed:
            yield f"  relaxed{relaxed_sep}{relaxed(r)}"
    if result.bye_explanation is not None:
        yield f"Bye: {bye(result.bye_explanation, result.win)}"
