"""The command line in every language (issue 30): the same refusals, exit codes and
``file:line:col`` prefixes in en, ru, zh_Hans and ar, with no English left in the others.

``REFUSALS`` are refusals the suite already covers elsewhere (in English): a season with
problems (``check``, ``build``), a YAML syntax error, a folder that is not a season, the
chores' refusals (``result``, ``withdraw``, ``bye``, ``enter``), ``pair``'s, ``new``'s, and
click's usage errors. Each runs in the four languages through ``--lang``.

How "no English left" is judged: in Arabic every value the organiser wrote (a name, a
path, a key) is isolated between U+2068 and U+2069, so what is outside the isolates is
the catalogue's text; those values, collected from the Arabic run, are then removed from
the Russian and Chinese runs too. What remains may hold Latin words only from
``CODES`` (file formats, option names, codes the translations keep on purpose, such as
``seeding: list`` that the organiser types into a file).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main, speech
from leaguegen.errors import Message

ROOT = Path(__file__).resolve().parents[2]
SEASONS = ROOT / "seasons"
LANGS = ("en", "ru", "zh_Hans", "ar")
FSI, PDI = "\u2068", "\u2069"

# Latin words a translation keeps: formats, programs, codes and what the organiser types.
CODES = {
    "leaguegen", "TRF", "FIDE", "YAML", "UTF", "PDF", "JSON", "HTML", "Markdown", "ENG",
    "GAME", "SCORE", "FILE", "SEASON_DIR", "DIR", "NAME", "ID", "TOPIC", "REV", "seeding",
    "list", "date", "YYYY", "MM", "DD", "key", "value", "Ctrl", "http", "XXR", "XXA", "chmod",
    "PATH", "COMMAND", "ARGS", "Try", "uid", "git", "netlify", "docs", "build", "pair",
    "prizes", "min", "max", "EUR", "USD", "GBP", "rated", "reports", "url", "host", "OWNER",
}
# Where command-line messages are written (tools/i18n.py's locations for them).
CLI_SOURCES = ("leaguegen/cli", "leaguegen/formats", "leaguegen/errors", "leaguegen/scaffold",
               "leaguegen/domain", "leaguegen/site/incremental", "leaguegen ", "click")
USAGE = ("Usage:", "Использование:", "用法：", "الاستخدام:")
LATIN_WORD = re.compile(r"(?<![\w\-.])[A-Za-z][A-Za-z_']+")


def _season(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(SEASONS / name, folder)
    return folder


def _broken(tmp_path: Path) -> Path:
    """riverside with three problems: a rating, a federation and an unknown player."""
    folder = _season(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("rating: 2041, federation: SWE", "rating: 20x41, federation: SWE")
    text = text.replace("{name: Yusuf Demir, rating: 1930, federation: TUR}",
                        "{name: Yusuf Demir, rating: 1930, federation: TURK}")
    text = text.replace("Eleanor Whitfield - Daniel Reyes: 1-0",
                        "Eleanor Whitfeld - Daniel Reyes: 1-0", 1)
    path.write_text(text, encoding="utf-8")
    return folder


def _tabbed(tmp_path: Path) -> Path:
    folder = _season(tmp_path, "riverside-2026")
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - id: major", "\t- id: major"),
                    encoding="utf-8")
    return folder


def _riverside(tmp_path: Path) -> Path:
    return _season(tmp_path, "riverside-2026")


def _swiss(tmp_path: Path) -> Path:
    return _season(tmp_path, "thursday-swiss-2026")


def _swiss_complete(tmp_path: Path) -> Path:
    """The Swiss demo with its five paired rounds as all it plans: nothing left to pair."""
    folder = _swiss(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8").replace("number_of_rounds: 7", "number_of_rounds: 5")
    text = re.sub(r"\n *- \{player: [^}]*round: 6[^}]*\}", "", text)  # a bye asked for round 6
    path.write_text(text, encoding="utf-8")
    return folder


def _no_pairing_trf(tmp_path: Path) -> Path:
    """A conformance case with no legal pairing (as tests/domain/pairing/test_swiss_cli.py)."""
    case = ROOT.parent / "shared" / "conformance" / "dutch-nopairing" / "t0001-r12.trf"
    if not case.exists():
        pytest.skip(f"conformance corpus not available ({case})")
    folder = tmp_path / "trf"
    folder.mkdir(parents=True)
    shutil.copy(case, folder / "event.trf")
    return folder


def _reports_mistakes(tmp_path: Path) -> Path:
    """riverside with a ``reports:`` block wrong in each way its reader checks (a host
    unknown, a repository not OWNER/NAME, a server not https), two more beside a url
    that is not https, and ``rated:`` a word it cannot be."""
    club = tmp_path / "club"
    folder = _riverside(club)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8").replace("rated: fide", "rated: fida", 1)
    text += ("reports: {host: githab, repository: just-a-name, server: http://x}\n")
    path.write_text(text, encoding="utf-8")
    other = club / "second"
    shutil.copytree(folder, other)
    text = (other / "season.yaml").read_text(encoding="utf-8").split("reports:")[0]
    (other / "season.yaml").write_text(
        text + "reports: {url: 'http://x/{round}/{colour}', host: gitea}\n", encoding="utf-8")
    return club


def _series_mistakes(tmp_path: Path) -> Path:
    """riverside with a ``series:`` block wrong in every way its reader checks, and a
    ``club_standings:`` tie-break that does not exist."""
    folder = _riverside(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "  - id: rapid\n", "  - id: rapid\n    club_standings: {best: 2, tiebreaks: [nxt]}\n", 1)
    text += ("series:\n"
             "  - {id: Rapid_GP, name: A, events: [rapid, rapid, rapidd], points: [5, 8],\n"
             "     ties: shared, best: 3, minimum: 2, tiebreaks: [plyed, played, played]}\n"
             "  - {id: gp, name: B, events: [premier], points: [3]}\n"
             "  - {id: gp, name: C, events: [major], points: [3]}\n")
    path.write_text(text, encoding="utf-8")
    return folder


def _team_league(tmp_path: Path) -> Path:
    return _season(tmp_path, "club-league-2026")


def _team_swiss(tmp_path: Path) -> Path:
    """The team Swiss example (tests/data): every round paired, nothing left to pair."""
    folder = tmp_path / "team-swiss-2026"
    shutil.copytree(ROOT / "tests" / "data" / "team-swiss-2026", folder)
    return folder


def _bad_trf(tmp_path: Path) -> Path:
    """A generated Swiss TRF whose two lines disagree: player 1's round 1 result does not
    match player 12's, and in round 2 players 1 and 8 both have black."""
    folder = tmp_path / "trf"
    folder.mkdir(parents=True)
    data = (ROOT / "tests" / "data" / "bbp_generated" / "bbp-dutch-s0016.trf").read_bytes()
    data = data.replace(b"    12 b 1     8 w =", b"    12 b 0     8 b =", 1)
    (folder / "event.trf").write_bytes(data)
    return folder


def _good_trf(tmp_path: Path) -> Path:
    """A generated Swiss TRF as it was generated (every line agrees)."""
    folder = tmp_path / "trf"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "data" / "bbp_generated" / "bbp-dutch-s0016.trf",
                folder / "event.trf")
    return folder


def _bad_team_trf(tmp_path: Path) -> Path:
    """A team TRF whose first team lists player 2 of the second team as well."""
    folder = tmp_path / "trf"
    folder.mkdir(parents=True)
    text = (ROOT / "tests" / "data" / "team-swiss-c6" / "c6-following-emptied.trf").read_text(
        encoding="utf-8")
    squad = "   1     1    2    3    4    5    6"
    text = text.replace(squad, squad.replace("    2 ", "    8 "), 1)
    (folder / "event.trf").write_text(text, encoding="utf-8")
    return folder


def _team_swiss_mistakes(tmp_path: Path) -> Path:
    """The team Swiss example with round 1's first match a team against itself, and round
    2's whole-match default written as a score."""
    folder = _team_swiss(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("- Aldermoor - Glenrock: +-", "- Aldermoor - Aldermoor: +-", 1)
    text = text.replace("- Dunmore - Aldermoor: +-", "- Dunmore - Aldermoor: 1-0", 1)
    path.write_text(text, encoding="utf-8")
    return folder


def _team_withdrawals_mistakes(tmp_path: Path) -> Path:
    """The team league with a withdrawal of a team not in its division, and one twice."""
    folder = _team_league(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "  - id: division-1\n",
        "  - id: division-1\n"
        "    team_withdrawals:\n"
        "      - {team: Northgat, after_round: 2}\n"
        "      - {team: Old Mill, after_round: 99}\n", 1)
    path.write_text(text, encoding="utf-8")
    return folder


def _prize_mistakes(tmp_path: Path) -> Path:
    """riverside's rapid section with a ``prizes:`` block wrong in several ways."""
    folder = _riverside(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "  - id: rapid\n",
        "  - id: rapid\n"
        "    prizes:\n"
        "      currency: EURO\n"
        "      places: [100, -5, 12.345, 200]\n"
        "      categories:\n"
        "        - {name: Juniors, sex: q, rating: {min: 1800, max: 1500}, prizes: [10]}\n"
        "        - {name: Juniors, prizes: []}\n", 1)
    path.write_text(text, encoding="utf-8")
    return folder


def _season_keys_mistakes(tmp_path: Path) -> Path:
    """riverside with a paper size, printables choice and site address that do not exist,
    and a player whose family name is all of the name."""
    folder = _riverside(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("{name: Yusuf Demir, rating: 1930, federation: TUR}",
                        "{name: Yusuf Demir, family: Yusuf Demir, rating: 1930,"
                        " federation: TUR}", 1)
    text += "paper: A3\nprintables: every\nsite_url: ftp://club.example/\n"
    path.write_text(text, encoding="utf-8")
    return folder


def _fide_id_too_long(tmp_path: Path) -> Path:
    """riverside with a FIDE id of twelve digits: the loader takes it, TRF's eleven
    columns cannot hold it (``export trf`` refuses, naming the player's field)."""
    folder = _riverside(tmp_path)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "{name: Yusuf Demir, rating: 1930, federation: TUR}",
        "{name: Yusuf Demir, rating: 1930, federation: TUR, fide_id: 123456789012}", 1),
        encoding="utf-8")
    return folder


def _team_board_gap(tmp_path: Path) -> Path:
    """The team league with round 1's second board of Riverside A empty between its first
    and second players: no player of the team is left to write there as the absent one."""
    folder = _team_league(tmp_path)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "              - Ben Barnes - Fiona Finch: ½-½\n"
        "              - Clara Chowdhury - Gus Garner: ½-½\n",
        "              - default - Fiona Finch: -+\n"
        "              - Ben Barnes - Gus Garner: ½-½\n", 1), encoding="utf-8")
    return folder


def _not_empty(tmp_path: Path) -> Path:
    folder = tmp_path / "taken"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    return folder


# (name, how to make the folder, the arguments after it: {dir} is the folder)
REFUSALS = [
    ("check-three-errors", _broken, ["check", "{dir}"]),
    ("build-invalid", _broken, ["build", "{dir}", "--out", "{dir}/_site", "--no-pdf", "-q"]),
    ("check-tab", _tabbed, ["check", "{dir}"]),
    ("check-not-a-season", _not_empty, ["check", "{dir}"]),
    ("check-series-block", _series_mistakes, ["check", "{dir}"]),
    ("check-reports-block", _reports_mistakes, ["check", "{dir}"]),
    ("result-unknown-player", _riverside,
     ["result", "{dir}", "Eleanor Whitfeld - Daniel Reyes", "1-0", "--section", "premier"]),
    ("result-bad-score", _riverside,
     ["result", "{dir}", "Eleanor Whitfield - Daniel Reyes", "2-0", "--section", "premier"]),
    ("result-already-there", _riverside,
     ["result", "{dir}", "Eleanor Whitfield - Daniel Reyes", "0-1", "--section", "premier"]),
    ("result-not-paired", _riverside,
     ["result", "{dir}", "Oliver Grant - Amelia Novak", "1-0", "--section", "premier"]),
    ("result-no-args", _riverside, ["result", "{dir}"]),
    ("withdraw-twice", _swiss, ["withdraw", "{dir}", "Jack Thornton", "--section", "open",
                                "--after-round", "3"]),
    ("withdraw-beyond", _swiss, ["withdraw", "{dir}", "Owen Price", "--section", "open",
                                 "--after-round", "9"]),
    ("bye-round-robin", _riverside, ["bye", "{dir}", "Yusuf Demir", "--section", "premier",
                                     "--round", "9"]),
    ("enter-again", _swiss, ["enter", "{dir}", "Owen Price", "--section", "open"]),
    ("pair-unknown-section", _swiss, ["pair", "{dir}", "--section", "closed"]),
    ("pair-nothing", _riverside, ["pair"]),
    ("pair-complete", _swiss_complete, ["pair", "{dir}", "--section", "open"]),
    ("pair-trf-no-pairing", _no_pairing_trf, ["pair", "--trf", "{dir}/event.trf"]),
    ("team-result-scores", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "1-0 1-0", "--section", "division-1",
      "--round", "6"]),
    ("team-result-away-first", _team_league,
     ["result", "{dir}", "Castle Knights - Northgate", "1-0", "--board", "1", "--section",
      "division-1", "--round", "6"]),
    ("team-result-no-team", _team_league,
     ["result", "{dir}", "Northgate - Nobody", "1-0", "--section", "division-1"]),
    ("team-result-board", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "1-0", "--board", "9", "--section",
      "division-1", "--round", "6"]),
    ("team-result-bad-score", _team_league,
     ["result", "{dir}", "Northgate - Castle Knights", "3-0", "--board", "1", "--section",
      "division-1", "--round", "6"]),
    ("team-swiss-pair-complete", _team_swiss, ["pair", "{dir}", "--section", "open"]),
    ("pair-trf-lines-disagree", _bad_trf, ["pair", "--trf", "{dir}/event.trf"]),
    ("pair-team-trf-bad-squad", _bad_team_trf, ["pair", "--trf", "{dir}/event.trf"]),
    ("checkin-round-robin", _riverside, ["checkin", "{dir}", "Yusuf Demir", "--section",
                                         "premier"]),
    ("checkin-paired", _swiss, ["checkin", "{dir}", "Owen Price", "--section", "open",
                                "--round", "2"]),
    ("result-board-not-team", _riverside,
     ["result", "{dir}", "Eleanor Whitfield - Daniel Reyes", "1-0", "--section", "premier",
      "--board", "1"]),
    ("check-team-swiss-rounds", _team_swiss_mistakes, ["check", "{dir}"]),
    ("check-team-withdrawals", _team_withdrawals_mistakes, ["check", "{dir}"]),
    ("check-prizes", _prize_mistakes, ["check", "{dir}"]),
    ("check-season-keys", _season_keys_mistakes, ["check", "{dir}"]),
    ("export-trf-field-too-wide", _fide_id_too_long,
     ["export", "trf", "{dir}", "--section", "premier"]),
    ("export-trf-team-board-gap", _team_board_gap,
     ["export", "trf", "{dir}", "--section", "division-1"]),
    ("print-unknown-section", _riverside, ["print", "{dir}", "--section", "nope"]),
    ("standings-trf-exclude", _good_trf, ["standings", "--trf", "{dir}/event.trf", "--system",
                                         "swiss", "--exclude", "99"]),
    ("new-not-empty", _not_empty, ["new", "{dir}"]),
    ("no-such-command", _riverside, ["chec", "{dir}"]),
    ("no-such-option", _riverside, ["check", "{dir}", "--fast"]),
]


def run(tmp_path: Path, lang: str, make, args: list[str]) -> tuple[int, str, list[str]]:
    """(exit code, output, files under the folder) of one refusal in ``lang``."""
    folder = make(tmp_path / lang)
    argv = ["--lang", lang] + [a.replace("{dir}", str(folder)) for a in args]
    result = CliRunner().invoke(main, argv)
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))
    return result.exit_code, result.output.replace(str(tmp_path / lang), "DIR"), files


def values_of(arabic: str) -> list[str]:
    """Every isolated value in an Arabic output (names, paths, keys, as written)."""
    return re.findall(f"{FSI}([^{PDI}]*){PDI}", arabic)


def english_left(output: str, values: list[str]) -> list[str]:
    """Latin words of ``output`` that are neither a value nor a code."""
    text = re.sub(f"{FSI}[^{PDI}]*{PDI}", " ", output)
    text = "\n".join(line for line in text.split("\n")
                     if not line.startswith(USAGE))  # the command's syntax, as typed
    for value in sorted(values, key=len, reverse=True):
        text = text.replace(value, " ")
    text = re.sub(r"^\S*:\d+:\d+: ", "", text, flags=re.M)  # file:line:col
    text = re.sub(r"(?<![\w-])--?[\w-]+", " ", text)  # options
    text = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\S*[/\\]\S*|\S+\.\w+", " ", text)
    return [w for w in LATIN_WORD.findall(text) if w not in CODES]


ENGLISH_GLUE = {"the", "is", "not", "has", "have", "with", "to", "and", "or", "are", "its",
                "one", "give", "pass", "write"}


def sentences_in(values: list[str]) -> list[str]:
    """Values that are English sentences, not names: a refusal written as a plain string
    is said as a value (isolated in Arabic, as written), so it hides among the names unless
    its grammar words give it away."""
    return [v for v in values
            if len(v.split()) >= 4 and ENGLISH_GLUE & set(LATIN_WORD.findall(v.lower()))]


@pytest.mark.parametrize("name,make,args", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusal_in_every_language(tmp_path: Path, name: str, make, args: list[str]) -> None:
    said = {lang: run(tmp_path, lang, make, args) for lang in LANGS}
    code, english, files = said["en"]
    assert code in (1, 2), f"{name} is not a refusal: exit {code}\n{english}"
    prefixes = re.findall(r"^\S*:\d+:\d+:", english, flags=re.M)
    values = values_of(said["ar"][1])
    assert not sentences_in(values), f"{name}: English said as a value: {sentences_in(values)}"
    for lang in LANGS[1:]:
        their_code, output, their_files = said[lang]
        assert their_code == code, f"{name} in {lang}: exit {their_code}, not {code}"
        assert their_files == files, f"{name} in {lang} wrote files"
        assert re.findall(r"^\S*:\d+:\d+:", output, flags=re.M) == prefixes, output
        assert output != english, f"{name} said in English in {lang}:\n{output}"
        left = english_left(output, values)
        assert not left, f"{name} in {lang}: English left {left}:\n{output}"


def test_three_errors_read_right(tmp_path: Path) -> None:
    """The screenshot's session, word for word where it matters: the places, the names as
    written, the counts in each language's plural."""
    folder = _broken(tmp_path)
    out = {lang: CliRunner().invoke(main, ["--lang", lang, "check", str(folder)]).output
           for lang in LANGS}
    assert "3 problems found." in out["en"]
    assert "найдены 3 ошибки." in out["ru"]
    assert "发现 3 个问题。" in out["zh_Hans"]
    assert "وُجدت 3 مشكلات." in out["ar"]
    assert "неизвестный участник 'Eleanor Whitfeld'" in out["ru"]
    assert f"'{FSI}Eleanor Whitfeld{PDI}'" in out["ar"]  # a Latin name isolated in Arabic


def test_season_language_then_locale_then_lang(tmp_path: Path, monkeypatch) -> None:
    """--lang first, else the season's language, else the locale."""
    folder = _season(tmp_path, "ladya-2026-ru")
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    monkeypatch.delenv("LEAGUEGEN_LANG", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    runner = CliRunner()
    season = runner.invoke(main, ["check", str(folder)]).output
    assert "неизвестный ключ 'colour'" in season  # the season is Russian
    forced = runner.invoke(main, ["--lang", "ar", "check", str(folder)]).output
    assert "مفتاح غير معروف" in forced
    not_a_season = runner.invoke(main, ["check", str(tmp_path / "nowhere")]).output
    assert "赛季" in not_a_season  # no season to read: the locale (zh_CN)
    monkeypatch.setenv("LANG", "C.UTF-8")
    (tmp_path / "empty").mkdir()  # (tmp_path itself holds a season: a folder of seasons)
    assert "no season.yaml here" in runner.invoke(main, ["check", str(tmp_path / "empty")]).output


def test_locale_names() -> None:
    assert speech.code_of("ru_RU.UTF-8") == "ru"
    assert speech.code_of("zh_CN.UTF-8") == "zh_Hans"
    assert speech.code_of("zh-Hans") == "zh_Hans"
    assert speech.code_of("ar_JO") == "ar"
    assert speech.code_of("de_DE.UTF-8") is None
    assert speech.locale_language({"LANG": "ru_RU.UTF-8", "LC_ALL": "C"}) == "en"
    assert speech.locale_language({"LANG": "ar_EG.UTF-8"}) == "ar"


def test_message_is_its_english() -> None:
    """A Message is the English str every caller saw before; pickles as its template."""
    import pickle

    m = Message("unknown key '{key}' in {what}{suggestion}; allowed: {allowed}", key="x{y}",
                what=Message("player {index}", index=3), suggestion="", allowed="name, rating")
    assert m == "unknown key 'x{y}' in player 3; allowed: name, rating"
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.template == m.template
    assert speech.say(m, "ru") == "неизвестный ключ 'x{y}' (участник 3); допустимые: name, rating"
    assert speech.say(m, "ar") == (f"مفتاح غير معروف '{FSI}x{{y}}{PDI}' في اللاعب 3؛ المسموح:"
                                   f" {FSI}name, rating{PDI}")
    assert speech.say(Message("{count} problem found.", "{count} problems found.",
                              count=21), "ru") == "найдена 21 ошибка."


def test_help_in_the_language() -> None:
    out = CliRunner().invoke(main, ["--lang", "ru", "check", "--help"]).output
    assert "Использование:" in out and "Проверить SEASON_DIR" in out
    assert "Показать это сообщение и выйти." in out
    out = CliRunner().invoke(main, ["--lang", "zh_Hans", "--help"]).output
    assert "命令" in out and "校验 SEASON_DIR" in out


def test_every_cli_message_translated() -> None:
    """0 untranslated messages in ru, zh_Hans, ar: each missing one is named, with where
    it is written, so whoever adds a message sees what to translate."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n

    template = i18n.extract()
    missing = []
    for code in LANGS[1:]:
        catalog = i18n.read(code)
        for msg in template:
            where = [w for w, _ in msg.locations]
            if not msg.id or not any(w.startswith(CLI_SOURCES) for w in where):
                continue
            have = catalog.get(msg.id, msg.context)
            strings = have.string if have is not None and isinstance(have.string, tuple) \
                else (have.string if have is not None else "",)
            if have is None or not all(strings) or have.fuzzy:
                missing.append(f"{code}: {msg.id!r} ({where[0]})")
    assert not missing, (f"{len(missing)} untranslated command-line messages (python "
                         "tools/i18n.py append, then translate them):\n" + "\n".join(missing))


GLOSSARY_TERMS = {  # the English of each glossary row, as a pattern over a message's words
    "round": r"(?<!fide )rounds?(?!\s+robin)", "section": r"sections?", "player": r"players?",
    "season": r"seasons?", "result": r"results?", "withdraw, withdrawn": r"withdr\w+",
    "bye": r"byes?", "pairing (the draw)": r"pairings?(?! numbers?)(?! ')",
    "pairing number": r"pairing numbers?", "tiebreak": r"tiebreaks?",
    "forfeit": r"forfeits?", "nothing was written": r"nothing was written",
}


def glossary() -> dict[str, dict[str, tuple[str, ...]]]:
    """docs/i18n.md's glossary table: English row -> language -> the words' stems."""
    text = (ROOT / "docs" / "i18n.md").read_text(encoding="utf-8")
    table = text[text.index("### Glossary"):].split("\n\n")[2]
    rows = {}
    for line in table.splitlines()[2:]:
        english, ru, zh, ar = (c.strip() for c in line.strip("|").split("|"))
        rows[english] = {"ru": tuple(tuple(map(_stem_ru, w.split())) for w in ru.split(" / ")),
                         "zh_Hans": tuple((w,) for w in zh.split(" / ")),
                         "ar": tuple(tuple(map(_stem_ar, w.split())) for w in ar.split(" / "))}
    return rows


def _normal(text: str) -> str:
    """Lower case, ё as е, no Arabic short vowels: how the words are compared."""
    return re.sub("[\u064b-\u0652]", "", text).replace("ё", "е").lower()


def _stem_ru(word: str) -> str:
    word = _normal(word)
    return word[:-2] if word.endswith(("ый", "ий", "ой")) else \
        word[:-1] if word[-1] in "аяоеьй" else word


def _stem_ar(word: str) -> str:
    word = _normal(word).removeprefix("ال")
    return word[:-1] if word.endswith("ة") else word


def _plain_words(msgid: str) -> str:
    """A message's own words: no fields, options, quoted or code parts, keys or paths."""
    text = re.sub(r"\{[^}]*\}|`[^`]*`|(?<![A-Za-z])'[^']*'|--[\w-]+|\S*[_./-]\S*", " ", msgid)
    return text.lower()


def test_catalogues_keep_to_the_glossary() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n

    rows = glossary()
    assert set(rows) == set(GLOSSARY_TERMS), "docs/i18n.md's glossary and the test differ"
    template = i18n.extract()
    cli_ids = [(m.id, m.context) for m in template if m.id and any(
        w.startswith(CLI_SOURCES) for w, _ in m.locations)]
    off = []
    for code in LANGS[1:]:
        catalog = i18n.read(code)
        for mid, context in cli_ids:
            english = _plain_words(mid if isinstance(mid, str) else mid[1])
            strings = catalog.get(mid, context).string
            said = " ".join(strings) if isinstance(strings, tuple) else strings
            said = _normal(said)
            for row, pattern in GLOSSARY_TERMS.items():
                if re.search(rf"\b{pattern}\b", english) and not any(
                        all(stem in said for stem in words) for words in rows[row][code]):
                    off.append(f"{code}: {row!r} in {mid!r}: {said!r}")
    assert not off, f"{len(off)} translations leave the glossary:\n" + "\n".join(off)


@pytest.mark.parametrize("lang,words", [("ru", "Очки за победу, ничью и поражение."),
                                        ("zh_Hans", "胜、和、负各得几分。"),
                                        ("ar", "نقاط الفوز والتعادل والخسارة.")])
def test_new_writes_its_scaffold_in_the_language(tmp_path: Path, lang: str, words: str) -> None:
    """``new --lang X``: the season says language: X, its comments are in X (every one of
    them), and it is as valid as the English scaffold: same keys, values and names."""
    from leaguegen.cli.scaffold_text import comments
    from leaguegen.formats.season_yaml import load_season

    folder = tmp_path / "club" / "autumn"
    result = CliRunner().invoke(main, ["new", str(folder), "--lang", lang])
    assert result.exit_code == 0, result.output
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert f"\nlanguage: {lang}\n" in text and f"# {words}\n" in text
    english = (ROOT / "leaguegen" / "scaffold" / "season" / "season.yaml").read_text("utf-8")
    assert not set(comments(english)) & set(comments(text))  # no comment left in English
    assert text.startswith("# yaml-language-server: $schema=season.schema.json\n")
    season = load_season(folder)
    assert season.language == lang
    code_of = [re.sub(r"\s+#.*", "", line) for line in english.splitlines()
               if not line.lstrip().startswith("#")]
    assert [re.sub(r"\s+#.*", "", line) for line in text.splitlines()
            if not line.lstrip().startswith("#")] == \
        [line.replace("language: en", f"language: {lang}") for line in code_of]


# The pairing engines' reasons (domain Messages), said inside the command's sentence.
REASONS = {
    "pair-complete": ("all 5 rounds are paired", {
        "ru": "жеребьёвка всех туров (5) уже проведена", "zh_Hans": "全部 5 轮都已编排",
        "ar": "أُجريت قرعة كل الجولات (5)"}),
    "pair-trf-no-pairing": (
        "the players cannot all be paired while satisfying the absolute criteria", {
            "ru": "жеребьёвка, в которой пары получают все участники и выполнены абсолютные "
                  "критерии, невозможна",
            "zh_Hans": "无法在满足绝对标准的同时为所有棋手编排对阵",
            "ar": "لا يمكن إجراء قرعة تجمع كل اللاعبين مع استيفاء المعايير المطلقة"}),
}


@pytest.mark.parametrize("name", sorted(REASONS))
def test_a_pairing_reason_is_said_in_the_language(tmp_path: Path, name: str) -> None:
    """The domain's reason (NoValidPairing, a Swiss section complete) is a Message: said in
    the language, not dropped into the translated sentence in English (the refusal test
    cannot see that: a plain value is isolated in Arabic like a name)."""
    _, make, args = next(r for r in REFUSALS if r[0] == name)
    english, said = REASONS[name]
    assert english in run(tmp_path, "en", make, args)[1]
    for lang, words in said.items():
        code, output, _ = run(tmp_path, lang, make, args)
        assert code == 1 and words in output and english not in output, output


# The TRF writers' names for a field (a value of the sentence, so the refusal test alone
# cannot see it in English): said in the language.
FIELDS = {"export-trf-field-too-wide": ("player 5: FIDE id", {
    "ru": "участник 5: FIDE ID", "zh_Hans": "棋手 5: FIDE ID", "ar": "اللاعب 5: معرّف FIDE"})}


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_a_trf_field_is_named_in_the_language(tmp_path: Path, name: str) -> None:
    _, make, args = next(r for r in REFUSALS if r[0] == name)
    english, said = FIELDS[name]
    assert english in run(tmp_path, "en", make, args)[1]
    for lang, words in said.items():
        code, output, files = run(tmp_path, lang, make, args)
        plain = re.sub(f"[{FSI}{PDI}]", "", output)
        assert code == 2 and words in plain and english not in plain, output


@pytest.mark.parametrize("lang", LANGS)
def test_a_build_cache_warning_is_said_in_the_language(tmp_path: Path, lang: str) -> None:
    """Damaged cache entries: the build goes on and says so, one line an entry, in the
    language (they were English on stderr whatever the language)."""
    from leaguegen.site import incremental
    from leaguegen.site.build import default_cache

    folder = _riverside(tmp_path)
    out = tmp_path / "site"
    argv = ["--lang", lang, "build", str(folder), "--out", str(out), "--no-pdf", "-q"]
    assert CliRunner().invoke(main, argv).exit_code == 0
    entries = [p for p in default_cache(out).iterdir() if incremental._ENTRY.match(p.name)]
    for entry in entries:
        entry.write_bytes(b"damaged")
    result = CliRunner().invoke(main, [*argv, "--force"])  # --force: no "nothing changed"
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines()
             if any(e.name in line for e in entries)]
    assert lines and len(lines) == len(set(lines)), result.output
    words = {"en": "warning: the build cache's entry", "ru": "предупреждение: запись кэша",
             "zh_Hans": "警告：构建缓存条目", "ar": "تحذير: مدخل ذاكرة البناء المؤقتة"}[lang]
    for line in lines:
        assert words in line, line
        if lang != "en":
            path = re.search(r"\S*\.leaguegen-cache\S*?(?=[:：\u2069 ]|$)", line)
            values = [path[0]] if path else []
            assert not english_left(line.replace(FSI, "").replace(PDI, ""), values), line
