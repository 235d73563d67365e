import typing

from attr._compat import _AnnotationExtractor
from attr._make import Converter


def coercer(*steps, nullable=False):
    """One converter running `steps` left to right (composition and None handling written by hand)."""
    return_instance = any(isinstance(c, Converter) for c in steps)

    if return_instance:

        def composed(val, inst, field):
            for c in steps:
                val = c(val, inst, field) if isinstance(c, Converter) else c(val)
            return val

    else:

        def composed(val):
            for c in steps:
                val = c(val)
            return val

    if not steps:
        A = typing.TypeVar("A")
        composed.__annotations__.update({"val": A, "return": A})
    else:
        t = _AnnotationExtractor(steps[0]).get_first_param_type()
        if t:
            composed.__annotations__["val"] = t
        rt = _AnnotationExtractor(steps[-1]).get_return_type()
        if rt:
            composed.__annotations__["return"] = rt

    if return_instance:
        composed = Converter(composed, takes_self=True, takes_field=True)
    if not nullable:
        return composed

    if isinstance(composed, Converter):

        def optional_converter(val, inst, field):
            if val is None:
                return None
            return composed(val, inst, field)

    else:

        def optional_converter(val):
            if val is None:
                return None
            return composed(val)

    xtr = _AnnotationExtractor(composed)
    t = xtr.get_first_param_type()
    if t:
        optional_converter.__annotations__["val"] = typing.Optional[t]
    rt = xtr.get_return_type()
    if rt:
        optional_converter.__annotations__["return"] = typing.Optional[rt]
    if isinstance(composed, Converter):
        return Converter(optional_converter, takes_self=True, takes_field=True)
    return optional_converter
