"""``reuse-audit bench verify``: prove that every turn of a chain is honest.

For each turn, from the repository plus the reference solutions of the
earlier turns:

* the chain file is valid, the workspace prepares and the package imports;
* a missing submission, and an empty module, fail every test;
* the reference solution passes every test, and calls every declared target
  (by the engine's resolution: RA002 reports none of them);
* targets with fewer callees than Cdup needs are listed (they can be reused
  or bypassed, but a re-implementation of them cannot be judged);
* the re-inventing solution passes every test too, and RA001 flags it for at
  least one declared target: pass rates cannot see what Cdup sees.

Every check goes through the same stages and rules as ``bench run``: the
tests run on a fresh checkout of the commit being checked, with an isolated
interpreter (``runner.run_submitted_tests``).
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError
from reuse_audit.settings import Settings

from .model import Chain, Turn
from .runner import _snapshot, run_submitted_tests
from .scoring import score_diff
from .workspace import Workspace


@dataclass
class TurnCheck:
    chain: str
    turn: int
    tests: str = "-"  # reference passed/total
    missing: str = "-"  # passed/total with no file
    empty: str = "-"  # passed/total with an empty module
    targets: str = "-"  # called/declared
    unjudged: tuple[str, ...] = ()
    reinvent: str = "-"  # passed/total and the targets RA001 flags
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def verify_chain(chain: Chain, work: Path, settings: Settings = Settings(), test_timeout: float = 300.0,
                 progress: Optional[Callable[[TurnCheck], None]] = None) -> list[TurnCheck]:
    checks: list[TurnCheck] = []
    try:
        workspace = Workspace.prepare(chain, work / chain.id)
    except UsageError as exc:
        check = TurnCheck(chain.id, 0, failures=[f"workspace: {exc}"])
        if progress:
            progress(check)
        return [check]
    pre = workspace.baseline
    for turn in chain.turns:
        check = TurnCheck(chain.id, turn.number)
        try:
            pre = _verify_turn(chain, turn, workspace, pre, work, settings, test_timeout, check)
        except Exception as exc:  # a broken turn must not hide the others
            check.failures.append(f"internal error: {type(exc).__name__}: {exc}")
        checks.append(check)
        if progress:
            progress(check)
    return checks


def _verify_turn(chain: Chain, turn: Turn, ws: Workspace, pre: str, work: Path, settings: Settings,
                 timeout: float, check: TurnCheck) -> str:
    out = work / "logs" / chain.id / f"turn-{turn.number}"
    target = ws.root / turn.path

    # a missing submission, then an empty module: every test must fail
    ws.reset_to(pre)
    missing = run_submitted_tests(ws, pre, turn, out / "missing", timeout)
    check.missing = f"{missing.passed}/{missing.total}"
    if missing.passed:
        check.failures.append(f"{missing.passed} test(s) pass with no submission")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("", encoding="utf-8")
    empty = run_submitted_tests(ws, ws.commit_turn(turn.number), turn, out / "empty", timeout)
    check.empty = f"{empty.passed}/{empty.total}"
    if empty.passed:
        check.failures.append(f"{empty.passed} test(s) pass with an empty module")
    if missing.total == 0:
        check.failures.append("the test file defines no tests")

    # the reference solution
    ws.reset_to(pre)
    before = _snapshot(ws.root)
    reference = _submit(ws, turn, turn.solution)
    diff = ws.diff(pre, reference)
    tests = run_submitted_tests(ws, reference, turn, out / "reference", timeout)
    check.tests = f"{tests.passed}/{tests.total}"
    if tests.passed != tests.total or tests.total == 0:
        failed = [name for name, outcome in tests.outcomes if outcome != "passed"]
        check.failures.append(f"reference fails {len(failed)} test(s): {', '.join(failed[:3])}")
    declared = [t.name for t in turn.targets]
    result = score_diff(before, diff, turn, settings)
    bypassed = {f.target: dict(f.details).get("status", "") for f in result.report.findings if f.rule == "RA002"}
    check.targets = f"{len(declared) - len(bypassed)}/{len(declared)}"
    for name, status in sorted(bypassed.items()):
        why = "is not defined in the repository" if status == "undefined" else "is not called"
        check.failures.append(f"reference: target {name} {why}")
    if turn.number > 1:
        if not any(t.kind == "repo" for t in turn.targets):
            check.failures.append("no repository target (required from turn 2)")
        if not any(t.kind == "self" for t in turn.targets):
            check.failures.append("no self target (required from turn 2)")
    elif not turn.targets:
        check.failures.append("no target")
    index = result.index
    check.unjudged = tuple(
        sorted(n for n in declared if n in index.functions and len(index.functions[n].callees) < settings.min_callees)
    )

    # the re-inventing solution: passes, and RA001 sees the copy
    if turn.reinvent is None:
        check.failures.append("no re-inventing solution")
    else:
        ws.reset_to(pre)
        copy = _submit(ws, turn, turn.reinvent)
        reinvent_tests = run_submitted_tests(ws, copy, turn, out / "reinvent", timeout)
        result = score_diff(before, ws.diff(pre, copy), turn, settings)
        flagged = sorted(
            {f.target for f in result.report.findings if f.rule == "RA001" and f.target in declared}
            | {c.qualname for f in result.report.findings if f.rule == "RA001" for c in f.others if c.qualname in declared}
        )
        check.reinvent = f"{reinvent_tests.passed}/{reinvent_tests.total}" + (f" RA001: {', '.join(flagged)}" if flagged else "")
        if reinvent_tests.passed != reinvent_tests.total or reinvent_tests.total == 0:
            check.failures.append(f"re-inventing solution fails {reinvent_tests.total - reinvent_tests.passed} test(s)")
        if not flagged:
            check.failures.append("RA001 flags no declared target in the re-inventing solution")

    # the next turn starts from the repository plus the reference solutions
    ws.reset_to(pre)
    return _submit(ws, turn, turn.solution)


def _submit(ws: Workspace, turn: Turn, source: Path) -> str:
    target = ws.root / turn.path
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return ws.commit_turn(turn.number)


def verify(chains: list[Chain], work: Optional[Path] = None, progress=None) -> list[TurnCheck]:
    own = work is None
    folder = Path(tempfile.mkdtemp(prefix="reuse-audit-verify-")) if own else work
    try:
        checks: list[TurnCheck] = []
        for chain in chains:
            checks.extend(verify_chain(chain, folder, progress=progress))
        return checks
    finally:
        if own:
            shutil.rmtree(folder, ignore_errors=True)


def render_table(checks: list[TurnCheck]) -> str:
    head = ["chain", "turn", "reference", "missing", "empty", "targets called", "reinvent", "unjudged (<3 callees)", "result"]
    rows = []
    for c in checks:
        rows.append([c.chain, str(c.turn), c.tests, c.missing, c.empty, c.targets, c.reinvent,
                     ", ".join(c.unjudged) or "-", "ok" if c.ok else "FAIL: " + "; ".join(c.failures)])
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    failed = sum(1 for c in checks if not c.ok)
    chains = len({c.chain for c in checks})
    lines.append("")
    lines.append(f"{chains} chain(s), {len(checks)} turn(s): " + ("all verified." if not failed else f"{failed} turn(s) FAILED."))
    return "\n".join(lines) + "\n"
