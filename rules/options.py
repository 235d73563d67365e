"""The options several rules read, declared once (each rule lists those it reads in ``Rule.options``)."""

from __future__ import annotations

from reuse_audit.lint.rule import Option

MIN_CALLEES = Option("min-callees", int, "a target needs at least this many callees to be judged", low=1)
MIN_OVERLAP = Option("min-overlap", float, "the share of a target's callees the new code must call", low=0.0, high=1.0)
MIN_SIMILARITY = Option(
    "min-similarity", float, "the token similarity at which a copy is reported (RA003) or named first (RA001)", low=0.0, high=1.0,
)
