"""Written from Jinja's public documentation only: Environment.lex ("yields tokens
as tuples in the form (lineno, token_type, value) ... If you want the
preprocessing of the extensions to be applied you have to filter source through
the preprocess() method"), Environment.filters and Environment.tests."""

from collections import Counter

from jinja2 import Environment

_KINDS = {
    "data": "template data / text",
    "variable_begin": "begin of print statement",
    "variable_end": "end of print statement",
    "block_begin": "begin of statement block",
    "block_end": "end of statement block",
}


def _env(env):
    return env if env is not None else Environment()


def _tokens(source, env):
    skipped = ("whitespace", "comment_begin", "comment", "comment_end", "raw_begin", "raw_end")
    return [(line, value if kind == "operator" else kind, value)
            for line, kind, value in env.lex(env.preprocess(source)) if kind not in skipped]


def token_findings(source: str, env=None) -> list:
    env = _env(env)
    tokens = _tokens(source, env)
    findings = []
    for i, (line, kind, value) in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if kind == "|" and following is not None and following[1] == "name":
            if following[2] not in env.filters:
                findings.append((following[0], "unknown-filter", following[2]))
        elif kind == "name" and value == "is" and following is not None:
            j = i + 2 if following[1:] == ("name", "not") else i + 1
            if j < len(tokens) and tokens[j][1] == "name" and tokens[j][2] not in env.tests:
                findings.append((tokens[j][0], "unknown-test", tokens[j][2]))
        elif kind == "variable_begin" and i + 2 < len(tokens) and following[1] == "string" \
                and tokens[i + 2][1] == "variable_end":
            findings.append((line, "literal-print", following[2][1:-1]))
    return findings


def token_summary(source: str, env=None) -> dict:
    counts = Counter(_KINDS.get(kind, kind) for _, kind, _ in _tokens(source, _env(env)))
    return dict(sorted(counts.items()))
