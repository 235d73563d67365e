"""What Jinja works out by itself when it compiles a template: filters and tests on constants."""

from jinja2 import Environment, nodes
from jinja2.nodes import EvalContext, Impossible


def _env(env):
    return env if env is not None else Environment()


def _fold(node, env):
    """(True, value) when the compiler computes ``node`` in advance, else (False, None)."""
    try:
        return True, node.as_const(EvalContext(env))
    except Impossible:
        return False, None


def fold_filter(expression: str, env=None) -> tuple:
    """Fold one filter application or test written as a template expression."""
    env = _env(env)
    body = env.parse("{{ " + expression + " }}").body
    if len(body) != 1 or len(body[0].nodes) != 1:
        raise ValueError(f"not a single expression: {expression!r}")
    node = body[0].nodes[0]
    if not isinstance(node, (nodes.Filter, nodes.Test)):
        raise ValueError(f"not a filter or test: {expression!r}")
    return _fold(node, env)


def _applications(node):
    """Filter and test applications below ``node``: outer ones first, then left to right."""
    for child in node.iter_child_nodes():
        if isinstance(child, (nodes.Filter, nodes.Test)):
            yield child
        yield from _applications(child)


def fold_all(source: str, env=None) -> list:
    """(line, name, foldable, value) for every filter and test applied in ``source``."""
    env = _env(env)
    tree = env.parse(source)
    rows = []
    for node in _applications(tree):
        foldable, value = _fold(node, env)
        rows.append((node.lineno, node.name, foldable, value))
    rows.sort(key=lambda row: row[0])
    return rows
