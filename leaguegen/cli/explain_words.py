"""The terminal's words for a Swiss pairing's explanation (``pair --explain``).

The engine returns structured data (``leaguegen.domain.pairing.result``); this module
is where it becomes sentences for the command line. Every sentence is a
:class:`~leaguegen.errors.Message`, written once in English (its text, byte for byte what
the terminal showed before), and said in the run's language by ``speech.echo``. The site
words the same data in the page's language through its templates.
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
from leaguegen.errors import Message

COLOUR_WORDS = {
    ColourRule.BOTH_PREFERENCES: Message("both preferences granted"),
    ColourRule.PREFERENCE: Message("preference granted"),
    ColourRule.STRONGER_ABSOLUTE: Message("stronger (absolute) preference granted"),
    ColourRule.STRONGER_STRONG: Message("stronger (strong) preference granted"),
    ColourRule.ALTERNATE: Message("alternated from the latest round with different colours"),
    ColourRule.HIGHER_RANKED_PREFERENCE: Message("higher-ranked player's preference granted"),
    ColourRule.INITIAL_BY_NUMBER: Message("initial colour by the higher player's number"),
    ColourRule.INITIAL_BY_RANK: Message("initial colour by rank"),
    ColourRule.HIGHER_INDEXED_PREFERENCE: Message("higher-indexed player's preference granted"),
    ColourRule.COLOUR_LIMIT: Message("the only colours within the limits (no third in a row,"
                                     " no +3)"),
    ColourRule.EQUALISATION: Message("equalising colours before alternating them"),
    ColourRule.MEDIAN_HIGHER: Message("same histories: at or above the median the"
                                      " higher-ranked player's due colour"),
    ColourRule.MEDIAN_LOWER: Message("same histories: below the median the lower-ranked"
                                     " player's due colour"),
}
FLOAT_REASONS = {
    FloatReason.UPFLOATER: Message("the fewest upfloaters the bracket needs, chosen by C6-C10"),
    FloatReason.NO_OPPONENT: Message("no compatible opponent in its group"),
    FloatReason.EVEN_NUMBER: Message("to make the number in its group even"),
    FloatReason.GROUP_INCOMPLETE: Message("its group cannot pair everyone otherwise"),
    FloatReason.CRACKED: Message("a pairing undone to unblock the median group"),
}


BYE_WORDS = {  # why the bye went where it did, given the receiver's points
    ByeReason.LOWEST_SCORE: lambda points: Message(
        "lowest score ({points}) among players who may receive it", points=points),
    ByeReason.LOWEST_SCORE_MOST_GAMES: lambda points: Message(
        "lowest score ({points}), then most games played, then largest number, among players"
        " who may receive it", points=points),
    ByeReason.LOWEST_RANKED: lambda points: Message(
        "the lowest-ranked player ({points}), from the lowest scoregroup up, who may receive"
        " it", points=points),
    ByeReason.LOWEST_RATED: lambda points: Message(
        "the lowest-rated player who may receive it"),
}


def bye_words(reason: ByeReason, points: str) -> Message | str:
    """Why the bye went where it did (the value of an unknown reason, as it is)."""
    said = BYE_WORDS.get(reason)
    return said(points) if said is not None else reason.value


def points(units: int, win: int) -> str:
    """Scoring units as points: ``7`` units of a 2-unit win is ``3.5``."""
    whole, half = divmod(units * 2 // win, 2) if win else (units, 0)
    return f"{whole}{'.5' if half else ''}"


def colours(rule: ColourRule) -> Message | str:
    return COLOUR_WORDS.get(rule, rule.value)


def _one_float(player: int, score: str, direction: FloatDirection) -> Message:
    if direction is FloatDirection.UP:
        return Message("{player} ({points}) floats up", player=player, points=score)
    return Message("{player} ({points}) floats down", player=player, points=score)


def floats(ex: BoardExplanation, win: int) -> Message | str:
    """``4 (3.5) floats down to 2 (3)``, or "" when nobody on the board floats."""
    down = [f for f in ex.floats if f.direction is FloatDirection.DOWN]
    up = [f for f in ex.floats if f.direction is FloatDirection.UP]
    if len(down) == 1 and len(up) == 1:
        d, u = down[0], up[0]
        return Message("{down} ({down_points}) floats down to {up} ({up_points})",
                       down=d.player, down_points=points(d.points, win), up=u.player,
                       up_points=points(u.points, win))
    if len(ex.floats) == 1:  # Dubov's upfloater, Lim's floater: ``15 (1) floats up to 19``
        f = ex.floats[0]
        other = ex.black if f.player == ex.white else ex.white
        why = (Message(": {reason}", reason=FLOAT_REASONS.get(f.reason, f.reason.value))
               if f.reason else "")
        if f.direction is FloatDirection.UP:
            return Message("{player} ({points}) floats up to {other}{why}", player=f.player,
                           points=points(f.points, win), other=other, why=why)
        return Message("{player} ({points}) floats down to {other}{why}", player=f.player,
                       points=points(f.points, win), other=other, why=why)
    said: Message | str = ""
    for f in ex.floats:  # "a; b; c", each said in the language
        one = _one_float(f.player, points(f.points, win), f.direction)
        said = one if not said else Message("{before}; {next}", before=said, next=one)
    return said


def relaxed(r: Relaxed) -> Message:
    """``C12: 7 does not get its mild colour preference``, ``C14: 4 floated down ...``.
    The floats' English is as it always was (``round(s)``, pinned by the conformance
    test); the plural form is for the languages that decline the noun (Russian)."""
    if r.kind is RelaxedKind.FLOAT_DOWN:
        return Message("{code}: {player} floated down {count} round(s) ago as well",
                       "{code}: {player} floated down {count} round(s) ago as well",
                       code=r.code, player=r.player, count=r.rounds_ago)
    if r.kind is RelaxedKind.FLOAT_UP:
        return Message("{code}: {player} floated up {count} round(s) ago as well",
                       "{code}: {player} floated up {count} round(s) ago as well",
                       code=r.code, player=r.player, count=r.rounds_ago)
    if r.kind is RelaxedKind.MAX_UPFLOATER:
        return Message("{code}: {player} upfloats although a maximum upfloater already",
                       code=r.code, player=r.player)
    if r.kind is RelaxedKind.ABSOLUTE:
        return Message("{code}: {player} does not get its absolute colour preference",
                       code=r.code, player=r.player)
    if r.kind is RelaxedKind.STRONG:
        return Message("{code}: {player} does not get its strong colour preference",
                       code=r.code, player=r.player)
    return Message("{code}: {player} does not get its mild colour preference",
                   code=r.code, player=r.player)


def bye(ex: ByeExplanation, win: int) -> Message:
    """``9 receives the pairing-allocated bye: lowest score (1) among ...``."""
    return Message("{player} receives the pairing-allocated bye: {reason}", player=ex.player,
                   reason=bye_words(ex.reason, points(ex.points, win)))


def explanation_lines(result, player=str, season: bool = False):  # noqa: ANN001, ANN201
    """The explanation of a whole round, a Message a line (PairingResult -> Iterator):
    ``pair --trf --explain`` names the players by number and says "bracket",
    ``pair SEASON_DIR --explain`` (``season``) by ``player(number)`` and "score bracket"."""
    for i, ex in enumerate(result.explanation, start=1):
        white, black, score = player(ex.white), player(ex.black), points(ex.bracket, result.win)
        yield (Message("Board {board}: {white} - {black}, score bracket {points}", board=i,
                       white=white, black=black, points=score) if season else
               Message("Board {board}: {white} - {black}  bracket {points}", board=i,
                       white=white, black=black, points=score))
        if ex.floats:
            yield Message("  float: {floats}", floats=floats(ex, result.win))
        yield Message("  colours: {colours}", colours=colours(ex.colour_rule))
        for r in ex.relaxed:
            yield (Message("  relaxed: {what}", what=relaxed(r)) if season
                   else Message("  relaxed {what}", what=relaxed(r)))
    if result.bye_explanation is not None:
        yield Message("Bye: {bye}", bye=bye(result.bye_explanation, result.win))
