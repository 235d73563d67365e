"""Keyword calls of Robot Framework data, and keywords nothing uses."""

from pygments.lexers.robotframework import GherkinTokenizer, KeywordCall, Tokenizer
from pygments.token import Token

from robot_lint.rows import row_tables
from robot_lint.settings import template_settings
from robot_lint.steps import outline


def keyword_call(cells, assign=True) -> list:
    """The (value, token type name) pieces the highlighting gives the cells of one keyword call."""
    call = KeywordCall(support_assign=assign)
    pieces = []
    for index, value in enumerate(cells):
        if not call._keyword_found and Tokenizer._is_assign(call, value):
            call._assigns += 1
            got = Token.Punctuation
        elif call._keyword_found:
            got = Tokenizer._tokenize(call, value, index - call._assigns)
        else:
            call._keyword_found = True
            got = GherkinTokenizer().tokenize(value, Token.Name.Function)
        if not isinstance(got, list):
            got = [(value, got)]
        pieces.extend((piece, str(ttype)) for piece, ttype in got)
    return pieces


def _normalized(name) -> str:
    return name.lower().replace(" ", "").replace("_", "")


def unused_keywords(text) -> list:
    """Names of the keywords ``text`` defines that no test, keyword or default template uses."""
    entries = outline(text)
    tables = row_tables(text)
    used = {_normalized(name) for _, _, called, _ in entries for name in called}
    used |= {_normalized(value) for _, value, sets in template_settings(text) if sets}
    return [name for name, number, _, _ in entries
            if tables[number - 1] == "keywords" and _normalized(name) not in used]
