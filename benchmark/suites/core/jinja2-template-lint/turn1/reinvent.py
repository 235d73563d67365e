"""Lint findings read from the token stream Jinja's parser receives."""

from collections import Counter

from jinja2 import Environment
from jinja2.lexer import TokenStream, _describe_token_type


def _env(env):
    return env if env is not None else Environment()


def _tokens(source, env):
    stream = env.lexer.tokenize(env.preprocess(source, None, None), None, None, None)
    for ext in env.iter_extensions():
        stream = ext.filter_stream(stream)
        if not isinstance(stream, TokenStream):
            stream = TokenStream(stream, None, None)
    return list(stream)


def _unknown_filter(tokens, i, env):
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    if tokens[i].type == "pipe" and following is not None and following.type == "name" \
            and following.value not in env.filters:
        return following.lineno, "unknown-filter", following.value
    return None


def _unknown_test(tokens, i, env):
    if not (tokens[i].type == "name" and tokens[i].value == "is"):
        return None
    j = i + 1
    if j < len(tokens) and tokens[j].type == "name" and tokens[j].value == "not":
        j += 1
    if j < len(tokens) and tokens[j].type == "name" and tokens[j].value not in env.tests:
        return tokens[j].lineno, "unknown-test", tokens[j].value
    return None


def _literal_print(tokens, i, env):
    kinds = [token.type for token in tokens[i:i + 3]]
    if kinds == ["variable_begin", "string", "variable_end"]:
        return tokens[i].lineno, "literal-print", tokens[i + 1].value
    return None


def token_findings(source: str, env=None) -> list:
    """(line, rule, detail) for every finding, in the order of the template."""
    env = _env(env)
    tokens = _tokens(source, env)
    findings = []
    for i in range(len(tokens)):
        for finding in (_unknown_filter(tokens, i, env), _unknown_test(tokens, i, env), _literal_print(tokens, i, env)):
            if finding is not None:
                findings.append(finding)
    return findings


def token_summary(source: str, env=None) -> dict:
    """How many tokens of each kind the parser reads, by the lexer's description of the kind."""
    counts = Counter(_describe_token_type(token.type) for token in _tokens(source, _env(env)))
    return dict(sorted(counts.items()))
