"""Lint findings read from the token stream Jinja's parser receives."""

from collections import Counter

from jinja2 import Environment
from jinja2.lexer import _describe_token_type


def _env(env):
    return env if env is not None else Environment()


def _tokens(source, env):
    return list(env._tokenize(source, None))


def token_findings(source: str, env=None) -> list:
    """(line, rule, detail) for every finding, in the order of the template."""
    env = _env(env)
    tokens = _tokens(source, env)
    findings = []
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.type == "pipe" and following is not None and following.type == "name":
            if following.value not in env.filters:
                findings.append((following.lineno, "unknown-filter", following.value))
        elif token.type == "name" and token.value == "is" and following is not None:
            j = i + 2 if following.type == "name" and following.value == "not" else i + 1
            test = tokens[j] if j < len(tokens) else None
            if test is not None and test.type == "name" and test.value not in env.tests:
                findings.append((test.lineno, "unknown-test", test.value))
        elif token.type == "variable_begin" and i + 2 < len(tokens) and following.type == "string" \
                and tokens[i + 2].type == "variable_end":
            findings.append((token.lineno, "literal-print", following.value))
    return findings


def token_summary(source: str, env=None) -> dict:
    """How many tokens of each kind the parser reads, by the lexer's description of the kind."""
    counts = Counter(_describe_token_type(token.type) for token in _tokens(source, _env(env)))
    return dict(sorted(counts.items()))
