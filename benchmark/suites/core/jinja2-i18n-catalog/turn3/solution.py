"""Translation coverage of a template: text left outside translation, catalog entries missing."""

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
    """(line, text) for every run of template text with words outside translation blocks."""
    env = _environment(env)
    found, inside, after_begin = [], False, False
    for token in env._tokenize(source, None):
        if token.type == "block_begin":
            after_begin = True
            continue
        if after_begin and token.type == "name" and token.value in ("trans", "endtrans"):
            inside = token.value == "trans"
        after_begin = False
        if token.type != "data" or inside:
            continue
        text = _TAG.sub("", token.value)
        if _LETTER.search(text):
            lead = len(token.value) - len(token.value.lstrip())
            found.append((token.lineno + token.value[:lead].count("\n"), token.value.strip()))
    return found


def _key(function, message):
    """The catalog key of an extracted message; None when its ids are not literal."""
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
    """What a translator still has to do for ``source``, and how it renders with ``catalog``."""
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
