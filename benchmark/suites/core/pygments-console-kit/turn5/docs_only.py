"""Written from Pygments' public documentation only: `pygmentize -H lexer
NAME` prints "Help on the NAME lexer:" and the class's documentation; lexers,
formatters and filters are found with get_lexer_by_name(),
get_formatter_by_name() and get_filter_by_name(); HtmlFormatter(nowrap=True)
gives the highlighted lines with no wrapping (noclasses=True for inline
styles)."""

import inspect

from pygments import highlight
from pygments.filters import get_filter_by_name
from pygments.formatters import HtmlFormatter, get_formatter_by_name
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from console_kit.catalog import catalog
from console_kit.sessions import split_session

_ALIASES = {"bash": "console", "dos": "doscon", "powershell": "ps1con", "tcsh": "tcshcon"}


def help_text(kind, name):
    singular = kind[:-1] if kind.endswith("s") else kind
    if singular not in ("lexer", "formatter", "filter"):
        raise ValueError(f"no help for {kind!r}")
    try:
        if singular == "lexer":
            cls = type(get_lexer_by_name(name))
            title = cls.name
        elif singular == "formatter":
            cls = type(get_formatter_by_name(name))
            title = cls.name
        else:
            if name not in catalog(["filter"])["filters"]:
                return None
            cls = type(get_filter_by_name(name))
            title = name
    except ClassNotFound:
        return None
    return f"Help on the {title} {singular}:\n{inspect.cleandoc(cls.__doc__ or '')}\n"


def session_html(text, shell="bash", style="default", inline=False, output=True) -> list:
    if not output:
        text = "".join(piece for kind, piece in split_session(text, shell) if kind != "output")
    if shell not in _ALIASES:
        raise ValueError(f"unknown shell: {shell!r}")
    html = highlight(text, get_lexer_by_name(_ALIASES[shell], stripnl=False),
                     HtmlFormatter(style=style, noclasses=inline, nowrap=True))
    return html.splitlines()
