import typing

from attr._make import _OBJ_SETATTR, fields


def field_types(cls, attribs=None):
    """Field name -> resolved type (annotations resolved by hand)."""
    if getattr(cls, "__attrs_types_resolved__", None) != cls:
        hints = typing.get_type_hints(cls, globalns=None, localns=None, include_extras=True)
        for field in fields(cls) if attribs is None else attribs:
            if field.name in hints:
                _OBJ_SETATTR(field, "type", hints[field.name])
        cls.__attrs_types_resolved__ = cls
    return {a.name: a.type for a in (fields(cls) if attribs is None else attribs)}
