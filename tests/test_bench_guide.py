"""Every command of the benchmark guide (benchmark/README.md) runs, so the guide cannot rot.

The guide's ```sh blocks are run in order, in a new empty folder, as a new
user would type them (relative paths, default options), with three offline
substitutions a test needs:

* commands over the whole ``starter`` suite run one chain of it
  (``--chain click-params``: click is installed by the test extra, no download);
* the mini-swe-agent configuration of the guide (a real endpoint) is checked
  by the adapter, and the run uses a scripted ``DeterministicModel`` instead;
* OpenCode runs when ``opencode`` and ``rg`` are installed; otherwise its
  configuration is checked by the adapter and the command runs with the oracle;
* the runs of the local-server section (``--agent-config *-local.yaml``) are
  left to tests/test_bench_endpoint.py, which runs the guide's own
  ``mini-local.yaml`` against a scripted server; here their configurations
  are checked by the adapters, and ``export NAME=VALUE`` lines set the
  environment of the commands that follow.

``pip install`` lines are checked against pyproject.toml and the running
environment (which the test extra installs); the ``apt-get install bubblewrap``
line, that ``bwrap`` is installed.  A ```yaml block whose first line
is ``# NAME`` is written to NAME before the commands that follow it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from reuse_audit.benchmark.agents.base import make_agent
from reuse_audit.benchmark.chain import load_suite, suite_dir

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "benchmark" / "README.md"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")
ONE_CHAIN = "click-params"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def guide_blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))]


def commands() -> list[tuple[str, object]]:
    """("file", (name, text)) and ("cmd", line) in the guide's order."""
    out: list[tuple[str, object]] = []
    for lang, body in guide_blocks():
        first = body.splitlines()[0] if body.strip() else ""
        if lang == "yaml" and re.match(r"#\s*[\w.-]+\.ya?ml\s*$", first):
            out.append(("file", (first.lstrip("#").strip(), body)))
        elif lang == "sh":
            out += [("cmd", line.strip()) for line in body.splitlines() if line.strip() and not line.startswith("#")]
    return out


def copy_command(chain) -> str:
    branches = [f"[ ! -f {t.path} ]; then mkdir -p {Path(t.path).parent} && cp {t.solution} {t.path}" for t in chain.turns]
    return "if " + "; elif ".join(branches) + "; fi"


MY_AGENT = """
import json, pathlib, shutil, sys
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
suite = pathlib.Path({suite!r})
source = suite / turn["chain"] / f"turn{{turn['turn']}}" / "solution.py"
target = pathlib.Path(turn["workspace"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(source, target)
"""


def check_pip_line(argv: list[str]) -> None:
    assert argv[:2] == ["pip", "install"]
    spec = argv[-1]
    match = re.fullmatch(r"reuse-audit\[(\w+)\]", spec)
    assert match, spec
    import tomllib
    from importlib import metadata

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert match.group(1) in extras
    for requirement in extras[match.group(1)]:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        metadata.version(name)  # installed: the extra's promise holds in this environment


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_every_guide_command_runs_as_a_new_user_would(tmp_path):
    pytest.importorskip("minisweagent")
    starter = load_suite("starter")
    chain = next(c for c in starter if c.id == ONE_CHAIN)
    work = tmp_path / "newcomer"
    work.mkdir()
    # what the guide's commands refer to: a suite of one's own, a program as an agent
    shutil.copytree(suite_dir("starter") / ONE_CHAIN, work / "my-suite" / ONE_CHAIN)
    (work / "my_agent.py").write_text(MY_AGENT.format(suite=str(suite_dir("starter"))), encoding="utf-8")
    offline_mini = work / "mini-offline.yaml"
    offline_mini.write_text(yaml.safe_dump({
        "model_class": "deterministic", "step_limit": 5,
        "outputs": [copy_command(chain), "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"],
    }), encoding="utf-8")
    opencode_here = shutil.which("opencode") is not None and shutil.which("rg") is not None
    env = dict(os.environ, MSWEA_SILENT_STARTUP="1")
    ran = []
    for kind, item in commands():
        if kind == "file":
            name, text = item  # type: ignore[misc]
            (work / name).write_text(text, encoding="utf-8")
            make_agent("mini-swe-agent" if "mini" in name else "opencode", yaml.safe_load(text))  # the adapter accepts it
            continue
        line = str(item)
        argv = shlex.split(line, comments=True)
        if argv[0] == "export":
            name, _, value = argv[1].partition("=")
            env[name] = value
            continue
        if any(a.endswith("-local.yaml") for a in argv):  # run by tests/test_bench_endpoint.py
            continue
        if argv[0] == "pip":
            check_pip_line(argv)
            continue
        if argv[:2] in (["sudo", "apt-get"], ["apt-get", "install"]):  # a system package (.ci/run installs it)
            assert argv[-1] == "bubblewrap" and shutil.which("bwrap"), line
            continue
        assert argv[0] == "reuse-audit", line
        if argv[1:3] == ["bench", "verify"] or "--suite" in argv:
            suites = argv[3:4] if argv[2] == "verify" else [argv[argv.index("--suite") + 1]]
            if "starter" in suites and "--chain" not in argv:
                argv += ["--chain", ONE_CHAIN]
        if "mini-swe-agent" in argv:
            argv[argv.index("--agent-config") + 1] = str(offline_mini)
        if "opencode" in argv and not opencode_here:
            argv[argv.index("--agent") + 1] = "oracle"
            at = argv.index("--agent-config")
            del argv[at:at + 2]
        proc = subprocess.run([str(REUSE_AUDIT), *argv[1:]], cwd=work, env=env, capture_output=True, text=True,
                              timeout=900)
        assert proc.returncode == 0, f"{line}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
        assert "Traceback" not in proc.stderr, line
        ran.append((argv, proc))

    verbs = [tuple(a[1:3]) for a, _ in ran]
    assert ("bench", "verify") in verbs and ("bench", "run") in verbs and ("bench", "report") in verbs
    agents = {a[a.index("--agent") + 1] for a, _ in ran if "--agent" in a}
    assert {"oracle", "replay", "command", "mini-swe-agent"} <= agents
    # the first run is the reference: 100 % resolved and reused, Cdup 0, in the default run folder
    first = [json.loads(line) for line in
             (work / "runs" / "starter-oracle-interface" / "journal.jsonl").read_text(encoding="utf-8").splitlines()]
    assert first and all(r["resolved"] and r["repo_reused"] == r["repo_targets"] and not r["duplicated"] for r in first)
    report = work / "report"
    assert {"report.md", "report.tex", "report.json", "per_turn.png"} <= {p.name for p in report.iterdir()}
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    by_dir = {Path(r["run_dir"]).name: r for r in data["runs"]}
    assert by_dir["starter-oracle-interface"]["overall"]["cdup"] == 0.0
    reinvent = by_dir["reinvent-2-4"]["per_turn"]
    assert [reinvent[str(t)]["cdup"] for t in range(1, 6)] == [0.0, 100.0, 100.0, 100.0, 100.0]


def test_the_main_readme_has_the_benchmark_section_with_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Benchmark"):]
    assert "reuse-audit bench verify starter" in section
    assert "reuse-audit bench run --suite starter --agent oracle" in section
    assert "benchmark/README.md" in section
