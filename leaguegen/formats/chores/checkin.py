"""``checkin``: who is present for a round not paired yet; everyone else is not paired.

Before a round of a Swiss (a kind that takes requested byes: ``Chores.accepts_byes``),
the arbiter checks the players in. Each player still in the event who is not named, and
has no request for that round already, gets a ``byes_requested`` line ``bye: absent``
(``reason: not checked in``): the pairing leaves them out and the round scores them
zero, which is what FIDE's rules and the Swiss reader give an absent player (a
zero-point bye, ``docs/swiss.md``). The file is the present/absent list: the lines say
who was absent and why, in the section's own place for them.

Running it again for the same round adds the players missing from the new list; a
player named now who has an absence from an earlier check-in keeps it (the line is the
organiser's to remove), and the command says so. With ``checkin: {withdraw_after: K}``
in the section, a player who would miss the K-th round in a row (this one counted;
``domain/checkin.py``) is withdrawn after the previous round instead (a ``withdrawals``
line), as the organiser's rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.errors import Message
from leaguegen.formats.chores.core import (
    Change,
    Done,
    Refused,
    both,
    find_player,
    run,
    same_numbers,
)

NOT_CHECKED_IN = "not checked in"
ABSENT = "absent"


def next_round(section: Section) -> int:
    """The first round not paired yet (1-based)."""
    chores = kind_of(section.format).chores
    return (chores.paired_rounds(section) if chores.paired_rounds else 0) + 1


def checkin(season_dir: str | Path, section_id: str, names: Sequence[str],
            round_no: int | None = None) -> Done:
    """Record that only ``names`` are present for ``round_no`` (default: the next round
    to pair): the others still in the section are not paired in it."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.chores.roster import requested_for

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        chores = kind_of(section.format).chores
        if not chores.accepts_byes or chores.games_per_pairing != 1:
            raise Refused(Message("check-in is for a Swiss section (a round robin's games"
                                  " are fixed by its table)"))
        r = round_no if round_no is not None else next_round(section)
        total = len(section.rounds)
        if r > total:
            raise Refused(Message("round {round_no}: the section has {count} round",
                                  "round {round_no}: the section has {count} rounds",
                                  round_no=r, count=total))
        if r < next_round(section):
            raise Refused(Message("round {r} is paired already; check players in before a"
                                  " round is paired", r=r))
        present = {find_player(section, name) for name in names}
        requested = requested_for(section, r)
        gone = {w.player for w in section.withdrawals if w.after_round < r}
        absent = [n for n in range(1, len(section.players) + 1)
                  if n not in present and n not in requested and n not in gone]
        leaving = _leaving(section, absent, r)
        absent = [n for n in absent if n not in leaving]
        kept = [section.players[n - 1].name for n in sorted(present & requested)]
        said: list[str] = [Message("round {r}: {present} checked in, {absent} not checked in"
                                   " (not paired, zero points)", r=r, present=len(present),
                                   absent=len(absent) + len(leaving))]
        said += [Message("  not paired: {player}", player=section.players[n - 1].name)
                 for n in absent]
        said += [Message("  withdrawn after round {after_round}: {player} (missed {missed}"
                         " rounds in a row without checking in)", after_round=r - 1,
                         player=section.players[n - 1].name, missed=missed)
                 for n, missed in leaving.items()]
        said += [Message("  note: {player} has a request for round {r} already"
                         " (byes_requested); remove its line to pair them", player=name, r=r)
                 for name in kept]

        def edit(text: str, newline: str) -> str:
            for n in absent:
                text = season_edits.add_bye_request(text, newline, section_id,
                                                    section.players[n - 1].name, r, ABSENT,
                                                    NOT_CHECKED_IN)
            for n, missed in leaving.items():
                text = season_edits.add_withdrawal(
                    text, newline, section_id, section.players[n - 1].name, r - 1,
                    f"missed {missed} rounds without checking in")
            return text

        text = session.edit(st, edit) if absent or leaving else st.text

        def recorded(after: Section) -> str | None:
            missing = set(absent) - requested_for(after, r)
            gone_now = {w.player for w in after.withdrawals}
            if missing or set(leaving) - gone_now:
                return Message("the absences would not read back")
            return None

        return Change(text, said, both(same_numbers(section), recorded))

    return run(season_dir, section_id, make)


def _leaving(section: Section, absent: Sequence[int], round_no: int) -> dict[int, int]:
    """The absent players the section's ``checkin: withdraw_after`` withdraws: those who
    missed that many rounds in a row counting this one (by number: the rounds missed)."""
    from leaguegen.domain.checkin import missed_before
    from leaguegen.domain.sections import derive_facts

    rules = section.checkin
    if rules is None or rules.withdraw_after is None or round_no < 2 or not absent:
        return {}
    table = derive_facts(section).table
    if table is None:
        return {}
    out = {}
    for n in absent:
        missed = missed_before(table, n, round_no) + 1
        if missed >= rules.withdraw_after:
            out[n] = missed
    return out
