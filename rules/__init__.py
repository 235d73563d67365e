"""The rule registry: one module per rule, one table here mapping codes to rules.

A code is never reused; a retired rule stays in this table, marked removed.
"""

from __future__ import annotations

from reuse_audit.rules import (
    ra001_reimplemented_function,
    ra002_bypassed_target,
    ra003_near_clone,
    ra004_similar_logic,
)

from reuse_audit.lint.registry import Registry

RULES = Registry((ra001_reimplemented_function.RULE, ra002_bypassed_target.RULE, ra003_near_clone.RULE, ra004_similar_logic.RULE))
