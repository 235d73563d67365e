"""`reuse-audit bench verify`: every turn of a chain proven honest, failures named."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.verify import render_table, verify

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


@pytest.fixture
def chain_dir(tmp_path):
    folder = tmp_path / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_honest_turns_pass_and_a_turn_without_reinvent_fails(chain_dir, tmp_path):
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    by_turn = {c.turn: c for c in checks}
    assert by_turn[1].ok and by_turn[2].ok, render_table(checks)
    assert by_turn[1].tests == "6/6" and by_turn[1].missing == "0/6" and by_turn[1].empty == "0/6"
    assert "RA001: click.utils.format_filename" in by_turn[1].reinvent
    assert by_turn[2].unjudged == ("click_tools.names.display_name",)
    assert by_turn[3].failures == ["no re-inventing solution"]


def test_reference_that_does_not_call_its_target_fails(chain_dir, tmp_path):
    (chain_dir / "turn1" / "solution.py").write_text((chain_dir / "turn1" / "reinvent.py").read_text())
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    # issue 14: the failure names RA002's status of the target
    assert "reference: target click.utils.format_filename is not called (reimplemented)" in checks[0].failures


def test_reinvent_that_fails_tests_is_reported(chain_dir, tmp_path):
    (chain_dir / "turn1" / "reinvent.py").write_text("def display_name(path, shorten=False):\n    return str(path)\n")
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    failures = checks[0].failures
    assert any(f.startswith("re-inventing solution fails") for f in failures)
    assert "RA001 flags no declared target in the re-inventing solution" in failures


def test_cli_prints_a_table_and_exits_1_naming_chain_turn_and_reason(chain_dir):
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(chain_dir)], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("click-mini  3"))
    assert "FAIL: no re-inventing solution" in line
    assert "1 turn(s) FAILED." in proc.stdout


def test_cli_broken_chain_file_is_a_one_line_error(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "chain.yaml").write_text("id: bad\nsource: {kind: path}\nturns: []\n")
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(folder)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("reuse-audit: error: ") and "chain.yaml" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
