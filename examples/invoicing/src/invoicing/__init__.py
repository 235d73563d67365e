"""A small invoicing package: the repository the example patch is checked against."""

from .money import format_amount, parse_amount
from .totals import invoice_total

__all__ = ["format_amount", "invoice_total", "parse_amount"]
