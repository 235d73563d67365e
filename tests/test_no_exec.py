"""reuse-audit never executes the code it analyses.

The repository below is booby-trapped: every file that Python (or a tool)
could execute writes a marker file when it runs - module-level code,
``__init__.py``, ``__main__.py``, ``conftest.py``, ``setup.py``,
``sitecustomize.py``/``usercustomize.py``, ``.pth`` files, modules named
like the tool's own dependencies (``click.py``, ``yaml.py``...) in the folder
the tool runs from, and, for the git modes, a ``.git/config`` whose
``core.fsmonitor`` is a command and hooks in ``.git/hooks``.  Every mode
(patch, working tree, ``--staged``, ``--base``) and the parallel parser
(``--jobs 2`` on more than 64 files) run on it; no marker may appear.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

import reuse_audit.app.cli  # noqa: F401 - imported before any test puts a repository on sys.path
from cli_support import copy_module, make_patch, run_cli, write_tree
from fuzz_support import check_cli, run_main
from gitrepo import GitRepo, isolated_git

MARK = "import os as _os; open(_os.path.join({markers!r}, {name!r}), 'w').close()"

SHADOWED = ("click", "yaml", "tree_sitter", "tree_sitter_python", "platformdirs", "git", "json", "sqlite3", "reuse_audit")


def trap(markers: Path, name: str) -> str:
    return MARK.format(markers=str(markers), name=name) + "\n"


def booby_trapped(markers: Path, shadows: bool = True) -> dict[str, str]:
    util = (
        '"""Helpers."""\n' + trap(markers, "module-util")
        + "\n\ndef parse_price(text):\n    return float(text.strip())\n"
        + "\n\ndef lookup_rate(country):\n    return {'FR': 0.2}.get(country, 0.0)\n"
        + "\n\ndef apply_tax(amount, rate):\n    return amount * (1 + rate)\n"
        + "\n\ndef round_cents(amount):\n    return round(amount, 2)\n"
        + "\n\ndef format_price(amount, currency):\n    return f'{amount:.2f} {currency}'\n"
    )
    pricing = (
        '"""Prices."""\n' + trap(markers, "module-pricing")
        + "from shop.util import apply_tax, format_price, lookup_rate, parse_price, round_cents\n\n\n"
        "def price_label(text, country):\n"
        "    amount = parse_price(text)\n    rate = lookup_rate(country)\n"
        "    taxed = apply_tax(amount, rate)\n    return format_price(round_cents(taxed), 'EUR')\n"
    )
    files = {
        "shop/__init__.py": trap(markers, "init"),
        "shop/__main__.py": trap(markers, "main"),
        "shop/util.py": util,
        "shop/pricing.py": pricing,
        "conftest.py": trap(markers, "conftest"),
        "shop/conftest.py": trap(markers, "conftest-pkg"),
        "setup.py": trap(markers, "setup") + "from setuptools import setup\nsetup(name='shop')\n",
        "sitecustomize.py": trap(markers, "sitecustomize"),
        "usercustomize.py": trap(markers, "usercustomize"),
        "evil.pth": "import os; " + trap(markers, "pth-root"),
        "lib/python3/site-packages/evil.pth": "import os; " + trap(markers, "pth-site"),
        "build_backend.py": trap(markers, "build-backend"),
        "pyproject.toml": (
            "[build-system]\nrequires = []\nbuild-backend = 'build_backend'\nbackend-path = ['.']\n\n"
            "[tool.reuse-audit]\nmin-callees = 3\n"
        ),
        "docs/conf.py": trap(markers, "sphinx-conf"),
        "noxfile.py": trap(markers, "noxfile"),
        "tests/test_shop.py": trap(markers, "test-module") + "def test_x():\n    assert True\n",
    }
    for name in SHADOWED if shadows else ():
        files[f"{name}.py"] = trap(markers, f"shadow-{name}")
    # enough modules for the process pool (more than 64 files to parse)
    for k in range(70):
        files[f"gen/m{k:02d}.py"] = trap(markers, f"gen-{k}") + f"def g{k}(x):\n    return x + {k}\n"
    return files


def new_module(markers: Path) -> str:
    """The change: a copy of price_label, itself booby-trapped at module level."""
    return trap(markers, "new-module") + copy_module()


def assert_no_marker(markers: Path, what: str) -> None:
    found = sorted(p.name for p in markers.iterdir())
    assert found == [], f"{what} executed repository code: {found}"


@pytest.fixture
def markers(tmp_path) -> Path:
    folder = tmp_path / "markers"
    folder.mkdir()
    return folder


def test_the_traps_work(tmp_path, markers):
    """Control: running the booby-trapped code does write markers."""
    root = write_tree(tmp_path / "repo", booby_trapped(markers))
    import subprocess

    subprocess.run([sys.executable, "-c", "import shop.pricing"], cwd=root, check=True)
    assert {p.name for p in markers.iterdir()} >= {"init", "module-util", "module-pricing"}


@pytest.mark.parametrize("fmt", ["text", "sarif"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_patch_mode_executes_nothing(tmp_path, markers, fmt, jobs):
    files = booby_trapped(markers)
    root = write_tree(tmp_path / "repo", files)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(files, dict(files, **{"shop/report.py": new_module(markers)})))
    # from inside the repository: its click.py, yaml.py... must not shadow the tool's imports
    run = run_cli(["check", str(patch), "--repo", ".", "--no-cache", "--jobs", jobs, "--format", fmt], cwd=root)
    assert run.returncode == 1, run
    assert_no_marker(markers, "patch mode")


def _git_repo(tmp_path: Path, monkeypatch, markers: Path) -> GitRepo:
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "git")
    write_tree(repo.path, booby_trapped(markers))
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", "base")
    # the repository's own configuration and hooks, set after the commit
    repo.git("config", "core.fsmonitor", trap_command(markers, "fsmonitor"))
    hooks = repo.path / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    for hook in ("post-checkout", "post-commit", "pre-commit", "post-index-change", "reference-transaction", "fsmonitor-watchman"):
        script = hooks / hook
        script.write_text(f"#!/bin/sh\n{trap_command(markers, 'hook-' + hook)}\n")
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return repo


def trap_command(markers: Path, name: str) -> str:
    return f"touch {str(markers / name)!r}; true"


@pytest.mark.skipif(sys.platform == "win32", reason="shell hooks")
@pytest.mark.parametrize("mode", ["worktree", "staged", "base", "base-head", "sarif"])
def test_git_modes_execute_nothing(tmp_path, monkeypatch, markers, mode):
    repo = _git_repo(tmp_path, monkeypatch, markers)
    (repo.path / "shop" / "report.py").write_text(new_module(markers))
    if mode in ("staged", "base-head"):
        repo.git("add", "-A")
    if mode == "base-head":
        repo.git("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "commit", "-q", "-m", "change")
    for name in list(markers.iterdir()):  # the test's own git commands may have run the traps
        name.unlink()
    args = {
        "worktree": [],
        "staged": ["--staged"],
        "base": ["--base", "HEAD"],
        "base-head": ["--base", "HEAD~1", "--head", "HEAD"],
        "sarif": ["--format", "sarif"],
    }[mode]
    run = run_cli(["check", *args, "--no-cache", "--jobs", "2"], cwd=repo.path)
    assert run.returncode == 1, run
    assert "warning" not in run.stderr, run
    assert_no_marker(markers, f"git mode {mode}")


def test_in_process_with_the_repository_on_sys_path_imports_nothing(tmp_path, markers, monkeypatch):
    """Even with the repository first on sys.path (``python -m`` from inside it puts the
    current folder there), analysing it imports none of its modules.  (Modules named
    like the tool's dependencies would shadow them there, as for any Python program:
    the console script, which never puts the current folder on sys.path, is tested
    with those above.)"""
    files = booby_trapped(markers, shadows=False)
    root = write_tree(tmp_path / "repo", files)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(files, dict(files, **{"shop/report.py": new_module(markers)})))
    monkeypatch.syspath_prepend(str(root))
    before = set(sys.modules)
    code, out, err = run_main(["check", str(patch), "--repo", str(root), "--no-cache", "-j", "2"])
    check_cli(code, out, err)
    assert code == 1
    loaded = {m for m in set(sys.modules) - before if m.split(".")[0] in {"shop", "gen", "conftest", "setup"}}
    assert loaded == set()
    assert_no_marker(markers, "in-process run")
    assert os.path.isdir(root)


@pytest.mark.skipif(sys.platform == "win32", reason="shell hooks; no background build without flock")
@pytest.mark.parametrize("mode", ["patch", "worktree", "staged", "base", "diff", "sarif"])
def test_the_background_build_executes_nothing(tmp_path, monkeypatch, markers, mode):
    """With the background build on (the default), a check that answers lazily starts a full
    build in a new interpreter: run from the repository root, that interpreter must not import
    the repository's reuse_audit.py, tree_sitter.py, click.py, sitecustomize.py or
    usercustomize.py, whatever the mode, nor see its PYTHONPATH or PYTHONSTARTUP."""
    from reuse_audit.index import background
    from reuse_audit.facts.cache import FactsCache

    repo = _git_repo(tmp_path, monkeypatch, markers)
    new = new_module(markers)
    (repo.path / "shop" / "report.py").write_text(new)
    if mode == "staged":
        repo.git("add", "-A")
    args = {
        "worktree": [],
        "staged": ["--staged"],
        "base": ["--base", "HEAD"],
        "diff": ["--diff"],
        "sarif": ["--format", "sarif"],
    }.get(mode)
    if mode == "patch":
        files = {p.relative_to(repo.path).as_posix(): p.read_text() for p in repo.path.rglob("*.py") if ".git" not in p.parts}
        before = {k: v for k, v in files.items() if k != "shop/report.py"}
        patch = tmp_path / "change.patch"
        patch.write_bytes(make_patch(before, files))
        (repo.path / "shop" / "report.py").unlink()
        args = [str(patch), "--repo", "."]
    for name in list(markers.iterdir()):  # the test's own git commands may have run the traps
        name.unlink()
    cache = tmp_path / "cache"
    env = {background.ENV_OFF: "0", "PYTHONSTARTUP": str(repo.path / "sitecustomize.py")}
    run = run_cli(["check", *args, "--cache-dir", cache, "--jobs", "2"], cwd=repo.path, env=env)
    assert run.returncode in (0, 1), run
    assert "cache not updated" not in run.stderr, run
    assert background.wait(cache, 180), "the background build did not end"
    facts = FactsCache(cache)
    try:
        assert facts.snapshots(), "the background build stored nothing: it did not run"
    finally:
        facts.close()
    assert_no_marker(markers, f"background build after {mode}")


def test_the_background_build_runs_isolated(tmp_path, monkeypatch):
    """``python -I -B`` from the cache directory, without the caller's PYTHON* variables."""
    import subprocess

    from reuse_audit.index import background
    from reuse_audit.settings import Settings

    seen = {}

    class Fake:
        def __init__(self, command, **kwargs):
            seen.update(kwargs, command=command)

    monkeypatch.setattr(subprocess, "Popen", Fake)
    monkeypatch.setenv(background.ENV_OFF, "0")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv("PYTHONSTARTUP", str(tmp_path / "x.py"))
    background.start(tmp_path, tmp_path / "cache", Settings())
    assert seen["command"][1:3] == ["-I", "-B"]
    assert seen["cwd"] == str((tmp_path / "cache").resolve())
    assert not [k for k in seen["env"] if k.startswith("PYTHON")]


# every program a repository's .git/config (or a user's) can name for git to run while reading it
GIT_PROGRAMS = {
    "filter.ev.clean": "clean",
    "filter.ev.smudge": "smudge",
    "filter.ev.process": "process",
    "diff.ev.textconv": "textconv",
    "diff.ev.command": "diff-command",
    "diff.external": "ext-diff",
    "core.pager": "pager",
    "pager.diff": "pager-diff",
    "pager.status": "pager-status",
    "credential.helper": "credential",
    "core.askPass": "askpass",
    "gpg.program": "gpg",
    "core.sshCommand": "ssh",
    "core.editor": "editor",
    "sequence.editor": "sequence-editor",
    "merge.ev.driver": "merge-driver",
}


@pytest.mark.skipif(sys.platform == "win32", reason="shell programs")
@pytest.mark.parametrize("mode", ["worktree", "staged", "base", "base-head", "diff", "sarif"])
def test_git_attributes_and_external_programs_never_run(tmp_path, monkeypatch, markers, mode):
    """A .gitattributes naming a filter, diff driver or textconv (in the tree, in
    .git/info/attributes and in core.attributesFile), and a .git/config defining them with
    programs that leave a marker, plus pagers, credential helpers, gpg and external diff:
    no mode runs any of them, and the working tree is compared by content."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "git")
    files = booby_trapped(markers, shadows=False)
    write_tree(repo.path, files)
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", "base")
    (repo.path / "shop" / "report.py").write_text(new_module(markers))
    if mode in ("staged", "base-head"):
        repo.git("add", "-A")
    if mode == "base-head":
        repo.git("-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "change")
    # an unchanged tracked file whose stat no longer matches the index: git would run the clean filter
    pricing = repo.path / "shop" / "pricing.py"
    pricing.write_bytes(pricing.read_bytes())
    os.utime(pricing, (1, 1))
    attributes = "*.py filter=ev diff=ev merge=ev\n* filter=ev diff=ev\n"
    (repo.path / ".gitattributes").write_text(attributes)
    (repo.path / ".git" / "info").mkdir(exist_ok=True)
    (repo.path / ".git" / "info" / "attributes").write_text(attributes)
    (tmp_path / "global-attributes").write_text(attributes)
    for key, name in GIT_PROGRAMS.items():
        repo.git("config", key, trap_command(markers, name))
    repo.git("config", "core.attributesFile", str(tmp_path / "global-attributes"))
    repo.git("config", "log.showSignature", "true")
    repo.git("config", "status.submoduleSummary", "true")
    repo.git("config", "diff.ev.binary", "false")
    for name in list(markers.iterdir()):
        name.unlink()
    monkeypatch.setenv("GIT_PAGER", "")
    monkeypatch.delenv("PAGER", raising=False)
    args = {
        "worktree": [],
        "staged": ["--staged"],
        "base": ["--base", "HEAD"],
        "base-head": ["--base", "HEAD~1", "--head", "HEAD"],
        "diff": ["--diff"],
        "sarif": ["--format", "sarif"],
    }[mode]
    run = run_cli(["check", *args, "--no-cache"], cwd=repo.path)
    assert run.returncode in (0, 1), run
    assert "label_for" in run.stdout or mode == "diff", run
    assert_no_marker(markers, f"git mode {mode}")
