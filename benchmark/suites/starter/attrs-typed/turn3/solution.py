import types
import typing

from attr import validators
from attr._make import and_

from attrs_typed.hints import field_types


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
    """Field transformer: add the validator of each field's type after its own validator."""
    types_ = field_types(cls, fields)
    result = []
    for field in fields:
        validator = validator_for(types_[field.name])
        if validator is None:
            result.append(field)
        elif field.validator is None:
            result.append(field.evolve(validator=validator))
        else:
            result.append(field.evolve(validator=and_(field.validator, validator)))
    return result
