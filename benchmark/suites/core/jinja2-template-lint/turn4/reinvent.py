"""Lint findings about translator notes, and the whole review of a template."""

import re

from jinja2 import Environment
from jinja2.ext import GETTEXT_FUNCTIONS, InternationalizationExtension, _CommentFinder, extract_from_ast

from lint.trans import lint_all, trans_findings

_PLACEHOLDER = re.compile(r"%\([^)]*\)s")


def _tagged(tokens, tags):
    """(line, text) of every comment starting with one of ``tags``."""
    found = []
    for line, kind, value in tokens:
        if kind in ("comment", "linecomment"):
            prefix, _, text = value.strip().partition(" ")
            if prefix in tags:
                found.append((line, text.strip()))
    return found


def note_findings(source: str, tags=("NOTE:",)) -> list:
    """(line, rule, detail): messages with placeholders but no note, and notes attached to nothing."""
    env = Environment(extensions=[InternationalizationExtension])
    tokens = list(env.lex(env.preprocess(source)))
    finder = _CommentFinder(tokens, list(tags))
    messages = [(line, function, message, []) for line, function, message
                in extract_from_ast(env.parse(source), GETTEXT_FUNCTIONS)]
    findings, attached = [], []
    for line, function, message, _ in messages:
        message = message if isinstance(message, tuple) else (message,)
        ids = message[1:] if function in ("pgettext", "npgettext") else message
        notes = finder.find_comments(line)
        attached.extend(notes)
        if not notes and any(m and _PLACEHOLDER.search(m) for m in ids):
            findings.append((line, "missing-note", ids[0]))
    for line, text in _tagged(tokens, tags):
        if text in attached:
            attached.remove(text)
        else:
            findings.append((line, "orphan-note", text))
    return sorted(findings, key=lambda finding: finding[0])


def review(source: str, env=None, tags=("NOTE:",)) -> dict:
    """Every finding of the linter for ``source``, by line, with the token summary."""
    broken = [finding for finding in trans_findings(source, env) if finding[1] == "bad-block"]
    if broken:
        return {"findings": broken, "tokens": {}}
    result = lint_all(source, env)
    result["findings"] = sorted(result["findings"] + note_findings(source, tags), key=lambda finding: finding[0])
    return result
