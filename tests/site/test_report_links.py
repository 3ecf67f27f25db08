"""Report links (``reports:`` in season.yaml, domain/report_links.py): each unplayed board of
the rounds pages links to the repository host's new-issue form, prefilled so that the report
it produces is one `leaguegen result --from-report` accepts for exactly that game; played
boards and seasons without ``reports:`` have no link; a wrong setting is refused at its line.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli.report_cmd import _check_against_season
from leaguegen.domain.report_links import ReportSettings, report_url, settings
from leaguegen.domain.sections import kind_of
from leaguegen.formats.report_form import parse_report
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

LINK = re.compile(r'<a class="report" rel="nofollow" href="([^"]+)">')
ROUND = re.compile(r'<tr>\s*<td class="num">(\d+)</td>.*?</tr>', re.S)


def _with_reports(tmp_path: Path, demo: str, block: str) -> Path:
    season = tmp_path / demo
    shutil.copytree(ROOT / "seasons" / demo, season)
    path = season / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nsections:", f"\n{block}sections:", 1), encoding="utf-8")
    return season


def _build(season: Path, out: Path) -> Path:
    res = CliRunner().invoke(main, ["build", str(season), "--out", str(out), "--no-pdf", "-q"])
    assert res.exit_code == 0, res.output
    return out


GITHUB = "reports:\n  host: github\n  repository: riverside-chess/season\n"


@pytest.mark.parametrize("demo", ["riverside-2026", "thursday-swiss-2026", "school-quads-2026"])
def test_every_link_reports_exactly_its_own_game(tmp_path: Path, demo: str) -> None:
    season = _with_reports(tmp_path, demo, GITHUB)
    site = _build(season, tmp_path / "site")
    reports = 0
    for page in sorted(site.rglob("*.html")):
        for href in LINK.findall(page.read_text(encoding="utf-8")):
            url = urlsplit(html.unescape(href))
            assert (url.scheme, url.netloc, url.path) == (
                "https", "github.com", "/riverside-chess/season/issues/new")
            q = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
            assert q["template"] == "report-result.yml"
            board = f"### Board\n\n{q['board']}\n\n" if q["board"] else ""
            body = (f"### Section\n\n{q['section']}\n\n### Round\n\n{q['round']}\n\n{board}"
                    f"### White\n\n{q['white']}\n\n### Black\n\n{q['black']}\n\n"
                    "### Result\n\n½-½\n")
            report = parse_report(body)
            _check_against_season(str(season), report)  # raises Refusal: the wrong game
            section = load_season(season).section(report.section)
            numbers = {p.name: n for n, p in enumerate(section.players, start=1)}
            game = (report.round, numbers[report.white], numbers[report.black])
            assert game in kind_of(section.format).scheduled_games(section), (page, q)
            assert not any((g.round, g.white, g.black) == game and g.result is not None
                           for g in section.games), (page, q)  # not played yet
            reports += 1
    assert reports > 0


def test_played_boards_and_seasons_without_reports_have_no_link(tmp_path: Path) -> None:
    season = _with_reports(tmp_path, "thursday-swiss-2026", GITHUB)
    site = _build(season, tmp_path / "site")
    assert LINK.findall((site / "open" / "round-4.html").read_text("utf-8")) == []  # played
    assert len(LINK.findall((site / "open" / "round-5.html").read_text("utf-8"))) == 11
    plain = _build(ROOT / "seasons" / "thursday-swiss-2026", tmp_path / "plain")
    assert not any('class="report"' in p.read_text("utf-8") for p in plain.rglob("*.html"))


def test_hosts_without_forms_get_the_forms_text() -> None:
    lab = settings("gitlab", "club/league", None, None)
    url = urlsplit(report_url(lab, "open", 3, 2, "Anna Müller", "Bo Li"))
    assert url.netloc == "gitlab.com" and url.path == "/club/league/-/issues/new"
    body = parse_qs(url.query)["issue[description]"][0]
    assert body.startswith("### Section\n\nopen\n\n### Round\n\n3\n\n### Board\n\n2\n\n"
                           "### White\n\nAnna Müller\n\n### Black\n\nBo Li\n\n### Result")
    forgejo = settings("forgejo", "club/league", "https://git.club.example/", None)
    assert report_url(forgejo, "a", 1, None, "X", "Y").startswith(
        "https://git.club.example/club/league/issues/new?title=Result%20report&body=")
    own = ReportSettings("https://example.org/report?s={section}&r={round}&w={white}")
    assert report_url(own, "open", 1, 1, "A&B", "C") == (
        "https://example.org/report?s=open&r=1&w=A%26B")


@pytest.mark.parametrize(("block", "where", "message"), [
    ("reports:\n  host: githb\n  repository: a/b\n", "host", "host must be one of github,"
     " gitlab, gitea, forgejo, not 'githb' (did you mean 'github'?)"),
    ("reports:\n  host: github\n", "host", "reports needs the repository"),  # the block's line
    ("reports:\n  repository: not a repo\n", "repository",
     "repository 'not a repo' is not OWNER/NAME"),
    ("reports:\n  host: gitea\n  repository: a/b\n", "host", "a gitea host needs its server"),
    ("reports:\n  url: http://example.org/{section}\n", "url", "must be an https:// address"),
    ("reports:\n  url: https://example.org/{section}/{token}\n", "url",
     "url has token; it may use only {section}, {round}, {board}, {white}, {black}, {body}"),
    ("reports:\n  url: https://example.org/{section\n", "url", "url has ("),
    ("reports:\n  url: https://example.org/{section}\n  host: github\n", "host",
     "host does nothing beside url"),
])
def test_wrong_settings_are_refused_at_their_line(tmp_path: Path, block: str, where: str,
                                                   message: str) -> None:
    season = _with_reports(tmp_path, "thursday-swiss-2026", block)
    lines = (season / "season.yaml").read_text("utf-8").splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.strip().startswith(where))
    before = (season / "season.yaml").read_bytes()
    res = CliRunner().invoke(main, ["check", str(season)])
    assert res.exit_code == 2
    assert re.search(rf"season\.yaml:{line}:\d+: .*{re.escape(message)}", res.output), res.output
    assert (season / "season.yaml").read_bytes() == before


def _match_body(q: dict[str, str], result: str) -> str:
    """The issue body GitHub's match form makes of a link's query, every board given
    ``result`` (the captain writes each result after the colon the link leaves)."""
    boards = "\n".join(f"{line} {result}" for line in q["boards"].split("\n"))
    return (f"### Section\n\n{q['section']}\n\n### Round\n\n{q['round']}\n\n"
            f"### Home team\n\n{q['home']}\n\n### Away team\n\n{q['away']}\n\n"
            f"### Boards\n\n{boards}\n\n### Opponent captain's GitHub handle\n\n_No response_\n")


@pytest.mark.parametrize("sid", [None, "甲组"])
def test_every_team_match_link_reports_exactly_its_own_match(tmp_path: Path,
                                                             sid: str | None) -> None:
    """Each unplayed match of the club league links to the match form; the report its
    query makes is read by --from-report's parser and passes the check against the season
    for that very match (a section id in any script included); played matches have none,
    and one link's report, applied, writes that match."""
    from leaguegen.formats.chores.match_report import checked
    from leaguegen.formats.report_form import MatchReport, parse_any

    season = _with_reports(tmp_path, "club-league-2026", GITHUB)
    if sid:
        path = season / "season.yaml"
        path.write_text(path.read_text("utf-8").replace("  - id: division-1\n",
                                                        f"  - id: {sid}\n")
                        .replace("{section: division-1,", f"{{section: {sid},"), "utf-8")
    site = _build(season, tmp_path / "site")
    loaded = load_season(season)
    seen: dict[tuple[str, int, int, int], str] = {}
    for page in sorted(site.rglob("*.html")):
        for href in LINK.findall(page.read_text(encoding="utf-8")):
            url = urlsplit(html.unescape(href))
            assert (url.netloc, url.path) == ("github.com", "/riverside-chess/season/issues/new")
            q = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
            assert q["template"] == "report-match.yml"
            report = parse_any(_match_body(q, "½-½"))
            assert isinstance(report, MatchReport)
            section = loaded.section(report.section)
            r, h, a, boards = checked(section, report)  # raises Refused: not that match
            assert not any((m.round, m.host, m.guest) == (r, h, a) and m.complete
                           for m in section.details.matches), (page, q)
            seen[(report.section, r, h, a)] = _match_body(q, "1-0")
    unplayed = {(s.id, r, h, a) for s in loaded.sections
                for r, h, a in kind_of(s.format).scheduled_games(s)
                if not any((m.round, m.host, m.guest) == (r, h, a) for m in s.details.matches)}
    assert set(seen) == unplayed and len(unplayed) > 10
    key = min(seen)  # one of them, reported as its link left it: every board 1-0
    body = tmp_path / "report.md"
    body.write_text(seen[key], encoding="utf-8")
    res = CliRunner().invoke(main, ["result", str(season), "--from-report", str(body)])
    assert res.exit_code == 0, res.output
    after = load_season(season).section(key[0])
    got = next(m for m in after.details.matches if (m.round, m.host, m.guest) == key[1:])
    assert got.complete and {b.result for b in got.boards} == {"1"}



def test_a_team_match_links_a_report_only_where_it_can_be_applied() -> None:
    """A link must lead to a report --from-report can apply: a match without its result in
    a kind that enters results by match (Chores.team_matches: the team league); a team
    Swiss gets its links once its kind does, not before."""
    from leaguegen.site.pages.teams_common import match_report

    links = settings("github", "riverside-chess/season", None, None)
    league = load_season(ROOT / "seasons" / "club-league-2026").section("division-1")
    first = kind_of(league.format).scheduled_games(league)[0]
    assert match_report(links, league, league.details, *first, None).startswith(
        "https://github.com/riverside-chess/season/issues/new?template=report-match.yml")
    assert match_report(None, league, league.details, *first, None) == ""
    played = league.details.matches[0]
    assert match_report(links, league, league.details, played.round, played.host,
                        played.guest, played) == ""
    swiss = load_season(ROOT / "tests" / "data" / "team-swiss-2026").section("open")
    p = swiss.details.pairings[0]
    got = match_report(links, swiss, swiss.details, p.round, p.first, p.second, None)
    assert got == "" or kind_of("team_swiss").chores.team_matches
