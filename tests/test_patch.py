"""Tests for reuse_audit.source.patch: parsing unified diffs and applying them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from reuse_audit.errors import PatchError, UsageError
from reuse_audit.source.patch import FilePatch, Hunk, apply_file_patch, check_path, decode_patch, parse_patch
from reuse_audit.source.tree import MemoryTree, apply_patch

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def one(text: str, source: str = "change.patch") -> FilePatch:
    patch = parse_patch(text, source)
    assert len(patch.files) == 1
    return patch.files[0]


def error(text: str, source: str = "change.patch") -> str:
    with pytest.raises(PatchError) as info:
        parse_patch(text, source)
    message = str(info.value)
    assert "\n" not in message
    return message


def apply_error(fp: FilePatch, old: bytes | None, source: str = "change.patch") -> str:
    with pytest.raises(PatchError) as info:
        apply_file_patch(fp, old, source)
    message = str(info.value)
    assert "\n" not in message
    return message


MODIFY = """\
diff --git a/pkg/mod.py b/pkg/mod.py
index 1111111..2222222 100644
--- a/pkg/mod.py
+++ b/pkg/mod.py
@@ -1,3 +1,3 @@ def f():
 a
-b
+B
 c
"""


# ---------------------------------------------------------------------------
# parsing
# ---------------------------------------------------------------------------


def test_parse_git_modify():
    fp = one(MODIFY)
    assert (fp.old_path, fp.new_path, fp.status, fp.binary, fp.header_line) == (
        "pkg/mod.py", "pkg/mod.py", "modified", False, 1)
    assert fp.old_mode == fp.new_mode == "100644"
    (h,) = fp.hunks
    assert (h.old_start, h.old_len, h.new_start, h.new_len) == (1, 3, 1, 3)
    assert h.lines == (" a", "-b", "+B", " c")
    assert h.no_eol == (False,) * 4
    assert h.section == "def f():"
    assert h.header_line == 5
    assert apply_file_patch(fp, b"a\nb\nc\n") == b"a\nB\nc\n"


def test_parse_added_deleted_renamed_copied_mode():
    text = """\
diff --git a/new.py b/new.py
new file mode 100644
index 0000000..1111111
--- /dev/null
+++ b/new.py
@@ -0,0 +1,2 @@
+x = 1
+y = 2
diff --git a/gone.py b/gone.py
deleted file mode 100644
index 1111111..0000000
--- a/gone.py
+++ /dev/null
@@ -1 +0,0 @@
-z = 3
diff --git a/old name.py b/new name.py
similarity index 100%
rename from old name.py
rename to new name.py
diff --git a/src.py b/dst.py
similarity index 90%
copy from src.py
copy to dst.py
index 1111111..2222222 100644
--- a/src.py
+++ b/dst.py
@@ -1 +1 @@
-s
+d
diff --git a/run.sh b/run.sh
old mode 100644
new mode 100755
diff --git a/empty.py b/empty.py
new file mode 100644
index 0000000..e69de29
"""
    files = parse_patch(text, "p").files
    assert [(f.old_path, f.new_path, f.status) for f in files] == [
        (None, "new.py", "added"),
        ("gone.py", None, "deleted"),
        ("old name.py", "new name.py", "renamed"),
        ("src.py", "dst.py", "copied"),
        ("run.sh", "run.sh", "modified"),
        (None, "empty.py", "added"),
    ]
    assert [f.header_line for f in files] == [1, 9, 16, 20, 30, 33]
    assert files[2].hunks == () and files[4].hunks == () and files[5].hunks == ()
    assert (files[4].old_mode, files[4].new_mode) == ("100644", "100755")
    assert apply_file_patch(files[0], None) == b"x = 1\ny = 2\n"
    assert apply_file_patch(files[1], b"z = 3\n") is None
    assert apply_file_patch(files[2], b"same\n") == b"same\n"
    assert apply_file_patch(files[3], b"s\n") == b"d\n"
    assert apply_file_patch(files[5], None) == b""


def test_parse_plain_unified_diffs():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert (fp.old_path, fp.new_path, fp.status) == ("x.py", "x.py", "modified")
    # no a/ b/ prefixes: names used as they are; timestamps after a tab dropped
    fp = one(
        "--- pkg/x.py.orig\t2024-01-02 03:04:05.000000000 +0100\n"
        "+++ pkg/x.py\t2024-01-02 03:05:05.000000000 +0100\n"
        "@@ -1 +1 @@\n-a\n+b\n"
    )
    assert (fp.old_path, fp.new_path, fp.status) == ("pkg/x.py", "pkg/x.py", "modified")
    fp = one("--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+n\n")
    assert (fp.old_path, fp.new_path, fp.status) == (None, "new.py", "added")
    fp = one("--- a/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-o\n")
    assert (fp.old_path, fp.new_path, fp.status) == ("old.py", None, "deleted")
    # diff -N: the missing side is dated at the epoch
    fp = one(
        "--- x.py\t1970-01-01 00:00:00.000000000 +0000\n"
        "+++ x.py\t2024-01-02 03:05:05.000000000 +0100\n"
        "@@ -0,0 +1 @@\n+n\n"
    )
    assert fp.status == "added" and fp.new_path == "x.py"


def test_preamble_and_signature_are_ignored():
    text = (
        "From 1234 Mon Sep 17 00:00:00 2001\n"
        "Subject: [PATCH] change\n\n"
        "Explain it.\n---\n pkg/mod.py | 2 +-\n 1 file changed\n\n"
        + MODIFY
        + "-- \n2.39.5\n\n"
    )
    fp = one(text)
    assert fp.header_line == 9
    assert fp.hunks[0].lines == (" a", "-b", "+B", " c")


def test_quoted_paths_and_spaces():
    text = (
        'diff --git "a/tab\\tx.py" "b/tab\\tx.py"\n'
        "deleted file mode 100644\n"
        'index 1..0\n--- "a/tab\\tx.py"\n+++ /dev/null\n@@ -1 +0,0 @@\n-q\n'
        'diff --git "a/\\303\\274.py" "b/\\303\\266.py"\n'
        "similarity index 100%\n"
        'rename from "\\303\\274.py"\nrename to "\\303\\266.py"\n'
        "diff --git a/sp ace.py b/sp ace.py\nindex 1..2 100644\n"
        "--- a/sp ace.py\t\n+++ b/sp ace.py\t\n@@ -1 +1 @@\n-a\n+b\n"
        '--- "a/sp ace2.py"\n+++ "b/sp ace2.py"\n@@ -1 +1 @@\n-a\n+b\n'
    )
    files = parse_patch(text).files
    assert [(f.old_path, f.new_path) for f in files] == [
        ("tab\tx.py", None),
        ("ü.py", "ö.py"),
        ("sp ace.py", "sp ace.py"),
        ("sp ace2.py", "sp ace2.py"),
    ]


def test_git_no_prefix_and_mnemonic_prefix():
    fp = one("diff --git x.py x.py\nindex 1..2 100644\n--- x.py\n+++ x.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert fp.new_path == "x.py"
    fp = one("diff --git a/x.py a/x.py\nindex 1..2 100644\n--- a/x.py\n+++ a/x.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert fp.new_path == "a/x.py"  # --no-prefix on a file in directory a/
    fp = one("diff --git i/x.py w/x.py\nindex 1..2 100644\n--- i/x.py\n+++ w/x.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert fp.new_path == "x.py"
    fp = one("diff --git a/m.py b/m.py\nold mode 100644\nnew mode 100755\n")
    assert fp.old_path == fp.new_path == "m.py"


def test_missing_counts_mean_one():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -2 +2 @@\n-b\n+B\n")
    h = fp.hunks[0]
    assert (h.old_start, h.old_len, h.new_start, h.new_len) == (2, 1, 2, 1)
    assert apply_file_patch(fp, b"a\nb\nc\n") == b"a\nB\nc\n"


def test_blank_line_in_hunk_is_empty_context():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a\n\n-c\n+C\n")
    assert fp.hunks[0].lines == (" a", " ", "-c", "+C")
    assert apply_file_patch(fp, b"a\n\nc\n") == b"a\n\nC\n"


def test_no_newline_markers():
    text = (
        "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n no\n-eol\n"
        "\\ No newline at end of file\n+eol2\n\\ No newline at end of file\n"
    )
    fp = one(text)
    assert fp.hunks[0].no_eol == (False, True, True)
    assert apply_file_patch(fp, b"no\neol") == b"no\neol2"
    # the file has the newline the patch says it lacks: refuse
    assert "final newline" in apply_error(fp, b"no\neol\n")
    add_eol = one("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n")
    assert apply_file_patch(add_eol, b"a") == b"a\n"
    drop_eol = one("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n")
    assert apply_file_patch(drop_eol, b"a\n") == b"a"
    context = one("--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,3 @@\n+new\n x\n y\n\\ No newline at end of file\n")
    assert context.hunks[0].no_eol == (False, False, True)
    assert apply_file_patch(context, b"x\ny") == b"new\nx\ny"


def test_binary_sections():
    text = """\
diff --git a/img.png b/img.png
index 1111111..2222222 100644
Binary files a/img.png and b/img.png differ
diff --git a/data.bin b/data.bin
new file mode 100644
index 0000000000000000000000000000000000000000..0fb8ee2b1a8b42c28cd0e7c8b3b3f0f4df8a6bc5
GIT binary patch
literal 12
TcmZQzWMXDvWn<^!<NzZ802BZK

literal 0
HcmV?d00001

diff --git a/x.py b/x.py
--- a/x.py
+++ b/x.py
@@ -1 +1 @@
-a
+b
Binary files old/blob and new/blob differ
"""
    files = parse_patch(text).files
    assert [(f.new_path, f.status, f.binary, f.hunks) for f in files[:2]] == [
        ("img.png", "modified", True, ()),
        ("data.bin", "added", True, ()),
    ]
    assert files[2].new_path == "x.py" and not files[2].binary
    assert files[3].binary and files[3].new_path == "new/blob"
    assert "binary" in apply_error(files[0], b"\x89PNG")


def test_crlf_patch_lines_keep_their_carriage_return():
    # git diff of a CRLF file: headers end in LF, content lines in CRLF
    text = "--- a/w.py\n+++ b/w.py\n@@ -1,2 +1,2 @@\n x\r\n-y\r\n+z\r\n"
    fp = one(text)
    assert fp.hunks[0].lines == (" x\r", "-y\r", "+z\r")
    assert apply_file_patch(fp, b"x\r\ny\r\n") == b"x\r\nz\r\n"


def test_crlf_converted_patch_applies_to_crlf_and_lf_files():
    lf_patch = "--- a/w.py\n+++ b/w.py\n@@ -1,3 +1,3 @@\n x\n-y\n+z\n w\n"
    crlf_patch = lf_patch.replace("\n", "\r\n")
    fp = one(crlf_patch)
    assert fp.new_path == "w.py"
    assert apply_file_patch(fp, b"x\r\ny\r\nw\r\n") == b"x\r\nz\r\nw\r\n"  # exact
    assert apply_file_patch(fp, b"x\ny\nw\n") == b"x\nz\nw\n"  # endings ignored as a fallback
    # an LF patch on a CRLF checkout (core.autocrlf): added lines become CRLF
    assert apply_file_patch(one(lf_patch), b"x\r\ny\r\nw\r\n") == b"x\r\nz\r\nw\r\n"


def test_lines_split_on_newline_only():
    # \x0c, \x1c, \x85 and \u2028 are line breaks for str.splitlines, not for diffs
    odd = "a\x0cb\x1cc\x85d\u2028e"
    text = f"--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n {odd}\n-old\n+new\n"
    fp = one(text)
    assert fp.hunks[0].lines[0] == " " + odd
    old = f"{odd}\nold\n".encode()
    assert apply_file_patch(fp, old) == f"{odd}\nnew\n".encode()


def test_decode_patch():
    assert decode_patch(MODIFY.encode("utf-16")) == MODIFY
    assert decode_patch(b"\xef\xbb\xbf" + MODIFY.encode()) == MODIFY
    latin = b"--- a/l.py\n+++ b/l.py\n@@ -1 +1 @@\n-caf\xe9\n+th\xe9\n"
    fp = one(decode_patch(latin))
    assert apply_file_patch(fp, b"caf\xe9\n") == b"th\xe9\n"


# ---------------------------------------------------------------------------
# parse errors
# ---------------------------------------------------------------------------


def test_error_empty():
    assert error("", "change.patch") == "change.patch is empty: expected a unified diff (git diff output)"
    assert error("\n  \n", "<stdin>").startswith("<stdin> is empty")


def test_error_not_a_diff():
    assert error("hello\nworld\n") == (
        "change.patch is not a unified diff: no '--- '/'+++ ' file headers found"
    )


def test_error_errors_are_usage_errors():
    with pytest.raises(UsageError):
        parse_patch("")


def test_error_hunk_before_file_header():
    msg = error("some text\n@@ -1 +1 @@\n-a\n+b\n")
    assert msg.startswith("change.patch:2: hunk header before any file header")


def test_error_hunk_after_garbage_closes_the_file():
    msg = error("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\nnoise\n@@ -5 +5 @@\n-c\n+d\n")
    assert msg.startswith("change.patch:7: hunk header before any file header")


def test_error_count_mismatch():
    text = "--- a/src/x.py\n+++ b/src/x.py\n@@ -1 +1 @@\n-a\n+b\n@@ -10,5 +10,5 @@\n a\n b\n-c\n+C\n d\nnoise\n"
    assert error(text, "patch.diff") == "patch.diff:6: hunk 2 of src/x.py says 5 old lines but has 4"


def test_error_count_mismatch_too_many_lines():
    text = "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n c\n+extra\n"
    assert error(text) == "change.patch:3: hunk 1 of x.py says 2 old lines but has 3"
    text = "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n+extra\n"
    assert error(text) == "change.patch:3: hunk 1 of x.py says 2 new lines but has 3"


def test_error_short_hunk_before_next_file():
    text = (
        "--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n"
        "--- a/y.py\n+++ b/y.py\n@@ -1 +1 @@\n-a\n+b\n"
    )
    assert error(text) == "change.patch:3: hunk 1 of x.py says 3 old lines but has 2"


def test_error_truncated_hunk():
    msg = error("--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a\n-b\n")
    assert msg.startswith("change.patch:3: hunk 1 of x.py is truncated")


def test_error_malformed_hunk_header():
    msg = error("--- a/x.py\n+++ b/x.py\n@@ -a,b +1 @@\n-a\n")
    assert msg.startswith("change.patch:3: malformed hunk header '@@ -a,b +1 @@' in x.py")


def test_error_combined_diff():
    msg = error("diff --cc x.py\nindex 1,2..3\n--- a/x.py\n+++ b/x.py\n@@@ -1,1 -1,1 +1,1 @@@\n")
    assert msg.startswith("change.patch:1: combined diffs")


def test_error_new_file_with_old_lines():
    msg = error("--- /dev/null\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert msg == "change.patch:3: hunk 1 of x.py has old lines but the patch creates the file"


def test_error_dash_line_without_plus_line_in_git_section():
    msg = error("diff --git a/x.py b/x.py\n--- a/x.py\n@@ -1 +1 @@\n")
    assert msg.startswith("change.patch:2: '--- ' line without a '+++ ' line")


def test_error_inconsistent_names_without_rename():
    msg = error("diff --git a/x.py b/y.py\nindex 1..2 100644\n--- a/x.py\n+++ b/y.py\n@@ -1 +1 @@\n-a\n+b\n")
    assert msg.startswith("change.patch:1: section names x.py in '--- ' but y.py in '+++ '")


@pytest.mark.parametrize(
    "name, reason",
    [
        ("../x.py", "path '../x.py' leaves the repository"),
        ("a/../../x.py", "path 'a/../../x.py' leaves the repository"),
        ("..\\\\x.py", "leaves the repository"),
        ("/etc/x", "path '/etc/x' is absolute"),
        ("C:\\\\x", "is absolute"),
        ("a//x.py", "is not a normalised relative path"),
        ("./x.py", "is not a normalised relative path"),
    ],
)
def test_error_unsafe_paths(name, reason):
    text = f"diff --git a/x.py b/x.py\nindex 1..2 100644\n--- a/x.py\n+++ {name}\n@@ -1 +1 @@\n-a\n+b\n"
    msg = error(text)
    assert msg.startswith("change.patch:4: ")
    assert reason in msg


def test_error_unsafe_paths_plain_and_rename():
    assert error("--- a/../x.py\n+++ b/../x.py\n@@ -1 +1 @@\n-a\n+b\n") == (
        "change.patch:1: path '../x.py' leaves the repository"
    )
    assert error("--- a/x.py\n+++ b/../x.py\n@@ -1 +1 @@\n-a\n+b\n") == (
        "change.patch:2: path '../x.py' leaves the repository"
    )
    msg = error("diff --git a/x.py b/y.py\nsimilarity index 100%\nrename from x.py\nrename to /tmp/y.py\n")
    assert msg.startswith("change.patch:4: path '/tmp/y.py' is absolute")
    msg = error('--- /dev/null\n+++ "b/x\\000y.py"\n@@ -0,0 +1 @@\n+a\n')
    assert msg == "change.patch:2: path 'x\\x00y.py' contains a NUL character"
    assert error("--- /dev/null\n+++ b/\n@@ -0,0 +1 @@\n+a\n") == "change.patch:2: empty file path"


def test_check_path():
    assert check_path("pkg/mod.py") == "pkg/mod.py"
    assert check_path("a..b/..c.py") == "a..b/..c.py"
    for bad in ("", "/x", "x/", "../x", "x/..", "x/./y", "C:x", "\\x", "x\x00"):
        with pytest.raises(PatchError):
            check_path(bad)
    with pytest.raises(PatchError, match=r"^p:3: path '\.\./x\.py' leaves the repository$"):
        check_path("../x.py", "p:3")


def test_error_duplicate_sections():
    text = MODIFY + MODIFY.replace("-b\n+B", "-c\n+C").replace(" c\n", " d\n")
    assert error(text) == (
        "change.patch:10: pkg/mod.py is changed again (first by the section at line 1); "
        "a patch may change each file in one section only"
    )


def test_error_duplicate_via_rename():
    text = (
        "diff --git a/a.py b/b.py\nsimilarity index 100%\nrename from a.py\nrename to b.py\n"
        "diff --git a/b.py b/b.py\nindex 1..2 100644\n--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-x\n+y\n"
    )
    assert "change.patch:5: b.py is changed again (first by the section at line 1)" in error(text)


def test_type_change_pair_is_not_a_duplicate():
    text = (
        "diff --git a/l.py b/l.py\ndeleted file mode 120000\nindex 1..0\n"
        "--- a/l.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-t.py\n\\ No newline at end of file\n"
        "diff --git a/l.py b/l.py\nnew file mode 100644\nindex 0..1\n"
        "--- /dev/null\n+++ b/l.py\n@@ -0,0 +1 @@\n+x = 1\n"
    )
    files = parse_patch(text).files
    assert [f.status for f in files] == ["deleted", "added"]
    assert files[0].is_symlink


# ---------------------------------------------------------------------------
# applying
# ---------------------------------------------------------------------------

LONG = b"".join(b"line %d\n" % k for k in range(1, 101))


def long_patch(old_start: int = 49) -> FilePatch:
    return one(
        f"--- a/pkg/mod.py\n+++ b/pkg/mod.py\n@@ -{old_start},3 +{old_start},3 @@\n"
        " line 49\n-line 50\n+LINE 50\n line 51\n"
    )


def test_apply_exact_and_with_offset():
    assert apply_file_patch(long_patch(), LONG) == LONG.replace(b"line 50\n", b"LINE 50\n")
    # the header is off by 20 lines either way: found by the offset search
    assert apply_file_patch(long_patch(29), LONG) == LONG.replace(b"line 50\n", b"LINE 50\n")
    assert apply_file_patch(long_patch(69), LONG) == LONG.replace(b"line 50\n", b"LINE 50\n")
    shifted = b"new\n" * 7 + LONG
    assert apply_file_patch(long_patch(), shifted) == shifted.replace(b"line 50\n", b"LINE 50\n")


def test_apply_offset_carries_to_next_hunk_and_nearest_wins():
    old = b"x\na\nb\nc\nx\n" * 3
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -7,3 +7,3 @@\n a\n-b\n+B\n c\n@@ -12,3 +12,3 @@\n a\n-b\n+B\n c\n")
    # hunk 1 names the second block (line 7), hunk 2 the third (line 12)
    assert apply_file_patch(fp, old) == b"x\na\nb\nc\nx\n" + b"x\na\nB\nc\nx\n" * 2


def test_apply_failure_message():
    fp = long_patch(40)
    msg = apply_error(fp, LONG.replace(b"line 50\n", b"line fifty\n"), "change.patch")
    assert msg.startswith("change.patch:3: hunk 1 of pkg/mod.py does not apply (")
    assert "line to remove at line 41 differs" not in msg  # names the expected position...
    assert "at line 40 differs" in msg  # ...line 40: the header's old_start
    assert "expected 'line 49', found 'line 40'" in msg


def test_apply_failure_names_hunk_number():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+A\n@@ -3 +3 @@\n-c\n+C\n")
    msg = apply_error(fp, b"a\nb\nq\n")
    assert msg.startswith("change.patch:6: hunk 2 of x.py does not apply (line to remove at line 3 differs")


def test_apply_failure_past_end_and_crlf_hint():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -3,2 +3,2 @@\n c\n-d\n+D\n")
    assert "past the end of the file (2 lines)" in apply_error(fp, b"a\nb\n")
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\r\n")
    # the LF file can only match in the fallback; a different line makes it fail
    assert "differs" in apply_error(fp, b"a\nc\n")


def test_apply_never_fuzzes_content():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    for old in (b"a\nb \nc\n", b"a\n b\nc\n", b"A\nb\nc\n", b"a\nb\nc \n"):
        apply_error(fp, old)


def test_apply_hunk_at_end_must_match_at_end():
    # hunk 2 has less trailing context than the patch's 3 lines: it ends the file
    fp = one(
        "--- a/x.py\n+++ b/x.py\n@@ -4,7 +4,7 @@\n l4\n l5\n l6\n-l7\n+L7\n l8\n l9\n l10\n"
        "@@ -17,4 +17,4 @@\n l17\n l18\n l19\n-l20\n+L20\n"
    )
    ok = b"".join(b"l%d\n" % k for k in range(1, 21))
    assert apply_file_patch(fp, ok) == ok.replace(b"l7\n", b"L7\n").replace(b"l20\n", b"L20\n")
    msg = apply_error(fp, ok + b"l21\n")
    assert msg.startswith("change.patch:12: hunk 2 of x.py does not apply (it must apply at the end")
    # and a hunk with less leading context must start the file
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1,4 +1,4 @@\n-l1\n+L1\n l2\n l3\n l4\n"
             "@@ -7,7 +7,7 @@\n l7\n l8\n l9\n-l10\n+L10\n l11\n l12\n l13\n")
    assert apply_file_patch(fp, ok).startswith(b"L1\nl2\n")
    msg = apply_error(fp, b"l0\n" + ok)
    assert msg.startswith("change.patch:3: hunk 1 of x.py does not apply (")


def test_apply_overlapping_hunks():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -2 +2 @@\n-b\n+B\n")
    assert "overlaps hunk 1" in apply_error(fp, b"a\nb\n")


def test_apply_unidiff_zero():
    fp = one("--- a/x.py\n+++ b/x.py\n@@ -2 +2 @@\n-b\n+B\n@@ -3,0 +4,2 @@\n+n1\n+n2\n@@ -5 +6,0 @@\n-e\n")
    assert apply_file_patch(fp, b"a\nb\nc\nd\ne\nf\n") == b"a\nB\nc\nn1\nn2\nd\nf\n"


def test_apply_added_existing_and_missing_files():
    add = one("--- /dev/null\n+++ b/n.py\n@@ -0,0 +1 @@\n+n\n")
    assert apply_error(add, b"") == "change.patch:1: patch creates n.py, which already exists"
    assert apply_error(one(MODIFY), None) == "change.patch:1: patch modifies pkg/mod.py, which does not exist"
    delete = one("--- a/d.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-d\n")
    assert apply_error(delete, None) == "change.patch:1: patch deletes d.py, which does not exist"


def test_apply_delete_must_remove_everything():
    delete = one("--- a/d.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-d\n")
    assert apply_file_patch(delete, b"d\n") is None
    assert "does not remove all of its content" in apply_error(delete, b"d\ne\n")
    empty_delete = one("diff --git a/e.py b/e.py\ndeleted file mode 100644\nindex e69de29..0000000\n")
    assert apply_file_patch(empty_delete, b"") is None
    assert "does not remove all of its content" in apply_error(empty_delete, b"x\n")


def test_apply_to_empty_file():
    fp = one("diff --git a/e.py b/e.py\nindex e69de29..1 100644\n--- a/e.py\n+++ b/e.py\n@@ -0,0 +1 @@\n+x\n")
    assert apply_file_patch(fp, b"") == b"x\n"
    assert "expects an empty file" in apply_error(fp, b"y\n")


def test_hunk_dataclass_defaults():
    h = Hunk(1, 1, 1, 1, ("-a", "+b"))
    assert h.no_eol == (False, False)
    assert h.header == "@@ -1,1 +1,1 @@"
    with pytest.raises(ValueError):
        Hunk(1, 1, 1, 1, ("-a",), (True, False))


# ---------------------------------------------------------------------------
# round trips through real git diffs
# ---------------------------------------------------------------------------


def git(repo: Path, *args: str) -> bytes:
    env = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1", LC_ALL="C")
    done = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)
    return done.stdout


def write_tree(repo: Path, files: dict[str, bytes]) -> None:
    for path in list(repo.rglob("*")):
        if ".git" in path.relative_to(repo).parts:
            continue
        if path.is_file() or path.is_symlink():
            path.unlink()
    for name, data in files.items():
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def body(n: int, tag: str = "") -> bytes:
    return b"".join(b"def f%d():\n    return %d  # %s\n" % (k, k, tag.encode()) for k in range(n))


OLD_TREE = {
    "pkg/__init__.py": b"",
    "pkg/big.py": body(80),
    "pkg/crlf.py": b"a = 1\r\nb = 2\r\nc = 3\r\n",
    "pkg/noeol.py": b"x = 1\ny = 2",
    "pkg/addeol.py": b"x = 1",
    "pkg/dropeol.py": b"x = 1\n",
    "pkg/gone.py": b"bye = 1\n",
    "pkg/empty_gone.py": b"",
    "pkg/moved.py": body(20, "moved"),
    "pkg/moved_edit.py": body(20, "edit"),
    "pkg/latin.py": b"# -*- coding: latin-1 -*-\ns = 'caf\xe9'\n",
    "pkg/odd.py": b"a = '\x0c'\nb = '\xe2\x80\xa8'\nc = 1\n",
    "sp ace.py": b"a\nb\n",
    "t\tab.py": b"t = 1\n",
    "caf\u00e9.py": b"u = 1\n",
    "img.bin": b"\x00\x01\x02",
    "lf2crlf.py": b"one\ntwo\n",
}

NEW_TREE = {
    "pkg/__init__.py": b"from . import big\n",
    "pkg/big.py": body(80)
    .replace(b"return 3 ", b"return 33 ")
    .replace(b"def f40():\n", b"def f40():\n    '''doc'''\n")
    .replace(b"def f79():\n    return 79  # \n", b""),
    "pkg/crlf.py": b"a = 1\r\nb = 22\r\nc = 3\r\nd = 4\r\n",
    "pkg/noeol.py": b"x = 1\ny = 3",
    "pkg/addeol.py": b"x = 1\n",
    "pkg/dropeol.py": b"x = 1",
    "pkg/added.py": b"new = True\n",
    "pkg/empty_new.py": b"",
    "pkg/renamed.py": body(20, "moved"),
    "pkg/renamed_edit.py": body(20, "edit").replace(b"return 10 ", b"return 1000 "),
    "pkg/latin.py": b"# -*- coding: latin-1 -*-\ns = 'th\xe9'\n",
    "pkg/odd.py": b"a = '\x0c'\nb = '\xe2\x80\xa8'\nc = 2\n",
    "sp ace.py": b"a\nc\n",
    "t\tab.py": b"t = 2\n",
    "caf\u00e9.py": b"u = 2\n",
    "img.bin": b"\x00\x01\x03",
    "lf2crlf.py": b"one\r\ntwo\r\n",
}


def apply_text(old: dict[str, bytes], text: str):
    tree, notes = apply_patch(MemoryTree(old), parse_patch(text, "rt.patch"), "rt.patch")
    return tree, notes


def check_round_trip(old: dict[str, bytes], new: dict[str, bytes], text: str, binary=("img.bin",)) -> None:
    tree, notes = apply_text(old, text)
    for path in sorted(set(old) | set(new)):
        if path in binary:
            continue
        if path in new:
            assert tree.exists(path), path
            assert tree.read(path) == new[path], path
        else:
            assert not tree.exists(path), path
    assert tree.paths() == tuple(sorted(p for p in new if p.endswith(".py")))
    for path in binary:
        assert (path, "binary file change not applied: its content after the change is unknown") in notes
        assert tree.read(path) == old[path]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    write_tree(repo, OLD_TREE)
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old")
    write_tree(repo, NEW_TREE)
    git(repo, "add", "-A")
    return repo


@needs_git
@pytest.mark.parametrize(
    "options",
    [
        [],
        ["-U0"],
        ["-U1"],
        ["-U8"],
        ["--no-prefix"],
        ["--no-renames"],
        ["--binary"],
        ["-M", "-C", "--find-copies-harder"],
        ["--src-prefix=a/", "--dst-prefix=b/", "-B"],
    ],
)
def test_git_round_trip(repo: Path, options: list[str]):
    text = decode_patch(git(repo, "diff", "--cached", *options))
    check_round_trip(OLD_TREE, NEW_TREE, text)


@needs_git
def test_git_round_trip_mnemonic_prefix_and_quote_path_off(repo: Path):
    text = decode_patch(git(repo, "-c", "diff.mnemonicPrefix=true", "-c", "core.quotePath=false",
                            "diff", "--cached"))
    assert "diff --git c/pkg/big.py i/pkg/big.py" in text
    check_round_trip(OLD_TREE, NEW_TREE, text)


@needs_git
def test_git_round_trip_format_patch(repo: Path):
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "new\n\n--- not a header\n")
    text = decode_patch(git(repo, "format-patch", "-1", "--stdout"))
    check_round_trip(OLD_TREE, NEW_TREE, text)


@needs_git
def test_git_round_trip_crlf_converted_patch(repo: Path):
    text = decode_patch(git(repo, "diff", "--cached")).replace("\n", "\r\n")
    tree, _ = apply_text(OLD_TREE, text)
    # LF files get LF lines, CRLF files CRLF lines
    assert tree.read("pkg/big.py") == NEW_TREE["pkg/big.py"]
    assert tree.read("pkg/crlf.py") == NEW_TREE["pkg/crlf.py"]
    assert tree.read("pkg/noeol.py") == NEW_TREE["pkg/noeol.py"]


@needs_git
def test_git_diff_applies_with_offset_to_drifted_tree(repo: Path):
    text = decode_patch(git(repo, "diff", "--cached"))
    drifted = dict(OLD_TREE)
    drifted["pkg/big.py"] = b"import os\n\n" + OLD_TREE["pkg/big.py"]
    tree, _ = apply_text(drifted, text)
    assert tree.read("pkg/big.py") == b"import os\n\n" + NEW_TREE["pkg/big.py"]


@needs_git
def test_git_symlink_and_mode_changes(tmp_path: Path):
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "a.py").write_bytes(b"a = 1\n")
    (repo / "tool.py").write_bytes(b"t = 1\n")
    (repo / "link.py").symlink_to("a.py")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old")
    (repo / "tool.py").chmod(0o755)
    (repo / "link.py").unlink()
    (repo / "link.py").write_bytes(b"was_link = True\n")
    (repo / "new_link.py").symlink_to("tool.py")
    git(repo, "add", "-A")
    text = decode_patch(git(repo, "diff", "--cached"))
    old = {"a.py": b"a = 1\n", "tool.py": b"t = 1\n", "link.py": b"a.py"}
    tree, notes = apply_text(old, text)
    assert tree.read("link.py") == b"was_link = True\n"  # type change: delete link + add file
    assert tree.read("tool.py") == b"t = 1\n"
    assert "tool.py" not in tree.changes  # mode only
    assert not tree.exists("new_link.py")
    assert ("new_link.py", "symbolic link change not applied") in notes


@pytest.mark.skipif(shutil.which("diff") is None, reason="diff is not installed")
def test_plain_diff_round_trip(tmp_path: Path):
    old_dir, new_dir = tmp_path / "old", tmp_path / "new"
    # diff -N cannot tell an empty file from a missing one: leave those out
    plain_old = {k: v for k, v in OLD_TREE.items() if "\t" not in k and k != "img.bin" and "empty" not in k}
    plain_new = {k: v for k, v in NEW_TREE.items() if "\t" not in k and k != "img.bin" and "empty" not in k}
    for root, files in ((old_dir, plain_old), (new_dir, plain_new)):
        root.mkdir()
        write_tree(root, files)
    done = subprocess.run(
        ["diff", "-ruN", "old", "new"], cwd=tmp_path, capture_output=True, env=dict(os.environ, LC_ALL="C")
    )
    assert done.returncode == 1
    text = decode_patch(done.stdout)
    # diff -ru names old/x and new/x: rewrite to the a/ b/ convention
    for old, new in (("--- old/", "--- a/"), ("+++ new/", "+++ b/"), ('--- "old/', '--- "a/'), ('+++ "new/', '+++ "b/')):
        text = text.replace(old, new)
    check_round_trip(plain_old, plain_new, text, binary=())


# ---------------------------------------------------------------------------
# reverse_patch: what `git apply -R` applies


REVERSIBLE = {
    "edit, add, delete, no newline at the end": (
        {"a.py": "x = 1\ny = 2\nz = 3\n", "gone.py": "def f():\n    return 1\n", "tail.py": "a\nb"},
        {"a.py": "x = 1\ny = 20\nz = 3\nw = 4\n", "new.py": "def g():\n    return 2\n", "tail.py": "a\nc"},
    ),
    "a file emptied, a file filled": ({"e.py": "", "f.py": "v = 1\n"}, {"e.py": "v = 1\n", "f.py": ""}),
}


@pytest.mark.parametrize("name", sorted(REVERSIBLE))
def test_the_reversed_patch_takes_the_tree_after_back_to_the_tree_before(name: str):
    from cli_support import make_patch
    from reuse_audit.source.patch import reverse_patch

    before, after = ({k: v.encode() for k, v in files.items()} for files in REVERSIBLE[name])
    patch = parse_patch(make_patch(before, after).decode(), "change.patch")
    forward, _ = apply_patch(MemoryTree(before), patch)
    assert {p: forward.read(p) for p in after} == after and not any(forward.exists(p) for p in set(before) - set(after))
    reverse = reverse_patch(patch)
    assert reverse is not None and reverse_patch(reverse) == patch
    back, _ = apply_patch(MemoryTree(after), reverse)
    assert {p: back.read(p) for p in before} == before and not any(back.exists(p) for p in set(after) - set(before))
    with pytest.raises(PatchError):  # the reverse of a patch does not apply where the patch does
        apply_patch(MemoryTree(before), reverse)


def test_reversing_a_rename_and_a_file_filled_from_empty():
    from reuse_audit.source.patch import MODIFIED, RENAMED, reverse_patch

    text = (
        "diff --git a/old.py b/new.py\nsimilarity index 90%\nrename from old.py\nrename to new.py\n"
        "--- a/old.py\n+++ b/new.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"
        "--- a/made.py\n+++ b/made.py\n@@ -0,0 +1 @@\n+m = 1\n"
    )
    rename, made = reverse_patch(parse_patch(text)).files
    assert (rename.old_path, rename.new_path, rename.status) == ("new.py", "old.py", RENAMED)
    assert rename.hunks[0].lines == ("+a = 1", "-a = 2")
    # git writes `@@ -0,0 +1,N @@` for an empty file given content: its reverse empties it
    assert (made.old_path, made.new_path, made.status) == ("made.py", "made.py", MODIFIED)
    back, _ = apply_patch(MemoryTree({"new.py": b"a = 2\n", "made.py": b"m = 1\n"}), reverse_patch(parse_patch(text)))
    assert back.read("old.py") == b"a = 1\n" and not back.exists("new.py") and back.read("made.py") == b""


def test_a_copy_is_not_reversed():
    from reuse_audit.source.patch import reverse_patch

    text = "diff --git a/a.py b/b.py\nsimilarity index 100%\ncopy from a.py\ncopy to b.py\n"
    assert reverse_patch(parse_patch(text)) is None
