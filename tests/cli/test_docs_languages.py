"""``leaguegen docs TOPIC`` in Russian, Chinese and Arabic (issue 30).

The pages a newcomer needs (quick start, season format, formats, Swiss, tie-breaks) are
translated in ``docs/<language>/``; the language is ``--lang``, else the locale; a topic not
translated falls back to English with a note on stderr. The translations keep to the
glossary of docs/i18n.md (the one the catalogues are held to): each glossary concept the
English page speaks of is named in the translation with the glossary's word, and the
English word for it appears nowhere in the translated prose. Commands and YAML keys are
code and stay as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from leaguegen.cli import COMMANDS, main
from tests.cli.test_cli_languages import GLOSSARY_TERMS, _normal, glossary

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
NEWCOMER = ("quick-start", "season-format", "formats", "swiss", "tiebreaks")
TRANSLATED = ("ru", "zh_Hans", "ar")
NOTES = {"ru": "примечание", "zh_Hans": "注：", "ar": "ملاحظة"}
# The catalogue test's patterns; the pages spell it "tie-break" as well as "tiebreak".
TERMS = {**GLOSSARY_TERMS, "tiebreak": r"tie-?breaks?"}
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _run(*args: str, env: dict[str, str] | None = None):  # noqa: ANN202 - click's Result
    base = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C", "LEAGUEGEN_LANG": ""}
    return CliRunner().invoke(main, list(args), env={**base, **(env or {})})


def _prose(text: str) -> str:
    """A page without its code: fenced blocks, inline code, links' targets."""
    text = FENCE.sub(" ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("topic", NEWCOMER)
def test_a_newcomer_page_is_printed_in_the_language(code: str, topic: str) -> None:
    result = _run("--lang", code, "docs", topic)
    assert result.exit_code == 0, result.output
    assert result.stdout == (DOCS / code / f"{topic}.md").read_text(encoding="utf-8")
    assert result.stderr == ""


def test_the_locale_chooses_the_language_and_lang_overrides_it() -> None:
    russian = (DOCS / "ru" / "quick-start.md").read_text(encoding="utf-8")
    assert _run("docs", "quick-start", env={"LANG": "ru_RU.UTF-8"}).stdout == russian
    assert _run("docs", "quick-start", env={"LEAGUEGEN_LANG": "ru"}).stdout == russian
    chinese = _run("--lang", "zh_Hans", "docs", "quick-start", env={"LANG": "ru_RU.UTF-8"})
    assert chinese.stdout == (DOCS / "zh_Hans" / "quick-start.md").read_text(encoding="utf-8")
    english = _run("docs", "quick-start")
    assert english.stdout == (DOCS / "quick-start.md").read_text(encoding="utf-8")


def test_a_season_in_the_folder_does_not_choose_the_language(tmp_path: Path,
                                                             monkeypatch) -> None:  # noqa: ANN001
    (tmp_path / "season.yaml").write_text("name: X\nlanguage: ar\nsections: []\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    result = _run("docs", "tiebreaks")
    assert result.stdout == (DOCS / "tiebreaks.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_topic_not_translated_falls_back_to_english_with_a_note(code: str) -> None:
    assert not (DOCS / code / "netlify.md").exists()
    result = _run("--lang", code, "docs", "netlify")
    assert result.exit_code == 0
    assert result.stdout == (DOCS / "netlify.md").read_text(encoding="utf-8")
    note = result.stderr
    assert NOTES[code] in note and "netlify" in note
    assert "translated" not in note and "English" not in note


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_list_says_which_pages_are_in_the_language(code: str) -> None:
    result = _run("--lang", code, "docs")
    assert result.exit_code == 0
    assert result.stdout.split() == [p.stem for p in sorted(DOCS.glob("*.md"))]
    assert NOTES[code] in result.stderr
    assert all(topic in result.stderr for topic in NEWCOMER)
    assert _run("--lang", code, "docs", "nonsense").exit_code == 2


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("topic", NEWCOMER)
def test_a_translation_keeps_to_the_glossary(code: str, topic: str) -> None:
    """Every glossary concept of the English page is named with the glossary's word, and
    no English glossary word is left in the translated prose."""
    rows = glossary()
    english = _prose((DOCS / f"{topic}.md").read_text(encoding="utf-8")).lower()
    said = _normal(_prose((DOCS / code / f"{topic}.md").read_text(encoding="utf-8")))
    missing, left = [], []
    for row, pattern in TERMS.items():
        if not re.search(rf"\b{pattern}\b", english):
            continue
        if not any(all(stem in said for stem in words) for words in rows[row][code]):
            missing.append(row)
        found = re.search(rf"\b{pattern}\b", said)
        if found:
            left.append(f"{row}: {said[max(0, found.start() - 40):found.end() + 40]!r}")
    assert not missing, f"{code}/{topic}.md does not name: {missing}"
    assert not left, f"{code}/{topic}.md keeps English words:\n" + "\n".join(left)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("topic", NEWCOMER)
def test_commands_and_yaml_stay_code(code: str, topic: str) -> None:
    """Every ``leaguegen X`` a translated page shows is a command, and its YAML examples
    are YAML with the keys the English pages use (keys are not translated)."""
    text = (DOCS / code / f"{topic}.md").read_text(encoding="utf-8")
    commands = set(re.findall(r"leaguegen (?:--lang \S+ )?([a-z][a-z-]+)", text))
    assert commands and commands <= set(COMMANDS), commands - set(COMMANDS)
    english_keys = set(re.findall(r"(?m)^\s*(?:- )?\{?([a-z_]+):", "\n".join(
        p.read_text(encoding="utf-8") for p in DOCS.glob("*.md"))))
    for block in re.findall(r"^```yaml\n(.*?)^```", text, re.S | re.M):
        yaml.safe_load(block)
        keys = set(re.findall(r"(?m)^\s*(?:- )?([a-z_]+):", block))
        assert keys <= english_keys, keys - english_keys



@pytest.mark.parametrize("code", TRANSLATED)
def test_the_complete_example_is_a_valid_season(code: str, tmp_path: Path) -> None:
    """The translated season-format's complete example (names, ids and comments in the
    language) is a season ``check`` accepts, and a result is recorded in it by surname
    or full name as the page says."""
    text = (DOCS / code / "season-format.md").read_text(encoding="utf-8")
    example = text[text.rindex("```yaml\n") + len("```yaml\n"):text.rindex("```")]
    (tmp_path / "season.yaml").write_text(example, encoding="utf-8")
    checked = _run("check", str(tmp_path))
    assert checked.exit_code == 0, checked.output
    section = re.search(r"- id: (\S+)", example).group(1)
    game = re.findall(r"- (.+ - .+):\n", example)[-1]
    recorded = _run("result", str(tmp_path), "--section", section, game, "0-1",
                    "--date", "2027-01-13")
    assert recorded.exit_code == 0, recorded.output
    assert f"{game}: 0-1" in (tmp_path / "season.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_scaffold_points_at_the_reference_in_its_language(code: str, tmp_path: Path) -> None:
    """``new --lang X`` writes a season commented in X whose first comment names the
    command that prints the season format in X, and that command does."""
    made = _run("new", str(tmp_path / "s"), "--lang", code)
    assert made.exit_code == 0, made.output
    text = (tmp_path / "s" / "season.yaml").read_text(encoding="utf-8")
    command = f"leaguegen --lang {code} docs season-format"
    assert command in text
    printed = _run(*command.split()[1:])
    assert printed.stdout == (DOCS / code / "season-format.md").read_text(encoding="utf-8")
