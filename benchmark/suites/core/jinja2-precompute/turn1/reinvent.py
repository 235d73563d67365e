"""What Jinja works out by itself when it compiles a template: filters and tests on constants."""

import inspect

from jinja2 import Environment, nodes
from jinja2.nodes import EvalContext, Impossible, args_as_const, get_eval_context
from jinja2.utils import _PassArg


def _env(env):
    return env if env is not None else Environment()


def _literal(node, eval_ctx):
    if isinstance(node, (nodes.Filter, nodes.Test)):
        return _apply(node, eval_ctx)
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, nodes.List):
        return [_literal(item, eval_ctx) for item in node.items]
    if isinstance(node, nodes.Tuple):
        return tuple(_literal(item, eval_ctx) for item in node.items)
    if isinstance(node, nodes.Dict):
        return {_literal(p.key, eval_ctx): _literal(p.value, eval_ctx) for p in node.items}
    raise Impossible()


def _apply(node, eval_ctx):
    eval_ctx = get_eval_context(node, eval_ctx)
    if eval_ctx.volatile or node.node is None:
        raise Impossible()
    table = eval_ctx.environment.filters if isinstance(node, nodes.Filter) else eval_ctx.environment.tests
    func = table.get(node.name)
    kind = _PassArg.from_obj(func)
    if func is None or kind is _PassArg.context:
        raise Impossible()
    if eval_ctx.environment.is_async and (
        getattr(func, "jinja_async_variant", False) is True or inspect.iscoroutinefunction(func)
    ):
        raise Impossible()
    args, kwargs = args_as_const(node, eval_ctx)
    args.insert(0, _literal(node.node, eval_ctx))
    if kind is _PassArg.eval_context:
        args.insert(0, eval_ctx)
    elif kind is _PassArg.environment:
        args.insert(0, eval_ctx.environment)
    try:
        return func(*args, **kwargs)
    except Exception as e:
        raise Impossible() from e


def _fold(node, env):
    try:
        return True, _apply(node, EvalContext(env))
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
    for child in node.iter_child_nodes():
        if isinstance(child, (nodes.Filter, nodes.Test)):
            yield child
        yield from _applications(child)


def fold_all(source: str, env=None) -> list:
    """(line, name, foldable, value) for every filter and test applied in ``source``."""
    env = _env(env)
    rows = []
    for node in _applications(env.parse(source)):
        foldable, value = _fold(node, env)
        rows.append((node.lineno, node.name, foldable, value))
    rows.sort(key=lambda row: row[0])
    return rows
