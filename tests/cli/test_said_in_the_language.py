"""Words the command line still said in English after issue #30 (defects): each said in
the run's language, the place (file:line) kept. Each checked in two languages or more."""

from __future__ import annotations

from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT

CLUB = ROOT / "tests" / "data" / "club-seasons"


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    return result.output + (result.stderr if result.stderr_bytes is not None else "")


def test_identity_warnings_of_a_folder() -> None:
    spring = f"{CLUB / 'spring-2026' / 'season.yaml'}:16"
    autumn = f"{CLUB / 'autumn-2025' / 'season.yaml'}:14:"
    said = {lang: run("--lang", lang, "check", str(CLUB)) for lang in ("en", "ru", "ar")}
    assert "are probably one person with two identities: the same name and birth year 1990"\
        in said["en"]
    assert "вероятно, один человек, записанный дважды: одно и то же имя и год рождения 1990"\
        in said["ru"], said["ru"]
    assert "غالبًا شخص واحد بهويتين" in said["ar"] and "سنة الميلاد نفسها" in said["ar"]
    for lang, out in said.items():
        assert autumn in out and spring in out, (lang, out)
        if lang != "en":
            assert "probably" not in out and "identities" not in out, out


def test_the_trf_readers_refusals(tmp_path) -> None:  # noqa: ANN001
    empty = tmp_path / "empty.trf"
    empty.write_text("012 Empty\n", encoding="utf-8")
    single = ROOT / "tests" / "data" / "fuzz" / "seeds" / "dutch-t0013-r05.trf"
    said = {lang: (run("--lang", lang, "check-pairings", "--trf", str(empty)),
                   run("--lang", lang, "check-pairings", "--trf", str(single), "--system",
                       "double-swiss")) for lang in ("en", "ru", "zh_Hans")}
    assert "no player (001) records" in said["en"][0]
    assert "not a Double-Swiss file: record 192" in said["en"][1]
    assert "нет записей участников (001)" in said["ru"][0]
    assert "это не файл двойной швейцарки: запись 192" in said["ru"][1]
    assert "不是双局瑞士制文件" in said["zh_Hans"][1]
    for lang in ("ru", "zh_Hans"):
        assert "records" not in said[lang][0] and "record 192" not in said[lang][1], said[lang]


def test_the_reasons_print_gives_for_a_sheet_it_cannot_print(tmp_path) -> None:  # noqa: ANN001
    swiss = str(ROOT / "seasons" / "thursday-swiss-2026")
    cup = str(ROOT / "seasons" / "grand-prix-2027")
    out = str(tmp_path)
    said = {lang: (run("--lang", lang, "print", swiss, "pairings", "--section", "open",
                       "--round", "40", "-o", out),
                   run("--lang", lang, "print", cup, "cards", "--section", "knockout",
                       "--round", "1", "-o", out)) for lang in ("en", "ru", "ar")}
    assert "round 40 of section 'open' is not paired (rounds with pairings: 1-5)"\
        in said["en"][0]
    assert "section 'knockout' (knockout) has no 'cards' sheet" in said["en"][1]
    assert "тур 40 группы 'open' ещё не составлен (туры с парами: 1-5)" in said["ru"][0]
    assert "нет бланка 'cards'" in said["ru"][1]
    assert "لم يُجرَ إقرانها بعد" in said["ar"][0] and "ليس للفئة" in said["ar"][1]
    for lang in ("ru", "ar"):
        assert "section" not in said[lang][0] + said[lang][1], said[lang]
    assert not list(tmp_path.iterdir())  # nothing printed


ENGLISH_WORDS = ("round", "player", "evening", "advice", "game", "Swiss", "quads", "total",
                 "planned", "minute", "week", "day ", "days", "fits", "consider")


def test_plan_of_one_event() -> None:
    args = ["plan", "--players", "9", "--format", "round_robin", "--time-control", "90+30",
            "--evening-minutes", "180", "--evenings", "8"]
    said = {lang: run("--lang", lang, *args) for lang in ("en", "ru", "ar", "zh_Hans")}
    assert "9 rounds: fine when the calendar allows" in said["en"]
    assert "a Swiss of 6 rounds (5-6 is usual for 9 players): 6 evenings" in said["en"]
    ru = said["ru"]
    assert "9 туров: подходит, если позволяет календарь" in ru, ru
    assert "квады: 5 туров, 5 вечеров" in ru and "один тур за вечер длиной 180 мин" in ru
    assert "двойные сессии: два тура за сессию, 5 сессий" in ru
    assert "за 60 ходов, добавление на каждый ход" in ru
    ar = said["ar"]
    assert "9 جولات: مناسب إن سمح التقويم" in ar, ar
    assert "جولة واحدة لكل أمسية مدتها 180 دقيقة" in ar
    assert "9 轮：日程允许时可行" in said["zh_Hans"]
    for lang in ("ru", "ar", "zh_Hans"):
        words = [w for w in ENGLISH_WORDS if w in said[lang]]
        assert not words, (lang, words, said[lang])


def test_plan_of_a_season() -> None:
    gp = str(ROOT / "seasons" / "grand-prix-2027")
    said = {lang: run("--lang", lang, "plan", gp, "--evening-minutes", "120", "--evenings",
                      "3") for lang in ("en", "ru", "ar")}
    assert "Riverside Grand Prix 2027: 7 sections planned" in said["en"]
    assert "total: 14 rounds, 98 games, 10 days; the longest day 510 min" in said["en"]
    ru = said["ru"]
    assert "Riverside Grand Prix 2027: спланировано: 7 групп" in ru, ru
    assert "всего: 14 туров, 98 партий, 10 дней; самый длинный день — 510 мин" in ru
    assert "1 тур в день при контроле 90+30s" in ru and "дни 1-6" in ru
    ar = said["ar"]
    assert "المجموع: 14 جولة، 98 مباراة" in ar and "جولتان في اليوم" in ar, ar
    assert "\\u2068" not in ar  # isolates are written, not escaped
    for lang in ("ru", "ar"):
        words = [w for w in ENGLISH_WORDS if w in said[lang]]
        assert not words, (lang, words, said[lang])


def test_plan_refusals_from_the_domain() -> None:
    args = ["plan", "--players", "6", "--format", "swiss", "--rounds", "9", "--time-control",
            "90+30"]
    assert "a Swiss of 6 players has at most 5 rounds" in run("--lang", "en", *args)
    assert "в швейцарской системе при числе участников 6 можно провести не больше 5 туров"\
        in run("--lang", "ru", *args)
    double = ["plan", "--players", "8", "--format", "double_knockout", "--time-control", "60"]
    assert "a knockout has no double form" in run("--lang", "en", *double)
    assert "淘汰赛没有双轮形式" in run("--lang", "zh_Hans", *double)
