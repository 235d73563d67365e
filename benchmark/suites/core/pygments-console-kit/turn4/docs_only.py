"""Written from Pygments' public documentation only: get_all_lexers() yields
(name, aliases, filename patterns, mimetypes), get_all_formatters() the
formatter classes (name, aliases, filenames, docstring), get_all_filters() and
get_all_styles() the names; `pygmentize -L` lists them as "* aliases:" lines
followed by an indented description."""

from pygments.filters import find_filter_class, get_all_filters
from pygments.formatters import get_all_formatters
from pygments.lexers import get_all_lexers, get_lexer_by_name
from pygments.styles import get_all_styles, get_style_by_name

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


def _doc(obj):
    return (obj.__doc__ or "").strip().split("\n")[0].strip()


def catalog(kinds=KINDS) -> dict:
    wanted = _kinds(kinds)
    result = {}
    if "lexer" in wanted:
        result["lexers"] = {name: {"aliases": list(a), "filenames": list(f), "mimetypes": list(m)}
                            for name, a, f, m in get_all_lexers()}
    if "formatter" in wanted:
        result["formatters"] = {c.name: {"aliases": list(c.aliases), "filenames": list(c.filenames), "doc": _doc(c)}
                                for c in get_all_formatters()}
    if "filter" in wanted:
        result["filters"] = {n: {"doc": _doc(find_filter_class(n))} for n in get_all_filters()}
    if "style" in wanted:
        result["styles"] = {n: {"doc": _doc(get_style_by_name(n))} for n in get_all_styles()}
    return result


def catalog_text(kind) -> str:
    kind = _kinds([kind])[0]
    title = kind.capitalize() + "s:"
    lines = ["", title, "~" * len(title)]
    if kind == "lexer":
        for name, aliases, filenames, _ in sorted(get_all_lexers(), key=lambda e: e[1]):
            lines += [f"* {', '.join(aliases)}:", f"    {name}" + (f" (filenames {', '.join(filenames)})" if filenames else "")]
    elif kind == "formatter":
        for cls in sorted(get_all_formatters(), key=lambda c: c.aliases):
            lines += [f"* {', '.join(cls.aliases)}:", f"    {_doc(cls)}" + (f" (filenames {', '.join(cls.filenames)})" if cls.filenames else "")]
    elif kind == "filter":
        for name in get_all_filters():
            lines += [f"* {name}:", f"    {_doc(find_filter_class(name))}"]
    else:
        for name in get_all_styles():
            lines += [f"* {name}:", f"    {_doc(get_style_by_name(name))}"]
    return "\n".join(lines) + "\n"


def style_samples(code, language="python", truecolor=False, styles=None) -> dict:
    names = list(styles) if styles is not None else list(get_all_styles())
    tokens = list(get_lexer_by_name(language).get_tokens(code))
    return {name: paint(tokens, name, truecolor) for name in names}


def style_summary(styles=None) -> list:
    names = list(styles) if styles is not None else list(get_all_styles())
    return [(name, len(escape_table(name)), _doc(get_style_by_name(name))) for name in names]
