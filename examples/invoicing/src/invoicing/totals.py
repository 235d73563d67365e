"""Invoice totals: line amounts, discounts and VAT."""

import logging
from decimal import Decimal

from .money import format_amount, parse_amount, to_cents

log = logging.getLogger(__name__)

VAT_RATES = {"standard": Decimal("0.21"), "reduced": Decimal("0.09"), "zero": Decimal("0")}


def line_amount(line: dict) -> int:
    return parse_amount(line["price"]) * int(line.get("quantity", 1))


def apply_vat(cents: int, rate: str) -> int:
    return to_cents(Decimal(cents) / 100 * (1 + VAT_RATES[rate]))


def invoice_total(lines: list, rate: str = "standard", discount: str = "0") -> str:
    """The total due, VAT included, as printed on the invoice."""
    subtotal = sum(line_amount(line) for line in lines)
    subtotal -= parse_amount(discount)
    total = apply_vat(max(subtotal, 0), rate)
    log.debug("invoice total %s", total)
    return format_amount(total)
