import types
import typing

from attr import cmp_using

from attrs_typed.hints import field_types


def _is_text(tp):
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return _is_text(args[0])
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        return len(rest) == 1 and len(args) == 2 and _is_text(rest[0])
    return tp is str


def _wrapper(text):
    def norm(value):
        return value.casefold() if text and isinstance(value, str) else value

    def eq(a, b):
        if a is None or b is None:
            return a is None and b is None
        return norm(a) == norm(b)

    def lt(a, b):
        if a is None:
            return b is not None
        if b is None:
            return False
        return norm(a) < norm(b)

    return cmp_using(eq=eq, lt=lt, require_same_type=False, class_name="TextKey" if text else "Key")


def sort_key(cls, *names):
    """A key function ordering instances of cls by the named fields (all fields when none are named)."""
    types_ = field_types(cls)
    names = names or tuple(types_)
    wrappers = [_wrapper(_is_text(types_[name])) for name in names]

    def key(record):
        return tuple(wrap(getattr(record, name)) for wrap, name in zip(wrappers, names))

    return key
