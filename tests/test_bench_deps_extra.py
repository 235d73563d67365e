"""The benchmark without its extra says which extra to install (a fresh `pip install reuse-audit`)."""

import sys

import pytest

from reuse_audit.benchmark.deps import requirements_of
from reuse_audit.errors import UsageError


def test_without_packaging_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "packaging.requirements", None)  # import raises ImportError
    with pytest.raises(UsageError, match=r"reuse-audit\[bench\]"):
        requirements_of("Requires-Dist: numpy>=1\n")
