"""Amounts are kept as integer cents; text is parsed and printed in one place."""

import re
from decimal import ROUND_HALF_EVEN, Decimal

_AMOUNT = re.compile(r"^\s*(-)?\s*(?:EUR|€)?\s*([0-9][0-9_,]*)(?:\.([0-9]{1,2}))?\s*$")


def to_cents(value: Decimal) -> int:
    """Round half to even, as the accounting rules ask."""
    return int(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN) * 100)


def parse_amount(text: str) -> int:
    """'EUR 1,234.5' -> 123450 cents."""
    match = _AMOUNT.match(text)
    if match is None:
        raise ValueError(f"not an amount: {text!r}")
    sign, units, cents = match.groups()
    value = Decimal(units.replace(",", "").replace("_", "") + "." + (cents or "0"))
    return to_cents(-value if sign else value)


def format_amount(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}EUR {units:,}.{rest:02d}"
