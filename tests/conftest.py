"""Make the helpers in tests/ (e.g. ``sarif_schema``) importable from any test."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
