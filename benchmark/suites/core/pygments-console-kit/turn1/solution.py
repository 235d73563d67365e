"""Terminal escape sequences of a Pygments style, as Pygments' terminal formatters write them."""

import io
from pygments.formatters.terminal256 import Terminal256Formatter, TerminalTrueColorFormatter
from pygments.styles import get_style_by_name
from pygments.token import Token, string_to_tokentype


def escape_table(style="default", truecolor=False, bold=True, underline=True, italic=True) -> dict:
    """{token type name: (escape that turns its look on, escape that turns it off)}."""
    if isinstance(style, str):
        style = get_style_by_name(style)
    options = {"style": style}
    for flag, wanted in (("nobold", bold), ("nounderline", underline), ("noitalic", italic)):
        if not wanted:
            options[flag] = True
    if truecolor:
        full = TerminalTrueColorFormatter(**options)
        full.style_string = {}
        full._setup_styles()
        table = full.style_string
    else:
        indexed = Terminal256Formatter(**options)
        indexed.style_string = {}
        indexed._setup_styles()
        table = indexed.style_string
    return {name: codes for name, codes in table.items() if codes != ("", "")}


def paint(tokens, style="default", truecolor=False) -> str:
    """Text of (token type, text) pairs with the style's escapes, as a terminal would get it."""
    table = escape_table(style, truecolor)
    out = io.StringIO()
    for ttype, text in tokens:
        if isinstance(ttype, str):
            ttype = string_to_tokentype(ttype)
        while ttype is not Token and str(ttype) not in table:
            ttype = ttype.parent
        on, off = table.get(str(ttype), ("", ""))
        pieces = text.split("\n")
        for piece in pieces[:-1]:
            if piece:
                out.write(on + piece + off)
            out.write("\n")
        if pieces[-1]:
            out.write(on + pieces[-1] + off)
    return out.getvalue()
