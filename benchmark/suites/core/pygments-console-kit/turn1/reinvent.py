"""Terminal escape sequences of a Pygments style, as Pygments' terminal formatters write them."""

import io
from pygments.formatters.terminal256 import EscapeSequence, Terminal256Formatter, TerminalTrueColorFormatter
from pygments.styles import get_style_by_name
from pygments.token import Token, string_to_tokentype


def escape_table(style="default", truecolor=False, bold=True, underline=True, italic=True) -> dict:
    if isinstance(style, str):
        style = get_style_by_name(style)
    table = {}
    if truecolor:
        full = TerminalTrueColorFormatter(style=style)
        for ttype, ndef in full.style:
            escape = EscapeSequence()
            if ndef['color']:
                escape.fg = full._color_tuple(ndef['color'])
            if ndef['bgcolor']:
                escape.bg = full._color_tuple(ndef['bgcolor'])
            escape.bold = bool(bold and ndef['bold'])
            escape.underline = bool(underline and ndef['underline'])
            escape.italic = bool(italic and ndef['italic'])
            table[str(ttype)] = (escape.true_color_string(), escape.reset_string())
    else:
        indexed = Terminal256Formatter(style=style)
        for ttype, ndef in indexed.style:
            escape = EscapeSequence()
            if ndef['ansicolor']:
                escape.fg = indexed._color_index(ndef['ansicolor'])
            elif ndef['color']:
                escape.fg = indexed._color_index(ndef['color'])
            if ndef['bgansicolor']:
                escape.bg = indexed._color_index(ndef['bgansicolor'])
            elif ndef['bgcolor']:
                escape.bg = indexed._color_index(ndef['bgcolor'])
            escape.bold = bool(bold and ndef['bold'])
            escape.underline = bool(underline and ndef['underline'])
            escape.italic = bool(italic and ndef['italic'])
            table[str(ttype)] = (escape.color_string(), escape.reset_string())
    return {name: codes for name, codes in table.items() if codes != ("", "")}


def paint(tokens, style="default", truecolor=False) -> str:
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
