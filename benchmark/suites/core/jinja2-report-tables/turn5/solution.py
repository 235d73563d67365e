"""The export: CSV and HTML of one report, and the page text the compiled page writes in advance."""

import csv
from io import StringIO

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import EvalContext
from markupsafe import Markup

from tables.cells import column_kind, table_rows
from tables.html import header_cells, render_rows


def _blank_none(value):
    """The report's rule: None is an empty cell."""
    return "" if value is None else value


def _page_env():
    return Environment(autoescape=True, finalize=_blank_none)


def _static_pieces(env, source):
    generator = CodeGenerator(env, None, None)
    finalize = generator._make_finalize()
    frame = Frame(EvalContext(env, None))
    pieces = []
    for output in env.parse(source).find_all(nodes.Output):
        for child in output.nodes:
            try:
                pieces.append(generator._output_child_to_const(child, frame, finalize))
            except Exception:
                continue
    return pieces


def _csv(cells, rows):
    out = StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([text for _, text, _, _ in cells])
    for row in rows:
        writer.writerow([_blank_none(row[name]) for name, _, _, _ in cells])
    return out.getvalue()


def export(source: str, records, columns: dict, headers=None, by=None, totals=None, variables=None) -> dict:
    """{"csv", "html", "static"} of the report over ``records`` drawn by the page ``source``."""
    records = list(records)
    cells = header_cells(columns, headers or {}, variables)
    constants = {name: value for name, (kind, value) in ((n, column_kind(s)) for n, s in columns.items()) if kind == "constant"}
    env = _page_env()
    rows = [Markup(line) for line in render_rows(source, records, columns, by, totals)]
    html = env.from_string(source).render(
        dict(variables or {}), headers=[text for _, text, _, _ in cells], rows=rows, constants=constants)
    return {"csv": _csv(cells, table_rows(records, columns)), "html": html, "static": _static_pieces(env, source)}
