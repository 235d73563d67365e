"""Changes read from git (reuse_audit/gitsource.py) through ``reuse-audit check``.

Every test builds real git repositories in tmp_path, with HOME pointed there
so no user configuration leaks in; nothing touches the network (the shallow
clones use file:// URLs).
"""

from __future__ import annotations

import json
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from gitrepo import BASE_FILES, CORE, REIMPL, REUSE, UTIL, GitRepo, isolated_git
from reuse_audit.source import git as gitsource
from reuse_audit.source.change import FileChange
from reuse_audit.app.cli import main
from test_ra001 import without_fix_mark
from reuse_audit.errors import UsageError
from reuse_audit.settings import Settings

FINDING = "RA001 'handle' re-implements"


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolated_git(tmp_path, monkeypatch)


@pytest.fixture
def check(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def run(*args: str, cwd: Path | None = None) -> Result:
        if cwd is not None:
            monkeypatch.chdir(cwd)
        capsys.readouterr()
        with pytest.raises(SystemExit) as exc:
            main(["check", "--no-cache", "--jobs", "1", *args])
        out, err = capsys.readouterr()
        # these tests are about where the change comes from: a safe fix's [*] mark is tested with the fixes
        out = "".join(without_fix_mark(line) for line in out.splitlines(keepends=True))
        return Result(exc.value.code, out, err)

    return run


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    return r


def error_line(result: Result) -> str:
    assert result.code == 2, result
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("reuse-audit: error: ")
    return lines[0]


# ---------------------------------------------------------------------------
# --staged
# ---------------------------------------------------------------------------


def test_staged_reimplementation_is_flagged(repo: GitRepo, check):
    repo.write({"pkg/new.py": REIMPL})
    repo.git("add", "pkg/new.py")
    result = check("--staged", "--repo", str(repo.path))
    assert result.code == 1, result
    assert f"pkg/new.py:6:1: {FINDING} 'pkg.core.process'" in result.out


def test_unstaged_reimplementation_is_not_checked_by_staged(repo: GitRepo, check):
    repo.write({"pkg/new.py": REIMPL, "pkg/core.py": CORE + "\n# a staged comment\n"})
    repo.git("add", "pkg/core.py")  # something staged, but not the new module
    result = check("--staged", "--repo", str(repo.path))
    assert result.code == 0, result
    assert "No findings" in result.out
    # the working tree (untracked module included) does have it
    assert check("--repo", str(repo.path)).code == 1


def test_staged_reads_head_and_index_not_the_working_tree(repo: GitRepo, check):
    # handle() is added to an existing module and staged ...
    repo.commit("report module", {"pkg/report.py": '"""Reports."""\n'})
    repo.write({"pkg/report.py": REIMPL})
    repo.git("add", "pkg/report.py")
    # ... then fixed in the working tree only: the commit would still add the copy
    repo.write({"pkg/report.py": REUSE})
    result = check("--staged", "--repo", str(repo.path))
    assert result.code == 1, result
    assert "pkg/report.py:6:1: " + FINDING in result.out
    # had the before tree been the working tree, handle() would not be new at all
    assert check("--repo", str(repo.path)).code == 0


def test_staged_reuse_passes(repo: GitRepo, check):
    repo.write({"pkg/new.py": REUSE})
    repo.git("add", "-A")
    result = check("--staged", "--repo", str(repo.path))
    assert result.code == 0, result


def test_staged_does_not_touch_index_or_working_tree(repo: GitRepo, check):
    repo.write({"pkg/new.py": REIMPL, "pkg/other.py": REUSE})
    repo.git("add", "pkg/new.py")
    index = (repo.path / ".git" / "index").read_bytes()
    status = repo.git("status", "--porcelain")
    assert check("--staged", "--repo", str(repo.path)).code == 1
    assert check("--repo", str(repo.path)).code == 1
    assert (repo.path / ".git" / "index").read_bytes() == index
    assert repo.git("status", "--porcelain") == status


# ---------------------------------------------------------------------------
# working tree (no PATCH)
# ---------------------------------------------------------------------------


def test_worktree_untracked_module_is_flagged(repo: GitRepo, check):
    repo.write({"pkg/new.py": REIMPL})
    result = check(cwd=repo.path)
    assert result.code == 1, result
    assert "pkg/new.py:6:1: " + FINDING in result.out


def test_worktree_ignored_module_is_not_checked(repo: GitRepo, check):
    repo.commit("ignore", {".gitignore": "generated/\n"})
    repo.write({"generated/new.py": REIMPL})
    result = check("--repo", str(repo.path))
    assert result.code == 0, result


def test_worktree_unstaged_edit_is_checked(repo: GitRepo, check):
    repo.commit("report module", {"pkg/report.py": '"""Reports."""\n'})
    repo.write({"pkg/report.py": REIMPL})
    assert check("--repo", str(repo.path)).code == 1


def test_repo_subfolder_analyses_whole_repository(repo: GitRepo, check):
    repo.write({"pkg/new.py": REIMPL})
    (repo.path / "docs").mkdir()
    result = check("--repo", str(repo.path / "docs"))
    assert result.code == 1, result
    assert result.out.startswith("pkg/new.py:6:1: ")  # relative to the repository root
    result = check("--staged", cwd=repo.path / "pkg")
    assert result.code == 0, result


def test_worktree_clean_repository(repo: GitRepo, check):
    result = check("--repo", str(repo.path))
    assert result.code == 0
    assert "0 changed functions" in result.out


# ---------------------------------------------------------------------------
# --base / --head
# ---------------------------------------------------------------------------


@pytest.fixture
def branched(repo: GitRepo) -> GitRepo:
    """main: base (with a pre-existing copy in pkg/legacy.py), then a cleanup
    commit after the branch point; feature: adds pkg/new.py (a copy)."""
    legacy = REIMPL.replace("def handle(", "def legacy_handle(")
    repo.commit("legacy", {"pkg/legacy.py": legacy})
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("feature adds a copy", {"pkg/new.py": REIMPL})
    repo.git("checkout", "-q", "main")
    repo.remove("pkg/legacy.py")
    repo.commit("main removes the legacy copy after the branch point")
    return repo


def test_base_head_checks_what_the_branch_adds(branched: GitRepo, check):
    result = check("--base", "main", "--head", "feature", "--repo", str(branched.path), "--format", "json")
    assert result.code == 1, result
    findings = json.loads(result.out)["findings"]
    # merge-base semantics: pkg/legacy.py is in the merge base and unchanged on
    # the branch; against main's tip it would look added and be flagged
    assert [(f["path"], f["function"]) for f in findings] == [("pkg/new.py", "pkg.new.handle")]


def test_base_without_head_uses_working_tree(branched: GitRepo, check):
    branched.git("checkout", "-q", "feature")
    branched.write({"pkg/extra.py": REIMPL.replace("def handle(", "def handle_more(")})  # untracked
    result = check("--base", "main", "--repo", str(branched.path))
    assert result.code == 1, result
    assert "pkg/new.py:6:1: " + FINDING in result.out
    assert "pkg/extra.py:6:1: RA001 'handle_more'" in result.out
    assert "legacy" not in result.out.split("\n    ")[0]


def test_base_head_with_reuse_passes(repo: GitRepo, check):
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("reuse", {"pkg/new.py": REUSE})
    result = check("--base", "main", "--head", "feature", "--repo", str(repo.path))
    assert result.code == 0, result


def test_base_accepts_commit_shas_and_rev_syntax(branched: GitRepo, check):
    head = branched.sha("feature")
    result = check("--base", "feature~1", "--head", head, "--repo", str(branched.path))
    assert result.code == 1, result


def test_pre_commit_from_to_ref(branched: GitRepo, check, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", branched.sha("main"))
    monkeypatch.setenv("PRE_COMMIT_TO_REF", branched.sha("feature"))
    result = check("--repo", str(branched.path), "--format", "json")
    assert result.code == 1, result
    assert [f["path"] for f in json.loads(result.out)["findings"]] == ["pkg/new.py"]
    # the hook's entry is `check --staged`: in a pre-commit range run the range wins
    assert check("--staged", "--repo", str(branched.path)).code == 1
    # an explicit --base wins over the environment
    assert check("--base", "main", "--head", "main", "--repo", str(branched.path)).code == 0


def test_pre_commit_from_ref_alone_is_ignored(branched: GitRepo, check, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", branched.sha("main"))
    assert check("--repo", str(branched.path)).code == 0  # main's clean working tree


def test_pre_commit_unknown_ref_names_the_variable(repo: GitRepo, check, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", "0" * 40)
    monkeypatch.setenv("PRE_COMMIT_TO_REF", "HEAD")
    line = error_line(check("--repo", str(repo.path)))
    assert "PRE_COMMIT_FROM_REF " + "0" * 40 in line


# ---------------------------------------------------------------------------
# renames and deletions
# ---------------------------------------------------------------------------

PADDING = "".join(f"\n\ndef helper_{i}(value):\n    return value + {i}\n" for i in range(12))


@pytest.fixture
def with_legacy(repo: GitRepo) -> GitRepo:
    legacy = REIMPL.replace("def handle(", "def legacy_handle(") + textwrap.indent(PADDING, "    ")
    repo.commit("legacy", {"pkg/legacy.py": legacy})
    return repo


@pytest.mark.parametrize("how", ["git mv", "plain mv"])
def test_moved_unchanged_file_gives_no_finding(with_legacy: GitRepo, check, how: str):
    (with_legacy.path / "pkg" / "old").mkdir()
    if how == "git mv":
        with_legacy.git("mv", "pkg/legacy.py", "pkg/old/legacy.py")
    else:  # untracked destination: the working-tree mode still sees the rename
        (with_legacy.path / "pkg" / "legacy.py").rename(with_legacy.path / "pkg" / "old" / "legacy.py")
    result = check("--repo", str(with_legacy.path))
    assert result.code == 0, result
    if how == "git mv":
        assert check("--staged", "--repo", str(with_legacy.path)).code == 0


def test_moved_unchanged_file_in_a_range(with_legacy: GitRepo, check):
    with_legacy.git("checkout", "-q", "-b", "move")
    with_legacy.git("mv", "pkg/legacy.py", "pkg/moved.py")
    with_legacy.commit("move")
    assert check("--base", "main", "--head", "move", "--repo", str(with_legacy.path)).code == 0


def test_renamed_and_edited_file_is_compared(with_legacy: GitRepo, check):
    with_legacy.git("mv", "pkg/legacy.py", "pkg/renamed.py")
    text = (with_legacy.path / "pkg" / "renamed.py").read_text()
    text += textwrap.dedent(REIMPL.split("load\n", 1)[1])  # handle() appended
    (with_legacy.path / "pkg" / "renamed.py").write_text(text)
    with_legacy.git("add", "-A")
    change = gitsource.change_from_staged(gitsource.find_repository(with_legacy.path))
    assert change.files == (FileChange("pkg/legacy.py", "pkg/renamed.py"),)
    result = check("--staged", "--repo", str(with_legacy.path), "--format", "json")
    assert result.code == 1, result
    findings = json.loads(result.out)["findings"]
    # only the new function: legacy_handle moved with its file, unchanged
    assert [f["function"] for f in findings] == ["pkg.renamed.handle"]


def test_deleted_files(with_legacy: GitRepo, check):
    with_legacy.git("rm", "-q", "pkg/legacy.py")
    change = gitsource.change_from_staged(gitsource.find_repository(with_legacy.path))
    assert change.files == (FileChange("pkg/legacy.py", None),)
    assert check("--staged", "--repo", str(with_legacy.path)).code == 0
    assert check("--repo", str(with_legacy.path)).code == 0
    with_legacy.commit("delete")
    assert check("--base", "HEAD~1", "--head", "HEAD", "--repo", str(with_legacy.path)).code == 0


def test_deleted_target_is_no_longer_a_target(repo: GitRepo, check):
    repo.remove("pkg/core.py")  # unstaged deletion of process()
    repo.write({"pkg/new.py": REIMPL})
    assert check("--repo", str(repo.path)).code == 0


# ---------------------------------------------------------------------------
# repository states
# ---------------------------------------------------------------------------


def test_no_commits_yet(tmp_path: Path, check):
    # With no commit, every function is added by the one change: RA001 does not
    # compare two functions a change adds (issue 13), so the copy is not reported
    # until its target is committed.
    fresh = GitRepo(tmp_path / "fresh")
    fresh.write(dict(BASE_FILES, **{"pkg/new.py": REIMPL}))
    result = check("--repo", str(fresh.path))  # all untracked
    assert result.code == 0 and "changed functions checked" in result.out, result
    assert check("--staged", "--repo", str(fresh.path)).code == 0  # nothing staged
    fresh.git("add", "pkg/__init__.py", "pkg/util.py", "pkg/core.py")
    assert check("--staged", "--repo", str(fresh.path)).code == 0
    fresh.git("add", "pkg/new.py")
    result = check("--staged", "--repo", str(fresh.path))
    assert result.code == 0, result
    line = error_line(check("--base", "main", "--repo", str(fresh.path)))
    assert "--base main" in line


def test_detached_head(branched: GitRepo, check):
    branched.git("checkout", "-q", "--detach", "feature")
    assert check("--base", "main", "--repo", str(branched.path)).code == 1
    branched.git("checkout", "-q", "--detach", "main")
    branched.write({"pkg/new.py": REIMPL})
    assert check("--repo", str(branched.path)).code == 1
    branched.git("add", "-A")
    assert check("--staged", "--repo", str(branched.path)).code == 1


def test_shallow_clone_without_the_base(tmp_path: Path, branched: GitRepo, check):
    clone = tmp_path / "shallow"
    branched.git("clone", "-q", "--depth", "1", "--branch", "feature", branched.path.as_uri(), str(clone))
    line = error_line(check("--base", "origin/main", "--repo", str(clone)))
    assert "--base origin/main" in line and "shallow" in line
    assert "fetch-depth: 0" in line and "git fetch --unshallow" in line


def test_shallow_clone_without_a_merge_base(tmp_path: Path, branched: GitRepo, check):
    clone = tmp_path / "shallow"
    branched.git("clone", "-q", "--depth", "1", "--no-single-branch", branched.path.as_uri(), str(clone))
    GitRepo(clone, init=False).git("checkout", "-q", "feature")
    line = error_line(check("--base", "origin/main", "--repo", str(clone)))
    assert "--base origin/main: no merge base with HEAD in this shallow clone" in line
    assert "fetch-depth: 0" in line


def test_unrelated_histories(repo: GitRepo, check):
    repo.git("checkout", "-q", "--orphan", "other")
    repo.commit("unrelated", {"other.py": "x = 1\n"})
    line = error_line(check("--base", "main", "--repo", str(repo.path)))
    assert "no merge base" in line and "unrelated" in line


@pytest.mark.parametrize("args, named", [
    (["--base", "no-such-branch"], "--base no-such-branch"),
    (["--base", "main", "--head", "nope"], "--head nope"),
    (["--base", "--output=x"], "--base --output=x"),
])
def test_unknown_ref(repo: GitRepo, check, args: list[str], named: str):
    line = error_line(check(*args, "--repo", str(repo.path)))
    assert named in line and "unknown revision" in line


@pytest.mark.parametrize("args", [
    ["change.patch", "--staged"],
    ["change.patch", "--base", "main"],
    ["--staged", "--base", "main"],
    ["--staged", "--head", "main"],
    ["-", "--head", "main"],
])
def test_combined_sources(repo: GitRepo, check, args: list[str]):
    line = error_line(check(*args, "--repo", str(repo.path)))
    assert "give only one of PATCH, --staged and --base/--head" in line


def test_head_needs_base(repo: GitRepo, check):
    assert "--head main: needs --base" in error_line(check("--head", "main", "--repo", str(repo.path)))


@pytest.mark.parametrize("args, expected", [
    (["--staged"], "--staged needs a git repository"),
    (["--base", "main"], "--base/--head needs a git repository"),
    ([], "no PATCH given and --repo"),
])
def test_outside_a_git_repository(tmp_path: Path, check, args: list[str], expected: str):
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "mod.py").write_text("x = 1\n")
    line = error_line(check(*args, "--repo", str(plain)))
    assert expected in line


def write_patch(target: Path, path: str, text: str) -> Path:
    """A patch adding ``path`` with ``text`` (dedented)."""
    body = "".join("+" + line + "\n" for line in textwrap.dedent(text).lstrip("\n").splitlines())
    target.write_text(f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{body.count(chr(10))} @@\n{body}")
    return target


def test_patch_mode_still_works_inside_a_repository(repo: GitRepo, check, tmp_path: Path):
    patch = write_patch(tmp_path / "change.patch", "pkg/new.py", REIMPL)
    result = check(str(patch), "--repo", str(repo.path))
    assert result.code == 1, result


def test_submodule_is_skipped_with_a_note(tmp_path: Path, repo: GitRepo, check):
    lib = GitRepo(tmp_path / "lib")
    lib.commit("lib", {"lib/__init__.py": "", "lib/helpers.py": UTIL})
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.path.as_uri(), "vendor/lib")
    repo.commit("submodule")
    repo.write({"pkg/new.py": REIMPL})
    for args in ([], ["--staged"]):
        result = check(*args, "--repo", str(repo.path))
        assert "note: vendor/lib: submodule skipped" in result.err, result
    result = check("--repo", str(repo.path))
    assert result.code == 1
    assert "vendor/lib" not in result.out


def test_symlink_to_a_module(repo: GitRepo, check):
    os.symlink("core.py", repo.path / "pkg" / "alias.py")
    repo.commit("alias")
    tree = gitsource.GitTree.from_tree(gitsource.find_repository(repo.path), _head_tree(repo))
    assert "pkg/alias.py" in tree.paths()
    assert tree.read("pkg/alias.py") == tree.read("pkg/core.py")


def _head_tree(repo: GitRepo):
    return gitsource.find_repository(repo.path).head.commit.tree


# ---------------------------------------------------------------------------
# GitTree
# ---------------------------------------------------------------------------


def test_git_tree_skips_folders_like_fs_tree(repo: GitRepo):
    repo.commit("noise", {
        "build/lib/pkg/core.py": CORE,
        "venv2/pyvenv.cfg": "home = /usr\n",
        "venv2/lib/site.py": "x = 1\n",
        "thing.egg-info/x.py": "x = 1\n",
        "docs/conf.py": "x = 1\n",
        "scripts/tool.py": "x = 1\n",
        "README.md": "hi\n",
    })
    git_repo = gitsource.find_repository(repo.path)
    tree = gitsource.GitTree.from_tree(git_repo, git_repo.head.commit.tree, exclude=["docs/**", "scripts/*.py"])
    assert tree.paths() == ("pkg/__init__.py", "pkg/core.py", "pkg/util.py")
    assert tree.read("README.md") == b"hi\n"
    assert tree.read("build/lib/pkg/core.py").startswith(b'"""The pipeline."""')  # readable, not listed
    assert tree.exists("pkg") and tree.exists("build") and not tree.exists("nope")
    assert tree.is_excluded("docs/new.py") and tree.is_excluded("venv2/new.py") and not tree.is_excluded("pkg/x.py")
    with pytest.raises(KeyError):
        tree.read("pkg")
    with pytest.raises(KeyError):
        tree.read("missing.py")
    index = gitsource.GitTree.from_index(git_repo, exclude=["docs/**", "scripts/*.py"])
    assert index.paths() == tree.paths()


def test_pyproject_settings_come_from_the_repository_root(repo: GitRepo, check):
    repo.commit("config", {"pyproject.toml": '[tool.reuse-audit]\nexclude = ["pkg/new.py"]\n'})
    repo.write({"pkg/new.py": REIMPL})
    (repo.path / "docs").mkdir()
    assert check("--repo", str(repo.path / "docs")).code == 0


# ---------------------------------------------------------------------------
# provenance
# ---------------------------------------------------------------------------


def test_provenance(repo: GitRepo, monkeypatch: pytest.MonkeyPatch):
    git_repo = gitsource.find_repository(repo.path)
    assert gitsource.provenance(git_repo) is None  # no remote
    repo.git("remote", "add", "upstream", "git@github.com:other/fork.git")
    assert gitsource.provenance(git_repo).repository_uri == "ssh://github.com/other/fork.git"
    repo.git("remote", "add", "origin", "https://x-access-token:secret@github.com/acme/widgets.git")
    p = gitsource.provenance(repo.path, environ={})
    assert p is not None
    assert p.repository_uri == "https://github.com/acme/widgets.git"
    assert p.revision == repo.sha("HEAD")
    assert p.branch == "main"
    gh = gitsource.provenance(git_repo, environ={"GITHUB_ACTIONS": "true", "GITHUB_REF": "refs/pull/7/merge"})
    assert gh.branch == "refs/pull/7/merge"
    repo.git("checkout", "-q", "--detach")
    detached = gitsource.provenance(git_repo, environ={})
    assert detached.branch is None and detached.revision == repo.sha("HEAD")


def test_provenance_of_head_ref(branched: GitRepo):
    branched.git("remote", "add", "origin", "https://github.com/acme/widgets")
    p = gitsource.provenance(branched.path, head="feature", environ={})
    assert (p.revision, p.branch) == (branched.sha("feature"), "feature")
    p = gitsource.provenance(branched.path, head=branched.sha("feature"), environ={})
    assert (p.revision, p.branch) == (branched.sha("feature"), None)


@pytest.mark.parametrize("url, expected", [
    ("https://user:token@github.com/o/r.git", "https://github.com/o/r.git"),
    ("https://token@github.com/o/r", "https://github.com/o/r"),
    ("ssh://git@github.com:22/o/r.git", "ssh://github.com:22/o/r.git"),
    ("git@github.com:o/r.git", "ssh://github.com/o/r.git"),
    ("https://github.com/o/r.git", "https://github.com/o/r.git"),
])
def test_strip_credentials(url: str, expected: str):
    assert gitsource.strip_credentials(url) == expected


def test_strip_credentials_local_path(tmp_path: Path):
    assert gitsource.strip_credentials(str(tmp_path)) == tmp_path.resolve().as_uri()


def test_sarif_carries_provenance(branched: GitRepo, check, monkeypatch: pytest.MonkeyPatch):
    branched.git("remote", "add", "origin", "https://bot:pw@example.com/acme/widgets.git")
    result = check("--base", "main", "--head", "feature", "--repo", str(branched.path), "--format", "sarif")
    assert result.code == 1, result
    run = json.loads(result.out)["runs"][0]
    vcp = run["versionControlProvenance"][0]
    assert vcp["repositoryUri"] == "https://example.com/acme/widgets.git"
    assert vcp["revisionId"] == branched.sha("feature")
    assert vcp["branch"] == "feature"
    assert "pw" not in result.out
    # a patch checked against the repository root gets provenance too
    patch = write_patch(branched.path.parent / "small.patch", "small.py", "x = 1\n")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_REF", "refs/heads/main")
    result = check(str(patch), "--repo", str(branched.path), "--format", "sarif")
    vcp = json.loads(result.out)["runs"][0]["versionControlProvenance"][0]
    assert (vcp["revisionId"], vcp["branch"]) == (branched.sha("main"), "refs/heads/main")


def test_sarif_without_git_has_no_provenance(tmp_path: Path, check):
    plain = tmp_path / "plain"
    plain.mkdir()
    patch = write_patch(tmp_path / "small.patch", "small.py", "x = 1\n")
    result = check(str(patch), "--repo", str(plain), "--format", "sarif")
    assert result.code == 0, result
    assert "versionControlProvenance" not in json.loads(result.out)["runs"][0]


# ---------------------------------------------------------------------------
# API
# ---------------------------------------------------------------------------


def test_select_source():
    assert gitsource.select_source("x.patch", environ={}) is None
    assert gitsource.select_source(None, environ={}) == gitsource.GitSource("worktree")
    assert gitsource.select_source(None, staged=True, environ={}) == gitsource.GitSource("staged")
    assert gitsource.select_source(None, base="a", environ={}) == gitsource.GitSource("range", "a", None)
    env = {"PRE_COMMIT_FROM_REF": "a", "PRE_COMMIT_TO_REF": "b"}
    assert gitsource.select_source(None, environ=env) == gitsource.GitSource("range", "a", "b", "PRE_COMMIT_FROM_REF")
    assert gitsource.select_source("-", environ=env) is None
    with pytest.raises(UsageError):
        gitsource.select_source("x", staged=True, environ={})


def test_change_from_git_api(branched: GitRepo):
    git_repo = gitsource.find_repository(branched.path / "pkg")
    assert gitsource.work_tree(git_repo) == branched.path
    change = gitsource.change_from_git(git_repo, gitsource.GitSource("range", "main", "feature"), Settings())
    assert change.files == (FileChange(None, "pkg/new.py"),)
    assert "pkg/legacy.py" in change.before.paths() and "pkg/legacy.py" in change.after.paths()
    assert change.after.read("pkg/new.py").startswith(b'"""Written by a coding agent."""')


# ---------------------------------------------------------------------------
# the working tree compared by content (no clean filter, no git status)
# ---------------------------------------------------------------------------


def _worktree_files(repo: GitRepo) -> set[FileChange]:
    r = gitsource.open_repository(repo.path, gitsource.GitSource("worktree"))
    try:
        return set(gitsource.change_from_worktree(r).files)
    finally:
        r.close()


def test_worktree_is_compared_by_content_not_stat(repo: GitRepo):
    """A file touched but not changed is not a change; one changed to the same size with its
    old mtime put back is one; a module moved with plain mv is a rename; nothing is written
    into the repository's index or objects."""
    index = repo.path / ".git" / "index"
    index_before = index.read_bytes()
    objects_before = sorted(p.name for p in (repo.path / ".git" / "objects").rglob("*"))
    util = repo.path / "pkg" / "util.py"
    util.write_bytes(util.read_bytes())
    os.utime(util, (1, 1))
    core = repo.path / "pkg" / "core.py"
    st = core.stat()
    text = core.read_text()
    core.write_text(text.replace("Load", "LOAD"))
    os.utime(core, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert _worktree_files(repo) == {FileChange("pkg/core.py", "pkg/core.py")}
    (repo.path / "pkg" / "moved.py").write_bytes(util.read_bytes())
    util.unlink()
    assert _worktree_files(repo) == {FileChange("pkg/core.py", "pkg/core.py"), FileChange("pkg/util.py", "pkg/moved.py")}
    assert index.read_bytes() == index_before
    assert sorted(p.name for p in (repo.path / ".git" / "objects").rglob("*")) == objects_before


def test_worktree_with_a_clean_filter_compares_the_bytes_on_disk(repo: GitRepo, tmp_path: Path):
    """A clean filter (here one that would blank every file) is never run: the working tree's
    own bytes are what is checked."""
    marker = tmp_path / "ran"
    (repo.path / ".gitattributes").write_text("*.py filter=blank\n")
    repo.git("config", "filter.blank.clean", f"touch {str(marker)!r}; true")
    repo.write({"pkg/new.py": REIMPL})
    util = repo.path / "pkg" / "util.py"
    os.utime(util, (1, 1))
    assert _worktree_files(repo) == {FileChange(None, "pkg/new.py")}
    assert not marker.exists()


def test_worktree_untracked_folder_and_nested_repository(repo: GitRepo, check):
    """Files of an untracked folder are added (ls-files, not git status); an untracked nested
    repository is named in a note and not entered."""
    repo.write({"extra/deep/new.py": REIMPL})
    nested = GitRepo(repo.path / "vendored")
    nested.write({"inner.py": REIMPL})
    result = check("--repo", str(repo.path))
    assert result.code == 1 and "extra/deep/new.py:6:1:" in result.out, result
    assert "note: vendored: skipped: untracked nested git repository" in result.err, result
    assert "inner.py" not in result.out


def test_worktree_of_a_repository_whose_path_holds_a_colon(tmp_path: Path, check):
    """The scratch object folder names the repository's objects as an alternate: a ':' in
    its path (the list separator of GIT_ALTERNATE_OBJECT_DIRECTORIES) is quoted."""
    r = GitRepo(tmp_path / 'odd:"name')
    r.commit("base", BASE_FILES)
    r.write({"pkg/core.py": CORE.replace("process", "process2"), "pkg/new.py": REIMPL})
    (r.path / "pkg" / "util.py").unlink()
    (r.path / "pkg" / "helpers.py").write_text(textwrap.dedent(UTIL))
    result = check("--repo", str(r.path))
    assert result.code in (0, 1) and "error" not in result.err, result
    files = _worktree_files(r)
    assert FileChange("pkg/util.py", "pkg/helpers.py") in files, files


def test_a_path_beginning_with_a_colon_does_not_hide_the_files_after_it(repo: GitRepo, check):
    # GitPython's diff parser splits git's raw output on ':' and dropped every entry from a file
    # named ':memory:' on (a real agent commit adds one): git's own format is read instead
    base = repo.git("rev-parse", "HEAD").strip()
    repo.commit("a stray database file, then the copy", {":memory:": "x", "pkg/new.py": REIMPL})
    result = check("--base", base, "--head", "HEAD", "--repo", str(repo.path))
    assert result.code == 1, result
    assert f"pkg/new.py:6:1: {FINDING} 'pkg.core.process'" in result.out


def test_parse_raw_diff_reads_renames_copies_and_modes():
    from reuse_audit.source.git import parse_raw_diff

    z = "0" * 40
    data = (
        f":000000 100644 {z} {z} A\0:memory:\0"
        f":100644 100644 {z} {z} R091\0old.py\0new.py\0"
        f":100644 120000 {z} {z} T\0link.py\0"
        f":100644 100644 {z} {z} C075\0a.py\0b.py\0"
        f":100644 000000 {z} {z} D\0gone.py\0"
    ).encode()
    got = [(d.a_path, d.b_path, d.change_type, d.b_mode) for d in parse_raw_diff(data)]
    assert got == [
        (None, ":memory:", "A", 0o100644),
        ("old.py", "new.py", "R", 0o100644),
        ("link.py", "link.py", "T", 0o120000),
        (None, "b.py", "A", 0o100644),
        ("gone.py", None, "D", 0),
    ]


def test_check_path_names_the_function_written_later_as_the_copy(repo: GitRepo, check, monkeypatch):
    # two existing functions that copy each other: the one git wrote later is the copy, whatever
    # the paths' order (pkg/a_copy.py sorts before pkg/core.py)
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2035-01-01T00:00:00+00:00")
    repo.commit("a copy, later", {"pkg/a_copy.py": REIMPL})
    result = check(str(repo.path / "pkg"), "--repo", str(repo.path), "--select", "RA001")
    assert result.code == 1, result
    assert "pkg/a_copy.py:6:1: RA001" in result.out and "'handle' re-implements 'pkg.core.process'" in result.out
    assert "pkg/core.py" not in result.out.split("Found")[0].split("\n")[0]
    assert "Found 1 finding" in result.out
