"""Written from Jinja's public documentation only: Environment.parse with the
Output and Name nodes (a header naming no variable gives the same text at every
render, so it is known in advance), Template.module (macros called from Python)
and the earlier turns."""

from jinja2 import Environment, nodes

from tables.cells import table_rows
from tables.totals import column_fields, group_totals

_ENV = Environment()


def header_cells(columns: dict, headers: dict, variables=None) -> list:
    cells = []
    for name, spec in columns.items():
        header = headers.get(name, name)
        tree = _ENV.parse(header)
        static = all(isinstance(node, nodes.Output) for node in tree.body) and not any(tree.find_all(nodes.Name))
        text = _ENV.from_string(header).render({} if static else (variables or {}))
        cells.append((name, text, static, column_fields(spec)))
    return cells


def render_rows(source: str, records, columns: dict, by=None, totals=None, autoescape=True) -> list:
    module = Environment(autoescape=autoescape).from_string(source).module
    lines = [str(module.row(row)) for row in table_rows(records, columns)]
    if by is not None and totals:
        lines += [str(module.total(entry)) for entry in group_totals(records, columns, by, totals)]
    return lines
