"""Run a reference solution's test calls in an isolated interpreter and take what they really return.

The reference module is written into a scratch folder at its workspace path;
a runner script (``python -I``: no user site, no PYTHON* variables, no
current folder on the path) puts the scratch folder, the repository's import
root and any earlier turns' folder on ``sys.path``, evaluates each call, and
prints one JSON line per call: the ``repr`` of the value when it is a literal
that round-trips through :func:`ast.literal_eval` (so a test can compare with
``==``), or the exception's class.  A predicted value, when given, is compared
with the real one there and then.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

_RUNNER = r'''
import ast, json, sys
paths, module, names, calls, predicted = json.loads(sys.stdin.read())
sys.path[:0] = paths
import importlib
out = []
try:
    mod = importlib.import_module(module)
    ns = {name: getattr(mod, name) for name in names}
except BaseException as exc:
    print(json.dumps({"import_error": f"{type(exc).__name__}: {exc}"}))
    raise SystemExit(0)
for call, guess in zip(calls, predicted):
    item = {"call": call}
    try:
        value = eval(call, dict(ns))
    except BaseException as exc:
        kind = type(exc)
        item.update(raises=kind.__name__, raises_module=kind.__module__, message=str(exc)[:200])
    else:
        text = repr(value)
        try:
            literal = ast.literal_eval(text) == value and type(ast.literal_eval(text)) is type(value)
        except Exception:
            literal = False
        item.update(repr=text if literal else None)
        if guess is not None:
            try:
                item["matches"] = bool(ast.literal_eval(guess) == value)
            except Exception:
                item["matches"] = False
    out.append(item)
print(json.dumps({"results": out}))
'''


@dataclass(frozen=True)
class CallResult:
    call: str
    repr: Optional[str] = None  # the literal returned, when it is one
    raises: Optional[str] = None  # exception class name
    raises_module: Optional[str] = None
    message: str = ""
    matches: Optional[bool] = None  # against the prediction, when one was given


class ExecutionError(Exception):
    pass


def run_calls(files: dict[str, str], module: str, names: Sequence[str], calls: Sequence[str], import_roots: Sequence[Path],
              predicted: Optional[Sequence[Optional[str]]] = None, timeout: float = 60.0) -> list[CallResult]:
    """Evaluate ``calls`` with only ``names`` of ``module`` in scope, as the test file will (``files``: workspace path -> text)."""
    predicted = list(predicted) if predicted is not None else [None] * len(calls)
    with tempfile.TemporaryDirectory(prefix="reuse-audit-build-") as scratch:
        root = Path(scratch) / "ws"
        for rel, text in files.items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        payload = json.dumps([[str(root)] + [str(p) for p in import_roots], module, list(names), list(calls), predicted])
        try:
            proc = subprocess.run([sys.executable, "-I", "-c", _RUNNER], input=payload, capture_output=True, text=True,
                                  timeout=timeout, cwd=scratch, stdin=None)
        except subprocess.TimeoutExpired:
            raise ExecutionError(f"the reference did not finish within {timeout:g} s") from None
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise ExecutionError(f"the runner failed (exit {proc.returncode}): {tail}")
    data = json.loads(lines[-1])
    if "import_error" in data:
        raise ExecutionError(f"importing {module} failed: {data['import_error']}")
    return [CallResult(r["call"], r.get("repr"), r.get("raises"), r.get("raises_module"), r.get("message", ""), r.get("matches"))
            for r in data["results"]]


def test_file(module: str, function_names: Sequence[str], results: Sequence[CallResult], max_tests: int = 12) -> Optional[str]:
    """A pytest file asserting the real returns (literal values, or the exception's class); None when no call is usable."""
    imports = {"pytest"} if any(r.raises for r in results) else set()
    raises_imports: set[str] = set()
    tests = []
    for r in results:
        if len(tests) >= max_tests:
            break
        if r.raises:
            if r.raises_module in ("builtins", None):
                cls = r.raises
            else:
                if "<" in r.raises_module or "<" in r.raises:
                    continue
                raises_imports.add(f"from {r.raises_module} import {r.raises}")
                cls = r.raises
            tests.append(f"    with pytest.raises({cls}):\n        {r.call}\n")
        elif r.repr is not None:
            tests.append(f"    assert {r.call} == {r.repr}\n")
    if not tests:
        return None
    head = [f"import {m}" for m in sorted(imports)] + sorted(raises_imports)
    head.append(f"from {module} import {', '.join(function_names)}")
    body = [f"\n\ndef test_call_{i + 1}():\n{t}" for i, t in enumerate(tests)]
    return "\n".join(head) + "\n" + "".join(body)
