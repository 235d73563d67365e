"""Written from Pygments' public documentation only: LatexFormatter's
`escapeinside` option ("If set to a string of length 2, enables escaping to
LaTeX. Text delimited by these 2 characters is read as LaTeX code and typeset
accordingly. It has no effect in string literals. It has no effect in comments
if `texcomments` or `mathescape` is set."); the code blocks and their
languages come from turn 3."""

from pygments.lexers import get_lexer_by_name
from pygments.token import Token
from pygments.util import ClassNotFound

from doc_code.wiki import code_text, languages


def _scan(code, language, left, right):
    if len(left) != 1 or len(right) != 1:
        raise ValueError("the delimiters are single characters")
    lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
    out = []
    pos = 0
    for ttype, value in lexer.get_tokens(code):
        if ttype in Token.String:
            out.append((pos, ttype, value))
        else:
            rest, offset = value, pos
            while rest:
                head, sep, tail = rest.partition(left)
                if head:
                    out.append((offset, ttype, head))
                    offset += len(head)
                if not sep:
                    break
                body, sep2, after = tail.partition(right)
                if sep2:
                    out.append((offset + 1, Token.Escape, body))
                    offset += len(body) + 2
                    rest = after
                else:
                    out.append((offset, Token.Error, sep))
                    offset += 1
                    rest = tail
        pos += len(value)
    return out


def escaped_tokens(code, language="python", left="|", right="|") -> list:
    pieces = []
    for _, ttype, value in _scan(code, language, left, right):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def escape_spans(code, language="python", left="|", right="|") -> list:
    return [(i, None if t is Token.Error else v) for i, t, v in _scan(code, language, left, right)
            if t is Token.Escape or t is Token.Error]


def document_escapes(text, kind="markdown", left="|", right="|") -> list:
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
