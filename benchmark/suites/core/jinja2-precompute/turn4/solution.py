"""The report's source view: the tokens Jinja's parser reads, and one line per print tag."""

from jinja2 import Environment, nodes
from jinja2.lexer import _describe_token_type

from precompute.native import native_pieces, native_value


def token_list(source: str, env=None) -> list:
    """(line, kind, value) for every token the parser of ``env`` reads from ``source``."""
    env = env if env is not None else Environment()
    return [(token.lineno, _describe_token_type(token.type), token.value)
            for token in env._tokenize(source, None)]


def _tags(source):
    """(line, expression text) for every print tag, in order."""
    tags, inner, line = [], None, 0
    for lineno, kind, value in token_list(source):
        if kind == "begin of print statement":
            inner, line = [], lineno
        elif kind == "end of print statement":
            tags.append((line, " ".join(inner)))
            inner = None
        elif inner is not None:
            inner.append(repr(value) if kind == "string" else str(value))
    return tags


def tag_report(source: str, finalize=None) -> list:
    """One report line per print tag of ``source``, then one for the whole template."""
    children = [child for output in Environment().parse(source).find_all(nodes.Output) for child in output.nodes]
    expressions = [row for row, child in zip(native_pieces(source, finalize), children)
                   if not isinstance(child, nodes.TemplateData)]
    lines = []
    for (line, text), (_, _, known, value) in zip(_tags(source), expressions):
        outcome = repr(value) if known else "at render"
        lines.append(f"line {line}: {{{{ {text} }}}} -> {outcome}")
    settled, result = native_value(source, finalize)
    if settled:
        lines.append(f"template -> {result!r}")
    else:
        filters = ", ".join(result["filters"]) or "none"
        lines.append(f"template -> at render ({result['dynamic']} pieces; filters: {filters})")
    return lines
