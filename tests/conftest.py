"""Make the helpers in tests/ (e.g. ``sarif_schema``) importable from any test."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# A check that answers lazily starts a background build of the full index
# (reuse_audit/background.py); tests that want one say so (test_background.py).
import os  # noqa: E402

os.environ["REUSE_AUDIT_NO_BACKGROUND"] = "1"
