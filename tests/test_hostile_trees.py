"""Hostile repositories: every odd file is analysed as far as possible or skipped
with a note naming it and the reason, and the rest of the run is unaffected
(the re-implementation in shop/report.py is still found).

The big tree (a 20 MB module, 50,000 functions, expressions nested 5,000 deep,
symbolic link loops, a FIFO, odd encodings, binaries named .py) is generated
once per session and checked once through the command line (in process) and
once through the engine, which shares the command line's cache.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import hostile
from cli_support import BASE, copy_module, make_patch, write_tree
from fuzz_support import check_cli, run_main
from reuse_audit.source import tree as tree_module
from reuse_audit.facts.cache import FactsCache
from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.settings import Settings

H = "hostile"


@dataclass(frozen=True)
class Expect:
    """What the run must do with one hostile file."""

    functions: tuple[str, ...] = ()  # qualified names that must be indexed
    note: str = ""  # a note on the file must contain this
    min_functions: int = 0  # at least this many functions indexed from the file
    no_note: bool = False  # the file is clean: no note at all


FILES: dict[str, tuple] = {
    # size
    "big_generated.py": (hostile.big_module, Expect(note="skipped: file of 20.0 MB, larger than the 10 MB limit")),
    "many_functions.py": (hostile.many_functions, Expect(min_functions=50_000, functions=("hostile.many_functions.func_49999",), no_note=True)),
    # nesting 5,000 deep
    "deep_parens.py": (hostile.nested_parens, Expect(functions=("hostile.deep_parens.deep_parens",))),
    "deep_calls.py": (hostile.nested_calls, Expect(functions=("hostile.deep_calls.deep_calls",), no_note=True)),
    "deep_unary.py": (hostile.nested_unary, Expect(functions=("hostile.deep_unary.deep_unary",), no_note=True)),
    "deep_lists.py": (hostile.nested_lists, Expect(functions=("hostile.deep_lists.deep_lists",))),
    "deep_binary.py": (hostile.nested_binary, Expect(functions=("hostile.deep_binary.deep_binary",), no_note=True)),
    "deep_attr.py": (hostile.long_attribute_chain, Expect(functions=("hostile.deep_attr.deep_attr",), no_note=True)),
    "deep_lambda.py": (hostile.nested_lambdas, Expect(functions=("hostile.deep_lambda.deep_lambda",), no_note=True)),
    # 1,000 nested blocks and defs: CPython refuses them (>100 nested blocks); tree-sitter gives up part-way
    "deep_blocks.py": (hostile.nested_blocks, Expect(note="syntax error")),
    "deep_defs.py": (hostile.nested_defs, Expect(note="syntax error", min_functions=100)),
    # odd bytes
    "with_nul.py": (hostile.with_nul, Expect(functions=("hostile.with_nul.with_nul", "hostile.with_nul.after_nul"), note="syntax error")),
    "with_bom.py": (hostile.with_bom, Expect(functions=("hostile.with_bom.with_bom",), no_note=True)),
    "with_crlf.py": (hostile.with_crlf, Expect(functions=("hostile.with_crlf.with_crlf", "hostile.with_crlf.second"), no_note=True)),
    "with_cr.py": (hostile.with_bare_cr, Expect(functions=("hostile.with_cr.with_cr",), no_note=True)),
    "mixed_tabs.py": (hostile.mixed_tabs, Expect(functions=("hostile.mixed_tabs.mixed_tabs",))),
    "latin1_cookie.py": (hostile.latin1_with_cookie, Expect(functions=("hostile.latin1_cookie.latin1_cookie",), note="decoded with coding cookie latin-1")),
    "latin1_plain.py": (hostile.latin1_without_cookie, Expect(functions=("hostile.latin1_plain.latin1_plain",), note="decoded as latin-1")),
    "wrong_cookie.py": (hostile.cp1252_with_wrong_cookie, Expect(functions=("hostile.wrong_cookie.wrong_cookie",), note="not valid UTF-8")),
    "sjis.py": (hostile.shift_jis_with_cookie, Expect(functions=("hostile.sjis.sjis",), note="decoded with coding cookie shift_jis")),
    "unknown_cookie.py": (hostile.unknown_cookie, Expect(functions=("hostile.unknown_cookie.unknown_cookie",), note="unknown coding cookie")),
    "utf16.py": (hostile.utf16_without_bom, Expect(note="syntax error")),
    # binaries named .py
    "binary_elf.py": (hostile.binary_elf, Expect(note="not valid UTF-8")),
    "binary_png.py": (hostile.binary_png, Expect(note="not valid UTF-8")),
    "compiled.py": (hostile.pyc_bytes, Expect(note="not valid UTF-8")),
}

LINKS = {  # symbolic links: name -> target
    "loop_a.py": "loop_b.py",
    "loop_b.py": "loop_a.py",
    "self_loop.py": "self_loop.py",
    "dangling.py": "no_such_file.py",
    "to_fifo.py": "pipe.py",
}
LINK_NOTE = "symbolic link does not lead to a regular file"


@dataclass(frozen=True)
class HostileRun:
    root: Path
    code: int
    stdout: str
    stderr: str
    seconds: float
    result: object  # the engine's Result
    notes: dict  # path -> [message]


@pytest.fixture(scope="session")
def hostile_run(tmp_path_factory) -> HostileRun:
    base = tmp_path_factory.mktemp("hostile")
    root = write_tree(base / "repo", BASE)
    folder = root / H
    folder.mkdir()
    for name, (make, _) in FILES.items():
        (folder / name).write_bytes(make())
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.py")
    for name, target in LINKS.items():
        (folder / name).symlink_to(target)
    (folder / "again").symlink_to(".", target_is_directory=True)  # a directory loop
    (folder / "up").symlink_to("..", target_is_directory=True)
    patch = base / "change.patch"
    patch.write_bytes(make_patch(BASE, dict(BASE, **{"shop/report.py": copy_module()})))
    cache = base / "cache"
    started = time.monotonic()
    code, out, err = run_main(["check", str(patch), "--repo", str(root), "--format", "json", "--cache-dir", str(cache), "-j", "2"])
    seconds = time.monotonic() - started
    check_cli(code, out, err)
    facts_cache = FactsCache(cache)
    try:
        change = change_from_patch(root, patch.read_text(encoding="utf-8"), str(patch))
        result = run(change, Settings(), cache=facts_cache, jobs=1)
    finally:
        facts_cache.close()
    notes: dict[str, list[str]] = {}
    for note in json.loads(out)["notes"]:
        notes.setdefault(note["path"], []).append(note["message"])
    return HostileRun(root, code, out, err, seconds, result, notes)


def test_the_copy_is_still_found_and_the_run_succeeds(hostile_run):
    assert hostile_run.code == 1, hostile_run.stderr
    doc = json.loads(hostile_run.stdout)
    assert [(f["code"], f["function"], f["target"]["name"]) for f in doc["findings"]] == [
        ("RA001", "shop.report.label_for", "shop.pricing.price_label")
    ]
    assert "Traceback" not in hostile_run.stderr and "internal error" not in hostile_run.stderr
    # every note went to stderr as one line, naming its file
    for path, messages in hostile_run.notes.items():
        for message in messages:
            assert f"note: {path}: {message}\n" in hostile_run.stderr
    assert hostile_run.seconds < 120, f"the hostile tree took {hostile_run.seconds:.0f} s"


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_hostile_file_is_analysed_or_noted(hostile_run, name):
    expect: Expect = FILES[name][1]
    path = f"{H}/{name}"
    index = hostile_run.result.index
    indexed = index.by_path.get(path, ())
    # the notes on the file's own facts, which a report gives when it rests on the file
    # (changed, or a finding's), and the notes of the walk over the tree, always given
    reported = hostile_run.notes.get(path, [])
    notes = reported + [n.message for n in index.file_notes(path)]
    for qualname in expect.functions:
        assert qualname in index.functions, (qualname, notes, indexed[:5])
    assert len(indexed) >= expect.min_functions, (len(indexed), notes)
    if expect.note:
        assert any(expect.note in message for message in notes), (path, notes)
    if expect.no_note:
        assert notes == [], (path, notes)
    # the engine's own notes agree with the command line's (same facts, through the cache)
    engine_notes = sorted(n.message for n in hostile_run.result.report.notes if n.path == path)
    assert engine_notes == sorted(reported)


@pytest.mark.parametrize("name", sorted(LINKS))
def test_symbolic_link_loops_and_dead_links_are_noted(hostile_run, name):
    assert f"{H}/{name}" not in hostile_run.result.index.by_path
    if not hasattr(os, "mkfifo") and name == "to_fifo.py":
        pytest.skip("no FIFOs here")
    assert any(LINK_NOTE in m for m in hostile_run.notes.get(f"{H}/{name}", [])), hostile_run.notes


def test_directory_links_are_not_followed(hostile_run):
    paths = hostile_run.result.index.module_of_path
    assert not any(p.startswith((f"{H}/again/", f"{H}/up/")) for p in paths)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_named_py_is_never_opened(hostile_run):
    # opening a FIFO for reading would block the run forever: it finished, so it was not opened
    assert hostile_run.notes[f"{H}/pipe.py"] == ["skipped: not a regular file (FIFO)"]


def test_the_big_module_skipped_is_the_only_big_one(hostile_run):
    big = [p for p, msgs in hostile_run.notes.items() if any("MB limit" in m for m in msgs)]
    assert big == [f"{H}/big_generated.py"]


# ---------------------------------------------------------------------------
# smaller cases, each on its own little tree


def _small_case(tmp_path: Path, extra: dict) -> tuple[Path, Path]:
    root = write_tree(tmp_path / "repo", dict(BASE, **extra))
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(BASE, dict(BASE, **{"shop/report.py": copy_module()})))
    return root, patch


def _check(root: Path, patch: Path, *extra: str) -> tuple[int, str, str]:
    code, out, err = run_main(["check", str(patch), "--repo", str(root), "--no-cache", "-j", "1", *extra])
    check_cli(code, out, err)
    return code, out, err


def test_unreadable_file_is_skipped_with_a_note(tmp_path, monkeypatch):
    """Root reads everything: the permission check is faked, the rest is real."""
    root, patch = _small_case(tmp_path, {"shop/secret.py": "def hidden():\n    return 1\n"})
    real_access = os.access
    secret = str(root / "shop" / "secret.py")
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if os.fspath(p) == secret else real_access(p, mode, **kw))
    code, out, err = _check(root, patch)
    assert code == 1 and "RA001" in out
    assert "note: shop/secret.py: skipped: file is not readable\n" in err


def test_file_that_fails_to_read_after_listing_is_skipped_with_a_note(tmp_path, monkeypatch):
    """Readable when listed, EACCES when read (permissions changed in between)."""
    root, patch = _small_case(tmp_path, {"shop/secret.py": "def hidden():\n    return 1\n"})
    real_open = open
    secret = os.path.realpath(root / "shop" / "secret.py")

    def fake_open(file, *args, **kwargs):
        if isinstance(file, (str, bytes, os.PathLike)) and os.fspath(file) == secret:
            raise PermissionError(13, "Permission denied", secret)
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    code, out, err = _check(root, patch)
    assert code == 1 and "RA001" in out
    line = next(line for line in err.splitlines() if "shop/secret.py" in line)
    assert line.startswith("note: shop/secret.py: skipped: cannot read file") and "Permission denied" in line


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_with_real_permissions(tmp_path):
    root, patch = _small_case(tmp_path, {"shop/secret.py": "def hidden():\n    return 1\n"})
    (root / "shop" / "secret.py").chmod(0)
    try:
        code, out, err = _check(root, patch)
    finally:
        (root / "shop" / "secret.py").chmod(0o644)
    assert code == 1 and "note: shop/secret.py: skipped: file is not readable" in err


BIG = "def big(x):\n    return x\n" + "# padding\n" * 300  # 3 kB: over a limit of 2000 bytes
BIG_NOTE = "skipped: file of 0.0 MB, larger than the 0.00190735 MB limit (generated code?)"


def test_size_limit_applies_to_the_change_too(tmp_path, monkeypatch):
    """Over the limit, a file is skipped with a note, in the repository or in the change;
    a big file the change makes small is analysed (and the note goes)."""
    monkeypatch.setattr(tree_module, "MAX_FILE_BYTES", 2000)
    base = dict(BASE, **{"shop/big.py": BIG})
    root = write_tree(tmp_path / "repo", base)
    patch = tmp_path / "change.patch"
    cases = {
        "unchanged": ({"shop/report.py": copy_module()}, 1, True),
        "edited, still big": ({"shop/report.py": copy_module(), "shop/big.py": BIG.replace("x\n", "y\n", 1)}, 1, True),
        "added big copy": ({"shop/report.py": copy_module() + "# padding\n" * 300}, 0, True),
        "made small": ({"shop/big.py": "def big(x):\n    return x\n"}, 0, False),
    }
    for label, (edits, status, big_note) in cases.items():
        patch.write_bytes(make_patch(base, dict(base, **edits)))
        code, out, err = _check(root, patch)
        assert code == status, (label, out, err)
        assert (f"note: shop/big.py: {BIG_NOTE}\n" in err) == big_note, (label, err)
        assert err.count("shop/big.py") == int(big_note), (label, err)
        if label == "added big copy":
            assert f"note: shop/report.py: {BIG_NOTE}\n" in err


def test_size_limit_in_git_trees(tmp_path, monkeypatch):
    """Git trees (--base, the working tree, --staged) apply the same limit, with the same note."""
    from gitrepo import GitRepo, isolated_git

    import reuse_audit.source.git as gitsource

    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "git")
    write_tree(repo.path, dict(BASE, **{"shop/big.py": BIG}))
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "base")
    write_tree(repo.path, {"shop/report.py": copy_module()})
    monkeypatch.setattr(tree_module, "MAX_FILE_BYTES", 2000)
    monkeypatch.setattr(gitsource, "MAX_FILE_BYTES", 2000)
    monkeypatch.chdir(repo.path)
    for args in (["--base", "HEAD"], []):
        code, out, err = run_main(["check", *args, "--no-cache", "-j", "1"])
        check_cli(code, out, err)
        assert code == 1 and f"note: shop/big.py: {BIG_NOTE}\n" in err, (args, err)
    # made small in the working tree: analysed, no note
    write_tree(repo.path, {"shop/big.py": "def big(x):\n    return x\n"})
    code, out, err = run_main(["check", "--no-cache", "-j", "1"])
    check_cli(code, out, err)
    assert code == 1 and "shop/big.py" not in err, err
    # a big file staged: the index tree notes it
    write_tree(repo.path, {"shop/big2.py": BIG})
    repo.git("add", "-A")
    code, out, err = run_main(["check", "--staged", "--no-cache", "-j", "1"])
    check_cli(code, out, err)
    assert code == 1 and f"note: shop/big2.py: {BIG_NOTE}\n" in err, err


def test_deep_nesting_with_a_low_recursion_limit(tmp_path):
    """Nothing recurses over the syntax tree: 5,000 levels pass with a recursion
    limit only a little above the current stack depth."""
    import inspect

    extra = {
        "deep/p.py": hostile.nested_parens(),
        "deep/c.py": hostile.nested_calls(),
        "deep/l.py": hostile.nested_lists(),
        "deep/a.py": hostile.long_attribute_chain(),
        "deep/b.py": hostile.nested_binary(),
        "deep/d.py": hostile.nested_defs(300),
    }
    root, patch = _small_case(tmp_path, extra)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + 300)
    try:
        code, out, err = _check(root, patch, "--format", "sarif")
    finally:
        sys.setrecursionlimit(old)
    assert code == 1, err
    assert "recursion" not in err


def test_a_copy_inside_a_hostile_file_is_found(tmp_path):
    """The change itself is odd (CRLF, a BOM, latin-1 with a cookie, a NUL further down):
    the copy in it is still judged."""
    copy = copy_module().replace("\n", "\r\n").encode("latin-1")
    copy = b"\xef\xbb\xbf" + copy + b"\r\nJUNK = '\x00'\r\n"
    root = write_tree(tmp_path / "repo", BASE)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(BASE, dict(BASE, **{"shop/report.py": copy})))
    code, out, err = _check(root, patch)
    assert code == 1 and "RA001 'label_for' re-implements 'shop.pricing.price_label'" in out, (out, err)
