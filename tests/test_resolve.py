"""Resolution of call sites to canonical callees, one case per test.

Each test builds a tiny repository as ``{path: source}``, parses every file with
``parse_source``, indexes them with ``index_from_facts`` and asserts the exact
callee set of one function.  The canonical name of a callee is the dotted name
where it is defined (``pkg.mod.func``, ``pkg.mod.Class.method``); calls outside
the repository keep the name they were imported under; calls on receivers of
unknown type become a method-name callee (``.groupby``); builtins and builtin
methods on unknown receivers are not callees.
"""

from __future__ import annotations

import textwrap

from reuse_audit.index import RepoIndex, index_from_facts
from reuse_audit.facts.parse import parse_source


def index_of(files: dict[str, str]) -> RepoIndex:
    facts = {path: parse_source(textwrap.dedent(source).encode("utf-8")) for path, source in files.items()}
    return index_from_facts(facts)


def callees(files: dict[str, str], qualname: str) -> set[str]:
    index = index_of(files)
    assert qualname in index.functions, f"{qualname} not indexed; have {sorted(index.functions)}"
    return set(index.functions[qualname].callees)


# ---------------------------------------------------------------- plain names


def test_module_level_function_call():
    files = {
        "shop/__init__.py": "",
        "shop/prices.py": """
            def net(amount):
                return amount / 1.2

            def gross(amount):
                return round(net(amount) * 1.2, 2)
        """,
    }
    assert callees(files, "shop.prices.gross") == {"shop.prices.net"}


def test_call_of_function_defined_later_in_the_module():
    files = {
        "shop/__init__.py": "",
        "shop/prices.py": """
            def gross(amount):
                return net(amount) * 1.2

            def net(amount):
                return amount / 1.2
        """,
    }
    assert callees(files, "shop.prices.gross") == {"shop.prices.net"}


# ---------------------------------------------------------------- imports


def test_import_module_as_alias():
    files = {
        "a/__init__.py": "",
        "a/b.py": """
            def f():
                return 1
        """,
        "app/__init__.py": "",
        "app/main.py": """
            import a.b as x

            def run():
                return x.f()
        """,
    }
    assert callees(files, "app.main.run") == {"a.b.f"}


def test_from_import_as_alias():
    files = {
        "a/__init__.py": "",
        "a/b.py": """
            def c():
                return 1
        """,
        "app/__init__.py": "",
        "app/main.py": """
            from a.b import c as d

            def run():
                return d()
        """,
    }
    assert callees(files, "app.main.run") == {"a.b.c"}


def test_import_dotted_module_and_call_through_full_path():
    files = {
        "a/__init__.py": "",
        "a/b.py": """
            def f():
                return 1
        """,
        "app/__init__.py": "",
        "app/main.py": """
            import a.b

            def run():
                return a.b.f()
        """,
    }
    assert callees(files, "app.main.run") == {"a.b.f"}


def test_relative_import_from_sibling_module():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def f():
                return 1
        """,
        "pkg/mod.py": """
            from .util import f

            def run():
                return f()
        """,
    }
    assert callees(files, "pkg.mod.run") == {"pkg.util.f"}


def test_relative_import_from_parent_package():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def f():
                return 1
        """,
        "pkg/sub/__init__.py": "",
        "pkg/sub/mod.py": """
            from ..util import f

            def run():
                return f()
        """,
    }
    assert callees(files, "pkg.sub.mod.run") == {"pkg.util.f"}


def test_relative_import_of_sibling_module_then_attribute_call():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def f():
                return 1
        """,
        "pkg/mod.py": """
            from . import util

            def run():
                return util.f()
        """,
    }
    assert callees(files, "pkg.mod.run") == {"pkg.util.f"}


def test_relative_import_inside_package_init():
    files = {
        "pkg/__init__.py": """
            from .util import f

            def run():
                return f()
        """,
        "pkg/util.py": """
            def f():
                return 1
        """,
    }
    assert callees(files, "pkg.run") == {"pkg.util.f"}


def test_name_re_exported_by_package_init():
    files = {
        "pkg/__init__.py": """
            from .core import helper
        """,
        "pkg/core.py": """
            def helper():
                return 1
        """,
        "app/__init__.py": "",
        "app/main.py": """
            from pkg import helper

            def run():
                return helper()
        """,
    }
    assert callees(files, "app.main.run") == {"pkg.core.helper"}


def test_name_re_exported_by_package_init_called_through_package():
    files = {
        "pkg/__init__.py": """
            from .core import helper
        """,
        "pkg/core.py": """
            def helper():
                return 1
        """,
        "app/__init__.py": "",
        "app/main.py": """
            import pkg

            def run():
                return pkg.helper()
        """,
    }
    assert callees(files, "app.main.run") == {"pkg.core.helper"}


def test_star_import_from_repository_module():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def helper():
                return 1
        """,
        "pkg/mod.py": """
            from pkg.util import *

            def run():
                return helper()
        """,
    }
    assert callees(files, "pkg.mod.run") == {"pkg.util.helper"}


def test_function_local_import():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def helper():
                return 1
        """,
        "pkg/mod.py": """
            def run(text):
                import json
                from pkg.util import helper

                return helper(), json.loads(text)
        """,
    }
    assert callees(files, "pkg.mod.run") == {"pkg.util.helper", "json.loads"}


def test_external_library_calls_keep_their_imported_name():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            import numpy as np
            from os.path import join
            import json

            def run(folder, values):
                path = join(folder, "data.json")
                return np.array(values), json.dumps({"path": path})
        """,
    }
    assert callees(files, "pkg.mod.run") == {"numpy.array", "os.path.join", "json.dumps"}


def test_src_layout_package_root():
    files = {
        "src/pkg/__init__.py": "",
        "src/pkg/util.py": """
            def helper():
                return 1
        """,
        "src/pkg/mod.py": """
            from pkg.util import helper
            from .util import helper as again

            def run():
                return helper() + again()
        """,
    }
    index = index_of(files)
    assert "pkg.mod.run" in index.functions
    assert "src.pkg.mod.run" not in index.functions
    assert set(index.functions["pkg.mod.run"].callees) == {"pkg.util.helper"}


# ---------------------------------------------------------------- classes


def test_self_call_to_method_of_enclosing_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Invoice:
                def total(self):
                    return 1

                def render(self):
                    return str(self.total())
        """,
    }
    assert callees(files, "pkg.mod.Invoice.render") == {"pkg.mod.Invoice.total"}


def test_self_call_to_method_of_base_class_in_same_module():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Base:
                def total(self):
                    return 1

            class Invoice(Base):
                def render(self):
                    return str(self.total())
        """,
    }
    assert callees(files, "pkg.mod.Invoice.render") == {"pkg.mod.Base.total"}


def test_self_call_to_method_of_base_class_imported_from_another_module():
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": """
            class Base:
                def total(self):
                    return 1
        """,
        "pkg/mod.py": """
            from pkg.base import Base

            class Invoice(Base):
                def render(self):
                    return str(self.total())
        """,
    }
    assert callees(files, "pkg.mod.Invoice.render") == {"pkg.base.Base.total"}


def test_self_call_prefers_override_in_subclass():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Base:
                def total(self):
                    return 1

            class Invoice(Base):
                def total(self):
                    return 2

                def render(self):
                    return str(self.total())
        """,
    }
    assert callees(files, "pkg.mod.Invoice.render") == {"pkg.mod.Invoice.total"}


def test_cls_call_in_classmethod():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Invoice:
                @classmethod
                def parse(cls, text):
                    return cls(text)

                @classmethod
                def from_file(cls, path):
                    with open(path) as handle:
                        return cls.parse(handle.read())
        """,
    }
    assert callees(files, "pkg.mod.Invoice.from_file") == {"pkg.mod.Invoice.parse"}


def test_super_call_to_base_method():
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": """
            class Base:
                def save(self):
                    return 1
        """,
        "pkg/mod.py": """
            from .base import Base

            class Invoice(Base):
                def save(self):
                    return super().save()
        """,
    }
    assert callees(files, "pkg.mod.Invoice.save") == {"pkg.base.Base.save"}


def test_class_instantiation_resolves_to_the_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/text.py": """
            class Text:
                def __init__(self, value):
                    self.value = value
        """,
        "pkg/mod.py": """
            from pkg.text import Text

            def make(value):
                return Text(value)
        """,
    }
    assert callees(files, "pkg.mod.make") == {"pkg.text.Text"}


TEXT_MODULE = """
    class Text:
        def __init__(self, value):
            self.value = value

        def render(self):
            return self.value
"""


def test_parameter_annotation_gives_receiver_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/text.py": TEXT_MODULE,
        "pkg/mod.py": """
            from pkg.text import Text

            def show(t: Text):
                return t.render()
        """,
    }
    assert callees(files, "pkg.mod.show") == {"pkg.text.Text.render"}


def test_optional_parameter_annotation_gives_receiver_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/text.py": TEXT_MODULE,
        "pkg/mod.py": """
            from typing import Optional

            from pkg.text import Text

            def show(t: Optional[Text] = None):
                return t.render()
        """,
    }
    assert callees(files, "pkg.mod.show") == {"pkg.text.Text.render"}


def test_string_parameter_annotation_gives_receiver_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/text.py": TEXT_MODULE,
        "pkg/mod.py": """
            from pkg.text import Text

            def show(t: "Text"):
                return t.render()
        """,
    }
    assert callees(files, "pkg.mod.show") == {"pkg.text.Text.render"}


def test_local_built_by_constructor_gives_receiver_class():
    files = {
        "pkg/__init__.py": "",
        "pkg/text.py": TEXT_MODULE,
        "pkg/mod.py": """
            from pkg.text import Text

            def show(value):
                t = Text(value)
                return t.render()
        """,
    }
    assert callees(files, "pkg.mod.show") == {"pkg.text.Text", "pkg.text.Text.render"}


def test_unknown_receiver_becomes_method_name_callee():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            def summarize(df):
                return df.groupby("country").agg_totals()
        """,
    }
    assert callees(files, "pkg.mod.summarize") == {".groupby", ".agg_totals"}


# ---------------------------------------------------------------- builtins


def test_builtins_are_not_callees():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            def summarize(items):
                if not isinstance(items, list):
                    items = list(items)
                return dict(count=len(items), total=sum(items), top=sorted(items)[:3], first=next(iter(items), None))
        """,
    }
    assert callees(files, "pkg.mod.summarize") == set()


def test_module_function_shadowing_a_builtin_is_a_callee():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            def open(path):
                return path

            def read(path):
                return open(path), len(path)
        """,
    }
    assert callees(files, "pkg.mod.read") == {"pkg.mod.open"}


def test_imported_function_shadowing_a_builtin_is_a_callee():
    files = {
        "pkg/__init__.py": "",
        "pkg/io.py": """
            def open(path):
                return path
        """,
        "pkg/mod.py": """
            from pkg.io import open

            def read(path):
                return open(path)
        """,
    }
    assert callees(files, "pkg.mod.read") == {"pkg.io.open"}


def test_builtin_methods_on_unknown_receivers_are_not_callees():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            def collect(rows, seen, text):
                out = []
                for key, value in seen.items():
                    out.append(key.strip().lower())
                out.extend(rows)
                seen.setdefault("x", []).append(1)
                return ", ".join(out) + text.format(1).upper()
        """,
    }
    assert callees(files, "pkg.mod.collect") == set()


# ---------------------------------------------------------------- nesting


def test_nested_function_calls_count_for_the_outer_function():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            import json

            def parse(text):
                return text

            def load(text):
                def decode(raw):
                    return json.loads(parse(raw))

                return decode(text)
        """,
    }
    index = index_of(files)
    assert set(index.functions["pkg.mod.load"].callees) == {"json.loads", "pkg.mod.parse"}
    assert set(index.functions["pkg.mod.load.<locals>.decode"].callees) == {"json.loads", "pkg.mod.parse"}


def test_self_recursion_is_not_a_callee():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            def visit(node):
                return node

            def walk(node):
                visit(node)
                for child in node.children:
                    walk(child)
        """,
    }
    assert callees(files, "pkg.mod.walk") == {"pkg.mod.visit"}


def test_recursive_method_call_through_self_is_not_a_callee():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Tree:
                def visit(self, node):
                    return node

                def walk(self, node):
                    self.visit(node)
                    for child in node.children:
                        self.walk(child)
        """,
    }
    assert callees(files, "pkg.mod.Tree.walk") == {"pkg.mod.Tree.visit"}


def test_closure_self_in_nested_function_of_method():
    files = {
        "pkg/__init__.py": "",
        "pkg/mod.py": """
            class Report:
                def line(self, item):
                    return str(item)

                def render(self, items):
                    def each():
                        return [self.line(item) for item in items]

                    return each()
        """,
    }
    index = index_of(files)
    assert set(index.functions["pkg.mod.Report.render.<locals>.each"].callees) == {"pkg.mod.Report.line"}
    assert set(index.functions["pkg.mod.Report.render"].callees) == {"pkg.mod.Report.line"}


# ---------------------------------------------------------------- robustness


def test_file_with_syntax_error_still_yields_its_other_functions():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": """
            def helper():
                return 1

            def other():
                return 2
        """,
        "pkg/mod.py": """
            import json

            from pkg.util import helper, other

            def before(text):
                return helper(), json.loads(text)

            def broken(x):
                return x +* 2 )

            def after(text):
                return other(), json.dumps(text)
        """,
    }
    index = index_of(files)
    assert set(index.functions["pkg.mod.before"].callees) == {"pkg.util.helper", "json.loads"}
    assert set(index.functions["pkg.mod.after"].callees) == {"pkg.util.other", "json.dumps"}


def test_a_method_of_a_module_level_object_is_the_same_callee_wherever_it_is_called_from():
    # in its own module ``_PATTERN.match`` is a call on an object of unknown type (``.match``);
    # imported into another module it must be the same callee, or a copy that imports the
    # object shares fewer callees with its original than it does
    files = {
        "pkg/__init__.py": "",
        "pkg/version.py": """
            import re

            _PATTERN = re.compile("[a-z]+")


            def valid(text):
                return _PATTERN.match(text)
        """,
        "pkg/copy.py": """
            from pkg.version import _PATTERN
            from pkg import version


            def valid_again(text):
                return _PATTERN.match(text)


            def through_the_module(text):
                return version._PATTERN.fullmatch(text)
        """,
    }
    assert callees(files, "pkg.version.valid") == {".match"}
    assert callees(files, "pkg.copy.valid_again") == {".match"}
    assert callees(files, "pkg.copy.through_the_module") == {".fullmatch"}
