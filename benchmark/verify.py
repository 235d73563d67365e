"""``reuse-audit bench verify``: prove that every turn of a chain is honest.

For each turn, from the repository plus the reference solutions of the
earlier turns:

* the chain file is valid, the workspace prepares and the package imports;
* a missing submission, and an empty module, fail every test;
* the reference solution passes every test, and calls every declared target
  (by the engine's resolution: RA002 reports none of them);
* targets with fewer callees than Cdup needs are listed (they can be reused
  or bypassed, but a re-implementation of them cannot be judged);
* the re-inventing solution passes every test too, and RA002 reports at least
  one declared target ``reimplemented`` (the study's definition, the verdict
  ``bench run`` counts as Cdup), while the reference re-implements none: the
  re-inventing oracle gives Cdup at exactly the turns it is used at
  (RA001's findings are shown beside it); pass rates cannot see what Cdup sees;
* the leak check (:mod:`.leaks`): the requirement and the signatures name no
  repository target, no module of one, and no distinctive identifier or
  string literal of a target's source;
* the docstring-only filter: the turn's ``docs_only`` solution (written from
  the public documentation alone) passes at least one test and fails at least
  one that the reference passes;
* of the chain: five turns and a ``provenance``.

A chain at ``level: smoke`` (the starter suite) gets the leak check, the
docstring-only filter, the provenance and the five turns as *warnings*:
reported, never a failure.  At ``level: study`` (the default) they fail.

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
from reuse_audit.api import UNKNOWN, Settings, declared_targets, target_verdicts

from reuse_audit.benchmark.agents.oracle import OracleAgent
from reuse_audit.benchmark.leaks import target_texts, turn_leaks
from reuse_audit.benchmark.model import Chain, Turn
from reuse_audit.benchmark.runner import _snapshot, run_submitted_tests
from reuse_audit.benchmark.scoring import reuse_score, score_diff
from reuse_audit.benchmark.workspace import Workspace

#: the study's chains have five turns
STUDY_TURNS = 5
NO_QUIRK = "the turn has no quirk worth reading for"


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
    reinvent: str = "-"  # passed/total and the targets RA002 (Cdup) and RA001 flag
    docs_only: str = "-"  # passed/total of the docs-only solution
    leaks: tuple[str, ...] = ()  # what the leak check found (failures or warnings, by the level)
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # level smoke: what would fail at level study

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass(frozen=True)
class Policy:
    """What fails a turn and what is only a warning (by default from the chain's ``level``)."""

    strict: bool = True  # level study: leaks, docs-only, provenance and five turns fail; smoke: warnings
    require_docs_only: bool = True  # a turn without docs_only is a problem
    chain_shape: bool = True  # five turns and a provenance are checked

    @classmethod
    def of(cls, chain: Chain) -> "Policy":
        return cls(strict=chain.level != "smoke")

    def report(self, check: TurnCheck, problem: str) -> None:
        (check.failures if self.strict else check.warnings).append(problem)


def verify_chain(chain: Chain, work: Path, settings: Settings = Settings(), test_timeout: float = 300.0,
                 progress: Optional[Callable[[TurnCheck], None]] = None,
                 policy: Optional[Policy] = None) -> list[TurnCheck]:
    """Check every turn of ``chain``, by ``policy`` (default: the chain's level)."""
    policy = policy or Policy.of(chain)
    checks: list[TurnCheck] = []
    try:
        workspace = Workspace.prepare(chain, work / chain.id)
    except UsageError as exc:
        check = TurnCheck(chain.id, 0, failures=[f"workspace: {exc}"])
        if progress:
            progress(check)
        return [check]
    pre = workspace.baseline
    earlier: list[str] = []
    for turn in chain.turns:
        check = TurnCheck(chain.id, turn.number)
        if turn.number == 1 and policy.chain_shape:
            for problem in chain_problems(chain):
                policy.report(check, problem)
        try:
            pre = _verify_turn(chain, turn, workspace, pre, work, settings, test_timeout, check, policy, tuple(earlier))
        except InfrastructureError as exc:
            check.failures.append(f"infrastructure error: {exc}")
        except Exception as exc:  # a broken turn must not hide the others
            check.failures.append(f"internal error: {type(exc).__name__}: {exc}")
        earlier += turn.qualnames
        checks.append(check)
        if progress:
            progress(check)
    return checks


def chain_problems(chain: Chain) -> list[str]:
    """What the study's protocol asks of a whole chain (failures at level study)."""
    out = []
    if len(chain.turns) != STUDY_TURNS:
        out.append(f"chain: {len(chain.turns)} turn(s); the study's chains have {STUDY_TURNS}")
    if chain.provenance is None:
        out.append("chain: no provenance (provenance: {method: authored, author: ..., date: ...})")
    return out


def _verify_turn(chain: Chain, turn: Turn, ws: Workspace, pre: str, work: Path, settings: Settings,
                 timeout: float, check: TurnCheck, policy: Policy = Policy(), earlier: tuple[str, ...] = ()) -> str:
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
    own = reuse_score(result, turn).reimplemented
    if own:
        check.failures.append(f"reference: re-implements {', '.join(own)} (Cdup at a reference turn)")

    # the leak check: the requirement and signatures against the repository targets' source
    def lines(path: str):
        try:
            return before.read(path).decode("utf-8", "replace").splitlines()
        except (KeyError, OSError):
            return None

    repo = [t.name for t in turn.targets if t.kind == "repo"]
    leaks = turn_leaks(turn, target_texts(resolved, repo, lines), chain.source.import_name or "", earlier)
    check.leaks = tuple(leak.message() for leak in leaks)
    for message in check.leaks:
        policy.report(check, message)

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
        hits |= {c.qualname for f in result.report.findings if f.rule == "RA001" for c in f.violation.candidates()}
        flagged = sorted({judged[h] for h in hits if h in judged})
        cdup = reuse_score(result, turn).reimplemented  # what bench run counts as Cdup
        check.reinvent = (f"{reinvent_tests.passed}/{reinvent_tests.total}"
                          + (f" Cdup: {', '.join(cdup)}" if cdup else " Cdup: none")
                          + (f" RA001: {', '.join(flagged)}" if flagged else ""))
        if reinvent_tests.passed != reinvent_tests.total or reinvent_tests.total == 0:
            check.failures.append(f"re-inventing solution fails {reinvent_tests.total - reinvent_tests.passed} test(s)")
        if not cdup:
            seen = f" (RA001 names {', '.join(flagged)}, which bench run does not count)" if flagged else ""
            check.failures.append("RA002 reports no declared target reimplemented in the re-inventing solution: "
                                  f"bench run -O reinvent_turns={turn.number} would show no Cdup at this turn{seen}")

    # the docstring-only filter: a solution from the public docs must miss a quirk the tests check
    if turn.docs_only is None:
        if policy.require_docs_only:
            policy.report(check, "no docs-only solution (docs_only): nothing shows that the turn has a quirk worth reading the source for")
    else:
        ws.reset_to(pre)
        docs = _submit(ws, turn, turn.docs_only)
        docs_tests = _tests(ws, docs, turn, out / "docs-only", timeout)
        passed_by_reference = {name for name, outcome in tests.outcomes if outcome == "passed"}
        missed = sorted(name for name, outcome in docs_tests.outcomes if outcome != "passed" and name in passed_by_reference)
        check.docs_only = f"{docs_tests.passed}/{docs_tests.total}" + (f" fails: {', '.join(missed[:3])}" if missed else "")
        if not missed:
            policy.report(check, f"the docs-only solution passes every test the reference passes: {NO_QUIRK}")
        elif docs_tests.passed == 0:
            policy.report(check, "the docs-only solution passes no test: it is no attempt from the docs "
                                 "(write what the documentation says, so that only the quirks fail)")

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
    head = ["chain", "turn", "reference", "missing", "empty", "targets called", "reinvent", "docs-only", "leaks",
            "unjudged (<3 callees)", "result"]
    rows = []
    for c in checks:
        result = ("ok" if c.ok else "FAIL: " + "; ".join(c.failures)) + (f" ({len(c.warnings)} warning(s))" if c.warnings else "")
        rows.append([c.chain, str(c.turn), c.tests, c.missing, c.empty, c.targets, c.reinvent, c.docs_only,
                     str(len(c.leaks)), ", ".join(c.unjudged) or "-", result])
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    failed = sum(1 for c in checks if not c.ok)
    chains = len({c.chain for c in checks})
    warned = [c for c in checks if c.warnings]
    if warned:
        lines += ["", "Warnings (level smoke: these would fail a chain at level study):"]
        lines += [f"  {c.chain} turn {c.turn}: {w}" for c in warned for w in c.warnings]
    lines.append("")
    lines.append(f"{chains} chain(s), {len(checks)} turn(s): " + ("all verified." if not failed else f"{failed} turn(s) FAILED.")
                 + (f" {sum(len(c.warnings) for c in warned)} warning(s) in {len(warned)} turn(s)." if warned else ""))
    infra = [f for c in checks for f in c.failures if f.startswith("infrastructure error: ")]
    if infra:
        lines.append(f"The tests of {sum(1 for c in checks if any(f in infra for f in c.failures))} turn(s) could not run "
                     f"at all: {infra[0][len('infrastructure error: '):]}")
    return "\n".join(lines) + "\n"

