"""Written from Pygments' public documentation only: the PostgreSQL lexer
(postgresql) highlights dollar-quoted function bodies with the lexer of the
function's LANGUAGE, the psql lexer (psql) reads a psql session, and
get_lexer_by_name() finds a lexer by its alias."""

import re

from pygments.lexers import get_lexer_by_name
from pygments.token import Generic
from pygments.util import ClassNotFound

from console_kit.escapes import escape_table, paint
from console_kit.sessions import render_session

_BODY = re.compile(r"(?s)\$(\w*)\$(.*?)\$\1\$(?:\s+LANGUAGE\s+'?(\w+)'?)?", re.IGNORECASE)
_PROMPT = re.compile(r"^\w*[=\-(][#>]")


def body_tokens(sql) -> list:
    bodies = []
    for match in _BODY.finditer(sql):
        body, language = match.group(2), match.group(3)
        lexer = None
        if language:
            try:
                lexer = get_lexer_by_name("postgresql" if language.lower() == "sql" else language)
            except ClassNotFound:
                lexer = None
        tokens = lexer.get_tokens_unprocessed(body) if lexer else [(0, "Token.Literal.String", body)]
        pieces = []
        for _, ttype, value in tokens:
            if pieces and pieces[-1][0] == str(ttype):
                pieces[-1] = (str(ttype), pieces[-1][1] + value)
            elif value:
                pieces.append((str(ttype), value))
        bodies.append(pieces)
    return bodies


def render_psql(text, style="default", truecolor=False, output=True) -> str:
    lines = text.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if _PROMPT.match(line)), len(lines))
    shell, console = "".join(lines[:first]), "".join(lines[first:])
    table = escape_table(style, truecolor)
    prompt_type = "Token.Generic.Prompt" if "Token.Generic.Prompt" in table else "Token.Keyword"
    tokens = []
    for _, ttype, value in get_lexer_by_name("psql").get_tokens_unprocessed(console):
        if ttype in Generic.Prompt:
            ttype = prompt_type
        elif not output and (ttype in Generic.Output or ttype in Generic.Error or ttype in Generic.Strong):
            continue
        tokens.append((ttype, value))
    head = render_session(shell, "bash", style, truecolor, output) if shell else ""
    return head + paint(tokens, style, truecolor)
