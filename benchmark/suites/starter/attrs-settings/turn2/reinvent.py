from attr import setters
from attr._make import NOTHING, Factory, _CountingAttr, _determine_attrib_eq_order, and_, pipe
from attr.converters import to_bool

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
    """A field definition for one setting (the definition object is built by hand)."""
    if kind not in PARSERS:
        raise ValueError(f"unknown setting kind: {kind!r}")
    steps = [_text]
    if default is not NOTHING and not nullable:
        fallback = default

        def use_default(val):
            return fallback if val is None else val

        steps.append(use_default)
    steps.append(PARSERS[kind])
    converter = coercer(*steps, nullable=nullable)

    eq, eq_key, order, order_key = _determine_attrib_eq_order(None, None, None, True)
    factory = None
    if factory is not None:
        default = Factory(factory)
    on_setattr = None
    if isinstance(on_setattr, (list, tuple)):
        on_setattr = setters.pipe(*on_setattr)
    validator = None
    if validator and isinstance(validator, (list, tuple)):
        validator = and_(*validator)
    if converter and isinstance(converter, (list, tuple)):
        converter = pipe(*converter)
    return _CountingAttr(
        default=default,
        validator=validator,
        repr=True,
        cmp=None,
        hash=None,
        init=True,
        converter=converter,
        metadata={"kind": kind, "help": help},
        type=None,
        kw_only=None,
        eq=eq,
        eq_key=eq_key,
        order=order,
        order_key=order_key,
        on_setattr=on_setattr,
        alias=None,
    )
