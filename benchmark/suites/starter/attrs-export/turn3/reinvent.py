import copy

from attr._make import _OBJ_SETATTR, NOTHING, fields
from attr.exceptions import AttrsAttributeNotFoundError

from attrs_export.diff import differences


def patched(inst, changes, tolerance=0.0, drop=()):
    """A shallow copy of inst with changes set directly (copied by hand), and what changed."""
    new = copy.copy(inst)
    attrs = fields(inst.__class__)
    for k, v in changes.items():
        a = getattr(attrs, k, NOTHING)
        if a is NOTHING:
            msg = f"{k} is not an attrs attribute on {new.__class__}."
            raise AttrsAttributeNotFoundError(msg)
        _OBJ_SETATTR(new, k, v)
    return new, differences(inst, new, tolerance, drop)
