"""The templates' shape: layouts with blocks, partials that take arguments, a new kind's folder.

The pages themselves are checked byte for byte by the golden and demo tests; these tests keep
the structure that site_template/README.md describes from drifting, and render the README's
example kind so that a newcomer's starting point works.
"""

from __future__ import annotations

import re

import jinja2
import jinja2.meta
import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.round_robin import section_data, section_page
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
    page = section_page(season, section_data(section))
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
    shared_style = ".two > * { flex: 1; }"  # then the round robin adds a style of its own
    assert _until(mine, shared_style) == _until(theirs, shared_style)
    body, table = "</style>", "</tbody>\n</table>"
    assert _until(mine[mine.index(body):], table) == _until(theirs[theirs.index(body):], table)
    assert mine.rstrip().endswith("</html>")
