"""What every chore shares: the lock, the one load, the read-back check, the write.

A chore is a function of the season folder, the section and its request that builds a
:class:`Change` from the section as loaded under the season's lock, or raises
:class:`Refused` (the request does not fit the season) or :class:`AlreadyThere`. :func:`run`
loads the season once, makes the change, loads the changed season with the new text (the
read-back check: it must pass ``check`` and show the change; only the changed file is
parsed again), and writes only if no season file was saved meanwhile. It returns a
:class:`Done` (what to say) or raises a :class:`Refusal` (a message and an exit code) or
:class:`SeasonInvalid` (problems to list): the caller prints; nothing here does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.errors import InputError, Message

EXIT_CANNOT = 1  # another command holds the lock, or a file was saved meanwhile
EXIT_INVALID = 2  # an invalid request or season; nothing written


class Refused(Exception):
    """The request does not fit the section; the message says why (exit 2)."""


class AlreadyThere(Exception):
    """The season already says what was asked; nothing to write (exit 0)."""


class Refusal(Exception):
    """A chore that cannot be done: ``str(self)`` is the whole message, ``code`` the exit
    code (1: try again later; 2: invalid request or season). Nothing was written."""

    def __init__(self, message: str, code: int = EXIT_INVALID):
        super().__init__(message)
        self.code = code


class SeasonInvalid(Exception):
    """The season (or the season as the change would leave it) does not load: ``error``
    holds its problems, ``intro`` the line to say first (None: the season as it is)."""

    def __init__(self, error: InputError, intro: str | None = None):
        super().__init__(intro or "the season is invalid")
        self.error = error
        self.intro = intro


Check = Callable[[Section], "str | None"]


@dataclass
class Change:
    """What a chore wants written: the new text of the section's file, what to say, and a
    check of the changed season (returns a problem, or None when the change is there)."""

    text: str
    said: list[str] = field(default_factory=list)
    holds: Check = lambda section: None


@dataclass(frozen=True)
class Done:
    """What a chore did: the lines to say, and the files written (none: nothing changed)."""

    said: tuple[str, ...]
    written: tuple[Path, ...] = ()


def load(season_dir: str | Path, memo: dict | None = None) -> Season:
    """The season, or SeasonInvalid / Refusal (a file that cannot be read); ``memo``
    keeps its parsed section files for the read-back check (``load_candidate``)."""
    from leaguegen.formats.season_yaml import load_season

    try:
        return load_season(season_dir, memo)
    except InputError as err:
        raise SeasonInvalid(err) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise Refusal(Message("{season_dir}: cannot read the season: {exc}",
                              season_dir=season_dir, exc=exc)) from None


def section_of(season: Season, season_dir: str | Path, section_id: str,
               after: str = "; nothing was written") -> Section:
    """The section of that id, or Refusal naming the ids there are."""
    try:
        return season.section(section_id)
    except KeyError:
        ids = ", ".join(s.id for s in season.sections)
        raise Refusal(Message("{season_dir}: no section '{section_id}' (sections: {ids}){after}",
                              season_dir=season_dir, section_id=section_id, ids=ids,
                              after=after)) \
            from None


Make = Callable[..., Change]  # (session, season text, season, section) -> Change


def run(season_dir: str | Path, section_id: str, make: Make) -> Done:
    """Lock, load once, ``make(session, st, season, section)`` the change, check it by
    loading the season with the changed text (only the changed file is parsed again),
    write it."""
    from leaguegen.formats.season_write import (
        SeasonBusy,
        SeasonChanged,
        SeasonSession,
        WriteError,
        load_candidate,
    )
    from leaguegen.formats.season_yaml import SEASON_FILE
    from leaguegen.formats.yaml_splice import SpliceError

    if not (Path(season_dir) / SEASON_FILE).is_file():
        load(season_dir)  # not a season: the loader says so (and no lock file is made)
    try:
        with SeasonSession(season_dir) as session:
            memo: dict = {}
            season = load(season_dir, memo)
            session.confirm_read()
            section = section_of(season, season_dir, section_id)
            st, _, _ = session.locate_section(section_id)
            try:
                change = make(session, st, season, section)
            except Refused as exc:
                raise Refusal(Message("{path}: section '{section_id}': {exc}; nothing was "
                                      "written",
                                      path=st.path, section_id=section_id, exc=exc)) from None
            except SpliceError as exc:
                raise Refusal(Message("{path}: {exc}; nothing was written",
                                      path=st.path, exc=exc)) from None
            except AlreadyThere as exc:
                return Done((Message("{exc}; nothing to change", exc=exc),))
            try:
                after = load_candidate(Path(season_dir), {st.path: change.text}, memo)
            except InputError as err:
                raise SeasonInvalid(err, Message("the change would make the season invalid:")) \
                    from None
            problem = change.holds(after.section(section_id))
            if problem:
                raise Refusal(Message("{path}: internal: {problem}; nothing was written (please "
                                      "report this season)",
                                      path=st.path, problem=problem))
            session.write(st, change.text)
    except (SeasonBusy, SeasonChanged) as exc:
        raise Refusal(Message("{season_dir}: {exc}", season_dir=season_dir, exc=exc),
                      EXIT_CANNOT) from None
    except (WriteError, OSError) as exc:
        raise Refusal(Message("{season_dir}: cannot write: {exc}",
                              season_dir=season_dir, exc=exc)) from None
    return Done(tuple(change.said), (st.path,))


def find_player(section: Section, name: str) -> int:
    """The pairing number of ``name`` (full name, or surname when unique), else Refused."""
    from leaguegen.formats.players import Names
    from leaguegen.formats.yaml_nodes import suggestion

    found = Names(section.players).find(name.strip())
    if isinstance(found, int):
        return found
    if isinstance(found, list):
        who = ", ".join(section.players[i - 1].name for i in found)
        raise Refused(Message("'{name}' could be {who}; write the full name",
                              name=name, who=who))
    raise Refused(Message("no player '{name}'{suggestion}",
                          name=name, suggestion=suggestion(name,
                          [p.name for p in section.players])))


def computed(section: Section) -> bool:
    """Whether the section's pairing numbers are still computed from its list
    (``seeding: rating | lots | varma``, a kind that allows it, not a later stage)."""
    from leaguegen.formats.season_edits import COMPUTED_SEEDINGS

    return section.seeding in COMPUTED_SEEDINGS and section.stage is None and \
        kind_of(section.format).chores.computed_numbers


def started(section: Section) -> bool:
    """A kind paired round by round with a paired round: its numbers were used to pair,
    so they stay."""
    paired = kind_of(section.format).chores.paired_rounds
    return paired is not None and paired(section) > 0


def same_numbers(before: Section) -> Check:
    """A check that every player of ``before`` kept their pairing number (unless the
    section still computes them: then it has no result yet, and they may move)."""
    names = [p.name for p in before.players]

    def holds(after: Section) -> str | None:
        if computed(after):
            return None
        now = [p.name for p in after.players][:len(names)]
        return None if now == names else "the pairing numbers would move"

    return holds


def both(*checks: Check) -> Check:
    def holds(section: Section) -> str | None:
        return next((p for c in checks if (p := c(section))), None)

    return holds


def drawn_names(section: Section, node) -> list[str]:  # noqa: ANN001 - the section's mapping
    """The names of the ``players`` list in number order (late entries come after them)."""
    from leaguegen.formats.season_edits import item_name
    from leaguegen.formats.yaml_splice import get

    listed = {item_name(i) for i in getattr(get(node, "players"), "value", [])}
    return [p.name for p in section.players if p.name in listed]


def frozen_first(session, st, section: Section, said: list[str],  # noqa: ANN001
                 starts: bool = False) -> str:
    """The file's text, with the section frozen first when it still computes its numbers
    and has a result (or a paired round), or ``starts``: this write gives it one."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.season_write import freeze_wanted
    from leaguegen.formats.yaml_splice import compose, find_section

    node = find_section(compose(st.text), section.id)
    due = starts or (node is not None and freeze_wanted(node)) or started(section)
    if not computed(section) or node is None or not due:
        return st.text
    said.append(Message("pairing numbers frozen (they came from seeding: {seeding}; the players "
                        "are now listed in number order, seeding: list)",
                        seeding=section.seeding))
    return session.edit(st, lambda text, newline: season_edits.freeze(
        text, newline, section.id, drawn_names(section, node), section.seeding, section.seed))


def with_frozen(session, st, section: Section, edit: Callable[[str, str], str],  # noqa: ANN001
                said: list[str], freeze: bool = True, starts: bool = False) -> str:
    """``edit`` applied to the file's text (frozen first when ``freeze``: see
    ``frozen_first``)."""
    from leaguegen.formats.season_write import SeasonText

    text = frozen_first(session, st, section, said, starts) if freeze else st.text
    current = SeasonText(st.path, st.target, st.digest, text, st.bom, st.newline)
    return session.edit(current, edit)
