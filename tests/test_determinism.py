"""The same input gives byte-identical output: text, JSON, SARIF and GitHub
annotations, with and without the cache (cold and warm), with one parser
process or a pool (``--jobs 2`` on more than 64 files), and whatever
``PYTHONHASHSEED`` is.  Each configuration runs the real console script in
its own process, so hash randomisation really differs between runs.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from cli_support import BASE, copy_module, make_patch, run_cli, write_tree

LATIN1 = b'"""Caf\xe9."""\n\n\ndef menu():\n    return "cr\xe8me"\n'
BROKEN = "def broken(:\n    pass\n\n\ndef fine():\n    return 1\n"


def _generated(k: int) -> str:
    helpers = ", ".join(f"h{(k + j) % 9}" for j in range(4))
    calls = "\n".join(f"    v = h{(k + j) % 9}(v)" for j in range(4))
    return (
        f'"""Generated module {k}."""\n\nfrom gen.helpers import {helpers}\n\n\n'
        f"def step_{k}(v):\n{calls}\n    return v\n\n\nclass Worker{k}:\n    def run(self, v):\n"
        f"        return step_{k}(v) + len(str(v))\n"
    )


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    root = tmp_path_factory.mktemp("determinism")
    base = dict(BASE)
    base["gen/__init__.py"] = ""
    base["gen/helpers.py"] = "".join(f"def h{j}(v):\n    return v + {j}\n\n\n" for j in range(9))
    for k in range(80):
        base[f"gen/mod{k:02d}.py"] = _generated(k)
    base["shop/latin.py"] = LATIN1
    base["shop/broken.py"] = BROKEN
    after = dict(base)
    # the report rests on the changed files: their errors are part of it
    after["shop/latin.py"] = LATIN1 + b"\n\ndef more():\n    return 2\n"
    after["shop/broken.py"] = BROKEN + "\n\ndef more():\n    return 2\n"
    after["shop/report.py"] = copy_module()
    after["shop/report4.py"] = copy_module("def four_of_five(text, country):", calls=4)
    after["shop/quiet.py"] = copy_module("def quiet(text, country):  # noqa: RA001")
    after["gen/copy.py"] = _generated(3).replace("step_3", "again_3").replace("Worker3", "Again3")
    after["shop/\u00e9t\u00e9.py"] = copy_module("def \u00e9t\u00e9(text, country):")
    repo = write_tree(root / "repo", base)
    patch = root / "change.patch"
    patch.write_bytes(make_patch(base, after))
    assert len([p for p in base if p.endswith(".py")]) > 64  # the parser pool is used with --jobs 2
    return repo, patch, root


CONFIGS = [
    # (label, PYTHONHASHSEED, cache, jobs)
    ("seed0-nocache-j1", "0", None, "1"),
    ("seed1-nocache-j2", "1", None, "2"),
    ("seed12345-cold-j2", "12345", "cold", "2"),
    ("random-warm-j1", "random", "warm", "1"),
    # the full index's snapshot, as the background build leaves it (a check without one is lazy)
    ("seed3-snapshot-j2", "3", "snapshot", "2"),
    ("seed7-warm-j2", "7", "warm", "2"),
]


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_output_is_byte_identical_across_runs(case, fmt, tmp_path):
    repo, patch, _ = case
    cache = tmp_path / "cache"
    outputs = {}
    for label, seed, cache_mode, jobs in CONFIGS:
        args = ["check", str(patch), "--repo", str(repo), "--format", fmt, "--jobs", jobs]
        args += ["--no-cache"] if cache_mode is None else ["--cache-dir", str(cache)]
        if cache_mode == "cold":
            assert not cache.exists() or not any(cache.iterdir())
        if cache_mode == "snapshot":
            build = subprocess.run([sys.executable, "-m", "reuse_audit.index.background", str(repo), str(cache), jobs, "clones"], capture_output=True)
            assert build.returncode == 0, build
        run = run_cli(args, env={"PYTHONHASHSEED": seed})
        assert run.returncode == 1, run
        outputs[label] = (run.stdout, run.stderr)
    first = outputs[CONFIGS[0][0]]
    # the changed files that are not Python are errors of the report (they were notes)
    assert first[0].count("RA001") >= 3 and "shop/broken.py" in first[0] and "shop/latin.py" in first[0]
    for label, output in outputs.items():
        assert output == first, f"{label} differs from {CONFIGS[0][0]}"


def test_the_cache_does_not_change_the_report_in_process(case, tmp_path):
    """Same check through the engine: the Report objects are equal, cold, warm and without cache."""
    from reuse_audit.facts.cache import FactsCache
    from reuse_audit.source.change import change_from_patch
    from reuse_audit.api import run

    repo, patch, _ = case
    text = patch.read_text(encoding="utf-8", errors="surrogateescape")
    reports = []
    for use_cache, jobs in ((False, 1), (True, 2), (True, 1)):
        cache = FactsCache(tmp_path / "cache") if use_cache else None
        try:
            reports.append(run(change_from_patch(repo, text, "p"), cache=cache, jobs=jobs).report)
        finally:
            if cache is not None:
                cache.close()
    assert reports[0] == reports[1] == reports[2]
    assert len([f for f in reports[0].findings if not f.suppressed]) >= 3


def test_git_mode_sarif_is_byte_identical(case, tmp_path, monkeypatch):
    """--base with SARIF (which adds the repository's provenance): identical across hash seeds and jobs."""
    from gitrepo import GitRepo, isolated_git

    repo_dir, patch, _ = case
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "git")
    import shutil

    shutil.copytree(repo_dir, repo.path, dirs_exist_ok=True)
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "base")
    repo.git("apply", str(patch))
    outputs = set()
    for seed, jobs in (("0", "1"), ("4242", "2")):
        run = run_cli(["check", "--base", "HEAD", "--format", "sarif", "--no-cache", "--jobs", jobs], cwd=repo.path,
                      env={"PYTHONHASHSEED": seed})
        assert run.returncode == 1, run
        outputs.add(run.stdout)
    assert len(outputs) == 1
