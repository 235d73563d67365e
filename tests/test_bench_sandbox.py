"""The sandbox of an agent turn (benchmark/sandbox.py): what it records, what it refuses, and
that it changes no score.  The hostile reproductions are in test_bench_hostile.py."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from reuse_audit.benchmark.chain import load_suite
from reuse_audit.benchmark.fetch import installed_version
from reuse_audit.benchmark.report import isolation_label, summarise
from reuse_audit.benchmark.runner import RunConfig, run_benchmark
from reuse_audit.benchmark.sandbox import Isolation, TurnSandbox, probe
from reuse_audit.errors import UsageError

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux namespaces and /proc")

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
SANDBOXED = probe("auto").sandboxed
needs_sandbox = pytest.mark.skipif(not SANDBOXED, reason="no bubblewrap sandbox on this machine")

#: the scores of a turn: everything but timings, notes and commits of the runner's repository
SCORES = ("chain", "turn", "status", "tests_passed", "tests_total", "resolved", "repo_reused", "self_reused",
          "reimplemented", "unjudged", "duplicated", "findings")

COPY_AGENT = r'''
import json, os, pathlib, shutil, sys
answers, kind = pathlib.Path(sys.argv[1]), sys.argv[2]
turn = json.loads((pathlib.Path(sys.argv[-1]) / "turn.json").read_text())
target = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(answers / f"turn{turn['turn']}" / f"{kind}.py", target)
'''


def _scores(run_dir: Path) -> list[dict]:
    records = [json.loads(line) for line in (run_dir / "journal.jsonl").read_text().splitlines()]
    return [{k: r[k] for k in SCORES} for r in records]


def _starter_chain():
    for chain in load_suite("starter"):
        if chain.id == "click-appfiles" and installed_version(chain.source.package) == chain.source.version:
            return chain
    pytest.skip("click-appfiles needs the pinned click installed")


@needs_sandbox
@pytest.mark.parametrize("kind", ["solution", "reinvent"])
def test_the_starter_suite_scores_the_same_in_the_sandbox_as_without_it(tmp_path, kind):
    """The reference and the re-inventing solutions of a starter chain, submitted by a command
    agent in the sandbox, score exactly as the in-process oracle (never sandboxed) does."""
    chain = _starter_chain()
    answers = tmp_path / "answers"
    for turn in chain.turns:
        (answers / f"turn{turn.number}").mkdir(parents=True)
        shutil.copyfile(getattr(turn, kind), answers / f"turn{turn.number}" / f"{kind}.py")
    script = tmp_path / "agent.py"
    script.write_text(COPY_AGENT)
    oracle = RunConfig(run_dir=tmp_path / "oracle", agent="oracle", agent_options={"solution_attr": kind},
                       time_limit=120, test_timeout=120)
    run_benchmark([chain], oracle)
    boxed = RunConfig(run_dir=tmp_path / "boxed", agent="command", time_limit=120, test_timeout=120, sandbox="bwrap",
                      agent_options={"cmd": [sys.executable, str(script), str(answers), kind]})
    run_benchmark([chain], boxed)
    expected, got = _scores(tmp_path / "oracle"), _scores(tmp_path / "boxed")
    for record in got:
        record["status"] = "submitted"  # the oracle's status
    assert got == expected
    assert all(r["resolved"] for r in expected)
    if kind == "reinvent":
        assert any(r["reimplemented"] for r in expected)
    assert json.loads((tmp_path / "boxed" / "run.json").read_text())["isolation"]["sandbox"] == "bwrap"
    assert summarise(tmp_path / "boxed").isolation.startswith("sandboxed (bubblewrap")


def test_an_unsandboxed_run_says_so_once_and_records_it(tmp_path, capsys):
    chains = tmp_path / "chains"
    shutil.copytree(FIXTURE, chains / "click-mini")
    import click

    shutil.copytree(Path(click.__file__).parent, chains / "click-mini" / "click-src" / "click",
                    ignore=shutil.ignore_patterns("__pycache__"))
    from reuse_audit.benchmark.chain import load_chain

    chain = load_chain(chains / "click-mini")
    run_dir = tmp_path / "run"
    run_benchmark([chain], RunConfig(run_dir=run_dir, agent="oracle", sandbox="none", time_limit=60, test_timeout=60))
    data = json.loads((run_dir / "run.json").read_text())
    assert data["sandbox"] == "none" and data["isolation"]["sandbox"] == "unsandboxed"
    assert data["isolation"]["detail"] == "--sandbox none"
    assert summarise(run_dir).isolation.startswith("unsandboxed: --sandbox none")
    # asked for: no warning; the report says it
    assert "unsandboxed" not in capsys.readouterr().err


def test_isolation_labels():
    assert isolation_label(None).startswith("not recorded")
    assert isolation_label({"sandbox": "bwrap", "detail": "bubblewrap 0.8.0", "limits": "cgroup v2"}) == \
        "sandboxed (bubblewrap 0.8.0), limits: cgroup v2"
    assert isolation_label({"sandbox": "unsandboxed", "detail": "bwrap is not installed", "limits": "rlimit"}) == \
        "unsandboxed: bwrap is not installed, limits: rlimit"


def test_sandbox_bwrap_is_refused_where_there_is_none(tmp_path, monkeypatch):
    from reuse_audit.benchmark import runner

    monkeypatch.setattr(runner, "probe", lambda mode: Isolation("unsandboxed", "bwrap is not installed", "rlimit"))
    with pytest.raises(UsageError, match="--sandbox bwrap: bwrap is not installed"):
        RunConfig(run_dir=tmp_path / "r", agent="oracle", sandbox="bwrap").isolation()


def test_a_missing_program_is_reported_as_popen_would(tmp_path):
    sandbox = TurnSandbox(probe("auto"), writable=[tmp_path])
    with sandbox, pytest.raises(FileNotFoundError):
        sandbox.launch(["no-such-program-reuse-audit"], tmp_path)


@needs_sandbox
def test_only_the_writable_folders_are_writable_and_the_hidden_ones_are_empty(tmp_path):
    from reuse_audit.benchmark.agents.process import run_limited

    work, hidden, secret = tmp_path / "work", tmp_path / "hidden", tmp_path / "hidden" / "answer.txt"
    work.mkdir()
    hidden.mkdir()
    secret.write_text("42")
    probe_script = (
        "import os, sys\n"
        "open('mine.txt', 'w').write('ok')\n"
        f"print(sorted(os.listdir({str(hidden)!r})))\n"
        "try:\n"
        f"    open({str(Path.home() / 'reuse-audit-sandbox-test.txt')!r}, 'w')\n"
        "    print('home writable')\n"
        "except OSError as exc:\n"
        "    print('home', exc.errno)\n"
    )
    log = tmp_path / "log.txt"
    with TurnSandbox(probe("auto"), writable=[work], hidden=[hidden]) as sandbox, open(log, "wb") as out:
        result = run_limited([sys.executable, "-c", probe_script], cwd=work, env=dict(os.environ), time_limit=60,
                             stdout=out)
    assert result.returncode == 0, log.read_text()
    assert log.read_text().split("\n")[:2] == ["[]", "home 30"]  # EROFS
    assert (work / "mine.txt").read_text() == "ok"
    assert not (Path.home() / "reuse-audit-sandbox-test.txt").exists()
    assert sandbox.violations == []


def test_bench_run_has_the_isolation_options_and_refuses_a_missing_sandbox(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from reuse_audit.benchmark import runner
    from reuse_audit.benchmark.cli import bench

    help_text = CliRunner().invoke(bench, ["run", "--help"]).output
    for option in ("--sandbox", "--memory-limit", "--process-limit"):
        assert option in help_text
    monkeypatch.setattr(runner, "probe", lambda mode: Isolation("unsandboxed", "bwrap is not installed", "rlimit"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(bench, ["run", "--suite", "starter", "--chain", "click-appfiles", "--agent", "oracle",
                                        "--sandbox", "bwrap", "--out", "run"])
    assert result.exit_code != 0
    assert "--sandbox bwrap: bwrap is not installed" in str(result.exception) + result.output
    assert not (tmp_path / "run").exists()  # refused before anything is written


def test_a_relative_run_folder_is_scored_as_an_absolute_one(tmp_path, monkeypatch):
    """pytest runs from the turn's test folder: the paths given to it are absolute even when
    --out is relative (a relative --confcutdir stopped every test run)."""
    import click

    from reuse_audit.benchmark.chain import load_chain

    shutil.copytree(FIXTURE, tmp_path / "chains" / "click-mini")
    shutil.copytree(Path(click.__file__).parent, tmp_path / "chains" / "click-mini" / "click-src" / "click",
                    ignore=shutil.ignore_patterns("__pycache__"))
    chain = load_chain(tmp_path / "chains" / "click-mini")
    monkeypatch.chdir(tmp_path)
    run_benchmark([chain], RunConfig(run_dir=Path("runs") / "rel", agent="oracle", time_limit=60, test_timeout=60))
    records = [json.loads(line) for line in (tmp_path / "runs" / "rel" / "journal.jsonl").read_text().splitlines()]
    assert [r["resolved"] for r in records] == [True, True, True], [r["notes"] for r in records]


def test_an_installation_under_tmp_is_bound_once_not_inside_its_own_bind(tmp_path, monkeypatch):
    """A checkout and its venv under /tmp (a CI clone there): /tmp is a private tmpfs in the
    sandbox, so the interpreter and reuse-audit's own folders are bound back read-only, and a
    path under one of them is not bound again (bwrap cannot make a mount point inside a
    read-only bind: "Can't create file at .../.venv/bin/python")."""
    from reuse_audit.benchmark import sandbox as sandbox_module
    from reuse_audit.benchmark.sandbox import Isolation, TurnSandbox

    assert str(tmp_path).startswith("/tmp/")
    venv = tmp_path / "checkout" / ".venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text("", encoding="utf-8")
    code = tmp_path / "checkout" / "reuse_audit"
    code.mkdir()
    monkeypatch.setattr(sys, "prefix", str(venv))
    monkeypatch.setattr(sys, "base_prefix", str(venv))
    monkeypatch.setattr(sandbox_module, "_own_code", lambda: [code])
    box = TurnSandbox(Isolation("bwrap", "test", "rlimit", "bwrap"))
    options = box._bwrap_options([str(python), "-c", "pass"], tmp_path)
    binds = [options[i + 1] for i, o in enumerate(options) if o == "--ro-bind" and options[i + 1] != "/"]
    assert str(venv) in binds and str(code) in binds
    assert str(python) not in binds  # under the venv's bind already
    for a in binds:
        assert not any(b != a and Path(a).is_relative_to(b) for b in binds), binds
