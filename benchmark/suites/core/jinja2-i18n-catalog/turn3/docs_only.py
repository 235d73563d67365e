"""Written from Jinja's public documentation only: Environment.lex ("yields tokens
as tuples in the form (lineno, token_type, value)"; extensions' preprocessing
applied with Environment.preprocess) for the template text and the trans tags,
and the catalog tools of the earlier turns."""

import re

from jinja2 import Environment
from jinja2.ext import InternationalizationExtension

from catalog.calls import CONTEXT_SEPARATOR, install_catalog
from catalog.messages import extract_messages

_TAG = re.compile(r"<[^<>]*>")
_LETTER = re.compile(r"[^\W\d_]")


def _environment(env):
    return env if env is not None else Environment(extensions=[InternationalizationExtension])


def untranslated_text(source: str, env=None) -> list:
    env = _environment(env)
    found, inside, after_begin = [], False, False
    for lineno, kind, value in env.lex(env.preprocess(source)):
        if kind == "whitespace":
            continue
        if kind == "block_begin":
            after_begin = True
            continue
        if after_begin and kind == "name" and value in ("trans", "endtrans"):
            inside = value == "trans"
        after_begin = False
        if kind != "data" or inside:
            continue
        if _LETTER.search(_TAG.sub("", value)):
            lead = len(value) - len(value.lstrip())
            found.append((lineno + value[:lead].count("\n"), value.strip()))
    return found


def _key(function, message):
    message = message if isinstance(message, tuple) else (message,)
    needed = {"ngettext": 2, "pgettext": 2, "npgettext": 3}.get(function, 1)
    if len(message) < needed or None in message[:needed]:
        return None
    if function == "pgettext":
        return message[0] + CONTEXT_SEPARATOR + message[1]
    if function == "npgettext":
        return (message[0] + CONTEXT_SEPARATOR + message[1], message[2])
    if function == "ngettext":
        return (message[0], message[1])
    return message[0]


def coverage_report(source: str, catalog: dict, variables=None) -> dict:
    messages = extract_messages(source)
    missing = []
    for _, function, message, _ in messages:
        key = _key(function, message)
        if key is not None and key not in catalog and key not in missing:
            missing.append(key)
    env = _environment(None)
    install_catalog(env, catalog, newstyle=False)
    return {
        "messages": len(messages),
        "missing": missing,
        "untranslated": untranslated_text(source),
        "rendered": env.from_string(source).render(variables or {}),
    }
