"""Where a player reports a result: the link on each unplayed pairing of the site.

A season names its repository host once (``reports:`` in season.yaml); every unplayed board
then links to that host's new-issue page, prefilled with the section, round, board and the
players, so the report arrives in the shape ``leaguegen result --from-report`` reads
(``formats/report_form.py``) and nobody has to type a name. GitHub prefills the issue form
that ``leaguegen new --host github`` writes field by field (its query parameters are the
form's ids); GitLab, Gitea and Forgejo have no forms, so the link fills the issue's text with
the same headings the form would have produced, the result left for the player to write. A
``url`` with ``{section}``, ``{round}``, ``{board}``, ``{white}``, ``{black}`` and ``{body}``
serves any other host. Pure: strings in, a URL out.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Formatter
from urllib.parse import quote

# host -> (default server, new-issue URL template); {server} and {repository} are the
# settings', the others the game's (each quoted for a URL)
HOSTS: dict[str, tuple[str | None, str]] = {
    "github": ("https://github.com",
               "{server}/{repository}/issues/new?template=report-result.yml"
               "&section={section}&round={round}&board={board}&white={white}&black={black}"),
    "gitlab": ("https://gitlab.com",
               "{server}/{repository}/-/issues/new?issue%5Btitle%5D=Result%20report"
               "&issue%5Bdescription%5D={body}"),
    "gitea": (None, "{server}/{repository}/issues/new?title=Result%20report&body={body}"),
    "forgejo": ("https://codeberg.org",
                "{server}/{repository}/issues/new?title=Result%20report&body={body}"),
}
GAME_FIELDS = ("section", "round", "board", "white", "black", "body")


@dataclass(frozen=True, slots=True)
class ReportSettings:
    """A season's report link: ``template`` with the host's server and repository filled
    in, the game's fields (``GAME_FIELDS``) still to fill."""

    template: str


def settings(host: str | None, repository: str | None, server: str | None,
             url: str | None) -> ReportSettings:
    """The settings from season.yaml's values (checked by the reader: a known host with a
    repository and, for Gitea, a server; or a url using only ``GAME_FIELDS``)."""
    if url:
        return ReportSettings(url)
    default, template = HOSTS[host or "github"]
    base = (server or default or "").rstrip("/")
    return ReportSettings(template.replace("{server}", base).replace(
        "{repository}", repository or ""))


def unknown_fields(template: str) -> list[str]:
    """The placeholders of a ``url`` template that are not a game's fields."""
    return [name for _, name, _, _ in Formatter().parse(template)
            if name is not None and name not in GAME_FIELDS]


NO_RESPONSE = "_No response_"  # what GitHub writes for an optional field left empty


def report_body(section: str, round_: int, board: int | None, white: str, black: str) -> str:
    """The issue text the form would produce, with the result left to write."""
    shown = NO_RESPONSE if board is None else board
    return (f"### Section\n\n{section}\n\n### Round\n\n{round_}\n\n### Board\n\n{shown}\n\n"
            f"### White\n\n{white}\n\n### Black\n\n{black}\n\n### Result\n\n")


def report_url(links: ReportSettings, section: str, round_: int, board: int | None,
               white: str, black: str) -> str:
    """The link of one unplayed board (``board`` None where the page's board numbers are
    not the section's, as in a quads group: the report then leaves it out)."""
    values = {"section": section, "round": str(round_),
              "board": "" if board is None else str(board), "white": white,
              "black": black, "body": report_body(section, round_, board, white, black)}
    return links.template.format_map({k: quote(v, safe="") for k, v in values.items()})
