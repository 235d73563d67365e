"""A changed file in a folder that is not analysed says so: a change never hides by its folder name.

Folders named build/, dist/, env/, venv/, node_modules/, site-packages/,
*.egg-info/ (and a few more, reuse_audit/tree.py SKIP_DIRS) are not analysed
by default; ``exclude = ["!build/"]`` in ``[tool.reuse-audit]`` analyses them.
"""

from __future__ import annotations

import pytest

from cli_support import BASE, copy_module, make_case, run_cli
from gitrepo import GitRepo, isolated_git


@pytest.mark.parametrize(
    "folder, name",
    [("build/lib", "build"), ("dist", "dist"), ("env", "env"), ("venv", "venv"), ("node_modules/x", "node_modules"),
     ("lib/site-packages", "site-packages"), ("shop.egg-info", "*.egg-info"), ("deep/er/build", "build")],
)
def test_a_changed_file_in_a_skipped_folder_is_named_in_a_note(tmp_path, folder, name):
    case = make_case(tmp_path, {f"{folder}/report.py": copy_module()})
    run = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    assert run.returncode == 0, run
    notes = [line for line in run.stderr.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1, run
    assert f"'{name}/' folder is not analysed by default" in notes[0] and f'"!{name}/"' in notes[0], run
    assert "1 changed file skipped" in notes[0]


def test_many_changed_files_in_one_skipped_folder_make_one_note(tmp_path):
    added = {f"build/lib/shop/m{k}.py": copy_module() for k in range(30)}
    case = make_case(tmp_path, added)
    run = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    notes = [line for line in run.stderr.splitlines() if line.startswith("note: ")]
    assert notes == [
        "note: build: 30 changed files skipped: a 'build/' folder is not analysed by default "
        '(exclude = ["!build/"] in [tool.reuse-audit] analyses it)'
    ], run


@pytest.mark.parametrize("pattern", ["!build/", "!build", "!build/**"])
def test_exclude_can_take_a_folder_off_the_skipped_ones(tmp_path, pattern):
    base = dict(BASE, **{"pyproject.toml": f'[tool.reuse-audit]\nexclude = ["{pattern}"]\n'})
    case = make_case(tmp_path, {"build/lib/report.py": copy_module()}, base=base)
    run = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    assert run.returncode == 1 and run.stdout.startswith("build/lib/report.py:"), run
    assert "not analysed" not in run.stderr


def test_a_changed_file_an_exclude_pattern_matches_is_named_in_a_note(tmp_path):
    base = dict(BASE, **{"pyproject.toml": '[tool.reuse-audit]\nexclude = ["gen/**"]\n'})
    case = make_case(tmp_path, {"gen/report.py": copy_module()}, base=base)
    run = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    assert run.returncode == 0, run
    assert "note: gen/report.py: skipped: matches an exclude pattern in [tool.reuse-audit]" in run.stderr, run


def test_an_untracked_file_in_a_skipped_folder_is_named_in_the_working_tree_mode(tmp_path, monkeypatch):
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "git")
    repo.commit("base", dict(BASE))
    repo.write({"dist/report.py": copy_module()})
    run = run_cli(["check", "--no-cache"], cwd=repo.path)
    assert run.returncode == 0, run
    assert "note: dist: 1 changed file skipped: a 'dist/' folder" in run.stderr, run
