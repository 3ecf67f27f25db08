"""``leaguegen freeze SEASON_DIR [--section ID]``: write computed pairing numbers into the file.

Under ``seeding: rating | lots | varma`` the numbers are computed from the player list
each time the season is read, so once a section has a result a new rating or an added
player would move them. Freezing lists the players in number order and sets
``seeding: list``, with a comment saying what the numbers were drawn by (the ``seed``
stays; a ``varma_by`` line becomes a comment). Every page stays the same: the numbers
are the ones the season already had. ``result`` and ``pair`` freeze a section by
themselves before its first result; ``check`` warns about one that has results and is
not frozen.

Without ``--section`` every section that has a result and still computes its numbers is
frozen; with it, that section (started or not). Exit codes as for the other chores.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.chore_cmds import Refused, computed, drawn_names, fail, load, same_numbers
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.errors import InputError


@main.command("freeze")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.option("--section", "section_id", help="Only this section (also one not started).")
def freeze_cmd(season_dir: str, section_id: str | None) -> None:
    """Write the pairing numbers of SEASON_DIR's sections into the file (seeding: list)."""
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
            season = load(season_dir)
            session.confirm_read()
            if section_id is not None:
                try:
                    chosen = [season.section(section_id)]
                except KeyError:
                    ids = ", ".join(s.id for s in season.sections)
                    fail(f"{season_dir}: no section '{section_id}' (sections: {ids}); nothing"
                         " was written")
            else:
                chosen = [s for s in season.sections
                          if computed(s) and any(g.result is not None for g in s.games)]
            texts: dict[Path, SeasonText] = {}
            new: dict[Path, str] = {}
            for section in chosen:
                if not computed(section):
                    fail(f"section '{section.id}': its pairing numbers are not computed"
                         f" (seeding: {section.seeding}"
                         + (", players from earlier sections" if section.stage else "")
                         + "); nothing to freeze")
                st, _, _ = session.locate_section(section.id)
                st = texts.setdefault(st.path, st)
                text = new.get(st.path, st.text)
                node = find_section(compose(text), section.id)
                order = drawn_names(section, node)
                current = SeasonText(st.path, st.target, st.digest, text, st.bom, st.newline)
                new[st.path] = session.edit(current, lambda t, nl, s=section, o=order:
                                            season_edits.freeze(t, nl, s.id, o, s.seeding,
                                                                s.seed))
                said.append(f"section '{section.id}': pairing numbers frozen (from seeding:"
                            f" {section.seeding}); players listed in number order,"
                            " seeding: list")
            if not new:
                click.echo("nothing to freeze: no section with results computes its pairing"
                           " numbers")
                return
            try:
                after = load_candidate(Path(season_dir), new)
            except InputError as err:
                click.echo("freezing would make the season invalid:", err=True)
                report_problems(err)
                sys.exit(2)
            for section in chosen:
                problem = same_numbers(section)(after.section(section.id))
                if problem:
                    raise Refused(problem)
            for path in new:  # every file may be written, or none is (exit 2)
                ensure_writable(texts[path].target, str(path))
            for path, text in new.items():
                session.write(texts[path], text)
    except Refused as exc:
        fail(f"{season_dir}: internal: {exc}; nothing was written (please report this season)")
    except (SeasonBusy, SeasonChanged) as exc:
        fail(f"{season_dir}: {exc}", 1)
    except (WriteError, OSError) as exc:
        fail(f"{season_dir}: cannot write: {exc}")
    for line in said:
        click.echo(printable(line))
    click.echo(f"written to {printable(', '.join(str(p) for p in new))}")
