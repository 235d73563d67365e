"""``reuse-audit bench verify``: prove that every turn of a chain is honest.

For each turn, from the repository plus the reference solutions of the
earlier turns:

* the chain file is valid, the workspace prepares and the package imports;
* a missing submission, and an empty module, fail every test;
* the reference solution passes every test, and calls every declared target
  (by the engine's resolution: RA002 reports none of them);
* targets with fewer callees than Cdup needs are listed (they can be reused
  or bypassed, but a re-implementation of them cannot be judged);
* the re-inventing solution passes every test too, and re-implements at least
  one declared target by the study's definition (RA001 names it, or RA002
  reports it ``reimplemented``; RA001's precision guards for undeclared
  targets do not apply to declared ones): pass rates cannot see what Cdup sees.

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
from reuse_audit.api import REIMPLEMENTED, UNKNOWN, Settings, declared_targets, target_verdicts

from .agents.oracle import OracleAgent
from .model import Chain, Turn
from .runner import _snapshot, run_submitted_tests
from .scoring import score_diff
from .workspace import Workspace


#: what a declared target may be (reuse_audit/targets.py), said when one names nothing
TARGET_FORMS = (
    "a target is a function or method named by its module or by a public name re-exporting it, "
    "a class, or a module-level callable instance"
)


class InfrastructureError(Exception):
    """The turn's tests could not run at all (see ``scoring.session_error``)."""


def _tests(ws: Workspace, commit: str, turn: Turn, out: Path, timeout: float):
    """The turn's tests on ``commit``, checked out afresh (``runner.run_submitted_tests``);
    a session that cannot run at all is the infrastructure's, never the chain's."""
    run = run_submitted_tests(ws, commit, turn, out, timeout)
    if run.infra_error:
        raise InfrastructureError(run.infra_error)
    return run


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
        except InfrastructureError as exc:
            check.failures.append(f"infrastructure error: {exc}")
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
    missing = _tests(ws, pre, turn, out / "missing", timeout)
    check.missing = f"{missing.passed}/{missing.total}"
    if missing.passed:
        check.failures.append(f"{missing.passed} test(s) pass with no submission")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("", encoding="utf-8")
    empty = _tests(ws, ws.commit_turn(turn.number), turn, out / "empty", timeout)
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
    tests = _tests(ws, reference, turn, out / "reference", timeout)
    check.tests = f"{tests.passed}/{tests.total}"
    if tests.passed != tests.total or tests.total == 0:
        failed = [name for name, outcome in tests.outcomes if outcome != "passed"]
        check.failures.append(f"reference fails {len(failed)} test(s): {', '.join(failed[:3])}")
    declared = [t.name for t in turn.targets]
    result = score_diff(before, diff, turn, settings)
    bypassed = target_verdicts(result.report)
    check.targets = f"{len(declared) - len(bypassed)}/{len(declared)}"
    for name, status in sorted(bypassed.items()):
        if status == UNKNOWN:
            check.failures.append(f"reference: target {name} is an unknown name ({TARGET_FORMS})")
        else:
            check.failures.append(f"reference: target {name} is not called ({status})")
    if turn.number > 1:
        if not any(t.kind == "repo" for t in turn.targets):
            check.failures.append("no repository target (required from turn 2)")
        if not any(t.kind == "self" for t in turn.targets):
            check.failures.append("no self target (required from turn 2)")
    elif not turn.targets:
        check.failures.append("no target")
    index = result.index
    resolved = declared_targets(result)

    def callees(name: str) -> int:
        target = resolved.get(name)
        body = index.functions.get(target.body) if target is not None and target.body else None
        return len(body.callees) if body is not None else 0

    check.unjudged = tuple(
        sorted(n for n in declared if n in resolved and resolved[n].known and callees(n) < settings.min_callees)
    )

    # the re-inventing solution: passes, and RA001 sees the copy
    variant = OracleAgent({"reinvent_turns": [turn.number]}).source_for(turn)  # as -O reinvent_turns=N writes it
    if variant is None:
        check.failures.append("no re-inventing solution")
    else:
        ws.reset_to(pre)
        copy = _submit(ws, turn, variant)
        reinvent_tests = _tests(ws, copy, turn, out / "reinvent", timeout)
        result = score_diff(before, ws.diff(pre, copy), turn, settings)
        # RA001 names the function it re-implements: a class target's __init__, an instance's __call__;
        # a declared target is also judged by the study's definition (RA002's "reimplemented"),
        # without the precision guards of RA001's undeclared search
        judged = {n: n for n in declared}
        for name, target in declared_targets(result).items():
            for alias in (target.canonical, target.body):
                if alias:
                    judged.setdefault(alias, name)
        hits = {f.target for f in result.report.findings if f.rule == "RA001"}
        hits |= {c.qualname for f in result.report.findings if f.rule == "RA001" for c in f.others}
        hits |= {name for name, status in target_verdicts(result.report).items() if status == REIMPLEMENTED}
        flagged = sorted({judged[h] for h in hits if h in judged})
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
    infra = [f for c in checks for f in c.failures if f.startswith("infrastructure error: ")]
    if infra:
        lines.append(f"The tests of {sum(1 for c in checks if any(f in infra for f in c.failures))} turn(s) could not run "
                     f"at all: {infra[0][len('infrastructure error: '):]}")
    return "\n".join(lines) + "\n"
