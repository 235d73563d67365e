import contextlib
import sys
import types
import unicodedata

from attr._make import _attrs, _determine_attrs_eq_order, attrib

from attrs_settings.fields import setting


def settings_class(name, spec, **options):
    """A frozen, keyword-only settings class (the run-time class factory written out by hand)."""
    definitions = {
        field: setting(entry) if isinstance(entry, str) else setting(**entry)
        for field, entry in spec.items()
    }
    arguments = {"frozen": True, "kw_only": True}
    arguments.update(options)

    name = unicodedata.normalize("NFKC", name)
    if isinstance(definitions, (list, tuple)):
        definitions = {a: attrib() for a in definitions}
    type_ = types.new_class(name, (object,), {}, lambda ns: ns.update({}))
    with contextlib.suppress(AttributeError, ValueError):
        type_.__module__ = sys._getframe(0).f_globals.get("__name__", "__main__")
    cmp = arguments.pop("cmp", None)
    arguments["eq"], arguments["order"] = _determine_attrs_eq_order(
        cmp, arguments.get("eq"), arguments.get("order"), True
    )
    cls = _attrs(these=definitions, **arguments)(type_)
    cls.__annotations__ = {k: v.type for k, v in definitions.items() if v.type is not None}
    return cls
