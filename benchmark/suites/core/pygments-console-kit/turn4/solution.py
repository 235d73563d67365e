"""A catalogue of the installed lexers, formatters, filters and styles, as pygmentize -L lists it."""

import io
import json
from contextlib import redirect_stdout

from pygments.cmdline import _print_list, _print_list_as_json
from pygments.lexers import get_lexer_by_name

from console_kit.escapes import escape_table, paint

KINDS = ("lexer", "formatter", "filter", "style")


def _kinds(kinds):
    wanted = []
    for kind in kinds:
        singular = kind[:-1] if kind.endswith("s") else kind
        if singular not in KINDS:
            raise ValueError(f"unknown kind: {kind!r}")
        wanted.append(singular)
    return wanted


def catalog(kinds=KINDS) -> dict:
    """What ``pygmentize -L ... --json`` prints for ``kinds``, parsed."""
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        _print_list_as_json(_kinds(kinds))
    return json.loads(buffer.getvalue())


def catalog_text(kind) -> str:
    """The text ``pygmentize -L KIND`` prints for one kind (its version line aside)."""
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        _print_list(_kinds([kind])[0])
    return buffer.getvalue()


def style_samples(code, language="python", truecolor=False, styles=None) -> dict:
    """{style name: ``code`` painted in it}, for the given styles or every catalogued one."""
    names = list(styles) if styles is not None else list(catalog(["style"])["styles"])
    tokens = list(get_lexer_by_name(language).get_tokens(code))
    return {name: paint(tokens, name, truecolor) for name in names}


def style_summary(styles=None) -> list:
    """(style name, token types it colours for a 256-colour terminal, its description) per style."""
    listed = catalog(["style"])["styles"]
    names = list(styles) if styles is not None else list(listed)
    return [(name, len(escape_table(name)), listed[name]["doc"]) for name in names]
