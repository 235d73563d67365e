"""Written from Jinja's public documentation only: babel_extract ("If
`comment_tags` is now set to a list of keywords for extraction, the extractor will
try to find the best preceding comment that begins with one of the keywords"),
the comment syntax {# ... #}, and the earlier turns."""

import re
from io import BytesIO

from jinja2.ext import GETTEXT_FUNCTIONS, babel_extract

from lint.trans import lint_all, trans_findings

_PLACEHOLDER = re.compile(r"%\([^)]*\)s")
_COMMENT = re.compile(r"\{#-?\s*(.*?)\s*-?#\}", re.S)


def note_findings(source: str, tags=("NOTE:",)) -> list:
    messages = babel_extract(BytesIO(source.encode("utf-8")), GETTEXT_FUNCTIONS, list(tags), {})
    findings, attached = [], []
    for line, function, message, notes in messages:
        message = message if isinstance(message, tuple) else (message,)
        ids = message[1:] if function in ("pgettext", "npgettext") else message
        attached.extend(notes)
        if not notes and any(m and _PLACEHOLDER.search(m) for m in ids):
            findings.append((line, "missing-note", ids[0]))
    for match in _COMMENT.finditer(source):
        prefix, _, text = match.group(1).partition(" ")
        if prefix not in tags:
            continue
        if text.strip() in attached:
            attached.remove(text.strip())
        else:
            findings.append((source[: match.start()].count("\n") + 1, "orphan-note", text.strip()))
    return sorted(findings, key=lambda finding: finding[0])


def review(source: str, env=None, tags=("NOTE:",)) -> dict:
    broken = [finding for finding in trans_findings(source, env) if finding[1] == "bad-block"]
    if broken:
        return {"findings": broken, "tokens": {}}
    result = lint_all(source, env)
    result["findings"] = sorted(result["findings"] + note_findings(source, tags), key=lambda finding: finding[0])
    return result
