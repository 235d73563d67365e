"""Written from Jinja's public documentation only: Environment.compile_expression
("a callable that executes the expression ... returns the result"), Environment.parse
and the AST nodes' find_all/iter_child_nodes, and the rule that an expression made of
literals gives the same value every time it is evaluated."""

from jinja2 import Environment, nodes
from jinja2.exceptions import TemplateError


def _env(env):
    return env if env is not None else Environment()


def _evaluate(expression, env):
    try:
        value = env.compile_expression(expression, undefined_to_none=False)()
    except (TemplateError, Exception):
        return False, None
    return True, value


def fold_filter(expression: str, env=None) -> tuple:
    env = _env(env)
    body = env.parse("{{ " + expression + " }}").body
    if len(body) != 1 or len(body[0].nodes) != 1:
        raise ValueError(f"not a single expression: {expression!r}")
    if not isinstance(body[0].nodes[0], (nodes.Filter, nodes.Test)):
        raise ValueError(f"not a filter or test: {expression!r}")
    return _evaluate(expression, env)


def _applications(node):
    for child in node.iter_child_nodes():
        if isinstance(child, (nodes.Filter, nodes.Test)):
            yield child
        yield from _applications(child)


def fold_all(source: str, env=None) -> list:
    # an application is known in advance when everything it is applied to is a literal
    env = _env(env)
    rows = []
    for node in _applications(env.parse(source)):
        literal = all(isinstance(n, (nodes.Literal, nodes.Filter, nodes.Test, nodes.Pair, nodes.Keyword))
                      for n in node.find_all(nodes.Expr)) and not list(node.find_all(nodes.Name))
        known = node.name in (env.filters if isinstance(node, nodes.Filter) else env.tests)
        if literal and known:
            rows.append((node.lineno, node.name, *_evaluate(_source_of(node), env)))
        else:
            rows.append((node.lineno, node.name, False, None))
    rows.sort(key=lambda row: row[0])
    return rows


def _source_of(node):
    # a literal sub-expression written back as Jinja source
    if isinstance(node, nodes.Const):
        return repr(node.value)
    if isinstance(node, nodes.List):
        return "[" + ", ".join(_source_of(item) for item in node.items) + "]"
    if isinstance(node, nodes.Tuple):
        return "(" + "".join(_source_of(item) + ", " for item in node.items) + ")"
    if isinstance(node, nodes.Dict):
        return "{" + ", ".join(f"{_source_of(p.key)}: {_source_of(p.value)}" for p in node.items) + "}"
    args = [_source_of(a) for a in node.args] + [f"{k.key}={_source_of(k.value)}" for k in node.kwargs]
    call = f"({', '.join(args)})" if args else ""
    if isinstance(node, nodes.Test):
        return f"({_source_of(node.node)}) is {node.name}{call}"
    return f"({_source_of(node.node)})|{node.name}{call}"
