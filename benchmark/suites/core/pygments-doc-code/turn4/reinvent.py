"""LaTeX written inside code, as Pygments' LaTeX output takes it (its escapeinside option)."""

from pygments.formatters.latex import LatexEmbeddedLexer
from pygments.lexers import get_lexer_by_name
from pygments.token import Token
from pygments.util import ClassNotFound

from doc_code.wiki import code_text, languages


def _embedded(language, left, right):
    if len(left) != 1 or len(right) != 1:
        raise ValueError("the delimiters are single characters")
    return LatexEmbeddedLexer(left, right, get_lexer_by_name(language))


def escaped_tokens(code, language="python", left="|", right="|") -> list:
    """The code as the LaTeX output lexes it with those delimiters: (token type name, text) pieces."""
    pieces = []
    for _, ttype, value in _embedded(language, left, right).get_tokens_unprocessed(code):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def escape_spans(code, language="python", left="|", right="|") -> list:
    """(offset, LaTeX) of each escape the LaTeX output honours; stray delimiters as (offset, None)."""
    spans = []
    lexer = _embedded(language, left, right)
    safe = []
    for i, t, v in lexer._filter_to(lexer.lang.get_tokens_unprocessed(code),
                                    lambda t: t in Token.Comment or t in Token.String):
        if t is None:
            safe.extend((i + i2, t2, v2) for i2, t2, v2 in lexer._find_escape_tokens(v))
        else:
            safe.append((i, None, v))
    for index, ttype, value in safe:
        if ttype is Token.Escape:
            spans.append((index, value))
        elif ttype is Token.Error:
            spans.append((index, None))
    return spans


def document_escapes(text, kind="markdown", left="|", right="|") -> list:
    """(language, escape spans) for each highlighted code block of a document that has escapes."""
    known = set(languages(text, kind)["highlighted"])
    found = []
    for language, code in code_text(text, kind):
        if language not in known:
            continue
        try:
            spans = escape_spans(code, language, left, right)
        except ClassNotFound:
            continue
        if spans:
            found.append((language, spans))
    return found
