from attr import fields, resolve_types


def field_types(cls, attribs=None):
    """Field name -> resolved type (None when the field has none), in field order."""
    resolve_types(cls, attribs=attribs)
    return {a.name: a.type for a in (fields(cls) if attribs is None else attribs)}
