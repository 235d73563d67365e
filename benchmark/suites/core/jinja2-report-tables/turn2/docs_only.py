"""Written from Jinja's public documentation only: "Native Python Types"
(NativeEnvironment renders templates to native Python types; a single node's value
is returned as is, several are joined and parsed as a literal), Environment.parse
and the AST's Output and Name nodes: a template naming no variable gives the same
value at every render, so it is rendered once."""

from jinja2 import nodes
from jinja2.nativetypes import NativeEnvironment

from tables.fields import field

_ENV = NativeEnvironment()


def _is_template(spec):
    return "{{" in spec or "{%" in spec


def column_kind(spec: str) -> tuple:
    if not _is_template(spec):
        return "field", spec
    tree = _ENV.parse(spec)
    if not all(isinstance(node, nodes.Output) for node in tree.body) or any(tree.find_all(nodes.Name)):
        return "per row", None
    return "constant", _ENV.from_string(spec).render()


def table_rows(records, columns: dict) -> list:
    kinds = {name: column_kind(spec) for name, spec in columns.items()}
    rows = []
    for record in records:
        row = {}
        for name, (kind, value) in kinds.items():
            if kind == "field":
                row[name] = field(record, value)
            elif kind == "constant":
                row[name] = value
            else:
                row[name] = _ENV.from_string(columns[name]).render(row=record)
        rows.append(row)
    return rows
