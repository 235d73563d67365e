"""Lint findings about translation blocks whose ids or formatting will misbehave."""

import re

from jinja2 import Environment, nodes
from jinja2.exceptions import TemplateSyntaxError
from jinja2.ext import InternationalizationExtension
from jinja2.parser import Parser

from lint.constants import lint

_BLOCK = re.compile(r"\{%-?\s*trans\b(.*?)-?%\}(.*?)\{%-?\s*endtrans\s*-?%\}", re.S)
_PLURAL = re.compile(r"\{%-?\s*pluralize\b.*?-?%\}", re.S)


def _header(text):
    """(context, variable names, trimmed or None) of a block's header."""
    context, names, trimmed = None, [], None
    for part in (p.strip() for p in text.split(",") if p.strip()):
        for word in part.split():
            if word[0] in "'\"" and context is None and not names:
                context = word[1:-1]
            elif word in ("trimmed", "notrimmed"):
                trimmed = word == "trimmed"
            else:
                names.append(word.split("=")[0])
                break
    return context, names, trimmed


def _read(env, body):
    ext = env.extensions[InternationalizationExtension.identifier]
    parser = Parser(env, body + "{% endtrans %}")
    return ext, ext._parse_block(parser, True)


def trans_findings(source: str, env=None) -> list:
    """(line, rule, detail) for every translation block that will misbehave."""
    env = env if env is not None else Environment(extensions=[InternationalizationExtension])
    findings = []
    for match in _BLOCK.finditer(source):
        line = source[: match.start()].count("\n") + 1
        context, header_names, trimmed = _header(match.group(1))
        singular_body, *plural_body = _PLURAL.split(match.group(2), maxsplit=1)
        try:
            ext, (names, singular) = _read(env, singular_body)
            plural = _read(env, plural_body[0])[1][1] if plural_body else None
        except TemplateSyntaxError as error:
            findings.append((line, "bad-block", error.message))
            continue
        if trimmed if trimmed is not None else env.policies["ext.i18n.trimmed"]:
            singular = ext._trim_whitespace(singular)
            plural = ext._trim_whitespace(plural) if plural is not None else None
        variables = {name: nodes.Name(name, "load") for name in header_names + names}
        count = variables[(header_names + names)[0]] if plural is not None and variables else None
        node = ext._make_node(singular, plural, context, variables, count, bool(names),
                              count is not None and count.name == "num").nodes[0]
        if "\n" in singular:
            findings.append((line, "untrimmed-id", singular))
        text = node.left.expr.args[-1 if plural is None else -3] if isinstance(node, nodes.Mod) else None
        if text is not None and not names and "%" in singular:
            findings.append((line, "percent-format", text.value))
    return findings


def lint_all(source: str, env=None) -> dict:
    """Turn 2's lint, with the translation block findings merged in by line."""
    env = env if env is not None else Environment(extensions=[InternationalizationExtension])
    result = lint(source, env)
    result["findings"] = sorted(result["findings"] + trans_findings(source, env), key=lambda finding: finding[0])
    return result
