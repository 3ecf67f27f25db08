"""The release workflow (.github/workflows/release.yml) is held to GitHub's workflow schema
(SchemaStore's copy) and to what trusted publishing needs: only the publishing job may ask
for an OIDC token, it publishes what the build job built, and the build waits for the suite;
its tag check reads the version from the one place it lives (pyproject.toml)."""

from __future__ import annotations

import json
import re
import tomllib

import jsonschema
import yaml

from tests.conftest import ROOT

FLOW = ROOT / ".github" / "workflows" / "release.yml"


def _flow() -> dict:
    return yaml.load(FLOW.read_bytes(), Loader=yaml.BaseLoader)  # `on:` stays a key


def test_release_workflow_validates_against_githubs_schema() -> None:
    schema = json.loads((ROOT / "tests/data/schemastore/github-workflow.json").read_text("utf-8"))
    typed = yaml.safe_load(FLOW.read_bytes())
    typed["on"] = typed.pop(True)  # PyYAML 1.1 reads `on` as true; GitHub reads it as a key
    errors = [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(typed)]
    assert errors == []


def test_only_the_publishing_job_gets_a_token_after_the_suite_and_the_build() -> None:
    flow = _flow()
    assert flow["permissions"] == {"contents": "read"}
    jobs = flow["jobs"]
    assert jobs["build"]["needs"] == "test" and jobs["publish"]["needs"] == "build"
    assert [j for j, job in jobs.items() if "id-token" in job.get("permissions", {})] == [
        "publish"]
    steps = [s.get("uses", "") for s in jobs["publish"]["steps"]]
    assert steps[-1].startswith("pypa/gh-action-pypi-publish@")
    assert "bash .ci/run" in [s.get("run") for s in jobs["test"]["steps"]]


def test_the_tag_check_reads_the_one_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    (check,) = [s["run"] for s in _flow()["jobs"]["test"]["steps"]
                if "pyproject.toml" in s.get("run", "")]
    assert re.search(r'"v\$version" = "\$GITHUB_REF_NAME"', check)
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert f"## {version}" in changelog or "## Unreleased" in changelog
