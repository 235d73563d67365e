"""`reuse-audit bench matrix`: an experiment of many runs, and its chains as Ray tasks.

Hermetic: the chains are the click-mini fixture (over the installed click) and two
starter chains over the pinned click and attrs the test extra installs; the Ray
cluster is a local one started by the tests on the loopback address, with usage
stats off (tests marked ``ray``, skipped without ray).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.matrix import load_matrix, plan, run_matrix
from reuse_audit.benchmark.runner import RunConfig, run_benchmark

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


def write_matrix(path: Path, experiment: Path, suite: str, chains=None, memory=("none", "interface")) -> Path:
    lines = [
        f"experiment: {experiment}",
        f"suites: [{suite}]",
        "agents:",
        "  - name: oracle",
        "    agent: oracle",
        "  - name: reinvent",
        "    agent: oracle",
        "    options: {solution_attr: reinvent}",
        f"memory: [{', '.join(memory)}]",
        "budgets: {time_limit: 120, test_timeout: 120, sandbox: none}",
        "jobs: 2",
    ]
    if chains:
        lines.append(f"chains: [{', '.join(chains)}]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cli(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(REUSE_AUDIT), "bench", *args], capture_output=True, text=True, env=env)


def journals(experiment: Path) -> dict[str, bytes]:
    return {p.parent.name: p.read_bytes() for p in sorted(experiment.glob("*/journal.jsonl"))}


# ---------------------------------------------------------------------------
# the matrix file


@pytest.mark.parametrize("text, message", [
    ("suites: [starter]\nagents: [oracle]\nmemory: [everything]\n", "memory 'everything' is not one of"),
    ("suites: [starter]\nagents: [oracle]\nseeds: 3\n", "unknown key 'seeds'"),
    ("suites: [starter]\nagents: [{agent: oracle, options: {solution_attr: nope}}]\n", "agents[0]: agent oracle: solution_attr"),
    ("suites: [starter]\nagents: [{agent: oracle}, {agent: oracle}]\n", "the name 'oracle' is given twice"),
    ("suites: [no-such-suite]\nagents: [oracle]\n", "suites:"),
    ("suites: [starter]\nagents: [oracle]\nbudgets: {time_limit: 0}\n", "budgets.time_limit must be a number of at least 1"),
    ("suites: [starter]\nagents: [oracle]\nrepetitions: 0\n", "repetitions must be"),
    ("agents: [oracle]\n", "suites is missing"),
    ("suites: [starter\n", "not YAML"),
])
def test_a_bad_matrix_is_one_line_exit_2_and_no_folder(tmp_path, text, message):
    file = tmp_path / "m.yaml"
    file.write_text(f"experiment: {tmp_path / 'exp'}\n" + text if not text.startswith("suites: [starter\n") else text)
    proc = cli("matrix", str(file), "--experiment", str(tmp_path / "exp"))
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert message in proc.stderr
    assert not (tmp_path / "exp").exists()


def test_toml_matrix_and_dry_run_lists_cells_and_turns_writing_nothing(tmp_path):
    file = tmp_path / "study.toml"
    file.write_text(
        f'experiment = "{tmp_path / "exp"}"\nsuites = ["starter"]\nmemory = ["none", "interface", "source"]\n'
        'repetitions = 2\n[[agents]]\nname = "oracle"\nagent = "oracle"\n'
        '[[agents]]\nname = "mini"\nagent = "oracle"\noptions = {reinvent_turns = [2]}\n'
        '[budgets]\ntime_limit = 2400\n',
        encoding="utf-8",
    )
    matrix = load_matrix(str(file))
    assert len(matrix.cells) == 2 * 3 * 2
    assert matrix.cells[0].name == "starter-oracle-none-r1"
    turns = sum(len(c.turns) for c in matrix.cells[0].chains)
    proc = cli("matrix", str(file), "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert f"12 cell(s), {12 * turns} agent turn(s), {12 * turns} still to run" in proc.stdout
    assert "starter-mini-source-r2" in proc.stdout
    assert f"At most {12 * turns * 2400 / 3600:,.1f} agent-hours" in proc.stdout
    assert not (tmp_path / "exp").exists()


def test_feedback_is_an_axis_and_the_dry_run_bounds_sessions_and_cost(tmp_path):
    """feedback: [none, lint] doubles the cells; a lint cell's turn may take two sessions, and a
    cell whose agent sets cost_limit (a session's budget) bounds what its model calls cost."""
    file = tmp_path / "m.yaml"
    file.write_text(
        f"experiment: {tmp_path / 'exp'}\nsuites: [starter]\nchains: [click-params]\nagents:\n"
        "  - {name: oracle, agent: oracle}\n"
        "  - {name: mini, agent: mini-swe-agent, options: {cost_limit: 2.5}, models: [openai/m]}\n"
        "  - {name: opencode, agent: opencode, options: {base_url: 'http://127.0.0.1:9/v1'}, models: [bench/m]}\n"
        "memory: [interface]\nfeedback: [none, lint]\nbudgets: {time_limit: 600, test_timeout: 60}\n",
        encoding="utf-8",
    )
    matrix = load_matrix(str(file))
    assert [c.name for c in matrix.cells] == [
        "starter-oracle-interface", "starter-oracle-interface-lint", "starter-mini-openai_m-interface",
        "starter-mini-openai_m-interface-lint", "starter-opencode-bench_m-interface", "starter-opencode-bench_m-interface-lint",
    ]
    assert [matrix.run_config(c).feedback for c in matrix.cells[:2]] == ["none", "lint"]
    assert matrix.run_config(matrix.cells[1]).describe()["feedback"] == "lint"
    proc = cli("matrix", str(file), "--dry-run")
    assert proc.returncode == 0, proc.stderr
    # 6 cells of 5 turns: 30 turns, 15 of them in lint cells: 45 sessions at most
    assert ("At most 7.5 agent-hours still to run (45 agent sessions x 600 s time limit: 30 turns, 15 of them "
            "under --feedback lint, which may get a second session); 0.8 hours of test runs at most.") in proc.stdout
    assert "At most $37.50 of model cost in the 2 cell(s) whose agent sets cost_limit (15 sessions x their cost_limit)." in proc.stdout
    assert "No cost bound for agent(s) opencode: no cost_limit option" in proc.stdout
    assert "Feedback" in proc.stdout.splitlines()[2]
    assert not (tmp_path / "exp").exists()
    file.write_text(file.read_text().replace("[none, lint]", "[lint, review]"), encoding="utf-8")
    bad = cli("matrix", str(file), "--dry-run")
    assert bad.returncode == 2 and "feedback 'review' is not one of none, lint" in bad.stderr


def test_models_make_one_cell_each(tmp_path):
    file = tmp_path / "m.yaml"
    file.write_text("suites: [starter]\nagents:\n  - {name: mini, agent: mini-swe-agent, models: [openai/gpt-4.1, anthropic/claude]}\n")
    try:
        matrix = load_matrix(str(file), str(tmp_path / "exp"))
    except Exception as exc:  # mini-swe-agent not installed: its adapter refuses
        pytest.skip(f"mini-swe-agent adapter: {exc}")
    names = [c.name for c in matrix.cells]
    assert names == ["starter-mini-openai_gpt-4.1-interface", "starter-mini-anthropic_claude-interface"]
    assert matrix.cells[0].options["model_name"] == "openai/gpt-4.1"


def test_matrix_runs_every_cell_resumes_and_reports_side_by_side(chain_dir, tmp_path):
    exp = tmp_path / "exp"
    file = write_matrix(tmp_path / "m.yaml", exp, str(chain_dir))
    proc = cli("matrix", str(file))
    assert proc.returncode == 0, proc.stderr
    cells = ["click-mini-oracle-none", "click-mini-oracle-interface", "click-mini-reinvent-none", "click-mini-reinvent-interface"]
    assert sorted(journals(exp)) == sorted(cells)
    assert all(len(j.splitlines()) == 3 for j in journals(exp).values())
    before = journals(exp)

    # a cell cut short (its last turn lost) and a rerun: finished cells are skipped, the cut one resumes
    cut = exp / cells[2] / "journal.jsonl"
    cut.write_bytes(b"".join(cut.read_bytes().splitlines(keepends=True)[:2]))
    assert [r["to_run"] for r in plan(load_matrix(str(file)))] == [0, 0, 1, 0]
    proc = cli("matrix", str(file))
    assert proc.returncode == 0, proc.stderr
    assert "click-mini-oracle-none: finished, skipped" in proc.stderr
    assert journals(exp) == before

    proc = cli("report", str(exp), "--bootstrap", "50")
    assert proc.returncode == 0, proc.stderr
    for cell in cells:
        assert cell in proc.stdout


# ---------------------------------------------------------------------------
# the Ray executor, on a local cluster on the loopback address


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]')", exc_type=ImportError)
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_USAGE_STATS_REPORT_URL"] = "http://127.0.0.1:9/"
    os.environ["RAY_AUTH_MODE"] = "disabled"  # else it writes ~/.ray/auth_token
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths must fit 107 bytes
    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
             object_store_memory=200 * 2**20, _temp_dir=temp, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
        shutil.rmtree(temp, ignore_errors=True)


def ray_executor(**kw):
    from reuse_audit.benchmark.executors import RayExecutor

    return RayExecutor(memory=64 * 2**20, **kw)  # the tests' tasks fit any machine


def test_ray_is_not_imported_by_the_benchmark(tmp_path):
    code = ("import sys, reuse_audit.app.cli, reuse_audit.benchmark.cli, reuse_audit.benchmark.matrix, "
            "reuse_audit.benchmark.executors, reuse_audit.benchmark.runner; print('ray' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.ray
def test_ray_matrix_journals_equal_the_local_executors_byte_for_byte(ray_cluster, tmp_path):
    chains = ["click-params", "attrs-export"]
    local = load_matrix(str(write_matrix(tmp_path / "l.yaml", tmp_path / "local", "starter", chains)))
    remote = load_matrix(str(write_matrix(tmp_path / "r.yaml", tmp_path / "ray", "starter", chains)))
    assert len(local.cells) == 4 and all(len(c.chains) == 2 for c in local.cells)
    run_matrix(local)
    executor = ray_executor()
    run_matrix(remote, executor)
    a, b = journals(tmp_path / "local"), journals(tmp_path / "ray")
    assert sorted(a) == sorted(b) and len(a) == 4
    for cell in a:
        assert a[cell] == b[cell], cell
    assert executor.restarted == []


KILL_AGENT = r'''
import json, os, pathlib, shutil, sys, time
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
ws = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"])
marker = pathlib.Path(KILL_MARKER)  # written into the script: Ray's workers do not get the test's environment
if turn["turn"] == 2 and not marker.exists():
    parent = os.getppid()
    marker.write_text(str(parent))  # the Ray worker running this chain: the test kills it
    while os.getppid() == parent:  # as a sandboxed agent would (--die-with-parent): ends with it
        time.sleep(0.05)
    sys.exit(3)
count = pathlib.Path(KILL_MARKER + f".turn{turn['turn']}")
with open(count, "a") as handle:
    handle.write("x")
chain = pathlib.Path(CHAIN_DIR)
target = ws / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(chain / f"turn{turn['turn']}" / "solution.py", target)
'''


@pytest.mark.ray
def test_a_killed_ray_worker_resumes_its_chain_from_the_last_committed_turn(ray_cluster, chain_dir, tmp_path):
    marker = tmp_path / "marker"
    chain = load_chain(chain_dir)

    def config(run_dir, marker):
        script = run_dir.parent / "agent.py"
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text(f"KILL_MARKER = {str(marker)!r}\nCHAIN_DIR = {str(chain_dir)!r}\n" + KILL_AGENT, encoding="utf-8")
        return RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": f"{sys.executable} {script}"},
                         time_limit=120, test_timeout=120, sandbox="none")

    (tmp_path / "clean-marker").write_text("x")
    run_benchmark([chain], config(tmp_path / "clean" / "run", tmp_path / "clean-marker"))

    executor = ray_executor()
    errors = []

    def drive():
        try:
            run_benchmark([chain], config(tmp_path / "killed" / "run", marker), executor=executor)
        except BaseException as exc:  # pragma: no cover - shown by the assertion below
            errors.append(exc)

    thread = threading.Thread(target=drive)
    thread.start()
    deadline = time.monotonic() + 120
    while not (marker.exists() and marker.read_text().strip()):
        assert time.monotonic() < deadline, "the agent never reached turn 2"
        assert thread.is_alive(), errors
        time.sleep(0.05)
    worker = int(marker.read_text())
    os.kill(worker, signal.SIGKILL)  # the Ray worker, mid-turn
    thread.join(180)
    assert not thread.is_alive() and not errors, errors
    killed = (tmp_path / "killed" / "run" / "journal.jsonl").read_bytes()
    clean = (tmp_path / "clean" / "run" / "journal.jsonl").read_bytes()
    assert killed == clean
    assert [json.loads(line)["turn"] for line in killed.splitlines()] == [1, 2, 3]
    assert executor.restarted == [("click-mini", 1)]
    # turn 1 ran once (not rerun after the restart); turn 2 was scored once, by its second attempt
    assert Path(str(marker) + ".turn1").read_text() == "x"
    assert Path(str(marker) + ".turn2").read_text() == "x"
    assert Path(str(marker) + ".turn3").read_text() == "x"


HANG_AGENT = r'''
import os, pathlib, subprocess, time
child = subprocess.Popen(["sleep", "300"])
pathlib.Path(MARKER).write_text(f"{os.getpid()} {child.pid}")
time.sleep(300)
'''


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.ray
def test_cancelling_a_ray_run_kills_the_agents_process_tree(ray_cluster, chain_dir, tmp_path):
    from reuse_audit.benchmark.executors import Cancelled

    marker = tmp_path / "pids"
    script = tmp_path / "agent.py"
    script.write_text(f"MARKER = {str(marker)!r}\n" + HANG_AGENT, encoding="utf-8")
    config = RunConfig(run_dir=tmp_path / "run", agent="command", agent_options={"cmd": f"{sys.executable} {script}"},
                       time_limit=600, test_timeout=60, sandbox="none")
    executor = ray_executor(cancel_grace=20)
    errors = []

    def drive():
        try:
            run_benchmark([load_chain(chain_dir)], config, executor=executor)
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=drive)
    thread.start()
    deadline = time.monotonic() + 120
    while not (marker.exists() and marker.read_text().strip()):
        assert time.monotonic() < deadline and thread.is_alive(), errors
        time.sleep(0.05)
    pids = [int(p) for p in marker.read_text().split()]
    assert all(alive(p) for p in pids)
    executor.cancel()
    thread.join(60)
    assert not thread.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], Cancelled), errors
    deadline = time.monotonic() + 30  # (Ray cancels through its worker: seconds on a loaded CI machine)
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(p) for p in pids)  # the agent and its child: the whole tree
    journal_file = tmp_path / "run" / "journal.jsonl"
    assert not journal_file.exists() or not journal_file.read_text()  # the cancelled turn is not journaled


def test_executor_ray_without_ray_says_how_to_install_it(monkeypatch):
    from reuse_audit.benchmark.executors import RayExecutor
    from reuse_audit.errors import UsageError

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(UsageError, match=r"pip install 'reuse-audit\[ray\]'"):
        RayExecutor().run([], None, None)


def test_address_needs_the_ray_executor(chain_dir, tmp_path):
    file = write_matrix(tmp_path / "m.yaml", tmp_path / "exp", str(chain_dir))
    proc = cli("matrix", str(file), "--address", "127.0.0.1:6379")
    assert proc.returncode == 2 and "--address names a Ray cluster" in proc.stderr
    assert not (tmp_path / "exp").exists()


def test_a_chain_resumes_on_a_node_whose_disk_never_saw_it(chain_dir, tmp_path):
    """What a Ray task does when its chain restarts on another node: the workspace is made
    afresh and the turns already journaled are committed again from the files the driver
    kept, to the same commits; the next turn's record is the one a single run gives."""
    from reuse_audit.benchmark.executors import chain_records
    from reuse_audit.errors import UsageError

    chain = load_chain(chain_dir)
    config = RunConfig(run_dir=tmp_path / "run", agent="oracle", agent_options={"reinvent_turns": [2]},
                       time_limit=60, test_timeout=60, sandbox="none")
    first = list(chain_records(chain, config, {}))
    assert [r["turn"] for r, _ in first] == [1, 2, 3]
    assert all(carry is not None and carry[0] == "100644" for _, carry in first)

    shutil.rmtree(tmp_path / "run" / "workspaces")  # another node: nothing of the chain on its disk
    done = {r["turn"]: r for r, _ in first[:2]}
    carried = {r["turn"]: c for r, c in first[:2]}
    with pytest.raises(UsageError, match="holds no copy"):
        list(chain_records(chain, config, done, {}))
    shutil.rmtree(tmp_path / "run" / "workspaces")
    again = list(chain_records(chain, config, done, carried))
    assert [r for r, _ in again] == [first[2][0]]


@pytest.mark.ray
def test_bench_matrix_cli_with_its_own_local_ray_instance(chain_dir, tmp_path):
    pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]')", exc_type=ImportError)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}  # the executor sets what it needs
    local = write_matrix(tmp_path / "l.yaml", tmp_path / "local", str(chain_dir))
    remote = write_matrix(tmp_path / "r.yaml", tmp_path / "ray", str(chain_dir))
    assert cli("matrix", str(local), env=env).returncode == 0
    proc = cli("matrix", str(remote), "--executor", "ray", "--task-memory", "64", env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert journals(tmp_path / "ray") == journals(tmp_path / "local")
    assert len(journals(tmp_path / "ray")) == 4
