from attr import attrib, fields_dict, resolve_types

from attrs_export.reshape import project


def typed_project(inst, class_name, keep):
    """Like project, but the new fields carry the source fields' resolved types and metadata."""
    cls = type(inst)
    resolve_types(cls)
    by_name = fields_dict(cls)
    definitions = {
        name: attrib(type=by_name[name].type, metadata=dict(by_name[name].metadata))
        for name in keep
    }
    return project(inst, class_name, definitions)
