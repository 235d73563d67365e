"""Written from Pygments' public documentation only: every lexer takes the
options stripnl ("Strip leading and trailing newlines from the input",
default True), stripall, ensurenl ("Make sure that the input ends with a
newline", default True), tabsize ("If given and greater than 0, expand tabs
in the input", default 0) and encoding ("If given, must be an encoding name.
This encoding will be used to convert the input string to Unicode, if it is
not already a Unicode string", default 'guess'; 'guess' tries UTF-8 then
Latin-1; a BOM is removed); the e-mail header lexer's option
highlight-X-header highlights X- headers like the others instead of
lowlighting them as comments."""

import re

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.lexers.email import EmailHeaderLexer



def prepared_input(text, lexer="text", **options) -> str:
    if "." in lexer:
        get_lexer_for_filename(lexer)
    else:
        get_lexer_by_name(lexer)
    if isinstance(text, bytes):
        encoding = options.get("encoding", "guess")
        if encoding == "guess":
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                text = text.decode("latin-1")
        else:
            text = text.decode(encoding)
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if options.get("stripall"):
        text = text.strip()
    elif options.get("stripnl", True):
        text = text.strip("\n")
    if options.get("tabsize", 0) > 0:
        text = text.expandtabs(options["tabsize"])
    if options.get("ensurenl", True) and not text.endswith("\n"):
        text += "\n"
    return text


def x_headers(headers, highlight=False) -> list:
    lexer = EmailHeaderLexer(**{"highlight-X-header": highlight})
    found = []
    for match in re.finditer(r"^(X-[\w-]+:)(.*\n(?:[ \t].*\n)*)", headers, re.M):
        pieces = []
        for ttype, value in lexer.get_tokens(match.group(0)):
            if pieces and pieces[-1][0] == str(ttype):
                pieces[-1] = (str(ttype), pieces[-1][1] + value)
            elif value:
                pieces.append((str(ttype), value))
        found.append((match.group(1), pieces))
    return found
