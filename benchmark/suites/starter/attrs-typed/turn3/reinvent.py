import copy
import types
import typing

from attr import resolve_types, validators
from attr._make import _default_init_alias_for, and_


def validator_for(tp):
    """The validator for values of the type `tp`, or None."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return validator_for(args[0])
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            inner = validator_for(rest[0])
            return validators.optional(inner) if inner is not None else None
        return None
    if origin is typing.Literal:
        return validators.in_(args)
    if tp is list or origin is list:
        inner = validator_for(args[0]) if args else None
        if inner is None:
            return validators.instance_of(list)
        return validators.deep_iterable(inner, iterable_validator=validators.instance_of(list))
    if tp is typing.Any:
        return None
    if isinstance(tp, type) and origin is None:
        return validators.instance_of(tp)
    return None


def auto_validate(cls, fields):
    """Field transformer: add the validator of each field's type after its own validator (fields copied by hand)."""
    resolve_types(cls, attribs=fields)
    types_ = {a.name: a.type for a in fields}
    result = []
    for field in fields:
        validator = validator_for(types_[field.name])
        if validator is None:
            result.append(field)
            continue
        if field.validator is not None:
            validator = and_(field.validator, validator)
        changes = {"validator": validator}
        new = copy.copy(field)
        new._setattrs(changes.items())
        setter = object.__setattr__
        if "alias" in changes and "alias_is_default" not in changes:
            setter.__get__(new)("alias_is_default", False)
        elif "name" in changes and "alias" not in changes and field.alias_is_default:
            setter.__get__(new)("alias", _default_init_alias_for(new.name))
        result.append(new)
    return result
