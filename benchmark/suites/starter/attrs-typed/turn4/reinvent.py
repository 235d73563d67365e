import contextlib
import sys
import types
import unicodedata

from attr import attrib
from attr._make import _attrs, _determine_attrs_eq_order

from attrs_typed.check import auto_validate
from attrs_typed.convert import auto_convert


def _convert_then_validate(cls, fields):
    return auto_validate(cls, auto_convert(cls, fields))


def typed_class(name, spec, **options):
    """A class whose fields convert and validate values by their declared types (class built by hand)."""
    definitions = {}
    for field, entry in spec.items():
        if isinstance(entry, tuple):
            tp, default = entry
            definitions[field] = attrib(type=tp, default=default)
        else:
            definitions[field] = attrib(type=entry)

    name = unicodedata.normalize("NFKC", name)
    type_ = types.new_class(name, (object,), {}, lambda ns: ns.update({}))
    with contextlib.suppress(AttributeError, ValueError):
        type_.__module__ = sys._getframe(0).f_globals.get("__name__", "__main__")
    arguments = dict(options, field_transformer=_convert_then_validate)
    cmp = arguments.pop("cmp", None)
    arguments["eq"], arguments["order"] = _determine_attrs_eq_order(
        cmp, arguments.get("eq"), arguments.get("order"), True
    )
    cls = _attrs(these=definitions, **arguments)(type_)
    cls.__annotations__ = {k: v.type for k, v in definitions.items() if v.type is not None}
    return cls
