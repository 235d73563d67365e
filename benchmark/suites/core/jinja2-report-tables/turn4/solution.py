"""The HTML side of the report: header cells, and rows drawn by the page template's macros."""

from jinja2 import Environment, nodes
from jinja2.nodes import EvalContext, Impossible
from jinja2.utils import missing

from tables.cells import table_rows
from tables.totals import column_fields, group_totals

_ENV = Environment()


def _static_text(tree):
    """The header's text when the compiler computes every piece of it in advance, else None."""
    ctx = EvalContext(_ENV)
    parts = []
    for node in tree.body:
        if not isinstance(node, nodes.Output):
            return None
        for child in node.nodes:
            try:
                parts.append(str(child.as_const(ctx)))
            except Impossible:
                return None
    return "".join(parts)


def header_cells(columns: dict, headers: dict, variables=None) -> list:
    """(name, text, static, fields) for every column, its header spec from ``headers``."""
    cells = []
    for name, spec in columns.items():
        header = headers.get(name, name)
        text = _static_text(_ENV.parse(header))
        static = text is not None
        if not static:
            text = _ENV.from_string(header).render(variables or {})
        cells.append((name, text, static, column_fields(spec)))
    return cells


def _call(macro, value, autoescape):
    arguments = [value] + [missing] * (len(macro.arguments) - 1)
    return str(macro._invoke(arguments, autoescape))


def render_rows(source: str, records, columns: dict, by=None, totals=None, autoescape=True) -> list:
    """Each row drawn by the template's ``row`` macro, then each group total by its ``total`` macro."""
    module = Environment(autoescape=autoescape).from_string(source).module
    lines = [_call(module.row, row, autoescape) for row in table_rows(records, columns)]
    if by is not None and totals:
        lines += [_call(module.total, entry, autoescape) for entry in group_totals(records, columns, by, totals)]
    return lines
