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

A team match is reported whole, by a captain, from the form ``report-match.yml``: the
section, the round, the two teams and every board on a line of its own (``1. Home player -
Away player: 1-0``). Why a match and not a board: a captain reports the match card both
captains signed at the end of the evening, in one go, and the opponent confirms it once;
a link per board would be a report, a pull request and a confirmation per board, and
before the match nobody knows who will sit where. The link fills the lines with each
team's squad in board order and leaves the results to write, so a captain changes only
the names of the reserves who played. A ``url`` template gets the home team as
``{white}``, the away team as ``{black}``, no ``{board}``, and the match's text as ``{body}``.
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
# host -> the new-issue URL of a team match's report (the same {server}, {repository})
MATCH_HOSTS: dict[str, str] = {
    "github": "{server}/{repository}/issues/new?template=report-match.yml"
              "&section={section}&round={round}&home={white}&away={black}&boards={boards}",
    "gitlab": "{server}/{repository}/-/issues/new?issue%5Btitle%5D=Match%20report"
              "&issue%5Bdescription%5D={body}",
    "gitea": "{server}/{repository}/issues/new?title=Match%20report&body={body}",
    "forgejo": "{server}/{repository}/issues/new?title=Match%20report&body={body}",
}


@dataclass(frozen=True, slots=True)
class ReportSettings:
    """A season's report link: ``template`` with the host's server and repository filled
    in, the game's fields (``GAME_FIELDS``) still to fill."""

    template: str
    match_template: str = ""  # a team match's (""): the same as ``template``


def settings(host: str | None, repository: str | None, server: str | None,
             url: str | None) -> ReportSettings:
    """The settings from season.yaml's values (checked by the reader: a known host with a
    repository and, for Gitea, a server; or a url using only ``GAME_FIELDS``)."""
    if url:
        return ReportSettings(url)
    default, template = HOSTS[host or "github"]
    base = (server or default or "").rstrip("/")

    def filled(text: str) -> str:
        return text.replace("{server}", base).replace("{repository}", repository or "")

    return ReportSettings(filled(template), filled(MATCH_HOSTS[host or "github"]))


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


def board_line(number: int, home: str, away: str, result: str = "") -> str:
    """A board of a match report: ``1. Home player - Away player: 1-0`` (the result from
    the home player's side; left empty on the page's link, for the captain to write)."""
    return f"{number}. {home} - {away}: {result}".rstrip()


def match_report_body(section: str, round_: int, home: str, away: str,
                      lineup: tuple[tuple[str, str], ...]) -> str:
    """The issue text the match form would produce, every board's result left to write."""
    boards = "\n".join(board_line(n, h, a) for n, (h, a) in enumerate(lineup, start=1))
    return (f"### Section\n\n{section}\n\n### Round\n\n{round_}\n\n"
            f"### Home team\n\n{home}\n\n### Away team\n\n{away}\n\n"
            f"### Boards\n\n{boards}\n\n")


def match_report_url(links: ReportSettings, section: str, round_: int, home: str, away: str,
                     lineup: tuple[tuple[str, str], ...]) -> str:
    """The link of one unplayed team match (``lineup``: each board's home and away player
    as the squads stand, board 1 first; the captain changes the reserves who played)."""
    boards = "\n".join(board_line(n, h, a) for n, (h, a) in enumerate(lineup, start=1))
    values = {"section": section, "round": str(round_), "board": "", "white": home,
              "black": away, "boards": boards,
              "body": match_report_body(section, round_, home, away, lineup)}
    return (links.match_template or links.template).format_map(
        {k: quote(v, safe="") for k, v in values.items()})
