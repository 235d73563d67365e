"""Mail snippets: the top-level macros of a template, their signatures, texts and coverage."""

import re

from jinja2 import Environment, nodes
from jinja2.exceptions import UndefinedError
from jinja2.ext import InternationalizationExtension
from jinja2.utils import missing

from catalog.calls import install_catalog
from catalog.coverage import coverage_report, untranslated_text


def _macro(template, name):
    macro = getattr(template._get_default_module(), name, None)
    if macro is None or name.startswith("_"):
        raise LookupError(f"no snippet {name!r}")
    return macro


def snippet_signature(source: str, name: str) -> dict:
    """The parameters of snippet ``name`` and the extra arguments it accepts."""
    macro = _macro(Environment(extensions=[InternationalizationExtension]).from_string(source), name)
    return {
        "parameters": list(macro.arguments),
        "extra_positional": macro.catch_varargs,
        "extra_keywords": macro.catch_kwargs,
        "caller": macro.caller or macro.explicit_caller,
    }


def render_snippet(source: str, name: str, catalog: dict, arguments=None, autoescape=False):
    """The text of snippet ``name`` called with ``arguments`` (by parameter name), translated."""
    env = Environment(extensions=[InternationalizationExtension], autoescape=autoescape)
    install_catalog(env, catalog, newstyle=False)
    macro = _macro(env.from_string(source), name)
    values = dict(arguments or {})
    args = [values.pop(parameter, missing) for parameter in macro.arguments]
    if macro.caller:
        args.append(values.pop("caller", env.undefined("No caller defined", name="caller")))
    if macro.catch_kwargs:
        args.append(values)
        values = {}
    if macro.catch_varargs:
        args.append(())
    if values:
        raise TypeError(f"snippet {name!r} takes no argument {next(iter(values))!r}")
    return macro._invoke(args, autoescape)


def _bodies(source):
    """name -> (line offset, body source) of the top-level macros."""
    found = {}
    for match in re.finditer(r"\{%-?\s*macro\s+(\w+).*?%\}(.*?)\{%-?\s*endmacro\s*-?%\}", source, re.S):
        found[match.group(1)] = (source[: match.start(2)].count("\n"), match.group(2))
    return found


def _text(source, name, catalog):
    try:
        return str(render_snippet(source, name, catalog))
    except UndefinedError:
        return None


def snippet_report(source: str, catalog: dict) -> dict:
    """The template's missing catalog entries, then one entry per snippet in source order."""
    bodies = _bodies(source)
    snippets = []
    for node in Environment(extensions=[InternationalizationExtension]).parse(source).body:
        if not isinstance(node, nodes.Macro) or node.name.startswith("_"):
            continue
        offset, body = bodies[node.name]
        snippets.append({
            "name": node.name,
            "line": node.lineno,
            "signature": snippet_signature(source, node.name),
            "text": _text(source, node.name, catalog),
            "untranslated": [(line + offset, text) for line, text in untranslated_text(body)],
        })
    return {"missing": coverage_report(source, catalog)["missing"], "snippets": snippets}
