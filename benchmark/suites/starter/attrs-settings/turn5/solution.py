from attr import NOTHING, asdict

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
    """Environment variables (name -> text) that load back into `settings`."""

    def keep(field, value):
        if value is None or not field.init:
            return False
        if include_defaults or field.default is NOTHING:
            return True
        return value != field.converter(field.default)

    names = env_names(type(settings))
    plain = asdict(settings, filter=keep, value_serializer=_render)
    return {names[name]: text for name, text in plain.items()}
