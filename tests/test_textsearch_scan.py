"""``textsearch``'s one scan a text (``_scan``) gives what its three scans gave: the same
windows, the same code offsets and the same trust in the layout, on real files and on
texts made to trip it (f-strings, tabs, lone carriage returns, unbalanced brackets)."""

from __future__ import annotations

import bisect
import random
import re
from pathlib import Path

import pytest

from reuse_audit.index import textsearch
from reuse_audit.index.textsearch import Layout, _trusted_layout, has_window

# the three scans of before, as they were: the reference
_STRING_LITERAL = textsearch._STRING_LITERAL
_NOT_CODE = re.compile(_STRING_LITERAL + rb"|#[^\n]*+")


def old_in_code(text: bytes, at: int) -> bool:
    starts, ends = [], []
    for m in _NOT_CODE.finditer(text):
        start = m.start()
        if text[start] != 0x23 and textsearch._FORMATTED & set(text[max(0, start - 2) : start]):
            continue
        starts.append(start)
        ends.append(m.end())
    i = bisect.bisect_right(starts, at) - 1
    return i < 0 or at >= ends[i]


def old_trusted(text: bytes) -> bool:
    if textsearch._TAB_INDENT.search(text) or (b"\r" in text and b"\r\n" not in text):
        return False
    code = _NOT_CODE.sub(b" ", text)
    return all(code.count(a) == code.count(b) for a, b in ((b"(", b")"), (b"[", b"]"), (b"{", b"}")))


def old_has_window(text: bytes, sites: list[int], enough: int) -> bool:
    if len(sites) < enough:
        return False
    starts = []
    for m in textsearch._STRUCTURE.finditer(text):
        indent = m.group(1)
        if indent is not None:
            starts.append((m.start(), len(indent), m.group(2) == b"def"))
    open_: list = []

    def holds(start, end):
        return start[2] and bisect.bisect_left(sites, end) - bisect.bisect_left(sites, start[0]) >= enough

    for start in starts:
        while open_ and open_[-1][1] >= start[1]:
            if holds(open_.pop(), start[0]):
                return True
        open_.append(start)
    while open_:
        if holds(open_.pop(), len(text)):
            return True
    return not old_trusted(text)


MADE = [
    b'def f(x):\n    return g(f"{h(x)}")  # h(\n\ndef k():\n    s = """def j():\n    g()\n"""\n    g(); g()\n',
    b"class C:\n\tdef m(self):\n\t\treturn a(b(c()))\n",
    b"def f():\r    a()\r    a()\r",
    b"def f(:\n    a(\n    a()\n    a()\n",
    b"x = rb'(' + t'{a(b)}' + Rb\"\"\"[\"\"\"\ndef f():\n    a(); a(); a()  # ]]]\n",
    b"async def f():\n    await a()\n    a()\nclass D:\n    def g(self):\n        a(); a()\n",
    b"",
]


def _texts() -> list[bytes]:
    lib = Path(bisect.__file__).parent  # the standard library
    files = sorted(lib.glob("email/*.py")) + sorted(lib.glob("json/*.py")) + [Path(textsearch.__file__)]
    assert len(files) > 20
    return MADE + [p.read_bytes() for p in files]


@pytest.mark.parametrize("n", range(len(MADE) + 1))
def test_one_scan_gives_what_three_gave(n):
    texts = _texts() if n == len(MADE) else [MADE[n]]
    rng = random.Random(n)
    for text in texts:
        assert _trusted_layout(text) == old_trusted(text)
        layout = Layout(text)
        step = max(1, len(text) // 400)
        for at in range(0, len(text), step):
            assert layout.in_code(at) == old_in_code(text, at), at
        # call sites: the offsets of a name followed by "(", and random ones
        found = [m.start() for m in re.finditer(rb"[A-Za-z_]\w*\s*\(", text)]
        for enough in (1, 2, 3, 5):
            for sites in (found, sorted(rng.sample(found, min(len(found), 6))), sorted(rng.sample(range(len(text) + 1), min(len(text), 4)))):
                assert has_window(text, sites, enough) == old_has_window(text, sites, enough)


def test_a_layout_scans_its_text_once(monkeypatch):
    """``in_code``, the windows and the layout's verdict share one scan of the text."""
    scans = []
    real = textsearch._scan
    monkeypatch.setattr(textsearch, "_scan", lambda text: scans.append(text) or real(text))
    text = MADE[0]
    layout = Layout(text)
    sites = [m.start() for m in re.finditer(rb"g\(", text)]
    assert layout.in_code(0) and has_window(text, sites, 2, layout) == old_has_window(text, sites, 2)
    assert layout.trusted() == old_trusted(text) and layout.windows()
    assert scans == [text]
