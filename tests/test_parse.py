"""Tests of reuse_audit.facts.parse: bytes of one file -> FileFacts."""

from __future__ import annotations

import hashlib
import random
import textwrap

from reuse_audit.facts.model import CallSite, ImportFact, Param
from reuse_audit.facts.parse import parse_source


def facts(source: str):
    return parse_source(textwrap.dedent(source).encode("utf-8"))


def fn(file_facts, local_name: str):
    found = [f for f in file_facts.functions if f.local_name == local_name]
    assert len(found) == 1, [f.local_name for f in file_facts.functions]
    return found[0]


def parts(function) -> list[tuple[str, ...]]:
    return [c.parts for c in function.calls]


# --------------------------------------------------------------------------
# names, nesting, positions
# --------------------------------------------------------------------------


def test_qualnames_of_nested_functions_classes_and_methods():
    ff = facts(
        """
        def f():
            def inner():
                def deepest():
                    pass
            class C:
                def m(self):
                    pass
        class Outer:
            def m(self):
                def helper():
                    pass
            class Inner:
                def n(self):
                    pass
        """
    )
    assert [f.local_name for f in ff.functions] == [
        "f",
        "f.<locals>.inner",
        "f.<locals>.inner.<locals>.deepest",
        "f.<locals>.C.m",
        "Outer.m",
        "Outer.m.<locals>.helper",
        "Outer.Inner.n",
    ]
    assert [c.local_name for c in ff.classes] == ["f.<locals>.C", "Outer", "Outer.Inner"]


def test_class_name_and_parent_function():
    ff = facts(
        """
        def f():
            def inner():
                pass
            class C:
                def m(self):
                    pass
        class D:
            def m(self):
                pass
        """
    )
    assert (fn(ff, "f").class_name, fn(ff, "f").parent_function) == (None, None)
    assert (fn(ff, "f.<locals>.inner").class_name, fn(ff, "f.<locals>.inner").parent_function) == (None, "f")
    assert (fn(ff, "f.<locals>.C.m").class_name, fn(ff, "f.<locals>.C.m").parent_function) == ("f.<locals>.C", None)
    assert (fn(ff, "D.m").class_name, fn(ff, "D.m").parent_function) == ("D", None)


def test_async_def_position_is_the_async_keyword():
    ff = facts(
        """
        class C:
            async def run(self):
                await go()
        """
    )
    run = fn(ff, "C.run")
    assert run.name == "run"
    assert (run.line, run.col, run.end_line) == (3, 4, 4)
    assert parts(run) == [("go",)]


def test_def_line_is_not_the_decorator_line():
    ff = facts(
        """
        import functools

        @staticmethod
        @functools.lru_cache(maxsize=3)
        @x.setter
        def f():
            return 1
        """
    )
    f = fn(ff, "f")
    assert (f.line, f.col, f.end_line) == (7, 0, 8)
    assert f.decorators == ("staticmethod", "functools.lru_cache(maxsize=3)", "x.setter")


def test_end_line_ignores_trailing_comments():
    ff = facts(
        """
        def f():
            x = 1
            # trailing comment, indented like the body

        def g():
            pass
        """
    )
    assert fn(ff, "f").end_line == 3


def test_class_bases():
    ff = facts(
        """
        class C(Base, mod.Base, Generic[T], namedtuple("N", "a"), metaclass=Meta):
            pass
        class D:
            pass
        """
    )
    c, d = ff.classes
    assert (c.name, c.line, c.bases) == ("C", 2, ("Base", "mod.Base", "Generic"))
    assert d.bases == ()


# --------------------------------------------------------------------------
# parameters
# --------------------------------------------------------------------------


def test_params_kinds_annotations_and_defaults():
    ff = facts(
        """
        def f(a, b: int = 1, /, c=g(), *args: "Text", d, e: "mod.T", **kw) -> X:
            pass
        def g(x, *, y=None, **kw):
            pass
        """
    )
    assert fn(ff, "f").params == (
        Param("a", "positional_only", None, None),
        Param("b", "positional_only", "int", "1"),
        Param("c", "positional", None, "g()"),
        Param("args", "var_positional", "Text", None),
        Param("d", "keyword_only", None, None),
        Param("e", "keyword_only", "mod.T", None),
        Param("kw", "var_keyword", None, None),
    )
    assert fn(ff, "g").params == (
        Param("x", "positional", None, None),
        Param("y", "keyword_only", None, "None"),
        Param("kw", "var_keyword", None, None),
    )


# --------------------------------------------------------------------------
# calls
# --------------------------------------------------------------------------


def test_call_of_a_name():
    f = fn(facts("def f():\n    g(1)\n"), "f")
    assert f.calls == (CallSite(("g",), 2, 4),)


def test_call_of_an_attribute_chain():
    f = fn(facts("def f():\n    a.b.c(1)\n    self.helper()\n"), "f")
    assert parts(f) == [("a", "b", "c"), ("self", "helper")]


def test_call_chain_split_over_lines_and_parentheses():
    f = fn(facts("def f():\n    (a\n      .b  # why\n      .c)()\n"), "f")
    assert parts(f) == [("a", "b", "c")]


def test_call_through_super():
    f = fn(facts("class C(B):\n    def m(self):\n        super().m()\n        super(C, self).n.o()\n"), "C.m")
    assert parts(f) == [("super",), ("super()", "m"), ("super",), ("super()", "n", "o")]


def test_call_with_unknown_root_keeps_last_attribute():
    f = fn(facts('def f():\n    f().g()\n    x[0].y.z()\n    "".join(p)\n'), "f")
    assert parts(f) == [("f",), ("", "g"), ("", "z"), ("", "join")]
    assert f.calls[0].col == f.calls[1].col == 4


def test_call_of_something_else_is_recorded_with_an_empty_part():
    f = fn(facts("def f():\n    x[0]()\n"), "f")
    assert parts(f) == [("",)]


def test_call_positions_are_byte_columns():
    f = fn(facts("def f():\n    é = 1; g()\n"), "f")
    assert f.calls == (CallSite(("g",), 2, 12),)


def test_call_after_star_in_a_list():
    # the grammar reads `[*d.fromkeys(x)]` as a call of `(*d).fromkeys`
    f = fn(facts("def f():\n    return [*dict.fromkeys(x)]\n"), "f")
    assert f.calls == (CallSite(("dict", "fromkeys"), 2, 13),)


def test_call_of_type_in_an_assignment_target():
    # the grammar reads `type(x).attr = v` as a `type` alias statement
    f = fn(facts("def f(x):\n    type(x).attr = g()\n    type Alias = int\n"), "f")
    assert f.calls == (CallSite(("type",), 2, 4), CallSite(("g",), 2, 19))
    assert f.local_names == ("Alias", "x")


def test_calls_in_nested_defs_belong_to_the_nested_def():
    ff = facts(
        """
        def outer():
            before()
            def inner(p=default_call()):
                inside_inner()
            class K(base_call()):
                attr = in_class_body()
                def m(self):
                    inside_method()
            after()
        """
    )
    assert parts(fn(ff, "outer")) == [("before",), ("default_call",), ("base_call",), ("after",)]
    assert parts(fn(ff, "outer.<locals>.inner")) == [("inside_inner",)]
    assert parts(fn(ff, "outer.<locals>.K.m")) == [("inside_method",)]


def test_calls_in_decorators_defaults_and_annotations_are_not_the_functions():
    ff = facts(
        """
        @deco(make())
        def f(a: ann() = dflt()) -> ret():
            body()
        """
    )
    assert parts(fn(ff, "f")) == [("body",)]


def test_calls_in_lambdas_and_comprehensions_belong_to_the_function():
    ff = facts(
        """
        def f(xs):
            key = lambda x: score(x)
            return [conv(x) for x in xs if keep(x)], {k: v() for k, v in pairs()}
        """
    )
    assert sorted(parts(fn(ff, "f"))) == [("conv",), ("keep",), ("pairs",), ("score",), ("v",)]


# --------------------------------------------------------------------------
# local names and types
# --------------------------------------------------------------------------


def test_local_names():
    ff = facts(
        """
        def f(p, *args, k, **kw):
            a = 1
            b, (c, *d) = 1, (2, 3)
            [e, f2] = 1, 2
            g += 1
            h: int = 1
            i: int
            obj.attr = 1
            seq[0] = 1
            for j, m in pairs:
                pass
            with open(x) as fh, ctx() as (w1, w2):
                pass
            with (ctx()
                  as paren):
                pass
            try:
                pass
            except E as err:
                pass
            if (walrus := 3):
                pass
            comp = [q for q, r in items]
            import os.path, json as js
            from x import y as z
            def inner():
                nested_only = 1
            class K:
                in_class = 1
            global G
            G = 1
            nonlocal_like = 1
        """
    )
    assert fn(ff, "f").local_names == tuple(
        sorted(
            "p args k kw a b c d e f2 g h i j m fh w1 w2 paren err walrus comp q r os js z inner K nonlocal_like".split()
        )
    )


def test_local_names_from_match_patterns():
    ff = facts(
        """
        def f(v):
            match v:
                case [first, *rest]:
                    pass
                case {"k": kk, **others}:
                    pass
                case Point(x=0, y=yy) as pt:
                    pass
                case Color.RED | _:
                    pass
        """
    )
    assert fn(ff, "f").local_names == ("first", "kk", "others", "pt", "rest", "v", "yy")


def test_local_names_exclude_nonlocal():
    ff = facts(
        """
        def outer():
            n = 0
            def inc():
                nonlocal n
                n += 1
        """
    )
    assert fn(ff, "outer.<locals>.inc").local_names == ()
    assert fn(ff, "outer").local_names == ("inc", "n")


def test_local_types():
    ff = facts(
        """
        def f():
            a = Foo(1)
            b = mod.Bar()
            c: Baz = make()
            d: "pkg.Qux" = None
            e = f()()
            g = [Foo()]
            h.x = Foo()
            a = Other()
        """
    )
    assert fn(ff, "f").local_types == (
        ("a", "Foo"),
        ("b", "mod.Bar"),
        ("c", "Baz"),
        ("d", "pkg.Qux"),
        ("a", "Other"),
    )


def test_module_names():
    ff = facts(
        """
        import os
        from x import y
        X, (Y, *Z) = 1, (2, 3)
        W: int = 3
        A = B = 0
        for i in range(3):
            pass
        with open(p) as fh:
            pass
        if cond:
            inside_if = 1
        squares = [k * k for k in range(3)]
        def f():
            global G
            G = 1
            local = 2
        class C:
            attr = 1
        """
    )
    assert ff.module_names == ("A", "B", "G", "W", "X", "Y", "Z", "fh", "i", "inside_if", "squares")


# --------------------------------------------------------------------------
# imports
# --------------------------------------------------------------------------


def test_module_imports_of_every_shape():
    ff = facts(
        """
        import os
        import a.b.c
        import a.b as x, json
        from a.b import c
        from ..u import f as g
        from . import m
        from .pkg.mod import (p,
            q as r)
        from a import *
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from t import T
        try:
            import fast
        except ImportError:
            import slow as fast
        """
    )
    assert ff.imports == (
        ImportFact("os", "os", None, 0, 2),
        ImportFact("a", "a", None, 0, 3),
        ImportFact("x", "a.b", None, 0, 4),
        ImportFact("json", "json", None, 0, 4),
        ImportFact("c", "a.b", "c", 0, 5),
        ImportFact("g", "u", "f", 2, 6),
        ImportFact("m", "", "m", 1, 7),
        ImportFact("p", "pkg.mod", "p", 1, 8),
        ImportFact("r", "pkg.mod", "q", 1, 8),
        ImportFact("*", "a", "*", 0, 10),
        ImportFact("TYPE_CHECKING", "typing", "TYPE_CHECKING", 0, 11),
        ImportFact("T", "t", "T", 0, 13),
        ImportFact("fast", "fast", None, 0, 15),
        ImportFact("fast", "slow", None, 0, 17),
    )


def test_imports_inside_a_function_are_the_functions():
    ff = facts(
        """
        def f():
            import json
            if x:
                from .. import sib as s
            return json.dumps(s)
        class C:
            import inside_class
        """
    )
    f = fn(ff, "f")
    assert f.imports == (ImportFact("json", "json", None, 0, 3), ImportFact("s", "", "sib", 2, 5))
    assert "json" in f.local_names and "s" in f.local_names
    assert ff.imports == ()


# --------------------------------------------------------------------------
# suppressions and docstrings
# --------------------------------------------------------------------------


def test_suppression_comments():
    ff = facts(
        """
        def a():  # reuse-audit: ignore[RA001, ra003]
            pass
        def b():  # Reuse-Audit: IGNORE
            pass
        def c():  # noqa: RA001,E501
            pass
        def d():  # NOQA
            pass
        def e(
            x,
        ):  # noqa: RA002
            pass
        def f():
            pass  # noqa: RA001
        def g():  # noqa: E501  # reuse-audit: ignore[RA004]
            pass
        """
    )
    assert fn(ff, "a").suppressions == ("RA001", "RA003")
    assert fn(ff, "b").suppressions == ("*",)
    assert fn(ff, "c").suppressions == ("RA001", "E501")
    assert fn(ff, "d").suppressions == ("*",)
    assert fn(ff, "e").suppressions == ("RA002",)
    assert fn(ff, "f").suppressions == ()
    assert fn(ff, "g").suppressions == ("E501", "RA004")


def test_docstring():
    ff = facts(
        '''
        def a():
            """Triple quoted."""
        def b():
            # a comment first
            'single'
            return 1
        def c():
            x = "not a docstring"
        def d():
            f"not {a} docstring"
        def e(): pass
        '''
    )
    assert fn(ff, "a").docstring == "Triple quoted."
    assert fn(ff, "b").docstring == "single"
    assert fn(ff, "c").docstring is None
    assert fn(ff, "d").docstring is None
    assert fn(ff, "e").docstring is None


# --------------------------------------------------------------------------
# digests
# --------------------------------------------------------------------------


def test_file_digest_is_of_the_original_bytes():
    data = b"\xef\xbb\xbfx = 1\n"
    assert parse_source(data).digest == hashlib.sha256(data).hexdigest()


def test_body_digest_changes_with_the_body_only():
    base = fn(facts("@deco\ndef f():\n    return 1\n"), "f").body_digest
    assert fn(facts("@other(3)\ndef f():\n    return 1\n"), "f").body_digest == base
    assert fn(facts("x = 1\n\n\n@deco\ndef f():\n    return 1\n"), "f").body_digest == base
    assert fn(facts("@deco\ndef f():\n    return 2\n"), "f").body_digest != base
    assert fn(facts("@deco\ndef f(a):\n    return 1\n"), "f").body_digest != base


# --------------------------------------------------------------------------
# broken and unusual input
# --------------------------------------------------------------------------


def test_syntax_error_in_one_function_keeps_the_others():
    ff = facts(
        """
        def good():
            ok()

        def bad(:
            return (

        def also_good(x):
            return other(x)
        """
    )
    names = [f.local_name for f in ff.functions]
    assert "good" in names and "also_good" in names
    assert parts(fn(ff, "also_good")) == [("other",)]
    assert ff.syntax_errors and all(5 <= line <= 8 for line in ff.syntax_errors)


def test_no_syntax_errors_for_valid_code():
    assert facts("def f():\n    pass\n").syntax_errors == ()


def test_syntax_error_lines_are_capped():
    data = b"".join(b"x = (\n def\n" for _ in range(200))
    errors = parse_source(data).syntax_errors
    assert 0 < len(errors) <= 20
    assert list(errors) == sorted(set(errors))


def test_utf8_bom_is_stripped():
    ff = parse_source(b"\xef\xbb\xbfdef f():\n    g()\n")
    f = fn(ff, "f")
    assert (f.line, f.col) == (1, 0)
    assert f.calls == (CallSite(("g",), 2, 4),)
    assert ff.decode_note is None


def test_latin1_bytes_without_a_cookie():
    ff = parse_source(b"def f():\n    s = 'caf\xe9'\n    g()\n")
    assert fn(ff, "f").calls == (CallSite(("g",), 3, 4),)
    assert "latin-1" in ff.decode_note


def test_latin1_bytes_with_a_cookie():
    ff = parse_source(b"# -*- coding: latin-1 -*-\ndef f():\n    s = '\xe9'\n    g()\n")
    assert fn(ff, "f").calls == (CallSite(("g",), 4, 4),)
    assert "cookie" in ff.decode_note and "latin-1" in ff.decode_note


def test_cookie_on_the_second_line():
    ff = parse_source(b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ndef f():\n    return '\x80'\n")
    assert "cp1252" in ff.decode_note
    assert fn(ff, "f").line == 3


def test_utf8_cookie_needs_no_note():
    assert parse_source(b"# coding: utf-8\ndef f(): pass\n").decode_note is None


def test_unknown_cookie_falls_back():
    ff = parse_source(b"# coding: no-such-codec\ndef f(): pass\n")
    assert "no-such-codec" in ff.decode_note
    assert [f.name for f in ff.functions] == ["f"]


def test_bare_carriage_returns_end_lines():
    ff = parse_source(b"x = 1\rdef f():\r    g()\r")
    assert fn(ff, "f").line == 2
    assert fn(ff, "f").calls == (CallSite(("g",), 3, 4),)


def test_random_binary_bytes_do_not_raise():
    rng = random.Random(1234)
    for size in (1, 7, 100, 5000):
        for _ in range(5):
            data = bytes(rng.randrange(256) for _ in range(size))
            result = parse_source(data)
            assert result.digest == hashlib.sha256(data).hexdigest()
            assert "internal error" not in (result.decode_note or "")


def test_nul_bytes_do_not_raise():
    ff = parse_source(b"def f():\n    g()\x00\x00\n\x00def h(): pass\n")
    assert "internal error" not in (ff.decode_note or "")
    assert "f" in [f.name for f in ff.functions]


def test_empty_input():
    ff = parse_source(b"")
    assert (ff.functions, ff.classes, ff.imports, ff.module_names, ff.syntax_errors) == ((), (), (), (), ())


def test_deeply_nested_parentheses_do_not_raise():
    ff = parse_source(("x = " + "(" * 5000 + "1" + ")" * 5000 + "\n").encode())
    assert ff.module_names == ("x",)
    assert "internal error" not in (ff.decode_note or "")


def test_deeply_nested_unary_minus_does_not_raise():
    ff = parse_source(("def f():\n    return " + "-" * 5000 + "1\n").encode())
    assert [f.name for f in ff.functions] == ["f"]


def test_deeply_nested_calls_do_not_raise():
    ff = parse_source(("def f():\n    return " + "g(" * 3000 + "1" + ")" * 3000 + "\n").encode())
    assert len(fn(ff, "f").calls) == 3000


def test_long_attribute_chain_does_not_raise():
    ff = parse_source(("def f():\n    return x" + ".a" * 5000 + "()\n").encode())
    (call,) = fn(ff, "f").calls
    assert len(call.parts) == 5001


# --------------------------------------------------------------------------
# a function's header (the signature reuse-audit mcp gives of a function to call)
# --------------------------------------------------------------------------


def test_function_header_from_def_to_the_colon_on_one_line():
    from reuse_audit.facts.parse import function_header

    source = textwrap.dedent(
        '''\
        import x

        @decorated
        async def fetch(url,
                        retries: int = 3,
                        *, sep="a  b",
        ) -> dict[str, int]:  # a comment
            return {}

        class Client:
            def get(self, key: str) -> "Value": return self.table[key]

        def plain(a, \\
                  b): pass
        '''
    ).encode("utf-8")
    assert function_header(source, 4) == 'async def fetch(url, retries: int = 3, *, sep="a  b") -> dict[str, int]'
    assert function_header(source, 11) == 'def get(self, key: str) -> "Value"'
    assert function_header(source, 13) == "def plain(a, b)"
    assert [function_header(source, line) for line in (1, 3, 5, 10, 99)] == [None] * 5  # no def starts there
    assert function_header(b"\xff\xfe not python", 1) is None
