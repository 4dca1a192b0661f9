"""The GitHub Actions workflows (issue 18): .github/workflows/test.yml runs the README's test command on every
pull request, with its caches, the content check's annotations and the built site kept; pages.yml publishes
main to GitHub Pages with the repository's own addresses. Both validate against the GitHub workflow schema
that check-jsonschema carries (SchemaStore's, vendored in the package: no network), and say what a
contributor relies on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml
from conftest import REPO

from site_src import repository

WORKFLOWS = REPO / ".github" / "workflows"


def validate(*paths: Path) -> subprocess.CompletedProcess:
    checker = Path(sys.executable).parent / "check-jsonschema"
    return subprocess.run([str(checker), "--builtin-schema", "vendor.github-workflows", *map(str, paths)],
                          capture_output=True, text=True, timeout=120)


def load(name: str) -> dict:
    workflow = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    workflow["on"] = workflow.pop(True)  # YAML 1.1 reads the key `on` as true
    return workflow


def runs(job: dict) -> list[str]:
    return [step["run"] for step in job["steps"] if "run" in step]


def uses(job: dict) -> dict[str, dict]:
    return {step["uses"].split("@")[0]: step.get("with", {}) for step in job["steps"] if "uses" in step}


def test_both_workflows_validate_and_a_broken_one_does_not(tmp_path):
    result = validate(WORKFLOWS / "test.yml", WORKFLOWS / "pages.yml")
    assert result.returncode == 0, result.stdout + result.stderr
    broken = tmp_path / "broken.yml"  # a job with no runs-on, its steps misspelt
    broken.write_text("on: push\njobs:\n  test:\n    step:\n      - run: python3 build.py test\n")
    result = validate(broken)
    assert result.returncode == 1 and "broken.yml::$.jobs.test" in result.stdout, result.stdout


def test_every_pull_request_runs_the_readme_s_test_command_on_debian():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = next(line.split("#")[0].strip() for line in readme.splitlines() if " build.py test" in line)
    workflow = load("test.yml")
    assert "pull_request" in workflow["on"]
    job = workflow["jobs"]["test"]
    assert job["container"] == "debian:bookworm"  # Debian's Chromium, as on the project's machines
    assert command == "python3 build.py test" and command in runs(job)
    # the content check first, alone: its problems become annotations on the pull request's lines
    assert runs(job).index("python3 build.py check") < runs(job).index(command)
    actions = uses(job)
    assert actions["actions/setup-node"] == {"node-version": 20, "cache": "npm"}
    cached = {step["with"]["path"]: step["with"]["key"] for step in job["steps"]
              if step.get("uses", "").startswith("actions/cache@")}
    assert "hashFiles('pyproject.toml')" in cached["~/.cache/pip"]
    assert "hashFiles('pyodide.lock.json')" in cached[".cache/pyodide"]
    assert actions["actions/upload-artifact"]["path"] == "site/"
    # the tests describe the build with pyproject.toml's addresses: nothing here may set them
    text = (WORKFLOWS / "test.yml").read_text(encoding="utf-8")
    for variable in (repository.URL_VARIABLE, repository.BRANCH_VARIABLE, repository.SITE_VARIABLE):
        assert variable not in text


def test_main_is_published_to_pages_with_its_own_addresses_once_tested():
    workflow = load("pages.yml")
    assert workflow["on"]["workflow_run"] == {"workflows": [load("test.yml")["name"]], "types": ["completed"],
                                              "branches": ["main"]}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    assert "workflow_run.conclusion == 'success'" in build["if"]
    assert uses(build)["actions/checkout"]["fetch-depth"] == 0  # the dates of the pages' last changes
    built = next(step for step in build["steps"] if step.get("run") == "python3 build.py build")
    addresses = {repository.URL_VARIABLE, repository.BRANCH_VARIABLE, repository.SITE_VARIABLE}
    assert set(built["env"]) == addresses
    assert "steps.pages.outputs.base_url" in built["env"][repository.SITE_VARIABLE]
    assert uses(build)["actions/upload-pages-artifact"] == {"path": "site/"}
    assert deploy["needs"] == "build" and "actions/deploy-pages" in uses(deploy)
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
