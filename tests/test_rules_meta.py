"""Every rule documents itself in ruff's sections, and its web page is generated from that doc."""

from pathlib import Path

import pytest

from reuse_audit.api import all_rules
from reuse_audit.lint.rule import REQUIRED_SECTIONS, doc_sections
from violation_support import finding

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted(all_rules().values(), key=lambda r: r.code)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_doc_has_every_section(rule):
    sections = doc_sections(rule.doc)
    missing = [s for s in REQUIRED_SECTIONS if not sections.get(s)]
    assert not missing, f"{rule.code} doc lacks sections {missing}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_code_and_name_are_well_formed(rule):
    assert rule.code.startswith("RA") and rule.code[2:].isdigit() and len(rule.code) == 5
    assert rule.name == rule.name.lower() and " " not in rule.name and "_" not in rule.name
    assert rule.summary.endswith(".")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_page_is_generated_from_its_doc(rule):
    page = ROOT / "docs" / "rules" / rule.doc_filename
    assert page.is_file(), f"missing {page}: run `reuse-audit rule {rule.code} > docs/rules/{rule.doc_filename}`"
    assert page.read_text(encoding="utf-8") == rule.markdown(), (
        f"{page} is out of date: run `reuse-audit rule {rule.code} > docs/rules/{rule.doc_filename}`"
    )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_readme_lists_rule(rule):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"[{rule.code}](docs/rules/{rule.doc_filename})" in readme


# --------------------------------------------------------------------------
# the engine runs the rules it is given, each after those it defers to


def _rule(code: str, defers_to: tuple[str, ...] = (), seen: list | None = None):
    from reuse_audit.lint.rule import Rule

    def check(change, index, settings, prior=()):
        if seen is not None:
            seen.append((code, tuple(f.rule for f in prior)))
        return iter(())

    return Rule(code=code, name=code.lower(), summary="", doc="", check=check, defers_to=defers_to)


def test_a_rule_runs_after_the_rules_it_defers_to_and_is_given_their_findings():
    from reuse_audit.lint.engine import in_order

    a, b, c = _rule("XA002", defers_to=("XA003",)), _rule("XA003"), _rule("XA001", defers_to=("XA002",))
    assert [r.code for r in in_order([a, b, c])] == ["XA003", "XA002", "XA001"]
    assert [r.code for r in in_order([c])] == ["XA001"]  # what it defers to did not run: no wait
    with pytest.raises(ValueError, match="defer to each other"):
        in_order([_rule("XA001", defers_to=("XA002",)), _rule("XA002", defers_to=("XA001",))])


def test_the_engine_knows_no_rule_and_runs_the_ones_it_is_given(tmp_path):
    """A registry of two made-up rules: the engine runs exactly them, the second given the
    first's findings (``prior``), and none of reuse-audit's own."""
    from reuse_audit.facts.model import Location
    from reuse_audit.lint.engine import run
    from reuse_audit.lint.registry import Registry
    from reuse_audit.lint.rule import Rule
    from reuse_audit.settings import Settings
    from reuse_audit.source.change import change_from_paths

    (tmp_path / "mod.py").write_text("def f(x):\n    return x\n")
    seen: list = []

    def first(change, index, settings, prior=()):
        seen.append(("XB001", ()))
        fn = index.functions["mod.f"]
        yield finding("XB001", fn.location, "mod.f", "one", "mod.f", fn.location)

    def second(change, index, settings, prior=()):
        seen.append(("XB002", tuple(f.rule for f in prior)))
        return iter(())

    registry = Registry([
        Rule(code="XB002", name="b", summary="", doc="", check=second, defers_to=("XB001",)),
        Rule(code="XB001", name="a", summary="", doc="", check=first),
    ])
    settings = Settings()
    result = run(change_from_paths(tmp_path, ["mod.py"]), settings, rules=registry.select(settings), lazy=False)
    assert seen == [("XB001", ()), ("XB002", ("XB001",))]
    assert [f.rule for f in result.report.findings] == ["XB001"] and result.report.rules == ("XB001", "XB002")
    assert Location("mod.py", 1).path == result.report.findings[0].location.path


def test_suppression_is_one_pass_for_every_rule(tmp_path):
    """A rule that knows nothing of suppressions: its finding on a ``# noqa: XC001`` function is
    marked suppressed by the engine, and per-file-ignores drop it."""
    from reuse_audit.lint.engine import run
    from reuse_audit.lint.rule import Rule
    from reuse_audit.settings import Settings
    from reuse_audit.source.change import change_from_paths

    (tmp_path / "mod.py").write_text("def f(x):  # noqa: XC001\n    return x\n\n\ndef g(x):\n    return x\n")

    def check(change, index, settings, prior=()):
        for name in ("mod.f", "mod.g"):
            fn = index.functions[name]
            yield finding("XC001", fn.location, name, "m", name, fn.location)

    rule = Rule(code="XC001", name="c", summary="", doc="", check=check)
    report = run(change_from_paths(tmp_path, ["mod.py"]), Settings(), rules=[rule], lazy=False).report
    assert [(f.function, f.suppressed) for f in report.findings] == [("mod.f", True), ("mod.g", False)]
    ignored = Settings(per_file_ignores=(("mod.py", ("XC",)),))
    assert run(change_from_paths(tmp_path, ["mod.py"]), ignored, rules=[rule], lazy=False).report.findings == ()
