"""Message catalogues for the site: extract, update, compile, check.

    python tools/i18n.py extract   # templates + context.py -> site_template/locale/messages.pot
    python tools/i18n.py update    # merge the .pot into every <lang>/LC_MESSAGES/messages.po
    python tools/i18n.py append    # add only the new messages, empty, at the END of every .po
    python tools/i18n.py compile   # .po -> .mo (the .mo files are committed)
    python tools/i18n.py check     # exit 1 if a message is untranslated, fuzzy or a .mo is stale

Babel does the work (babel.messages); the Jinja2 extractor is Jinja's own. The same
functions back tests/site/test_i18n.py, so the test and this script cannot disagree.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "site_template"
LOCALE = TEMPLATES / "locale"
# The site's N_-marked labels, and the labels the domain's registries hold (section
# kinds, pairing systems), which the site translates.
PYTHON_SOURCES = tuple(sorted([*(ROOT / "leaguegen" / "site").rglob("*.py"),
                               *(ROOT / "leaguegen" / "domain" / "sections").glob("*.py"),
                               *(ROOT / "leaguegen" / "domain" / "pairing").glob("*.py")]))
LANGUAGES = ("en", "ru", "zh_Hans", "ar")
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "True",
                 "lstrip_blocks": "True"}


def extract() -> Catalog:
    """Every msgid in the templates and the N_()-marked labels in context.py, then the
    command line's messages and help texts."""
    from jinja2.ext import babel_extract

    catalog = Catalog(project="leaguegen", charset="utf-8")
    sources = [(p, "jinja2") for p in sorted(TEMPLATES.rglob("*.html"))]
    sources += [(p, "python") for p in PYTHON_SOURCES]
    for path, method in sources:
        func = babel_extract if method == "jinja2" else "python"
        options = JINJA_OPTIONS if method == "jinja2" else {}
        for lineno, message, comments, context in extract_from_file(
                func, str(path), keywords=DEFAULT_KEYWORDS, options=options):
            catalog.add(message, None, [(str(path.relative_to(ROOT)), lineno)],
                        auto_comments=comments, context=context,
                        flags=("python-format",) if _is_format(message) else ())
    add_cli_messages(catalog)
    return catalog


# Where the command line's messages are written (errors.Message calls): the CLI, the
# readers and the chores. Their ids are str.format templates ({name}), flagged
# python-brace-format; the help texts of every command and option are ids as written.
MESSAGE_SOURCES = tuple(sorted([*(ROOT / "leaguegen" / "cli").glob("*.py"),
                                *(ROOT / "leaguegen" / "formats").rglob("*.py"),
                                # the domain's reasons (no valid pairing, ...), said by the CLI
                                *(ROOT / "leaguegen" / "domain").rglob("*.py"),
                                ROOT / "leaguegen" / "errors.py",
                                # the build cache's warnings, said by ``leaguegen build``
                                ROOT / "leaguegen" / "site" / "incremental.py",
                                # ``print``'s reasons a sheet cannot be printed
                                ROOT / "leaguegen" / "site" / "printables" / "context.py"]))


def message_calls(path: Path) -> list[tuple[int, str, str | None, str | None]]:
    """(line, template, plural, context) of every ``Message("...")`` call in ``path``
    whose template is a literal (implicit concatenation included); the context is its
    ``msgctxt=`` keyword."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "Message" and node.args):
            continue
        texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                 for a in node.args[:2]]
        if texts[0] is None:
            continue
        context = next((k.value.value for k in node.keywords if k.arg == "msgctxt"
                        and isinstance(k.value, ast.Constant)), None)
        found.append((node.lineno, texts[0], texts[1] if len(texts) > 1 else None, context))
    return found


def help_texts() -> list[tuple[str, str]]:
    """(where, text) of the help of ``leaguegen``, every command and every option."""
    sys.path.insert(0, str(ROOT))
    from leaguegen.cli import COMMANDS, main

    found = [("leaguegen", main.help or "")] + [(f"leaguegen {p.name}", p.help)
                                                 for p in main.params if getattr(p, "help", "")]
    for name in sorted(COMMANDS):
        cmd = main.get_command(None, name)  # type: ignore[arg-type]
        found += [(f"leaguegen {name}", text) for text in (cmd.help, cmd.short_help) if text]
        found += [(f"leaguegen {name} {p.name}", p.help) for p in cmd.params
                  if getattr(p, "help", None)]
    return found


def add_cli_messages(catalog: Catalog) -> None:
    for path in MESSAGE_SOURCES:
        where = str(path.relative_to(ROOT))
        for lineno, template, plural, context in message_calls(path):
            if not _has_words(template) and context is None:  # said as written
                continue
            catalog.add(template if plural is None else (template, plural), None,
                        [(where, lineno)], flags=("python-brace-format",)
                        if "{" in template else (), context=context)
    for where, text in help_texts():
        catalog.add(text, None, [(where, 0)])
    from leaguegen.cli.scaffold_text import comments

    scaffold = ROOT / "leaguegen" / "scaffold" / "season" / "season.yaml"
    for text in comments(scaffold.read_text(encoding="utf-8")):
        catalog.add(text, None, [(str(scaffold.relative_to(ROOT)), 0)])
    from leaguegen.cli.requirement import LOCAL_HINT

    catalog.add(LOCAL_HINT, None, [("leaguegen/cli/requirement.py", 0)],
                flags=("python-brace-format",))
    from leaguegen.cli.speech import CLICK_MSGIDS, CLICK_PLURALS

    for text in (*CLICK_MSGIDS, *CLICK_PLURALS):
        catalog.add(text, None, [("click", 0)], flags=("python-brace-format",)
                    if "{" in (text if isinstance(text, str) else text[0]) else ())


def _has_words(template: str) -> bool:
    """Whether a template says anything besides its values (``{name}: {why}`` does not)."""
    import re

    return re.search(r"[A-Za-z]{2}", re.sub(r"\{[^}]*\}", "", template)) is not None


def _is_format(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any("%(" in t for t in texts)


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "messages.po"


def read(code: str) -> Catalog:
    with po_path(code).open("rb") as fh:
        return read_po(fh, locale=code)


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def problems() -> list[str]:
    """Untranslated, fuzzy or obsolete messages, and .mo files out of date with their .po."""
    template = extract()
    out = []
    for code in LANGUAGES:
        if not po_path(code).is_file():
            out.append(f"{code}: no catalogue")
            continue
        catalog = read(code)
        for msg in template:
            if not msg.id:
                continue
            have = catalog.get(msg.id, msg.context)
            if have is None:
                out.append(f"{code}: missing {msg.id!r}")
            elif code != "en" and (not have.string or not all(have.string)
                                   if isinstance(have.string, tuple) else not have.string):
                out.append(f"{code}: untranslated {msg.id!r}")
            elif have.fuzzy:
                out.append(f"{code}: fuzzy {msg.id!r}")
        ids = {m.id for m in template if m.id}
        out += [f"{code}: obsolete {m.id!r}" for m in catalog if m.id and m.id not in ids]
        mo = po_path(code).with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(catalog):
            out.append(f"{code}: {mo.relative_to(ROOT)} is stale; run tools/i18n.py compile")
    return out


def append_new(template: Catalog,
               translated: dict[str, dict] | None = None) -> dict[str, list[object]]:
    """Add the template's messages that a catalogue lacks at its END, leaving every
    existing entry byte for byte as it is (so catalogues edited by several people at once
    merge by union); ``translated`` gives msgstrs by language and msgid (else empty)."""
    added: dict[str, list[object]] = {}
    for code in LANGUAGES:
        catalog = read(code)
        new = [m for m in template if m.id and catalog.get(m.id, m.context) is None]
        for msg in new:
            string = (translated or {}).get(code, {}).get(msg.id, "")
            if isinstance(msg.id, tuple) and not isinstance(string, tuple):
                string = (string,) * (catalog.num_plurals if string else 1) \
                    if string else ("",) * catalog.num_plurals
            catalog.add(msg.id, string, list(msg.locations), flags=msg.flags,
                        auto_comments=msg.auto_comments, context=msg.context)
        with po_path(code).open("wb") as fh:
            write_po(fh, catalog, width=96, ignore_obsolete=True)
        added[code] = [m.id for m in new]
    pot = LOCALE / "messages.pot"
    with pot.open("rb") as fh:
        catalog = read_po(fh)
    for msg in template:
        if msg.id and catalog.get(msg.id, msg.context) is None:
            catalog.add(msg.id, None, list(msg.locations), flags=msg.flags,
                        auto_comments=msg.auto_comments, context=msg.context)
    with pot.open("wb") as fh:
        write_po(fh, catalog, width=96, omit_header=False, sort_output=False)
    return added


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        LOCALE.mkdir(parents=True, exist_ok=True)
        with (LOCALE / "messages.pot").open("wb") as fh:
            write_po(fh, extract(), omit_header=False, sort_output=False, width=96)
    elif command == "update":
        template = extract()
        for code in LANGUAGES:
            path = po_path(code)
            if path.is_file():
                catalog = read(code)
                catalog.update(template, no_fuzzy_matching=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=code, project="leaguegen", charset="utf-8")
                catalog.update(template, no_fuzzy_matching=True)
            with path.open("wb") as fh:
                write_po(fh, catalog, width=96, ignore_obsolete=True)
    elif command == "append":
        for code, added in append_new(extract()).items():
            print(f"{code}: {len(added)} new messages appended, to translate")
    elif command == "compile":
        for code in LANGUAGES:
            po_path(code).with_suffix(".mo").write_bytes(mo_bytes(read(code)))
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
