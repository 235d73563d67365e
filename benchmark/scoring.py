"""Scoring one turn: its tests, and its diff replayed through the engine's rules.

Reuse and Cdup are not computed here: RA002 (``bypassed-target``) reports every
declared target the submitted file does not call, and says whether it
re-implements it (RA001's overlap test on the submission as a whole).  The
runner scores the submitted file's diff only (the file at the turn's path, as
carried forward); :func:`other_files` lists what else the turn changed.  This
module only counts what the rules found, and matches the agent's reads against
the targets' source lines for recall.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from reuse_audit.api import (
    REIMPLEMENTED, UNJUDGED, Finding, Read, RepoIndex, Result, Settings, SourceTree, build_index, check_diff,
    Seen, parse_source, target_verdicts,
)

from reuse_audit.benchmark.agents.process import run_limited
from reuse_audit.benchmark.model import Turn


@dataclass(frozen=True)
class TestRun:
    passed: int
    total: int
    outcomes: tuple[tuple[str, str], ...]  # (test id, "passed" | "failed" | "error" | "skipped" | "missing")
    timed_out: bool = False
    # the test session itself failed (no test runner, a usage or internal error,
    # stopped before collecting): one line saying why.  Not the submission's
    # failure: the turn is an infrastructure error, left out of every metric.
    infra_error: Optional[str] = None


@dataclass(frozen=True)
class ReuseScore:
    repo_reused: tuple[str, ...]
    self_reused: tuple[str, ...]
    reimplemented: tuple[str, ...]
    unjudged: tuple[str, ...]
    findings: tuple[Finding, ...]


def declared_tests(test_file: Path) -> tuple[str, ...]:
    """Test functions a test file defines (module-level ``test_*`` and ``Test*`` class methods)."""
    facts = parse_source(test_file.read_bytes())
    names = []
    for fn in facts.functions:
        if fn.parent_function is not None or not fn.name.startswith("test"):
            continue
        if fn.class_name is None or (fn.class_name.startswith("Test") and "." not in fn.class_name):
            names.append(fn.local_name.replace(".", "::"))
    return tuple(names)


#: ``python -I -B -c PYTEST_BOOT N PATH... ARG...``: pytest with the ``N`` PATHs in front of
#: ``sys.path``.  ``-I`` (isolated mode) reads no ``PYTHON*`` variable, puts neither the current
#: folder nor the user's site-packages on the path: no ``sitecustomize``/``usercustomize`` or
#: ``.pth`` file an agent left in its workspace can run before the tests or rewrite their report.
PYTEST_BOOT = (
    "import sys\n"
    "n = int(sys.argv[1])\n"
    "sys.path[:0] = sys.argv[2:2 + n]\n"
    "args = sys.argv[2 + n:]\n"
    "sys.argv = ['pytest', *args]\n"
    "import pytest\n"
    "raise SystemExit(pytest.main(args))\n"
)

#: variables that would change what pytest runs: never passed to the turn's tests
_PYTEST_VARIABLES = ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")


def run_tests(turn: Turn, env: dict[str, str], out_dir: Path, timeout: float) -> TestRun:
    """Run the turn's pytest file from a folder outside the workspace; read each test's outcome.

    ``env["PYTHONPATH"]`` names the folders the tests import from (the runner passes those of
    a fresh checkout of the submission, :meth:`..workspace.Workspace.tree_env`); the
    interpreter runs isolated (:data:`PYTEST_BOOT`), with its own empty ``pytest.ini`` as
    the configuration (no ini file or ``conftest.py`` of a parent folder is read).

    A test absent from the results (the module is missing, collection failed,
    the run timed out) counts as failed.  When the session itself fails (see
    :func:`session_error`), ``infra_error`` says so in one line.
    """
    out_dir = Path(os.path.abspath(out_dir))  # pytest's --rootdir and cwd must agree from any working folder
    out_dir.mkdir(parents=True, exist_ok=True)
    test_dir = out_dir / "tests"
    if test_dir.exists():
        shutil.rmtree(test_dir)
    test_dir.mkdir()
    test_file = test_dir / turn.tests.name
    shutil.copyfile(turn.tests, test_file)
    junit = out_dir / "junit.xml"
    if junit.exists():
        junit.unlink()
    ini = test_dir / "pytest.ini"
    ini.write_text("[pytest]\n", encoding="utf-8")
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    command = [
        sys.executable, "-I", "-B", "-c", PYTEST_BOOT, str(len(paths)), *paths,
        "-q", "-p", "no:cacheprovider", "-c", str(ini), "--rootdir", str(test_dir), "--confcutdir", str(test_dir),
        f"--junitxml={junit}", "-o", "junit_family=xunit2", str(test_file),
    ]
    full_env = {k: v for k, v in os.environ.items() if k not in _PYTEST_VARIABLES}
    full_env.update(env)
    # Only pytest itself: plugins installed in the environment (or by an agent)
    # neither change the outcome nor cost their start-up time (1.7 s here).
    full_env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    # in its own session: at the timeout the whole tree (pytest, and whatever the
    # tests started, even in a session of their own) is killed, and so is anything
    # they leave running after pytest ends
    returncode: Optional[int] = None
    started = True
    with open(out_dir / "test.log", "wb") as log:
        try:
            result = run_limited(command, cwd=test_dir, env=full_env, time_limit=timeout, stdout=log,
                                 stderr=subprocess.STDOUT)
            timed_out = result.timed_out
            returncode = result.returncode
        except OSError as exc:
            log.write(f"cannot run pytest: {exc}\n".encode())
            timed_out = False
            started = False
    expected = declared_tests(turn.tests)
    results = _junit_outcomes(junit) if junit.exists() and not timed_out else {}
    outcomes_list: list[tuple[str, str]] = []
    for name in expected:
        # a parametrized test reports one result per case: "test_x[1]", "test_x[2]"
        cases = sorted(r for r in results if r == name or r.split("[", 1)[0] == name)
        if cases:
            outcomes_list.extend((case, results[case]) for case in cases)
        else:
            outcomes_list.append((name, "missing"))
    # results that match no test of the file (a collection error's pseudo-test) are not tests
    outcomes = tuple(outcomes_list)
    passed = sum(1 for _, outcome in outcomes if outcome == "passed")
    infra = None
    if not timed_out:
        infra = session_error(started, returncode, junit if junit.exists() else None, out_dir / "test.log")
    return TestRun(passed=passed, total=len(outcomes), outcomes=outcomes, timed_out=timed_out, infra_error=infra)


#: pytest's exit statuses of a session that failed as a session: interrupted,
#: internal error, usage error (``pytest.ExitCode``)
_SESSION_FAILURES = {2: "interrupted", 3: "internal error", 4: "usage error"}


def session_error(started: bool, returncode: Optional[int], junit: Optional[Path], log: Path) -> Optional[str]:
    """Why the test session failed as a session, in one line; None when it ran the tests.

    A session fails when the test runner cannot start (``No module named
    pytest``), writes no results, or ends with status 2, 3 or 4 having
    collected nothing and reported no collection error.  A collection error of
    the turn's test file (the submission is missing, or does not import) is
    the submission's failure, not the session's: pytest reports it in its
    results as an error of the test module.
    """
    last = _last_log_line(log)
    if not started:
        return f"the test runner cannot be started: {last}"
    if junit is None:
        if returncode == 0:
            return None
        return f"the test runner wrote no results (exit status {returncode}): {last}"
    try:
        root = ET.parse(junit).getroot()
    except (ET.ParseError, OSError):
        return f"the test runner's results are unreadable (exit status {returncode}): {last}"
    cases = list(root.iter("testcase"))
    if returncode in (3, 4) or (returncode == 2 and not cases):
        return f"the test session failed before collecting ({_SESSION_FAILURES[returncode]}, exit status {returncode}): {last}"
    return None


def _last_log_line(log: Path) -> str:
    """The log's most telling line: the last ``ERROR``/``Error`` line, else its last line."""
    try:
        lines = [line.strip() for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    except OSError:
        return "no log"
    for line in reversed(lines):
        if "Error" in line or line.startswith("ERROR") or "No module named" in line:
            return line[:300]
    return lines[-1][:300] if lines else "no output"


def _junit_outcomes(path: Path) -> dict[str, str]:
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return {}
    outcomes: dict[str, str] = {}
    for case in root.iter("testcase"):
        name = case.get("name", "")
        classname = case.get("classname", "")
        # junit classname is "test_file" or "test_file.TestClass"; keep the class part only
        cls = classname.split(".")[-1] if "." in classname else ""
        test_id = f"{cls}::{name}" if cls.startswith("Test") else name
        if case.find("failure") is not None:
            outcome = "failed"
        elif case.find("error") is not None:
            outcome = "error"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        else:
            outcome = "passed"
        outcomes[test_id] = outcome
    return outcomes


def score_diff(before: SourceTree, diff_text: str, turn: Turn, settings: Settings) -> Result:
    """Replay the turn's diff through the engine with the turn's targets declared."""
    targets = tuple(t.name for t in turn.targets)
    return check_diff(before, diff_text, f"turn {turn.number} diff", settings.with_overrides(targets=targets, select=()), jobs=1)


def reuse_score(result: Result, turn: Turn) -> ReuseScore:
    bypassed = target_verdicts(result.report)  # the declared targets the diff does not call
    repo = [t.name for t in turn.targets if t.kind == "repo"]
    own = [t.name for t in turn.targets if t.kind == "self"]
    return ReuseScore(
        repo_reused=tuple(t for t in repo if t not in bypassed),
        self_reused=tuple(t for t in own if t not in bypassed),
        reimplemented=tuple(sorted(t for t, status in bypassed.items() if status == REIMPLEMENTED)),
        unjudged=tuple(sorted(t for t, status in bypassed.items() if status == UNJUDGED)),
        findings=result.report.findings,
    )


def other_files(changed: Iterable[str], submitted: Optional[str], before: SourceTree, root: Path) -> list[dict]:
    """The files a turn changed beside the submitted one, sorted by path: ``{"path", "functions"}``,
    ``functions`` the functions and methods a Python file defines that it did not before the turn
    (local names, sorted; none for other files or a deleted one).  Listed in the turn's record and
    the report, never scored.

    ``changed``: the paths the turn's commit changed; ``submitted``: the path carried forward (None
    when nothing was); ``before``: the pre-turn tree; ``root``: the workspace as the turn left it.
    """
    out = []
    for path in sorted(set(changed)):
        if path == submitted:
            continue
        out.append({"path": path, "functions": _added_functions(path, before, root)})
    return out


def _added_functions(path: str, before: SourceTree, root: Path) -> list[str]:
    if not path.endswith((".py", ".pyi")):
        return []
    full = root / path
    try:
        if not stat.S_ISREG(os.lstat(full).st_mode):
            return []
        new = full.read_bytes()
    except OSError:
        return []
    try:
        old = before.read(path)
    except Exception:  # not in the tree before the turn
        old = None

    def names(data: Optional[bytes]) -> set[str]:
        if data is None:
            return set()
        try:
            facts = parse_source(data)
        except Exception:  # not Python after all: nothing it adds is a function
            return set()
        return {fn.local_name for fn in facts.functions if fn.parent_function is None}

    return sorted(names(new) - names(old))


def recalled(targets: Iterable[str], reads: Iterable[Read], where) -> tuple[str, ...]:
    """Targets whose source lines the agent read (at least RECALL_SHARE of them).

    ``where``: the declared targets resolved over the pre-turn tree (name ->
    ``reuse_audit.api.DeclaredTarget``), or a RepoIndex (functions only).
    A function's or method's lines are its ``def`` to its end; a class's, the
    class statement to its end; a callable instance's, its class's
    ``__call__`` (see :func:`reuse_audit.api.resolve_targets`).
    """
    seen = Seen(reads)
    out = []
    for name in targets:
        location = _target_location(name, where)
        if location is not None and location.path and seen.recalls(location):
            out.append(name)
    return tuple(out)


def _target_location(name: str, where):
    if isinstance(where, RepoIndex):
        fn = where.functions.get(name)
        return fn.location if fn is not None else None
    target = where.get(name)
    return target.location if target is not None and target.known else None


def viewed(reads: Iterable[Read], line_count=None) -> tuple[int, int]:
    """(files viewed, source lines viewed): distinct files and distinct (file, line) pairs.

    ``line_count(path)``: the file's number of lines, or None when unknown; a
    read past a file's end counts only the lines the file has (``sed -n
    1,200p`` of a 47-line file shows 47 lines).
    """
    lines: dict[str, set[int]] = {}
    for read in reads:
        end = read.end
        count = line_count(read.path) if line_count is not None else None
        if count is not None:
            end = min(end, count)
        lines.setdefault(read.path, set()).update(range(read.start, end + 1))
    return len(lines), sum(len(v) for v in lines.values())


def before_index(before: SourceTree, settings: Optional[Settings] = None) -> RepoIndex:
    return build_index(before, settings or Settings(), jobs=1)
