"""RA002 bypassed-target: a declared reuse target the change does not call."""

import json
from textwrap import dedent

from reuse_audit.lint.model import TargetStatus
from reuse_audit.source.change import FileChange
from reuse_audit.source.change import Change
from reuse_audit.api import run
from reuse_audit.settings import Settings
from reuse_audit.source.tree import MemoryTree

MONEY = dedent(
    """
    import re
    from decimal import Decimal

    def normalise(text):
        return re.sub(r"[ ,_]", "", text)

    def to_cents(value):
        return int(Decimal(value).quantize(Decimal("0.01")) * 100)

    def parse_amount(text):
        cleaned = normalise(text)
        if not re.fullmatch(r"-?[0-9.]+", cleaned):
            raise ValueError(text)
        return to_cents(Decimal(cleaned))
    """
)


def check(new_source, targets, **settings):
    before = {"shop/__init__.py": b"", "shop/money.py": MONEY.encode()}
    after = dict(before)
    after["shop/orders.py"] = dedent(new_source).encode()
    change = Change(MemoryTree(before), MemoryTree(after), (FileChange(None, "shop/orders.py"),))
    result = run(change, Settings(targets=tuple(targets), **settings))
    return [f for f in result.report.findings if f.rule == "RA002"]


def test_called_target_is_not_reported():
    findings = check(
        """
        from shop.money import parse_amount

        def total(prices):
            return sum(parse_amount(p) for p in prices)
        """,
        ["shop.money.parse_amount"],
    )
    assert findings == []


def test_bypassed_target_is_reported_at_the_new_function():
    findings = check(
        """
        def total(prices):
            return sum(int(float(p) * 100) for p in prices)
        """,
        ["shop.money.parse_amount"],
    )
    assert len(findings) == 1
    finding = findings[0]
    assert finding.target == "shop.money.parse_amount"
    assert finding.location.path == "shop/orders.py" and finding.location.line == 2
    assert finding.target_location.path == "shop/money.py"
    assert finding.target_status is TargetStatus.BYPASSED and dict(finding.violation.details())["status"] == "bypassed"


# calls all 4 callees of parse_amount, and never parse_amount
REIMPLEMENTS_PARSE_AMOUNT = """
import re
from decimal import Decimal
from shop.money import normalise, to_cents

def total(prices):
    out = 0
    for p in prices:
        cleaned = normalise(p)
        if not re.fullmatch(r"-?[0-9.]+", cleaned):
            raise ValueError(p)
        out += to_cents(Decimal(cleaned))
    return out
"""


def test_bypassed_and_reimplemented_target_says_so():
    findings = check(REIMPLEMENTS_PARSE_AMOUNT, ["shop.money.parse_amount"])
    assert [f.target_status for f in findings] == ["reimplemented"]
    assert "re-implements it (calls 4 of its 4 callees)" in findings[0].message
    assert findings[0].violation.missing_callees() == ()


def test_target_called_through_a_new_helper_counts_as_called():
    findings = check(
        """
        from shop.money import parse_amount

        def _one(p):
            return parse_amount(p)

        def total(prices):
            return sum(_one(p) for p in prices)
        """,
        ["shop.money.parse_amount"],
    )
    assert findings == []


def test_target_with_too_few_callees_is_bypassed_but_unjudged():
    findings = check(
        """
        def total(prices):
            return sum(int(float(p) * 100) for p in prices)
        """,
        ["shop.money.normalise"],
    )
    assert [f.target_status for f in findings] == ["unjudged"]


def test_unknown_target_is_reported_as_an_unknown_name():
    # issue 14: the status was "undefined", and the text output showed "(:0)"
    findings = check("def total(prices):\n    return 0\n", ["shop.money.missing"])
    assert [f.target_status for f in findings] == ["unknown"]
    assert "unknown name" in findings[0].message


def test_rule_is_inactive_without_targets():
    findings = check("def total(prices):\n    return 0\n", [])
    assert findings == []


def test_suppression_on_the_anchor_function():
    findings = check(
        """
        def total(prices):  # reuse-audit: ignore[RA002]
            return 0
        """,
        ["shop.money.parse_amount"],
    )
    assert [f.suppressed for f in findings] == [True]


# --- targets as users write them (issue 14) ---------------------------------

FORMS = {
    "cal/__init__.py": "from ._core import parse_day\nfrom .core2 import Calendar, holidays\n",
    "cal/_core.py": dedent(
        """
        import re

        def clean(text):
            return re.sub(" ", "", text)

        def split_parts(text):
            return clean(text).split("-")

        def to_ints(parts):
            return [int(p) for p in parts]

        def parse_day(text):
            return tuple(to_ints(split_parts(clean(text))))
        """
    ),
    "cal/core2.py": dedent(
        """
        from ._core import clean, split_parts, to_ints

        class Calendar:
            def __init__(self, text):
                self.days = to_ints(split_parts(clean(text)))

            def first(self):
                return self.days[0]

        class _Holidays:
            def __call__(self, year):
                return [clean(str(year)), split_parts(str(year)), to_ints([year])]

        holidays = _Holidays()
        """
    ),
}
FORM_TARGETS = ["cal.parse_day", "cal.Calendar", "cal.core2.Calendar.first", "cal.holidays"]


def check_forms(new_source, targets=FORM_TARGETS):
    before = {path: text.encode() for path, text in FORMS.items()}
    after = dict(before)
    after["app.py"] = dedent(new_source).encode()
    change = Change(MemoryTree(before), MemoryTree(after), (FileChange(None, "app.py"),))
    result = run(change, Settings(targets=tuple(targets)))
    return {f.target: dict(f.violation.details()) for f in result.report.findings if f.rule == "RA002"}, result


def test_reexport_class_method_and_instance_targets_count_as_called():
    found, _ = check_forms(
        """
        from cal import parse_day, Calendar, holidays

        def plan(text):
            cal = Calendar(text)
            return parse_day(text), cal.first(), holidays(2024)
        """
    )
    assert found == {}


def test_bypassed_forms_get_their_status_and_kind():
    found, result = check_forms(
        """
        from cal._core import clean, split_parts, to_ints

        def plan(text):
            days = to_ints(split_parts(clean(text)))
            return days[0]
        """
    )
    assert found["cal.parse_day"]["status"] == "reimplemented"
    assert found["cal.parse_day"]["defined_as"] == "cal._core.parse_day"
    assert found["cal.Calendar"]["status"] == "reimplemented" and found["cal.Calendar"]["kind"] == "class"
    assert found["cal.holidays"]["status"] == "reimplemented" and found["cal.holidays"]["kind"] == "instance"
    assert found["cal.core2.Calendar.first"] == {"status": "unjudged", "kind": "method"}
    messages = {f.target: f.message for f in result.report.findings}
    assert "unjudged (< 3 callees: it has 0)" in messages["cal.core2.Calendar.first"]
    assert all("(:0)" not in m and "undefined" not in m for m in messages.values())


def test_calling_a_class_init_counts_as_calling_the_class():
    found, _ = check_forms(
        """
        from cal.core2 import Calendar

        class Mine(Calendar):
            def __init__(self, text):
                super().__init__(text.strip())
        """,
        ["cal.Calendar"],
    )
    assert found == {}


def test_unknown_target_in_text_output_has_no_empty_location(tmp_path):
    from reuse_audit.report import RenderContext
    from reuse_audit.report.text import render

    _, result = check_forms("def f():\n    return 1\n", ["cal.nothing"])
    text = render(result.report, RenderContext(rules=(), version="0", source=lambda path: None))
    assert "(:0)" not in text and "unknown name" in text


def test_unknown_target_in_github_and_sarif_output_has_no_empty_location():
    from reuse_audit.report import RenderContext
    from reuse_audit.report import github, sarif

    _, result = check_forms("def f():\n    return 1\n", ["cal.nothing"])
    ctx = RenderContext(rules=(), version="0", source=lambda path: None)
    assert "(:0)" not in github.render(result.report, ctx)
    log = json.loads(sarif.render(result.report, ctx))
    [res] = log["runs"][0]["results"]
    assert "relatedLocations" not in res and "](1)" not in res["message"]["text"]
