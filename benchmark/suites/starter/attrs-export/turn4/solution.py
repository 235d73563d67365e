from attr import make_class

from attrs_export.plain import to_plain


def project(inst, class_name, keep):
    """An instance of a new record class holding the plain values of the kept fields."""
    plain = to_plain(inst)
    values = [plain[name] for name in keep]
    cls = make_class(class_name, keep if isinstance(keep, dict) else list(keep))
    return cls(*values)
