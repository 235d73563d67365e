"""Which fields a column reads, and group totals computed by the filters the report names."""

from jinja2 import Environment

from tables.cells import _is_template, table_rows
from tables.fields import extreme

_ENV = Environment()
_LITERALS = ("string", "integer", "float")


def _paths(stream):
    """Dotted paths read through ``row`` in a token stream."""
    paths, parts = [], None
    for token in stream:
        if parts is not None:
            if token.type == "dot" and stream.current.type in ("name", "integer"):
                parts.append(str(next(stream).value))
                continue
            if token.type == "lbracket" and stream.current.type in _LITERALS and stream.look().type == "rbracket":
                parts.append(str(next(stream).value))
                next(stream)
                continue
            if parts:
                paths.append(".".join(parts))
            parts = None
        if token.type == "name" and token.value == "row":
            parts = []
    if parts:
        paths.append(".".join(parts))
    return paths


def column_fields(spec: str) -> list:
    """The record fields a column spec reads, as dotted paths, each once, in order."""
    if not _is_template(spec):
        return [spec]
    return list(dict.fromkeys(_paths(_ENV._tokenize(spec, None))))


def _apply(name, value, args=()):
    return _ENV._filter_test_common(name, value, list(args), None, None, None, True)


def group_totals(records, columns: dict, by: str, totals: dict, top=None) -> list:
    """One dict per group of the export's rows, as the groupby filter groups them."""
    rows = table_rows(records, columns)
    out = []
    for grouper, members in _apply("groupby", rows, [by]):
        entry = {"group": grouper, "rows": len(members)}
        for name, (column, filter_name, *args) in totals.items():
            entry[name] = _apply(filter_name, [row[column] for row in members], args)
        if top is not None:
            entry["top"] = extreme(members, top)
        out.append(entry)
    return out
