"""The gettext call behind a translation block, and a dict catalog installed into an environment."""

from jinja2 import nodes
from jinja2.ext import InternationalizationExtension

from catalog.messages import trans_msgid

CONTEXT_SEPARATOR = "\x04"


def _i18n(env):
    try:
        return env.extensions[InternationalizationExtension.identifier]
    except KeyError:
        raise ValueError("the environment has no i18n extension") from None


def _describe(node):
    """The parts of the expression a translation block outputs."""
    call = {"function": None, "args": [], "count": None, "keywords": [], "format": None, "safe": False}
    if isinstance(node, nodes.Mod):
        call["format"] = [pair.key.value for pair in node.right.items]
        node = node.left
    if isinstance(node, nodes.MarkSafeIfAutoescape):
        call["safe"] = True
        node = node.expr
    call["function"] = node.node.name
    for arg in node.args:
        if isinstance(arg, nodes.Const):
            call["args"].append(arg.value)
        else:
            call["count"] = arg.name
    call["keywords"] = [keyword.key for keyword in node.kwargs]
    return call


def gettext_call(body: str, context=None, count=None, newstyle=False) -> dict:
    """What ``{% trans [context] [count] %}body{% endtrans %}`` evaluates."""
    singular, plural, names = trans_msgid(body, newstyle=True)
    variables = {name: nodes.Name(name, "load") for name in ([count] if count else []) + names}
    plural_expr = None
    if plural is not None:
        if not variables:
            raise ValueError("a plural part needs a variable to count with")
        plural_expr = variables[count or names[0]]
    if not names and not newstyle:
        singular = singular.replace("%%", "%")
        plural = plural.replace("%%", "%") if plural else plural
    name, args = "gettext", [nodes.Const(singular)]
    if context is not None:
        name, args = "pgettext", [nodes.Const(context)] + args
    if plural_expr is not None:
        name = "n" + name
        args.extend((nodes.Const(plural), plural_expr))
    node = nodes.Call(nodes.Name(name, "load"), args, [], None, None)
    if newstyle:
        skip_num = plural_expr is not None and plural_expr.name == "num"
        node.kwargs = [nodes.Keyword(key, value) for key, value in variables.items() if not (skip_num and key == "num")]
    else:
        node = nodes.MarkSafeIfAutoescape(node)
        if variables:
            node = nodes.Mod(node, nodes.Dict([nodes.Pair(nodes.Const(key), value) for key, value in variables.items()]))
    node = nodes.Output([node])
    return _describe(node.nodes[0])


def _lookups(catalog):
    """The four gettext functions reading ``catalog``; a missing entry stays untranslated."""

    def gettext(message):
        return catalog.get(message, message)

    def ngettext(singular, plural, n):
        forms = catalog.get((singular, plural), (singular, plural))
        return forms[0] if n == 1 else forms[1]

    def pgettext(context, message):
        return catalog.get(context + CONTEXT_SEPARATOR + message, message)

    def npgettext(context, singular, plural, n):
        forms = catalog.get((context + CONTEXT_SEPARATOR + singular, plural), (singular, plural))
        return forms[0] if n == 1 else forms[1]

    return {"gettext": gettext, "ngettext": ngettext, "pgettext": pgettext, "npgettext": npgettext}


def install_catalog(env, catalog: dict, newstyle=None) -> None:
    """Make templates of ``env`` translate with ``catalog``."""
    ext = _i18n(env)
    ext._install_callables(newstyle=newstyle, **_lookups(catalog))
