"""Written from Jinja's public documentation only: babel_extract ("Babel extraction
method for Jinja templates", its keywords, comment tags and options such as
trimmed), and the Template Designer's "i18n" section: inside a trans block
variables are written {{ name }} and become %(name)s placeholders, statements are
not allowed, {% pluralize %} separates the plural form, and the trimmed modifier
"removes line breaks and the whitespace surrounding them"."""

import re
from io import BytesIO

from jinja2.exceptions import TemplateSyntaxError
from jinja2.ext import GETTEXT_FUNCTIONS, babel_extract

_VARIABLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def extract_messages(source: str, keywords=None, tags=(), trimmed=False) -> list:
    options = {"trimmed": "true" if trimmed else "false"}
    found = babel_extract(BytesIO(source.encode("utf-8")), keywords or GETTEXT_FUNCTIONS, list(tags), options)
    return list(found)


def _part(text, names, trimmed):
    if "{%" in text or "{{" in _VARIABLE.sub("", text):
        raise TemplateSyntaxError("only simple variables are allowed in a trans block", 1)
    names.extend(_VARIABLE.findall(text))
    text = _VARIABLE.sub(lambda m: f"%({m.group(1)})s", text.replace("%", "%%"))
    if trimmed:
        text = " ".join(text.split())
    return text


def trans_msgid(body: str, trimmed=False, newstyle=False) -> tuple:
    parts = re.split(r"\{%-?\s*pluralize\s*-?%\}", body)
    if len(parts) > 2:
        raise TemplateSyntaxError("only one pluralize section", 1)
    names = []
    singular = _part(parts[0], names, trimmed)
    plural = _part(parts[1], names, trimmed) if len(parts) == 2 else None
    return singular, plural, list(dict.fromkeys(names))
