"""The shape of a rule (issue 28): each rule's findings hold its own typed violation, which says
its message and its fix title; each rule declares the options it reads, which the configuration
checks and reads through the declaration; nothing outside the rule knows either."""

from __future__ import annotations

import json
from dataclasses import dataclass
from textwrap import dedent

import pytest

from reuse_audit.app.answers import dump_report, load_report
from reuse_audit.app.trajectory import Traced
from reuse_audit.errors import UsageError
from reuse_audit.facts.model import Location
from reuse_audit.lint.config import known_keys, settings_from_table
from reuse_audit.lint.engine import run
from reuse_audit.lint.model import Details, Finding, Report, TargetStatus, Violation
from reuse_audit.lint.registry import Registry
from reuse_audit.lint.rule import Option, Rule, doc_sections
from reuse_audit.report import RenderContext, render
from reuse_audit.rules import RULES
from reuse_audit.rules.ra001_reimplemented_function import ReimplementedFunction
from reuse_audit.rules.ra002_bypassed_target import BypassedTarget
from reuse_audit.rules.ra003_near_clone import NearClone
from reuse_audit.settings import Settings
from reuse_audit.source.change import change_from_paths

MAX_LENGTH = Option("max-length", int, "the longest name not reported", low=1, default=8)


@dataclass(frozen=True)
class LongName(Violation):
    """A made-up rule's violation: a name longer than ``max-length``."""

    length: int
    limit: int

    def message(self) -> str:
        return f"'{self.target}' has {self.length} characters (at most {self.limit})"

    def details(self) -> Details:
        return (("length", str(self.length)),)


def long_names(change, index, settings, prior=()):
    limit = MAX_LENGTH.value(settings)
    for qualname in sorted(change.qualnames):
        fn = index.functions[qualname]
        if len(fn.fact.local_name) > limit:
            yield Finding("XL001", fn.location, qualname, LongName(qualname, len(fn.fact.local_name), limit), fn.location)


LONG_NAMES = Rule(code="XL001", name="long-name", summary="", doc="", check=long_names, options=(MAX_LENGTH,))


def test_a_rule_of_its_own_violation_and_option_needs_no_edit_of_the_engine(tmp_path):
    """A rule made here, with its violation and an option Settings has no field for: the
    configuration knows and checks the option, the rule reads it, the reporters print its
    violation's message and details."""
    registry = Registry([LONG_NAMES])
    assert "max-length" in known_keys(registry)
    settings = settings_from_table({"max-length": 3}, "pyproject.toml", registry)
    assert MAX_LENGTH.value(settings) == 3 and MAX_LENGTH.value(Settings()) == 8
    with pytest.raises(UsageError, match="max-length must be at least 1, got 0"):
        settings_from_table({"max-length": 0}, "pyproject.toml", registry)
    with pytest.raises(UsageError, match="unknown key 'max-length'"):
        settings_from_table({"max-length": 3}, "pyproject.toml", RULES)

    (tmp_path / "mod.py").write_text("def f(x):\n    return x\n\n\ndef longer(x):\n    return x\n")
    change = change_from_paths(tmp_path, ["mod.py"])
    report = run(change, settings, rules=registry.select(settings), lazy=False).report
    assert [f.message for f in report.findings] == ["'mod.longer' has 6 characters (at most 3)"]
    ctx = RenderContext(rules=(LONG_NAMES,), version="0", source=lambda path: None)
    shown = json.loads(render("json", report, ctx))["findings"][0]
    assert shown["details"] == {"length": "6"} and shown["shared_callees"] == [] and shown["ratio"] == 0.0
    assert load_report(dump_report(report)) == report  # the answers cache keeps the violation, typed


def test_two_rules_may_share_an_option_only_declared_alike():
    one = Rule(code="XL001", name="a", summary="", doc="", check=long_names, options=(MAX_LENGTH,))
    other = Rule(code="XL002", name="b", summary="", doc="", check=long_names,
                 options=(Option("max-length", int, "another", low=1),))
    assert Registry([one, Rule(code="XL003", name="c", summary="", doc="", check=long_names, options=(MAX_LENGTH,))]).options == (MAX_LENGTH,)
    with pytest.raises(ValueError, match="declare the option max-length differently"):
        Registry([one, other])


def test_each_rule_documents_the_options_it_declares():
    for rule in RULES.values():
        options = doc_sections(rule.doc)["Options"]
        assert [o.name for o in rule.options if f"`{o.name}`" not in options] == [], rule.code


def test_the_rules_options_are_the_settings_they_read():
    by_rule = {code: {o.name for o in rule.options} for code, rule in RULES.items()}
    assert by_rule["RA003"] == {"min-similarity", "min-tokens"}
    assert {"min-callees", "min-overlap"} <= by_rule["RA002"] and {"min-callees", "min-overlap"} <= by_rule["RA001"]
    assert all(o.in_settings for o in RULES.options)  # reuse-audit's own: a field of Settings each


def test_each_violation_says_its_message_and_fix_title():
    ra001 = ReimplementedFunction(
        target="pkg.config.read_config", local_name="load_config", status="modified", calls=5, total=6,
        shared=("json.loads",), missing=("pkg.util.defaults",), ratio=0.8333, confidence_score=0.8749, common=1, similarity=0.5,
    )
    assert ra001.message() == (
        "'load_config' (changed) now re-implements 'pkg.config.read_config' (calls 5 of its 6 callees) without calling it"
    )
    assert ra001.fix_title() == "Replace the body of 'load_config' with a call of 'pkg.config.read_config'"
    assert ra001.details() == (("status", "modified"), ("confidence", "0.87"), ("common", "1"), ("similarity", "0.50"))
    assert ra001.confidence() == 0.87 and ra001.score() == 0.8333

    ra003 = NearClone(target="pkg.a.f", local_name="g", status="added", similarity=0.996, tokens=52, shared=(), missing=(),
                      target_new=True)
    assert ra003.message() == "'g' is a near-copy of 'pkg.a.f' (99% token similarity, 52 tokens) without calling it"
    assert ra003.fix_title() == "Replace the body of 'g' with a call of 'pkg.a.f'" and ra003.target_added()
    assert ra003.details() == (("similarity", "0.99"), ("tokens", "52"), ("status", "added"), ("target", "added by this change"))

    ra002 = BypassedTarget("shop.money.parse_amount", TargetStatus.BYPASSED, kind="function", shared=("a",), missing=("b", "c"),
                           total=3, min_callees=3)
    assert ra002.message() == "the change does not call declared target 'shop.money.parse_amount': bypassed (calls 1 of its 3 callees)"
    assert ra002.fix_title() is None and ra002.target_status() is TargetStatus.BYPASSED
    assert ra002.details() == (("status", "bypassed"), ("kind", "function")) and ra002.score() == 0.3333
    unknown = BypassedTarget("pkg.nothing", TargetStatus.UNKNOWN)
    assert unknown.details() == (("status", "unknown"),) and "unknown name" in unknown.message()


def test_a_traced_finding_keeps_its_rules_violation_and_moves_with_it():
    from reuse_audit.lint.model import Candidate

    other = Candidate("pkg.b.h", Location("pkg/b.py", 4), 3, 3, 1.0)
    inner = ReimplementedFunction(target="pkg.a.f", local_name="g", status="added", calls=3, total=3, shared=("x", "y", "z"),
                                  missing=(), ratio=1.0, others=(other,))
    finding = Finding("RA001", Location("pkg/n.py", 2), "pkg.n.g", Traced("pkg.a.f", inner, "never read", 0, 9), Location("pkg/a.py", 7))
    assert finding.message.endswith("without calling it. Trajectory: never read (the author was shown none of its 9 lines).")
    assert finding.violation.details()[-2:] == (("trajectory", "never read"), ("trajectory_lines", "0/9"))
    assert finding.violation.fix_title() == inner.fix_title() and finding.violation.candidates() == (other,)
    moved = finding.relocated(lambda loc: Location(loc.path, loc.line + 10))
    assert moved.location.line == 12 and moved.target_location.line == 17
    assert moved.violation.candidates()[0].location.line == 14
    assert load_report(dump_report(Report(findings=(moved,)))) == Report(findings=(moved,))


def test_reports_read_the_violation_not_a_findings_fields():
    finding = Finding("RA002", Location("shop/orders.py", 2), "shop.orders.total",
                      BypassedTarget("shop.money.parse_amount", TargetStatus.REIMPLEMENTED, kind="function", total=4, shared=("a", "b", "c", "d"),
                                     min_callees=3), Location("shop/money.py", 5))
    ctx = RenderContext(rules=(RULES["RA002"],), version="0", source=lambda path: None)
    shown = json.loads(render("json", Report(findings=(finding,)), ctx))["findings"][0]
    assert shown["details"] == {"status": "reimplemented", "kind": "function"} and shown["ratio"] == 1.0
    assert shown["message"] == dedent("""\
        the change does not call declared target 'shop.money.parse_amount' and re-implements it (calls 4 of its 4 callees)""")
    assert not hasattr(finding, "shared") and not hasattr(finding, "details") and not hasattr(finding, "ratio")


@dataclass(frozen=True)
class SameBody(Violation):
    """A made-up rule's violation: a new function whose body is the target's."""

    local_name: str

    def message(self) -> str:
        return f"'{self.local_name}' has the body of '{self.target}'"

    def fix_title(self) -> str:
        return f"Call '{self.target}' from '{self.local_name}'"


def test_a_rule_of_its_own_fix_is_fixed_and_verified_by_fix_machinery_that_knows_no_rule(tmp_path):
    """A made-up rule whose ``fix`` asks for an edit of lint.edits: fix/ makes it with libcst,
    under the rule's fix title, and verifies it by running the rule again."""
    import functools

    from reuse_audit.fix.fixes import plan_fixes
    from reuse_audit.lint.edits import ReplaceWithCall

    def same_body(change, index, settings, prior=()):
        for qualname in sorted(change.qualnames):
            fn = index.functions[qualname]
            if qualname == "pkg.new.n" and "pkg.util.t" not in fn.callees:
                target = index.functions["pkg.util.t"]
                yield Finding("XF001", fn.location, qualname, SameBody("pkg.util.t", fn.fact.local_name), target.location)

    def fix(finding):
        return ReplaceWithCall(finding.function, finding.location, finding.target, finding.target_location,
                               finding.violation.fix_title())

    rule = Rule(code="XF001", name="same-body", summary="", doc="", check=same_body, fix=fix)
    assert rule.fixable
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "util.py").write_text("def t(a):\n    return sorted(set(a))\n")
    (tmp_path / "pkg" / "new.py").write_text("def n(a):\n    return sorted(set(a))\n")
    change = change_from_paths(tmp_path, ["pkg/new.py"])
    result = run(change, Settings(), rules=[rule], lazy=False)
    assert [f.message for f in result.report.findings] == ["'n' has the body of 'pkg.util.t'"]
    check_again = functools.partial(run, settings=Settings(), cache=None, jobs=1, rules=result.rules)
    plan = plan_fixes(change, result, check_again)
    (made,) = plan.fixes.values()
    assert made.description.startswith("Call 'pkg.util.t' from 'n'")
    assert made.fixed == "from pkg.util import t\n\ndef n(a):\n    return t(a)\n"
