from attr import attrib, make_class

from attrs_typed.check import auto_validate
from attrs_typed.convert import auto_convert


def _convert_then_validate(cls, fields):
    return auto_validate(cls, auto_convert(cls, fields))


def typed_class(name, spec, **options):
    """A class whose fields convert and validate values by their declared types."""
    definitions = {}
    for field, entry in spec.items():
        if isinstance(entry, tuple):
            tp, default = entry
            definitions[field] = attrib(type=tp, default=default)
        else:
            definitions[field] = attrib(type=entry)
    return make_class(name, definitions, field_transformer=_convert_then_validate, **options)
