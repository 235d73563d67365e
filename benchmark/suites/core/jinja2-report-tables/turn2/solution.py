"""Columns of the export: a field path, or a cell template evaluated to a Python value."""

from jinja2 import nodes
from jinja2.compiler import Frame
from jinja2.nativetypes import NativeCodeGenerator, NativeEnvironment, native_concat
from jinja2.nodes import EvalContext

from tables.fields import field

_ENV = NativeEnvironment()


def _is_template(spec):
    return "{{" in spec or "{%" in spec


def _constant(tree):
    """(True, value) when the native compiler settles the whole template in advance."""
    if not all(isinstance(node, nodes.Output) for node in tree.body):
        return False, None
    generator = NativeCodeGenerator(_ENV, None, None)
    finalize = generator._make_finalize()
    frame = Frame(EvalContext(_ENV, None))
    values = []
    for output in tree.body:
        for child in output.nodes:
            try:
                values.append(generator._output_child_to_const(child, frame, finalize))
            except Exception:
                return False, None
    return True, native_concat(values)


def column_kind(spec: str) -> tuple:
    """("field", path), ("constant", value) or ("per row", None) for a column spec."""
    if not _is_template(spec):
        return "field", spec
    constant, value = _constant(_ENV.parse(spec))
    return ("constant", value) if constant else ("per row", None)


def table_rows(records, columns: dict) -> list:
    """One dict per record: each column's value, constant columns computed once."""
    kinds = {name: column_kind(spec) for name, spec in columns.items()}
    templates = {name: _ENV.from_string(spec) for name, spec in columns.items() if kinds[name][0] == "per row"}
    rows = []
    for record in records:
        row = {}
        for name, (kind, value) in kinds.items():
            if kind == "field":
                row[name] = field(record, value)
            elif kind == "constant":
                row[name] = value
            else:
                row[name] = templates[name].render(row=record)
        rows.append(row)
    return rows
