from attr import NOTHING
from attr._funcs import _ATOMIC_TYPES, _asdict_anything, has
from attr._make import fields

from attrs_settings.env import env_names


def _render(inst, field, value):
    if field is None:
        return value
    kind = field.metadata.get("kind")
    if kind == "bool":
        return "true" if value else "false"
    if kind == "list":
        return ",".join(str(item) for item in value)
    return str(value)


def to_env(settings, include_defaults=True):
    """Environment variables (name -> text) that load back into `settings` (fields walked by hand)."""

    def keep(field, value):
        if value is None or not field.init:
            return False
        if include_defaults or field.default is NOTHING:
            return True
        return value != field.converter(field.default)

    names = env_names(type(settings))
    plain = {}
    for a in fields(settings.__class__):
        v = getattr(settings, a.name)
        if not keep(a, v):
            continue
        v = _render(settings, a, v)
        if type(v) in _ATOMIC_TYPES or not has(type(v)):
            plain[a.name] = _asdict_anything(
                v,
                is_key=False,
                filter=keep,
                dict_factory=dict,
                retain_collection_types=False,
                value_serializer=None,
            )
    return {names[name]: text for name, text in plain.items()}
