"""Written from Jinja's public documentation only: the autoescape and finalize
options, Environment.parse with the Output, TemplateData, Const and Name nodes, and
from_string, which also takes a template node: a print tag naming no variable
writes the same text at every render, so it is known in advance."""

from jinja2 import Environment, nodes
from markupsafe import escape

from lint.tokens import token_findings, token_summary


def _env(env):
    return env if env is not None else Environment()


def constant_findings(source: str, env=None) -> list:
    env = _env(env)
    findings = []
    for output in env.parse(source).find_all(nodes.Output):
        for child in output.nodes:
            if isinstance(child, (nodes.TemplateData, nodes.Name)) or any(child.find_all(nodes.Name)):
                continue
            try:
                text = env.from_string(nodes.Template([nodes.Output([child])])).render()
                value = env.compile_expression(_source(child))()
            except Exception:
                continue
            if not (isinstance(child, nodes.Const) and isinstance(child.value, str)):
                findings.append((child.lineno, "constant-print", text))
            if env.autoescape and str(escape(value)) != str(value):
                findings.append((child.lineno, "escaped-literal", text))
    return findings


def _source(node):
    # the expression written back as template source, for the constant nodes the rules meet
    if isinstance(node, nodes.Const):
        return repr(node.value)
    if isinstance(node, nodes.List):
        return "[" + ", ".join(_source(item) for item in node.items) + "]"
    if isinstance(node, nodes.Filter):
        args = "".join(f", {_source(a)}" for a in node.args)[2:]
        return f"({_source(node.node)})|{node.name}" + (f"({args})" if args else "")
    if isinstance(node, nodes.BinExpr):
        return f"({_source(node.left)}) {node.operator} ({_source(node.right)})"
    if isinstance(node, nodes.Concat):
        return " ~ ".join(f"({_source(n)})" for n in node.nodes)
    raise ValueError(node)


def lint(source: str, env=None) -> dict:
    env = _env(env)
    findings = token_findings(source, env) + constant_findings(source, env)
    return {"findings": sorted(findings, key=lambda finding: finding[0]), "tokens": token_summary(source, env)}
