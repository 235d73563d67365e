"""Settings: read once from ``[tool.reuse-audit]`` and the command line, then frozen.

The rules read a :class:`Settings`; reading one from a file (and checking its
rule codes against the rules) is :mod:`reuse_audit.lint.config`'s job, so that this
module needs nothing of the rules.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from reuse_audit.paths import ExcludePatterns

#: What test code is, by default: a folder named ``tests`` or ``testing`` anywhere
#: in the path, and the file names pytest collects or configures from.
DEFAULT_TEST_PATTERNS = ("tests/", "testing/", "test_*.py", "*_test.py", "conftest.py")
# code that shows how to use a library, not code the library can call (RA001, RA003)
DEFAULT_EXAMPLE_PATTERNS = ("examples/", "example/", "docs/", "doc/", "cookbook/", "notebooks/", "demos/", "demo/")


@dataclass(frozen=True)
class Settings:
    min_callees: int = 3
    min_overlap: float = 0.8
    exclude: tuple[str, ...] = ()
    ignore_callees: frozenset[str] = frozenset()
    select: tuple[str, ...] = ()  # empty: every rule
    ignore: tuple[str, ...] = ()
    min_similarity: float = 0.9  # RA003
    min_tokens: int = 40  # RA003
    min_logic_score: float = 0.9  # RA004 (preview)
    min_nodes: int = 8  # RA004 (preview)
    targets: tuple[str, ...] = field(default=())  # RA002: declared reuse targets
    # (path pattern, rule codes or prefixes): findings of those rules in matching files are dropped
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def ignored_in(self, code: str, path: str) -> bool:
        """Is ``code`` ignored in the file ``path`` by ``per-file-ignores``?"""
        if not self.per_file_ignores:
            return False
        return any(
            any(code.startswith(c) for c in codes) and ExcludePatterns((pattern,)).excludes_path(path)
            for pattern, codes in self.per_file_ignores
        )
    test_patterns: tuple[str, ...] = DEFAULT_TEST_PATTERNS  # what test code is (RA001, RA003)
    example_patterns: tuple[str, ...] = DEFAULT_EXAMPLE_PATTERNS  # what example code is: no target for library code
    include_tests: bool = False  # check new test code too (against test code only)
    min_own_callees: int = 0  # RA001: shared callees that are functions of the repository itself (0: off)
    min_structure: Optional[float] = None  # RA001: ... or this token similarity (RA003's tokens); None: off
    max_common: int = 1  # RA001: untouched functions that may already meet the test against the target
    min_confidence: float = 0.65  # RA001: the lowest confidence reported (how alike the code is: rules/ra001's confidence)
    min_coverage: float = 0.5  # RA001: the share of what the target computes (operators, constants, literals) the new code has
    # the values of the rules' options that have no field here (lint.rule.Option), by name, sorted
    rule_options: tuple[tuple[str, Any], ...] = ()

    def is_test(self, path: str) -> bool:
        """Is ``path`` test code (``test-patterns``)?

        A pattern ending in ``/`` names a folder anywhere in the path; one without
        ``/`` is matched against the file name; others against the whole path.
        """
        return self._matches(path, self.test_patterns)

    def is_example(self, path: str) -> bool:
        """Is ``path`` example code (``example-patterns``, read as ``test-patterns``)?"""
        return self._matches(path, self.example_patterns)

    @staticmethod
    def _matches(path: str, patterns: tuple[str, ...]) -> bool:
        parts = path.split("/")
        for pattern in patterns:
            if pattern.endswith("/"):
                if pattern[:-1] in parts[:-1]:
                    return True
            elif "/" not in pattern:
                if fnmatch.fnmatchcase(parts[-1], pattern):
                    return True
            elif fnmatch.fnmatchcase(path, pattern):
                return True
        return False

    def rule_enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(s) for s in self.select):
            return False
        return not any(code.startswith(s) for s in self.ignore)

    def excluded(self, path: str) -> bool:
        return bool(self.exclude) and ExcludePatterns(self.exclude).excludes_path(path)

    def with_overrides(self, **changes: Any) -> "Settings":
        return replace(self, **{k: v for k, v in changes.items() if v is not None})
