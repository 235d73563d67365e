from attr import assoc

from attrs_export.diff import differences


def patched(inst, changes, tolerance=0.0, drop=()):
    """A shallow copy of inst with changes set directly, and what changed."""
    new = assoc(inst, **changes)
    return new, differences(inst, new, tolerance, drop)
