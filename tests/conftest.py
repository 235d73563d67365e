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


import shutil  # noqa: E402

import pytest  # noqa: E402

#: the benchmark's test chain over click (tests/fixtures/bench/click-mini)
CLICK_MINI = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"


@pytest.fixture
def chain_dir(tmp_path):
    """The click-mini chain with the installed click beside it as its pinned source, in a new folder."""
    import click

    folder = tmp_path / "chains" / "click-mini"
    shutil.copytree(CLICK_MINI, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click", ignore=shutil.ignore_patterns("__pycache__"))
    return folder
