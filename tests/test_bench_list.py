"""`reuse-audit bench list [SUITE]`: the shipped suites, a suite's chains, libraries, turns and targets."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(REUSE_AUDIT), "bench", "list", *args], capture_output=True, text=True, cwd=cwd)


def test_list_without_a_suite_names_the_shipped_suites(tmp_path):
    proc = cli(cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    row = next(line for line in proc.stdout.splitlines() if line.startswith("starter "))
    assert row.split()[1:3] == ["12", "60"] and "python-dateutil" in row


def test_list_of_the_starter_suite_gives_every_chain_id_library_turns_and_targets(tmp_path):
    from reuse_audit.benchmark.chain import load_suite

    proc = cli("starter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    chains = load_suite("starter")
    for chain in chains:
        row = next(line for line in proc.stdout.splitlines() if line.startswith(chain.id + " "))
        repo = sum(1 for t in chain.turns for x in t.targets if x.kind == "repo")
        own = sum(1 for t in chain.turns for x in t.targets if x.kind == "self")
        assert f"{chain.source.package}=={chain.source.version}" in row
        assert row.split()[2] == str(len(chain.turns)) and row.endswith(f"{repo + own} ({repo} repo, {own} self)")
    assert max(len(line) for line in proc.stdout.splitlines()) <= 100
    assert "reuse-audit bench run --suite starter --chain" in proc.stdout


def test_list_of_a_relative_chain_folder_with_turns_and_as_json(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "chains" / "click-mini")
    (tmp_path / "chains" / "click-mini" / "click-src").mkdir()  # its source folder (listing reads no source)
    proc = cli("chains", "--turns", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert "click-mini  click (path click-src)  3" in text
    assert "turn 1: click_tools/names.py; targets: click.utils.format_filename (repo)" in text
    assert "click_tools.names.display_name (self)" in text
    data = json.loads(cli("chains/click-mini", "--format", "json", cwd=tmp_path).stdout)
    [chain] = data["chains"]
    assert chain["id"] == "click-mini" and len(chain["turns"]) == 3
    assert chain["turns"][1]["targets"] == {"repo": ["click.utils.get_app_dir"], "self": ["click_tools.names.display_name"]}


def test_list_of_something_that_is_no_suite_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "empty").mkdir()
    for args in (["nope"], ["empty"], ["--format", "json"]):
        proc = cli(*args, cwd=tmp_path)
        assert proc.returncode == 2, (args, proc.stdout)
        assert proc.stderr.startswith("reuse-audit: error: ") and len(proc.stderr.strip().splitlines()) == 1
        assert "Traceback" not in proc.stderr
