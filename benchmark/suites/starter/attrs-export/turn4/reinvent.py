import contextlib
import sys
import types
import unicodedata

from attr._make import _attrs, _determine_attrs_eq_order, attrib

from attrs_export.plain import to_plain


def project(inst, class_name, keep):
    """An instance of a new record class holding the plain values of the kept fields (class built by hand)."""
    plain = to_plain(inst)
    values = [plain[name] for name in keep]

    name = unicodedata.normalize("NFKC", class_name)
    cls_dict = dict(keep) if isinstance(keep, dict) else {a: attrib() for a in keep}
    type_ = types.new_class(name, (object,), {}, lambda ns: ns.update({}))
    with contextlib.suppress(AttributeError, ValueError):
        type_.__module__ = sys._getframe(0).f_globals.get("__name__", "__main__")
    eq, order = _determine_attrs_eq_order(None, None, None, True)
    cls = _attrs(these=cls_dict, eq=eq, order=order)(type_)
    cls.__annotations__ = {k: v.type for k, v in cls_dict.items() if v.type is not None}
    return cls(*values)
