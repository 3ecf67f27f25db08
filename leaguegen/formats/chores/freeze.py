"""The ``freeze`` chore: computed pairing numbers written into the file (``seeding: list``).

Which sections may be frozen is their kind's word (``Chores.computed_numbers``). Every
file may be written, or none is.
"""

from __future__ import annotations

from pathlib import Path

from leaguegen.errors import InputError, Message
from leaguegen.formats.chores.core import (
    EXIT_INVALID,
    Done,
    Refusal,
    SeasonInvalid,
    computed,
    drawn_names,
    load,
    same_numbers,
    section_of,
)


def freeze(season_dir: str | Path, section_id: str | None = None) -> Done:
    """Freeze ``section_id`` (started or not), or every section with a result that still
    computes its numbers. ``Done.written`` is empty when there was nothing to freeze."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.files import ensure_writable
    from leaguegen.formats.season_write import (
        SeasonBusy,
        SeasonChanged,
        SeasonSession,
        SeasonText,
        WriteError,
        load_candidate,
    )
    from leaguegen.formats.season_yaml import SEASON_FILE
    from leaguegen.formats.yaml_splice import compose, find_section

    if not (Path(season_dir) / SEASON_FILE).is_file():
        load(season_dir)
    said: list[str] = []
    try:
        with SeasonSession(season_dir) as session:
            memo: dict = {}
            season = load(season_dir, memo)
            session.confirm_read()
            if section_id is not None:
                chosen = [section_of(season, season_dir, section_id)]
            else:
                chosen = [s for s in season.sections
                          if computed(s) and any(g.result is not None for g in s.games)]
            texts: dict[Path, SeasonText] = {}
            new: dict[Path, str] = {}
            for section in chosen:
                if not computed(section):
                    raise Refusal(
                        Message("section '{id}': its pairing numbers are not computed"
                                " (seeding: {seeding}, players from earlier sections);"
                                " nothing to freeze", id=section.id, seeding=section.seeding)
                        if section.stage else
                        Message("section '{id}': its pairing numbers are not computed"
                                " (seeding: {seeding}); nothing to freeze", id=section.id,
                                seeding=section.seeding))
                st, _, _ = session.locate_section(section.id)
                st = texts.setdefault(st.path, st)
                text = new.get(st.path, st.text)
                node = find_section(compose(text), section.id)
                order = drawn_names(section, node)
                current = SeasonText(st.path, st.target, st.digest, text, st.bom, st.newline)
                new[st.path] = session.edit(current, lambda t, nl, s=section, o=order:
                                            season_edits.freeze(t, nl, s.id, o, s.seeding,
                                                                s.seed))
                said.append(Message("section '{id}': pairing numbers frozen (from seeding: "
                                    "{seeding}); players listed in number order, seeding: list",
                                    id=section.id, seeding=section.seeding))
            if not new:
                return Done(("nothing to freeze: no section with results computes its"
                             " pairing numbers",))
            try:
                after = load_candidate(Path(season_dir), new, memo)
            except InputError as err:
                raise SeasonInvalid(err, Message("freezing would make the season invalid:")) \
                    from None
            for section in chosen:
                problem = same_numbers(section)(after.section(section.id))
                if problem:
                    raise Refusal(Message("{season_dir}: internal: {problem}; nothing was "
                                          "written (please report this season)",
                                          season_dir=season_dir, problem=problem), EXIT_INVALID)
            for path in new:  # every file may be written, or none is (exit 2)
                ensure_writable(texts[path].target, str(path))
            for path, text in new.items():
                session.write(texts[path], text)
    except (SeasonBusy, SeasonChanged) as exc:
        raise Refusal(Message("{season_dir}: {exc}", season_dir=season_dir, exc=exc), 1) from None
    except (WriteError, OSError) as exc:
        raise Refusal(Message("{season_dir}: cannot write: {exc}",
                              season_dir=season_dir, exc=exc)) from None
    return Done(tuple(said), tuple(new))
