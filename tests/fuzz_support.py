"""What must hold for any input: shared by the hypothesis tests (tests/test_fuzz.py)
and the atheris fuzzer (scripts/fuzz.py).

Three targets:

* :func:`check_patch` - the patch parser and the in-memory apply: any text
  either parses and applies, or raises :class:`~reuse_audit.errors.PatchError`
  with a one-line message; nothing else ever escapes.
* :func:`check_source` - the source parser: any bytes give a FileFacts
  (never an exception, never an "internal error" note), with sane line
  numbers, and the compact form round-trips.
* :func:`check_cli` - ``reuse-audit check`` as a whole, in process
  (:func:`run_main`): exit status 0, 1 or 2 only, never a traceback, and exit
  2 always with exactly one ``reuse-audit: error: ...`` line that is not an
  internal error.

A broken invariant raises :class:`Violation`.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import sys
from pathlib import Path
from typing import Mapping, Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent


class Violation(AssertionError):
    """An input broke one of the invariants above."""


# ---------------------------------------------------------------------------
# a small repository the seed patches apply to

SHOP_UTIL = '''\
"""Helpers."""


def parse_price(text):
    return float(text.strip())


def lookup_rate(country):
    return {"FR": 0.2, "DE": 0.19}.get(country, 0.0)


def apply_tax(amount, rate):
    return amount * (1 + rate)


def round_cents(amount):
    return round(amount, 2)


def format_price(amount, currency):
    return f"{amount:.2f} {currency}"
'''

SHOP_PRICING = '''\
"""Prices."""

from shop.util import apply_tax, format_price, lookup_rate, parse_price, round_cents


def price_label(text, country):
    amount = parse_price(text)
    rate = lookup_rate(country)
    taxed = apply_tax(amount, rate)
    return format_price(round_cents(taxed), "EUR")
'''

SHOP_COPY = '''\
"""Reports."""

from shop.util import apply_tax, format_price, lookup_rate, parse_price, round_cents


def label_for(text, country):
    value = parse_price(text)
    taxed = apply_tax(value, lookup_rate(country))
    return format_price(round_cents(taxed), "EUR")
'''


def fuzz_repo_files() -> dict[str, bytes]:
    """The repository every fuzzed patch is applied to: the shop package and the
    invoicing example (so that the seed patches apply and reach the rules)."""
    files = {
        "shop/__init__.py": b'"""A small shop."""\n',
        "shop/util.py": SHOP_UTIL.encode(),
        "shop/pricing.py": SHOP_PRICING.encode(),
        "README.txt": b"not python\n",
    }
    example = ROOT / "examples" / "invoicing"
    for path in sorted(example.rglob("*.py")):
        files[path.relative_to(example).as_posix()] = path.read_bytes()
    for case in _fixture_cases():
        for path in sorted((case / "before").rglob("*.py")):
            files[f"fx/{case.name}/{path.relative_to(case / 'before').as_posix()}"] = path.read_bytes()
    return files


def _fixture_cases() -> list[Path]:
    fixtures = ROOT / "tests" / "fixtures" / "ra001"
    return sorted(p for p in fixtures.iterdir() if (p / "before").is_dir()) if fixtures.is_dir() else []


def write_files(root: Path, files: Mapping[str, bytes]) -> Path:
    for rel, data in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


def unified(path: str, old: Optional[str], new: Optional[str]) -> str:
    """A ``git diff`` section taking ``path`` from ``old`` to ``new`` (None: absent)."""
    a = (old or "").splitlines(keepends=True)
    b = (new or "").splitlines(keepends=True)
    head = f"diff --git a/{path} b/{path}\n"
    if old is None:
        head += "new file mode 100644\n--- /dev/null\n"
    else:
        head += f"--- a/{path}\n"
    head += "+++ /dev/null\n" if new is None else f"+++ b/{path}\n"
    body = []
    for line in list(difflib.unified_diff(a, b, n=3))[2:]:
        body.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return head + "".join(body)


def seed_patches() -> list[str]:
    """Real diffs: the README example, the RA001 fixtures' before -> after, and a
    few edits of the fuzz repository (modify, delete, rename, CRLF, no newline)."""
    seeds = [(ROOT / "examples" / "reimplemented.patch").read_text(encoding="utf-8")]
    seeds.append(unified("shop/report.py", None, SHOP_COPY))
    seeds.append(unified("shop/util.py", SHOP_UTIL, SHOP_UTIL.replace("round(amount, 2)", "round(amount, 3)")))
    seeds.append(unified("shop/pricing.py", SHOP_PRICING, None))
    seeds.append(unified("shop/util.py", SHOP_UTIL, SHOP_UTIL.rstrip("\n")))
    seeds.append(
        "diff --git a/shop/pricing.py b/shop/prices.py\nsimilarity index 100%\n"
        "rename from shop/pricing.py\nrename to shop/prices.py\n"
    )
    seeds.append(unified("shop/report.py", None, SHOP_COPY).replace("\n", "\r\n"))
    seeds.append("--- shop/util.py\n+++ shop/util.py\n@@ -1 +1 @@\n-\"\"\"Helpers.\"\"\"\n+\"\"\"Help.\"\"\"\n")
    for case in _fixture_cases():
        before = {p.relative_to(case / "before").as_posix(): p for p in (case / "before").rglob("*.py")}
        after = {p.relative_to(case / "after").as_posix(): p for p in (case / "after").rglob("*.py")}
        parts = []
        for rel in sorted(set(before) | set(after)):
            old = before[rel].read_text(encoding="utf-8") if rel in before else None
            new = after[rel].read_text(encoding="utf-8") if rel in after else None
            if old != new:
                parts.append(unified(f"fx/{case.name}/{rel}", old, new))
        if parts:
            seeds.append("".join(parts))
    return seeds


def seed_sources() -> list[bytes]:
    """Real Python sources: this project's own modules and the fixtures'."""
    out = []
    for folder in (ROOT / "reuse_audit", ROOT / "rules", ROOT / "examples"):
        for path in sorted(folder.rglob("*.py")):
            out.append(path.read_bytes())
    return out


# ---------------------------------------------------------------------------
# the invariants


def _one_line(message: str, what: str) -> None:
    if "\n" in message or "\r" in message:
        raise Violation(f"{what}: message is not one line: {message!r}")
    if not message.strip():
        raise Violation(f"{what}: empty message")


def check_patch(text: str, tree=None) -> Optional[object]:
    """Parse ``text`` and apply it to ``tree`` (default: the fuzz repository in memory).

    Returns the after-tree, or None when the patch was refused (PatchError)."""
    from reuse_audit.errors import PatchError, UsageError
    from reuse_audit.source.patch import check_path, parse_patch
    from reuse_audit.source.tree import MemoryTree, apply_patch

    if tree is None:
        tree = MemoryTree(fuzz_repo_files())
    try:
        patch = parse_patch(text, "fuzz.patch")
    except PatchError as exc:
        _one_line(str(exc), "parse_patch")
        if not str(exc).startswith("fuzz.patch"):
            raise Violation(f"parse_patch: message does not name the patch: {exc}")
        return None
    except RecursionError as exc:
        raise Violation(f"parse_patch: RecursionError: {exc}") from exc
    except Exception as exc:
        raise Violation(f"parse_patch raised {type(exc).__name__}: {exc}") from exc
    if not patch.files:
        raise Violation("parse_patch returned no files")
    for fp in patch.files:
        for path in (fp.old_path, fp.new_path):
            if path is not None:
                check_path(path)  # a PatchError here escapes as a violation below
        for h in fp.hunks:
            old = sum(1 for line in h.lines if line[:1] in " -")
            new = sum(1 for line in h.lines if line[:1] in " +")
            if (old, new) != (h.old_len, h.new_len):
                raise Violation(f"hunk at line {h.header_line}: counts {old},{new} but header {h.old_len},{h.new_len}")
    try:
        after, notes = apply_patch(tree, patch, "fuzz.patch")
    except (PatchError, UsageError) as exc:
        _one_line(str(exc), "apply_patch")
        return None
    except Exception as exc:
        raise Violation(f"apply_patch raised {type(exc).__name__}: {exc}") from exc
    for path in after.paths():
        check_path(path)
        after.read(path)
    for _, message in notes:
        _one_line(message, "apply_patch note")
    return after


def check_source(data: bytes):
    """Parse ``data`` as a Python file; return its FileFacts."""
    from reuse_audit.facts.model import FileFacts
    from reuse_audit.facts.parse import compact_from_facts, facts_from_compact, parse_source

    try:
        facts = parse_source(data)
    except BaseException as exc:  # noqa: BLE001 - never raises, by contract
        raise Violation(f"parse_source raised {type(exc).__name__}: {exc}") from exc
    if not isinstance(facts, FileFacts):
        raise Violation(f"parse_source returned {type(facts).__name__}")
    if facts.decode_note and "internal error" in facts.decode_note:
        raise Violation(f"parse_source: {facts.decode_note}")
    lines = data.count(b"\n") + data.count(b"\r") + 1
    for fn in facts.functions:
        if not (1 <= fn.line <= fn.end_line <= lines + 1):
            raise Violation(f"{fn.local_name}: lines {fn.line}-{fn.end_line} outside 1-{lines}")
        for call in fn.calls:
            if not (fn.line <= call.line <= fn.end_line + 1):
                raise Violation(f"{fn.local_name}: call {call.parts} at line {call.line} outside the function")
    if list(facts.syntax_errors) != sorted(set(facts.syntax_errors)):
        raise Violation(f"syntax_errors not sorted and unique: {facts.syntax_errors}")
    if facts_from_compact(compact_from_facts(facts)) != facts:
        raise Violation("the compact form does not round-trip")
    return facts


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)

    def read(self, *args):  # pragma: no cover - the CLI reads .buffer
        return self.buffer.read(*args).decode("utf-8", "replace")

    def close(self) -> None:
        """A forked worker closes its inherited stdin first thing, as for a real one."""
        self.buffer.close()


def run_main(argv: Sequence[str], stdin: bytes = b"", env: Optional[Mapping[str, str]] = None) -> tuple[int, str, str]:
    """``reuse_audit.app.cli.main(argv)`` in this process: (exit status, stdout, stderr)."""
    from reuse_audit.app import cli

    out, err = io.StringIO(), io.StringIO()
    saved_env = {}
    for key, value in (env or {}).items():
        saved_env[key] = os.environ.get(key)
        os.environ[key] = value
    debug = os.environ.pop("REUSE_AUDIT_DEBUG", None)
    saved_stdin = sys.stdin
    sys.stdin = _Stdin(stdin)  # type: ignore[assignment]
    code: object = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(list(argv))
            except SystemExit as exc:
                code = exc.code
            except BaseException as exc:  # noqa: BLE001 - main() must never let one out
                raise Violation(f"main() raised {type(exc).__name__}: {exc}\nstderr: {err.getvalue()}") from exc
            else:
                raise Violation("main() returned without sys.exit")
    finally:
        sys.stdin = saved_stdin
        if debug is not None:
            os.environ["REUSE_AUDIT_DEBUG"] = debug
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    if not isinstance(code, int):
        raise Violation(f"exit status {code!r} is not an int")
    return code, out.getvalue(), err.getvalue()


def check_cli(code: int, stdout: str, stderr: str, allow_internal: bool = False) -> None:
    """The contract of the command line for any input."""
    if code not in (0, 1, 2):
        raise Violation(f"exit status {code}\nstderr: {stderr}")
    if "Traceback" in stderr or "Traceback" in stdout:
        raise Violation(f"a traceback reached the user:\n{stderr}")
    errors = [line for line in stderr.splitlines() if line.startswith("reuse-audit: error: ")]
    if code == 2:
        if len(errors) != 1 or not stderr.endswith("\n"):
            raise Violation(f"exit 2 without exactly one error line:\n{stderr!r}")
        if stderr.splitlines()[-1] != errors[0]:
            raise Violation(f"the error is not the last line:\n{stderr!r}")
        if not allow_internal and "internal error" in errors[0]:
            raise Violation(f"internal error: {errors[0]}")
    elif errors:
        raise Violation(f"exit {code} with an error line:\n{stderr!r}")
    for line in stderr.splitlines():
        if not (line.startswith("note: ") or line.startswith("reuse-audit: error: ")):
            raise Violation(f"unexpected stderr line {line!r}")
