"""The templates' shape: layouts with blocks, partials that take arguments, a new kind's folder.

The pages themselves are checked byte for byte by the golden and demo tests; these tests keep
the structure that site_template/README.md describes from drifting, and render the README's
example kind so that a newcomer's starting point works.
"""

from __future__ import annotations

import re
from fractions import Fraction

import jinja2
import jinja2.meta
import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.round_robin import SectionData, section_page
from leaguegen.site.render import environment, render, template_dir
from tests.conftest import ROOT

TEMPLATES = template_dir()
MACRO_FILES = sorted([*TEMPLATES.glob("partials/*.html"), *TEMPLATES.glob("*/macros.html")])
LAYOUTS = sorted(TEMPLATES.glob("layouts/*.html"))
PAGES = sorted(p for p in TEMPLATES.rglob("*.html")
               if p not in MACRO_FILES and p not in LAYOUTS and "locale" not in p.parts)


def _name(path) -> str:  # noqa: ANN001
    return path.relative_to(TEMPLATES).as_posix()


def _ast(path):  # noqa: ANN001, ANN202
    return environment("en").parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", MACRO_FILES, ids=_name)
def test_partials_take_what_they_show_as_arguments(path) -> None:  # noqa: ANN001
    """A partial defines macros only, and none of them reads the page's global `page`."""
    ast = _ast(path)
    assert "page" not in jinja2.meta.find_undeclared_variables(ast)
    assert ast.find(jinja2.nodes.Macro) is not None
    assert ast.find(jinja2.nodes.Extends) is None


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_page_extends_a_layout(path) -> None:  # noqa: ANN001
    extends = _ast(path).find(jinja2.nodes.Extends)
    assert extends is not None and isinstance(extends.template, jinja2.nodes.Const)
    assert extends.template.value in {_name(p) for p in LAYOUTS}


def test_kinds_have_folders() -> None:
    """The section kinds' own templates sit in one folder each, not at the top."""
    top = {p.name for p in TEMPLATES.glob("*.html")}
    assert top == {"season.html", "player.html"}
    for kind in ("round_robin", "swiss", "quads", "scheveningen", "knockout", "stage"):
        assert (TEMPLATES / kind / "section.html").is_file()
        assert (TEMPLATES / kind / "pdf.html").is_file()


def _readme_examples() -> dict[str, str]:
    text = (TEMPLATES / "README.md").read_text(encoding="utf-8")
    found = dict(re.findall(r"^`(arena/[\w.]+)`\n```jinja\n(.*?)^```", text, flags=re.M | re.S))
    assert set(found) == {"arena/section.html", "arena/rounds.html", "arena/pdf.html"}
    return found


@pytest.fixture(scope="module")
def arena():
    """The README's example kind, rendered with a round robin's context beside the real pages."""
    season = load_season(ROOT / "seasons" / "riverside-2026")
    section = next(s for s in season.sections if s.format == "round_robin")
    page = section_page(season, SectionData(derive_facts(section)))
    base = environment(season.language)
    env = base.overlay(loader=jinja2.ChoiceLoader([jinja2.DictLoader(_readme_examples()),
                                                   base.loader]))

    def example(name: str) -> str:
        return env.get_template(f"arena/{name}").render(page=page)

    def real(name: str) -> str:
        return render(f"round_robin/{name}", page, season.language)

    return example, real


def _until(html: str, end: str) -> str:
    assert end in html
    return html[:html.index(end) + len(end)]


def _standings_table(html: str) -> str:
    match = re.search(r'<div class="table-scroll">\n<table class="standings">.*?</table>', html,
                      flags=re.S)
    assert match, "no standings table"
    return match.group(0)


def test_readme_example_section_page(arena) -> None:  # noqa: ANN001
    example, real = arena
    mine, theirs = example("section.html"), real("section.html")
    assert _until(mine, "</nav>") == _until(theirs, "</nav>")  # frame, heading, facts, tabs
    assert _standings_table(mine) == _standings_table(theirs)
    assert mine.rstrip().endswith("</html>")


def test_readme_example_rounds_page(arena) -> None:  # noqa: ANN001
    example, real = arena
    assert example("rounds.html") == real("rounds.html")


def test_readme_example_pdf(arena) -> None:  # noqa: ANN001
    example, real = arena
    mine, theirs = example("pdf.html"), real("pdf.html")
    shared_style = "line-height: 1.3; color: #111; }"  # then the round robin adds its style
    assert _until(mine, shared_style) == _until(theirs, shared_style)
    body, table = "</head>", "</tbody>\n</table>"
    assert _until(mine[mine.index(body):], table) == _until(theirs[theirs.index(body):], table)
    assert mine.rstrip().endswith("</html>")


# --- pages that read right (#15): symbols, legends, columns, wording -----------------------

@pytest.fixture(scope="module")
def demo_pages():  # noqa: ANN201
    from leaguegen.site.build import render_pages

    cache: dict[str, tuple[dict[str, str], dict[str, str]]] = {}

    def get(name: str) -> tuple[dict[str, str], dict[str, str]]:
        if name not in cache:
            cache[name] = render_pages(load_season(ROOT / "seasons" / name))
        return cache[name]
    return get


def _cell_texts(html: str, table: str) -> list[str]:
    body = html[html.index(f'<table class="{table}'):]
    body = body[:body.index("</table>")]
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r'<td class="opp">(.*?)</td>',
                                                                 body, re.S)]


def test_arabic_pages_and_pdf_tell_a_loss_from_a_game_not_played(demo_pages) -> None:  # noqa: ANN001
    pages, pdfs = demo_pages("amman-2026-ar")
    html = pages["alnukhba/index.html"]
    cells = _cell_texts(html, "crosstable")
    texts = {re.sub(r"not played yet|لم تُلعب بعد", "", c).strip() for c in cells}
    assert "٠" in texts and "…" in texts  # a loss and a game to come, never the same glyph
    assert "·" not in "".join(cells)
    assert '<span class="visually-hidden">لم تُلعب بعد</span>' in html  # read aloud, in Arabic
    pdf = next(v for k, v in pdfs.items() if k.endswith(".pdf"))
    assert "…" in pdf and "٠" in pdf and "·</span>" not in pdf
    assert "… لم تُلعب بعد" in pdf  # the PDF's legend says what … is


def test_withdrawn_players_later_games_say_withdrew(demo_pages) -> None:  # noqa: ANN001
    pages, _ = demo_pages("riverside-2026")
    cross = pages["premier/index.html"]
    row = cross[cross.index(">Siobhan Murphy</a></td>"):]
    row = row[:row.index("</tr>")]
    assert row.count("⊘") == 3 and "not played: a player withdrew" in row  # rounds 7-9
    assert "⊘ not played: a player withdrew" in cross  # and the legend says so
    player = pages["premier/players/siobhan-murphy.html"]
    assert player.count("not played: a player withdrew") >= 3
    assert "not played yet</span>" not in player
    # a game still to come between two players who did not withdraw stays "not played yet"
    assert "not played yet" in pages["premier/players/priya-raman.html"]


def test_one_number_format_per_tiebreak_column() -> None:
    from leaguegen.site.formatting import decimal_columns
    from leaguegen.site.i18n import Formatter

    # quarters are written as the scores are (5¾ under 5½); a column with another fraction
    # (an average, 5.33) is decimal throughout
    rows = [(Fraction(11, 2), 3, ""), (Fraction(23, 4), 2, None), (Fraction(5), 1, "")]
    assert decimal_columns(rows) == (False, False, False)
    fmt = Formatter("en")
    assert [fmt.tiebreak(r[0]) for r in rows] == ["5½", "5¾", "5"]
    rows = [(Fraction(11, 2),), (Fraction(16, 3),), (Fraction(5),)]
    assert decimal_columns(rows) == (True,)
    assert [fmt.tiebreak(r[0], decimal=True) for r in rows] == ["5.50", "5.33", "5.00"]


def test_standings_have_federation_and_performance(demo_pages) -> None:  # noqa: ANN001
    pages, _ = demo_pages("riverside-2026")
    html = pages["premier/index.html"]
    table = html[html.index('<table class="standings">'):]
    table = table[:table.index("</table>")]
    assert '<abbr title="Federation">Fed</abbr>' in table and "<td class=\"fed\">IND</td>" in table
    assert '<abbr title="Performance rating">Rp</abbr>' in table
    assert "<td class=\"num\">2319</td>" in table  # Priya Raman's Rp, as on her page
    assert "2319" in pages["premier/players/priya-raman.html"]


def test_pairings_show_numbers_ratings_and_points_before_the_round(demo_pages) -> None:  # noqa: ANN001
    pages, _ = demo_pages("riverside-2026")
    html = pages["premier/rounds.html"]
    r2 = html[html.index('id="round-2"'):]
    r2 = r2[:r2.index("</table>")]
    heads = re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", r2)
    assert [re.sub(r"<[^>]+>", "", h) for h in heads] == [
        "Board", "No.", "White", "Rating", "Pts", "Result", "Pts", "Black", "Rating", "No."]
    body = r2[r2.index("<tbody>"):]
    first = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body[:body.index("</tr>")])).strip()
    # board 1 of round 2: numbers, ratings, the points after round 1, the result (the
    # number and rating also folded under the name, for a phone)
    assert first == ("1 10 Daniel Reyes No. 10 · 2010 2010 0 1–0 ½ Charlotte Bellamy"
                     " No. 6 · 1895 1895 6")


def test_a_round_with_some_results_reads_in_progress(demo_pages) -> None:  # noqa: ANN001
    pages, _ = demo_pages("thursday-swiss-2026")
    assert "Round 5 of 7 in progress" in pages["open/index.html"]
    assert "Round 5 of 7 played" not in pages["open/index.html"]
    finished, _ = demo_pages("grand-prix-2027")
    assert "in progress" not in finished["group-a/index.html"].split("<main")[1][:2000]


def test_knockout_names_link_to_player_pages(demo_pages) -> None:  # noqa: ANN001
    pages, _ = demo_pages("grand-prix-2027")
    bracket, matches = pages["knockout/index.html"], pages["knockout/rounds.html"]
    page = pages["knockout/players/hugo-moreau.html"]
    assert '<a href="../knockout/players/hugo-moreau.html">Hugo Moreau</a>' in bracket
    assert '<a href="../knockout/players/meera-iyer.html">Meera Iyer</a>' in matches
    assert "Quarter-finals" in page and "Semi-finals" in page and "Group A, place 1" in page
    assert '<a href="../../knockout/players/meera-iyer.html">Meera Iyer</a>' in page
