"""Written from Jinja's public documentation only: the i18n extension's
Environment methods (install_gettext_callables(gettext, ngettext, newstyle=None,
pgettext=None, npgettext=None)), and the i18n section of the Template Designer
docs: a trans block calls gettext, ngettext when it has a pluralize part (the
first variable is the count unless one is named), pgettext/npgettext with a
context string; old-style gettext formats the translation with the block's
variables with %, new-style gettext receives them as keyword arguments and
"also escapes"; old-style translations are marked safe under autoescaping."""

from jinja2.ext import InternationalizationExtension

from catalog.messages import trans_msgid

CONTEXT_SEPARATOR = "\x04"


def gettext_call(body: str, context=None, count=None, newstyle=False) -> dict:
    singular, plural, names = trans_msgid(body, newstyle=newstyle)
    variables = ([count] if count else []) + [name for name in names if name != count]
    function = "gettext"
    args = [singular]
    if context is not None:
        function, args = "pgettext", [context, singular]
    counted = None
    if plural is not None:
        if not variables:
            raise ValueError("a plural part needs a variable to count with")
        function = "n" + function
        args.append(plural)
        counted = count or names[0]
    if newstyle:
        return {"function": function, "args": args, "count": counted, "keywords": variables, "format": None, "safe": False}
    return {"function": function, "args": args, "count": counted, "keywords": [],
            "format": variables or None, "safe": True}


def install_catalog(env, catalog: dict, newstyle=None) -> None:
    if InternationalizationExtension.identifier not in env.extensions:
        raise ValueError("the environment has no i18n extension")

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

    env.install_gettext_callables(gettext, ngettext, newstyle=newstyle, pgettext=pgettext, npgettext=npgettext)
