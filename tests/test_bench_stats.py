"""`bench stats`: the study's Table 1 beside a suite's, issue 26's thresholds, public targets."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import click
import pytest
import yaml
from cli_support import run_cli

from reuse_audit.benchmark.chain import load_suite
from reuse_audit.benchmark.chainbuild.graph import is_public, package_exports
from reuse_audit.benchmark.chainbuild.stats import render_json, render_markdown, render_text, suite_stats

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
CLICK = Path(click.__file__).parent


def test_public_means_exported_or_listed_api_and_private_means_internal():
    root = CLICK.parent
    assert is_public("click.utils.echo", False, root, "click")  # exported by click/__init__
    assert is_public("click.types.Choice.convert", True, root, "click")  # a method of a public class
    assert not is_public("click.utils._expand_args", False, root, "click")
    assert not is_public("click.types._NumberRangeBase.convert", True, root, "click")  # its class is private
    assert not is_public("click.types.Choice._normalized_mapping", True, root, "click")


def test_a_star_import_and_all_decide_public(tmp_path):
    pkg = tmp_path / "lib"
    (pkg / "_impl").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .more import *\nfrom ._impl.core import shown\n")
    (pkg / "more.py").write_text("__all__ = ['listed']\n\ndef listed():\n    pass\n\ndef unlisted():\n    pass\n")
    (pkg / "plain.py").write_text("def helper():\n    pass\n")
    (pkg / "_impl" / "__init__.py").write_text("")
    (pkg / "_impl" / "core.py").write_text("def shown():\n    pass\n\ndef hidden():\n    pass\n")
    assert "listed" in package_exports(tmp_path, "lib") and "unlisted" not in package_exports(tmp_path, "lib")
    assert is_public("lib.more.listed", False, tmp_path, "lib")
    assert not is_public("lib.more.unlisted", False, tmp_path, "lib")  # module-internal: not in __all__
    assert is_public("lib.plain.helper", False, tmp_path, "lib")  # a public module without __all__
    assert is_public("lib._impl.core.shown", False, tmp_path, "lib")  # re-exported by the package
    assert not is_public("lib._impl.core.hidden", False, tmp_path, "lib")


@pytest.fixture
def suite(tmp_path):
    """click-mini as a suite of one chain: turn 2 repeats turn 1's repository target; every
    repository target is public click API."""
    folder = tmp_path / "suite" / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(CLICK, folder / "click-src" / "click", ignore=shutil.ignore_patterns("__pycache__"))
    data = yaml.safe_load((folder / "chain.yaml").read_text())
    data["turns"][1]["targets"]["repo"].append("click.utils.format_filename")
    data["provenance"] = {"method": "authored", "author": "ann", "reviewed_by": "bob", "date": "2026-01-02"}
    (folder / "chain.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return tmp_path / "suite"


def test_stats_print_the_study_beside_the_suite_and_check_the_thresholds(suite):
    stats = suite_stats(load_suite(suite), "mini")
    assert (stats.repeated_targets, stats.repeated_self) == (1, 0)
    assert (stats.public_targets, stats.public_judged, stats.chains_over_public) == (3, 3, ["click-mini"])
    assert (stats.levels, stats.provenance, stats.reviewed) == ({"smoke": 1}, {"authored": 1}, 1)
    checks = {threshold: (value, ok) for threshold, value, ok in stats.checks()}
    assert checks["no repository target repeats within a chain"] == ("1", False)
    assert checks["<= 1 public target per chain"] == ("1 chain(s) over: click-mini", False)
    assert checks[">= 1.5 repository targets per turn (turn >= 2)"] == ("1.50", True)
    assert checks[">= 2 self targets per turn (turn >= 2)"] == ("1.00", False)
    assert not stats.comparable
    markdown = render_markdown(stats)
    assert re.search(r"^\| Tests per turn \| \d+\.\d \| 10\.8 \|$", markdown, re.M)
    assert "| Self targets per turn (turn >= 2) | 1.00 | 2.4 |" in markdown
    assert "| <= 1 public target per chain | 1 chain(s) over: click-mini | FAIL |" in markdown
    text = render_text(stats)
    assert "Comparable with the study (issue 26):" in text
    data = json.loads(render_json(stats))
    assert data["study"]["self_late"] == 2.4 and data["comparable"] is False


def test_stats_check_exits_1_when_a_threshold_fails(suite):
    assert run_cli(["bench", "stats", str(suite)], in_process=True).returncode == 0
    assert run_cli(["bench", "stats", str(suite), "--check"], in_process=True).returncode == 1


def test_a_class_target_is_judged_on_its_init(suite):
    """A class declared as a target is counted as verify resolves it (reuse_audit/targets.py):
    on its ``__init__``, not noted as "not defined"."""
    chain = suite / "click-mini" / "chain.yaml"
    data = yaml.safe_load(chain.read_text())
    data["turns"][0]["targets"]["repo"].append("click.core.Context")
    chain.write_text(yaml.safe_dump(data, sort_keys=False))
    stats = suite_stats(load_suite(suite), "mini")
    assert not [n for n in stats.notes if "click.core.Context" in n], stats.notes
    assert stats.repo_judged == stats.repo_targets
