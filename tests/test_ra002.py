"""RA002 bypassed-target: a declared reuse target the change does not call."""

from textwrap import dedent

from reuse_audit.changeset import FileChange
from reuse_audit.engine import Change, run
from reuse_audit.settings import Settings
from reuse_audit.tree import MemoryTree

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
    assert dict(finding.details)["status"] == "bypassed"


def test_bypassed_and_reimplemented_target_says_so():
    findings = check(
        """
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
        """,
        ["shop.money.parse_amount"],
    )
    assert [dict(f.details)["status"] for f in findings] == ["reimplemented"]
    assert "re-implements it (calls 4 of its 4 callees)" in findings[0].message
    assert findings[0].missing == ()


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
    assert [dict(f.details)["status"] for f in findings] == ["unjudged"]


def test_undefined_target_is_reported_as_undefined():
    findings = check("def total(prices):\n    return 0\n", ["shop.money.missing"])
    assert [dict(f.details)["status"] for f in findings] == ["undefined"]


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
