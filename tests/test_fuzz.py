"""Property-based tests: the patch parser, the source parser and ``reuse-audit check``
hold their contracts for any input (see tests/fuzz_support.py for the invariants).

Fast on purpose (a few seconds each): the long, coverage-guided search is
scripts/fuzz.py (atheris), run by hand.  Inputs the fuzzer once broke are
kept below as explicit examples.
"""

from __future__ import annotations

import json
import os
import string

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import fuzz_support  # noqa: E402
from fuzz_support import check_cli, check_patch, check_source, run_main  # noqa: E402

# REUSE_AUDIT_HYPOTHESIS_EXAMPLES=5000 searches longer (by hand, not in CI)
_MORE = int(os.environ.get("REUSE_AUDIT_HYPOTHESIS_EXAMPLES", "0") or 0)
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
FAST = settings(max_examples=_MORE or 60, deadline=None, suppress_health_check=_QUIET)
CLI = settings(max_examples=_MORE or 30, deadline=None, suppress_health_check=_QUIET)

SEEDS = fuzz_support.seed_patches()
SOURCES = [s for s in fuzz_support.seed_sources() if len(s) < 20_000]

# ---------------------------------------------------------------------------
# strategies


def _mutate(text: str, data) -> str:
    """A real diff with a few line-level edits (what a careless tool or person does)."""
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        if not lines:
            lines = [""]
        k = data.draw(st.integers(0, len(lines) - 1), label="line")
        op = data.draw(st.sampled_from(["drop", "dup", "swap", "char", "digit", "crlf", "prefix", "insert", "truncate"]))
        line = lines[k]
        if op == "drop":
            del lines[k]
        elif op == "dup":
            lines.insert(k, line)
        elif op == "swap" and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif op == "char" and line:
            at = data.draw(st.integers(0, len(line) - 1))
            ch = data.draw(st.characters(codec="utf-8") | st.sampled_from(list(" +-@\\\t\r\"/\x00")))
            lines[k] = line[:at] + ch + line[at + 1 :]
        elif op == "digit":
            lines[k] = "".join(data.draw(st.sampled_from("0123456789")) if c.isdigit() else c for c in line)
        elif op == "crlf":
            lines[k] = line + "\r"
        elif op == "prefix":
            lines[k] = data.draw(st.sampled_from([" ", "+", "-", "\\", "@@ ", "--- ", "+++ ", ""])) + line[1:]
        elif op == "insert":
            lines.insert(k, data.draw(_header_line))
        elif op == "truncate":
            lines = lines[:k]
    return "\n".join(lines)


_path = st.one_of(
    st.sampled_from(["shop/util.py", "shop/pricing.py", "shop/new.py", "src/invoicing/totals.py", "README.txt"]),
    st.text(alphabet=string.ascii_letters + "/._- \t\"\\", min_size=0, max_size=20),
    st.sampled_from(["../x.py", "/etc/passwd", "C:x.py", "a/../../b.py", "shop", "shop/", "./shop/x.py", "/dev/null"]),
)
_side = st.one_of(_path, _path.map(lambda p: "a/" + p), _path.map(lambda p: "b/" + p), _path.map(lambda p: f'"a/{p}"'))
_num = st.integers(0, 12) | st.sampled_from([10**6, 2**31, 10**30])
_header_line = st.one_of(
    st.builds(lambda a, b: f"diff --git {a} {b}", _side, _side),
    st.builds(lambda a: f"--- {a}", _side),
    st.builds(lambda a: f"+++ {a}", _side),
    st.builds(lambda a, b, c, d: f"@@ -{a},{b} +{c},{d} @@", _num, _num, _num, _num),
    st.builds(lambda a, c: f"@@ -{a} +{c} @@ def f():", _num, _num),
    st.sampled_from(
        [
            "new file mode 100644", "deleted file mode 100644", "old mode 100644", "new mode 100755",
            "new file mode 120000", "new file mode 160000", "similarity index 90%", "index 0000000..1111111 100644",
            "GIT binary patch", "literal 0", "Binary files a/x.py and b/x.py differ", "\\ No newline at end of file",
            "diff --cc x.py", "@@@ -1,1 -1,1 +1,1 @@@", "-- ", "", " context", "+added", "-removed",
        ]
    ),
    st.builds(lambda a: f"rename from {a}", _path),
    st.builds(lambda a: f"rename to {a}", _path),
    st.builds(lambda a: f"copy from {a}", _path),
    st.builds(lambda a: f"copy to {a}", _path),
)


@st.composite
def mutated_diffs(draw):
    return _mutate(draw(st.sampled_from(SEEDS)), draw(st.data()))


@st.composite
def random_diffs(draw):
    """Unified-diff-shaped text from random headers and hunk lines."""
    lines = draw(st.lists(_header_line, min_size=1, max_size=25))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


# ---------------------------------------------------------------------------
# the patch parser


@FAST
@given(mutated_diffs())
def test_mutated_real_diffs_parse_or_fail_cleanly(text):
    check_patch(text)


@FAST
@given(random_diffs())
@example("diff --git a/x.py b/x.py\nnew file mode 100644\n--- /dev/null\n+++ b/x.py\n@@ -0,0 +1,1000000000000 @@\n+x\n")
@example("--- a/shop\n+++ b/shop/x.py\n@@ -0,0 +1 @@\n+x\n")
@example('diff --git "a/x\\ny.py" "b/x\\ny.py"\nnew file mode 100644\n--- /dev/null\n+++ "b/x\\ny.py"\n@@ -0,0 +1 @@\n+def f(): pass\n')
def test_random_diff_headers_parse_or_fail_cleanly(text):
    check_patch(text)


@FAST
@given(st.binary(max_size=2000))
def test_random_bytes_as_a_patch(data):
    from reuse_audit.source.patch import decode_patch

    check_patch(decode_patch(data))


def test_seed_diffs_apply():
    """The seeds are real: each applies to the fuzz repository (else the mutations test little)."""
    applied = [text for text in SEEDS if check_patch(text) is not None]
    assert len(applied) >= len(SEEDS) - 1, [s[:80] for s in SEEDS if check_patch(s) is None]


# ---------------------------------------------------------------------------
# the source parser


@FAST
@given(st.binary(max_size=3000))
@example(b"\xef\xbb\xbf\x00def f(:\r\n\tpass")
@example(b"# -*- coding: rot13 -*-\ndef f(): pass\n")
@example(b"# coding: utf-16\ndef f(): pass\n")
def test_random_bytes_as_python_source(data):
    check_source(data)


@FAST
@given(st.sampled_from(SOURCES), st.data())
def test_mutated_real_sources(source, data):
    """A real module with bytes flipped, cut or inserted: still FileFacts."""
    buf = bytearray(source)
    for _ in range(data.draw(st.integers(1, 6))):
        if not buf:
            break
        at = data.draw(st.integers(0, len(buf) - 1))
        op = data.draw(st.sampled_from(["flip", "cut", "insert", "truncate"]))
        if op == "flip":
            buf[at] = data.draw(st.integers(0, 255))
        elif op == "cut":
            del buf[at : at + data.draw(st.integers(1, 50))]
        elif op == "insert":
            buf[at:at] = data.draw(st.sampled_from([b"(", b"[" * 50, b"\x00", b"\r", b"\t", b"def ", b'"""', b"\\\n", b"\xff"]))
        else:
            del buf[at:]
    check_source(bytes(buf))


@FAST
@given(st.text(alphabet=string.printable + "\u00e9\u4e2d\U0001f600", max_size=500))
def test_random_text_as_python_source(text):
    check_source(text.encode("utf-8"))


# ---------------------------------------------------------------------------
# the whole command line, in process


@pytest.fixture(scope="module")
def fuzz_repo(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz") / "repo"
    return fuzz_support.write_files(root, fuzz_support.fuzz_repo_files())


def _check(fuzz_repo, patch_bytes: bytes, fmt: str = "text") -> int:
    patch_file = fuzz_repo.parent / "input.patch"
    patch_file.write_bytes(patch_bytes)
    code, out, err = run_main(["check", str(patch_file), "--repo", str(fuzz_repo), "--no-cache", "-j", "1", "--format", fmt])
    check_cli(code, out, err)
    return code


@CLI
@given(mutated_diffs(), st.sampled_from(["text", "json", "sarif", "github"]))
def test_check_on_mutated_real_diffs(fuzz_repo, text, fmt):
    _check(fuzz_repo, text.encode("utf-8", "surrogateescape"), fmt)


@CLI
@given(random_diffs())
def test_check_on_random_diff_headers(fuzz_repo, text):
    _check(fuzz_repo, text.encode("utf-8", "surrogateescape"))


@CLI
@given(st.binary(max_size=1500))
def test_check_on_a_new_module_of_random_bytes(fuzz_repo, data):
    lines = data.split(b"\n")
    body = b"".join(b"+" + line + b"\n" for line in lines)
    patch = (
        b"diff --git a/shop/fuzzed.py b/shop/fuzzed.py\nnew file mode 100644\n--- /dev/null\n+++ b/shop/fuzzed.py\n"
        + b"@@ -0,0 +1,%d @@\n" % len(lines)
        + body
    )
    _check(fuzz_repo, patch, "json")


@CLI
@given(st.binary(max_size=1500))
def test_check_on_random_bytes_as_the_patch(fuzz_repo, data):
    _check(fuzz_repo, data)


def test_seed_that_finds_a_copy_exits_1(fuzz_repo):
    """The harness itself: a real copy is found in process (exit 1, report on stdout)."""
    copy = fuzz_support.unified("shop/report.py", None, fuzz_support.SHOP_COPY)
    assert _check(fuzz_repo, copy.encode()) == 1


def test_run_main_catches_what_main_lets_out(fuzz_repo):
    code, out, err = run_main(["check", "--no-such-option"])
    check_cli(code, out, err)
    assert code == 2 and "no-such-option" in err


# ---------------------------------------------------------------------------
# inputs the fuzzers found (scripts/fuzz.py, hypothesis), kept as regressions

ODD_NAMES = [
    '"b/shop/caf\\351.py"',  # latin-1 byte in the name: SARIF crashed percent-encoding it (atheris)
    '"b/sho\\377\\377p/report.py"',  # bytes that are no encoding at all (atheris)
    '"b/shop/x\\ny.py"',  # a line break: the note on the file was cut in two lines (hypothesis)
    '"b/shop/x\\ry.py"',
    '"b/shop/tab\\there.py"',
]


def _odd_cases():
    for name in ODD_NAMES:
        for fmt in ("text", "json", "sarif", "github"):
            yield pytest.param(name, fmt, id=f"{fmt}-{name}")


@pytest.mark.parametrize("name, fmt", list(_odd_cases()))
def test_files_with_odd_names_in_every_format(fuzz_repo, name, fmt):
    """A new file with an odd name holding a copy and a syntax error: a finding and an
    error on it (as ruff reports a syntax error), in every format, each on its own line(s), exit 1."""
    body = fuzz_support.SHOP_COPY + "\n\ndef broken(:\n    pass\n"
    lines = body.splitlines()
    plain = name.strip('"')[2:]
    patch = (
        f'diff --git "a/{plain}" {name}\nnew file mode 100644\n--- /dev/null\n+++ {name}\n'
        f"@@ -0,0 +1,{len(lines)} @@\n" + "".join(f"+{line}\n" for line in lines)
    )
    patch_file = fuzz_repo.parent / "odd.patch"
    patch_file.write_text(patch, encoding="utf-8")
    code, out, err = run_main(["check", str(patch_file), "--repo", str(fuzz_repo), "--no-cache", "-j", "1", "--format", fmt])
    check_cli(code, out, err)
    assert code == 1, err
    assert not [line for line in err.splitlines() if line.startswith("note: ")], err  # the error, not a note
    assert "the code does not parse near line" in out, out
    if fmt == "text":
        error, finding = out.splitlines()[:2]
        assert ": SyntaxError: the code does not parse near line" in error, out
        assert finding.endswith("RA001 'label_for' re-implements 'shop.pricing.price_label' (calls 5 of its 5 callees) without calling it")
    if fmt == "sarif":
        from sarif_schema import assert_valid_sarif

        log = assert_valid_sarif(out)
        uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert "\\" not in uri and "\n" not in uri and " " not in uri


def test_a_note_on_a_file_whose_name_is_not_utf8_in_sarif(fuzz_repo):
    """The atheris crash itself: no finding, only a notification (the file does not parse: an
    error, exit 1), on a file named with a byte that is no UTF-8; its URI percent-encodes it."""
    patch = (
        'diff --git "a/shop/caf\\351.py" "b/shop/caf\\351.py"\nnew file mode 100644\n--- /dev/null\n'
        '+++ "b/shop/caf\\351.py"\n@@ -0,0 +1,2 @@\n+def broken(:\n+    pass\n'
    )
    patch_file = fuzz_repo.parent / "note.patch"
    patch_file.write_text(patch, encoding="utf-8")
    code, out, err = run_main(["check", str(patch_file), "--repo", str(fuzz_repo), "--no-cache", "-j", "1", "--format", "sarif"])
    check_cli(code, out, err)
    assert code == 1 and "shop/caf%E9.py" in out
    (notification,) = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notification["level"] == "error"
    assert notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "shop/caf%E9.py"
