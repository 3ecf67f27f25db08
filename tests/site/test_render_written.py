"""The site's templates write each value as Jinja2's own ``escape`` would (render._written),
without making a Markup of it first: the same text for every kind of value."""

from __future__ import annotations

import jinja2
from markupsafe import Markup

from leaguegen.site import render


class _Html:
    def __html__(self) -> str:
        return "<b>own</b>"


SOURCE = """{% macro m(x) %}[{{ x }}]{% endmacro %}{% set block %}<i>{{ v[0] }}</i>{% endset %}
{% for x in v %}{{ x }}|{{ m(x) }}|{{ x ~ "&" }}|{% endfor %}{{ block }}{{ m(block) }}
{% filter upper %}{{ v[0] }}{% endfilter %}{% autoescape false %}{{ v[0] }}{% endautoescape %}"""
VALUES = ["a<b>&'\"", Markup("<em>kept</em>"), 12, 3.5, None, _Html(), "", "plain"]


def test_pages_write_values_as_jinja2_escapes_them() -> None:
    ours = render._Environment(autoescape=True).from_string(SOURCE).render(v=VALUES)
    theirs = jinja2.Environment(autoescape=True).from_string(SOURCE).render(v=VALUES)
    assert ours == theirs
    assert "a&lt;b&gt;&amp;&#39;&#34;" in ours and "<em>kept</em>" in ours


def test_the_site_environment_writes_through_written() -> None:
    env = render.environment("en", "western")
    code = env.compile("{{ x }}", raw=True)
    assert "environment.written(" in code
    written = env.from_string("{{ x }}{{ y }}").render(x="<&>", y=Markup("<br>"))
    assert written == "&lt;&amp;&gt;<br>"


def test_calls_in_templates_are_jinja2_calls() -> None:
    """render._Context calls macros and plain functions itself: the same results as
    Jinja2's, and a function that asks for the context still gets it."""
    seen = []

    @jinja2.pass_context
    def who(context: jinja2.runtime.Context, extra: str = "") -> str:
        seen.append(type(context))
        return context.get("name", "?") + extra

    def plain(*args: object, **kwargs: object) -> str:
        return repr((args, sorted(kwargs.items())))

    source = ("{% macro m(a, b=2) %}{{ a }}/{{ b }}{{ caller() if caller }}{% endmacro %}"
              "{{ m(1) }} {{ m(1, b=3) }} {% call m(0) %}in{% endcall %} {{ plain(1, k=2) }}"
              " {% for i in [1] %}{{ who(extra=i|string) }}{{ plain(i) }}{% endfor %}")
    ours = render._Environment(autoescape=True).from_string(source)
    theirs = jinja2.Environment(autoescape=True).from_string(source)
    assert ours.render(name="n", who=who, plain=plain) == \
        theirs.render(name="n", who=who, plain=plain) == \
        "1/2 1/3 0/2in ((1,), [(&#39;k&#39;, 2)]) n1((1,), [])"
    assert seen[0] is render._Context
