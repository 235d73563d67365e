"""Written from Jinja's public documentation only: Template.module ("the template
as module ... useful if one wants to access exported template variables from the
Python layer", macros called as functions), the Template Designer's macro section
(the special variables varargs, kwargs and caller: a macro that uses them accepts
extra positional or keyword arguments, or a call block), Environment.parse with
the Macro and Name nodes, and the earlier turns."""

import re

from jinja2 import Environment, nodes
from jinja2.exceptions import UndefinedError
from jinja2.ext import InternationalizationExtension

from catalog.calls import install_catalog
from catalog.coverage import coverage_report, untranslated_text


def _node(source, name):
    if not name.startswith("_"):
        for node in Environment(extensions=[InternationalizationExtension]).parse(source).body:
            if isinstance(node, nodes.Macro) and node.name == name:
                return node
    raise LookupError(f"no snippet {name!r}")


def snippet_signature(source: str, name: str) -> dict:
    node = _node(source, name)
    used = {n.name for n in node.find_all(nodes.Name) if n.ctx == "load"}
    parameters = [arg.name for arg in node.args]
    return {
        "parameters": parameters,
        "extra_positional": "varargs" in used,
        "extra_keywords": "kwargs" in used,
        "caller": "caller" in used or "caller" in parameters,
    }


def render_snippet(source: str, name: str, catalog: dict, arguments=None, autoescape=False):
    _node(source, name)
    env = Environment(extensions=[InternationalizationExtension], autoescape=autoescape)
    install_catalog(env, catalog, newstyle=False)
    return getattr(env.from_string(source).module, name)(**(arguments or {}))


def _bodies(source):
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
