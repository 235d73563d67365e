import typing

from attr import attrib
from attr._make import _OBJ_SETATTR, fields

from attrs_export.reshape import project


def typed_project(inst, class_name, keep):
    """Like project, with the source class's annotations resolved by hand."""
    cls = type(inst)
    if getattr(cls, "__attrs_types_resolved__", None) != cls:
        hints = typing.get_type_hints(cls, globalns=None, localns=None, include_extras=True)
        for field in fields(cls):
            if field.name in hints:
                _OBJ_SETATTR(field, "type", hints[field.name])
        cls.__attrs_types_resolved__ = cls
    by_name = {a.name: a for a in fields(cls)}
    definitions = {
        name: attrib(type=by_name[name].type, metadata=dict(by_name[name].metadata))
        for name in keep
    }
    return project(inst, class_name, definitions)
