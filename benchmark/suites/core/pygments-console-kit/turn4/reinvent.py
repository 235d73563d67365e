"""A catalogue of the installed lexers, formatters, filters and styles, as pygmentize -L lists it."""

import io
from contextlib import redirect_stdout

from pygments.cmdline import _print_list
from pygments.filters import find_filter_class, get_all_filters
from pygments.formatters import get_all_formatters
from pygments.lexers import get_all_lexers, get_lexer_by_name
from pygments.styles import get_all_styles, get_style_by_name
from pygments.util import docstring_headline

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
    wanted = _kinds(kinds)
    result = {}
    if "lexer" in wanted:
        result["lexers"] = {fullname: {"aliases": list(names), "filenames": list(filenames), "mimetypes": list(mimetypes)}
                            for fullname, names, filenames, mimetypes in get_all_lexers()}
    if "formatter" in wanted:
        result["formatters"] = {cls.name: {"aliases": list(cls.aliases), "filenames": list(cls.filenames),
                                           "doc": docstring_headline(cls)} for cls in get_all_formatters()}
    if "filter" in wanted:
        result["filters"] = {name: {"doc": docstring_headline(find_filter_class(name))} for name in get_all_filters()}
    if "style" in wanted:
        result["styles"] = {name: {"doc": docstring_headline(get_style_by_name(name))} for name in get_all_styles()}
    return result


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
