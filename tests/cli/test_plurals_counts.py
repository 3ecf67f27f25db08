"""A number before a noun takes the noun's form for that number, in the messages of the
readers, the chores and the commands (the ones #29's first pass left in one fixed form):
Russian «1 тур», «2 тура», «5 туров», «21 тур»; Arabic «جولة واحدة», «جولتان», «3 جولات»,
«11 جولة», «100 جولة». Each is said through the real command (exit 2 and the file as it was,
where the message is a refusal), not only looked up in the catalogue."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main, speech
from leaguegen.errors import InputError, Message
from leaguegen.formats import files
from tests.cli.test_check_pairings import EVENT, _write
from tests.conftest import ROOT

FSI, PDI = "\u2068", "\u2069"


def run(lang: str, *args: object) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["--lang", lang, *[str(a) for a in args]])
    return res.exit_code, res.output.replace(FSI, "").replace(PDI, "")


def _swiss(tmp_path: Path, rounds: int) -> Path:
    """A Swiss of ``rounds`` rounds (and two players more, four at least), nothing paired."""
    folder = tmp_path / f"swiss-{rounds}"
    folder.mkdir()
    players = "\n".join(f"      - {{name: Player {i}}}" for i in range(1, max(rounds + 3, 5)))
    (folder / "season.yaml").write_text(
        "name: Test\nsections:\n  - id: open\n    name: Open\n    format: swiss\n"
        f"    number_of_rounds: {rounds}\n    players:\n{players}\n", encoding="utf-8")
    return folder


RU_ROUNDS = [(1, "1 тур"), (2, "2 тура"), (5, "5 туров"), (21, "21 тур")]
AR_ROUNDS = [(1, "جولة واحدة"), (2, "جولتان"), (3, "3 جولات"), (11, "11 جولة"),
             (100, "100 جولة")]


@pytest.mark.parametrize(("lang", "rounds", "words"),
                         [("ru", *r) for r in RU_ROUNDS] + [("ar", *r) for r in AR_ROUNDS],
                         ids=[f"ru-{r[0]}" for r in RU_ROUNDS] + [f"ar-{r[0]}" for r in AR_ROUNDS])
def test_withdraw_and_bye_after_the_last_round(tmp_path: Path, lang: str, rounds: int,
                                               words: str) -> None:
    folder = _swiss(tmp_path, rounds)
    before = (folder / "season.yaml").read_bytes()
    code, out = run(lang, "withdraw", folder, "Player 1", "--section", "open",
                    "--after-round", 199)
    assert code == 2, out
    said = {"ru": f"после тура 199: в группе {words};",
            "ar": f"بعد الجولة 199: للفئة {words}؛"}[lang]
    assert said in out, out
    code, out = run(lang, "bye", folder, "Player 1", "--section", "open", "--round", 199)
    assert code == 2, out
    said = {"ru": f"тур 199: в группе {words};", "ar": f"الجولة 199: للفئة {words}؛"}[lang]
    assert said in out, out
    assert (folder / "season.yaml").read_bytes() == before


@pytest.mark.parametrize(("lang", "players", "words"), [
    ("ru", 7, "1 сильнейший по посеву пропускает 1-й тур"),
    ("ru", 6, "2 сильнейших по посеву пропускают 1-й тур"),
    ("ru", 11, "5 сильнейших по посеву пропускают 1-й тур"),
    ("ru", 43, "21 сильнейший по посеву пропускает 1-й тур"),
    ("ar", 7, "للمصنف الأول راحة"), ("ar", 6, "للمصنفَين الأولَين راحة"),
    ("ar", 13, "لأعلى 3 مصنفين راحة"), ("ar", 21, "لأعلى 11 مصنفًا راحة"),
    ("ar", 156, "لأعلى 100 مصنف راحة"),
    ("en", 7, "the top 1 seed has a bye in round 1"),
    ("en", 6, "the top 2 seeds have a bye in round 1")])
def test_plan_a_knockout_s_byes(lang: str, players: int, words: str) -> None:
    code, out = run(lang, "plan", "--players", players, "--format", "knockout",
                    "--time-control", "G/25;d5")
    assert code == 0, out
    assert words in out, out


@pytest.mark.parametrize(("players", "rounds", "words"), [
    (2, 2, "له جولة واحدة على الأكثر"), (3, 3, "له جولتان على الأكثر"),
    (4, 4, "له 3 جولات على الأكثر"), (12, 12, "له 11 جولة على الأكثر"),
    (101, 101, "له 100 جولة على الأكثر")])
def test_plan_refuses_a_swiss_too_long_in_arabic(players: int, rounds: int, words: str) -> None:
    """The planner's refusal (domain/planning), each Arabic form its own (it said «جولة»
    after every number)."""
    code, out = run("ar", "plan", "--players", players, "--format", "swiss", "--rounds",
                    rounds, "--time-control", "G/25;d5")
    assert words in out, out


def _round_robin(tmp_path: Path, players: int) -> Path:
    folder = tmp_path / f"rr-{players}"
    folder.mkdir()
    names = "\n".join(f"      - {{name: Player {i}}}" for i in range(1, players + 1))
    (folder / "season.yaml").write_text(
        "name: Test\nsections:\n  - id: big\n    name: Big\n    format: round_robin\n"
        f"    players:\n{names}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(("players", "code", "words"), [
    (31, 0, "круговая из 31 участника (31 тур)"),
    (32, 0, "круговая из 32 участников (31 тур)"),
    (101, 2, "круговая из 101 участника (101 тур)"),
    (102, 2, "круговая из 102 участников (101 тур)")])
def test_check_a_round_robin_too_large(tmp_path: Path, players: int, code: int,
                                       words: str) -> None:
    """Past FIDE's tables a warning, past leaguegen's limit an error at the players."""
    got, out = run("ru", "check", _round_robin(tmp_path, players))
    assert got == code, out
    assert words in out, out


@pytest.mark.parametrize(("size", "ru", "ar"), [
    (1, "размером 1 байт;", "حجمه بايت واحد؛"), (2, "размером 2 байта;", "حجمه بايتان؛"),
    (3, "размером 3 байта;", "حجمه 3 بايتات؛"), (5, "размером 5 байт;", "حجمه 5 بايتات؛"),
    (11, "размером 11 байт;", "حجمه 11 بايتًا؛"), (21, "размером 21 байт;", "حجمه 21 بايتًا؛"),
    (100, "размером 100 байт;", "حجمه 100 بايت؛")])
def test_a_file_over_the_limit(tmp_path: Path, size: int, ru: str, ar: str) -> None:
    """The reader's refusal of a file larger than its limit (``formats.files``), said as
    ``check`` says a problem."""
    path = tmp_path / "news.md"
    path.write_bytes(b"x" * size)
    with pytest.raises(InputError) as err:
        files.read_bytes(path, tmp_path, "news.md", limit=0)
    assert ru in speech.say_lines(err.value, "ru")
    assert ar in speech.say_lines(err.value, "ar").replace(FSI, "").replace(PDI, "")


@pytest.mark.parametrize(("tc", "ru", "ar"), [
    ("G/1", "(1 минута каждому", "(دقيقة واحدة لكل لاعب"),
    ("G/2", "(2 минуты каждому", "(دقيقتان لكل لاعب"),
    ("G/3", "(3 минуты каждому", "(3 دقائق لكل لاعب"),
    ("G/5", "(5 минут каждому", "(5 دقائق لكل لاعب"),
    ("G/11", "(11 минут каждому", "(11 دقيقة لكل لاعب"),
    ("G/21", "(21 минута каждому", "(21 دقيقة لكل لاعب"),
    ("G/100", "(100 минут каждому", "(100 دقيقة لكل لاعب"),
    ("G/1.5", "(1.5 минуты каждому", "(1.5 دقيقة لكل لاعب")])
def test_rating_report_s_time_control(tmp_path: Path, tc: str, ru: str, ar: str) -> None:
    """Whole minutes in the number's form; a fraction in the genitive singular (ru «1,5
    минуты»), Arabic's singular."""
    folder = tmp_path / "riverside"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", folder)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "time_control: 90 minutes + 30 seconds per move", f"time_control: {tc}", 1), "utf-8")
    for lang, words in (("ru", ru), ("ar", ar)):
        code, out = run(lang, "rating-report", folder, "--section", "premier")
        assert code == 0, out
        assert words in out, out


def test_check_pairings_counts_the_boards_in_russian(tmp_path: Path) -> None:
    """Three boards and the bye differ: «3 из 3 досок и бай», each board and the bye named
    in Russian, and the verdict said in the language (the counts and the verdict were plain
    English inside the Russian sentence)."""
    entries = {1: "   5 w 1", 5: "   1 b 0", 2: "   6 b 1", 6: "   2 w 0", 3: "   7 w 1",
               7: "   3 b 0", 4: "0000 - U"}
    lines = [line[:91] + entries[int(line[4:8])] for line in EVENT.splitlines()
             if line.startswith("001") and int(line[4:8]) <= 7]
    trf = _write(tmp_path, "\n".join(lines) + "\nXXR 1\nXXC white1\n")
    code, out = run("ru", "check-pairings", "--trf", trf)
    assert code == 1, out
    said = out.splitlines()
    said = said[next(i for i, line in enumerate(said) if line.startswith("тур 1")):]
    assert said[0] == "тур 1: расхождения с dutch: 3 из 3 досок и бай"
    assert said[1].startswith("  доска 1: dutch 1-4, в файле ")
    assert said[4].startswith("  бай: dutch 7, в файле ")
    assert said[5] == "туров проверено: 1, система dutch: с расхождениями: 1 (1)"
    code, out = run("ar", "check-pairings", "--trf", trf)
    assert "الجولة 1: 3 من 3 رقعات والاستراحة تختلف عن dutch" in out, out
    assert "تم التحقق من جولة واحدة بنظام dutch: جولة واحدة تختلف (1)" in out, out


# the other converted messages, each said in Russian for 1, 2, 5 and 21 (the catalogue's
# plural rule through speech.say, as the command line says them): (message, its other
# values, the noun's one / few / many forms as they follow the number)
OTHERS = [
    (("it has results and {count} player: a late entry joins a round robin only by taking the"
      " free number of an odd field, so nobody else's number moves",
      "it has results and {count} players: a late entry joins a round robin only by taking"
      " the free number of an odd field, so nobody else's number moves"), {},
     ("участник", "участника", "участников")),
    (("section '{sid}' has {count} round, but {listed} are listed",
      "section '{sid}' has {count} rounds, but {listed} are listed"),
     {"sid": "a", "listed": 30}, ("тур", "тура", "туров")),
    (("{key} {after}: the division has {count} round",
      "{key} {after}: the division has {count} rounds"), {"key": "after_round", "after": 40},
     ("тур", "тура", "туров")),
    (("team '{name}' lists {count} player, fewer than the {boards} boards of a match",
      "team '{name}' lists {count} players, fewer than the {boards} boards of a match"),
     {"name": "A", "boards": 30}, ("игрок", "игрока", "игроков")),
    (("all {count} round (XXR) is paired already", "all {count} rounds (XXR) are paired already"),
     {}, ("тура", "туров", "туров")),
    (("section '{sid}' needs at least {count} player, {entrants} qualified",
      "section '{sid}' needs at least {count} players, {entrants} qualified"),
     {"sid": "a", "entrants": 0}, ("участника", "участников", "участников")),
    (("is larger than {count:,} byte", "is larger than {count:,} bytes"), {},
     ("байта", "байт", "байт")),
    (("Markdown nested {count} level deep; at most {MAX_NESTING} are allowed",
      "Markdown nested {count} levels deep; at most {MAX_NESTING} are allowed"),
     {"MAX_NESTING": 0}, ("уровень", "уровня", "уровней")),
    (("142 record says {count} round, but round {last} is played",
      "142 record says {count} rounds, but round {last} is played"), {"last": 30},
     ("туре", "турах", "турах")),
    (("give {count} score, board 1 first (like '{like}'), a whole-match default (+-, -+, --),"
      " or --board N with one board's score",
      "give {count} scores, board 1 first (like '{like}'), a whole-match default (+-, -+, --),"
      " or --board N with one board's score"), {"like": "1-0"},
     ("результат", "результата", "результатов")),
    (("it played {done} of its {count} match, fewer than {share}: its results are cancelled"
      " and it leaves the table", "it played {done} of its {count} matches, fewer than"
      " {share}: its results are cancelled and it leaves the table"),
     {"done": 0, "share": "50%"}, ("матча", "матчей", "матчей")),
    (("player name {start!r}... has {count} character; a name has at most {most}",
      "player name {start!r}... has {count} characters; a name has at most {most}"),
     {"start": "A", "most": 0}, ("символ", "символа", "символов")),
    (("{name} withdrew after round {after_round}, but group {number} has {count} round",
      "{name} withdrew after round {after_round}, but group {number} has {count} rounds"),
     {"name": "A", "after_round": 30, "number": 1}, ("тур", "тура", "туров")),
    (("section '{id}' has {count} round ({players}), but {listed} are listed",
      "section '{id}' has {count} rounds ({players}), but {listed} are listed"),
     {"id": "a", "players": Message("{count} player", "{count} players", count=3),
      "listed": 30}, ("тур", "тура", "туров")),
    (("round {r}: the division has {count} round", "round {r}: the division has {count} rounds"),
     {"r": 30}, ("тур", "тура", "туров")),
    (("round {r}: the section has {count} round (number_of_rounds)",
      "round {r}: the section has {count} rounds (number_of_rounds)"), {"r": 30},
     ("тур", "тура", "туров")),
    (("after round {after_round}: the division has {count} round",
      "after round {after_round}: the division has {count} rounds"), {"after_round": 30},
     ("тур", "тура", "туров")),
    (("section '{sid}' needs at least {count} player for {replace}, it has {entrants}",
      "section '{sid}' needs at least {count} players for {replace}, it has {entrants}"),
     {"sid": "a", "replace": "swiss", "entrants": 0}, ("участника", "участников", "участников")),
    (("it played {done} of its {count} match ({share} or more): its results stand, and its"
      " {later} later match(es) are defaults it loses", "it played {done} of its {count}"
      " matches ({share} or more): its results stand, and its {later} later match(es) are"
      " defaults it loses"), {"done": 0, "share": "50%", "later": 0},
     ("матча", "матчей", "матчей")),
    (("the report is {count} character long; a filled form is far shorter (at most {MAX_BODY})",
      "the report is {count} characters long; a filled form is far shorter (at most"
      " {MAX_BODY})"), {"MAX_BODY": 0}, ("символ", "символа", "символов")),
    (("{what} '{text}' does not fit columns {start}-{end} ({count} character)",
      "{what} '{text}' does not fit columns {start}-{end} ({count} characters)"),
     {"what": "a", "text": "b", "start": 1, "end": 2}, ("символ", "символа", "символов")),
]


@pytest.mark.parametrize(("ids", "values", "nouns"), OTHERS, ids=[o[0][1][:40] for o in OTHERS])
def test_the_other_messages_in_russian(ids: tuple[str, str], values: dict,
                                       nouns: tuple[str, str, str]) -> None:
    for n, form in ((1, 0), (2, 1), (5, 2), (21, 0)):
        said = speech.say(Message(*ids, count=n, **values), "ru")
        assert f"{n} {nouns[form]}" in said, said
        assert "{" not in said, said
    assert str(Message(*ids, count=1, **values)) == ids[0].format(count=1, **values)


def _season(tmp_path: Path, name: str, section: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "season.yaml").write_text(f"name: Test\nsections:\n{section}", encoding="utf-8")
    return folder


def _players(n: int) -> str:
    return "    players:\n" + "".join(f"      - {{name: Player {i}}}\n" for i in range(1, n + 1))


@pytest.mark.parametrize(("rounds", "ru", "ar"), [
    (4, "нужно не меньше 5 участников,", "إلى 5 لاعبين على الأقل"),
    (10, "нужно не меньше 11 участников,", "إلى 11 لاعبًا على الأقل"),
    (20, "нужно не меньше 21 участника,", "إلى 21 لاعبًا على الأقل"),
    (21, "нужно не меньше 22 участников,", "إلى 22 لاعبًا على الأقل"),
    (99, "нужно не меньше 100 участников,", "إلى 100 لاعب على الأقل")])
def test_check_a_swiss_with_more_rounds_than_its_players_allow(tmp_path: Path, rounds: int,
                                                               ru: str, ar: str) -> None:
    folder = _season(tmp_path, "swiss", "  - id: open\n    name: Open\n    format: swiss\n"
                     f"    number_of_rounds: {rounds}\n" + _players(4))
    for lang, words in (("ru", ru), ("ar", ar)):
        code, out = run(lang, "check", folder)
        assert code == 2, out
        assert words in out, out


def test_check_a_round_robin_of_too_few_players(tmp_path: Path) -> None:
    folder = _season(tmp_path, "rr", "  - id: rr\n    name: RR\n    format: round_robin\n"
                     + _players(2))
    code, out = run("ru", "check", folder)
    assert code == 2 and "нужно не меньше 3 участников для round robin, а в ней 2" in out, out
    code, out = run("ar", "check", folder)
    assert code == 2 and "إلى 3 لاعبين على الأقل" in out, out


@pytest.mark.parametrize(("players", "words"), [
    (3, "للفئة 'rr' 3 جولات، لكن المدرج 4"), (6, "للفئة 'rr' 5 جولات، لكن المدرج 6"),
    (12, "للفئة 'rr' 11 جولة، لكن المدرج 12")])
def test_check_a_round_robin_listing_too_many_rounds_in_arabic(tmp_path: Path, players: int,
                                                               words: str) -> None:
    """Russian says «туров: 3» (no agreement to make); Arabic put «جولة» after every
    number, and English said «has 1 rounds» (a round robin has 3 rounds at least)."""
    listed = players - 1 + players % 2 + 1  # one round more than the table has
    rounds = "    rounds:\n" + "      - {results: []}\n" * listed
    folder = _season(tmp_path, "rr", "  - id: rr\n    name: RR\n    format: round_robin\n"
                     + _players(players) + rounds)
    code, out = run("ar", "check", folder)
    assert code == 2, out
    assert words in out, out


@pytest.mark.parametrize(("fmt", "rounds", "said"), [
    ("round_robin", 2, {"en": "Boris and Anna meet 2 times (round 2); a round robin has 1"
                              " meeting per pair",
                        "ru": "Boris и Anna встречаются 2 раза (тур 2); в круговой группе 1"
                              " встреча на пару",
                        "ar": "يلتقي Boris وAnna مرتين (الجولة 2)؛ وفي الدوري لقاء واحد لكل زوج"}),
    ("double_round_robin", 3, {"en": "Anna and Boris meet 3 times (round 3); a round robin has"
                                     " 2 meetings per pair",
                               "ru": "Anna и Boris встречаются 3 раза (тур 3); в круговой"
                                     " группе 2 встречи на пару",
                               "ar": "يلتقي Anna وBoris 3 مرات (الجولة 3)؛ وفي الدوري لقاءان"
                                     " لكل زوج"})])
def test_check_a_pair_that_meets_too_often(tmp_path: Path, fmt: str, rounds: int,
                                           said: dict[str, str]) -> None:
    """A round robin written as played: two numbers, each with its noun (the English 's'
    was passed to every language: «2 встреч(а)s»)."""
    games = ["Anna - Boris: 1-0", "Boris - Anna: 1-0", "Anna - Boris: 1-0"][:rounds]
    written = "".join(f"      - results:\n          - {g}\n" for g in games)
    folder = _season(tmp_path, "rr", f"  - id: rr\n    name: RR\n    format: {fmt}\n"
                     "    schedule: as_played\n" + _players(0) + "      - {name: Anna}\n"
                     "      - {name: Boris}\n      - {name: Clara}\n    rounds:\n" + written)
    for lang, words in said.items():
        code, out = run(lang, "check", folder)
        assert code == 2, out
        assert words in out, out


def test_enter_reserves_in_russian_and_arabic(tmp_path: Path) -> None:
    """``enter NAME --team``: the squad and the reserves already there, each number with its
    noun (ru «ниже её 4 основных игроков и 1 запасного», was «и 1 запасных»)."""
    from tests.cli.test_cli_languages import _team_swiss

    said = {"ru": ["ниже её 4 основных игроков и 0 запасных)",
                   "ниже её 4 основных игроков и 1 запасного)",
                   "ниже её 4 основных игроков и 2 запасных)"],
            "ar": ["بعد 4 لاعبين أساسيين و0 احتياطي)", "بعد 4 لاعبين أساسيين واحتياطي واحد)",
                   "بعد 4 لاعبين أساسيين واحتياطيَّين)"],
            "en": ["(below its 4 squad players and 0 reserve(s) in board order)",
                   "(below its 4 squad players and 1 reserve(s) in board order)",
                   "(below its 4 squad players and 2 reserve(s) in board order)"]}
    for lang, lines in said.items():
        folder = _team_swiss(tmp_path / lang)
        for name, words in zip(("Zed Quill", "Yan Ode", "Xia Pell"), lines, strict=True):
            code, out = run(lang, "enter", folder, name, "--section", "open", "--team",
                            "Aldermoor")
            assert code == 0, out
            assert words in out, out


@pytest.mark.parametrize(("players", "ru", "ar"), [
    (3, "по 3 перечисленным участникам,", "على 3 لاعبين مدرجين،"),
    (5, "по 5 перечисленным участникам,", "على 5 لاعبين مدرجين،"),
    (11, "по 11 перечисленным участникам,", "على 11 لاعبًا مدرجًا،"),
    (21, "по 21 перечисленному участнику,", "على 21 لاعبًا مدرجًا،")])
def test_check_a_round_robin_drawn_by_rating_but_written_otherwise(
        tmp_path: Path, players: int, ru: str, ar: str) -> None:
    """Round 1 written with a pair the draw by rating does not make: the numbers come
    from seeding over the players listed (ru «по 21 перечисленному участнику»)."""
    names = "".join(f"      - {{name: Player {i}, rating: {2000 - i}}}\n"
                    for i in range(1, players + 1))
    folder = _season(tmp_path, "rr", "  - id: rr\n    name: RR\n    format: round_robin\n"
                     "    seeding: rating\n    players:\n" + names + "    rounds:\n"
                     "      - results:\n          - Player 1 - Player 2: 1-0\n")
    for lang, words in (("ru", ru), ("ar", ar)):
        code, out = run(lang, "check", folder)
        assert code == 2, out
        assert words in out, out


AR_FORMS = (1, 2, 3, 11, 100)
# the plural messages that said one Arabic wording after every number, each now in the
# number's form: (message, its other values, the words for 1, 2, 3, 11, 100)
ARABIC = [
    (("Provisional: {played} of {count} round has results",
      "Provisional: {played} of {count} rounds have results"), {"played": 0},
     ("من جولة واحدة", "من جولتين", "من 3 جولات", "من 11 جولة", "من 100 جولة")),
    (("all {count} match is paired", "all {count} matches are paired"), {},
     ("المباراة الوحيدة", "المباراتين كلتيهما", "المباريات الـ 3", "المباريات الـ 11",
      "المباريات الـ 100")),
    (("all {count} round (142) is paired already", "all {count} rounds (142) are paired already"),
     {}, ("الجولة الوحيدة", "الجولتين كلتيهما", "الجولات الـ 3", "الجولات الـ 11",
          "الجولات الـ 100")),
    (("the {count} round is paired", "all {count} rounds are paired"), {},
     ("الجولة الوحيدة", "الجولتين كلتيهما", "الجولات (3)", "الجولات (11)", "الجولات (100)")),
    (("{head}: {differ} of {count} board differs from {system}",
      "{head}: {differ} of {count} boards differ from {system}"),
     {"head": "X", "differ": 1, "system": "dutch"},
     ("من رقعة واحدة", "من رقعتين", "من 3 رقعات", "من 11 رقعة", "من 100 رقعة")),
]


@pytest.mark.parametrize(("ids", "values", "words"), ARABIC, ids=[a[0][1][:30] for a in ARABIC])
def test_the_arabic_forms(ids: tuple[str, str], values: dict, words: tuple[str, ...]) -> None:
    for n, form in zip(AR_FORMS, words, strict=True):
        said = speech.say(Message(*ids, count=n, **values), "ar").replace(FSI, "").replace(PDI, "")
        assert form in said, (n, said)


@pytest.mark.parametrize(("ago", "words"), [(1, "قبل جولة واحدة"), (2, "قبل جولتين"),
                                             (3, "قبل 3 جولات"), (11, "قبل 11 جولة"),
                                             (100, "قبل 100 جولة")])
def test_pair_explain_floats_in_arabic(ago: int, words: str) -> None:
    from leaguegen.cli import explain_words
    from leaguegen.domain.pairing.result import Relaxed, RelaxedKind

    for kind in (RelaxedKind.FLOAT_DOWN, RelaxedKind.FLOAT_UP):
        said = speech.say(explain_words.relaxed(Relaxed("C14", 4, kind, ago)), "ar")
        assert said.endswith(f" أيضًا {words}"), said
