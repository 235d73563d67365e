"""Written from Pygments' public documentation only: styles are classes whose
style_for_token() gives color, bgcolor, bold, italic, underline and ansicolor;
a 256-colour terminal shows the xterm palette (16 + 36 r + 6 g + b on the
0/95/135/175/215/255 cube), ANSI colours as SGR 30-37 / 90-97, true colour as
38;2;r;g;b."""

from pygments.styles import get_style_by_name
from pygments.token import Token, string_to_tokentype

_ANSI = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "gray"]
_BRIGHT = ["brightblack", "brightred", "brightgreen", "brightyellow", "brightblue",
           "brightmagenta", "brightcyan", "white"]
_LEVELS = (0, 95, 135, 175, 215, 255)


def _rgb(hexcolor):
    value = int(hexcolor, 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def _cube(hexcolor):
    r, g, b = (min(range(6), key=lambda i: abs(_LEVELS[i] - c)) for c in _rgb(hexcolor))
    return 16 + 36 * r + 6 * g + b


def _ansi(name, base):
    name = name[4:]
    if name in _ANSI:
        return str(base + _ANSI.index(name))
    return str(base + 60 + _BRIGHT.index(name))


def escape_table(style="default", truecolor=False, bold=True, underline=True, italic=True) -> dict:
    if isinstance(style, str):
        style = get_style_by_name(style)
    table = {}
    for ttype, ndef in style:
        on, off = [], []
        if ndef["color"]:
            if ndef["ansicolor"] and not truecolor:
                on.append(_ansi(ndef["ansicolor"], 30))
            else:
                on += ["38;2;%d;%d;%d" % _rgb(ndef["color"])] if truecolor else ["38;5;%d" % _cube(ndef["color"])]
            off.append("39")
        if ndef["bgcolor"]:
            if ndef["bgansicolor"] and not truecolor:
                on.append(_ansi(ndef["bgansicolor"], 40))
            else:
                on += ["48;2;%d;%d;%d" % _rgb(ndef["bgcolor"])] if truecolor else ["48;5;%d" % _cube(ndef["bgcolor"])]
            off.append("49")
        flags = [code for code, want in (("01", bold and ndef["bold"]), ("04", underline and ndef["underline"]),
                                         ("03", italic and ndef["italic"])) if want]
        if flags:
            on += flags
            off.append("00")
        if on:
            table[str(ttype)] = ("\x1b[" + ";".join(on) + "m", "\x1b[" + ";".join(off) + "m")
    return table


def paint(tokens, style="default", truecolor=False) -> str:
    table = escape_table(style, truecolor)
    out = []
    for ttype, text in tokens:
        if isinstance(ttype, str):
            ttype = string_to_tokentype(ttype)
        while ttype is not Token and str(ttype) not in table:
            ttype = ttype.parent
        on, off = table.get(str(ttype), ("", ""))
        lines = text.split("\n")
        out.append("\n".join(on + line + off if line else "" for line in lines))
    return "".join(out)
