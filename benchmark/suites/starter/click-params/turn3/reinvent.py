import operator
from gettext import gettext as _

from click.exceptions import BadParameter
from click.types import FloatRange, IntRange, _NumberParamTypeBase

from click_params.options import parse_option


def parse_number(value, spec: dict):
    if value is None or ("min" not in spec and "max" not in spec):
        return parse_option(value, spec)
    low, high = spec.get("min"), spec.get("max")
    bounds = dict(
        min=low,
        max=high,
        min_open=spec.get("min_open", False),
        max_open=spec.get("max_open", False),
        clamp=spec.get("clamp", False),
    )
    is_float = spec.get("type") is float or isinstance(low, float) or isinstance(high, float)
    number = (FloatRange if is_float else IntRange)(**bounds)
    try:
        rv = _NumberParamTypeBase.convert(number, value, None, None)
        lt_min = low is not None and (operator.le if number.min_open else operator.lt)(rv, low)
        gt_max = high is not None and (operator.ge if number.max_open else operator.gt)(rv, high)
        if number.clamp:
            if low is not None and lt_min:
                return number._clamp(low, 1, number.min_open)
            if high is not None and gt_max:
                return number._clamp(high, -1, number.max_open)
        if lt_min or gt_max:
            number.fail(
                _("{value} is not in the range {range}.").format(value=rv, range=number._describe_range())
            )
        return rv
    except BadParameter as exc:
        raise ValueError(exc.message) from None
