"""Written from Jinja's public documentation only: the Template Designer's i18n
section (variables in a trans block are written {{ name }} and become %(name)s;
with old-style gettext the translation is %-formatted with the block's variables,
so a literal percent sign must then be written %%; {% pluralize %} and the
trimmed/notrimmed modifiers; the ext.i18n.trimmed policy), and the earlier turns."""

import re

from jinja2 import Environment
from jinja2.ext import InternationalizationExtension

from lint.constants import lint

_BLOCK = re.compile(r"\{%-?\s*trans\b(.*?)-?%\}(.*?)\{%-?\s*endtrans\s*-?%\}", re.S)
_PLURAL = re.compile(r"\{%-?\s*pluralize\b.*?-?%\}", re.S)
_VARIABLE = re.compile(r"\{\{\s*([A-Za-z_]\w*)\s*\}\}")


def trans_findings(source: str, env=None) -> list:
    env = env if env is not None else Environment(extensions=[InternationalizationExtension])
    findings = []
    for match in _BLOCK.finditer(source):
        line = source[: match.start()].count("\n") + 1
        header, body = match.group(1), match.group(2)
        if "{%" in _PLURAL.sub("", body) or "{{" in _VARIABLE.sub("", body):
            findings.append((line, "bad-block", "only simple variables are allowed"))
            continue
        words = header.replace(",", " ").split()
        trimmed = "trimmed" in words or ("notrimmed" not in words and env.policies["ext.i18n.trimmed"])
        singular = _PLURAL.split(body, maxsplit=1)[0]
        if trimmed:
            singular = " ".join(singular.split())
        text = _VARIABLE.sub("", singular)
        if "\n" in singular:
            findings.append((line, "untrimmed-id", _VARIABLE.sub(lambda m: f"%({m.group(1)})s", singular)))
        names = [w for w in words if w not in ("trimmed", "notrimmed") and w[0] not in "'\""]
        if (names or _VARIABLE.search(body)) and "%" in text:
            findings.append((line, "percent-format", text))
    return findings


def lint_all(source: str, env=None) -> dict:
    env = env if env is not None else Environment(extensions=[InternationalizationExtension])
    result = lint(source, env)
    result["findings"] = sorted(result["findings"] + trans_findings(source, env), key=lambda finding: finding[0])
    return result
