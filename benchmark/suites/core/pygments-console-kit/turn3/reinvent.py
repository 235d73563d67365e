"""PostgreSQL scripts and psql sessions: function bodies and consoles, highlighted as Pygments does."""

import re

from pygments.lexers.sql import PostgresConsoleLexer, PostgresLexer, re_prompt
from pygments.token import Generic, String

from console_kit.escapes import escape_table, paint
from console_kit.sessions import render_session

DOLLAR_QUOTED = re.compile(r"(?s)(\$)([^$]*)(\$)(.*?)(\$)(\2)(\$)")
LANGUAGE = re.compile(r"\s+LANGUAGE\s+'?(\w+)'?", re.IGNORECASE)
DO = re.compile(r"\bDO\b", re.IGNORECASE)


def body_tokens(sql) -> list:
    """For each dollar-quoted string of ``sql``: its body's (token type name, text) pieces, like types merged."""
    script = PostgresLexer()
    bodies = []
    for match in DOLLAR_QUOTED.finditer(sql):
        inner = None
        found = LANGUAGE.match(sql[match.end():match.end() + 100])
        if found is not None:
            inner = script._get_lexer(found.group(1))
        else:
            before = list(LANGUAGE.finditer(sql[max(0, match.start() - 100):match.start()]))
            if before:
                inner = script._get_lexer(before[-1].group(1))
            elif list(DO.finditer(sql[max(0, match.start() - 25):match.start()])):
                inner = script._get_lexer("plpgsql")
        if inner:
            tokens = inner.get_tokens_unprocessed(match.group(4))
        else:
            tokens = [(match.start(4), String, match.group(4))]
        pieces = []
        for _, ttype, value in tokens:
            if pieces and pieces[-1][0] == str(ttype):
                pieces[-1] = (str(ttype), pieces[-1][1] + value)
            elif value:
                pieces.append((str(ttype), value))
        bodies.append(pieces)
    return bodies


def render_psql(text, style="default", truecolor=False, output=True) -> str:
    """A psql transcript for a terminal; shell lines before the first psql prompt as a shell session."""
    lines = text.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if re_prompt.match(line)), len(lines))
    shell, console = "".join(lines[:first]), "".join(lines[first:])
    table = escape_table(style, truecolor)
    prompt_type = "Token.Generic.Prompt" if "Token.Generic.Prompt" in table else "Token.Keyword"
    tokens = []
    for _, ttype, value in PostgresConsoleLexer().get_tokens_unprocessed(console):
        if ttype in Generic.Prompt:
            ttype = prompt_type
        elif not output and (ttype in Generic.Output or ttype in Generic.Error or ttype in Generic.Strong):
            continue
        tokens.append((ttype, value))
    head = render_session(shell, "bash", style, truecolor, output) if shell else ""
    return head + paint(tokens, style, truecolor)
