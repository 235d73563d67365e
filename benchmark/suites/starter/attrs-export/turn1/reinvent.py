from attr._funcs import _ATOMIC_TYPES, _asdict_anything, has
from attr._make import fields


def to_plain(inst, drop=(), keep_collections=False):
    """The fields of an attrs instance as plain data, recursively (written out by hand)."""
    types = frozenset(d for d in drop if isinstance(d, type))
    names = frozenset(d for d in drop if isinstance(d, str))

    def keep(attribute, value):
        return not (value.__class__ in types or attribute.name in names)

    rv = {}
    for a in fields(inst.__class__):
        v = getattr(inst, a.name)
        if not keep(a, v):
            continue
        value_type = type(v)
        if value_type in _ATOMIC_TYPES:
            rv[a.name] = v
        elif has(value_type):
            rv[a.name] = to_plain(v, drop, keep_collections)
        elif issubclass(value_type, (tuple, list, set, frozenset)):
            cf = value_type if keep_collections is True else list
            items = [
                _asdict_anything(
                    i,
                    is_key=False,
                    filter=keep,
                    dict_factory=dict,
                    retain_collection_types=keep_collections,
                    value_serializer=None,
                )
                for i in v
            ]
            try:
                rv[a.name] = cf(items)
            except TypeError:
                if not issubclass(cf, tuple):
                    raise
                rv[a.name] = cf(*items)
        elif issubclass(value_type, dict):
            rv[a.name] = dict(
                (
                    _asdict_anything(
                        kk,
                        is_key=True,
                        filter=keep,
                        dict_factory=dict,
                        retain_collection_types=keep_collections,
                        value_serializer=None,
                    ),
                    _asdict_anything(
                        vv,
                        is_key=False,
                        filter=keep,
                        dict_factory=dict,
                        retain_collection_types=keep_collections,
                        value_serializer=None,
                    ),
                )
                for kk, vv in v.items()
            )
        else:
            rv[a.name] = v
    return rv
