"""The chores that change who plays: ``withdraw``, ``enter`` and ``bye``.

Whether each applies to a section, and how, is its kind's word (``SectionKind.chores``):
a kind that does not take one refuses it with a message, and the file stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.kind import FREE_NUMBER, LATE_ENTRIES
from leaguegen.errors import Message
from leaguegen.formats.chores.core import (
    Change,
    Done,
    Refusal,
    Refused,
    both,
    find_player,
    run,
    same_numbers,
    with_frozen,
)


def withdraw(season_dir: str | Path, section_id: str, name: str, after_round: int,
             reason: str | None = None) -> Done:
    """Record that ``name`` left the section after ``after_round``."""
    from leaguegen.formats import season_edits

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        chores = kind_of(section.format).chores
        if chores.team_matches:  # a team leaves: its matches go as the division's rule says
            from leaguegen.formats.chores.team_match import withdraw_change

            return withdraw_change(session, st, section, name, after_round, reason)
        if not chores.withdraw:
            raise Refused(Message("a {format} section records a withdrawal in its own way; edit "
                                  "the file",
                                  format=section.format))
        n = find_player(section, name)
        player = section.players[n - 1].name
        if any(w.player == n for w in section.withdrawals):
            raise Refused(Message("{player} has withdrawn already", player=player))
        per = chores.games_per_pairing  # the file's rounds: a match of that many games
        total = len(section.rounds) // per
        if after_round > total:
            raise Refused(Message("after round {after_round}: the section has {count} round",
                                  "after round {after_round}: the section has {count} rounds",
                                  after_round=after_round, count=total))
        text = session.edit(st, lambda text, newline: season_edits.add_withdrawal(
            text, newline, section_id, player, after_round, reason))
        said: list[str] = [
            Message("{player} withdrawn after round {after_round} ({reason})", player=player,
                    after_round=after_round, reason=reason) if reason else
            Message("{player} withdrawn after round {after_round}", player=player,
                    after_round=after_round)]

        def recorded(after: Section) -> str | None:
            ok = any((w.player, w.after_round) == (n, per * after_round)
                     for w in after.withdrawals)
            return None if ok else Message("the withdrawal would not read back")

        return Change(text, said, both(same_numbers(section), recorded))

    return run(season_dir, section_id, make)


def entry_fields(name: str, details: Sequence[tuple[str, str | int | None]]
                 ) -> list[tuple[str, str | int]]:
    """The new player's lines (``name`` first, then the details given), or Refusal: a
    name or birth date the season would refuse."""
    from leaguegen.formats.players import birth_problem, name_problem

    if (why := name_problem(name)) is not None:
        raise Refusal(Message("{why}; nothing was written", why=why))
    fields: list[tuple[str, str | int]] = [("name", name)]
    for key, value in details:
        if key == "birth" and isinstance(value, str):
            if (why := birth_problem(value)) is not None:
                raise Refusal(Message("--birth: {why}; nothing was written", why=why))
            value = value.strip() if value else None
        if value is not None:
            fields.append((key, value))
    return fields


def enter(season_dir: str | Path, section_id: str, name: str,
          details: Sequence[tuple[str, str | int | None]] = (),
          different: bool = False) -> Done:
    """Enter ``name`` (with ``details``: rating, title...) in the section, as its kind
    takes a late entry; ``different``: a look-alike of a player entered is someone else."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.players import Names

    entered = name.strip()
    fields = entry_fields(entered, details)

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        if section.stage is not None:
            raise Refused(Message("its players come from earlier sections (players: {{from: "
                                  "...}})"))
        how_late = kind_of(section.format).chores.late_entry
        if how_late is None:
            raise Refused(Message("a {format} section cannot take a late entry from the command "
                                  "line; edit the file",
                                  format=section.format))
        if entered in Names(section.players).exact:
            raise Refused(Message("{entered} is entered already", entered=entered))
        if not different:
            refuse_look_alike(section, entered)
        said: list[str] = []
        started = any(g.result is not None for g in section.games)
        if how_late == LATE_ENTRIES or (how_late == FREE_NUMBER and started):
            key = "late_entries"
            if how_late == FREE_NUMBER and (len(section.players) % 2 == 0):
                raise Refused(Message("it has results and {count} player: a late entry joins a "
                                      "round robin only by taking the free number of an odd "
                                      "field, so nobody else's number moves",
                                      "it has results and {count} players: a late entry joins a"
                                      " round robin only by taking the free number of an odd "
                                      "field, so nobody else's number moves",
                                      count=len(section.players)))
            how = Message("late_entries, the free number") if how_late == FREE_NUMBER \
                else "late_entries"
        else:
            key = "players"
            how = "players"
        before = swiss_placement(section, fields)

        def edit(text: str, newline: str) -> str:
            text = season_edits.add_entry(text, newline, section_id, key, fields, like="players")
            if before is None:
                return text
            return season_edits.add_entry(text, newline, section_id, "pairing_order",
                                          [("player", entered), ("before", before)])

        text = with_frozen(session, st, section, edit, said, freeze=how_late != LATE_ENTRIES)
        told = len(said)

        def recorded(after: Section) -> str | None:
            number = next((i for i, p in enumerate(after.players, start=1)
                           if p.name == entered), None)
            if number is None:
                return Message("the new player would not read back")
            said.insert(told, Message("{entered} entered as No. {number} ({how}){tpn}",
                                      entered=entered, number=number, how=how,
                                      tpn=swiss_tpn_words(after, number, before)))
            return None

        # a kind that places late entries itself (quads regroup) may move numbers
        holds = recorded if how_late == LATE_ENTRIES else both(same_numbers(section),
                                                               recorded)
        return Change(text, said, holds)

    return run(season_dir, section_id, make)


def swiss_placement(section: Section, fields: Sequence[tuple[str, str | int]]) -> str | None:
    """For a Swiss (or a Double-Swiss: ``Chores.pairing_order``) with a paired round, the
    player a late entry is placed before in the pairing (TPN) order, or None (the last
    TPN).

    C.04.2 (2026) art. 2.4: a late entry is "given an appropriate TPN", its place in
    the initial order (rating, title, name: ``domain/seeding.py``); art. 2.3: no TPN
    may change after the fourth round has been paired, so from then on a late entry
    takes the last one. The season's numbers (the ``players:`` order) do not move.
    """
    from leaguegen.domain.model import Player
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.domain.seeding import initial_key

    chores = kind_of(section.format).chores
    if chores.pairing_order is None or chores.paired_rounds is None:
        return None
    paired = chores.paired_rounds(section) // chores.games_per_pairing  # a Double-Swiss: matches
    if not 1 <= paired < ss.TPNS_FIXED_AFTER:
        return None  # before round 1 the seeding places everyone; after round 4: last
    given = dict(fields)
    rating = given.get("rating")
    title = given.get("title")
    newcomer = Player(name=str(given["name"]), rating=int(rating) if rating else None,
                      title=str(title) if title else None)
    for n in chores.pairing_order(section):
        if initial_key(section.players[n - 1]) > initial_key(newcomer):
            return section.players[n - 1].name
    return None


def swiss_tpn_words(after: Section, number: int, before: str | None) -> str:
    """What ``enter`` adds about a Swiss late entry's TPN when it is not the number."""
    order_of = kind_of(after.format).chores.pairing_order
    if before is None or order_of is None:
        return ""
    tpn = order_of(after).index(number) + 1
    return Message("; pairing number (TPN) {tpn}, placed before {before} in the initial order"
                   " (C.04.2 art. 2.4; every player keeps their No.)", tpn=tpn, before=before)


def refuse_look_alike(section: Section, name: str) -> None:
    """Refused: ``name`` prints like a player of the section (Cyrillic "А" for Latin "A"):
    most likely the same person typed with another keyboard layout."""
    from leaguegen.domain.names import look_alike, look_alike_letters

    for player in section.players:
        if look_alike(name, player.name):
            letters = ", ".join(look_alike_letters(name, player.name))
            raise Refused(Message("'{name}' looks the same as '{name2}', already entered, but "
                                  "is spelt with other letters ({letters}); if it is the same "
                                  "player, nothing needs entering; if it is someone else, pass "
                                  "--different-person",
                                  name=name, name2=player.name, letters=letters))


def bye(season_dir: str | Path, section_id: str, name: str, kind: str, round_no: int,
        reason: str | None = None) -> Done:
    """Record that ``name`` asked for a bye (``kind``: half, zero or full) in a round not
    paired yet, in a kind that takes requested byes (a Swiss; a Double-Swiss, whose round
    is a match: ``Chores.games_per_pairing``)."""
    from leaguegen.formats import season_edits

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        chores = kind_of(section.format).chores
        if chores.team_matches:  # a team left out of a round (formats/chores/team_absence)
            from leaguegen.formats.chores.team_absence import bye_change

            return bye_change(session, st, section, name, kind, round_no, reason)
        if not chores.accepts_byes:
            raise Refused(Message("a requested bye is for a Swiss section; a round robin's free "
                                  "round comes from its table"))
        n = find_player(section, name)
        player = section.players[n - 1].name
        per = chores.games_per_pairing  # the file's rounds: a match of that many games
        total = len(section.rounds) // per
        if round_no > total:
            raise Refused(Message("round {round_no}: the section has {count} round",
                                  "round {round_no}: the section has {count} rounds",
                                  round_no=round_no, count=total))
        paired = chores.paired_rounds(section) // per if chores.paired_rounds else 0
        if round_no <= paired:
            raise Refused(Message("round {round_no} is paired already; a bye is asked for "
                                  "before its round is paired (change the round's lines by hand)",
                                  round_no=round_no))
        first_game = per * (round_no - 1) + 1
        if any(w.player == n and w.after_round < first_game for w in section.withdrawals):
            raise Refused(Message("{player} has withdrawn before round {round_no}",
                                  player=player, round_no=round_no))
        if n in requested_for(section, round_no):
            raise Refused(Message("{player} has asked for a bye in round {round_no} already",
                                  player=player, round_no=round_no))
        text = session.edit(st, lambda text, newline: season_edits.add_bye_request(
            text, newline, section_id, player, round_no, kind, reason))
        said: list[str] = [Message("{player}: {kind} bye requested for round {round_no}",
                                   player=player, kind=kind,
                                   round_no=round_no)]

        def recorded(after: Section) -> str | None:
            ok = n in requested_for(after, round_no)
            return None if ok else Message("the bye would not read back")

        return Change(text, said, both(same_numbers(section), recorded))

    return run(season_dir, section_id, make)


def requested_for(section: Section, round_no: int) -> set[int]:
    """Who asked for a bye in the file's round ``round_no``: the requests a kind that
    accepts them keeps in its details (a Swiss's per round, a Double-Swiss's per match)."""
    return {q.player for q in getattr(section.details, "requests", ()) if q.round == round_no}
