"""No function of the engine (``reuse_audit/`` and the rules) is over 80 lines (issue 28): a
longer one is split into named steps that read top-down.

A function's length is its ``def`` line to its last line (decorators aside), as ``ast`` gives
them; a nested function counts in the one around it too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = (ROOT / "reuse_audit", ROOT / "rules")
LIMIT = 80

def _long_functions(folders: tuple[Path, ...], root: Path = ROOT) -> dict[str, int]:
    """``path::Outer.name`` -> lines, of each function over LIMIT lines in ``folders``."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, where: str, outer: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{outer}.{child.name}" if outer else child.name
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                if not isinstance(child, ast.ClassDef) and lines > LIMIT:
                    found[f"{where}::{name}"] = lines
                visit(child, where, name)
            else:
                visit(child, where, outer)

    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            visit(ast.parse(path.read_text(encoding="utf-8")), path.relative_to(root).as_posix(), "")
    return found


def test_no_function_of_the_engine_is_over_80_lines():
    long = _long_functions(ENGINE)
    assert long == {}


def test_the_walk_sees_a_long_function_and_a_long_method(tmp_path):
    def function(name: str, lines: int, indent: str = "") -> str:
        return f"{indent}def {name}():\n" + "".join(f"{indent}    x = {i}\n" for i in range(lines - 1))

    (tmp_path / "m.py").write_text(
        function("short", LIMIT) + function("long", LIMIT + 1) + "class C:\n" + function("long", LIMIT + 2, "    ")
    )
    assert _long_functions((tmp_path,), tmp_path) == {"m.py::long": LIMIT + 1, "m.py::C.long": LIMIT + 2}
