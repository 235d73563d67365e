"""Generators of hostile source files for tests/test_hostile_trees.py.

Each returns bytes.  Sizes are parameters so that the tests can say what they
prove (a 20 MB module, 5,000 levels of nesting, 50,000 functions).
"""

from __future__ import annotations

MB = 1024 * 1024


def big_module(size: int = 20 * MB, code_share: float = 0.1) -> bytes:
    """A generated module of at least ``size`` bytes, as code generators write
    them: ``code_share`` of it small functions that call helpers, the rest one
    large data table."""
    chunk = []
    k = 0
    total = 0
    while total < size * code_share:
        text = f"def gen_{k}(x):\n    return helper_{k % 97}(x) + table[{k % 1000}]\n\n\n"
        chunk.append(text)
        total += len(text)
        k += 1
    row = "    (" + ", ".join(f"{n}" for n in range(40)) + "),\n"
    rows = (size - total) // len(row) + 1
    table = "table = [\n" + row * rows + "]\n"
    return ("".join(chunk) + table).encode("ascii")


def nested_parens(depth: int = 5000) -> bytes:
    return f"def deep_parens():\n    return {'(' * depth}1{')' * depth}\n".encode()


def nested_calls(depth: int = 5000) -> bytes:
    return f"def deep_calls(x):\n    return {'f(' * depth}x{')' * depth}\n".encode()


def nested_unary(depth: int = 5000) -> bytes:
    return f"def deep_unary(x):\n    return {'-' * depth}x\n".encode()


def nested_lists(depth: int = 5000) -> bytes:
    return f"DATA = {'[' * depth}{']' * depth}\n\n\ndef deep_lists():\n    return {'[' * depth}len(DATA){']' * depth}\n".encode()


def nested_binary(depth: int = 5000) -> bytes:
    return ("def deep_binary(x):\n    return " + " + ".join(f"g{k}(x)" for k in range(depth)) + "\n").encode()


def long_attribute_chain(depth: int = 5000) -> bytes:
    return ("def deep_attr(x):\n    return x" + ".a" * depth + "()\n").encode()


def nested_lambdas(depth: int = 5000) -> bytes:
    return f"def deep_lambda():\n    return {'lambda: ' * depth}0\n".encode()


def nested_blocks(depth: int = 1000) -> bytes:
    """``if`` statements nested ``depth`` deep (Python's own parser stops at 100)."""
    lines = ["def deep_blocks(x):"]
    for k in range(depth):
        lines.append(" " * (k + 1) + "if x:")
    lines.append(" " * (depth + 1) + "return g(x)")
    return ("\n".join(lines) + "\n").encode()


def nested_defs(depth: int = 1000) -> bytes:
    """Functions defined inside functions ``depth`` deep, each calling a helper."""
    lines = []
    for k in range(depth):
        pad = " " * k
        lines.append(f"{pad}def level_{k}(x):")
        lines.append(f"{pad} helper_{k}(x)")
    lines.append(" " * depth + "return x")
    return ("\n".join(lines) + "\n").encode()


def many_functions(count: int = 50_000) -> bytes:
    parts = [f"def func_{k}(a, b):\n    return step_{k % 13}(a) + step_{(k + 1) % 13}(b)\n\n\n" for k in range(count)]
    return "".join(parts).encode()


# ---------------------------------------------------------------------------
# odd bytes

PLAIN = "def {name}(x):\n    return str(x).strip()\n"


def with_nul(name: str = "with_nul") -> bytes:
    return b"def " + name.encode() + b"(x):\n    return x\x00 + 1\n\x00\x00\ndef after_nul(y):\n    return y\n"


def with_bom(name: str = "with_bom") -> bytes:
    return b"\xef\xbb\xbf" + PLAIN.format(name=name).encode()


def with_crlf(name: str = "with_crlf") -> bytes:
    return PLAIN.format(name=name).replace("\n", "\r\n").encode() + b"def second(y):\r\n    return y\r\n"


def with_bare_cr(name: str = "with_cr") -> bytes:
    return PLAIN.format(name=name).replace("\n", "\r").encode()


def mixed_tabs(name: str = "mixed_tabs") -> bytes:
    # Python 3 refuses this (TabError); the parser analyses what it can
    return f"def {name}(x):\n\tif x:\n        return 1\n\treturn 2\n".encode()


def latin1_with_cookie(name: str = "latin1_cookie") -> bytes:
    return f"# -*- coding: latin-1 -*-\ndef {name}(x):\n    return 'caf\u00e9' + x\n".encode("latin-1")


def latin1_without_cookie(name: str = "latin1_plain") -> bytes:
    return f"def {name}(x):\n    return 'caf\u00e9' + x\n".encode("latin-1")


def cp1252_with_wrong_cookie(name: str = "wrong_cookie") -> bytes:
    # says UTF-8, is not
    return f"# coding: utf-8\ndef {name}(x):\n    return '\u201cquoted\u201d' + x\n".encode("cp1252")


def shift_jis_with_cookie(name: str = "sjis") -> bytes:
    return f"# coding: shift_jis\ndef {name}(x):\n    return '\u65e5\u672c' + x\n".encode("shift_jis")


def unknown_cookie(name: str = "unknown_cookie") -> bytes:
    return f"# coding: no-such-codec\ndef {name}(x):\n    return x\n".encode()


def utf16_without_bom(name: str = "utf16") -> bytes:
    return PLAIN.format(name=name).encode("utf-16-le")


def binary_elf() -> bytes:
    """An ELF header and noise: a compiled program saved as ``.py``."""
    head = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x03\x00\x3e\x00\x01\x00\x00\x00"
    noise = bytes((k * 131 + 17) % 256 for k in range(64 * 1024))
    return head + noise


def binary_png() -> bytes:
    return b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 64


def pyc_bytes() -> bytes:
    import importlib.util
    import marshal

    code = compile("def f():\n    return 1\n", "x.py", "exec")
    return importlib.util.MAGIC_NUMBER + b"\x00" * 12 + marshal.dumps(code)
