import copy
import enum
import types
import typing

from attr._make import _default_init_alias_for
from attr.converters import optional, to_bool

from attrs_typed.hints import field_types


def _boolean(val):
    return to_bool(val)


def _list_of(item):
    def convert(val):
        return [item(v) for v in val]

    return convert


def converter_for(tp):
    """The converter for values of the type `tp`, or None."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return converter_for(args[0])
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            inner = converter_for(rest[0])
            return optional(inner) if inner is not None else None
        return None
    if tp is list:
        return list
    if origin is list:
        inner = converter_for(args[0]) if args else None
        return _list_of(inner) if inner is not None else list
    if tp is bool:
        return _boolean
    if tp in (int, float, str):
        return tp
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    return None


def auto_convert(cls, fields):
    """Field transformer: give each field without a converter the converter of its type (fields copied by hand)."""
    types_ = field_types(cls, fields)
    result = []
    for field in fields:
        converter = converter_for(types_[field.name]) if field.converter is None else None
        if converter is None:
            result.append(field)
            continue
        changes = {"converter": converter}
        new = copy.copy(field)
        new._setattrs(changes.items())
        setter = object.__setattr__
        if "alias" in changes and "alias_is_default" not in changes:
            setter.__get__(new)("alias_is_default", False)
        elif "name" in changes and "alias" not in changes and field.alias_is_default:
            setter.__get__(new)("alias", _default_init_alias_for(new.name))
        result.append(new)
    return result
