"""Written from Pygments' public documentation only (and Robot Framework's
user guide: a step may start with `${var}=` / `@{var}=` / `&{var}=`
assignments (the `=` optional, a space before it allowed), then the keyword,
whose Given/When/Then/And/But prefix is ignored, then its arguments; keyword
names are matched ignoring case, spaces and underscores); the outline, the
settings and the tables come from turns 1, 3 and 4."""

import re

from robot_lint.rows import row_tables
from robot_lint.settings import template_settings
from robot_lint.steps import outline

_ASSIGN = re.compile(r"^[$@&]\{[^{}]+\}(\[[^\]]+\])?\s*=?$")
_GHERKIN = re.compile(r"^(Given|When|Then|And|But) ", re.I)


def keyword_call(cells, assign=True) -> list:
    pieces = []
    keyword_seen = False
    for value in cells:
        if not keyword_seen and assign and _ASSIGN.match(value):
            pieces.append((value, "Token.Punctuation"))
        elif not keyword_seen:
            keyword_seen = True
            match = _GHERKIN.match(value)
            if match:
                pieces += [(value[:match.end()], "Token.Generic.Emph"), (value[match.end():], "Token.Name.Function")]
            else:
                pieces.append((value, "Token.Name.Function"))
        else:
            pieces.append((value, "Token.Literal.String"))
    return pieces


def _normalized(name) -> str:
    return name.lower().replace(" ", "").replace("_", "")


def unused_keywords(text) -> list:
    entries = outline(text)
    tables = row_tables(text)
    used = {_normalized(name) for _, _, called, _ in entries for name in called}
    used |= {_normalized(value) for _, value, sets in template_settings(text) if sets}
    return [name for name, number, _, _ in entries
            if tables[number - 1] == "keywords" and _normalized(name) not in used]
