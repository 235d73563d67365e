"""Every shell command of the README (and of docs/github-code-scanning.md, the guide of
`check` in CI) that can run offline is run as written, in a git repository made from
examples/ (issue 27: the README must be re-read against the behaviour).

A command runs when it is a `reuse-audit` command or a pipe into one (and `git add`);
every other command must be in SKIPPED with the reason it cannot run here (the network,
a whole test suite, a wheel build that tests/test_wheel.py makes).  So a new command in
the README is either run or named.  Each must exit 0 or 1 (findings), never 2, with no
traceback and no error line.  The quick start's output is compared with the README's.
The commands share one repository and run in the order the documents give them (the
baseline commands of the guide read the file the one before writes).

The guides of the benchmark (benchmark/README.md, docs/bench-*.md) and of the measurement
scripts (docs/precision.md, docs/reliability.md, docs/history-aider.md) are not run: their
commands install agents, clone repositories or run for minutes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gitrepo import GitRepo, isolated_git

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/github-code-scanning.md")
BIN = Path(sys.executable).parent

#: commands (by their start) that cannot run offline in a test, and why
SKIPPED = {
    "python3 -m venv": "creates a virtual environment and installs from the network",
    ". .venv/bin/activate": "goes with the virtual environment above",
    "pip install": "installs from the network",
    "python -m pytest": "the project's own test suite",
    "python -m mypy": "the project's own type check (.ci/run runs it)",
    "python -m pip wheel": "builds the wheel: tests/test_wheel.py does it, offline",
    "/tmp/ra/bin/": "the wheel's environment: tests/test_wheel.py runs it",
    "reuse-audit bench": "runs a benchmark suite: tests/test_bench_*.py",
    "npm install": "installs the SARIF validator from the network",
    "node_modules/": "the SARIF validator npm installs",
}


def shell_commands(doc: str) -> list[str]:
    """The commands of the ```bash / ```sh blocks of ``doc``: one a line (continuations
    joined), each `&&` part apart."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"^```(?:bash|sh|shell)\n(.*?)^```", text, re.S | re.M):
        for line in block.replace("\\\n", " ").splitlines():
            commands.extend(part.strip() for part in line.split(" && ") if part.strip())
    return commands


def runnable(command: str) -> bool:
    words = command.split()
    return bool(words) and (
        words[0] == "reuse-audit" and words[1:2] != ["bench"]
        or "| reuse-audit" in command
        or words[:2] == ["git", "add"]
    )


def skip_reason(command: str):
    return next((why for start, why in SKIPPED.items() if command.startswith(start)), None)


def test_every_command_is_run_or_named():
    unknown = [c for doc in DOCS for c in shell_commands(doc) if not runnable(c) and skip_reason(c) is None]
    assert unknown == [], "run these commands in this test, or say in SKIPPED why they cannot run here"
    assert sum(runnable(c) for c in shell_commands("README.md")) >= 20


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory):
    """A git repository holding examples/invoicing, committed on main (also origin/main and tag
    v1.0); the working tree holds examples/reimplemented.patch applied (its new module added
    with git add -N, so that `git diff` shows it), and every file the commands name."""
    tmp = tmp_path_factory.mktemp("readme")
    monkeypatch = pytest.MonkeyPatch()
    isolated_git(tmp, monkeypatch)
    repo = GitRepo(tmp / "project")
    shutil.copytree(ROOT / "examples" / "invoicing" / "src", repo.path / "src")
    shutil.copytree(ROOT / "examples", repo.path / "examples")  # the quick start's paths
    (repo.path / "src/pkg").mkdir()
    (repo.path / "src/pkg/__init__.py").write_text("def one():\n    return 1\n", encoding="utf-8")
    (repo.path / "tools").mkdir()
    (repo.path / "tools/cli.py").write_text("def main():\n    return 0\n", encoding="utf-8")
    repo.commit("invoicing")
    repo.git("tag", "v1.0")
    repo.git("update-ref", "refs/remotes/origin/main", "HEAD")
    patch = (ROOT / "examples" / "reimplemented.patch").read_bytes()
    (repo.path / "change.patch").write_bytes(patch.replace(b"src/invoicing/reports.py", b"src/invoicing/reports2.py"))
    shutil.copytree(repo.path / "src", repo.path / "path/to/repo/src")  # `--repo path/to/repo`, not in git
    repo.git("apply", str(ROOT / "examples" / "reimplemented.patch"))
    repo.git("add", "-N", "src/invoicing/reports.py")
    (repo.path / "agent.traj.json").write_text('{"messages": []}\n', encoding="utf-8")
    env = dict(os.environ)
    env.update({
        "PATH": os.pathsep.join([str(BIN), env.get("PATH", "")]),
        "REUSE_AUDIT_CACHE_DIR": str(tmp / "cache"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "REUSE_AUDIT_NO_BACKGROUND": "1",
        "NO_COLOR": "1",
    })
    env.pop("REUSE_AUDIT_DEBUG", None)
    yield repo, env
    monkeypatch.undo()


def run(command: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300,
    )


def readme_output_after(sentence: str) -> str:
    """The ``` block after ``sentence`` in the README: output it shows."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split(sentence, 1)[1].split("```\n", 1)[1].split("```", 1)[0]


def test_the_quick_start_prints_what_the_readme_shows(sandbox):
    repo, env = sandbox
    (command,) = [c for c in shell_commands("README.md") if c.startswith("reuse-audit check examples/")]
    done = run(command, repo.path, env)
    assert done.returncode == 1, done.stdout + done.stderr  # "exits with status 1 because it has a finding"
    assert done.stdout == readme_output_after("The first command exits with status 1 because it has a finding:")
    assert done.stderr == ""


@pytest.mark.parametrize(
    "doc, command",
    [pytest.param(doc, c, id=f"{doc}: {c.split('  #')[0].strip()}") for doc in DOCS for c in shell_commands(doc) if runnable(c)],
)
def test_the_command_runs_as_written(sandbox, doc: str, command: str):
    repo, env = sandbox
    done = run(command, repo.path, env)
    output = f"$ {command}\nexit {done.returncode}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
    assert done.returncode in (0, 1), output
    assert "Traceback" not in done.stderr and "error:" not in done.stderr, output
