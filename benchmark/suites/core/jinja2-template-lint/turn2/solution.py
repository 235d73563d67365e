"""Lint findings about output the compiler writes as ready text."""

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import EvalContext
from markupsafe import escape

from lint.tokens import token_findings, token_summary


def _env(env):
    return env if env is not None else Environment()


def constant_findings(source: str, env=None) -> list:
    """(line, rule, detail) for print tags the compiled template writes as ready text."""
    env = _env(env)
    generator = CodeGenerator(env, None, None)
    finalize = generator._make_finalize()
    frame = Frame(EvalContext(env, None))
    findings = []
    for output in env.parse(source).find_all(nodes.Output):
        for child in output.nodes:
            if isinstance(child, nodes.TemplateData) or finalize.const is None:
                continue
            try:
                text = generator._output_child_to_const(child, frame, finalize)
            except Exception:
                continue
            literal = isinstance(child, nodes.Const) and isinstance(child.value, str)
            if not literal:
                findings.append((child.lineno, "constant-print", text))
            value = child.as_const(frame.eval_ctx)
            if frame.eval_ctx.autoescape and str(escape(value)) != str(value):
                findings.append((child.lineno, "escaped-literal", text))
    return findings


def lint(source: str, env=None) -> dict:
    """All findings of the token and constant rules, by line, and the token summary."""
    env = _env(env)
    findings = token_findings(source, env) + constant_findings(source, env)
    return {"findings": sorted(findings, key=lambda finding: finding[0]), "tokens": token_summary(source, env)}
