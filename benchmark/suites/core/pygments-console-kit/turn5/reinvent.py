"""Help pages and HTML copies of shell sessions, as pygmentize and Pygments' HTML output give them."""

from textwrap import dedent

from pygments.filters import find_filter_class
from pygments.formatters import find_formatter_class
from pygments.lexers import get_lexer_by_name
from pygments.formatters.html import HtmlFormatter

from console_kit.catalog import catalog
from console_kit.sessions import SESSION_LEXERS, split_session


def help_text(kind, name):
    """What ``pygmentize -H KIND NAME`` prints, or None when it finds no such thing."""
    plural = {"lexer": "lexers", "formatter": "formatters", "filter": "filters"}
    singular = kind[:-1] if kind.endswith("s") else kind
    if singular not in plural:
        raise ValueError(f"no help for {kind!r}")
    if singular == "filter" and name not in catalog(["filter"])["filters"]:
        return None
    try:
        if singular == "lexer":
            cls = get_lexer_by_name(name)
            return f"Help on the {cls.name} lexer:\n" + dedent(cls.__doc__) + "\n"
        if singular == "formatter":
            cls = find_formatter_class(name)
            return f"Help on the {cls.name} formatter:\n" + dedent(cls.__doc__) + "\n"
        cls = find_filter_class(name)
        return f"Help on the {name} filter:\n" + dedent(cls.__doc__) + "\n"
    except (AttributeError, ValueError):
        return None


def session_html(text, shell="bash", style="default", inline=False, output=True) -> list:
    """The HTML lines Pygments' HTML output has for the highlighted transcript, no wrapping around them."""
    pieces = split_session(text, shell)
    if not output:
        text = "".join(piece for kind, piece in pieces if kind != "output")
    lexer = SESSION_LEXERS[shell](stripnl=False)
    formatter = HtmlFormatter(style=style, noclasses=inline)
    return [line.rstrip("\n") for _, line in formatter._format_lines(lexer.get_tokens(text))]
