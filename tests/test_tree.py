"""Tests for reuse_audit.source.tree: FsTree, MemoryTree, OverlayTree and apply_patch."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from reuse_audit.errors import PatchError, UsageError
from reuse_audit.source.patch import parse_patch
from reuse_audit.source.tree import FsTree, MemoryTree, OverlayTree, SourceTree, apply_patch


def make(root: Path, files: dict[str, bytes | str]) -> None:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)


def snapshot(root: Path) -> dict[str, bytes]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath, name)
            if not path.is_symlink():
                out[str(path.relative_to(root))] = path.read_bytes()
    return out


def patch_error(base: SourceTree, text: str) -> str:
    with pytest.raises(PatchError) as info:
        apply_patch(base, parse_patch(text, "change.patch"), "change.patch")
    assert "\n" not in str(info.value)
    return str(info.value)


# ---------------------------------------------------------------------------
# FsTree
# ---------------------------------------------------------------------------


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    make(
        root,
        {
            "setup.py": "",
            "pkg/__init__.py": "",
            "pkg/a.py": "a = 1\n",
            "pkg/sub/b.py": "b = 1\n",
            "pkg/data.txt": "data\n",
            "pkg/stub.pyi": "x: int\n",
            "pkg/m_pb2.py": "generated\n",
            ".git/hooks/x.py": "",
            ".venv/lib/x.py": "",
            "venv/x.py": "",
            "env/x.py": "",
            ".tox/x.py": "",
            "node_modules/x.py": "",
            "build/lib/x.py": "",
            "dist/x.py": "",
            "__pycache__/x.py": "",
            "pkg/__pycache__/a.cpython-311.py": "",
            "demo.egg-info/x.py": "",
            ".mypy_cache/x.py": "",
            "lib/site-packages/x.py": "",
            "myenv/pyvenv.cfg": "home = /usr\n",
            "myenv/lib/x.py": "",
            "gen/out.py": "",
            "tests/test_a.py": "",
            "tests/data/t.py": "",
            "docs/conf.py": "",
        },
    )
    return root


def test_fstree_lists_py_files_and_skips_tool_dirs(repo: Path):
    tree = FsTree(repo)
    assert tree.paths() == (
        "docs/conf.py",
        "gen/out.py",
        "pkg/__init__.py",
        "pkg/a.py",
        "pkg/m_pb2.py",
        "pkg/sub/b.py",
        "setup.py",
        "tests/data/t.py",
        "tests/test_a.py",
    )
    assert tree.notes == []
    assert isinstance(tree.paths(), tuple)


def test_fstree_exclude_patterns(repo: Path):
    tree = FsTree(repo, exclude=("gen/", "tests/**", "*_pb2.py", "docs"))
    assert tree.paths() == ("pkg/__init__.py", "pkg/a.py", "pkg/sub/b.py", "setup.py")
    assert tree.is_excluded("gen/new.py")
    assert tree.is_excluded("tests/x/new.py")
    assert tree.is_excluded("pkg/new_pb2.py")
    assert tree.is_excluded("docs/new.py")
    assert tree.is_excluded("build/new.py")  # a skipped directory
    assert tree.is_excluded("myenv/new.py")  # holds pyvenv.cfg
    assert not tree.is_excluded("pkg/new.py")
    # exclusion only hides files from paths(): they can still be read
    assert tree.read("gen/out.py") == b""


def test_fstree_exclude_file_glob_with_directory(repo: Path):
    tree = FsTree(repo, exclude=("pkg/sub/*",))
    assert "pkg/sub/b.py" not in tree.paths()
    assert "pkg/a.py" in tree.paths()


def test_fstree_read_and_exists(repo: Path):
    tree = FsTree(repo)
    assert tree.read("pkg/a.py") == b"a = 1\n"
    assert tree.read("pkg/data.txt") == b"data\n"  # any file, not just .py
    for missing in ("pkg/none.py", "pkg", "pkg/a.py/x", "../repo/pkg/a.py", "/etc/passwd", "", "pkg//a.py"):
        with pytest.raises(KeyError):
            tree.read(missing)
    assert tree.exists("pkg")
    assert tree.exists("pkg/data.txt")
    assert tree.exists(".git")
    assert not tree.exists("pkg/none.py")
    assert not tree.exists("../repo")
    assert not tree.exists("/")


def test_fstree_root_must_be_a_directory(tmp_path: Path):
    with pytest.raises(UsageError, match="is not a directory"):
        FsTree(tmp_path / "missing")
    (tmp_path / "f").write_text("")
    with pytest.raises(UsageError):
        FsTree(tmp_path / "f")


def test_fstree_symlink_loop_does_not_hang(repo: Path):
    (repo / "pkg" / "loop").symlink_to("..")
    (repo / "pkg" / "self").symlink_to(".")
    (repo / "pkg" / "sub" / "up").symlink_to("../..")
    tree = FsTree(repo)
    assert tree.paths() == FsTree(repo).paths()
    assert not any("loop" in p or "self" in p or "up/" in p for p in tree.paths())


def test_fstree_symlinked_files(repo: Path, tmp_path: Path):
    outside = tmp_path / "outside.py"
    outside.write_text("secret = 1\n")
    (repo / "pkg" / "alias.py").symlink_to("a.py")
    (repo / "pkg" / "out.py").symlink_to(outside)
    (repo / "pkg" / "dangling.py").symlink_to("nowhere.py")
    (repo / "pkg" / "cycle.py").symlink_to("cycle.py")
    (repo / "extdir").symlink_to(tmp_path, target_is_directory=True)
    tree = FsTree(repo)
    assert "pkg/alias.py" in tree.paths()
    assert "pkg/out.py" not in tree.paths()
    assert "pkg/dangling.py" not in tree.paths()
    assert "pkg/cycle.py" not in tree.paths()
    assert ("pkg/out.py", "skipped: symbolic link leads outside the tree") in tree.notes
    assert tree.read("pkg/alias.py") == b"a = 1\n"
    for escaping in ("pkg/out.py", "extdir/outside.py", "pkg/dangling.py", "pkg/cycle.py"):
        with pytest.raises(KeyError):
            tree.read(escaping)
    assert tree.inside("pkg/alias.py")
    assert not tree.inside("pkg/out.py")
    assert not tree.inside("extdir/new.py")
    assert tree.inside("pkg/new.py")


def test_fstree_unreadable_directory_is_noted(repo: Path, monkeypatch):
    real_scandir = os.scandir
    blocked = str(repo / "pkg" / "sub")

    def scandir(path):
        if str(path) == blocked:
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    tree = FsTree(repo)
    assert "pkg/sub/b.py" not in tree.paths()
    assert "pkg/a.py" in tree.paths()
    assert tree.notes == [("pkg/sub", "directory skipped: Permission denied")]


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads any directory")
def test_fstree_unreadable_directory_with_permissions(repo: Path):
    locked = repo / "pkg" / "sub"
    locked.chmod(0)
    try:
        tree = FsTree(repo)
        assert "pkg/sub/b.py" not in tree.paths()
        assert tree.notes and tree.notes[0][0] == "pkg/sub"
    finally:
        locked.chmod(0o755)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_fstree_special_files_are_not_listed_or_read(repo: Path):
    os.mkfifo(repo / "pkg" / "pipe.py")
    tree = FsTree(repo)
    assert "pkg/pipe.py" not in tree.paths()
    with pytest.raises(KeyError):
        tree.read("pkg/pipe.py")  # must not block
    assert tree.exists("pkg/pipe.py")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs byte file names")
def test_fstree_non_utf8_name_is_noted(repo: Path):
    with open(os.path.join(os.fsencode(repo / "pkg"), b"bad\xff.py"), "wb") as handle:
        handle.write(b"")
    tree = FsTree(repo)
    assert all("bad" not in p for p in tree.paths())
    assert any(reason == "skipped: name is not valid UTF-8" for _, reason in tree.notes)


def test_fstree_deep_tree_without_recursion(tmp_path: Path):
    root = tmp_path / "deep"
    path = root
    for _ in range(150):
        path = path / "d"
    path.mkdir(parents=True)
    (path / "leaf.py").write_text("")
    assert FsTree(root).paths() == ("d/" * 150 + "leaf.py",)


# ---------------------------------------------------------------------------
# MemoryTree and OverlayTree
# ---------------------------------------------------------------------------


def test_memory_tree():
    tree = MemoryTree({"b.py": b"b", "pkg/a.py": b"a", "pkg/data.txt": b"d"})
    assert tree.paths() == ("b.py", "pkg/a.py")
    assert tree.read("pkg/data.txt") == b"d"
    with pytest.raises(KeyError):
        tree.read("pkg")
    assert tree.exists("pkg") and tree.exists("pkg/a.py") and not tree.exists("pk")
    with pytest.raises(ValueError):
        MemoryTree({"../x.py": b""})
    with pytest.raises(TypeError):
        MemoryTree({"x.py": "text"})  # type: ignore[dict-item]


def test_overlay_tree():
    base = MemoryTree({"a.py": b"a", "b.py": b"b", "notes.txt": b"n", "pkg/c.py": b"c"})
    tree = OverlayTree(base, {"a.py": b"A", "b.py": None, "new/d.py": b"d", "x.txt": b"x", "pkg/c.py": None})
    assert tree.paths() == ("a.py", "new/d.py")
    assert tree.read("a.py") == b"A"
    assert tree.read("notes.txt") == b"n"
    with pytest.raises(KeyError):
        tree.read("b.py")
    assert not tree.exists("b.py")
    assert tree.exists("new") and tree.exists("new/d.py") and tree.exists("x.txt")
    assert tree.exists("pkg")  # still a directory in the base
    assert dict(tree.changes)["b.py"] is None
    with pytest.raises(TypeError):
        tree.changes["a.py"] = b"no"  # type: ignore[index]
    assert base.paths() == ("a.py", "b.py", "pkg/c.py")  # the base is untouched


def test_overlay_hides_added_files_in_excluded_dirs(repo: Path):
    base = FsTree(repo, exclude=("gen/",))
    tree = OverlayTree(base, {"gen/new.py": b"", "build/new.py": b"", "pkg/new.py": b""})
    assert "pkg/new.py" in tree.paths()
    assert "gen/new.py" not in tree.paths() and "build/new.py" not in tree.paths()
    assert tree.read("gen/new.py") == b""


# ---------------------------------------------------------------------------
# apply_patch
# ---------------------------------------------------------------------------

CHANGE = """\
diff --git a/pkg/a.py b/pkg/a.py
index 1..2 100644
--- a/pkg/a.py
+++ b/pkg/a.py
@@ -1 +1,2 @@
 a = 1
+a2 = 2
diff --git a/pkg/new.py b/pkg/new.py
new file mode 100644
index 0..1
--- /dev/null
+++ b/pkg/new.py
@@ -0,0 +1 @@
+n = 1
diff --git a/pkg/sub/b.py b/pkg/sub/b.py
deleted file mode 100644
index 1..0
--- a/pkg/sub/b.py
+++ /dev/null
@@ -1 +0,0 @@
-b = 1
diff --git a/pkg/data.txt b/pkg/data2.txt
similarity index 100%
rename from pkg/data.txt
rename to pkg/data2.txt
diff --git a/setup.py b/setup2.py
similarity index 100%
copy from setup.py
copy to setup2.py
"""


def test_apply_patch_to_fstree_writes_nothing(repo: Path):
    before = snapshot(repo)
    base = FsTree(repo)
    tree, notes = apply_patch(base, parse_patch(CHANGE, "c.patch"), "c.patch")
    assert notes == []
    assert tree.read("pkg/a.py") == b"a = 1\na2 = 2\n"
    assert tree.read("pkg/new.py") == b"n = 1\n"
    assert not tree.exists("pkg/sub/b.py")
    assert not tree.exists("pkg/data.txt") and tree.read("pkg/data2.txt") == b"data\n"
    assert tree.read("setup.py") == tree.read("setup2.py") == b""
    assert set(tree.paths()) == (set(base.paths()) - {"pkg/sub/b.py"}) | {"pkg/new.py", "setup2.py"}
    assert tree.paths() == tuple(sorted(tree.paths()))
    assert snapshot(repo) == before


def test_apply_patch_notes_binary_and_submodule():
    base = MemoryTree({"img.png": b"\x89", "old.bin": b"\x00", "x.py": b"a\n"})
    text = (
        "diff --git a/img.png b/img.png\nindex 1..2 100644\nBinary files a/img.png and b/img.png differ\n"
        "diff --git a/old.bin b/old.bin\ndeleted file mode 100644\nindex 1..0\n"
        "Binary files a/old.bin and /dev/null differ\n"
        "diff --git a/vendor/lib b/vendor/lib\nindex 1111111..2222222 160000\n--- a/vendor/lib\n"
        "+++ b/vendor/lib\n@@ -1 +1 @@\n-Subproject commit 1111111\n+Subproject commit 2222222\n"
    )
    tree, notes = apply_patch(base, parse_patch(text), "p")
    assert notes == [
        ("img.png", "binary file change not applied: its content after the change is unknown"),
        ("vendor/lib", "submodule change skipped"),
    ]
    assert tree.read("img.png") == b"\x89"
    assert not tree.exists("old.bin")


def test_apply_patch_type_change_pair():
    base = MemoryTree({"l.py": b"t.py", "t.py": b"t = 1\n"})
    text = (
        "diff --git a/l.py b/l.py\ndeleted file mode 120000\nindex 1..0\n"
        "--- a/l.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-t.py\n\\ No newline at end of file\n"
        "diff --git a/l.py b/l.py\nnew file mode 100644\nindex 0..1\n"
        "--- /dev/null\n+++ b/l.py\n@@ -0,0 +1 @@\n+x = 1\n"
    )
    tree, notes = apply_patch(base, parse_patch(text), "p")
    assert tree.read("l.py") == b"x = 1\n" and notes == []


def test_apply_patch_swap_by_renames_reads_the_before_tree():
    base = MemoryTree({"a.py": b"A\n", "b.py": b"B\n"})
    text = (
        "diff --git a/a.py b/b.py\nsimilarity index 100%\nrename from a.py\nrename to b.py\n"
        "diff --git a/b.py b/a.py\nsimilarity index 100%\nrename from b.py\nrename to a.py\n"
    )
    tree, _ = apply_patch(base, parse_patch(text), "p")
    assert (tree.read("a.py"), tree.read("b.py")) == (b"B\n", b"A\n")


def test_apply_patch_mode_only_change_is_not_a_change():
    base = MemoryTree({"run.py": b"x\n"})
    tree, _ = apply_patch(base, parse_patch("diff --git a/run.py b/run.py\nold mode 100644\nnew mode 100755\n"), "p")
    assert dict(tree.changes) == {}
    assert tree.read("run.py") == b"x\n"


ADD_X = "diff --git a/{p} b/{p}\nnew file mode 100644\nindex 0..1\n--- /dev/null\n+++ b/{p}\n@@ -0,0 +1 @@\n+x\n"
MOD_X = "diff --git a/{p} b/{p}\nindex 1..2 100644\n--- a/{p}\n+++ b/{p}\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"
DEL_X = "diff --git a/{p} b/{p}\ndeleted file mode 100644\nindex 1..0\n--- a/{p}\n+++ /dev/null\n@@ -1 +0,0 @@\n-a = 1\n"


def test_apply_patch_errors(repo: Path):
    base = FsTree(repo)
    assert patch_error(base, ADD_X.format(p="pkg/a.py")) == (
        "change.patch:1: patch creates 'pkg/a.py', but a file of that name already exists"
    )
    assert patch_error(base, ADD_X.format(p="pkg/sub")) == (
        "change.patch:1: patch creates 'pkg/sub', but a directory of that name already exists"
    )
    assert patch_error(base, ADD_X.format(p="pkg/a.py/x.py")) == (
        "change.patch:1: patch creates 'pkg/a.py/x.py', but 'pkg/a.py' is a file"
    )
    assert patch_error(base, MOD_X.format(p="pkg/none.py")) == (
        "change.patch:1: patch modifies 'pkg/none.py', which does not exist in the tree"
    )
    assert patch_error(base, MOD_X.format(p="pkg/sub")) == (
        "change.patch:1: patch modifies 'pkg/sub', which is not a regular file in the tree"
    )
    assert patch_error(base, DEL_X.format(p="pkg/none.py")) == (
        "change.patch:1: patch deletes 'pkg/none.py', which does not exist in the tree"
    )
    rename = "diff --git a/pkg/a.py b/setup.py\nsimilarity index 100%\nrename from pkg/a.py\nrename to setup.py\n"
    assert "patch creates 'setup.py', but a file of that name already exists" in patch_error(base, rename)
    msg = patch_error(base, MOD_X.format(p="pkg/a.py").replace("-a = 1", "-a = 9"))
    assert msg == (
        "change.patch:5: hunk 1 of pkg/a.py does not apply "
        "(line to remove at line 1 differs: expected 'a = 9', found 'a = 1')"
    )


def test_apply_patch_file_and_directory_in_one_patch():
    text = ADD_X.format(p="x") + ADD_X.format(p="x/y.py")
    msg = patch_error(MemoryTree({}), text)
    assert msg == "change.patch:8: patch creates 'x/y.py' inside 'x', which the section at line 1 makes a file"
    # but replacing a file by a directory is fine
    text = DEL_X.format(p="x") + ADD_X.format(p="x/y.py")
    tree, _ = apply_patch(MemoryTree({"x": b"a = 1\n"}), parse_patch(text), "p")
    assert tree.read("x/y.py") == b"x\n" and tree.exists("x") and tree.paths() == ("x/y.py",)


def test_apply_patch_refuses_symlinks_leaving_the_repo(repo: Path, tmp_path: Path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "t.py").write_text("a = 1\n")
    (repo / "ext").symlink_to(outside, target_is_directory=True)
    (repo / "pkg" / "leak.py").symlink_to(outside / "t.py")
    (repo / "pkg" / "alias.py").symlink_to("a.py")
    base = FsTree(repo)
    assert patch_error(base, ADD_X.format(p="ext/new.py")) == (
        "change.patch:1: path 'ext/new.py' goes through a symbolic link that leaves the repository"
    )
    assert "path 'ext/t.py' goes through a symbolic link" in patch_error(base, MOD_X.format(p="ext/t.py"))
    assert "path 'pkg/leak.py' goes through a symbolic link" in patch_error(base, MOD_X.format(p="pkg/leak.py"))
    # a link inside the repository is fine
    tree, _ = apply_patch(base, parse_patch(MOD_X.format(p="pkg/alias.py")), "p")
    assert tree.read("pkg/alias.py") == b"a = 2\n"
    assert (outside / "t.py").read_text() == "a = 1\n"


def test_apply_patch_over_overlay():
    first, _ = apply_patch(MemoryTree({"a.py": b"a = 1\n"}), parse_patch(MOD_X.format(p="a.py")), "p1")
    second, _ = apply_patch(first, parse_patch(MOD_X.format(p="a.py").replace("a = 1", "a = 0").replace("+a = 2", "+a = 3").replace("-a = 0", "-a = 2")), "p2")
    assert second.read("a.py") == b"a = 3\n"
