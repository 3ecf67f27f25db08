"""`leaguegen new --host github|github-pages`: the host's files, held to GitHub's schemas
(SchemaStore's copies in tests/data/schemastore/, validated with jsonschema), to the report
parser's headings, and run: the report workflow's own shell steps, taken from the written
file, are run in a scratch club repository with a stand-in `gh` that records its calls.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.cli.host_files import host_files
from leaguegen.formats.report_form import FIELDS, RESULTS
from tests.conftest import ROOT

SCHEMAS = ROOT / "tests" / "data" / "schemastore"
REPORTS = ROOT / "tests" / "data" / "reports"
FORM = ".github/ISSUE_TEMPLATE/report-result.yml"
REPORT_FLOW = ".github/workflows/report-result.yml"
PAGES_FLOW = ".github/workflows/publish-site.yml"


def _schema(name: str) -> jsonschema.Draft7Validator:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def _errors(validator: jsonschema.Draft7Validator, data: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


def _yaml(data: bytes) -> dict:
    # GitHub reads `on:` as a key; PyYAML (YAML 1.1) would read it as True
    loaded = yaml.load(data, Loader=yaml.BaseLoader)
    assert isinstance(loaded, dict)
    return loaded


@pytest.fixture
def club(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "club"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    old = Path.cwd()
    os.chdir(repo)
    try:
        res = CliRunner().invoke(main, ["new", "autumn-2026", "--host", "github",
                                        "--host", "github-pages"])
    finally:
        os.chdir(old)
    assert res.exit_code == 0, res.output
    return repo


def test_new_writes_the_host_files(club: Path) -> None:
    for name in (FORM, REPORT_FLOW, PAGES_FLOW):
        assert (club / name).is_file(), name
    assert _yaml((club / REPORT_FLOW).read_bytes())["jobs"]["apply"]["env"]["SEASON"] == \
        "autumn-2026"


def test_workflows_and_form_validate_against_githubs_schemas(club: Path) -> None:
    # typed loading for the schema, as GitHub reads YAML 1.2: true/false are booleans,
    # `on` (a YAML 1.1 boolean) is a string key
    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"),
                                 list("tf"))
    workflow, form = _schema("github-workflow.json"), _schema("github-issue-forms.json")
    for name in (REPORT_FLOW, PAGES_FLOW):
        data = yaml.load((club / name).read_bytes(), Loader=Loader)
        assert "on" in data and _errors(workflow, data) == [], name
    data = yaml.load((club / FORM).read_bytes(), Loader=Loader)
    assert _errors(form, data) == []


def test_schema_check_is_real() -> None:
    """The validator refuses a workflow GitHub would refuse (a job without runs-on)."""
    bad = {"on": "push", "jobs": {"x": {"steps": [{"run": "true"}]}}}
    assert _errors(_schema("github-workflow.json"), bad)


def test_form_labels_are_the_parsers_headings() -> None:
    form = _yaml(host_files(("github",), Path("s"))[FORM])  # type: ignore[arg-type]
    fields = [b for b in form["body"] if b["type"] != "markdown"]
    assert [b["attributes"]["label"] for b in fields] == list(FIELDS)
    result = next(b for b in fields if b["attributes"]["label"] == "Result")
    assert result["attributes"]["options"] == list(RESULTS)


def test_season_folder_is_quoted_in_the_workflow() -> None:
    from pathlib import PurePosixPath

    text = host_files(("github",), PurePosixPath("a: b #c"))[REPORT_FLOW]
    assert _yaml(text)["jobs"]["apply"]["env"]["SEASON"] == "a: b #c"


def _shim(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text(script, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def _step(flow: dict, name: str) -> str:
    return next(s for s in flow["jobs"]["apply"]["steps"] if s.get("name") == name)["run"]


def _run_steps(club: Path, tmp: Path, body: str) -> tuple[dict[str, str], str]:
    """Run the report workflow's shell steps as GitHub would (bash -e), with the report
    in BODY; return the step outputs and the stand-in gh's log."""
    flow = _yaml((club / REPORT_FLOW).read_bytes())
    bin_dir, temp = tmp / "bin", tmp / "runner"
    bin_dir.mkdir(exist_ok=True)
    temp.mkdir(exist_ok=True)
    _shim(bin_dir, "leaguegen", f"#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable}"
                                " -m leaguegen.cli.entry \"$@\"\n")
    log = tmp / "gh.log"
    _shim(bin_dir, "gh", "#!/bin/sh\n"
          f"echo \"gh $*\" >> {log}\n"
          "prev=''; for a in \"$@\"; do [ \"$prev\" = --body-file ] && cat \"$a\" >> " f"{log};"
          " prev=$a; done\n"
          "[ \"$1 $2\" = 'pr view' ] && exit 1\nexit 0\n")
    output = tmp / "github_output"
    output.write_text("")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "SEASON": flow["jobs"]["apply"]["env"]["SEASON"], "ISSUE": "7",
           "RUNNER_TEMP": str(temp), "GITHUB_OUTPUT": str(output), "BODY": body,
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}

    def bash(script: str) -> None:
        subprocess.run(["bash", "-e", "-c", script], cwd=club, env=env, check=True,
                       timeout=120)

    bash(_step(flow, "Apply the report"))
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines())
    if outputs.get("code") != "0" or outputs.get("changed") != "yes":
        bash(_step(flow, "Say why the report was not applied"))
    else:
        bash(_step(flow, "Open a pull request"))
    return outputs, log.read_text() if log.exists() else ""


@pytest.fixture
def riverside_club(club: Path, tmp_path: Path) -> Path:
    """The club repository with the Riverside demo as its season, committed, and a bare
    repository as its origin (for the workflow's push)."""
    season = club / "autumn-2026"
    shutil.rmtree(season)
    shutil.copytree(ROOT / "seasons" / "riverside-2026", season)
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    for args in (["add", "-A"], ["commit", "-q", "-m", "season"],
                 ["remote", "add", "origin", str(origin)]):
        subprocess.run(["git", *args], cwd=club, env=env, check=True)
    return club


def test_report_workflow_steps_open_a_one_line_pull_request(riverside_club: Path,
                                                            tmp_path: Path) -> None:
    body = (REPORTS / "good.md").read_text(encoding="utf-8")
    outputs, gh = _run_steps(riverside_club, tmp_path, body)
    assert outputs == {"code": "0", "changed": "yes"}
    diff = subprocess.run(["git", "diff", "--unified=0", "main", "result-report-7"],
                          cwd=riverside_club, check=True, capture_output=True,
                          text=True).stdout
    changed = [line for line in diff.splitlines()
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == [
        "-          - Ines Duarte - Mei Lin:    # postponed, to be played by arrangement",
        "+          - Ines Duarte - Mei Lin: 0-1    # postponed, to be played by arrangement",
    ]
    pushed = subprocess.run(["git", "branch", "--list"], cwd=tmp_path / "origin.git",
                            check=True, capture_output=True, text=True).stdout
    assert "result-report-7" in pushed
    assert "gh pr create --head result-report-7" in gh
    assert "Closes #7." in gh and "round 7: Ines Duarte - Mei Lin: 0-1" in gh
    assert "**Thursday Rapidplay** (`rapid`)\n\n- round 7: Ines Duarte - Mei Lin 0-1 (new" \
        " result)" in gh  # leaguegen diff --markdown in the pull request's text
    assert "gh pr edit result-report-7 --add-reviewer ines-duarte" in gh


def test_report_workflow_steps_comment_a_refusal(riverside_club: Path, tmp_path: Path) -> None:
    body = (REPORTS / "hostile" / "yaml_injection_newline_in_name.md").read_text("utf-8")
    outputs, gh = _run_steps(riverside_club, tmp_path, body)
    assert outputs == {"code": "2"}
    assert "gh issue comment 7 --body-file" in gh
    assert "'Black' must be one line" in gh and "gh pr" not in gh
    status = subprocess.run(["git", "status", "--porcelain"], cwd=riverside_club,
                            check=True, capture_output=True, text=True).stdout
    assert status == ""


MATCH_FORM = ".github/ISSUE_TEMPLATE/report-match.yml"


def test_match_form_labels_are_the_match_parsers_headings(club: Path) -> None:
    from leaguegen.formats.report_form import MATCH_FIELDS

    assert (club / MATCH_FORM).is_file()
    form = _yaml(host_files(("github",), Path("s"))[MATCH_FORM])  # type: ignore[arg-type]
    fields = [b for b in form["body"] if b["type"] != "markdown"]
    assert [b["attributes"]["label"] for b in fields] == list(MATCH_FIELDS)
    # the link's query parameters (domain/report_links.MATCH_HOSTS) are the form's ids
    assert [b["id"] for b in fields][:5] == ["section", "round", "home", "away", "boards"]
    assert form["labels"] == _yaml((club / FORM).read_bytes())["labels"]  # one workflow
    data = yaml.load((club / MATCH_FORM).read_bytes(), Loader=yaml.SafeLoader)
    assert _errors(_schema("github-issue-forms.json"), data) == []


def test_report_workflow_steps_turn_a_match_report_into_a_pull_request(club: Path,
                                                                        tmp_path: Path) -> None:
    """The captain's match form body, through the workflow's own steps: a pull request
    adding that match's card and nothing else, the other captain asked to review."""
    season = club / "autumn-2026"
    shutil.rmtree(season)
    shutil.copytree(ROOT / "seasons" / "club-league-2026", season)
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    for args in (["add", "-A"], ["commit", "-q", "-m", "season"],
                 ["remote", "add", "origin", str(origin)]):
        subprocess.run(["git", *args], cwd=club, env=env, check=True)
    body = (REPORTS / "match_good.md").read_text(encoding="utf-8")
    outputs, gh = _run_steps(club, tmp_path, body)
    assert outputs == {"code": "0", "changed": "yes"}
    diff = subprocess.run(["git", "diff", "--unified=0", "main", "result-report-7"],
                          cwd=club, check=True, capture_output=True, text=True).stdout
    added = [line for line in diff.splitlines() if line[:1] == "+" and line[:3] != "+++"]
    assert [line for line in diff.splitlines() if line[:1] == "-" and line[:3] != "---"] == []
    assert added == ["+        matches:", "+          - Riverside B - Riverside A:",
                     "+              - Erik Everett - Alice Ashworth: 0-1",
                     "+              - Fiona Finch - Ben Barnes: ½-½",
                     "+              - Gus Garner - Farid Fairley: ½-½",
                     "+              - Hana Hughes - default: +-"]
    assert "gh pr create --head result-report-7" in gh
    assert "gh pr edit result-report-7 --add-reviewer alice-ashworth" in gh
