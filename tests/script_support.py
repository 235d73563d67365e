"""The scripts of ``scripts/`` (no package), loaded as modules by the tests of their logic."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(filename: str) -> ModuleType:
    """``scripts/<filename>``, as the module ``reuse_audit_<its stem>``."""
    spec = importlib.util.spec_from_file_location(f"reuse_audit_{filename[:-3]}", SCRIPTS / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module
