from attr import NOTHING, attrib
from attr.converters import default_if_none, to_bool

from attrs_settings.coerce import coercer


def _text(val: str) -> str:
    return val.strip() if isinstance(val, str) else val


def _items(val: str) -> list:
    if isinstance(val, str):
        return [part.strip() for part in val.split(",") if part.strip()]
    return list(val)


def _boolean(val):
    return to_bool(val)


PARSERS = {"bool": _boolean, "int": int, "float": float, "str": str, "list": _items}


def setting(kind, default=NOTHING, nullable=False, help=""):
    """A field definition for one setting of the given kind."""
    if kind not in PARSERS:
        raise ValueError(f"unknown setting kind: {kind!r}")
    steps = [_text]
    if default is not NOTHING and not nullable:
        steps.append(default_if_none(default))
    steps.append(PARSERS[kind])
    return attrib(
        default=default,
        converter=coercer(*steps, nullable=nullable),
        metadata={"kind": kind, "help": help},
    )
