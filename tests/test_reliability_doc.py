"""docs/reliability.md names a test for every hostile case: each of those tests exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "reliability.md"


def _tests_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test_")}


def test_every_test_the_reliability_page_names_exists():
    text = DOC.read_text(encoding="utf-8")
    named = re.findall(r"`(?:tests/)?(test_\w+\.py)::(test_\w+)(?:\[[^\]`]*\])?`", text)
    assert len(named) >= 60
    # "`...[deep_blocks.py]`" and "`::name`" continue the last file named in the same cell
    current = None
    missing = []
    for cell in re.findall(r"`([^`]*)`", text):
        m = re.match(r"(?:tests/)?(test_\w+\.py)::(test_\w+)", cell)
        if m:
            current = m.group(1)
            name = m.group(2)
        else:
            m = re.match(r"::(test_\w+)", cell)
            if not m or current is None:
                continue
            name = m.group(1)
        file = ROOT / "tests" / current
        if not file.is_file() or name not in _tests_of(file):
            missing.append(f"{current}::{name}")
    assert missing == []


def test_the_benchmark_run_command_has_the_workspace_limit_option():
    from click.testing import CliRunner

    from reuse_audit.benchmark.cli import bench

    result = CliRunner().invoke(bench, ["run", "--help"])
    assert result.exit_code == 0 and "--workspace-limit" in result.output
