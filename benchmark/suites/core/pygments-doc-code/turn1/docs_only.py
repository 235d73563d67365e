"""Written from Pygments' public documentation only: the Markdown lexer
highlights fenced code blocks (```lang) with the lexer of that language, the
reStructuredText lexer highlights the code of `.. code-block:: lang` (also
`sourcecode`, `code`) directives; get_lexer_by_name() finds a lexer by alias."""

import re
import textwrap

from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

_FENCE = re.compile(r"^```([\w-]+)[^\n]*\n(.*?)^```\s*$", re.M | re.S)
_DIRECTIVE = re.compile(r"^\.\. (?:sourcecode|code-block|code)::[ \t]*(\S+)\n((?:[ \t]+:.*\n)*)\n((?:[ \t]+.*\n|\n)+)", re.M)


def _pieces(language, code):
    try:
        lexer = get_lexer_by_name(language)
    except ClassNotFound:
        return [("Token.Literal.String", code)]
    pieces = []
    for ttype, value in lexer.get_tokens(code):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def markdown_blocks(text) -> list:
    return [(m.group(1), _pieces(m.group(1), m.group(2))) for m in _FENCE.finditer(text)]


def rst_blocks(text) -> list:
    return [(m.group(1), _pieces(m.group(1), textwrap.dedent(m.group(3)))) for m in _DIRECTIVE.finditer(text)]
