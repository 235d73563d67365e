"""Written from Jinja's public documentation only: Environment.lex ("yields tokens
as tuples in the form (lineno, token_type, value) ... This does not perform
preprocessing. If you want the preprocessing of the extensions to be applied you
have to filter source through the preprocess() method"), Environment.preprocess,
and Environment.parse with the AST's Output and TemplateData nodes."""

from jinja2 import Environment, nodes

from precompute.native import native_pieces, native_value

_KINDS = {
    "data": "template data / text",
    "variable_begin": "begin of print statement",
    "variable_end": "end of print statement",
    "block_begin": "begin of statement block",
    "block_end": "end of statement block",
}


def token_list(source: str, env=None) -> list:
    env = env if env is not None else Environment()
    rows = []
    for lineno, kind, value in env.lex(env.preprocess(source)):
        if kind in ("whitespace", "comment_begin", "comment", "comment_end", "raw_begin", "raw_end"):
            continue
        if kind == "operator":
            kind = value
        rows.append((lineno, _KINDS.get(kind, kind), value))
    return rows


def _tags(source):
    tags, inner, line = [], None, 0
    for lineno, kind, value in token_list(source):
        if kind == "begin of print statement":
            inner, line = [], lineno
        elif kind == "end of print statement":
            tags.append((line, " ".join(inner)))
            inner = None
        elif inner is not None:
            inner.append(str(value))
    return tags


def tag_report(source: str, finalize=None) -> list:
    children = [child for output in Environment().parse(source).find_all(nodes.Output) for child in output.nodes]
    expressions = [row for row, child in zip(native_pieces(source, finalize), children)
                   if not isinstance(child, nodes.TemplateData)]
    lines = []
    for (line, text), (_, _, known, value) in zip(_tags(source), expressions):
        lines.append(f"line {line}: {{{{ {text} }}}} -> {repr(value) if known else 'at render'}")
    settled, result = native_value(source, finalize)
    if settled:
        lines.append(f"template -> {result!r}")
    else:
        filters = ", ".join(result["filters"]) or "none"
        lines.append(f"template -> at render ({result['dynamic']} pieces; filters: {filters})")
    return lines
