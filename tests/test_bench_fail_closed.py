"""Fail closed: an agent that is not the oracle runs only in a sandbox, unless ``--sandbox none``.

A missing bubblewrap is simulated two ways: the lookup of ``bwrap`` monkeypatched
(in process), and a ``PATH`` that holds only ``git`` (the command line, as a
new user on a machine without bubblewrap would see it).  Hermetic: the
click-mini chain over a copy of the installed click.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reuse_audit.benchmark import sandbox
from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.matrix import load_matrix, run_matrix
from reuse_audit.benchmark.runner import RunConfig, run_benchmark
from reuse_audit.errors import UsageError

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")

AGENT = r'''
import json, os, pathlib, shutil, sys
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
target = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(pathlib.Path(os.environ["CHAIN_DIR"]) / f"turn{turn['turn']}" / "solution.py", target)
'''


@pytest.fixture
def no_bwrap(monkeypatch):
    """This process finds no ``bwrap`` on PATH (the probe's cache is cleared before and after)."""
    real = shutil.which

    def which(name, *args, **kwargs):
        return None if name == "bwrap" else real(name, *args, **kwargs)

    sandbox.probe.cache_clear()
    monkeypatch.setattr(sandbox.shutil, "which", which)
    yield
    sandbox.probe.cache_clear()


@pytest.fixture
def git_only_path(tmp_path):
    """A PATH of one folder holding only ``git``: no bwrap."""
    folder = tmp_path / "bin"
    folder.mkdir()
    os.symlink(shutil.which("git"), folder / "git")
    return str(folder)


def test_without_bwrap_an_agent_is_refused_and_the_oracle_runs(no_bwrap, tmp_path):
    for agent in ("command", "replay", "mini-swe-agent", "opencode"):
        with pytest.raises(UsageError) as caught:
            RunConfig(run_dir=tmp_path / agent, agent=agent).isolation()
        message = str(caught.value)
        assert f"agent {agent} runs only in a sandbox" in message
        assert "apt-get install bubblewrap" in message and "--sandbox none" in message
        assert "\n" not in message
    assert not RunConfig(run_dir=tmp_path / "o", agent="oracle").isolation().sandboxed
    explicit = RunConfig(run_dir=tmp_path / "n", agent="command", sandbox="none").isolation()
    assert not explicit.sandboxed and explicit.detail == "--sandbox none"
    with pytest.raises(UsageError, match="--sandbox bwrap: bwrap is not installed"):
        RunConfig(run_dir=tmp_path / "b", agent="oracle", sandbox="bwrap").isolation()


def test_run_benchmark_refuses_before_making_a_folder(no_bwrap, chain_dir, tmp_path):
    run_dir = tmp_path / "runs" / "x"
    config = RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": "true"})
    with pytest.raises(UsageError, match="runs only in a sandbox"):
        run_benchmark([load_chain(chain_dir)], config)
    assert not run_dir.exists()


def test_a_matrix_with_one_agent_cell_is_refused_before_any_cell_runs(no_bwrap, chain_dir, tmp_path):
    matrix_file = tmp_path / "m.yaml"
    matrix_file.write_text(
        f"experiment: {tmp_path / 'exp'}\nsuites: [{chain_dir}]\nmemory: [interface]\n"
        "agents:\n  - {name: oracle, agent: oracle}\n  - {name: cmd, agent: command, options: {cmd: 'true'}}\n",
        encoding="utf-8")
    with pytest.raises(UsageError, match="agent command runs only in a sandbox"):
        run_matrix(load_matrix(str(matrix_file)))
    assert not (tmp_path / "exp").exists()


def test_the_command_line_refuses_in_one_line_and_runs_with_sandbox_none(chain_dir, tmp_path, git_only_path):
    script = tmp_path / "agent.py"
    script.write_text(AGENT, encoding="utf-8")
    env = dict(os.environ, PATH=git_only_path, CHAIN_DIR=str(chain_dir))
    base = [str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "command",
            "-O", f"cmd={sys.executable} {script}", "--out", "run"]
    refused = subprocess.run(base, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.startswith("reuse-audit: error: agent command runs only in a sandbox")
    assert "apt-get install bubblewrap" in refused.stderr and "--sandbox none" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
    assert refused.stdout == "" and not (tmp_path / "run").exists()

    ran = subprocess.run(base + ["--sandbox", "none"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert "Isolation: unsandboxed: --sandbox none" in ran.stdout
    records = [json.loads(line) for line in (tmp_path / "run" / "journal.jsonl").read_text().splitlines()]
    assert [r["resolved"] for r in records] == [True, True, True]
    assert json.loads((tmp_path / "run" / "run.json").read_text())["isolation"]["sandbox"] == "unsandboxed"
    report = subprocess.run([str(REUSE_AUDIT), "bench", "report", "run"], capture_output=True, text=True,
                            env=env, cwd=tmp_path)
    assert report.returncode == 0 and "unsandboxed: --sandbox none" in report.stdout

    # the oracle is not refused: it runs the chain's own reference solutions
    oracle = subprocess.run([str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "oracle",
                             "--out", "oracle"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert oracle.returncode == 0, oracle.stderr
    assert "warning: agents run unsandboxed: bwrap is not installed" in oracle.stderr
