"""Written from Jinja's public documentation only: Environment.lex ("yields tokens
as tuples in the form (lineno, token_type, value)"), Environment.call_filter
("invoke a filter on a value the same way the compiler does") and the groupby
filter ("group a sequence of objects by an attribute ... case-insensitive by
default ... the key for each group will have the case of the first item")."""

from jinja2 import Environment

from tables.cells import _is_template, table_rows
from tables.fields import extreme

_ENV = Environment()


def _paths(tokens):
    paths, parts, i = [], None, 0
    while i < len(tokens):
        kind, value = tokens[i]
        if parts is not None:
            following = tokens[i + 1] if i + 1 < len(tokens) else (None, None)
            if (kind, value) == ("operator", ".") and following[0] in ("name", "integer"):
                parts.append(following[1])
                i += 2
                continue
            if (kind, value) == ("operator", "[") and following[0] in ("string", "integer", "float") \
                    and i + 2 < len(tokens) and tokens[i + 2] == ("operator", "]"):
                parts.append(following[1][1:-1] if following[0] == "string" else following[1])
                i += 3
                continue
            if parts:
                paths.append(".".join(parts))
            parts = None
        if kind == "name" and value == "row":
            parts = []
        i += 1
    if parts:
        paths.append(".".join(parts))
    return paths


def column_fields(spec: str) -> list:
    if not _is_template(spec):
        return [spec]
    tokens = [(kind, value) for _, kind, value in _ENV.lex(spec) if kind != "whitespace"]
    return list(dict.fromkeys(_paths(tokens)))


def group_totals(records, columns: dict, by: str, totals: dict, top=None) -> list:
    rows = table_rows(records, columns)
    out = []
    for grouper, members in _ENV.call_filter("groupby", rows, [by]):
        entry = {"group": grouper, "rows": len(members)}
        for name, (column, filter_name, *args) in totals.items():
            entry[name] = _ENV.call_filter(filter_name, [row[column] for row in members], list(args))
        if top is not None:
            entry["top"] = extreme(members, top)
        out.append(entry)
    return out
